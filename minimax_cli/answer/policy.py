"""How the AI chooses its move: a level, a time budget per move, the game's own solver, a search.

The play loop asks a `Thinker` (one per sitting: the policy, the seeded random generator and a
transposition table kept from move to move) for a move or a hint, and prints what it says. Every
think is bounded by the budget:

1. the game's own exact solver (`Game.exact_solver`), when it has one and the level searches to the
   end; the budget is checked at its progress reports, so a solve that reports gives up in time;
2. for a game with a proof kernel (Connect Four), the move settled by proof (play/proving.py):
   every move from the opening book, else whether the position is lost (within PROOF_SHARE of
   the budget), then whether it is won, then a move that keeps the value (one proven not to lose
   when the win is not decided in time), then, time permitting, exact scores; the think ends as
   soon as that is done (`Thought.proof` says what was proven); when not even the loss is decided,
   the search below estimates the move and REFUTE_SHARE of what is left tests its favourites for
   a loss, so that the estimate picks among moves not proven losing;
3. otherwise a search: iterative deepening (`iterate`) under `Limits(time=..., depth=...)` with every
   root move searched with the full window (`exact_root`), keeping the last completed depth.

A think ends in one of three ways, and the words say which: every root move proven (the move is a
proven best one), the best move of the deepest completed depth with an estimate that is not proven,
or no completed depth at all, when the move is move ordering's first choice and no value is given.
Ctrl-C during a think stops it the same way: the last completed depth stands. (minimax_cli.play.words
says it in words.) Among equally good moves the AI picks one with the sitting's random generator,
from the moves in the game's order, so that a seed makes the choice reproducible.

Levels: 5 (perfect) searches to the end of the game within the budget. Below that, a game with an
evaluation function is cut at a fixed depth, the game's `level_depths` (unless it sets its own,
level 1: one ply, 2: two, 3: three, 4: five; Connect Four: 1, 2, 4, 6) and the frontier scored by
the evaluation. A game without one cannot be cut off honestly, so the AI thinks
as at perfect but plays a uniformly random legal move with a level's chance (level 1: 60 %, 2: 40 %,
3: 25 %, 4: 10 %), and says so when it does.

The search is the engine's wherever it serves the game; a game of chance is searched by
expectiminimax and a game of more than two players by max^n (core.search.default_algorithm).
Monte Carlo tree search (`--algorithm mcts`) is an anytime search: one run fills the budget, seeded
from the sitting's generator, and its levels below perfect play a random move now and then.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from minimax_cli.core.game import AnyGame, Game, SearchError
from minimax_cli.core.result import (
    STOP_INTERRUPTED,
    STOP_TIME,
    Limits,
    SearchResult,
    SearchStats,
)
from minimax_cli.core.search import (
    ALGORITHMS,
    DEFAULT_ALGORITHM,
    check_algorithm,
    default_algorithm,
    iterate,
    make_options,
)
from minimax_cli.core.search.common import build_result
from minimax_cli.core.solver import OutOfTime, stop_at
from minimax_cli.core.table import TranspositionTable
from minimax_cli.i18n import _
from minimax_cli.i18n.words import count
from minimax_cli.answer.levels import ConfigError, level_name, parse_level
from minimax_cli.reports.answers import complete, returns_alike, solution_result, tied_moves

if TYPE_CHECKING:
    from minimax_cli.answer.proving import Settled, Settler

PERFECT = 5
LEVEL_DEPTHS = Game.level_depths  # the generic table; a game may set its own
LEVEL_RANDOM = {1: 0.6, 2: 0.4, 3: 0.25, 4: 0.1}
MCTS = "mcts"
PROOF = "proof"
#: The share of a think's budget for proving whether the position is lost (games with a proof
#: kernel): from the middle game on the proofs settle the move, which no depth-limited search can.
PROOF_SHARE = 0.8
#: The share of what is left after an unfinished proof (games with a proof kernel) given to
#: testing the search's favourite moves for a loss (play/proving.py `Settler.avoid_losses`).
REFUTE_SHARE = 0.5
#: Seconds the AI may think per move unless --time says otherwise.
DEFAULT_BUDGET = 1.0
#: The least time a search is given after a solver used up the budget (it then yields a move).
MIN_SLICE = 0.001
#: The longest line `why` shows, in plies.
LINE_LIMIT = 40


@dataclass(frozen=True)
class Policy:
    """How the AI chooses: its level, seconds per move, depth cut, algorithm, evaluation, and the
    chance of a random move (levels below perfect in games without an evaluation)."""

    level: int = PERFECT
    budget: float = DEFAULT_BUDGET
    depth: int | None = None  # None: to the end of the game
    algorithm: str = DEFAULT_ALGORITHM
    evaluator: str | None = None
    randomness: float = 0.0

    @classmethod
    def make(cls, game: AnyGame, level: str = "perfect", *, budget: float | None = None,
             depth: int | None = None, algorithm: str | None = None,
             evaluator: str | None = None) -> Policy:
        """The policy for the options of `play`; raises ConfigError."""
        number = parse_level(level)
        evaluators = game.evaluators()
        if evaluator is not None and evaluator not in evaluators:
            known = ", ".join(evaluators) or _("none")
            raise ConfigError(_("unknown evaluation {name} for {game}; available: {known}").format(
                name=repr(evaluator), game=game.name, known=known))
        if budget is not None and not 0 < budget < float("inf"):
            raise ConfigError(_("--time must be a positive number of seconds, got {value}").format(
                value=budget))
        if depth is not None and depth < 1:
            raise ConfigError(_("--depth {depth} would search nothing; the AI needs at least one "
                                "ply").format(depth=depth))
        if depth is not None and not evaluators:
            raise ConfigError(_("{game} has no evaluation function, so --depth cannot cut its "
                                "search; leave it out (the AI then searches to the end within its "
                                "time budget)").format(game=game.name))
        algorithm = algorithm or default_algorithm(game)
        try:
            check_algorithm(algorithm, game)
        except SearchError as error:
            raise ConfigError(str(error)) from None
        if algorithm == MCTS and depth is not None:
            raise ConfigError(_("--depth cuts a minimax search; mcts plays out every simulation "
                                "to the end (its budget is --time)"))
        randomness = 0.0
        if depth is None and number < PERFECT:
            if evaluators and algorithm != MCTS:
                depth = game.level_depths[number]
            else:
                randomness = LEVEL_RANDOM[number]
        return cls(number, DEFAULT_BUDGET if budget is None else budget, depth, algorithm,
                   evaluator, randomness)

    def describe(self) -> str:
        """`level 3: medium, 3 plies deep, up to 1 s a move` and the like."""
        parts = [_("level {level}: {name}").format(level=self.level,
                                                   name=level_name(self.level))]
        if self.depth is not None:
            parts.append(_("{plies} deep").format(plies=count(self.depth, "ply")))
        if self.randomness:
            parts.append(_("a random move {percent} of the time").format(
                percent=f"{self.randomness:.0%}"))
        if self.algorithm != DEFAULT_ALGORITHM:
            parts.append(self.algorithm)
        parts.append(_("up to {budget} s a move").format(budget=f"{self.budget:g}"))
        return ", ".join(parts)


@dataclass(frozen=True)
class Thought:
    """What one think found. `result` is the search's last completed depth (or the game's own
    solver's answer, with `method` naming it); its score is None when nothing was completed."""

    result: SearchResult
    budget: float
    method: str | None = None
    interrupted: bool = False
    #: Seconds a proof search took before the searches without finishing (stopped by the clock,
    #: or by Ctrl-C); None when no proof was tried or it finished.
    proof_seconds: float | None = None
    in_proof: bool = False  # Ctrl-C came during the proof search
    #: What settled the move by proof (play/proving.py): "book", "exact" (the exact score of every
    #: move that keeps the value) or "value" (values, some without distance); None: not so.
    proof: str | None = None
    #: The position's value for the side to move (1 won, -1 lost), proven by `value_proof`
    #: ("book" or "value": a proof search) when no move that keeps it was: the search's
    #: estimate picked the move; None: not so. (A drawn position's move is always proven.)
    value: int | None = None
    value_proof: str | None = None

    @property
    def solved(self) -> bool:
        """Every root move's score is proven (exact, or a bound that rules it out), no heuristic
        took part in any: the best move is proven best."""
        moves = self.result.moves
        return bool(moves) and all(complete(m.score.relative) for m in moves)


