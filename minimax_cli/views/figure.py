"""The searched tree as plain data for a figure on a slide (`analyze --save tree.tex` or
`tree.dot`): one `FigureNode` a node, with its shape, the value or bound the search proved, the
window it was entered with, whether it lies on the principal variation, and the branches a cutoff
pruned (drawn dashed, with the leaves they held in an explicit tree).

Read from the same recorded search and the same intervals (reports.trace.Walk) as `--tree`, so a
figure and the terminal never disagree. Both writers (views.tikz, views.dot) draw this model
only. A figure is for a slide: it holds at most FIGURE_NODES nodes, and `--tree-depth` draws the
top levels of a larger search.

A figure is the figure asked for, or none: to a given depth it holds every node the search
reached to that depth (the search then records just those levels, SearchOptions.trace_depth),
and a recorded search that stopped recording above that depth is refused (FigureIncomplete)
rather than drawn in part. What a figure leaves out is said in its own text (`caption`), since
a slide travels without the terminal that explained it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import _, ngettext
from minimax_cli.core.params import grouped
from minimax_cli.core.result import TraceNode
from minimax_cli.core.score import format_number
from minimax_cli.reports.idiom import idiom_of
from minimax_cli.reports.intervals import INF, Interval
from minimax_cli.reports.trace import Walk
from minimax_cli.views.tree import shown_number

#: The most nodes (pruned ones included) a figure draws: beyond that a slide is unreadable.
FIGURE_NODES = 300


class FigureTooLarge(ValueError):
    """The tree to draw has more than FIGURE_NODES nodes; the message says how to draw less."""


class FigureIncomplete(ValueError):
    """The recorded search lacks nodes the figure would draw; the message says why and how to
    record them."""

#: The kinds of recorded node whose value came from a search below them (a stand-in marks it
#: where the figure stops): not a game's end, an evaluation or a table's answer.
SEARCHED_BELOW = ("inner", "probe", "tie")


@dataclass(frozen=True)
class Value:
    """What a figure writes for a node: `relation` is `=`, `≤`, `≥`, `∈` (then two numbers) or
    `?` (nothing known); numbers as the tree view writes them (`+∞`, `+1@5`, `(1, 2, 3)`)."""

    relation: str
    numbers: tuple[str, ...] = ()


@dataclass
class FigureNode:
    """One node drawn. `shape`: max, min, chance, player (more than two players), leaf, eval
    (a depth cut's evaluation) or more (a stand-in for the levels below the depth drawn)."""

    name: str
    shape: str
    value: Value
    alpha: str | None = None
    beta: str | None = None
    principal: bool = False
    pruned: bool = False
    move: str | None = None  # the move into the node, for games whose nodes have no names
    probability: str | None = None
    player: int | None = None  # a player number from 1 (games of more than two players)
    #: As --tree says it: `table` (a value from the transposition table), `probe` (Star2:
    #: searched by its first move only, a bound), `tie` (max^n: the first best move taken).
    remark: str | None = None
    note: str = ""
    children: list[FigureNode] = field(default_factory=list)
    #: The root's: sentences saying what the figure leaves out (written in the figure's text).
    caption: list[str] = field(default_factory=list)

    def count(self) -> int:
        return 1 + sum(child.count() for child in self.children)


def value_of(interval: Interval, engine: bool) -> Value:
    low, high = interval.low, interval.high
    if interval.exact:
        return Value("=", (shown_number(low, engine),))
    if low == -INF and high == INF:
        return Value("?")
    if low == -INF:
        return Value("≤", (shown_number(high, engine),))
    if high == INF:
        return Value("≥", (shown_number(low, engine),))
    return Value("∈", (shown_number(low, engine), shown_number(high, engine)))


def figure_tree(game: AnyGame, state: Any, trace: TraceNode, *, engine: bool = False,
                pv: Sequence[Hashable] = (), depth: int | None = None,
                truncated: bool = False) -> FigureNode:
    """The recorded search as a figure; `engine` when its numbers are the engine's, `pv` the
    principal variation, `depth` the levels to draw, `truncated` when the trace stopped recording
    at its node limit. FigureTooLarge beyond FIGURE_NODES nodes; FigureIncomplete when the trace
    lacks nodes of the levels to draw."""
    walk = Walk(game, state, trace, idiom_of(game).letters)
    players = game.game_type.players
    total = _count(trace, depth) + _pruned_count(trace, depth)
    if total > FIGURE_NODES:
        count = grouped(total)
        raise FigureTooLarge((_(
            "the searched tree has at least {count} nodes to draw, and a figure holds at most "
            "{most}: give --tree-depth N to draw its top levels, or search less deep") if truncated
            else _("the searched tree has {count} nodes to draw, and a figure holds at most "
                   "{most}: give --tree-depth N to draw its top levels, or search less deep")
        ).format(count=count, most=FIGURE_NODES))
    if truncated and depth is not None and _unrecorded_above(game, walk, trace, depth):
        raise FigureIncomplete(_(
            "the search recorded only its first {limit} nodes (for --tree, --trace or --step), "
            "and they miss nodes above --tree-depth {depth}: save the figure in a run of its "
            "own, which records every node to that depth").format(
                limit=grouped(_recorded(trace)), depth=depth))

    def build(node: TraceNode, level: int, on_pv: bool, move: str | None) -> FigureNode:
        drawn = _node(walk, node, engine, players, on_pv, move)
        state_here = walk.states[id(node)]
        if depth is not None and level >= depth and _searched_below(node):
            drawn.children.append(FigureNode("", "more", Value("?")))
            return drawn
        next_move = pv[level] if on_pv and level < len(pv) else None
        for child in node.children:
            drawn.children.append(build(child, level + 1, on_pv and child.move == next_move,
                                        _edge(walk, state_here, child.move)))
        for move_pruned, entry in zip(node.pruned, walk.pruned_of(node), strict=True):
            after = game.play(state_here, move_pruned)
            outcome = game.outcome(after)
            edge = _edge(walk, state_here, move_pruned)
            if outcome is not None:
                # An explicit tree's leaves are given, and --tree shows them; a board game's
                # pruned end was never looked at.
                value = Value("=", (format_number(outcome),)) if walk.tree_game else Value("?")
                drawn.children.append(FigureNode(entry.name, "leaf", value, pruned=True,
                                                 move=edge))
                continue
            mover = game.to_move(after)
            leaves = ", ".join(format_number(v) for v in entry.leaves)
            if entry.more:
                leaves += ", …"
            drawn.children.append(FigureNode(entry.name, _shape(mover, players), Value("?"),
                                             pruned=True, move=edge, note=leaves,
                                             player=mover + 1 if players > 2 else None))
        return drawn

    tree = build(trace, 0, bool(pv), None)
    if depth is not None and _searched_below_depth(trace, depth):
        tree.caption.append(ngettext(
            "Drawn to {depth} level below the root (--tree-depth {depth}): the search went "
            "deeper where “…” stands.",
            "Drawn to {depth} levels below the root (--tree-depth {depth}): the search went "
            "deeper where “…” stands.", depth).format(depth=depth))
    return tree


def _recorded(trace: TraceNode) -> int:
    """The nodes the trace holds, the root left out (its node limit when it stopped recording)."""
    return _count(trace) - 1


def _searched_below(node: TraceNode) -> bool:
    """Whether the search went below `node` (recorded or not)."""
    return bool(node.children) or node.kind in SEARCHED_BELOW


def _searched_below_depth(trace: TraceNode, depth: int) -> bool:
    stack = [(trace, 0)]
    while stack:
        node, level = stack.pop()
        if level >= depth:
            if _searched_below(node):
                return True
            continue
        stack.extend((child, level + 1) for child in node.children)
    return False


def _unrecorded_above(game: AnyGame, walk: Walk, trace: TraceNode, depth: int) -> bool:
    """Whether a node above `depth` had moves searched that the trace
    did not record: its recorded children and pruned moves fall short of its moves."""
    stack = [(trace, 0)]
    while stack:
        node, level = stack.pop()
        if level >= depth:
            continue
        if node.kind in SEARCHED_BELOW:
            state = walk.states[id(node)]
            if game.outcome(state) is None:
                moves = (len(game.chance_outcomes(state)) if game.to_move(state) == CHANCE
                         else len(game.legal_moves(state)))
                if len(node.children) + len(node.pruned) < moves:
                    return True
        stack.extend((child, level + 1) for child in node.children)
    return False


def _edge(walk: Walk, state: Any, move: Hashable | None) -> str | None:
    """The move written on an edge: a board game's move; none in an explicit tree, where the
    nodes' names (1, 1.2) already say it."""
    if walk.tree_game or move is None:
        return None
    return walk.move_word(state, move)


def _shape(player: int, players: int) -> str:
    if player == CHANCE:
        return "chance"
    if players > 2:
        return "player"
    return "max" if player == MAX else "min"


def _node(walk: Walk, node: TraceNode, engine: bool, players: int, on_pv: bool,
          move: str | None) -> FigureNode:
    interval = walk.final[id(node)]
    if node.vector is not None:
        value = Value("=", ("(" + ", ".join(format_number(v) for v in node.vector) + ")",))
    else:
        value = value_of(interval, engine)
    if node.kind in ("terminal", "eval"):
        shape = "leaf" if node.kind == "terminal" else "eval"
    else:
        shape = _shape(node.player, players)
    drawn = FigureNode(walk.name(node), shape, value, principal=on_pv, move=move)
    if shape not in ("leaf", "eval") and node.alpha is not None and node.beta is not None:
        drawn.alpha = shown_number(node.alpha, engine)
        drawn.beta = shown_number(node.beta, engine)
    if node.probability is not None:
        drawn.probability = format_number(node.probability)
    if shape == "player":
        drawn.player = node.player + 1
    if node.kind in ("table", "probe", "tie"):
        drawn.remark = node.kind
    return drawn


def _count(node: TraceNode, depth: int | None = None) -> int:
    total, stack = 0, [(node, 0)]
    while stack:
        current, level = stack.pop()
        total += 1
        if depth is None or level < depth:
            stack.extend((child, level + 1) for child in current.children)
        elif _searched_below(current):
            total += 1  # the stand-in for what is not drawn
    return total


def _pruned_count(node: TraceNode, depth: int | None) -> int:
    total, stack = 0, [(node, 0)]
    while stack:
        current, level = stack.pop()
        if depth is None or level < depth:
            total += len(current.pruned)
            stack.extend((child, level + 1) for child in current.children)
    return total


__all__ = ["FIGURE_NODES", "FigureIncomplete", "FigureNode", "FigureTooLarge", "Value", "figure_tree",
           "value_of"]
