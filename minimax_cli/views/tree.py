"""The searched tree as a Rich tree (`analyze --tree`): MAX, MIN and chance nodes told apart by a
symbol as well as a colour, each node's value or the bound all that was proven of it (the same
intervals as the steps and the moves table: minimax_cli.reports.trace), the principal variation
marked, pruned moves collapsed into one line with the leaves they held in an explicit tree.

Wide and deep trees are summarised, never drawn wrong: at most TREE_CHILDREN children of a node
and TREE_PRUNED pruned moves are drawn, `depth` levels at most (`--tree-depth`), and a line says
what was left out; a drawn node's statement is its own interval, which its drawn children never
contradict (it is computed from all of them).

A quiescence search below a depth cut is folded into the cut's line (`quiet search (stand pat 0):
1 capture, 3 nodes, = -500`: the noisy moves tried at the cut, the nodes the search counted below
it, its value) unless `--tree-depth` reaches below the cut, which opens it like any subtree; the
step player (`--step`) always draws it open, as its steps walk it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from rich.tree import Tree

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import _, ngettext
from minimax_cli.core.params import grouped
from minimax_cli.core.result import CUT_WIN_AT_ONCE, TraceNode
from minimax_cli.core.score import Number, format_number
from minimax_cli.reports.idiom import idiom_of
from minimax_cli.reports.intervals import INF, Interval
from minimax_cli.reports.replay import Moment
from minimax_cli.reports.trace import Walk, player_word
from minimax_cli.reports.trace_words import shown_number
from minimax_cli.views import boards
from minimax_cli.views.limits import MAX_TREE_DEPTH

MAX_MARK = "▲ MAX"  # the course draws MAX as an upward triangle, MIN as a downward one
MIN_MARK = "▼ MIN"
CHANCE_MARK = "◆ CHANCE"  # neither triangle: nobody chooses, the outcomes are averaged
PV_MARK = "★"
TREE_CHILDREN = 40
TREE_PRUNED = 20
#: The key, in a style's meta, that marks the step player's current node.
CURRENT = "minimax-current"


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
                show_boards: bool = False, walk: Walk | None = None,
                moment: Moment | None = None, drawn: set[int] | None = None) -> Tree:
    """The recorded search drawn; `engine` when its numbers are the engine's (wins as WIN - ply),
    `pv` the principal variation to mark, `depth` the levels to draw.

    With a `moment` (the step player), the tree as that step left it: each node reached so far
    with what the steps so far showed of it, the others dim, the step's node marked (▶, reversed,
    and `CURRENT` in its style's meta, for the view to find its line), a cutoff's pruned moves
    once it has happened; `drawn` (ids) the nodes drawn at all. `walk` spares reading the trace
    again."""
    walk = walk if walk is not None else Walk(game, state, trace, idiom_of(game).letters)
    players = game.game_type.players

    def label(node: TraceNode, on_pv: bool) -> RenderableType:
        text = (_label(walk, node, engine, players, on_pv, walk.final[id(node)],
                       (node.alpha, node.beta), node.vector)
                if moment is None else label_at(walk, node, engine, on_pv, moment))
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
        if node.quiet_counts is not None and moment is None and (depth is None
                                                                 or level + 1 >= depth):
            continue  # a folded quiet search: its line says what it holds
        if depth is not None and level >= depth and node.children:
            below = _count(node) - 1
            branch.add(Text(ngettext("… {count} node below, not drawn (--tree-depth {depth})",
                                     "… {count} nodes below, not drawn (--tree-depth {depth})",
                                     below).format(count=grouped(below), depth=depth),
                            style="dim"))
            continue
        shown = []
        children = (node.children if drawn is None else
                    [child for child in node.children if id(child) in drawn])
        for child in children[:TREE_CHILDREN]:
            child_on_pv = on_pv and child.move == next_move
            shown.append((child, branch.add(label(child, child_on_pv)), child_on_pv))
        stack.extend((child, sub, level + 1, child_pv) for child, sub, child_pv in reversed(shown))
        hidden = len(children) - TREE_CHILDREN
        if hidden > 0:
            branch.add(hidden_line(hidden))
        if node.pruned and (moment is None or id(node) in moment.cut):
            branch.add(pruned_line(walk, node))
    if truncated:
        root.add(truncated_line(trace))
    return root


def hidden_line(hidden: int) -> Text:
    """The line under a node's first TREE_CHILDREN drawn children: how many more it has."""
    return Text(ngettext("… {count} more searched move not drawn (at most {most} a node)",
                         "… {count} more searched moves not drawn (at most {most} a node)",
                         hidden).format(count=grouped(hidden), most=TREE_CHILDREN), style="yellow")


def truncated_line(trace: TraceNode) -> Text:
    """The last line of a tree whose trace reached its limit: the nodes it holds (the root
    aside, as the limit counts them)."""
    held = _count(trace) - 1
    return Text(_("… the trace holds the first {limit} nodes searched; the search went on "
                  "without recording the rest").format(limit=grouped(held)), style="yellow")


def _count(node: TraceNode) -> int:
    total, stack = 0, [node]
    while stack:
        current = stack.pop()
        total += 1
        stack.extend(current.children)
    return total


