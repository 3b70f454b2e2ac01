"""`negamax`, the default engine: alpha-beta in negamax form with everything that makes it fast.

- move ordering: the table's best move first, then the game's own ordering hint;
- a bounded transposition table with exact / lower / upper entries, keyed by the game's canonical
  key when symmetry reduction is on (a symmetric position is answered by the table);
- cutoffs at terminal states, at a depth limit (the game's evaluation scores the frontier, extended
  by up to QUIESCENCE_PLIES while the game says the position is not quiet), on a node budget, and
  on a deadline; iterative deepening drives time-limited searches, and a deadline keeps the last
  completed depth;
- proven wins score +-(WIN - ply): they outrank any heuristic, and quicker wins rank first.

Contract of `_negamax(s, depth, ply, alpha, beta)`: returns the score for the player to move in `s`.
If the true score v is within (alpha, beta) the result is v; if v <= alpha the result is an upper
bound <= alpha; if v >= beta it is a lower bound >= beta (fail-soft).
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Iterator
from dataclasses import replace
from typing import Any

from minimax_cli.core.game import MAX
from minimax_cli.core.result import (
    WIN_THRESHOLD,
    Bound,
    Limits,
    SearchResult,
    SearchStats,
    TraceNode,
)
from minimax_cli.core.search.common import (
    CHECK_EVERY,
    INF,
    AnyGame,
    Budget,
    SearchAborted,
    best_of,
    deep_recursion,
    move_values,
    pick_evaluator,
    score_to_value,
    terminal_scorer,
)
from minimax_cli.core.table import DEFAULT_SIZE, EXACT, LOWER, UPPER, TranspositionTable

UNLIMITED = 1 << 30  # remaining depth of a search to the end of the game
QUIESCENCE_PLIES = 4
TRACE_LIMIT = 5000
PV_LIMIT = 200


def negamax(game: AnyGame, state: Any, limits: Limits = Limits(), **options: Any) -> SearchResult:
    """The engine's answer: the last result of `iterate`."""
    result = None
    for result in iterate(game, state, limits, **options):  # noqa: B007 -- keep the last one
        pass
    assert result is not None
    return result


def iterate(
    game: AnyGame,
    state: Any,
    limits: Limits = Limits(),
    *,
    evaluator: str | None = None,
    trace: bool = False,
    trace_limit: int = TRACE_LIMIT,
    exact_root: bool = True,
    symmetry: bool = True,
    table: TranspositionTable | None = None,
    rng: random.Random | None = None,
) -> Iterator[SearchResult]:
    """One result per completed depth (a single search to the end when there is no time limit).

    With `exact_root` every root move gets an exact value; without it, moves that cannot beat the
    best one get only a bound (faster). Statistics in each result are totals since the start.
    """
    if limits.time is None:
        depths: Iterator[int | None] = iter([limits.depth])
    else:
        last = UNLIMITED if limits.depth is None else limits.depth
        depths = iter(range(1, last + 1))
    searcher = _Searcher(game, state, limits, evaluator, trace, trace_limit, exact_root, symmetry,
                         table if table is not None else TranspositionTable(DEFAULT_SIZE))
    completed: SearchResult | None = None
    for depth in depths:
        try:
            with deep_recursion():
                completed = searcher.search(depth)
        except SearchAborted:
            yield searcher.aborted(completed)
            return
        yield completed
        if completed.exact or not completed.moves:
            return


