"""A recorded search read as a student reads it: what is known of each node (an interval), each
node's name, and the search's steps in the order they happened.

Intervals are from MAX's point of view, on the numbers the search used. A leaf, a depth cut's
evaluation, a node every child of which is known and one the engine left at a win on its next move
(no result betters it: TraceNode.cut) are exact; a MAX node is between the largest
of its children's lows and the largest of their highs, a MIN node likewise with the smallest, a
chance node between the probability-weighted sums; a child never visited (pruned, or not yet
reached) may be anything, so it counts as (-inf, +inf). A search that tracks intervals itself
(textbook alpha-beta) gives them with the node; the tables of the report use the same ones, so the
tree, the steps and the moves table never disagree. Where the trace lacks a node's children (its
limit was reached) the node's interval is read from its value and window: a fail-soft value at or
below alpha is an upper bound, at or above beta a lower bound.

Steps (`steps`) replay the trace in depth-first order: a node entered with its window, a leaf or a
depth cut's value with what it teaches about the nodes above (`B ≤ 3`, `A ≥ 3`), a table's answer,
a cutoff with the moves it prunes (and the leaves they held where the game is an explicit tree).
Names: a tree node's label, else its path of child numbers (`2.1`); a board position's moves.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from minimax_cli.core.game import CHANCE, MAX, MIN, AnyGame
from minimax_cli.core.result import CUT_WIN_AT_ONCE, TraceNode
from minimax_cli.core.score import Number
from minimax_cli.reports.intervals import (
    INF,
    UNKNOWN,
    Interval,
    bounded,
    fail_soft,
    point,
    running,
    sums_exactly,
    window_at_cut,
)
from minimax_cli.reports.trace_steps import PRUNED_LEAVES, Pruned, Step, player_word


# --- intervals -----------------------------------------------------------------------------------
class Walk:
    """One recorded search with the game and positions to read it: names, intervals, steps."""

    def __init__(self, game: AnyGame, state: Any, trace: TraceNode,
                 letters: Mapping[int, str] | None = None) -> None:
        # `letters`: a move's letters as the reader is shown them (reports/idiom.py; chess in
        # Spanish names Rxa6 Txa6); None for JSON, which writes moves as the game does.
        self.game, self.state, self.trace, self.letters = game, state, trace, letters
        self.states: dict[int, Any] = {id(trace): state}
        self.names: dict[int, str] = {}
        self.parents: dict[int, TraceNode] = {}
        #: A node's place among its parent's recorded children (list.index would be quadratic).
        self.places: dict[int, int] = {}
        self.final: dict[int, Interval] = {}
        self.tree_game = game.explicit_tree
        # The player whose value the numbers are, who maximises them: MAX, or among more than
        # two players the root's (paranoid values the root player's own return).
        self.maximizer = trace.player if game.game_type.players > 2 and trace.player >= 0 else MAX
        # A tree position's moves numbered from 0, listed once per position: a node of 10,000
        # children would otherwise list them again for each child.
        self._numbers: dict[int, tuple[Any, dict[Any, int]]] = {}
        self._widths: dict[int, int] = {}
        self._name(trace, state, "", None)
        self._final(trace)

    # names and positions
    def _name(self, node: TraceNode, state: Any, path: str, parent: TraceNode | None) -> None:
        game = self.game
        label = game.node_name(state)
        self.names[id(node)] = label or (path if parent is not None else "root")
        # A child is named after its parent (`B.1`, `2.1`) unless it has a label of its own.
        here = self.names[id(node)] if parent is not None or label else ""
        for place, child in enumerate(node.children):
            self.parents[id(child)] = node
            self.places[id(child)] = place
            after = game.play(state, child.move)
            self.states[id(child)] = after
            step = self.move_word(state, child.move)
            self._name(child, after, f"{here}{self.joiner}{step}" if here else step, node)

    @property
    def joiner(self) -> str:
        return "." if self.tree_game else " "

    def move_word(self, state: Any, move: Any) -> str:
        """A move as a path step: a tree's child number from 1, a board game's move."""
        if self.tree_game:
            return str(self._index(state, move) + 1)
        text = self.game.format_move(state, move)
        return text if self.letters is None else text.translate(self.letters)

    def _index(self, state: Any, move: Any) -> int:
        known = self._numbers.get(id(state))
        if known is None or known[0] is not state:
            game = self.game
            moves = ([m for m, _ in game.chance_outcomes(state)] if game.to_move(state) == CHANCE
                     else list(game.legal_moves(state)))
            numbers: dict[Any, int] = {}
            for number, each in enumerate(moves):
                numbers.setdefault(each, number)  # the first, as list.index finds it
            known = (state, numbers)
            self._numbers[id(state)] = known  # the state is kept: its id is not reused
        return known[1][move]

    def name(self, node: TraceNode) -> str:
        return self.names[id(node)]

    def pruned_of(self, node: TraceNode, most: int | None = None) -> list[Pruned]:
        """The node's pruned moves, named, with the leaves below each in an explicit tree; the
        first `most` of them only when it is given (a drawing shows no more)."""
        state = self.states[id(node)]
        found = []
        here = self.name(node) if self.parents.get(id(node)) is not None or \
            self.game.node_name(state) else ""
        for move in node.pruned[:most]:
            step = self.move_word(state, move)
            child = self.game.play(state, move)
            label = self.game.node_name(child)
            entry = Pruned(label or (f"{here}{self.joiner}{step}" if here else step))
            if self.tree_game:
                leaves = list(self._leaves(child))
                entry.leaves = leaves[:PRUNED_LEAVES]
                entry.more = len(leaves) - len(entry.leaves)
                entry.leaf = self.game.outcome(child) is not None
            found.append(entry)
        return found

    def _leaves(self, state: Any) -> Iterator[Number]:
        game = self.game
        stack = [state]
        while stack:
            s = stack.pop()
            value = game.outcome(s)
            if value is not None:
                yield value
                continue
            moves = ([m for m, _ in game.chance_outcomes(s)] if game.to_move(s) == CHANCE
                     else list(game.legal_moves(s)))
            stack.extend(game.play(s, m) for m in reversed(moves))

    # intervals
    def _width(self, node: TraceNode) -> int:
        width = self._widths.get(id(node))
        if width is None:
            state = self.states[id(node)]
            if self.game.outcome(state) is not None:
                width = 0
            elif self.game.to_move(state) == CHANCE:
                width = len(self.game.chance_outcomes(state))
            elif node.quiet:  # a quiescence search's node: its noisy moves only
                width = len(self.game.noisy_moves(state))
            else:
                width = len(self.game.legal_moves(state))
            self._widths[id(node)] = width
        return width

    def _final(self, node: TraceNode) -> Interval:
        for child in node.children:
            self._final(child)
        found = self._own(node)
        if found is None:
            if (len(node.children) + len(node.pruned) < self._width(node)
                    and node.value is not None):
                # The trace stopped recording below this node: read its value and window.
                found = fail_soft(node.value, node.alpha, node.beta)
            else:
                found = self.combine(node, [self.final[id(c)] for c in node.children])
        self.final[id(node)] = found
        return found

    def _own(self, node: TraceNode) -> Interval | None:
        """The interval a node states by itself: a leaf's, a table answer's, a probe's, or the
        one the search tracked; None when it comes from the children."""
        kind, value = node.kind, node.value
        if kind in ("terminal", "eval") and value is not None:
            return point(value)
        if kind == "table" and value is not None:
            return bounded(value, node.bound)
        if kind == "probe" and value is not None:
            return Interval(-INF, value) if node.player == MIN else Interval(value, INF)
        if node.low is not None and node.high is not None:
            return Interval(node.low, node.high)
        if node.cut == CUT_WIN_AT_ONCE and value is not None:  # nothing betters a win at once
            return point(value)
        if node.vector is not None:
            return point(value) if value is not None else UNKNOWN
        return None

    def combine(self, node: TraceNode, known: list[Interval]) -> Interval:
        """A node's interval from what is known of its first children (the rest unknown)."""
        if node.player == CHANCE:
            return self._chance(node, known)
        missing = self._width(node) - len(known)
        lows = [k.low for k in known] + [-INF] * missing
        highs = [k.high for k in known] + [INF] * missing
        if node.stand is not None:  # a quiet node's stand-pat bounds it as a child would
            lows, highs = [node.stand, *lows], [node.stand, *highs]
        if not lows:
            return point(node.value) if node.value is not None else UNKNOWN
        if node.player == self.maximizer:
            return Interval(max(lows), max(highs))
        return Interval(min(lows), min(highs))

    def _chance(self, node: TraceNode, known: list[Interval]) -> Interval:
        state = self.states[id(node)]
        kind = self.game.game_type
        floor = -INF if kind.low is None else kind.low
        ceiling = INF if kind.high is None else kind.high
        by_move = {c.move: k for c, k in zip(node.children, known, strict=False)}
        low: Number = 0
        high: Number = 0
        for move, probability in self.game.chance_outcomes(state):
            part = by_move.get(move)
            lo, hi = (floor, ceiling) if part is None else (part.low, part.high)
            low += probability * lo
            high += probability * hi
        return Interval(low, high)

    def _partial(self, node: TraceNode, count: int, last: Interval) -> Interval:
        """`combine(node, [finals of its first count children, last])`, with the first children
        folded once and kept: a step costs the same at a node's 10,000th child as at its first.
        Folds in the children's order, as combine does; a chance node sums them in its own way
        only where sums are exact (no finite float, no probability 0, so order cannot matter)."""
        key = id(node)
        folded = self._folds.get(key)
        if folded is None or folded[0] > count:
            folded = self._folds[key] = [0, node.stand, node.stand, 0]
        if node.player == CHANCE and not self._chance_exact(node):
            known = [self.final[id(c)] for c in node.children[:count]]
            return self._chance(node, [*known, last])
        while folded[0] < count:
            self._fold(node, folded, self.final[id(node.children[folded[0]])])
            folded[0] += 1
        ahead = list(folded)
        self._fold(node, ahead, last)
        _count, low, high, weight = ahead
        assert low is not None and high is not None
        missing = self._width(node) - count - 1
        if node.player == CHANCE:
            kind = self.game.game_type
            rest = self._chance_total(node) - weight
            if rest:
                low += rest * (-INF if kind.low is None else kind.low)
                high += rest * (INF if kind.high is None else kind.high)
            return Interval(low, high)
        if missing > 0:  # what combine's padding of unknown children does
            low, high = self._better(node, low, -INF), self._better(node, high, INF)
        return Interval(low, high)

    def _fold(self, node: TraceNode, folded: list[Any], known: Interval) -> None:
        """Add one child's interval to a fold [count, low, high, probability seen]."""
        if node.player == CHANCE:
            probability = self._chance_probabilities(node)[node.children[folded[0]].move]
            folded[1] = (folded[1] or 0) + probability * known.low
            folded[2] = (folded[2] or 0) + probability * known.high
            folded[3] += probability
            return
        folded[1] = known.low if folded[1] is None else self._better(node, folded[1], known.low)
        folded[2] = known.high if folded[2] is None else self._better(node, folded[2], known.high)

    @staticmethod
    def _better(node: TraceNode, held: Number, new: Number) -> Number:
        """max or min of the two, the first kept on a tie as max() and min() keep it."""
        if node.player == MAX:
            return new if new > held else held
        return new if new < held else held

    def _chance_probabilities(self, node: TraceNode) -> dict[Any, Any]:
        known = self._odds.get(id(node))
        if known is None:
            known = self._odds[id(node)] = dict(self.game.chance_outcomes(self.states[id(node)]))
        return known

    def _chance_total(self, node: TraceNode) -> Any:
        total = self._totals.get(id(node))
        if total is None:
            total = self._totals[id(node)] = sum(self._chance_probabilities(node).values())
        return total

    def _chance_exact(self, node: TraceNode) -> bool:
        exact = self._exactness.get(id(node))
        if exact is None:
            kind = self.game.game_type
            bounds = [b for b in (kind.low, kind.high) if b is not None]
            odds = self._chance_probabilities(node).values()
            finals = [self.final[id(c)] for c in node.children]
            moves = [c.move for c in node.children]  # Star2 records a probed move twice
            exact = (len(set(moves)) == len(moves)
                     and all(p > 0 and sums_exactly(p) for p in odds)
                     and all(map(sums_exactly, bounds))
                     and all(sums_exactly(f.low) and sums_exactly(f.high)
                             and f.low != INF and f.high != -INF for f in finals))
            self._exactness[id(node)] = exact
        return exact

    # steps
    def steps(self, best: Any = None, most: int | None = None) -> list[Step]:
        """The search step by step; the last step gives the root's value and the move `best`.
        With `most`, the first `most` steps only: a view shows no more, and each step costs
        (`step_count` still counts them all)."""
        found: list[Step] = []
        self._count = 0
        self._most = self.step_count() if most is None else most
        self._now: dict[int, Interval] = {}
        self._done: set[int] = set()
        self._folds: dict[int, list[Any]] = {}
        self._odds: dict[int, dict[Any, Any]] = {}
        self._exactness: dict[int, bool] = {}
        self._totals: dict[int, Any] = {}
        self._steps(self.trace, 0, found)
        if len(found) < self._most:
            root = self.trace
            best_name = None if best is None else self._child_name(root, best)
            found.append(Step("done", self.name(root), player_word(self.game, root.player),
                              interval=self.final[id(root)], best=best_name, value=root.value,
                              at=root))
        return found

    def step_count(self) -> int:
        """How many steps `steps` gives in all: one a node (entered, or a leaf's), one a cut, and
        the last."""
        total, stack = 1, [self.trace]
        while stack:
            node = stack.pop()
            total += 1 + (1 if node.children and node.pruned else 0) + (
                1 if node.children and node.stand is not None else 0)
            stack.extend(node.children)
        return total

    def _child_name(self, node: TraceNode, move: Any) -> str:
        for child in node.children:
            if child.move == move:
                return self.name(child)
        return self.move_word(self.states[id(node)], move)

    def _letter(self) -> str:
        self._count += 1
        letters = "abcdefghijklmnopqrstuvwxyz"
        return letters[self._count - 1] if self._count <= len(letters) else str(self._count)

    def _steps(self, node: TraceNode, depth: int, out: list[Step]) -> None:
        if len(out) >= self._most:
            return
        parent = self.parents.get(id(node))
        parent_name = None if parent is None else self.name(parent)
        player = player_word(self.game, node.player)
        order = "only"
        if parent is not None:
            index = self.places[id(node)]
            total = self._width(parent)
            order = ("only" if total == 1 else "first" if index == 0 else
                     "last" if index == total - 1 else "next")
        quiet = "" if not node.quiet else "capture" if parent is not None and parent.quiet else "cut"
        if not node.children:
            self._now[id(node)] = self.final[id(node)]
            self._done.add(id(node))
            step = Step(_leaf_kind(node.kind), self.name(node), player, parent_name, node.alpha,
                        node.beta, node.value, self.final[id(node)], order=order,
                        letter=self._letter(), depth=depth, probability=node.probability,
                        quiet=quiet, at=node,
                        noisy=self._width(node) if node.kind == "quiet" else None)
            self._learn(node, step)
            out.append(step)
            return
        out.append(Step("quiet" if quiet == "cut" else "enter", self.name(node), player,
                        parent_name, node.alpha, node.beta, order=order, depth=depth,
                        probability=node.probability, quiet=quiet, at=node))
        self._now[id(node)] = self.combine(node, [])
        if node.stand is not None and len(out) < self._most:  # standing pat comes first
            stand = Step("stand", self.name(node), player, parent_name, node.alpha, node.beta,
                         node.stand, self._now[id(node)], depth=depth, quiet=quiet, at=node)
            self._learn(node, stand)
            out.append(stand)
        for child in node.children:
            self._steps(child, depth + 1, out)
        if node.pruned and len(out) < self._most:
            alpha, beta = window_at_cut(node, self.maximizer)
            out.append(Step("cut", self.name(node), player, parent_name, alpha, beta,
                            running(node, self.maximizer), self.final[id(node)], depth=depth,
                            pruned=self.pruned_of(node), cut=node.cut, at=node))

    def _learn(self, node: TraceNode, step: Step) -> None:
        """After `node` is known: the intervals above it recomputed, the ones that changed noted
        in `step` (`learned`, `learned_at`)."""
        child, parent = node, self.parents.get(id(node))
        while parent is not None:
            seen = self.places[id(child)] + 1
            if id(child) in self._done and seen == len(parent.children):
                self._done.add(id(parent))
                now = self.final[id(parent)]
            else:
                now = self._partial(parent, seen - 1, self._now.get(id(child), UNKNOWN))
            before = self._now.get(id(parent), UNKNOWN)
            if now != before:
                step.learned.append((self.name(parent), now, before))
                step.learned_at.append(parent)
                self._now[id(parent)] = now
            child, parent = parent, self.parents.get(id(parent))


def _leaf_kind(kind: str) -> str:
    return {"terminal": "leaf", "eval": "eval", "table": "table", "probe": "probe",
            "quiet": "stand"}.get(kind, "leaf")


__all__ = ["Pruned", "Step", "Walk", "player_word"]
