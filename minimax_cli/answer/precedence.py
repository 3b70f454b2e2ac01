"""The one precedence that answers "what is this position worth, and which move, within this
budget?" for every front end: the AI's move, a hint, the review's verdicts and `solve`'s route.

`Answerer.answer(state, Ask(...))` tries, in this order, each way that serves the question:

1. the game's own exact solver (`Game.exact_solver`), when it has one and the question is asked to
   the end of the game (no depth cut); the budget is checked at its progress reports, so a solve
   that reports gives up in time (a MOVE then gets the least slice of search; a VALUE or
   EVERY_MOVE raises OutOfTime: its budget is spent). It answers a MOVE in any game, but a VALUE
   or EVERY_MOVE only in a two-player zero-sum game without chance: its answer is MAX's view, with
   no return per player;
2. for a game with a proof kernel (Connect Four) and the engine's or the proof's question:
   - a MOVE is settled by proof (proving.py): every move from the opening book, else whether the
     position is lost (within PROOF_SHARE of the budget), then whether it is won, then a move that
     keeps the value, then, time permitting, exact scores; when not even the loss is decided, the
     search below estimates the move and REFUTE_SHARE of what is left tests its favourites for a
     loss, so that the estimate picks among moves not proven losing;
   - EVERY_MOVE or the VALUE is proven weakly (win, draw or loss; the book's entries first) within
     the node and time budget; a proof stopped by it is the answer, stopped (a search would not
     prove in what is left what the proof could not);
3. otherwise a search: for a MOVE, iterative deepening (`iterate`) under `Limits(time=...,
   depth=...)` with every root move searched with the full window (`exact_root`), keeping the last
   completed depth (and `nodes`, given to an engine that deepens itself: the engine review's
   budget, engine_review.py); for EVERY_MOVE or the VALUE, one search within the budget (to the end, or
   `depth` plies deep) by the engine where it serves the game, else the game's default algorithm
   (expectiminimax for chance, max^n for more players).

`ways` says which of these serve a question, in order, for callers that carry a way out with its
progress (`solve` streams its proof, proof_stream.py, and reports each root move's search,
solving.py); `algorithm_for` is the algorithm a search of a game uses when none is named
(`analyze`, the AI's policy).

An answer (`Answer`) holds the core's SearchResult and says how it was found (`how`) and what each
step tried cost (`steps`). A think ends in one of three ways: every root move proven, the best move
of the deepest completed depth with an estimate that is not proven, or no completed depth at all,
when the move is move ordering's first choice and no value is given. Ctrl-C stops an answer the
same way: the last completed depth stands, and `interrupted` says so.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from minimax_cli.core.game import AnyGame, SearchError
from minimax_cli.core.result import (
    STOP_INTERRUPTED,
    STOP_TIME,
    Limits,
    SearchOptions,
    SearchResult,
    SearchStats,
)
from minimax_cli.core.search import (
    ALGORITHMS,
    DEFAULT_ALGORITHM,
    MCTS,
    PVS,
    check_algorithm,
    default_algorithm,
    make_options,
)
from minimax_cli.core.search import PROOF as PROOF_ALGORITHM
from minimax_cli.core.search.common import build_result
from minimax_cli.core.solver import OutOfTime, stop_at
from minimax_cli.core.table import TranspositionTable
from minimax_cli.reports.answers import complete, solution_result

if TYPE_CHECKING:
    from minimax_cli.answer.proving import Settled, Settler

#: What is asked: the position's value, a move to play, or the value of every move.
VALUE, MOVE, EVERY_MOVE = "value", "move", "every move"
#: How an answer was found (`Answer.how`, `Step.way`).
SOLVER, BOOK, PROOF, SEARCH = "solver", "book", "proof", "search"

#: The share of a think's budget for proving whether the position is lost (games with a proof
#: kernel): from the middle game on the proofs settle the move, which no depth-limited search can.
PROOF_SHARE = 0.8
#: The share of what is left after an unfinished proof (games with a proof kernel) given to
#: testing the search's favourite moves for a loss (proving.py `Settler.avoid_losses`).
REFUTE_SHARE = 0.5
#: The least time a search is given after a solver used up the budget (it then yields a move).
MIN_SLICE = 0.001


@dataclass(frozen=True)
class Ask:
    """A question about one position: what is wanted (VALUE, MOVE or EVERY_MOVE), within
    `seconds` (and `nodes`, if given), to the end of the game or cut `depth` plies deep (scored by
    `evaluator`), by the named algorithm's search; `engine`: the switches of principal-variation
    search (SearchOptions' quiescence, ordering, use_table, null_move) when that is the
    algorithm."""

    want: str = MOVE
    seconds: float = 1.0
    nodes: int | None = None
    depth: int | None = None
    algorithm: str = DEFAULT_ALGORITHM
    evaluator: str | None = None
    engine: Mapping[str, Any] = field(default_factory=dict)


class Step(NamedTuple):
    """One way tried while answering, and what it cost (nodes: a solver's positions computed)."""

    way: str
    seconds: float
    nodes: int


@dataclass(frozen=True)
class Answer:
    """What one question found. `result` is the search's last completed depth (or the game's own
    solver's answer, with `method` naming it, or the proof's); its score is None when nothing was
    completed. `how` names the way that gave it (SOLVER, BOOK, PROOF, SEARCH; None when nothing
    completed) and `steps` every way tried, in order, with its cost."""

    result: SearchResult
    budget: float
    method: str | None = None
    interrupted: bool = False
    #: Seconds a proof search took before the searches without finishing (stopped by the clock,
    #: or by Ctrl-C); None when no proof was tried or it finished.
    proof_seconds: float | None = None
    in_proof: bool = False  # Ctrl-C came during the proof search
    #: What settled the move by proof (proving.py): "book", "exact" (the exact score of every
    #: move that keeps the value) or "value" (values, some without distance); None: not so.
    proof: str | None = None
    #: The position's value for the side to move (1 won, -1 lost), proven by `value_proof`
    #: ("book" or "value": a proof search) when no move that keeps it was: the search's
    #: estimate picked the move; None: not so. (A drawn position's move is always proven.)
    value: int | None = None
    value_proof: str | None = None
    how: str | None = None
    steps: tuple[Step, ...] = ()

    @property
    def solved(self) -> bool:
        """Every root move's score is proven (exact, or a bound that rules it out), no heuristic
        took part in any: the best move is proven best."""
        moves = self.result.moves
        return bool(moves) and all(complete(m.score.relative) for m in moves)


def algorithm_for(game: AnyGame, named: str | None = None) -> str:
    """The algorithm that searches `game`: `named` once it is known to serve it (SearchError
    otherwise), else the game's default (core.search.default_algorithm: the engine wherever it
    serves, expectiminimax for chance, max^n for more players, the game's own choice first)."""
    if named is None:
        return default_algorithm(game)
    check_algorithm(named, game)
    return named


def engine_serves(game: AnyGame) -> bool:
    """False for the games the engine does not search: chance, more than two players."""
    return ALGORITHMS[DEFAULT_ALGORITHM].refusal(game) is None


def ways(game: AnyGame, want: str, depth: int | None = None,
         algorithm: str = DEFAULT_ALGORITHM) -> tuple[str, ...]:
    """The ways that may answer `want` about a position of `game`, in the order they are tried
    (see the module docstring); SEARCH always ends it."""
    found: list[str] = []
    kind = game.game_type
    two_sided = kind.players == 2 and kind.zero_sum and not kind.chance
    if depth is None and game.exact_solver() is not None and (want == MOVE or two_sided):
        found.append(SOLVER)
    if depth is None and algorithm in (DEFAULT_ALGORITHM, PROOF_ALGORITHM) \
            and game.proof_kernel() is not None:
        found.append(PROOF)
    return (*found, SEARCH)


def search_algorithm(game: AnyGame, want: str, algorithm: str = DEFAULT_ALGORITHM) -> str:
    """The algorithm of the SEARCH way: the one asked for a MOVE; for the VALUE or EVERY_MOVE the
    engine wherever it serves the game, else the game's default algorithm."""
    if want == MOVE:
        return algorithm
    return DEFAULT_ALGORITHM if engine_serves(game) else default_algorithm(game)


def iterate(game: AnyGame, state: Any, limits: Limits,
            options: SearchOptions) -> Iterator[SearchResult]:
    """The engine's iterative deepening (core.search.iterate), its module loaded on first use:
    `solve` and `analyze` ask this module their route without loading the engine."""
    from minimax_cli.core.search import iterate as deepen

    return deepen(game, state, limits, options)


class Answerer:
    """Answers questions about the positions of one game, keeping between them what helps the
    next: a transposition table, the proof's table (a Settler, made on first use) and, for Monte
    Carlo tree search's seeds, a random generator."""

    def __init__(self, game: AnyGame, table: TranspositionTable | None = None,
                 rng: random.Random | None = None) -> None:
        self.game, self.rng = game, rng
        self.table = table if table is not None else TranspositionTable()
        self.settler: Settler | None = None

    def answer(self, state: Any, ask: Ask,
               display: AbstractContextManager[object] | None = None) -> Answer:
        """Answer `ask` about `state` within its budget (see the module docstring); Ctrl-C stops
        it (the last completed depth stands, `interrupted` says so). The budget is kept
        cooperatively: the searches check their clock, a game's own solver is stopped at its next
        progress report. `display` is entered while answering (a spinner); Ctrl-C is caught from
        the moment it is entered, also when entering it raises KeyboardInterrupt."""
        game, budget = self.game, ask.seconds
        steps = ways(game, ask.want, ask.depth, ask.algorithm)
        algorithm = search_algorithm(game, ask.want, ask.algorithm)
        kernel = game.proof_kernel() if PROOF in steps else None
        if kernel is not None:
            kernel.prepare()  # a book read once a sitting is not the AI's thinking time
        deadline = time.perf_counter() + budget
        tried: list[Step] = []
        searched: list[SearchResult] = []  # each completed depth: Ctrl-C keeps the last
        last: SearchResult | None = None
        method = proof = value_proof = how = None
        value: int | None = None
        interrupted = in_proof = False
        proof_started: float | None = None
        proof_seconds: float | None = None
        try:
            with display if display is not None else nullcontext():
                if SOLVER in steps:
                    solved = self._solve(state, deadline, tried, ask.want == MOVE)
                    if solved is not None:
                        (last, method), how = solved, SOLVER
                if last is None and PROOF in steps and ask.want != MOVE:
                    last = self._prove(state, ask, deadline, tried)
                    how = PROOF if last.score is not None else None
                elif last is None and PROOF in steps:
                    proof_started = time.perf_counter()
                    settled = self._settle(state, deadline, tried)
                    if settled is not None and settled.result is not None:
                        last, proof = settled.result, settled.proof
                        how = BOOK if proof == BOOK else PROOF
                    else:
                        proof_seconds = time.perf_counter() - proof_started
                        if settled is not None:  # the value proven, no move that keeps it
                            value, value_proof = settled.value, settled.proof
                if last is None:
                    last = self._search_step(state, ask, algorithm, deadline, tried, searched,
                                             refute=proof_seconds is not None and value != -1)
                    how = SEARCH if last is not None and last.score is not None else None
        except KeyboardInterrupt:
            interrupted = True
            if last is None and searched:
                last, how = searched[-1], SEARCH
            self.table.clear()  # Ctrl-C may have landed in the middle of a table update
            if self.settler is not None:
                self.settler.forget()
            in_proof = proof_started is not None and proof_seconds is None
            if in_proof:
                proof_seconds = time.perf_counter() - (proof_started or 0.0)
        stopped = STOP_INTERRUPTED if interrupted else STOP_TIME
        if last is None:
            last = self._unsearched(state, algorithm, stopped)
        elif interrupted:
            last = replace(last, stopped=stopped)
        return Answer(last, budget, method, interrupted, proof_seconds, in_proof, proof, value,
                      value_proof, how, tuple(tried))

    def _search_step(self, state: Any, ask: Ask, algorithm: str, deadline: float,
                     tried: list[Step], searched: list[SearchResult],
                     refute: bool) -> SearchResult | None:
        """The SEARCH way: the last completed result within what is left of the budget; for a
        MOVE after an unfinished proof (`refute`: not every move proven to lose), REFUTE_SHARE
        of it tests the estimate's favourites for a loss (testing is of no use when every move
        is proven to lose)."""
        started = time.perf_counter()
        remaining = max(deadline - started, MIN_SLICE)
        refute = refute and self.settler is not None
        last: SearchResult | None = None
        if ask.want != MOVE:  # one search within the budget (and depth), every root move valued
            limits = Limits(depth=ask.depth, nodes=ask.nodes, time=remaining)
            options = make_options(evaluator=ask.evaluator, exact_root=ask.want == EVERY_MOVE,
                                   **({"table": self.table} if algorithm == DEFAULT_ALGORITHM
                                      else {}))
            last = check_algorithm(algorithm, self.game).run(self.game, state, limits, options)
            searched.append(last)
        else:
            limits = Limits(depth=ask.depth, nodes=ask.nodes,
                            time=remaining * (1 - REFUTE_SHARE) if refute else remaining)
            for result in self.search(state, limits, algorithm, ask.evaluator,
                                      engine=ask.engine):
                last = result
                searched.append(result)
        tried.append(Step(SEARCH, time.perf_counter() - started,
                          0 if last is None else last.stats.nodes))
        if refute and last is not None and self.settler is not None:
            started, nodes = time.perf_counter(), self.settler.nodes
            last = self.settler.avoid_losses(state, last, deadline)
            tried.append(Step(PROOF, time.perf_counter() - started, self.settler.nodes - nodes))
        return last

    def _solve(self, state: Any, deadline: float, tried: list[Step],
               fall_through: bool) -> tuple[SearchResult, str] | None:
        """The game's own solver's answer, or None when it has none for `state` (the next way
        then answers). Out of time (OutOfTime) or beyond its limits (SearchError), it gives None
        too when `fall_through` (a MOVE: the search then yields one), else it raises: the
        budget of a VALUE or EVERY_MOVE is spent, and the caller counts it unanswered."""
        solver = self.game.exact_solver()
        if solver is None:
            return None
        solution = None
        started = time.perf_counter()
        try:
            solution = solver.solve(state, stop_at(deadline))
        except (OutOfTime, SearchError):  # out of time, or beyond the solver's limits
            if not fall_through:
                raise
        finally:
            elapsed = time.perf_counter() - started
            tried.append(Step(SOLVER, elapsed, 0 if solution is None else solution.work))
        if solution is None:
            return None
        return solution_result(self.game, state, solution, elapsed), solution.method

    def _settler(self) -> Settler:
        if self.settler is None:
            from minimax_cli.answer.proving import Settler  # loads the prover

            self.settler = Settler(self.game)
        return self.settler

    def _settle(self, state: Any, deadline: float, tried: list[Step]) -> Settled | None:
        """The move settled by proof (proving.py) for a game with a proof kernel (only the
        value when no move was), or None when not even whether it is lost was proven within
        PROOF_SHARE of the time left."""
        if self.game.outcome(state) is not None:
            return None
        settler = self._settler()
        started, nodes = time.perf_counter(), settler.nodes
        try:
            return settler.settle(state, deadline, PROOF_SHARE)
        finally:
            tried.append(Step(PROOF, time.perf_counter() - started, settler.nodes - nodes))

    def _prove(self, state: Any, ask: Ask, deadline: float, tried: list[Step]) -> SearchResult:
        """Every move's value (or the position's), proven weakly by the proof search within the
        budget: stopped, with no score, when it did not end in time."""
        settler = self._settler()
        started, nodes = time.perf_counter(), settler.nodes
        limits = Limits(nodes=ask.nodes, time=max(deadline - started, MIN_SLICE))
        try:
            return settler.weak_values(state, limits, every_move=ask.want == EVERY_MOVE)
        finally:
            tried.append(Step(PROOF, time.perf_counter() - started, settler.nodes - nodes))

    def search(self, state: Any, limits: Limits, algorithm: str, evaluator: str | None,
                table: TranspositionTable | None = None,
                engine: Mapping[str, Any] | None = None) -> Iterator[SearchResult]:
        """One result per completed depth. The engine deepens itself (with the kept table unless
        `table` is given); the other algorithms are deepened here when the game has an
        evaluation (else one search to the end); `engine` are principal-variation search's
        switches, given to that algorithm alone."""
        game = self.game
        chosen = check_algorithm(algorithm, game)  # the engine too refuses a game it cannot search
        if algorithm == DEFAULT_ALGORITHM:
            options = make_options(evaluator=evaluator, exact_root=True,
                                   table=self.table if table is None else table)
            yield from iterate(game, state, limits, options)
            return
        switches = engine if engine and algorithm == PVS else {}
        run, options = chosen.run, make_options(evaluator=evaluator, exact_root=True, **switches)
        if chosen.sampled:  # an anytime search: one run fills the budget
            assert limits.time is not None
            seed = None if self.rng is None else self.rng.randrange(2**32)
            yield run(game, state, Limits(time=limits.time),
                      make_options(evaluator=evaluator, seed=seed))
            return
        if not game.evaluators():
            yield run(game, state, limits, options)
            return
        if algorithm == PVS:  # it deepens itself: one run, each completed depth handed over
            yield from self._deepened(run, state, limits, evaluator, switches)
            return
        assert limits.time is not None
        deadline = time.perf_counter() + limits.time
        depth = 1
        while limits.depth is None or depth <= limits.depth:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return
            result = run(game, state, Limits(depth=depth, time=remaining), options)
            if result.score is None:  # stopped before this depth completed
                if depth == 1:
                    yield result  # no value, as the engine says it
                return
            yield result
            if complete(result.score.relative):  # no evaluation took part: deeper is the same
                return
            depth += 1

    def _deepened(self, run: Any, state: Any, limits: Limits, evaluator: str | None,
                  switches: Mapping[str, Any]) -> Iterator[SearchResult]:
        """Principal-variation search's own iterative deepening, once (deepening it here would
        search depths 1..d again for every d): its completed depths, or its one result when
        none completed (no value, as the engine says it)."""
        completed: list[SearchResult] = []
        options = make_options(evaluator=evaluator, exact_root=True, on_depth=completed.append,
                               **switches)
        last = run(self.game, state, limits, options)
        if not completed:
            yield last
            return
        yield from completed[:-1]
        # The last completed depth as the run returned it (its stop reason, its whole stats).
        yield last if last.depth == completed[-1].depth else completed[-1]

    def _unsearched(self, state: Any, algorithm: str, stopped: str) -> SearchResult:
        """Nothing completed before Ctrl-C or the deadline: no value, move ordering's choice."""
        first = next(iter(self.game.order_moves(state, self.game.legal_moves(state))), None)
        mover = self.game.to_move(state)
        return build_result(algorithm, self.game, mover, pov=mover, engine_scores=False,
                            root=None, moves=[], best_move=first, pv=[], stats=SearchStats(),
                            depth=None, stopped=stopped, best_searched=False)


def answer(game: AnyGame, state: Any, ask: Ask, table: TranspositionTable | None = None,
           rng: random.Random | None = None) -> Answer:
    """`ask` about `state` answered once, by a fresh Answerer (see `Answerer.answer`)."""
    return Answerer(game, table, rng).answer(state, ask)


__all__ = ["BOOK", "DEFAULT_ALGORITHM", "EVERY_MOVE", "MCTS", "MIN_SLICE", "MOVE", "PROOF",
           "PROOF_ALGORITHM", "PROOF_SHARE", "REFUTE_SHARE", "SEARCH", "SOLVER", "VALUE", "Answer",
           "Answerer", "Ask", "Step", "algorithm_for", "answer", "engine_serves", "search_algorithm",
           "ways"]