def pruned_line(walk: Walk, node: TraceNode) -> Text:
    """`✂ pruned: 2, 3 (leaves 4, 6)` — the moves a cutoff skipped, and what they held."""
    parts = []
    for entry in walk.pruned_of(node, TREE_PRUNED):
        if entry.leaves:
            values = ", ".join(format_number(v) for v in entry.leaves)
            if entry.more:
                values += _(", … {count} more").format(count=grouped(entry.more))
            word = _("leaf") if entry.leaf else _("leaves")
            parts.append(f"{entry.name} ({word} {values})")
        else:
            parts.append(entry.name)
    rest = len(node.pruned) - TREE_PRUNED
    if rest > 0:
        parts.append(_("… {count} more").format(count=grouped(rest)))
    if node.cut == CUT_WIN_AT_ONCE:  # not the window's cut (the node's α and β do not show it)
        return Text(_("✂ pruned, never searched: {moves} ({player} wins with its very next "
                      "move, which no result betters)").format(
                          moves="; ".join(parts), player=player_word(walk.game, node.player)),
                    style="red")
    return Text(_("✂ pruned, never searched: {moves}").format(moves="; ".join(parts)),
                style="red")


def label_at(walk: Walk, node: TraceNode, engine: bool, on_pv: bool, moment: Moment) -> Text:
    """A node as the step player shows it at `moment` (see search_tree)."""
    players = walk.game.game_type.players
    seen = moment.seen.get(id(node))
    if seen is None:  # not reached yet: its name and kind only
        text = Text(f"{walk.name(node)} ", style="dim")
        if node.kind in ("terminal", "eval"):
            text.append(_("leaf") if node.kind == "terminal" else _("depth cut"))
        else:
            text.append(_mark(node, players)[0])
    else:
        # A vector (max^n) is known once the node's own value is: when its interval is final.
        vector = node.vector if seen.interval == walk.final[id(node)] else None
        text = _label(walk, node, engine, players, on_pv, seen.interval,
                      (seen.alpha, seen.beta), vector)
    if node is moment.current:
        text = Text.assemble(("▶ ", "bold"), text)
        text.stylize(Style(reverse=True, meta={CURRENT: True}))
    return text


def quiet_text(node: TraceNode, value: str, engine: bool) -> str:
    """A depth cut's quiet search in one line: its stand-pat, the noisy moves tried at the cut,
    the nodes the search counted below it and the value (`value`, an interval's text)."""
    captures, nodes = node.quiet_counts or (0, 0)
    return _("quiet search (stand pat {stand}): {captures}, {nodes}, {value}").format(
        stand=shown_number(node.stand, engine), value=value,
        captures=ngettext("{count} capture", "{count} captures", captures).format(
            count=grouped(captures)),
        nodes=ngettext("{count} node", "{count} nodes", nodes).format(count=grouped(nodes)))


def _mark(node: TraceNode, players: int) -> tuple[str, str]:
    """The node's kind as drawn (`▲ MAX`, `▼ MIN`, `◆ CHANCE`, `● player 3`) and its colour."""
    if node.player == CHANCE:
        return CHANCE_MARK, "yellow"
    if players > 2:
        return _("● player {number}").format(number=node.player + 1), "blue"
    return (MAX_MARK, "green") if node.player == MAX else (MIN_MARK, "red")


def _label(walk: Walk, node: TraceNode, engine: bool, players: int, on_pv: bool,
           interval: Interval, window: tuple[Number | None, Number | None],
           vector: tuple[Number, ...] | None) -> Text:
    """A node with its value or bound (`interval`), the window it was searched with, and its
    returns (`vector`) where the search gives one per player."""
    text = Text()
    if on_pv:
        text.append(f"{PV_MARK} ", style="bold green")
    if node.probability is not None:  # the edge from a chance node
        text.append(f"p={format_number(node.probability)} ", style="yellow")
    name = walk.name(node)
    if name == "root":  # the unlabelled root, named in the interface's language as the trace does
        name = _("root")
    text.append(f"{name} ", style="bold" if on_pv else "")
    if vector is not None:
        value = "= (" + ", ".join(format_number(v) for v in vector) + ")"
    else:
        value = interval_text(interval, engine)
    if node.kind == "terminal":
        text.append(_("leaf {value}").format(value=value), style="cyan")
        return text
    if node.kind == "eval":
        text.append(_("depth cut, evaluation {value}").format(value=value), style="magenta")
        return text
    text.append(*_mark(node, players))
    if node.quiet_counts is not None:  # a depth cut searched on till quiet
        text.append("  " + quiet_text(node, value, engine), style="magenta")
        return text
    alpha, beta = window
    if alpha is not None and beta is not None:
        text.append(f"  α={shown_number(alpha, engine)} β={shown_number(beta, engine)}",
                    style="dim")
    text.append(f"  {value}", style="bold" if on_pv else "")
    if node.kind == "table":
        text.append(_("  (from the table)"), style="dim")
    elif node.kind == "probe":  # Star2: searched by its first move only, a bound
        text.append(_("  (probe: first move only, a bound)"), style="dim")
    elif node.kind == "quiet" and node.stand is not None:  # a node of a quiet search
        text.append(_("  (quiet search, stand pat {stand})").format(
            stand=shown_number(node.stand, engine)), style="dim")
    elif node.kind == "tie":  # max^n: the tie-break rule chose among moves others value apart
        text.append(_("  (tie: the first best move taken)"), style="yellow")
    return text


__all__ = ["CHANCE_MARK", "CURRENT", "MAX_MARK", "MAX_TREE_DEPTH", "MIN_MARK", "TREE_CHILDREN",
           "hidden_line", "interval_text", "label_at", "pruned_line", "quiet_text", "search_tree",
           "shown_number",
           "truncated_line"]
