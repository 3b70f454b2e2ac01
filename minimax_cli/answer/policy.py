"""How the AI chooses its move: a level, a time budget per move, and the one precedence.

The play loop asks a `Thinker` (one per sitting: the policy, the seeded random generator and what
the answering room keeps from move to move) for a move or a hint. Every think is a MOVE asked of
the precedence (minimax_cli.answer.precedence: the game's own solver, the proof settling with its
opening book, a search, each with its share of the budget), within the policy's budget and depth
cut; its `Answer` says how the move was found and what each step cost. Among equally good moves
the AI picks one with the sitting's random generator, from the moves in the game's order, so that
a seed makes the choice reproducible. (minimax_cli.answer.thinks makes a think and a choice the
reports a hint and `why` show; minimax_cli.play.words says them in words.)

Levels: 5 (perfect) searches to the end of the game within the budget. Below that, a game with an
evaluation function is cut at a fixed depth, the game's `level_depths` (unless it sets its own,
level 1: one ply, 2: two, 3: three, 4: five; Connect Four: 1, 2, 4, 6) and the frontier scored by
the evaluation. A game without one cannot be cut off honestly, so the AI thinks
as at perfect but plays a uniformly random legal move with a level's chance (level 1: 60 %, 2: 40 %,
3: 25 %, 4: 10 %), and says so when it does.

The search is the engine's wherever it serves the game; a game of chance is searched by
expectiminimax and a game of more than two players by max^n (precedence.algorithm_for).
Monte Carlo tree search (`--algorithm mcts`) is an anytime search: one run fills the budget, seeded
from the sitting's generator, and its levels below perfect play a random move now and then.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from minimax_cli.answer.levels import ConfigError, parse_level
from minimax_cli.answer.precedence import MCTS, Answer, Answerer, Ask, algorithm_for
from minimax_cli.core.game import AnyGame, Game, SearchError
from minimax_cli.core.i18n import _
from minimax_cli.core.result import Limits, SearchResult
from minimax_cli.core.search import ALGORITHMS, DEFAULT_ALGORITHM, PVS
from minimax_cli.core.solver import OutOfTime, stop_at
from minimax_cli.core.table import TranspositionTable
from minimax_cli.reports.answers import complete, returns_alike, solution_result, tied_moves

# The line of play a think expects is a report part (`why` shows it).
from minimax_cli.reports.think import PlayLine as Line

PERFECT = 5
LEVEL_DEPTHS = Game.level_depths  # the generic table; a game may set its own
LEVEL_RANDOM = {1: 0.6, 2: 0.4, 3: 0.25, 4: 0.1}
#: Seconds the AI may think per move unless --time says otherwise.
DEFAULT_BUDGET = 1.0
#: The longest line `why` shows, in plies.
LINE_LIMIT = 40
#: The moves a hint by the chess engine (pvs) gives exact values, with their lines.
HINT_LINES = 3


@dataclass(frozen=True)
class Policy:
    """How the AI chooses: its level, seconds per move, depth cut, algorithm, evaluation, the
    chance of a random move (levels below perfect in games without an evaluation), and the
    switches of principal-variation search (`engine`, SearchOptions' quiescence, ordering,
    use_table, null_move: for the AI's own thinks; a hint is the full engine's)."""

    level: int = PERFECT
    budget: float = DEFAULT_BUDGET
    depth: int | None = None  # None: to the end of the game
    algorithm: str = DEFAULT_ALGORITHM
    evaluator: str | None = None
    randomness: float = 0.0
    engine: Mapping[str, Any] = field(default_factory=dict)
    #: Whether the top level may be called perfect: False where no think reaches the game's end
    #: (chess: `Game.searched_to_the_end`), whose top level is then the strongest, not perfect.
    perfect: bool = True

    @classmethod
    def make(cls, game: AnyGame, level: str = "perfect", *, budget: float | None = None,
             depth: int | None = None, algorithm: str | None = None,
             evaluator: str | None = None, engine: Mapping[str, Any] | None = None) -> Policy:
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
        try:
            algorithm = algorithm_for(game, algorithm)
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
        if engine and algorithm != PVS:
            raise ConfigError(_("the engine's switches (--no-quiescence, --ordering, --no-table, "
                                "--no-null-move, --no-reductions, --no-aspiration) are those of "
                                "pvs, and the AI's algorithm is {algorithm}: leave them "
                                "out").format(algorithm=algorithm))
        return cls(number, DEFAULT_BUDGET if budget is None else budget, depth, algorithm,
                   evaluator, randomness, dict(engine or {}), game.searched_to_the_end)


@dataclass(frozen=True)
class Choice:
    """The AI's move and the think it came from: the play loop plays `move`, keeps the choice for
    `why`, and shows its think as a report (minimax_cli.answer.thinks)."""

    move: Any
    thought: Answer
    random: bool  # a random move played instead of the best (levels below perfect)


class Thinker:
    """The AI of one sitting: a policy, a random generator and an answering room (its table and
    proof table kept between moves)."""

    def __init__(self, game: AnyGame, policy: Policy, rng: random.Random | None = None,
                 table: TranspositionTable | None = None) -> None:
        self.game, self.policy, self.rng = game, policy, rng
        self.answerer = Answerer(game, table, rng)

    @property
    def table(self) -> TranspositionTable:
        return self.answerer.table

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

    def hint(self, state: Any, display: AbstractContextManager[object] | None = None) -> Answer:
        """A perfect player's think within the same budget: no depth cut, and the engine
        whatever the AI's algorithm (unless it refuses the game). PVS gives its best HINT_LINES
        moves exact values (its `multipv`), where one line would leave the others bounds."""
        algorithm = next((name for name in (PVS, DEFAULT_ALGORITHM)
                          if ALGORITHMS[name].refusal(self.game) is None), self.policy.algorithm)
        engine = {"multipv": HINT_LINES} if algorithm == PVS else {}
        return self.think(state, None, algorithm, display, engine=engine)

    def think(self, state: Any, depth: int | None, algorithm: str,
              display: AbstractContextManager[object] | None = None,
              engine: Mapping[str, Any] | None = None) -> Answer:
        """A MOVE asked of the precedence about `state` within the policy's budget, cut `depth`
        plies deep, by `algorithm` (with the engine's switches `engine`, None: the policy's);
        Ctrl-C stops it (the last completed depth stands). `display` is entered while thinking
        (a spinner)."""
        ask = Ask(seconds=self.policy.budget, depth=depth, algorithm=algorithm,
                  evaluator=self.policy.evaluator,
                  engine=self.policy.engine if engine is None else engine)
        return self.answerer.answer(state, ask, display)

    def line(self, state: Any, thought: Answer, move: Any) -> Line:
        """The line of play that `thought` expects after `move`, starting with `move`: its own
        principal variation when that starts with `move`, else the game's solver walked move by
        move, or a search of the position after `move` as deep as the think went (to the end
        when the think proved its values), with a table of its own (the AI's later choices do
        not depend on whether the line was asked for)."""
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
        # A proven think's line is searched to the end: its own depth may have been cut short
        # by the table of positions earlier thinks proved, which this search does not share.
        depth = None if result.depth is None or thought.solved else result.depth - 1
        if result.score is None or depth == 0:
            return Line([move], False, False)
        algorithm = result.algorithm if result.algorithm in ALGORITHMS else DEFAULT_ALGORITHM
        last: SearchResult | None = None
        budget = self.policy.budget
        try:
            for found in self.answerer.search(after, Limits(depth=depth, time=budget), algorithm,
                                              self.policy.evaluator, TranspositionTable(),
                                              self.policy.engine):
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


__all__ = ["DEFAULT_BUDGET", "LEVEL_DEPTHS", "LEVEL_RANDOM", "LINE_LIMIT", "PERFECT", "Choice",
           "Policy", "Thinker"]
