"""The AI's policy: a time budget per move, the game's own solver first, honest words."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from games.bones.game import Bones
from games.connect4.game import ConnectFour
from games.tictactoe.game import TicTacToe
from minimax_cli import registry
from minimax_cli.answer import precedence
from minimax_cli.answer.policy import Policy, Thinker
from minimax_cli.answer.precedence import Answer, Answerer
from minimax_cli.answer.thinks import think_report
from minimax_cli.core.game import MAX, MIN
from minimax_cli.core.result import (
    STOP_INTERRUPTED,
    STOP_TIME,
    MoveValue,
    SearchResult,
    SearchStats,
)
from minimax_cli.core.score import Kind, PovScore, Score
from minimax_cli.core.search import iterate as real_iterate
from minimax_cli.core.solver import ExactSolver, Solution
from minimax_cli.play.words import explain as explain_for
from minimax_cli.play.words import policy_words
from minimax_cli.reports.answers import tied_moves
from minimax_cli.reports.words import Party, you

#: A budget no search of a 3x3 board comes near, so that facts never hang on the machine's speed.
AMPLE = 600.0
Board = tuple[int, int]


def explain(game: Any, state: Any, thought: Answer, move: Any, player: int, who: str,
            played: bool = False) -> str:
    """The words for `move` of `player`, called `who`, from the report of `thought` about `state`;
    the other player is `you`."""
    return explain_for(game, think_report(game, state, thought), move, Party(player, who),
                       you(1 - player), played=played)


def oracle(game: TicTacToe, state: Board, memo: dict[Board, int]) -> int:
    """Plain minimax to the end, MAX's view (+1 / 0 / -1), written independently of the core."""
    if state in memo:
        return memo[state]
    value = game.outcome(state)
    if value is None:
        values = [oracle(game, game.play(state, m), memo) for m in game.legal_moves(state)]
        value = max(values) if game.to_move(state) == MAX else min(values)
    memo[state] = int(value)
    return int(value)


@pytest.mark.parametrize("position", ["XX./OO./...", "XX./.O./...", "X../.O./...", ".........",
                                      "X.X/.O./O.X", "XO./.../..."])
def test_perfect_plays_a_proven_best_move_when_it_solves_in_time(position: str) -> None:
    game = TicTacToe()
    state = game.parse_position(position)
    memo: dict[Board, int] = {}
    thinker = Thinker(game, Policy(budget=AMPLE), random.Random(1))
    choice = thinker.choose(state)
    assert choice.thought.solved and not choice.random
    values = {m.move: m.value for m in choice.thought.result.moves}
    assert values == {m: oracle(game, game.play(state, m), memo) for m in game.legal_moves(state)}
    sign = 1 if game.to_move(state) == MAX else -1
    assert sign * values[choice.move] == max(sign * v for v in values.values())
    assert ", proven by a search to the end" in explain(game, state, choice.thought, choice.move,
                                                        game.to_move(state), "the AI")


def test_the_ai_takes_a_win_in_one() -> None:
    game = TicTacToe()
    state = game.parse_position("XX./OO./...")  # X to move: 3 wins at once
    choice = Thinker(game, Policy(budget=AMPLE)).choose(state)
    assert choice.move == 2
    assert choice.thought.result.max_score == Score.win(1)


def immediate_wins(game: TicTacToe, state: Board) -> list[int]:
    """The mover's moves that end the game in the mover's favour (checked by playing them)."""
    mover = game.to_move(state)
    return [m for m in game.legal_moves(state)
            if game.outcome(game.play(state, m)) == (1 if mover == MAX else -1)]


def sample_positions(game: TicTacToe, keep: Callable[[Board], bool], count: int,
                    seed: int) -> list[Board]:
    """`count` positions from seeded random playouts that `keep` accepts."""
    rng = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(5, 16)):
            if game.outcome(state) is not None:
                break
            state = game.play(state, rng.choice(list(game.legal_moves(state))))
        if game.outcome(state) is None and keep(state):
            found.append(state)
    return found


def safe_moves(game: TicTacToe, state: Board) -> list[int]:
    """The moves after which the opponent cannot win at once."""
    return [m for m in game.legal_moves(state) if not immediate_wins(game, game.play(state, m))]


