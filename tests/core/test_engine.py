"""The engine against plain minimax on real games: tables and symmetry never change a value; limits
hold; every algorithm serves only the kinds of game it models."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bones.game import Bones
from games.tictactoe.game import TicTacToe
from minimax_cli.core.game import CHANCE, Game, GameType, SearchError
from minimax_cli.core.result import Limits
from minimax_cli.core.score import WIN, Bound, Kind, Score, encode
from minimax_cli.core.search import iterate, search
from minimax_cli.core.table import TranspositionTable
from tests.profiles import examples

GAME = TicTacToe()


def random_position(seed: int, plies: int) -> Any:
    rng = random.Random(seed)
    state = GAME.initial_state()
    for _ in range(plies):
        if GAME.outcome(state) is not None:
            break
        state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))
    return state


@examples(1.5, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 8))
def test_engine_matches_minimax_with_and_without_symmetry(seed: int, plies: int) -> None:
    # From two plies on (the empty board's full tree is counted in tests/cli/test_analyze.py).
    state = random_position(seed, plies)
    truth = search(GAME, state, "minimax")
    for symmetry in (True, False):
        engine = search(GAME, state, "negamax", symmetry=symmetry)
        assert engine.value == truth.value
        assert [(m.move, m.value) for m in sorted(engine.moves, key=lambda m: cast(int, m.move))] == [
            (m.move, m.value) for m in truth.moves
        ]


@examples(1, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 6))
def test_a_tiny_table_changes_nothing(seed: int, plies: int) -> None:
    state = random_position(seed, plies)
    full = search(GAME, state, "negamax")
    tiny = search(GAME, state, "negamax", table=TranspositionTable(0.01))
    assert tiny.value == full.value
    assert {m.move: m.score for m in tiny.moves} == {m.move: m.score for m in full.moves}


def test_quicker_win_ranks_first() -> None:
    # X to move: 3 wins at once; other moves win later or not at all.
    state = GAME.parse_position("XX./OO./...")
    result = search(GAME, state, "negamax")
    assert GAME.format_move(state, cast(int, result.best_move)) == "3"
    assert result.distance == 1 and result.value == 1
    scores = {GAME.format_move(state, cast(int, m.move)): m.score.relative for m in result.moves}
    assert scores["3"] == Score.win(1) and encode(scores["3"]) == WIN - 1
    assert all(s.sort_key() < scores["3"].sort_key() for move, s in scores.items() if move != "3")


def test_proven_win_outranks_heuristic_at_depth_limit() -> None:
    state = GAME.parse_position("XX./OO./...")
    result = search(GAME, state, "negamax", Limits(depth=1))
    assert GAME.format_move(state, cast(int, result.best_move)) == "3"
    assert result.value == 1 and result.exact
    # A win, found beside heuristics: its length is an upper limit (a quicker one could exist).
    assert result.max_score is not None and result.max_score.kind is Kind.WIN
    assert result.distance == 1


def test_iterative_deepening_yields_each_depth_then_stops_when_exact() -> None:
    results = list(iterate(GAME, GAME.initial_state(), Limits(time=30)))
    depths = [r.depth for r in results]
    assert depths == list(range(1, len(depths) + 1))
    assert results[-1].exact and results[-1].value == 0
    assert not any(r.exact for r in results[:-1])


def test_time_limit_is_honoured_and_marked() -> None:
    big = TicTacToe(5, 5, 4)
    result = search(big, big.initial_state(), "negamax", Limits(time=0.3))
    assert result.timed_out
    assert result.stats.elapsed < 3.0
    assert result.best_move in big.legal_moves(big.initial_state())


def test_node_limit_stops_textbook_search_without_a_value() -> None:
    result = search(GAME, GAME.initial_state(), "minimax", Limits(nodes=5000))
    assert result.stopped == "nodes" and result.score is None and result.value is None
    assert not result.exact and not result.best_searched
    assert result.stats.nodes <= 5000


@pytest.mark.parametrize("algorithm", ["negamax", "minimax", "alphabeta"])
def test_fifty_nodes_means_at_most_fifty(algorithm: str) -> None:
    """`--nodes 50` on the empty board: the budget is exact. Minimax and alpha-beta cannot finish
    the game in 50 nodes (the tree has 549,946; alpha-beta's textbook count is 18,297), so they
    have no value; the engine deepens and keeps the last depth it completed."""
    result = search(GAME, GAME.initial_state(), algorithm, Limits(nodes=50))
    assert result.stats.nodes <= 50
    assert result.stopped == "nodes"
    if algorithm != "negamax":
        assert result.score is None and result.best_searched is False
        assert result.best_move in GAME.legal_moves(GAME.initial_state())
        return
    assert result.score is not None and result.depth is not None and result.depth >= 1
    assert not result.proven  # two plies cannot prove tic-tac-toe a draw
    alone = search(GAME, GAME.initial_state(), "negamax", Limits(depth=result.depth))
    assert result.value == alone.value


def test_bounds_without_exact_root_are_honest() -> None:
    state = GAME.initial_state()
    result = search(GAME, state, "negamax", exact_root=False)
    assert result.value == 0
    assert all(m.bound in (Bound.EXACT, Bound.UPPER) for m in result.moves)
    assert all(m.value >= 0 for m in result.moves if m.bound is Bound.UPPER)


def test_an_empty_table_passed_in_is_the_one_used() -> None:
    table = TranspositionTable(1)
    search(GAME, GAME.initial_state(), "negamax", table=table)
    assert len(table) > 0


# --- the table bugs of the issue ---------------------------------------------------------------------
@pytest.mark.slow  # a full 4x4 proof
def test_a_half_megabyte_table_still_proves_the_4x4_draw() -> None:
    """4x4 with four in a row is a draw (m,n,k-game theory); a table that fills up early must still
    prove it, exactly (1.5 s; the old table stopped storing when full and took minutes)."""
    game = TicTacToe(4, 4, 4)
    result = search(game, game.initial_state(), "negamax", table=TranspositionTable(0.5))
    assert result.value == 0 and result.exact
    assert result.max_score == Score.draw()


def test_a_second_depth_limited_search_on_the_same_table_stays_an_estimate() -> None:
    game = TicTacToe(4, 4, 4)
    table = TranspositionTable(1)
    first = search(game, game.initial_state(), "negamax", Limits(depth=3), table=table)
    second = search(game, game.initial_state(), "negamax", Limits(depth=3), table=table)
    assert not first.exact and not second.exact
    assert second.max_score is not None and second.max_score.kind is Kind.ESTIMATE
    assert all(m.max_score.kind is Kind.ESTIMATE for m in second.moves)
    assert second.value == first.value


@pytest.mark.parametrize(("heap", "max_nodes"), [(400, 8_000), (2000, 20_000)])
def test_a_proven_position_answers_at_any_ply(heap: int, max_nodes: int) -> None:
    """Bones with take 1..3: heaps that are multiples of 4 are lost for the player to move, and
    the winner keeps handing back multiples of 4, so every game lasts heap / 2 plies. Proven
    entries answer at any ply, so the search stays linear in the heap."""
    game = Bones(n=heap)
    result = search(game, game.initial_state(), "negamax")
    assert result.exact and result.max_score == Score.loss(heap // 2)
    assert result.stats.nodes <= max_nodes


def test_a_deep_game_needs_no_recursion_limit() -> None:
    game = Bones(n=10_001)  # 10,001 = 1 mod 4: take 1, then 10,000 plies as above
    result = search(game, game.initial_state(), "negamax")
    assert result.exact and result.max_score == Score.win(10_001 // 2 + 1)
    assert game.format_move(game.initial_state(), cast(int, result.best_move)) == "1"


# --- game types ----------------------------------------------------------------------------------------
class Gamble(Game[str, str]):
    """MAX chooses between a sure draw and a coin flip won 90 % of the time."""

    name = "gamble"
    description = "a sure draw or a coin flip won nine times in ten"
    game_type: ClassVar[GameType] = GameType(chance=True)
    edges: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("sure", "flip"), "flip": ("heads", "tails")}
    values: ClassVar[dict[str, int]] = {"sure": 0, "heads": 1, "tails": -1}

    def initial_state(self) -> str:
        return "start"

    def to_move(self, state: str) -> int:
        return CHANCE if state == "flip" else 0

    def legal_moves(self, state: str) -> Sequence[str]:
        return self.edges.get(state, ())

    def play(self, state: str, move: str) -> str:
        return move

    def outcome(self, state: str) -> float | None:
        return self.values.get(state)

    def chance_outcomes(self, state: str) -> Sequence[tuple[str, Fraction]]:
        return [("heads", Fraction(9, 10)), ("tails", Fraction(1, 10))]

    def parse_position(self, text: str) -> str:
        return text

    def format_position(self, state: str) -> str:
        return state

    def parse_move(self, state: str, text: str) -> str:
        return text

    def format_move(self, state: str, move: str) -> str:
        return move


class ThreeCounts(Game[int, int]):
    """Three players say 1 in turn; after three turns the first has 1, the others 0 and -1."""

    name = "threecounts"
    description = "a three-player toy"
    game_type: ClassVar[GameType] = GameType(players=3, zero_sum=False)

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> int:
        return state % 3

    def legal_moves(self, state: int) -> Sequence[int]:
        return () if state == 3 else (1,)

    def play(self, state: int, move: int) -> int:
        return state + move

    def outcome(self, state: int) -> float | None:
        return 1 if state == 3 else None

    def returns(self, state: int) -> tuple[float, ...] | None:
        return (1, 0, -1) if state == 3 else None

    def parse_position(self, text: str) -> int:
        return int(text)

    def format_position(self, state: int) -> str:
        return str(state)

    def parse_move(self, state: int, text: str) -> int:
        return int(text)

    def format_move(self, state: int, move: int) -> str:
        return str(move)


@pytest.mark.parametrize("algorithm", ["negamax", "minimax", "alphabeta"])
def test_minimax_searches_refuse_a_game_with_chance(algorithm: str) -> None:
    game = Gamble()
    with pytest.raises(SearchError, match="chance") as refused:
        search(game, game.initial_state(), algorithm)
    assert "\n" not in str(refused.value)


def test_expectimax_takes_the_coin_flip_at_its_exact_average() -> None:
    game = Gamble()
    result = search(game, game.initial_state(), "expectimax")
    # 9/10 * 1 + 1/10 * (-1) = 4/5 against a sure 0
    assert {m.move: m.value for m in result.moves} == {"sure": 0, "flip": Fraction(4, 5)}
    assert result.value == Fraction(4, 5) and result.best_move == "flip"
    assert result.max_score == Score.value(Fraction(4, 5))
    assert str(result.max_score) == "value 4/5"


@pytest.mark.parametrize("algorithm", ["negamax", "minimax", "alphabeta", "expectimax"])
def test_two_player_algorithms_refuse_three_players(algorithm: str) -> None:
    game = ThreeCounts()
    with pytest.raises(SearchError, match="3") as refused:
        search(game, game.initial_state(), algorithm)
    assert "\n" not in str(refused.value)


def test_an_unknown_option_is_an_error() -> None:
    with pytest.raises(SearchError, match="bogus"):
        search(GAME, GAME.initial_state(), bogus=1)