@dataclass(frozen=True)
class Line:
    """A line of play from a position, its first move the one explained.

    `to_the_end`: it reaches the end of the game; `proven`: every value it follows is proven (no
    heuristic); `cut`: it was shortened to LINE_LIMIT plies; `optimal_only`: each move keeps the
    game value but the solver gave no distances, so it is not necessarily the quickest win."""

    moves: list[Any]
    to_the_end: bool
    proven: bool
    cut: bool = False
    optimal_only: bool = False


@dataclass(frozen=True)
class Choice:
    move: Any
    thought: Thought
    random: bool  # a random move played instead of the best (levels below perfect)


class Thinker:
    """The AI of one sitting: a policy, a random generator and a table kept between moves."""

    def __init__(self, game: AnyGame, policy: Policy, rng: random.Random | None = None,
                 table: TranspositionTable | None = None) -> None:
        self.game, self.policy, self.rng = game, policy, rng
        self.table = table if table is not None else TranspositionTable()
        self._settler: Settler | None = None

    def choose(self, state: Any,
               display: AbstractContextManager[object] | None = None) -> Choice:
        """The AI's move in `state`: the best found (a random one among equally good moves), or
        now and then a random legal move (levels below perfect without an evaluation)."""
        thought = self.think(state, self.policy.depth, self.policy.algorithm, display)
        rng, chance = self.rng, self.policy.randomness
        if rng is not None and chance > 0 and rng.random() < chance:
            return Choice(rng.choice(list(self.game.legal_moves(state))), thought, True)
        # Among more than two players only moves alike for every player are drawn from: the
        # search's returns assume the others, and the AI, break ties by max^n's rule.
        tied = returns_alike(thought.result, tied_moves(self.game, state, thought.result))
        move = rng.choice(tied) if rng is not None and tied else thought.result.best_move
        return Choice(move, thought, False)

    def hint(self, state: Any, display: AbstractContextManager[object] | None = None) -> Thought:
        """A perfect player's think within the same budget: no depth cut, and the engine
        whatever the AI's algorithm (unless it refuses the game)."""
        engine = ALGORITHMS[DEFAULT_ALGORITHM].refusal(self.game) is None
        return self.think(state, None, DEFAULT_ALGORITHM if engine else self.policy.algorithm,
                          display)

    def think(self, state: Any, depth: int | None, algorithm: str,
              display: AbstractContextManager[object] | None = None) -> Thought:
        """Solve or search `state` within the budget; Ctrl-C stops it (the last completed depth
        stands). The budget is kept cooperatively: the searches check their clock, a game's own
        solver is stopped at its next progress report. `display` is entered while thinking (a
        spinner); Ctrl-C is caught from the moment it is entered, also when entering it raises
        KeyboardInterrupt."""
        budget = self.policy.budget
        proves = depth is None and algorithm in (DEFAULT_ALGORITHM, PROOF)
        kernel = self.game.proof_kernel() if proves else None
        if kernel is not None:
            kernel.prepare()  # a book read once a sitting is not the AI's thinking time
        deadline = time.perf_counter() + budget
        last: SearchResult | None = None
        method: str | None = None
        interrupted = in_proof = False
        proof: str | None = None
        value: int | None = None
        value_proof: str | None = None
        proof_started: float | None = None
        proof_seconds: float | None = None
        try:
            with display if display is not None else nullcontext():
                if depth is None:
                    solved = self._solve(state, deadline)
                    if solved is not None:
                        last, method = solved
                    elif algorithm in (DEFAULT_ALGORITHM, PROOF) and \
                            self.game.proof_kernel() is not None:
                        proof_started = time.perf_counter()
                        settled = self._settle(state, deadline)
                        if settled is not None and settled.result is not None:
                            last, proof = settled.result, settled.proof
                        else:
                            proof_seconds = time.perf_counter() - proof_started
                            if settled is not None:  # the value proven, no move that keeps it
                                value, value_proof = settled.value, settled.proof
                if last is None:
                    remaining = max(deadline - time.perf_counter(), MIN_SLICE)
                    # Testing moves for a loss is of no use when every move is proven to lose.
                    refute = proof_seconds is not None and self._settler is not None \
                        and value != -1
                    limits = Limits(depth=depth, time=remaining * (1 - REFUTE_SHARE)
                                    if refute else remaining)
                    for result in self._search(state, limits, algorithm):
                        last = result
                    if refute and last is not None and self._settler is not None:
                        last = self._settler.avoid_losses(state, last, deadline)
        except KeyboardInterrupt:
            interrupted = True
            self.table.clear()  # Ctrl-C may have landed in the middle of a table update
            if self._settler is not None:
                self._settler.forget()
            in_proof = proof_started is not None and proof_seconds is None
            if in_proof:
                proof_seconds = time.perf_counter() - (proof_started or 0.0)
        stopped = STOP_INTERRUPTED if interrupted else STOP_TIME
        if last is None:
            last = self._unsearched(state, algorithm, stopped)
        elif interrupted:
            last = replace(last, stopped=stopped)
        return Thought(last, budget, method, interrupted, proof_seconds, in_proof, proof, value,
                       value_proof)

    def _solve(self, state: Any, deadline: float) -> tuple[SearchResult, str] | None:
        solver = self.game.exact_solver()
        if solver is None:
            return None

        started = time.perf_counter()
        try:
            solution = solver.solve(state, stop_at(deadline))
        except (OutOfTime, SearchError):  # out of time, or beyond the solver's limits: search
            return None
        if solution is None:
            return None
        return solution_result(self.game, state, solution, time.perf_counter() - started), \
            solution.method

    def _settle(self, state: Any, deadline: float) -> Settled | None:
        """The move settled by proof (play/proving.py) for a game with a proof kernel (only the
        value when no move was), or None when not even whether it is lost was proven within
        PROOF_SHARE of the time left."""
        if self.game.proof_kernel() is None or self.game.outcome(state) is not None:
            return None
        if self._settler is None:
            from minimax_cli.answer.proving import Settler

            self._settler = Settler(self.game)
        return self._settler.settle(state, deadline, PROOF_SHARE)

    def _search(self, state: Any, limits: Limits, algorithm: str,
                table: TranspositionTable | None = None) -> Iterator[SearchResult]:
        """One result per completed depth. The engine deepens itself (with the sitting's table
        unless `table` is given); the other algorithms are deepened here when the game has an
        evaluation (else one search to the end)."""
        game, evaluator = self.game, self.policy.evaluator
        if algorithm == DEFAULT_ALGORITHM:
            options = make_options(evaluator=evaluator, exact_root=True,
                                   table=self.table if table is None else table)
            yield from iterate(game, state, limits, options)
            return
        run = check_algorithm(algorithm, game).run
        options = make_options(evaluator=evaluator, exact_root=True)
        if algorithm == MCTS:  # an anytime search: one run fills the budget
            assert limits.time is not None
            seed = None if self.rng is None else self.rng.randrange(2**32)
            yield run(game, state, Limits(time=limits.time),
                      make_options(evaluator=evaluator, seed=seed))
            return
        if not game.evaluators():
            yield run(game, state, limits, options)
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

    def line(self, state: Any, thought: Thought, move: Any) -> Line:
        """The line of play that `thought` expects after `move`, starting with `move`: its own
        principal variation when that starts with `move`, else the game's solver walked move by
        move, or a search of the position after `move` as deep as the think went, with a table of
        its own (the AI's later choices do not depend on whether the line was asked for)."""
        game, result = self.game, thought.result
        after = game.play(state, move)
        if game.outcome(after) is not None:
            return Line([move], True, thought.solved)
        if thought.proof is not None:  # settled by proof: a weak value has no line beyond it
            pv = list(result.pv) if result.pv and result.pv[0] == move else [move]
            # A move proven only not to lose (at least a draw) may give a win away.
            kept = result.score is not None and result.score.relative.exact
            return self._line(pv, state, thought.solved, optimal_only=len(pv) == 1 and kept)
        if result.pv and result.pv[0] == move:
            return self._line(list(result.pv), state, thought.solved)
        if thought.method is not None:
            walked = self._solver_line(after, time.perf_counter() + self.policy.budget)
            return self._line([move, *walked], state, True, optimal_only=True)
        depth = None if result.depth is None else result.depth - 1
        if result.score is None or depth == 0:
            return Line([move], False, False)
        algorithm = result.algorithm if result.algorithm in ALGORITHMS else DEFAULT_ALGORITHM
        last: SearchResult | None = None
        budget = self.policy.budget
        try:
            for found in self._search(after, Limits(depth=depth, time=budget),
                                      algorithm, TranspositionTable()):
                last = found
        except KeyboardInterrupt:  # the deepest line completed stands
            pass
        if last is None or last.score is None:
            return Line([move], False, False)
        # Proven only when this search too went to the end without a heuristic.
        proven = thought.solved and last.stopped is None and complete(last.score.relative)
        return self._line([move, *last.pv], state, proven)

    def _line(self, moves: list[Any], state: Any, proven: bool,
              optimal_only: bool = False) -> Line:
        """`moves` from `state`, cut at LINE_LIMIT plies; whether it reaches the end."""
        cut = len(moves) > LINE_LIMIT
        moves = moves[:LINE_LIMIT]
        for move in moves:
            state = self.game.play(state, move)
        return Line(moves, self.game.outcome(state) is not None, proven, cut, optimal_only)

    def _solver_line(self, state: Any, deadline: float) -> list[Any]:
        """Optimal moves from `state` on, each the first in the game's order among the solver's
        best, until the end, LINE_LIMIT plies, the deadline or a position it does not answer."""
        game, solver = self.game, self.game.exact_solver()
        moves: list[Any] = []
        try:
            while (solver is not None and game.outcome(state) is None
                   and len(moves) <= LINE_LIMIT and time.perf_counter() < deadline):
                try:
                    solution = solver.solve(state, stop_at(deadline))
                except (OutOfTime, SearchError):
                    break
                if solution is None:
                    break
                tied = tied_moves(game, state, solution_result(game, state, solution))
                if not tied:
                    break
                moves.append(tied[0])
                state = game.play(state, tied[0])
        except KeyboardInterrupt:  # the moves walked so far stand
            pass
        return moves

    def _unsearched(self, state: Any, algorithm: str, stopped: str) -> SearchResult:
        """Nothing completed before Ctrl-C or the deadline: no value, move ordering's choice."""
        first = next(iter(self.game.order_moves(state, self.game.legal_moves(state))), None)
        mover = self.game.to_move(state)
        return build_result(algorithm, self.game, mover, pov=mover, engine_scores=False,
                            root=None, moves=[], best_move=first, pv=[], stats=SearchStats(),
                            depth=None, stopped=stopped, best_searched=False)


__all__ = ["DEFAULT_BUDGET", "LEVEL_DEPTHS", "LEVEL_RANDOM", "LINE_LIMIT", "PERFECT", "Choice",
           "Line", "Policy", "Thinker", "Thought"]