@pytest.mark.slow  # many searches on 5x5
def test_never_leaves_a_win_in_one_on_5x5_at_a_small_budget() -> None:
    game = TicTacToe(rows=5, cols=5, k=4)
    thinker = Thinker(game, Policy(budget=0.3))

    def must_block(state: Board) -> bool:  # no win of our own; a threat that one move stops
        safe = safe_moves(game, state)
        return not immediate_wins(game, state) and 0 < len(safe) < len(game.legal_moves(state))

    for state in sample_positions(game, must_block, 8, seed=11):
        assert thinker.choose(state).move in safe_moves(game, state), game.format_position(state)
    for state in sample_positions(game, lambda s: bool(immediate_wins(game, s)), 4, seed=12):
        assert thinker.choose(state).move in immediate_wins(game, state)


def test_a_budget_stopped_search_on_5x5_says_not_proven() -> None:
    game = TicTacToe(rows=5, cols=5, k=4)
    thinker = Thinker(game, Policy(budget=0.2))
    choice = thinker.choose(game.initial_state())
    result = choice.thought.result
    assert not choice.thought.solved
    assert result.stopped == STOP_TIME
    assert result.depth is not None and result.depth >= 1
    entry = next(m for m in result.moves if m.move == choice.move)
    assert entry.score.relative.kind is Kind.ESTIMATE
    words = explain(game, game.initial_state(), choice.thought, choice.move, MAX, "the AI")
    assert words.startswith(f"best move at depth {result.depth} of a search stopped after 0.2 s; "
                            "value not proven: estimate ")
    assert "proven by" not in words
    hint = thinker.hint(game.initial_state())  # a hint obeys the same budget
    assert not hint.solved and hint.result.stopped == STOP_TIME


class NoEvaluation(TicTacToe):
    """5x5 k=4 without an evaluation function: only a search to the end could value it."""

    def evaluators(self) -> dict[str, Any]:
        return {}


def test_no_evaluation_and_an_impossible_budget_invents_no_value() -> None:
    game = NoEvaluation(rows=5, cols=5, k=4)
    choice = Thinker(game, Policy(budget=0.05), random.Random(2)).choose(game.initial_state())
    result = choice.thought.result
    assert result.score is None and result.moves == [] and not result.best_searched
    assert choice.move == result.best_move and choice.move in game.legal_moves(game.initial_state())
    words = explain(game, game.initial_state(), choice.thought, choice.move, MAX, "the AI")
    assert words == ("no value found: the 0.05 s budget ran out before any depth was completed; "
                     "the move is move ordering's first choice, not searched")


# --- the game's own solver ------------------------------------------------------------------------
class MultipleOfFour(ExactSolver[tuple[int, int], int]):
    """Bones with takes 1..3: the mover loses exactly on a multiple of four (the known theory)."""

    def __init__(self, answer: bool = True,
                 stall: Callable[[Callable[[int, int], None] | None], None] | None = None) -> None:
        self.answer, self.stall, self.calls = answer, stall, 0

    def solve(self, state: tuple[int, int], progress: Callable[[int, int], None] | None = None
              ) -> Solution[int] | None:
        self.calls += 1
        if self.stall is not None:
            self.stall(progress)
        if not self.answer:
            return None
        heap, mover = state

        def result(wins: bool) -> Score:
            return Score.win() if wins else Score.loss()

        moves = tuple(MoveValue(t, PovScore(result((heap - t) % 4 == 0), mover))
                      for t in (1, 2, 3) if t <= heap)
        return Solution(PovScore(result(heap % 4 != 0), mover), moves, "rule of four",
                        ("a multiple of four loses",), heap + 1)


class SolvedBones(Bones):
    def __init__(self, n: int, solver: MultipleOfFour) -> None:
        super().__init__(n)
        self.solver = solver

    def exact_solver(self, memory_mb: float | None = None  # type: ignore[override]
                     ) -> MultipleOfFour:  # a stand-in solver
        return self.solver


