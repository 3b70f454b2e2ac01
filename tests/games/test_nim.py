"""Nim and its exact solver checked against Bouton's theorem (normal and misère) and a brute-force
search that uses only the generic Game methods, plus notation round trips and rejections."""

from __future__ import annotations

import itertools
from functools import reduce
from operator import xor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.nim.game import (
    MAX_HEAPS,
    MAX_LISTED_MOVES,
    MAX_OBJECTS,
    Nim,
    NimState,
    TooLarge,
    parse_heaps,
)
from games.nim.solver import NimSolver
from minimax_cli.core import (
    MAX,
    MIN,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    SearchError,
)
from minimax_cli.core.i18n import text_of
from tests.profiles import examples


def brute_force_values(game: Nim) -> dict[NimState, float]:
    """A memoised minimax over every state reached, from MAX's point of view."""
    memo: dict[NimState, float] = {}

    def value(state: NimState) -> float:
        if state in memo:
            return memo[state]
        terminal = game.outcome(state)
        if terminal is not None:
            result = terminal
        else:
            children = [value(game.play(state, move)) for move in game.legal_moves(state)]
            result = max(children) if game.to_move(state) == MAX else min(children)
        memo[state] = result
        return result

    for heaps in all_positions():
        for mover in (MAX, MIN):
            value((heaps, mover))
    return memo


def all_positions() -> list[tuple[int, ...]]:
    """Every position of one, two or three heaps of at most 7."""
    return [heaps for count in (1, 2, 3) for heaps in itertools.product(range(8), repeat=count)]


def theory_mover_wins(heaps: tuple[int, ...], misere: bool) -> bool:
    total = reduce(xor, heaps, 0)
    if misere and all(h <= 1 for h in heaps):
        return total != 1  # the mover loses with an odd number of 1-heaps
    return total != 0


def max_value(mover: int, mover_wins: bool) -> float:
    return 1.0 if mover_wins == (mover == MAX) else -1.0


@pytest.mark.parametrize("misere", [False, True])
def test_brute_force_agrees_with_bouton(misere: bool) -> None:
    game = Nim(heaps=(7, 7, 7), misere=misere)
    values = brute_force_values(game)
    positions = all_positions()
    assert len(positions) == 8 + 64 + 512
    for heaps in positions:
        for mover in (MAX, MIN):
            expected = max_value(mover, theory_mover_wins(heaps, misere))
            assert values[(heaps, mover)] == expected, (heaps, mover)
            assert game.mover_wins((heaps, mover)) == theory_mover_wins(heaps, misere)


@pytest.mark.parametrize("misere", [False, True])
def test_order_moves_puts_a_winning_move_first(misere: bool) -> None:
    game = Nim(misere=misere)
    values = brute_force_values(game)
    for heaps in all_positions():
        state = (heaps, MAX)
        moves = game.legal_moves(state)
        ordered = list(game.order_moves(state, moves))
        assert sorted(ordered) == sorted(moves)
        if moves and values[state] == 1.0:  # (a misère terminal state is a win with no move)
            assert values[game.play(state, ordered[0])] == 1.0


def test_canonical_key_is_shared_by_equivalent_states_of_equal_value() -> None:
    game = Nim()
    values = brute_force_values(game)
    keys: dict[object, float] = {}
    for heaps in all_positions():
        for mover in (MAX, MIN):
            key = game.canonical_key((heaps, mover))
            assert keys.setdefault(key, values[(heaps, mover)]) == values[(heaps, mover)]
    assert game.canonical_key(((3, 0, 1), MAX)) == game.canonical_key(((1, 3), MAX))
    assert game.canonical_key(((1, 3), MAX)) != game.canonical_key(((1, 3), MIN))
    assert Nim.has_symmetry


def test_terminal_values_are_from_max_point_of_view() -> None:
    normal, misere = Nim(), Nim(misere=True)
    assert normal.outcome(((0, 0, 0), MAX)) == -1.0
    assert normal.outcome(((0, 0, 0), MIN)) == 1.0
    assert misere.outcome(((0, 0, 0), MAX)) == 1.0
    assert misere.outcome(((0, 0, 0), MIN)) == -1.0
    assert normal.outcome(((0, 1, 0), MAX)) is None


def test_rules() -> None:
    game = Nim()
    state = game.initial_state()
    assert state == ((3, 4, 5), MAX)
    assert game.legal_moves(((2, 0, 1), MAX)) == [(0, 1), (0, 2), (2, 1)]
    assert game.legal_moves(((0, 0), MIN)) == []
    assert game.play(state, (1, 4)) == ((3, 0, 5), MIN)
    with pytest.raises(IllegalMoveError):
        game.play(state, (1, 5))
    with pytest.raises(IllegalMoveError):
        game.play(state, (3, 1))


