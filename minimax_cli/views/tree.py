"""The searched tree as a Rich tree (`analyze --tree`): MAX, MIN and chance nodes told apart by a
symbol as well as a colour, each node's value or the bound all that was proven of it (the same
intervals as the steps and the moves table: minimax_cli.reports.trace), the principal variation
marked, pruned moves collapsed into one line with the leaves they held in an explicit tree.

Wide and deep trees are summarised, never drawn wrong: at most TREE_CHILDREN children of a node
and TREE_PRUNED pruned moves are drawn, `depth` levels at most (`--tree-depth`), and a line says
what was left out; a drawn node's statement is its own interval, which its drawn children never
contradict (it is computed from all of them).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from rich.tree import Tree

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.result import SearchOptions, TraceNode
from minimax_cli.core.score import WIN, Number, format_number, is_decisive
from minimax_cli.i18n import _, ngettext
from minimax_cli.reports.trace import INF, Interval, Walk
from minimax_cli.views import boards
from minimax_cli.views.limits import MAX_TREE_DEPTH

MAX_MARK = "▲ MAX"  # the course draws MAX as an upward triangle, MIN as a downward one
MIN_MARK = "▼ MIN"
CHANCE_MARK = "◆ CHANCE"  # neither triangle: nobody chooses, the outcomes are averaged
PV_MARK = "★"
TREE_CHILDREN = 40
TREE_PRUNED = 20


def shown_number(value: Number | None, engine: bool) -> str:
    """A number of a recorded search: an engine's finished win/loss as +1 / -1 with the ply where
    the game ends (`+1@5`), infinities as the slides write them, the rest as it is."""
    if value is None:
        return "?"
    if value == INF:
        return "+∞"
    if value == -INF:
        return "-∞"
    if engine and isinstance(value, int) and is_decisive(value):
        return f"{'+1' if value > 0 else '-1'}@{WIN - abs(value)}"
    return format_number(value)


def interval_text(interval: Interval, engine: bool) -> str:
    """`= 3`, `≤ 2`, `≥ 6`, `∈ [3, 14]`, `unknown`."""
    low, high = interval.low, interval.high
    if interval.exact:
        return f"= {shown_number(low, engine)}"
    if low == -INF and high == INF:
        return _("unknown")
    if low == -INF:
        return f"≤ {shown_number(high, engine)}"
    if high == INF:
        return f"≥ {shown_number(low, engine)}"
    return f"∈ [{shown_number(low, engine)}, {shown_number(high, engine)}]"


def search_tree(game: AnyGame, state: Any, trace: TraceNode, *, truncated: bool = False,
                engine: bool = False, pv: Sequence[Hashable] = (), depth: int | None = None,
                show_boards: bool = False) -> Tree:
    """The recorded search drawn; `engine` when its numbers are the engine's (wins as WIN - ply),
    `pv` the principal variation to mark, `depth` the levels to draw."""
    walk = Walk(game, state, trace)
    players = game.game_type.players

    def label(node: TraceNode, on_pv: bool) -> RenderableType:
        text = _label(walk, node, engine, players, on_pv)
        if show_boards:
            picture = boards.mini_board(game, walk.states[id(node)])
            if picture is not None:
                return Group(text, picture)
        return text

    root = Tree(label(trace, bool(pv)), guide_style="dim")
    stack: list[tuple[TraceNode, Tree, int, bool]] = [(trace, root, 0, bool(pv))]
    while stack:
        node, branch, level, on_pv = stack.pop()
        next_move = pv[level] if on_pv and level < len(pv) else None
        if depth is not None and level >= depth and node.children:
            below = _count(node) - 1
            branch.add(Text(ngettext("… {count} node below, not drawn (--tree-depth {depth})",
                                     "… {count} nodes below, not drawn (--tree-depth {depth})",
                                     below).format(count=f"{below:,}", depth=depth),
                            style="dim"))
            continue
        drawn = []
        for child in node.children[:TREE_CHILDREN]:
            child_on_pv = on_pv and child.move == next_move
            drawn.append((child, branch.add(label(child, child_on_pv)), child_on_pv))
        stack.extend((child, sub, level + 1, child_pv) for child, sub, child_pv in reversed(drawn))
        hidden = len(node.children) - TREE_CHILDREN
        if hidden > 0:
            branch.add(Text(ngettext("… {count} more searched move not drawn (at most {most} a "
                                     "node)", "… {count} more searched moves not drawn (at most "
                                     "{most} a node)", hidden).format(count=f"{hidden:,}",
                                                                      most=TREE_CHILDREN),
                            style="yellow"))
        if node.pruned:
            branch.add(_pruned_line(walk, node))
    if truncated:
        limit = SearchOptions.trace_limit
        root.add(Text(_("… the trace holds the first {limit} nodes searched; the search went on "
                        "without recording the rest").format(limit=f"{limit:,}"), style="yellow"))
    return root


def _count(node: TraceNode) -> int:
    total, stack = 0, [node]
    while stack:
        current = stack.pop()
        total += 1
        stack.extend(current.children)
    return total


def _pruned_line(walk: Walk, node: TraceNode) -> Text:
    """`✂ pruned: 2, 3 (leaves 4, 6)` — the moves a cutoff skipped, and what they held."""
    parts = []
    for entry in walk.pruned_of(node, TREE_PRUNED):
        if entry.leaves:
            values = ", ".join(format_number(v) for v in entry.leaves)
            if entry.more:
                values += _(", … {count} more").format(count=f"{entry.more:,}")
            word = _("leaf") if entry.leaf else _("leaves")
            parts.append(f"{entry.name} ({word} {values})")
        else:
            parts.append(entry.name)
    rest = len(node.pruned) - TREE_PRUNED
    if rest > 0:
        parts.append(_("… {count} more").format(count=f"{rest:,}"))
    return Text(_("✂ pruned, never searched: {moves}").format(moves="; ".join(parts)),
                style="red")


def _label(walk: Walk, node: TraceNode, engine: bool, players: int, on_pv: bool) -> Text:
    text = Text()
    if on_pv:
        text.append(f"{PV_MARK} ", style="bold green")
    if node.probability is not None:  # the edge from a chance node
        text.append(f"p={format_number(node.probability)} ", style="yellow")
    name = walk.name(node)
    text.append(f"{name} ", style="bold" if on_pv else "")
    interval = walk.final[id(node)]
    if node.vector is not None:
        value = "= (" + ", ".join(format_number(v) for v in node.vector) + ")"
    else:
        value = interval_text(interval, engine)
    if node.kind == "terminal":
        text.append(_("leaf {value}").format(value=value), style="cyan")
        return text
    if node.kind == "eval":
        text.append(_("depth cut, evaluation {value}").format(value=value), style="magenta")
        return text
    if node.player == CHANCE:
        text.append(CHANCE_MARK, style="yellow")
    elif players > 2:
        text.append(_("● player {number}").format(number=node.player + 1), style="blue")
    else:
        mark = MAX_MARK if node.player == MAX else MIN_MARK
        text.append(mark, style="green" if node.player == MAX else "red")
    if node.alpha is not None and node.beta is not None:
        text.append(f"  α={shown_number(node.alpha, engine)} β={shown_number(node.beta, engine)}",
                    style="dim")
    text.append(f"  {value}", style="bold" if on_pv else "")
    if node.kind == "table":
        text.append(_("  (from the table)"), style="dim")
    elif node.kind == "probe":  # Star2: searched by its first move only, a bound
        text.append(_("  (probe: first move only, a bound)"), style="dim")
    elif node.kind == "tie":  # max^n: the tie-break rule chose among moves others value apart
        text.append(_("  (tie: the first best move taken)"), style="yellow")
    return text


__all__ = ["CHANCE_MARK", "MAX_MARK", "MAX_TREE_DEPTH", "MIN_MARK", "interval_text",
           "search_tree", "shown_number"]