def test_the_games_own_solver_is_asked_first() -> None:
    solver = MultipleOfFour()
    game = SolvedBones(10, solver)
    choice = Thinker(game, Policy(budget=AMPLE), random.Random(0)).choose((10, MAX))
    assert solver.calls == 1
    assert choice.move == 2  # leaves 8, a multiple of four
    assert choice.thought.method == "rule of four" and choice.thought.solved
    assert explain(game, (10, MAX), choice.thought, choice.move, MAX, "the AI") == (
        "the AI can force a win, proven by the game's own solver (rule of four) · 11 positions "
        "solved")
    lost = Thinker(game, Policy(budget=AMPLE)).choose((8, MIN))
    assert explain(game, (8, MIN), lost.thought, lost.move, MIN, "the AI").startswith(
        "you can force a win, proven by the game's own solver")


def test_a_solver_that_does_not_answer_leaves_it_to_the_search() -> None:
    game = SolvedBones(10, MultipleOfFour(answer=False))
    choice = Thinker(game, Policy(budget=AMPLE)).choose((10, MAX))
    assert choice.thought.method is None and choice.thought.solved
    assert choice.move == 2
    assert "proven by a search to the end" in explain(game, (10, MAX), choice.thought,
                                                       choice.move, MAX, "AI")


def test_a_slow_solver_gives_up_at_the_budget_through_its_progress_reports() -> None:
    def forever(progress: Callable[[int, int], None] | None) -> None:
        assert progress is not None
        while True:
            progress(0, 1)

    game = SolvedBones(10, MultipleOfFour(stall=forever))
    choice = Thinker(game, Policy(budget=0.05)).choose((10, MAX))
    assert choice.thought.method is None  # the answer, if any, came from the search
    assert choice.move in (1, 2, 3)


def test_levels_below_perfect_do_not_use_a_depth_cut_solver() -> None:
    # A depth-limited level searches (its weakness is the point); the solver is for the end.
    game = TicTacToe()
    thought = Thinker(game, Policy.make(game, "2", budget=AMPLE)).choose((0, 0)).thought
    assert thought.result.depth == 2 and thought.method is None


# --- Ctrl-C ---------------------------------------------------------------------------------------
def interrupt_after(count: int) -> Callable[..., Iterator[Any]]:
    """An `iterate` that yields the real first `count` results, then acts as Ctrl-C would."""
    real = real_iterate

    def iterate(*args: Any, **kwargs: Any) -> Iterator[Any]:
        results = real(*args, **kwargs)
        for _ in range(count):
            yield next(results)
        raise KeyboardInterrupt

    return iterate


def test_ctrl_c_plays_the_first_depths_best_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(precedence, "iterate", interrupt_after(1))
    game = TicTacToe()
    choice = Thinker(game, Policy(budget=AMPLE)).choose(game.initial_state())
    result = choice.thought.result
    assert choice.thought.interrupted and result.stopped == STOP_INTERRUPTED
    assert result.depth == 1
    assert choice.move == 4  # one ply: the centre scores 8 - 4 = 4, the course's example
    assert explain(game, game.initial_state(), choice.thought, choice.move, MAX, "the AI") == (
        "best move at depth 1 of a search stopped by Ctrl-C; value not proven: estimate 4 for "
        "the AI")


def test_ctrl_c_before_any_depth_plays_move_orderings_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(precedence, "iterate", interrupt_after(0))
    game = TicTacToe()
    state = game.parse_position("X../.O./...")
    choice = Thinker(game, Policy(budget=AMPLE)).choose(state)
    assert choice.thought.result.score is None
    assert choice.move == game.order_moves(state, game.legal_moves(state))[0]
    assert explain(game, state, choice.thought, choice.move, MAX, "the AI") == (
        "no value found: Ctrl-C stopped the search before any depth was completed; the move is "
        "move ordering's first choice, not searched")


def test_best_moves_are_ties_at_the_same_depth() -> None:
    game = TicTacToe()
    result = Thinker(game, Policy(depth=1, budget=AMPLE)).choose((0, 0)).thought.result
    assert result.best_moves() == [4]  # the centre alone scores 4 at one ply
    result = Thinker(game, Policy(budget=AMPLE)).choose((0, 0)).thought.result
    assert set(result.best_moves()) == set(range(9))  # every opening draws


def test_policy_words() -> None:
    game = TicTacToe()
    assert policy_words(Policy.make(game)) == "level 5: perfect, up to 1 s a move"
    assert policy_words(Policy.make(game, "3", budget=2.5)) == (
        "level 3: medium, 3 plies deep, up to 2.5 s a move")
    assert policy_words(Policy.make(Bones(), "weak")) == (
        "level 1: weak, a random move 60% of the time, up to 1 s a move")