# --- the exact solver ----------------------------------------------------------------------------
@pytest.mark.parametrize("misere", [False, True])
def test_solver_agrees_with_brute_force(misere: bool) -> None:
    game = Nim(heaps=(7, 7, 7), misere=misere)
    solver = game.exact_solver()
    assert isinstance(solver, NimSolver) and not solver.has_series
    assert solver.series(10) is None
    values = brute_force_values(game)
    for heaps in all_positions():
        for mover in (MAX, MIN):
            state = (heaps, mover)
            solution = solver.solve(state)
            assert solution is not None and solution.method == "theorem"
            assert solution.value == values[state], state
            assert [m.move for m in solution.moves] == list(game.legal_moves(state))
            for m in solution.moves:
                assert m.value == values[game.play(state, m.move)], (state, m.move)  # type: ignore[arg-type]
                assert m.exact
            assert solution.facts == {"nim_sum": reduce(xor, heaps, 0)}
            if not any(heaps):
                assert solution.distance == 0 and solution.moves == ()


def test_solver_gives_a_length_only_where_the_game_ends_at_once() -> None:
    game = Nim()
    one = game.exact_solver().solve(((0, 1, 0), MAX))
    assert one.distance == 1 and [m.distance for m in one.moves] == [1]  # take the last one
    two = game.exact_solver().solve(((2, 2), MAX))
    assert two.distance is None and two.value == -1


def test_explanation_names_the_nim_sum_of_this_position() -> None:
    normal = Nim().exact_solver().solve(((3, 4, 5), MAX))
    assert text_of(normal.explanation[-1]) == ("Here the nim-sum is 3 xor 4 xor 5 = 2 (in binary 011 xor 100 "
                                      "xor 101 = 010): the player to move wins, with 1:2.")
    lost = Nim().exact_solver().solve(((1, 2, 3), MIN))
    assert "1 xor 2 xor 3 = 0" in text_of(lost.explanation[-1]) and "loses" in text_of(lost.explanation[-1])
    misere = Nim(misere=True).exact_solver().solve(((1, 1, 1), MAX))
    assert "Under misère play" in " ".join(map(text_of, misere.explanation))
    assert "3 heaps of 1" in text_of(misere.explanation[-1]) and "loses" in text_of(misere.explanation[-1])


def test_solver_refuses_more_moves_than_it_lists() -> None:
    # Positions read from text stay within MAX_OBJECTS = MAX_LISTED_MOVES; a state built in code
    # may not, and the solver says so rather than listing them
    assert MAX_LISTED_MOVES == MAX_OBJECTS
    game = Nim()
    with pytest.raises(SearchError) as error:
        game.exact_solver().solve(((MAX_LISTED_MOVES, 1), MAX))
    assert str(error.value) == (f"heaps '{MAX_OBJECTS},1' allow {MAX_OBJECTS + 1:,} moves; solve "
                                "lists every move with its value and takes at most "
                                f"{MAX_OBJECTS:,} (the sum of the heaps)")
    with pytest.raises(SearchError) as error:
        game.exact_solver().solve(((10**18, *[1] * 20), MAX))
    assert str(error.value).startswith(
        f"heaps '{10**18}{',1' * 11},...' allow 1,000,000,000,000,000,020 moves; solve lists")
    solution = game.exact_solver().solve(((MAX_LISTED_MOVES,), MAX))
    assert solution.value == 1 and len(solution.moves) == MAX_LISTED_MOVES
    # only taking every object wins, and it ends the game at once
    assert [m.move for m in solution.moves if m.value == 1] == [(0, MAX_LISTED_MOVES)]
    assert solution.moves[-1].distance == 1 and solution.moves[0].distance is None


