"""The searched tree as plain data for a figure on a slide (`analyze --save tree.tex` or
`tree.dot`): one `FigureNode` a node, with its shape, the value or bound the search proved, the
window it was entered with, whether it lies on the principal variation, and the branches a cutoff
pruned (drawn dashed, with the leaves they held in an explicit tree).

Read from the same recorded search and the same intervals (reports.trace.Walk) as `--tree`, so a
figure and the terminal never disagree. Both writers (views.tikz, views.dot) draw this model
only. A figure is for a slide: it holds at most FIGURE_NODES nodes, and `--tree-depth` draws the
top levels of a larger search.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import _
from minimax_cli.core.params import grouped
from minimax_cli.core.result import TraceNode
from minimax_cli.core.score import format_number
from minimax_cli.reports.intervals import INF, Interval
from minimax_cli.reports.trace import Walk
from minimax_cli.views.tree import shown_number

#: The most nodes (pruned ones included) a figure draws: beyond that a slide is unreadable.
FIGURE_NODES = 300


class FigureTooLarge(ValueError):
    """The tree to draw has more than FIGURE_NODES nodes; the message says how to draw less."""


@dataclass(frozen=True)
class Value:
    """What a figure writes for a node: `relation` is `=`, `≤`, `≥`, `∈` (then two numbers) or
    `?` (nothing known); numbers as the tree view writes them (`+∞`, `+1@5`, `(1, 2, 3)`)."""

    relation: str
    numbers: tuple[str, ...] = ()


@dataclass
class FigureNode:
    """One node drawn. `shape`: max, min, chance, player (more than two players), leaf, eval
    (a depth cut's evaluation) or more (a stand-in for what is not drawn: `note` says what)."""

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
                pv: Sequence[Hashable] = (), depth: int | None = None) -> FigureNode:
    """The recorded search as a figure; `engine` when its numbers are the engine's, `pv` the
    principal variation, `depth` the levels to draw. FigureTooLarge beyond FIGURE_NODES nodes."""
    walk = Walk(game, state, trace)
    players = game.game_type.players

    def build(node: TraceNode, level: int, on_pv: bool, move: str | None) -> FigureNode:
        drawn = _node(walk, node, engine, players, on_pv, move)
        state_here = walk.states[id(node)]
        if depth is not None and level >= depth and node.children:
            hidden = _count(node) - 1
            drawn.children.append(FigureNode("", "more", Value("?"), note=_(
                "{count} more").format(count=grouped(hidden))))
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

    total = _count(trace, depth) + _pruned_count(trace, depth)
    if total > FIGURE_NODES:
        raise FigureTooLarge(_(
            "the searched tree has {count} nodes to draw, and a figure holds at most {most}: "
            "give --tree-depth N to draw its top levels, or search less deep").format(
                count=grouped(total), most=FIGURE_NODES))
    return build(trace, 0, bool(pv), None)


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
        elif current.children:
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


__all__ = ["FIGURE_NODES", "FigureNode", "FigureTooLarge", "Value", "figure_tree", "value_of"]