@pytest.mark.parametrize("algorithm", ["alphabeta", "minimax"])
def test_textbook_algorithms_deepen_until_nothing_is_left_to_the_evaluation(algorithm: str) -> None:
    game = TicTacToe()
    state = game.parse_position("XO./.X./O..")  # X to move: 9 wins at once
    thought = Thinker(game, Policy(algorithm=algorithm, budget=AMPLE)).choose(state).thought
    result = thought.result
    assert thought.solved and result.best_move == 8
    assert result.max_score == Score.win(1)
    # Five empty cells: a search five plies deep reaches the end of every line, so deepening
    # stops there at the latest (it never goes on to depths that add nothing).
    assert result.depth is not None and result.depth <= 5


# --- ties and seeds ---------------------------------------------------------------------------------
class ShuffledFour(MultipleOfFour):
    """The rule of four, its moves listed in a new random order at every call (an unseeded
    generator of its own), as a solver or a search with another table might list them."""

    def solve(self, state: tuple[int, int], progress: Callable[[int, int], None] | None = None
              ) -> Solution[int] | None:
        solution = super().solve(state, progress)
        assert solution is not None
        moves = list(solution.moves)
        random.shuffle(moves)
        return Solution(solution.score, tuple(moves), solution.method, solution.explanation,
                        solution.work)


def test_a_seed_fixes_the_choice_among_ties_whatever_order_they_come_in() -> None:
    # Heap 8 with MAX to move is lost (a multiple of four): all three takes tie.
    game = SolvedBones(8, ShuffledFour())
    for seed in range(4):
        picks = {Thinker(game, Policy(budget=AMPLE), random.Random(seed)).choose((8, MAX)).move
                 for _ in range(12)}
        assert len(picks) == 1, (seed, picks)
    # ... and the seeds do not all pick the same move: the choice is random, not the first one.
    assert len({Thinker(game, Policy(budget=AMPLE), random.Random(seed)).choose((8, MAX)).move
                for seed in range(20)}) == 3


def test_tied_moves_come_in_the_games_order() -> None:
    game = TicTacToe()
    result = Thinker(game, Policy(budget=AMPLE)).choose((0, 0)).thought.result
    backwards = SearchResult(result.algorithm, result.root_player, result.score,
                             result.best_move, result.moves[::-1], result.pv, result.stats)
    assert tied_moves(game, (0, 0), result) == tied_moves(game, (0, 0), backwards) == list(range(9))


# --- the line `why` shows -----------------------------------------------------------------------------
def distance_oracle(game: TicTacToe, state: Board, memo: dict[Board, tuple[int, int]]
                    ) -> tuple[int, int]:
    """(value for MAX, plies to the end) with best play: wins as quick and losses as slow as
    possible, by plain recursion written for this test."""
    if state in memo:
        return memo[state]
    value = game.outcome(state)
    if value is not None:
        memo[state] = (int(value), 0)
        return memo[state]
    sign = 1 if game.to_move(state) == MAX else -1
    options = []
    for move in game.legal_moves(state):
        v, plies = distance_oracle(game, game.play(state, move), memo)
        # For the mover: a better value first; then a quicker win, a slower loss (draws: any).
        options.append((sign * v, -(plies + 1) if sign * v > 0 else plies + 1, v, plies + 1))
    best = max(options)
    memo[state] = (best[2], best[3])
    return memo[state]


def assert_best_play(game: TicTacToe, state: Board, line: list[Any]) -> None:
    """Every move of `line` keeps the value and its distance (best play), and it reaches the end."""
    memo: dict[Board, tuple[int, int]] = {}
    for move in line:
        value, plies = distance_oracle(game, state, memo)
        after = game.play(state, move)
        assert distance_oracle(game, after, memo) == (value, plies - 1), (state, move)
        state = after
    assert game.outcome(state) is not None


def test_the_line_starts_with_the_move_played_and_is_best_play() -> None:
    game = TicTacToe()
    state = game.parse_position("X../.O./...")  # X to move: several moves keep the draw
    thinker = Thinker(game, Policy(budget=AMPLE))
    thought = thinker.choose(state).thought
    tied = tied_moves(game, state, thought.result)
    assert len(tied) > 1
    for move in tied:
        line = thinker.line(state, thought, move)
        assert line.moves[0] == move and line.proven and line.to_the_end and not line.cut
        assert_best_play(game, state, line.moves)
    other = next(m for m in tied if m != thought.result.pv[0])  # not the search's own line
    assert thinker.line(state, thought, other).moves[0] == other


