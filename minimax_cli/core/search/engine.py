"""The engine's node routine: alpha-beta in negamax form, with everything that makes it fast.

- move ordering: the table's best move first, then the game's own ordering hint;
- the transposition table (minimax_cli.core.table), keyed by the game's canonical key when
  symmetry reduction is on; proven entries answer at any depth, heuristic ones only as deep;
- cutoffs at terminal states, at a depth limit (the game's evaluation scores the frontier, extended
  by up to QUIESCENCE_PLIES while the game says the position is not quiet), and on a budget;
- finished win/loss games score +-(WIN - ply): proven wins outrank any heuristic, quicker first.

Contract of `node(s, mover, depth, ply, alpha, beta)`: the score of `s` for `mover`, the player to
move there. If the true score v is within (alpha, beta) the result is v; if v <= alpha the result
is an upper bound <= alpha; if v >= beta a lower bound >= beta (fail-soft). Whether a heuristic
took part is tracked by `taint`, a count of evaluations and heuristic table answers: a node is
proven when the count did not move while it was searched, and only then is stored as proven.

A player may move twice in a row (the child's mover is asked of the game): the child's score is
then the node's own, not its negation.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from minimax_cli.core.game import MAX, Evaluator
from minimax_cli.core.result import SearchOptions, SearchStats, TraceNode
from minimax_cli.core.score import WIN, WIN_BAND, Bound, Number
from minimax_cli.core.search.common import INF, AnyGame, Budget, Scored, Stop
from minimax_cli.core.table import (
    DEFAULT_MB,
    DEPTH_SHIFT,
    EXACT,
    LOCK_SHIFT,
    LOWER,
    MASK16,
    MASK64,
    MOVE_SHIFT,
    ORIGIN_SHIFT,
    PROVEN,
    SCORE_SHIFT,
    UPPER,
    TranspositionTable,
)

#: Remaining depth of a search to the end of the game (it never reaches 0).
TO_THE_END = 1 << 40
QUIESCENCE_PLIES = 4
#: The longest principal variation reported.
PV_LIMIT = 100_000

#: A principal variation under construction: (move, rest) pairs, so extending one costs O(1).
Line = tuple[Hashable, Any] | None


@dataclass
class RootSearch:
    """One search of the root's moves: each with its score for the root's mover."""

    scored: list[Scored]
    best_move: Hashable
    best: Number
    proven: bool
    bound: Bound  # of `best`, against the window the root was searched with
    pv: list[Hashable]


class Engine:
    """Searches positions of one game from one root, sharing a table and a budget."""

    def __init__(self, game: AnyGame, state: Any, options: SearchOptions, budget: Budget,
                 evaluate: Evaluator[Any] | None) -> None:
        self.game, self.state, self.budget = game, state, budget
        self.evaluate = evaluate
        self.win_loss = game.win_loss
        self.outcome, self.legal, self.play = game.outcome, game.legal_moves, game.play
        self.to_move, self.order, self.is_quiet = game.to_move, game.order_moves, game.is_quiet
        self.symmetric = options.symmetry and game.has_symmetry
        self.key = game.canonical_key if self.symmetric else None
        table = options.table
        if table is None:
            table = TranspositionTable(options.table_mb or DEFAULT_MB)
        evaluator_name = None if evaluate is None else options.evaluator or "default"
        table.use_for((game, evaluator_name, self.symmetric))
        self.table = table
        self.trace_limit = options.trace_limit if options.trace else 0
        self.traced = 0
        self.root_trace: TraceNode | None = None
        self.root_mover = game.to_move(state)
        self.taint = 0
        self.pv: dict[int, Line] = {}
        self.stats = SearchStats()
        # Counters kept as attributes of self (cheaper than a stats object in the inner loop).
        self.nodes = self.leaves = self.cutoffs = 0
        self.probes = self.hits = self.answers = 0

    def sync_stats(self) -> SearchStats:
        s = self.stats
        s.nodes, s.leaves, s.cutoffs = self.nodes, self.leaves, self.cutoffs
        s.tt_probes, s.tt_hits, s.tt_answers = self.probes, self.hits, self.answers
        return s

    # --- the node routine ---------------------------------------------------------------------
    def node(self, s: Any, mover: int, depth: int, ply: int, alpha: Number, beta: Number,
             parent: TraceNode | None = None, move: Hashable = None) -> Number:
        nodes = self.nodes + 1
        if nodes >= self.budget.check_at:
            self.budget.check(nodes)
        self.nodes = nodes
        trace = None
        if parent is not None and self.traced < self.trace_limit:
            trace = self._trace(parent, move, mover, alpha, beta)

        value = self.outcome(s)
        if value is not None:
            self.leaves += 1
            self.pv[ply] = None
            if self.win_loss:
                score: Number = WIN - ply if value > 0 else ply - WIN if value < 0 else 0
            else:
                score = value
            if trace is not None:
                trace.value, trace.kind = score, "terminal"
            return score if mover == MAX else -score

        key = s if self.key is None else self.key(s)
        h = hash(key)
        lock = h & MASK64
        slots = self.table.slots
        i = (h & self.table.mask) << 1
        self.probes += 1
        hint = -1
        e = slots[i]
        if e is None or (((e if e.__class__ is int else e[0]) >> LOCK_SHIFT) ^ lock) & MASK64:
            e = slots[i + 1]
            if e is not None and (
                    ((e if e.__class__ is int else e[0]) >> LOCK_SHIFT) ^ lock) & MASK64:
                e = None
        if e is not None:
            self.hits += 1
            info = e if e.__class__ is int else e[0]
            if info & PROVEN or (info >> DEPTH_SHIFT) & MASK16 >= depth:
                score = e >> SCORE_SHIFT if e.__class__ is int else e[1]
                if self.win_loss:
                    if score >= WIN_BAND:
                        score -= ply
                    elif score <= -WIN_BAND:
                        score += ply
                flag = info & 3
                if flag == EXACT or (score >= beta if flag == LOWER else score <= alpha):
                    self.answers += 1
                    if not info & PROVEN:
                        self.taint += 1
                    self.pv[ply] = None
                    if trace is not None:
                        trace.value, trace.kind = score if mover == MAX else -score, "table"
                    return score
            hint = ((info >> MOVE_SHIFT) & MASK16) - 1
            if hint >= 0 and self.symmetric and ((info >> ORIGIN_SHIFT) ^ hash(s)) & MASK16:
                hint = -1

        if depth <= 0 and (depth <= -QUIESCENCE_PLIES or self.is_quiet(s)):
            self.leaves += 1
            self.taint += 1
            self.pv[ply] = None
            score = self.evaluate(s)  # type: ignore[misc]  # depth is finite only with one
            if trace is not None:
                trace.value, trace.kind = score, "eval"
            return score if mover == MAX else -score

        moves = self.order(s, self.legal(s))
        if 0 < hint < len(moves):
            moves = list(moves)
            moves.insert(0, moves.pop(hint))
        else:
            hint = 0
        taint, alpha0 = self.taint, alpha
        best: Number = -INF
        best_i = 0
        pv = self.pv
        pv[ply] = None
        child_depth, child_ply = depth - 1, ply + 1
        play, to_move, node = self.play, self.to_move, self.node
        for index, m in enumerate(moves):
            child = play(s, m)
            child_mover = to_move(child)
            if child_mover == mover:
                v = node(child, child_mover, child_depth, child_ply, alpha, beta, trace, m)
            else:
                v = -node(child, child_mover, child_depth, child_ply, -beta, -alpha, trace, m)
            if v > best:
                best, best_i = v, index
                if v > alpha:
                    alpha = v
                    pv[ply] = (m, pv.get(child_ply))
                    if v >= beta:
                        self.cutoffs += 1
                        if trace is not None:
                            trace.pruned.extend(moves[index + 1:])
                        break

        proven = self.taint == taint
        if proven or depth >= 0:
            flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
            stored = best
            if self.win_loss:
                if best >= WIN_BAND:
                    stored = best + ply
                elif best <= -WIN_BAND:
                    stored = best - ply
            # The index in the game's own order: undo the move of the hint to the front.
            original = hint if best_i == 0 else best_i - 1 if best_i <= hint else best_i
            self.table.store(h, flag, proven, depth, original, hash(s) if self.symmetric else 0,
                             stored)
        if trace is not None:
            trace.value = best if mover == MAX else -best
        return best

    def _trace(self, parent: TraceNode, move: Hashable, mover: int, alpha: Number,
               beta: Number) -> TraceNode:
        self.traced += 1
        # The window is kept in MAX's view for display: a MIN node's (alpha, beta) is negated.
        lo, hi = (alpha, beta) if mover == MAX else (-beta, -alpha)
        node = TraceNode(move, mover, lo, hi)
        parent.children.append(node)
        return node

    # --- the root ----------------------------------------------------------------------------------
    def _root_moves(self) -> tuple[list[Any], list[Any]]:
        """The root's moves in the game's order, and in the order the engine tries them (the
        table's best move first)."""
        s = self.state
        natural = list(self.order(s, self.legal(s)))
        moves = list(natural)
        key = s if self.key is None else self.key(s)
        entry = self.table.probe(hash(key))
        if entry is not None and entry.move_index is not None and 0 < entry.move_index < len(
                moves) and (not self.symmetric or entry.origin == hash(s) & MASK16):
            moves.insert(0, moves.pop(entry.move_index))
        return natural, moves

    def root(self, depth: int, alpha: Number, beta: Number, exact: bool,
             trace: TraceNode | None = None) -> RootSearch:
        """Search the root's moves (the root counts as a node) within (alpha, beta); with `exact`,
        each move with the full window, so that every move's score is exact."""
        nodes = self.nodes + 1
        if nodes >= self.budget.check_at:
            self.budget.check(nodes)
        self.nodes = nodes
        s, mover = self.state, self.root_mover
        natural, moves = self._root_moves()
        scored: list[Scored] = []
        best: Number = -INF
        best_move: Hashable = moves[0]
        best_line: Line = None
        all_proven = True
        alpha0 = alpha
        for m in moves:
            child = self.play(s, m)
            child_mover = self.to_move(child)
            low = -INF if exact else alpha
            high = INF if exact else beta
            taint = self.taint
            if child_mover == mover:
                v = self.node(child, child_mover, depth - 1, 1, low, high, trace, m)
            else:
                v = -self.node(child, child_mover, depth - 1, 1, -high, -low, trace, m)
            proven = self.taint == taint
            all_proven = all_proven and proven
            bound = Bound.UPPER if v <= low else Bound.LOWER if v >= high else Bound.EXACT
            scored.append(Scored(m, v, proven, bound))
            if v > best:
                best, best_move, best_line = v, m, (m, self.pv.get(1))
                if v > alpha:
                    alpha = v
                    if alpha >= beta and not exact:
                        self.cutoffs += 1
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        key = s if self.key is None else self.key(s)
        self.table.store(hash(key), flag, all_proven, depth, natural.index(best_move),
                         hash(s) if self.symmetric else 0, best)
        if trace is not None:
            trace.value = best if mover == MAX else -best
        bound = Bound.UPPER if flag == UPPER else Bound.LOWER if flag == LOWER else Bound.EXACT
        return RootSearch(scored, best_move, best, all_proven, bound, unroll(best_line))

    # --- the principal variation ---------------------------------------------------------------
    def complete_pv(self, pv: list[Hashable], score: Number, nodes: int) -> tuple[list[Hashable], int]:
        """Extend the principal variation of a proven root `score` to the end of the game.

        Where the search's own line stops (a table answer cut it short), the moves are searched
        again, to the end and with the table, until one is shown to keep the value (a null
        window just below it: no move can exceed the value, so reaching it means equalling it).
        Spends at most `nodes` nodes, which are given back to the count (reported as pv_nodes),
        and stops quietly at the budget. Returns the line and the nodes spent."""
        s, mover, ply = self.state, self.root_mover, 0
        for move in pv:
            next_state = self.play(s, move)
            next_mover = self.to_move(next_state)
            score = score if next_mover == mover else -score
            s, mover, ply = next_state, next_mover, ply + 1
        line = list(pv)
        start = self.nodes
        if nodes <= 0 or score.__class__ is not int:
            return line, 0
        limit = self.budget.max_nodes
        self.budget.max_nodes = min(limit if limit is not None else start + nodes, start + nodes)
        self.budget.check_at = min(self.budget.check_at, self.budget.max_nodes + 1)
        try:
            while len(line) < PV_LIMIT and self.outcome(s) is None:
                for m in self.order(s, self.legal(s)):
                    child = self.play(s, m)
                    child_mover = self.to_move(child)
                    if child_mover == mover:
                        v = self.node(child, child_mover, TO_THE_END, ply + 1, score - 1, score)
                    else:
                        v = -self.node(child, child_mover, TO_THE_END, ply + 1, -score,
                                       1 - score)
                    if v >= score:
                        line.append(m)
                        s, ply = child, ply + 1
                        if child_mover != mover:
                            mover, score = child_mover, -score
                        break
                else:
                    break
        except Stop:
            pass
        finally:
            self.budget.max_nodes = limit
        spent = self.nodes - start
        self.nodes = start
        return line, spent


def unroll(line: Line) -> list[Hashable]:
    moves: list[Hashable] = []
    while line is not None and len(moves) < PV_LIMIT:
        moves.append(line[0])
        line = line[1]
    return moves


__all__ = ["PV_LIMIT", "QUIESCENCE_PLIES", "TO_THE_END", "Engine", "RootSearch", "unroll"]