class _Searcher:
    def __init__(self, game: AnyGame, state: Any, limits: Limits, evaluator: str | None,
                 trace: bool, trace_limit: int, exact_root: bool, symmetry: bool,
                 table: TranspositionTable) -> None:
        self.game, self.state, self.limits = game, state, limits
        self.evaluate = pick_evaluator(game, evaluator, limits.depth is not None
                                       or limits.time is not None)
        self.term = terminal_scorer(game, True)
        self.trace, self.trace_limit, self.exact_root = trace, trace_limit, exact_root
        self.key = game.canonical_key if symmetry and game.has_symmetry else None
        self.table = table
        self.budget = Budget.start(limits)
        self.stats = SearchStats()
        self.started = time.perf_counter()
        self.root_player = game.to_move(state)

    # --- scores relative to a node, so a table entry is valid at any ply -----------------------
    def _to_table(self, score: float, ply: int) -> float:
        if self.game.win_loss:
            if score >= WIN_THRESHOLD:
                return score + ply
            if score <= -WIN_THRESHOLD:
                return score - ply
        return score

    def _from_table(self, score: float, ply: int) -> float:
        if self.game.win_loss:
            if score >= WIN_THRESHOLD:
                return score - ply
            if score <= -WIN_THRESHOLD:
                return score + ply
        return score

    def search(self, depth: int | None) -> SearchResult:
        """Search the root to `depth` plies (None: to the end); raises SearchAborted on a limit."""
        game, state, stats = self.game, self.state, self.stats
        remaining = UNLIMITED if depth is None else depth
        self.heuristic_seen = False
        self.traced = 0
        root_trace = TraceNode(None, self.root_player, -INF, INF) if self.trace else None
        stats.nodes += 1
        value = game.outcome(state)
        if value is not None or remaining == 0:
            return self._leaf_result(state, value, depth, root_trace)

        sign = 1 if self.root_player == MAX else -1
        moves = self._ordered(state, game.legal_moves(state))
        scored: list[tuple[Hashable, float, Bound]] = []
        alpha = -INF
        for move in moves:
            window_alpha = -INF if self.exact_root else alpha
            v = -self._negamax(game.play(state, move), remaining - 1, 1, -INF, -window_alpha,
                               root_trace, move)
            if v <= window_alpha:
                bound = Bound.UPPER if sign == 1 else Bound.LOWER
            else:
                bound = Bound.EXACT
            scored.append((move, sign * v, bound))
            alpha = max(alpha, v)
        best_move, best_score = best_of(self.root_player, scored)
        self.table.store(self._key(state), (remaining, EXACT, self._to_table(sign * best_score, 0),
                                            best_move, state))
        return self._result(best_move, best_score, scored, depth, root_trace)

    def _key(self, s: Any) -> Hashable:
        return s if self.key is None else self.key(s)

    def _ordered(self, s: Any, moves: Any) -> list[Any]:
        ordered = list(self.game.order_moves(s, moves))
        entry = self.table.get(self._key(s))
        if entry is not None and entry[4] == s and entry[3] in ordered:
            ordered.remove(entry[3])
            ordered.insert(0, entry[3])
        return ordered

    def _negamax(self, s: Any, depth: int, ply: int, alpha: float, beta: float,
                 parent: TraceNode | None, move: Hashable) -> float:
        game, stats = self.game, self.stats
        stats.nodes += 1
        if stats.nodes % CHECK_EVERY == 0:
            self.budget.check(stats.nodes)
        sign = 1 if game.to_move(s) == MAX else -1
        node = self._trace_node(parent, move, s, sign, alpha, beta)

        value = game.outcome(s)
        if value is not None:
            stats.leaves += 1
            score = sign * self.term(value, ply)
            if node is not None:
                node.value, node.kind = sign * score, "terminal"
            return score

        key = s if self.key is None else self.key(s)
        stats.tt_probes += 1
        entry = self.table.get(key)
        first = None
        if entry is not None:
            stats.tt_hits += 1
            if entry[0] >= depth:
                score = self._from_table(entry[2], ply)
                flag = entry[1]
                if flag == EXACT or (flag == LOWER and score >= beta) or (
                        flag == UPPER and score <= alpha):
                    if node is not None:
                        node.value, node.kind = sign * score, "table"
                    return score
            if entry[4] == s:
                first = entry[3]

        if depth <= 0 and (depth <= -QUIESCENCE_PLIES or game.is_quiet(s)):
            stats.leaves += 1
            self.heuristic_seen = True
            score = sign * self.evaluate(s)  # type: ignore[misc]  # set whenever depth is finite
            if node is not None:
                node.value, node.kind = sign * score, "eval"
            return score

        moves = game.order_moves(s, game.legal_moves(s))
        if first is not None and first in moves:
            moves = [first, *(m for m in moves if m != first)]
        alpha0 = alpha
        best = -INF
        best_move = None
        for i, m in enumerate(moves):
            v = -self._negamax(game.play(s, m), depth - 1, ply + 1, -beta, -alpha, node, m)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        stats.cutoffs += 1
                        if node is not None:
                            node.pruned.extend(moves[i + 1:])
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self.table.store(key, (depth, flag, self._to_table(best, ply), best_move, s))
        if node is not None:
            node.value = sign * best
        return best

    def _trace_node(self, parent: TraceNode | None, move: Hashable, s: Any, sign: int,
                    alpha: float, beta: float) -> TraceNode | None:
        if parent is None or self.traced >= self.trace_limit:
            return None
        self.traced += 1
        # The window is kept in MAX's view for display: a MIN node's (alpha, beta) is negated.
        lo, hi = (alpha, beta) if sign == 1 else (-beta, -alpha)
        node = TraceNode(move, self.game.to_move(s), lo, hi)
        parent.children.append(node)
        return node

    # --- results --------------------------------------------------------------------------------
    def _principal_variation(self, first: Hashable, score: float) -> list[Hashable]:
        """Follow exact table entries from the root: the child whose score is minus its parent's."""
        game, pv = self.game, [first]
        s, target, ply = game.play(self.state, first), -score, 1
        while len(pv) < PV_LIMIT and game.outcome(s) is None:
            for m in game.order_moves(s, game.legal_moves(s)):
                child = game.play(s, m)
                if game.outcome(child) is not None:
                    child_score = (1 if game.to_move(child) == MAX else -1) * self.term(
                        game.outcome(child) or 0, ply + 1)
                else:
                    entry = self.table.get(self._key(child))
                    if entry is None or entry[1] != EXACT:
                        continue
                    child_score = self._from_table(entry[2], ply + 1)
                if -child_score == target:
                    pv.append(m)
                    s, target, ply = child, child_score, ply + 1
                    break
            else:
                break
        return pv

    def _result(self, best_move: Hashable, best_score: float,
                scored: list[tuple[Hashable, float, Bound]], depth: int | None,
                root_trace: TraceNode | None) -> SearchResult:
        stats = replace(self.stats, depth=depth if depth is not None else 0,
                        elapsed=time.perf_counter() - self.started)
        value, exact, distance = score_to_value(self.game, best_score, self.heuristic_seen)
        sign = 1 if self.root_player == MAX else -1
        if root_trace is not None:
            root_trace.value = best_score
        return SearchResult(
            algorithm="negamax",
            best_move=best_move,
            value=value,
            exact=exact,
            pv=self._principal_variation(best_move, sign * best_score),
            moves=move_values(self.game, scored, self.heuristic_seen),
            stats=stats,
            root_player=self.root_player,
            depth=depth,
            distance=distance,
            trace=root_trace,
            trace_truncated=self.traced >= self.trace_limit,
        )

    def _leaf_result(self, state: Any, value: float | None, depth: int | None,
                     root_trace: TraceNode | None) -> SearchResult:
        self.stats.leaves += 1
        if value is None:
            self.heuristic_seen = True
            score = self.evaluate(state) if self.evaluate is not None else 0.0
        else:
            score = self.term(value, 0)
        shown, exact, distance = score_to_value(self.game, score, self.heuristic_seen)
        stats = replace(self.stats, elapsed=time.perf_counter() - self.started)
        return SearchResult("negamax", None, shown, exact, [], [], stats, self.root_player, depth,
                            distance=distance, trace=root_trace)

    def aborted(self, completed: SearchResult | None) -> SearchResult:
        """What stands when a limit stopped the search: the last completed depth, marked timed out."""
        stats = replace(self.stats, elapsed=time.perf_counter() - self.started)
        if completed is not None:
            return replace(completed, stats=replace(stats, depth=completed.stats.depth),
                           timed_out=True)
        moves = self._ordered(self.state, self.game.legal_moves(self.state))
        return SearchResult("negamax", moves[0] if moves else None, 0.0, False,
                            moves[:1], [], stats, self.root_player, 0, timed_out=True)