def test_the_line_after_a_solver_move_walks_the_solver_to_the_end() -> None:
    # Theory: from a heap that is not a multiple of four the winner always leaves one.
    game = SolvedBones(10, MultipleOfFour())
    thinker = Thinker(game, Policy(budget=AMPLE))
    thought = thinker.choose((10, MAX)).thought
    line = thinker.line((10, MAX), thought, 2)
    assert line.proven and line.optimal_only and line.to_the_end and line.moves[0] == 2
    heap, mover = 10, MAX
    for take in line.moves:
        heap -= take
        if mover == MAX:
            assert heap % 4 == 0  # the winner leaves a multiple of four every time
        mover = 1 - mover
    assert heap == 0


def test_a_depth_limited_line_is_not_called_proven() -> None:
    game = TicTacToe()
    thinker = Thinker(game, Policy.make(game, "3", budget=AMPLE))
    state = game.initial_state()
    thought = thinker.choose(state).thought
    line = thinker.line(state, thought, 0)  # a corner: not the centre the search prefers
    assert line.moves[0] == 0 and not line.proven and not line.to_the_end
    assert len(line.moves) == 3  # the move and two more plies: the depth the search went to


# --- the budget, kept cooperatively -----------------------------------------------------------------
def reporting(progress: Callable[[int, int], None] | None) -> None:
    """A solver's work of ten seconds, long after any budget here, that reports its progress
    every millisecond (as the solver protocol asks): the think stops it there."""
    assert progress is not None
    for done in range(10_000):
        time.sleep(0.001)
        progress(done, 10_000)


def test_a_solver_that_reports_is_stopped_at_the_budget() -> None:
    game = SolvedBones(10, MultipleOfFour(stall=reporting))
    thinker = Thinker(game, Policy(budget=0.05))
    for think in (lambda: thinker.hint((10, MAX)), lambda: thinker.choose((10, MAX)).thought):
        started = time.perf_counter()
        thought = think()
        assert time.perf_counter() - started < 5.0  # ten seconds had the solver run on
        assert thought.method is None and thought.result.best_move in (1, 2, 3)


#: Each built-in game at its default and at a size where no search or solver finishes within the
#: budget; any other registered game at its default.
HARD_SIZES = [("tictactoe", {}), ("tictactoe", {"rows": "8", "cols": "8", "k": "5"}),
              ("connect4", {}), ("bones", {}), ("bones", {"n": "5000000", "take": "2,3,7"}),
              ("nim", {"heaps": "3000,2999,2000,1000"}), ("dicebones", {"n": "40"}),
              ("bones3", {"n": "60"}), ("tree", {})]
BUDGET_GAMES = [*HARD_SIZES, *((name, {}) for name in registry.names()
                               if name not in {game for game, _ in HARD_SIZES})]
#: What a think may take beyond its budget: leaving the searches and a loaded machine's noise,
#: far below what an unchecked search or solver takes at these sizes.
SLACK = 2.0


@pytest.mark.parametrize(("name", "params"), BUDGET_GAMES)
def test_a_think_and_a_hint_keep_their_budget_in_every_game(name: str,
                                                           params: dict[str, str]) -> None:
    assert set(registry.names()) == {game for game, _ in BUDGET_GAMES}  # every game is here
    game = registry.create(name, params)
    thinker = Thinker(game, Policy.make(game, budget=0.3), random.Random(1))  # its algorithm
    state = game.initial_state()
    for think in (lambda: thinker.hint(state), lambda: thinker.choose(state).thought):
        started = time.perf_counter()
        think()
        assert time.perf_counter() - started < 0.3 + SLACK


def test_a_stopped_think_clears_the_sittings_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ctrl-C may land in the middle of a table update: the table is dropped.
    game = TicTacToe()
    thinker = Thinker(game, Policy(budget=AMPLE))
    thinker.choose(game.parse_position("X../.O./..."))
    assert len(thinker.table) > 0
    monkeypatch.setattr(precedence, "iterate", interrupt_after(1))
    assert thinker.choose(game.initial_state()).thought.interrupted
    assert len(thinker.table) == 0


