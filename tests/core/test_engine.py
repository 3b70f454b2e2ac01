"""The engine against plain minimax on real games: tables and symmetry never change a value."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.tictactoe import TicTacToe
from minimax_cli.core.result import WIN, Bound, Limits
from minimax_cli.core.search import iterate, search
from minimax_cli.core.table import TranspositionTable

GAME = TicTacToe()


def random_position(seed: int, plies: int) -> Any:
    rng = random.Random(seed)
    state = GAME.initial_state()
    for _ in range(plies):
        if GAME.outcome(state) is not None:
            break
        state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))
    return state


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 8))
def test_engine_matches_minimax_with_and_without_symmetry(seed: int, plies: int) -> None:
    state = random_position(seed, plies)
    truth = search(GAME, state, "minimax")
    for symmetry in (True, False):
        engine = search(GAME, state, "negamax", symmetry=symmetry)
        assert engine.value == truth.value
        assert [(m.move, m.value) for m in sorted(engine.moves, key=lambda m: m.move)] == [
            (m.move, m.value) for m in truth.moves
        ]


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 6))
def test_a_tiny_table_changes_nothing(seed: int, plies: int) -> None:
    state = random_position(seed, plies)
    full = search(GAME, state, "negamax")
    tiny = search(GAME, state, "negamax", table=TranspositionTable(7))
    assert tiny.value == full.value
    assert {m.move: m.score for m in tiny.moves} == {m.move: m.score for m in full.moves}


def test_quicker_win_ranks_first() -> None:
    # X to move: 3 wins at once; other moves win later or not at all.
    state = GAME.parse_position("XX./OO./...")
    result = search(GAME, state, "negamax")
    assert GAME.format_move(state, result.best_move) == "3"
    assert result.distance == 1 and result.value == 1
    scores = {GAME.format_move(state, m.move): m.score for m in result.moves}
    assert scores["3"] == WIN - 1
    assert all(s < scores["3"] for move, s in scores.items() if move != "3")


def test_proven_win_outranks_heuristic_at_depth_limit() -> None:
    state = GAME.parse_position("XX./OO./...")
    result = search(GAME, state, "negamax", Limits(depth=1))
    assert GAME.format_move(state, result.best_move) == "3"
    assert result.value == 1 and result.exact


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


def test_node_limit_stops_textbook_search() -> None:
    result = search(GAME, GAME.initial_state(), "minimax", Limits(nodes=5000))
    assert result.timed_out and not result.exact


def test_bounds_without_exact_root_are_honest() -> None:
    state = GAME.initial_state()
    result = search(GAME, state, "negamax", exact_root=False)
    assert result.value == 0
    assert all(m.bound in (Bound.EXACT, Bound.UPPER) for m in result.moves)
    assert all(m.value >= 0 for m in result.moves if m.bound is Bound.UPPER)


def test_an_empty_table_passed_in_is_the_one_used() -> None:
    table = TranspositionTable(1000)
    search(GAME, GAME.initial_state(), "negamax", table=table)
    assert len(table) > 0
