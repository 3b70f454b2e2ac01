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

from collections.abc import Callable, Hashable
from typing import Any, Final, NamedTuple, Protocol

from minimax_cli.core.game import MAX, Evaluator
from minimax_cli.core.memory import DEFAULT_MB
from minimax_cli.core.result import CUT_WIN_AT_ONCE, SearchOptions, SearchStats, TraceNode
from minimax_cli.core.score import WIN, WIN_BAND, Bound, Number
from minimax_cli.core.search.common import INF, Scored, Stop
from minimax_cli.core.search.context import SearchContext
from minimax_cli.core.table import (
    DEPTH_MASK,
    DEPTH_SHIFT,
    EXACT,
    EXTERNAL,
    INFO_MASK,
    INFO_SHIFT,
    LOWER,
    MASK64,
    MOVE_MASK,
    MOVE_SHIFT,
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


class RootSearch:
    """One search of the root's moves: each with its score for the root's mover; `bound` is that
    of `best`, against the window the root was searched with. (A plain class: see NodeRoutine.)"""

    __slots__ = ("best", "best_move", "bound", "proven", "pv", "scored")

    def __init__(self, scored: list[Scored], best_move: Hashable, best: Number, proven: bool,
                 bound: Bound, pv: list[Hashable]) -> None:
        self.scored = scored
        self.best_move = best_move
        self.best = best
        self.proven = proven
        self.bound = bound
        self.pv = pv


class Counts(NamedTuple):
    nodes: int
    leaves: int
    cutoffs: int
    probes: int
    hits: int
    answers: int
    taint: int


NodeFn = Callable[[Any, int, int, int, Number, Number, "TraceNode | None", Hashable], Number]
#: The children's loop: (state, mover, depth, ply, alpha, beta, trace, hint, key hash, bucket).
ExpandFn = Callable[[Any, int, int, int, Number, Number, "TraceNode | None", int, int, int],
                    Number]


class CountsFn(Protocol):
    """The node routine's counts, after counting a node visited (`visit`, checked against the
    budget) or a cutoff made (`cut`) outside the routine, setting the node count back (`rewind`:
    nodes reported apart) or checking the budget at the next node (`recheck`: its limits changed)."""

    def __call__(self, *, visit: bool = False, cut: bool = False, rewind: int | None = None,
                 recheck: bool = False) -> Counts: ...


class NodeRoutine:
    """The node routine and its counters, which live in its closure (a closure's variables are
    cheaper to reach than an object's attributes in the inner loop). A plain class rather than a
    dataclass: every analysis loads this module, and generated methods cost start-up time."""

    __slots__ = ("counts", "node")

    def __init__(self, node: NodeFn, counts: CountsFn) -> None:
        self.node: Final = node
        self.counts: Final = counts


class Engine:
    """Searches positions of one game from one root, sharing a table and the search context."""

    def __init__(self, context: SearchContext, options: SearchOptions,
                 evaluate: Evaluator[Any] | None) -> None:
        game = context.game
        self.context, self.game, self.state = context, game, context.state
        self.budget, self.stats, self.pv = context.budget, context.stats, context.pv
        self.evaluate = evaluate
        self.win_loss = game.win_loss
        self.outcome, self.legal, self.play = game.outcome, game.legal_moves, game.play
        self.to_move, self.order = game.to_move, game.order_moves
        self.symmetric = options.symmetry and game.has_symmetry
        self.key = game.canonical_key if self.symmetric else None
        table = options.table
        if table is None:
            table = TranspositionTable(options.table_mb or DEFAULT_MB)
        evaluator_name = None if evaluate is None else options.evaluator or "default"
        table.use_for((game, evaluator_name, self.symmetric))
        self.table = table
        self.root_mover = context.root_player
        routine = node_routine(self)
        self.node, self.counts = routine.node, routine.counts

    def visit(self) -> None:
        """Count one node visited outside the routine (the root)."""
        self.counts(visit=True)

    def cutoff(self) -> None:
        """Count a cutoff made outside the routine (at the root)."""
        self.counts(cut=True)

    @property
    def nodes(self) -> int:
        return self.counts().nodes

    @property
    def taint(self) -> int:
        return self.counts().taint

    def sync_stats(self) -> SearchStats:
        c, s = self.counts(), self.stats
        s.nodes, s.leaves, s.cutoffs = c.nodes, c.leaves, c.cutoffs
        s.tt_probes, s.tt_hits, s.tt_answers = c.probes, c.hits, c.answers
        return s

    # --- the root ----------------------------------------------------------------------------------
    def root_moves(self) -> tuple[list[Any], list[Any]]:
        """The root's moves in the game's order, and in the order the engine tries them (the
        table's best move first)."""
        s = self.state
        natural = list(self.order(s, self.legal(s)))
        moves = list(natural)
        key = s if self.key is None else self.key(s)
        entry = self.table.probe(hash(key))
        if entry is not None and entry.move_index is not None and 0 < entry.move_index < len(
                moves):
            moves.insert(0, moves.pop(entry.move_index))
        return natural, moves

    def root(self, depth: int, alpha: Number, beta: Number, exact: bool,
             trace: TraceNode | None = None) -> RootSearch:
        """Search the root's moves (the root counts as a node) within (alpha, beta); with `exact`,
        each move with the full window, so that every move's score is exact."""
        self.visit()
        s, mover = self.state, self.root_mover
        natural, moves = self.root_moves()
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
                        self.cutoff()
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        key = s if self.key is None else self.key(s)
        self.table.store(hash(key), flag, all_proven, depth, natural.index(best_move), best)
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
        self.counts(recheck=True)
        try:
            while len(line) < PV_LIMIT and self.outcome(s) is None:
                for m in self.order(s, self.legal(s)):
                    child = self.play(s, m)
                    child_mover = self.to_move(child)
                    if child_mover == mover:
                        v = self.node(child, child_mover, TO_THE_END, ply + 1, score - 1, score,
                                      None, None)
                    else:
                        v = -self.node(child, child_mover, TO_THE_END, ply + 1, -score,
                                       1 - score, None, None)
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
            self.counts(recheck=True)
        spent = self.nodes - start
        self.counts(rewind=start)
        return line, spent


def node_routine(engine: Engine) -> NodeRoutine:
    """The engine's node routine (see the module docstring): a node's own work here, its children's
    loop in `_children_routine`; `taint` counts evaluations and heuristic table answers."""
    outcome, is_quiet, evaluate = engine.outcome, engine.game.is_quiet, engine.evaluate
    win_loss, key_of, pv, context = engine.win_loss, engine.key, engine.pv, engine.context
    get, mask, extra = engine.table.slots.get, engine.table.mask, engine.table.extra
    trace_limit = context.trace_limit
    taint = [0]  # in a list: the children's loop reads it to tell proven nodes
    nodes = leaves = probes = hits = answers = 0
    check_at = context.budget.check_at

    def node(s: Any, mover: int, depth: int, ply: int, alpha: Number, beta: Number,
             parent: TraceNode | None, move: Hashable) -> Number:
        nonlocal nodes, leaves, probes, hits, answers, check_at
        if nodes + 1 >= check_at:
            check_at = context.check(nodes + 1)
        nodes += 1
        trace = (None if parent is None or context.traced >= trace_limit
                 else _trace(context, parent, ply, move, mover, alpha, beta))
        value = outcome(s)
        if value is not None:
            leaves += 1
            pv[ply] = None
            score: Number = ((WIN - ply if value > 0 else ply - WIN if value < 0 else 0)
                             if win_loss else value)
            if trace is not None:
                trace.value, trace.kind = score, "terminal"
            return score if mover == MAX else -score
        h = hash(s if key_of is None else key_of(s))
        i = base = (h & mask) << 1
        probes += 1
        hint = -1
        e = get(i)
        if e is not None:  # an empty first slot means an empty bucket
            if (e ^ h) & MASK64:
                i += 1
                e = get(i)
                if e is not None and (e ^ h) & MASK64:
                    e = None
            if e is not None:
                hits += 1
                info = (e >> INFO_SHIFT) & INFO_MASK
                if info & PROVEN or (info >> DEPTH_SHIFT) & DEPTH_MASK >= depth:
                    score = e >> SCORE_SHIFT if not info & EXTERNAL else extra[i]
                    if win_loss and (score >= WIN_BAND or score <= -WIN_BAND):
                        score = score - ply if score > 0 else score + ply
                    flag = info & 3
                    if flag == EXACT or (score >= beta if flag == LOWER else score <= alpha):
                        answers += 1
                        if not info & PROVEN:
                            taint[0] += 1
                        pv[ply] = None
                        if trace is not None:
                            trace.value, trace.kind = score if mover == MAX else -score, "table"
                            trace.bound = _TRACE_BOUND[flag if mover == MAX else -flag % 3]
                        return score
                hint = ((info >> MOVE_SHIFT) & MOVE_MASK) - 1
        if depth <= 0 and (depth <= -QUIESCENCE_PLIES or is_quiet(s)):
            leaves += 1
            taint[0] += 1
            pv[ply] = None
            score = evaluate(s)  # type: ignore[misc]  # depth is finite only with one
            if trace is not None:
                trace.value, trace.kind = score, "eval"
            return score if mover == MAX else -score
        return expand(s, mover, depth, ply, alpha, beta, trace, hint, h, base)

    expand, cutoffs = _children_routine(engine, node, taint)

    def counts(*, visit: bool = False, cut: bool = False, rewind: int | None = None,
               recheck: bool = False) -> Counts:
        """The counts, after what CountsFn's keywords say."""
        nonlocal nodes, check_at
        if visit and nodes + 1 >= check_at:
            check_at = context.check(nodes + 1)
        nodes = nodes + visit if rewind is None else rewind
        check_at = nodes + 1 if recheck else check_at
        return Counts(nodes, leaves, cutoffs(cut), probes, hits, answers, taint[0])

    return NodeRoutine(node, counts)


def _children_routine(engine: Engine, node: NodeFn,
                      taint: list[int]) -> tuple[ExpandFn, Callable[[bool], int]]:
    """The loop over a node's children (the table's move first, then the game's order), fail-soft
    alpha-beta in negamax form, and the cutoff counter (counting one more when asked)."""
    legal, play, to_move, order = engine.legal, engine.play, engine.to_move, engine.order
    win_loss, pv, keep = engine.win_loss, engine.pv, engine.table.storer(engine.win_loss)
    cutoffs = 0

    def expand(s: Any, mover: int, depth: int, ply: int, alpha: Number, beta: Number,
               trace: TraceNode | None, hint: int, h: int, base: int) -> Number:
        nonlocal cutoffs
        moves = order(s, legal(s))
        if 0 < hint < len(moves):
            moves = list(moves)
            moves.insert(0, moves.pop(hint))
        else:
            hint = 0
        taint0, alpha0 = taint[0], alpha
        best: Number = -INF
        best_i = 0
        # No reset of pv[ply] here: a node whose value is exact has raised alpha, so it wrote it.
        child_depth, child_ply = depth - 1, ply + 1
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
                    # A win at the very next ply cannot be bettered: the rest need no search
                    # (a single Nim heap of n would otherwise cost about n * n / 2 nodes).
                    if v >= beta or (win_loss and v >= WIN - child_ply):
                        cutoffs += 1
                        if trace is not None:
                            trace.pruned.extend(moves[index + 1:])
                            if v < beta:  # not the window's cut: the trace says which
                                trace.cut = CUT_WIN_AT_ONCE
                        break
        proven = taint[0] == taint0
        if proven or depth >= 0:
            flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
            # The index in the game's own order: undo the move of the hint to the front.
            original = hint if best_i == 0 else best_i - 1 if best_i <= hint else best_i
            keep(h, base, flag, proven, depth, ply, original, best)
        if trace is not None:
            trace.value = best if mover == MAX else -best
        return best

    def cutoff_count(more: bool) -> int:
        nonlocal cutoffs
        cutoffs += more
        return cutoffs

    return expand, cutoff_count


def _trace(context: SearchContext, parent: TraceNode, ply: int, move: Hashable, mover: int,
           alpha: Number, beta: Number) -> TraceNode | None:
    # The window is kept in MAX's view for display: a MIN node's (alpha, beta) is negated.
    lo, hi = (alpha, beta) if mover == MAX else (-beta, -alpha)
    return context.trace(parent, ply, move, mover, lo, hi)


_DEPTH_AT = INFO_SHIFT + DEPTH_SHIFT
#: A table entry's bound kind (EXACT, LOWER, UPPER) in words, for the trace.
_TRACE_BOUND = ("exact", "lower", "upper")


def unroll(line: Line) -> list[Hashable]:
    moves: list[Hashable] = []
    while line is not None and len(moves) < PV_LIMIT:
        moves.append(line[0])
        line = line[1]
    return moves


__all__ = ["PV_LIMIT", "QUIESCENCE_PLIES", "TO_THE_END", "Engine", "RootSearch", "unroll"]
