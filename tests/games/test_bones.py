"""The game of bones and its exact solver checked against theory: the n % 4 rule, an independent
recursive definition, a brute-force game tree built only from the generic Game methods, and the known
periods."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bones.game import Bones, BonesState, parse_bool, parse_heap_size, parse_take
from games.bones.solver import TABLE_MAX_N, BonesSolver
from minimax_cli.core import (
    MAX,
    MIN,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    SearchError,
    Solution,
)
from minimax_cli.core.i18n import text_of
from minimax_cli.core.periodic import value_at
from tests.oracles import bones_outcomes

TAKE_SETS = [(1, 2, 3), (1, 3, 4), (2, 5), (1, 4), (3,), (2, 4, 7)]


def solver(take: tuple[int, ...] = (1, 2, 3), misere: bool = False, **limits: int) -> BonesSolver:
    """The game's own solver, as the hook hands it out (or with smaller limits, for tests)."""
    if limits:
        return BonesSolver(take, misere, **limits)
    found = Bones(take=take, misere=misere).exact_solver()
    assert isinstance(found, BonesSolver)
    return found


# --- independent references, written here and not taken from the game -----------------------
def full_tree_value(game: Bones, state: BonesState) -> float:
    """Plain minimax over the whole game tree, no memo, using only the generic Game methods."""
    value = game.outcome(state)
    if value is not None:
        return value
    values = [full_tree_value(game, game.play(state, move)) for move in game.legal_moves(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def game_length(game: Bones, state: BonesState) -> int:
    """Plies to the end with best play (the winner hurries, the loser holds out), by brute force."""
    if game.outcome(state) is not None:
        return 0
    value = full_tree_value(game, state)
    lengths = [1 + game_length(game, child) for child in
               (game.play(state, move) for move in game.legal_moves(state))
               if full_tree_value(game, child) == value]
    winning = value == (1.0 if game.to_move(state) == MAX else -1.0)
    return min(lengths) if winning else max(lengths)


def eventual_period(seq: list[bool]) -> tuple[int, int]:
    """The smallest period and, for it, the smallest preperiod seen in seq (seq much longer than
    both), by brute force."""
    n = len(seq)
    for period in range(1, n // 4):
        start = n - period
        while start > 0 and seq[start - 1] == seq[start - 1 + period]:
            start -= 1
        if n - start >= n // 2:
            return start, period
    raise AssertionError("no period found")


# --- the course's examples -----------------------------------------------------------------------
def test_take_one_two_three_mover_loses_exactly_on_multiples_of_four() -> None:
    table = solver().outcome_table(2000)
    assert len(table) == 2001
    assert [heap for heap in range(2001) if not table[heap]] == list(range(0, 2001, 4))


@pytest.mark.parametrize(("n", "value"), [(6, 1.0), (8, -1.0)])
def test_java_tutorial_cases_by_full_game_tree(n: int, value: float) -> None:
    game = Bones(n=n)
    assert full_tree_value(game, game.initial_state()) == value
    assert bool(solver().outcome_table(n)[n]) == (value == 1.0)
    solution = solver().solve(game.initial_state())
    assert solution is not None and solution.value == value and solution.method == "table"


# --- other take sets and misère, against the references -----------------------------------------
@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("take", TAKE_SETS)
def test_outcome_table_matches_recursive_definition(take: tuple[int, ...], misere: bool) -> None:
    table = solver(take, misere).outcome_table(300)
    assert [bool(bit) for bit in table] == bones_outcomes(take, misere, 300)


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("take", TAKE_SETS)
def test_outcome_table_matches_full_game_tree(take: tuple[int, ...], misere: bool) -> None:
    table = solver(take, misere).outcome_table(15)
    for heap in range(16):
        game = Bones(n=heap, take=take, misere=misere)
        # MAX to move: MAX wins iff the mover wins. MIN to move: MAX wins iff the mover loses.
        assert full_tree_value(game, (heap, MAX)) == (1.0 if table[heap] else -1.0)
        assert full_tree_value(game, (heap, MIN)) == (-1.0 if table[heap] else 1.0)


def test_misere_one_two_three_mover_loses_exactly_at_one_mod_four() -> None:
    table = solver(misere=True).outcome_table(2000)
    assert [heap for heap in range(2001) if not table[heap]] == list(range(1, 2001, 4))


def test_terminal_values_are_from_max_point_of_view() -> None:
    normal, misere = Bones(), Bones(misere=True)
    assert normal.outcome((0, MAX)) == -1.0  # MAX cannot move and loses
    assert normal.outcome((0, MIN)) == 1.0
    assert misere.outcome((0, MAX)) == 1.0  # MAX cannot move and wins
    assert misere.outcome((0, MIN)) == -1.0
    assert normal.outcome((1, MAX)) is None
    two_five = Bones(take=(2, 5))
    assert two_five.outcome((1, MAX)) == -1.0  # 1 bone left, but no allowed amount fits
    assert two_five.legal_moves((1, MAX)) == ()


def test_legal_moves_empty_exactly_at_terminal_states() -> None:
    for take in TAKE_SETS:
        game = Bones(take=take)
        for heap in range(20):
            for mover in (MAX, MIN):
                state = (heap, mover)
                assert (len(game.legal_moves(state)) == 0) == (game.outcome(state) is not None)
                assert list(game.legal_moves(state)) == [a for a in take if a <= heap]


def test_play_alternates_and_does_not_accept_illegal_moves() -> None:
    game = Bones(take=(1, 3, 4))
    assert game.play((10, MAX), 3) == (7, MIN)
    assert game.play((7, MIN), 4) == (3, MAX)
    with pytest.raises(IllegalMoveError):
        game.play((10, MAX), 2)
    with pytest.raises(IllegalMoveError):
        game.play((3, MAX), 4)


# --- winning moves --------------------------------------------------------------------------------
def test_winning_moves_leave_a_multiple_of_four() -> None:
    game = solver()
    table = game.outcome_table(100)
    for heap in range(101):
        assert game.winning_moves(heap, table) == [
            a for a in (1, 2, 3) if a <= heap and (heap - a) % 4 == 0
        ]


def test_winning_moves_beyond_the_table_use_the_period() -> None:
    game = solver()
    period = game.proven_period()
    table = game.outcome_table(period.checked_upto)
    assert game.winning_moves(10**18 + 3, table, period) == [3]
    assert game.winning_moves(10**18, table, period) == []
    with pytest.raises(ValueError, match="covers heaps"):
        game.winning_moves(10**18, table)


# --- periods --------------------------------------------------------------------------------------
def test_proven_period_one_two_three() -> None:
    period = solver().proven_period()
    assert (period.preperiod, period.period, period.proven) == (0, 4, True)
    assert period.checked_upto >= period.preperiod + period.period


def test_proven_period_misere_one_two_three() -> None:
    period = solver(misere=True).proven_period()
    assert (period.preperiod, period.period) == (0, 4)


def test_proven_period_one_three_four() -> None:
    game = solver((1, 3, 4))
    period = game.proven_period()
    assert (period.preperiod, period.period) == (0, 7)
    table = game.outcome_table(period.checked_upto)
    losing = [n for n in range(200) if not value_at(table, period, n)]
    assert losing == [n for n in range(200) if n % 7 in (0, 2)]


def test_value_at_huge_heaps_follows_the_mod_four_rule() -> None:
    game = solver()
    period = game.proven_period()
    table = game.outcome_table(period.checked_upto)
    for n in range(10**18 - 5, 10**18 + 6):
        assert bool(value_at(table, period, n)) == (n % 4 != 0)


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("take", TAKE_SETS)
def test_proven_period_is_the_true_one(take: tuple[int, ...], misere: bool) -> None:
    game = solver(take, misere)
    period = game.proven_period()
    reference = bones_outcomes(take, misere, 3000)
    assert (period.preperiod, period.period) == eventual_period(reference)
    table = game.outcome_table(period.checked_upto)
    # what the proof predicts, far past the heaps it computed
    assert [bool(value_at(table, period, n)) for n in range(3001)] == reference


def test_proven_period_with_a_preperiod() -> None:
    period = solver((2, 4, 7)).proven_period()
    assert (period.preperiod, period.period) == (4, 3)


def test_proven_period_gives_up_at_the_limit() -> None:
    with pytest.raises(SearchError, match="no period proven up to heap 40"):
        solver((1, 30)).proven_period(limit=40)


# --- the big table -------------------------------------------------------------------------------
def test_outcome_table_for_a_million_heaps_is_bottom_up() -> None:
    reached: list[tuple[int, int]] = []
    table = solver().outcome_table(10**6, progress=lambda done, total: reached.append((done, total)))
    assert len(table) == 10**6 + 1
    for heap in (0, 1, 4, 999_999, 10**6 - 2, 10**6):
        assert table[heap] == (heap % 4 != 0)
    assert reached == sorted(reached)
    # (heaps settled, heaps in all): heaps 0..10**6 are 10**6 + 1
    assert reached[-1] == (10**6 + 1, 10**6 + 1) and {total for _, total in reached} == {10**6 + 1}
    assert len(reached) > 1


def test_outcome_table_small_and_invalid_sizes() -> None:
    assert solver((2, 5)).outcome_table(0) == bytearray([0])
    assert solver((2, 5), misere=True).outcome_table(1) == bytearray([1, 1])
    with pytest.raises(ValueError, match="0 or more"):
        solver().outcome_table(-1)


# --- the solver behind the hook -------------------------------------------------------------------
def test_the_hook_hands_out_the_solver_with_a_series() -> None:
    found = Bones(take=(1, 3, 4), misere=True).exact_solver()
    assert isinstance(found, BonesSolver) and found.has_series
    assert (found.take, found.misere, found.table_max) == ((1, 3, 4), True, TABLE_MAX_N)


def check_solution(game: Bones, state: BonesState, solution: Solution[int] | None,
                   wins: list[bool]) -> None:
    """The solution against the reference outcomes `wins` (mover wins at each heap)."""
    assert solution is not None
    heap, mover = state
    max_wins = wins[heap] == (mover == MAX)
    assert solution.value == (1 if max_wins else -1)
    assert [m.move for m in solution.moves] == list(game.legal_moves(state))
    for m in solution.moves:
        assert m.value == (-1 if wins[heap - int(m.move)] == (mover == MAX) else 1)  # type: ignore[call-overload]
        assert m.exact and m.score.pov == mover
    # Plies are given only where plain; where given, they are the brute-force game length.
    if solution.distance is not None:
        assert solution.distance == game_length(game, state)
    for m in solution.moves:
        if m.distance is not None:
            assert m.distance == 1 + game_length(game, game.play(state, m.move))  # type: ignore[arg-type]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("take", TAKE_SETS)
def test_table_solutions_match_the_full_game_tree(take: tuple[int, ...], misere: bool) -> None:
    game = Bones(take=take, misere=misere)
    wins = [full_tree_value(game, (heap, MAX)) == 1.0 for heap in range(13)]
    assert wins == bones_outcomes(take, misere, 12)
    for heap in range(13):
        for mover in (MAX, MIN):
            solution = solver(take, misere).solve((heap, mover))
            check_solution(game, (heap, mover), solution, wins)
            assert solution is not None and solution.method == "table"
            assert solution.work == heap + 1 and solution.facts == {"positions_solved": heap + 1}
    terminal = solver(take, misere).solve((0, MIN))
    assert terminal is not None and terminal.moves == () and terminal.distance == 0


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("take", TAKE_SETS)
def test_period_solutions_match_the_definition(take: tuple[int, ...], misere: bool) -> None:
    game = Bones(take=take, misere=misere)
    wins = bones_outcomes(take, misere, 160)
    small = solver(take, misere, table_max=40)
    period = small.proven_period()
    for heap in range(30, 161):
        solution = small.solve((heap, MAX))
        check_solution(game, (heap, MAX), solution, wins)
        assert solution is not None
        if heap <= 40:
            assert solution.method == "table"
            continue
        assert solution.method == "period"
        assert solution.facts == {"positions_solved": period.checked_upto,
                                  "preperiod": period.preperiod, "period": period.period,
                                  "checked_upto": period.checked_upto, "proven": True}


@pytest.mark.parametrize("n", [10**18, 10**18 + 1, 10**18 + 2, 10**18 + 3])
def test_huge_heaps_follow_the_mod_four_rule(n: int) -> None:
    solution = solver().solve((n, MAX))
    assert solution is not None and solution.method == "period"
    assert solution.value == (1 if n % 4 else -1)
    assert [m.move for m in solution.moves if m.value == 1] == ([n % 4] if n % 4 else [])
    text = " ".join(map(text_of, solution.explanation))
    assert f"heap {n:,} has the outcome of heap {n:,} mod 4 = {n % 4}" in text
    assert "depends only on the outcomes of the 3 heaps before it" in text
    assert "period 4 from n = 0 (preperiod 0), proven" in text


def test_explanation_with_a_preperiod_names_this_heap() -> None:
    n = 10**18
    solution = solver((2, 4, 7)).solve((n, MIN))
    assert solution is not None
    assert f"{4 + (n - 4) % 3}." in " ".join(map(text_of, solution.explanation))
    assert f"4 + ({n:,} - 4) mod 3" in " ".join(map(text_of, solution.explanation))
    expected = bones_outcomes((2, 4, 7), False, 200)
    assert solution.value == (-1 if expected[4 + (n - 4) % 3] else 1)  # MIN moves


def test_explanation_of_a_small_heap() -> None:
    solution = solver().solve((10, MAX))
    assert solution is not None
    assert text_of(solution.explanation[0]) == "Bones with take 1, 2, 3, normal play (who cannot move loses)."
    assert text_of(solution.explanation[-1]) == ("Heap 10 is won for the player to move: taking 2 leaves 8, "
                                        "a lost heap.")
    lost = solver().solve((8, MAX))
    assert lost is not None and text_of(lost.explanation[-1]).endswith("won heap (7, 6, 5).")


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("take", TAKE_SETS)
def test_series_matches_the_definition(take: tuple[int, ...], misere: bool) -> None:
    found = solver(take, misere)
    series = found.series(100)
    wins = bones_outcomes(take, misere, 100)
    assert list(series.outcomes) == wins and series.upto == 100
    for n in range(101):
        assert list(series.moves[n]) == [str(a) for a in take if a <= n and not wins[n - a]]
    assert series.ended == frozenset(range(min(take[0], 101)))
    assert series.proven == found.proven_period() and series.proven is not None
    assert f"period {series.proven.period} from n = {series.proven.preperiod}" in text_of(series.proof)


def test_series_without_a_proof() -> None:
    series = solver((1, 30), proof_limit=40).series(10)
    assert series.proven is None and series.proof == ""


# --- notation -------------------------------------------------------------------------------------
@given(st.integers(min_value=0, max_value=10**30), st.sampled_from([MAX, MIN]))
def test_position_round_trip(heap: int, mover: int) -> None:
    game = Bones()
    state = (heap, mover)
    assert game.parse_position(game.format_position(state)) == state


def test_position_notation() -> None:
    game = Bones()
    assert game.parse_position("10") == (10, MAX)
    assert game.parse_position(" 10/MIN ") == (10, MIN)
    assert game.parse_position("10/max") == (10, MAX)
    assert game.format_position((10, MIN)) == "10/min"
    assert game.format_position((10, MAX)) == "10"


@given(
    st.sets(st.integers(min_value=1, max_value=30), min_size=1, max_size=6),
    st.integers(min_value=0, max_value=60),
)
def test_move_round_trip(take: set[int], heap: int) -> None:
    game = Bones(take=take)
    state = (heap, MAX)
    for move in game.legal_moves(state):
        assert game.parse_move(state, game.format_move(state, move)) == move


@given(st.lists(st.integers(min_value=1, max_value=10**6), min_size=1, max_size=8))
def test_take_parameter_round_trip(amounts: list[int]) -> None:
    assert parse_take(" , ".join(map(str, amounts))) == tuple(sorted(set(amounts)))


@pytest.mark.parametrize("text", ["abc", "-3", "0", "3.0", "", "1,2"])
def test_bad_move_notation(text: str) -> None:
    with pytest.raises(InvalidMoveError) as error:
        Bones().parse_move((10, MAX), text)
    assert repr(text) in str(error.value)
    assert "positive whole number" in str(error.value)


@pytest.mark.parametrize(
    ("heap", "text", "message"),
    [
        (10, "4", "4 is not an allowed amount; allowed: 1, 2, 3"),
        (2, "3", "cannot take 3: only 2 bones left"),
        (1, "2", "cannot take 2: only 1 bone left"),
        (0, "1", "cannot take 1: no bones left"),
    ],
)
def test_illegal_moves(heap: int, text: str, message: str) -> None:
    with pytest.raises(IllegalMoveError) as error:
        Bones().parse_move((heap, MAX), text)
    assert str(error.value) == message


@pytest.mark.parametrize("text", ["abc", "-3", "", "10/", "10/foo", "10:2", "1 0"])
def test_bad_positions(text: str) -> None:
    with pytest.raises(InvalidPositionError) as error:
        Bones().parse_position(text)
    assert repr(text) in str(error.value)
    assert "heap size" in str(error.value)


@pytest.mark.parametrize("text", ["0", "", "-1", "a", "1,,2", "1,0,3", "1.5"])
def test_bad_take(text: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_take(text)
    assert repr(text) in str(error.value)
    assert "comma-separated positive whole numbers, e.g. 1,2,3" in str(error.value)


def test_take_is_deduplicated_and_sorted() -> None:
    assert parse_take("4,1,3,1") == (1, 3, 4)
    assert Bones(take=[4, 1, 1]).take == (1, 4)


@pytest.mark.parametrize("text", ["-3", "abc", "", "2.5"])
def test_bad_heap_size(text: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_heap_size(text)
    assert repr(text) in str(error.value)
    assert "whole number, 0 or more" in str(error.value)


@pytest.mark.parametrize(
    ("text", "value"),
    [("true", True), ("Yes", True), ("1", True), ("false", False), ("NO", False), ("0", False)],
)
def test_bool_parameter(text: str, value: bool) -> None:
    assert parse_bool(text) is value


def test_bad_bool() -> None:
    with pytest.raises(ValueError, match="'maybe' is not a yes/no value: use true/false"):
        parse_bool("maybe")


def test_constructor_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="take"):
        Bones(take=())
    with pytest.raises(ValueError, match="take"):
        Bones(take=(0, 1))
    with pytest.raises(ValueError, match="n must"):
        Bones(n=-1)


def test_parameters_match_the_constructor() -> None:
    defaults = {p.name: p.default for p in Bones.parameters}
    assert defaults == {"n": 21, "take": (1, 2, 3), "misere": False}
    game = Bones(**defaults)  # type: ignore[arg-type]
    assert game.initial_state() == (21, MAX)
    for parameter in Bones.parameters:
        assert parameter.parse(str(parameter.default).strip("()").replace(" ", "")) == (
            parameter.default
        )