# --- notation -------------------------------------------------------------------------------------
@given(
    st.lists(st.integers(min_value=0, max_value=MAX_OBJECTS // 8), min_size=1, max_size=8),
    st.sampled_from([MAX, MIN]),
)
def test_position_round_trip(heaps: list[int], mover: int) -> None:
    game = Nim()
    state = (tuple(heaps), mover)
    assert game.parse_position(game.format_position(state)) == state


def test_position_notation() -> None:
    game = Nim()
    assert game.parse_position("3,4,5") == ((3, 4, 5), MAX)
    assert game.parse_position(" 3, 4 ,5 / MIN") == ((3, 4, 5), MIN)
    assert game.parse_position("3,4,5/max") == ((3, 4, 5), MAX)
    assert game.format_position(((3, 4, 5), MIN)) == "3,4,5/min"
    assert game.format_position(((0,), MAX)) == "0"


@given(st.lists(st.integers(min_value=0, max_value=12), min_size=1, max_size=5))
def test_move_round_trip(heaps: list[int]) -> None:
    game = Nim()
    state = (tuple(heaps), MIN)
    for move in game.legal_moves(state):
        text = game.format_move(state, move)
        assert game.parse_move(state, text) == move


def test_move_notation_numbers_heaps_from_one() -> None:
    game = Nim()
    state = game.initial_state()
    assert game.parse_move(state, "2:3") == (1, 3)
    assert game.parse_move(state, " 3 : 5 ") == (2, 5)
    assert game.format_move(state, (0, 1)) == "1:1"


@pytest.mark.parametrize("text", ["3,-1", "", "3,,4", "3,x", "3.5", "-1"])
def test_bad_heaps(text: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_heaps(text)
    assert repr(text) in str(error.value)
    assert "comma-separated whole numbers, 0 or more, e.g. 3,4,5" in str(error.value)


@pytest.mark.parametrize("text", ["3,-1", "", "3,4/", "3,4/foo", "abc", "3,4:2"])
def test_bad_positions(text: str) -> None:
    with pytest.raises(InvalidPositionError) as error:
        Nim().parse_position(text)
    assert repr(text) in str(error.value)
    assert "heap sizes separated by commas" in str(error.value)


@pytest.mark.parametrize("text", ["abc", "2", "2:", ":3", "0:1", "1:0", "-1:2", "2:-3", "2;3"])
def test_bad_move_notation(text: str) -> None:
    with pytest.raises(InvalidMoveError) as error:
        Nim().parse_move(((3, 4, 5), MAX), text)
    assert repr(text) in str(error.value)
    assert "HEAP:AMOUNT" in str(error.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4:1", "there is no heap 4: heaps are numbered 1 to 3"),
        ("1:4", "cannot take 4 from heap 1: it has only 3"),
        ("2:1", "cannot take 1 from heap 2: it is empty"),
    ],
)
def test_illegal_moves(text: str, message: str) -> None:
    with pytest.raises(IllegalMoveError) as error:
        Nim().parse_move(((3, 0, 5), MAX), text)
    assert str(error.value) == message


def test_constructor_rejects_bad_heaps() -> None:
    with pytest.raises(ValueError, match="heaps must be"):
        Nim(heaps=())
    with pytest.raises(ValueError, match="heaps must be"):
        Nim(heaps=(3, -1))


def test_parameters_match_the_constructor() -> None:
    defaults = {p.name: p.default for p in Nim.parameters}
    assert defaults == {"heaps": (3, 4, 5), "misere": False}
    assert Nim(**defaults).initial_state() == ((3, 4, 5), MAX)  # type: ignore[arg-type]


# --- limits -----------------------------------------------------------------------------------------
POSITION_REFUSAL = ("is not a nim position: use heap sizes separated by commas, optionally followed "
                    "by /min or /max for the player to move, e.g. 3,4,5/min; at most "
                    f"{MAX_HEAPS:,} heaps and {MAX_OBJECTS:,} objects in all")
HALF = MAX_OBJECTS // 2


def test_the_limits_are_stated_in_the_position_help() -> None:
    assert (MAX_HEAPS, MAX_OBJECTS) == (100, 10_000)  # as docs/games.md states them
    assert (f"At most {MAX_HEAPS:,} heaps and {MAX_OBJECTS:,} objects in all (a position has one "
            "legal move per object).") in Nim.position_help


def test_objects_up_to_the_limit() -> None:
    game = Nim()
    assert game.parse_position(str(MAX_OBJECTS)) == ((MAX_OBJECTS,), MAX)
    assert game.parse_position(f"{HALF},{HALF - 1},1/min") == ((HALF, HALF - 1, 1), MIN)
    over = f"{MAX_OBJECTS + 1:,}"
    for text, heaps, total in (
            (str(MAX_OBJECTS + 1), str(MAX_OBJECTS + 1), over),
            (f"{HALF},{HALF + 1}", f"{HALF},{HALF + 1}", over),
            ("1e9", "1000000000", "1,000,000,000"),
            ("10**18", "1000000000000000000", "1,000,000,000,000,000,000"),
            ("10**50", "1" + "0" * 50, "10**50"), ("3,10**50+", None, None)):
        with pytest.raises(InvalidPositionError) as error:
            game.parse_position(text)
        if heaps is None:  # not a count form: the form is named, with the limits
            assert str(error.value) == f"{text!r} {POSITION_REFUSAL}"
            continue
        assert str(error.value) == (f"heaps {heaps!r} hold {total} objects: Nim takes at most "
                                    f"{MAX_OBJECTS:,} in all, one legal move each")


def test_heaps_up_to_the_limit() -> None:
    game = Nim()
    assert game.parse_position(",".join(["1"] * MAX_HEAPS))[0] == (1,) * MAX_HEAPS
    with pytest.raises(InvalidPositionError) as error:
        game.parse_position(",".join(["1"] * (MAX_HEAPS + 1)))
    assert str(error.value) == (f"'{'1,' * 29}1…' has {MAX_HEAPS + 1:,} heaps: Nim takes at most "
                                f"{MAX_HEAPS:,} heaps")
    # the 1,000 heaps of 1
    with pytest.raises(InvalidPositionError) as error:
        game.parse_position(",".join(["1"] * 1000))
    assert str(error.value).endswith(f" has 1,000 heaps: Nim takes at most {MAX_HEAPS:,} heaps")


def test_the_parameter_and_the_constructor_have_the_same_limits() -> None:
    with pytest.raises(TooLarge) as error:
        parse_heaps(f"{MAX_OBJECTS},1")
    assert str(error.value) == (f"heaps '{MAX_OBJECTS},1' hold {MAX_OBJECTS + 1:,} objects: Nim "
                                f"takes at most {MAX_OBJECTS:,} in all, one legal move each")
    with pytest.raises(TooLarge) as error:
        Nim(heaps=(0,) * (MAX_HEAPS + 1))
    assert str(error.value) == f"{MAX_HEAPS + 1:,} heaps: Nim takes at most {MAX_HEAPS:,} heaps"
    with pytest.raises(TooLarge) as error:
        Nim(heaps=(10**18,))
    assert str(error.value).startswith(f"heaps '{10**18}' hold 1,000,000,000,000,000,000 objects")
    assert Nim(heaps=(0,) * MAX_HEAPS).heaps == (0,) * MAX_HEAPS


@pytest.mark.parametrize("text", ["9" * 5000, "1," + "9" * 101, "٣", "３", "²", "3,\x00", "\n",
                                  "3,4/\x1b[31m", "1e-3", "10**101"])
def test_hostile_positions_are_one_line_naming_the_form_and_the_limits(text: str) -> None:
    with pytest.raises(InvalidPositionError) as error:
        Nim().parse_position(text)
    shown = repr(text) if len(repr(text)) <= 60 else repr(text[:59] + "…")
    assert str(error.value) == f"{shown} {POSITION_REFUSAL}"


@pytest.mark.parametrize(("text", "error", "message"), [
    ("1:" + "9" * 5000, IllegalMoveError,
     "'1:" + "9" * 57 + "…' is not a move here: a "
     "number of 5,000 digits is too large: at most 100 digits"),
    ("9" * 100 + ":1", IllegalMoveError,
     "there is no heap more than 10**99: heaps are numbered 1 to 3"),
    ("1:" + "9" * 100, IllegalMoveError, "cannot take more than 10**99 from heap 1: it has only 3"),
    ("1:1000", IllegalMoveError, "cannot take 1,000 from heap 1: it has only 3"),
    ("²:1", InvalidMoveError, "'²:1' is not a move: use " + "HEAP:AMOUNT with heaps numbered from "
     "1, e.g. 2:3 takes 3 from heap 2"),
    ("1:１", InvalidMoveError, "'1:１' is not a move: use HEAP:AMOUNT with heaps numbered from 1,"
     " e.g. 2:3 takes 3 from heap 2"),
    ("1:1\x00", InvalidMoveError, "'1:1\\x00' is not a move: use HEAP:AMOUNT with heaps numbered "
     "from 1, e.g. 2:3 takes 3 from heap 2"),
    ("", InvalidMoveError, "'' is not a move: use HEAP:AMOUNT with heaps numbered from 1, e.g. 2:3"
     " takes 3 from heap 2"),
])
def test_hostile_moves(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        Nim().parse_move(((3, 4, 5), MAX), text)
    assert str(raised.value) == message


@examples(3, deadline=None)
@given(st.one_of(st.text(max_size=30), st.text(alphabet="0123456789:/,_*e minax", max_size=30)))
def test_any_text_is_a_move_or_a_game_error(text: str) -> None:
    state = ((3, 0, 5), MIN)
    try:
        move = Nim().parse_move(state, text)
    except (InvalidMoveError, IllegalMoveError) as error:
        assert "\n" not in str(error)
    else:
        assert move in Nim().legal_moves(state)


@examples(3, deadline=None)
@given(st.one_of(st.text(max_size=30), st.text(alphabet="0123456789:/,_*e minax", max_size=30)))
def test_any_text_is_a_position_or_a_game_error(text: str) -> None:
    try:
        heaps, _ = Nim().parse_position(text)
    except InvalidPositionError as error:
        assert "\n" not in str(error)
    else:
        assert len(heaps) <= MAX_HEAPS and sum(heaps) <= MAX_OBJECTS