def test_tied_moves_walk_the_legal_moves_only_until_all_are_met() -> None:
    class Counted(TicTacToe):
        walked = 0

        def legal_moves(self, state: Board) -> Iterator[int]:  # type: ignore[override]
            for move in super().legal_moves(state):
                Counted.walked += 1
                yield move

    game = Counted()
    result = SearchResult("negamax", MAX, PovScore(Score.draw(), MAX), 2,
                          [MoveValue(m, PovScore(Score.draw() if m in (1, 2) else Score.loss(2),
                                                 MAX)) for m in range(9)], [], SearchStats())
    assert tied_moves(game, (0, 0), result) == [1, 2]
    assert Counted.walked == 3  # moves 0, 1, 2: not the whole board


# --- Connect Four: the proof search first --------------------------------------------------------
C4_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "connect4"


@pytest.mark.skipif(not (C4_DATA / "Test_L2_R1").is_file(),
                    reason="the shared Connect Four sets are not here")
def test_connect4_ai_plays_a_proven_move_from_the_middle_game() -> None:
    """Middle-game positions (fewer than 14 moves left) with Pons' published scores: the AI proves
    every move within its budget and plays one that keeps the published result."""
    from games.connect4.game import ConnectFour

    game = ConnectFour()
    lines = (C4_DATA / "Test_L2_R1").read_text().split("\n")[:6]
    for line in lines:
        moves, published = line.split()
        state = game.parse_position(moves)
        thinker = Thinker(game, Policy(budget=AMPLE), random.Random(1))
        choice = thinker.choose(state)
        result = choice.thought.result
        assert result.algorithm == "proof" and choice.thought.solved
        expected = {1: Kind.WIN, 0: Kind.DRAW, -1: Kind.LOSS}[(int(published) > 0)
                                                                - (int(published) < 0)]
        chosen = next(m for m in result.moves if m.move == choice.move)
        assert chosen.score.relative.kind is expected
        assert result.score is not None and result.score.relative.kind is expected
        if expected is not Kind.DRAW:
            # Pons' score is 22 minus the winner's stones at its win; one stone a move each.
            stones = (len(moves) + 1) // 2 if len(moves) % 2 == 0 else len(moves) // 2
            winner_stones = 22 - abs(int(published))
            own_moves_left = winner_stones - (stones if expected is Kind.WIN else len(moves) - stones)
            plies = 2 * own_moves_left - (1 if expected is Kind.WIN else 0)
            assert result.score.relative.plies == plies, line


# --- a think that tried a proof first (Connect Four) ---------------------------------------------
# Found by a user's tour: each move said "search stopped after 1 s" while `why` showed the search's
# own 0.5 s (the proof had the first half), and Ctrl-C during the proof said no depth completed as
# if the searches had run.
def unfinished_proof(seconds: float) -> Callable[..., None]:
    """A `_settle` that spends `seconds` and does not finish, as a proof out of time does."""
    def prove(self: Answerer, state: Any, deadline: float, tried: Any) -> None:
        time.sleep(seconds)  # stands for the proof's work; the test reads no clock for its verdict
    return prove


def test_a_think_says_the_proof_took_part_of_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Answerer, "_settle", unfinished_proof(0.05))
    game = ConnectFour()
    thought = Thinker(game, Policy(budget=0.3)).think(game.initial_state(), None, "negamax")
    assert thought.proof_seconds is not None and thought.proof_seconds >= 0.05
    said = explain(game, game.initial_state(), thought, thought.result.best_move, MAX, "the AI")
    proof = f"{thought.proof_seconds:.2f}"
    assert f"of 0.3 s (a proof search took the first {proof} s and did not finish)" in said


def test_ctrl_c_during_the_proof_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(self: Answerer, state: Any, deadline: float, tried: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Answerer, "_settle", interrupted)
    game = ConnectFour()
    thought = Thinker(game, Policy(budget=5.0)).think(game.initial_state(), None, "negamax")
    assert thought.interrupted and thought.result.score is None
    said = explain(game, game.initial_state(), thought, thought.result.best_move, MAX, "the AI")
    assert said.startswith("no value found: Ctrl-C stopped the proof search, which gives no value "
                           "until it finishes, before any depth-limited search began")
