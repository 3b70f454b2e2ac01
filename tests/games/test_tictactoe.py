"""Tests of m,n,k tic-tac-toe: known counts, the course's examples, string-board oracles."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.tictactoe.game import State, TicTacToe
from minimax_cli.core import (
    MAX,
    MIN,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from tests.profiles import examples

GAME = TicTacToe()

# --- independent oracles on plain strings ------------------------------------------------------


def oracle_winner(board: str, rows: int, cols: int, k: int) -> set[str]:
    """Every mark that has k in a row on `board` (a string in reading order, '.' empty)."""
    found = set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + dr * i, c + dc * i) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    marks = {board[rr * cols + cc] for rr, cc in cells}
                    if len(marks) == 1 and marks != {"."}:
                        found |= marks
    return found


def oracle_open_lines(board: str, rows: int, cols: int, k: int) -> int:
    """Lines with no O minus lines with no X, counted by scanning every k-window."""
    score = 0
    seen = set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = frozenset((r + dr * i, c + dc * i) for i in range(k))
                if cells in seen or not all(0 <= a < rows and 0 <= b < cols for a, b in cells):
                    continue
                seen.add(cells)
                marks = {board[a * cols + b] for a, b in cells}
                score += ("O" not in marks) - ("X" not in marks)
    return score


def oracle_reachable_3x3() -> dict[str, str | None]:
    """Every position reachable from the empty 3x3 board: board string -> winner ('X', 'O',
    'draw') or None while the game goes on."""
    seen: dict[str, str | None] = {}

    def walk(board: str, turn: str) -> None:
        if board in seen:
            return
        winners = oracle_winner(board, 3, 3, 3)
        result = winners.pop() if winners else ("draw" if "." not in board else None)
        seen[board] = result
        if result is None:
            for i, ch in enumerate(board):
                if ch == ".":
                    walk(board[:i] + turn + board[i + 1 :], "O" if turn == "X" else "X")

    walk("." * 9, "X")
    return seen


def plain(game: TicTacToe, state: State) -> str:
    return game.format_position(state).replace("/", "")


def rotate(board: str, n: int) -> str:
    """A square board turned a quarter clockwise: new[r][c] = old[n-1-c][r]."""
    return "".join(board[(n - 1 - c) * n + r] for r in range(n) for c in range(n))


def mirror(board: str, rows: int, cols: int) -> str:
    """The board mirrored left-right."""
    return "".join(board[r * cols + (cols - 1 - c)] for r in range(rows) for c in range(cols))


def flip(board: str, rows: int, cols: int) -> str:
    """The board mirrored top-bottom."""
    return "".join(board[(rows - 1 - r) * cols + c] for r in range(rows) for c in range(cols))


@st.composite
def played(draw: st.DrawFn, game: TicTacToe = GAME) -> State:
    """A state reached by random legal play from the start (possibly finished)."""
    state = game.initial_state()
    for _ in range(draw(st.integers(0, game.cells))):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.play(state, draw(st.sampled_from(moves)))
    return state


GAMES = [
    TicTacToe(*size) for size in ((3, 3, 3), (3, 4, 3), (4, 4, 4), (4, 4, 3), (2, 5, 2), (1, 4, 2))
]


@st.composite
def game_and_state(draw: st.DrawFn) -> tuple[TicTacToe, State]:
    game = draw(st.sampled_from(GAMES))
    return game, draw(played(game))


# --- the whole 3x3 game ------------------------------------------------------------------------


def test_full_tree_has_549946_nodes_and_is_a_draw() -> None:
    nodes = 0

    def minimax(state: State) -> float:
        nonlocal nodes
        nodes += 1
        value = GAME.outcome(state)
        if value is not None:
            assert GAME.legal_moves(state) == ()
            return value
        values = [minimax(GAME.play(state, move)) for move in GAME.legal_moves(state)]
        return max(values) if GAME.to_move(state) == MAX else min(values)

    assert minimax(GAME.initial_state()) == 0
    assert nodes == 549_946


def reachable(game: TicTacToe) -> set[State]:
    seen: set[State] = set()
    stack = [game.initial_state()]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        stack.extend(game.play(state, move) for move in game.legal_moves(state))
    return seen


def test_reachable_positions_match_known_counts_and_the_string_oracle() -> None:
    states = reachable(GAME)
    assert len(states) == 5478
    assert len({GAME.canonical_key(s) for s in states}) == 765
    oracle = oracle_reachable_3x3()
    assert {plain(GAME, s) for s in states} == set(oracle)
    outcomes = [GAME.outcome(s) for s in states]
    assert sum(v is not None for v in outcomes) == 958
    assert outcomes.count(1) == 626
    assert outcomes.count(-1) == 316
    assert sum(v == 0 for v in outcomes if v is not None) == 16
    for state in states:
        expected = oracle[plain(GAME, state)]
        assert GAME.outcome(state) == {None: None, "X": 1, "O": -1, "draw": 0}[expected]
        assert GAME.to_move(state) == (MAX if plain(GAME, state).count(".") % 2 else MIN)


# --- evaluation ----------------------------------------------------------------------------------


def test_course_example_centre_corner_edge() -> None:
    evaluate = GAME.evaluators()["open-lines"]
    start = GAME.initial_state()
    assert evaluate(start) == 0
    assert evaluate(GAME.play(start, 4)) == 8 - 4
    assert all(evaluate(GAME.play(start, c)) == 8 - 5 for c in (0, 2, 6, 8))
    assert all(evaluate(GAME.play(start, c)) == 8 - 6 for c in (1, 3, 5, 7))
    assert next(iter(GAME.evaluators())) == "open-lines"


@given(game_and_state())
def test_open_lines_matches_the_window_oracle(pair: tuple[TicTacToe, State]) -> None:
    game, state = pair
    if game.outcome(state) is None:
        board = plain(game, state)
        expected = oracle_open_lines(board, game.rows, game.cols, game.k)
        assert game.evaluators()["open-lines"](state) == expected


# --- rules on other boards ---------------------------------------------------------------------


@given(game_and_state())
def test_outcome_matches_the_line_oracle(pair: tuple[TicTacToe, State]) -> None:
    game, state = pair
    board = plain(game, state)
    winners = oracle_winner(board, game.rows, game.cols, game.k)
    assert len(winners) <= 1
    if winners:
        expected: float | None = 1 if winners == {"X"} else -1
    else:
        expected = 0 if "." not in board else None
    assert game.outcome(state) == expected
    assert (game.legal_moves(state) == ()) == (expected is not None)
    if expected is None:
        assert list(game.legal_moves(state)) == [i for i, ch in enumerate(board) if ch == "."]
    line = game.winning_line(state)
    if winners:
        assert line is not None and len(line) == game.k
        assert {board[i] for i in line} == winners
    else:
        assert line is None


def test_4x4_needs_four_in_a_row() -> None:
    game = TicTacToe(4, 4, 4)
    state = game.initial_state()
    assert len(game.legal_moves(state)) == 16
    for move in (0, 4, 1, 5, 2, 6):
        state = game.play(state, move)
    assert game.outcome(state) is None  # three in a row is not enough
    assert len(game.legal_moves(state)) == 10
    state = game.play(state, 3)
    assert game.outcome(state) == 1
    assert game.winning_line(state) == (0, 1, 2, 3)
    assert game.legal_moves(state) == ()
    diagonal = game.parse_position("OXXX/XO../..O./...O")
    assert game.outcome(diagonal) == -1
    assert game.winning_line(diagonal) == (0, 5, 10, 15)


def test_3x4_board() -> None:
    game = TicTacToe(3, 4, 3)
    state = game.initial_state()
    assert len(game.legal_moves(state)) == 12
    assert game.outcome(game.parse_position(".XXX/OO../....")) == 1
    assert game.outcome(game.parse_position("XXO./XO../O...")) == -1  # anti-diagonal
    assert game.outcome(game.parse_position("XXOO/OOXX/XXOO")) == 0
    assert game.format_position(state) == "..../..../...."
    assert game.parse_move(state, "d3") == 3
    assert game.parse_move(state, "a1") == 8
    assert game.parse_move(state, "12") == 11


def test_k1_first_move_wins_and_k_above_the_shorter_side() -> None:
    game = TicTacToe(2, 2, 1)
    assert game.outcome(game.play(game.initial_state(), 3)) == 1
    tall = TicTacToe(4, 2, 4)  # only columns can hold four
    assert tall.outcome(tall.parse_position("XO/XO/XO/X.")) == 1
    assert tall.outcome(tall.parse_position("X./XO/XO/.O")) is None


# --- notation ------------------------------------------------------------------------------------


@given(game_and_state())
def test_position_round_trip(pair: tuple[TicTacToe, State]) -> None:
    game, state = pair
    text = game.format_position(state)
    assert game.parse_position(text) == state
    assert game.parse_position(text.replace("/", "").lower().replace(".", "-")) == state
    assert len(text) == game.cells + game.rows - 1


def test_position_notation_variants() -> None:
    state = GAME.parse_position("X.O/.X./..O")
    assert state == (0b000010001, 0b100000100)
    assert GAME.format_position(state) == "X.O/.X./..O"
    for text in ("x.o.x...o", "  x-o / -x_ / __o \n", "X.O.X...O"):
        assert GAME.parse_position(text) == state
    assert TicTacToe(1, 3, 2).format_position((1, 2)) == "XO."


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("X.O.X..O", "8 cells"),
        ("X.O.X...O.", "10 cells"),
        ("X", "it has 1 cell, not 9"),
        ("X.O/.X../.O", "'/'"),
        ("X.Z/.X./..O", "'Z'"),
        ("OO./.X./...", "O has more marks"),
        ("XX./.X./..O", "players take turns"),
        ("XXX/OOO/...", "both X and O"),
        ("XXX/OO./..O", "O moved after"),
        ("OOO/XX./XX.", "X moved after"),
    ],
)
def test_impossible_positions_are_rejected(text: str, fragment: str) -> None:
    with pytest.raises(InvalidPositionError) as info:
        GAME.parse_position(text)
    message = str(info.value)
    assert repr(text) in message
    assert fragment in message
    assert "reading order" in message  # the accepted form is spelled out


def test_two_separate_winning_lines_are_impossible() -> None:
    game = TicTacToe(5, 5, 3)
    with pytest.raises(InvalidPositionError, match="one last move"):
        game.parse_position("XXX../O.O.O/.O.O./...../XXX..")
    finished = game.parse_position("XXX../O.O.O/.O.../...../XX...")
    assert game.outcome(finished) == 1


def test_finished_games_are_valid_positions() -> None:
    assert GAME.outcome(GAME.parse_position("XXX/OO./...")) == 1
    assert GAME.outcome(GAME.parse_position("XXO/XO./O..")) == -1
    assert GAME.outcome(GAME.parse_position("XOX/XOO/OXX")) == 0
    double = GAME.parse_position("XXX/OOX/OOX")  # two lines closed by one last move
    assert GAME.outcome(double) == 1


def test_move_notation() -> None:
    start = GAME.initial_state()
    assert GAME.parse_move(start, "5") == GAME.parse_move(start, "b2") == 4
    assert GAME.parse_move(start, " B2 ") == 4
    assert GAME.parse_move(start, "a1") == 6  # bottom-left, cell 7
    assert GAME.parse_move(start, "c3") == 2  # top-right, cell 3
    assert GAME.parse_move(start, "A3") == 0
    assert GAME.parse_move(start, "c1") == 8
    for move in range(9):
        assert GAME.parse_move(start, GAME.format_move(start, move)) == move
        assert GAME.format_move(start, move) == str(move + 1)


@pytest.mark.parametrize("text", ["0", "10", "z9", "d1", "a4", "a0"])
def test_off_board_moves_are_illegal(text: str) -> None:
    with pytest.raises(IllegalMoveError) as info:
        GAME.parse_move(GAME.initial_state(), text)
    assert repr(text) in str(info.value)
    assert "off the board" in str(info.value)


@pytest.mark.parametrize("text", ["hello", "", "5.0", "+5", "b", "2b", "b-2", "٥"])
def test_bad_move_notation_is_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        GAME.parse_move(GAME.initial_state(), text)
    assert repr(text) in str(info.value)
    assert "cell number" in str(info.value)


def test_occupied_cells_and_finished_games() -> None:
    state = GAME.play(GAME.initial_state(), 4)
    with pytest.raises(IllegalMoveError, match="cell 5 is already taken by X"):
        GAME.parse_move(state, "b2")
    state = GAME.play(state, 0)
    with pytest.raises(IllegalMoveError, match="cell 1 is already taken by O"):
        GAME.parse_move(state, "1")
    won = GAME.parse_position("XXX/OO./...")
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.parse_move(won, "9")
    with pytest.raises(ValueError):
        GAME.play(state, 4)


# --- symmetry ------------------------------------------------------------------------------------


@cache
def solve(game: TicTacToe, state: State) -> float:
    value = game.outcome(state)
    if value is not None:
        return value
    values = [solve(game, game.play(state, move)) for move in game.legal_moves(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


@given(played(), st.integers(0, 3), st.booleans())
def test_canonical_key_is_shared_by_rotations_and_reflections(
    state: State, turns: int, mirrored: bool
) -> None:
    board = plain(GAME, state)
    for _ in range(turns):
        board = rotate(board, 3)
    if mirrored:
        board = mirror(board, 3, 3)
    image = GAME.parse_position(board)
    assert GAME.canonical_key(image) == GAME.canonical_key(state)
    assert GAME.to_move(image) == GAME.to_move(state)
    assert solve(GAME, image) == solve(GAME, state)


@given(game_and_state(), st.booleans(), st.booleans(), st.integers(0, 3))
def test_canonical_key_on_other_boards(
    pair: tuple[TicTacToe, State], mirrored: bool, flipped: bool, turns: int
) -> None:
    game, state = pair
    board = plain(game, state)
    if mirrored:
        board = mirror(board, game.rows, game.cols)
    if flipped:
        board = flip(board, game.rows, game.cols)
    if game.rows == game.cols:
        for _ in range(turns):
            board = rotate(board, game.rows)
    assert game.canonical_key(game.parse_position(board)) == game.canonical_key(state)


def test_non_square_boards_do_not_use_quarter_turns() -> None:
    game = TicTacToe(2, 3, 2)
    # Distinct shapes that only a quarter turn could relate (none exists on 2x3): keys differ.
    corner = game.play(game.initial_state(), 0)
    middle = game.play(game.initial_state(), 1)
    assert game.canonical_key(corner) != game.canonical_key(middle)
    assert game.canonical_key(corner) == game.canonical_key(game.play(game.initial_state(), 5))


def test_big_board_symmetry_uses_chunked_tables() -> None:
    game = TicTacToe(5, 5, 4)
    state = game.parse_position("XO.../...../...../...../.....")
    other = game.parse_position("X..../.O.../...../...../.....")
    assert game.canonical_key(state) != game.canonical_key(other)
    for image in (
        "...OX/...../...../...../.....",  # mirrored
        "X..../O..../...../...../.....",  # transposed
        "...../...../...../...../...OX",  # half turn
        "...../...../...../O..../X....",  # quarter turn
    ):
        assert game.canonical_key(game.parse_position(image)) == game.canonical_key(state)


# --- move ordering -------------------------------------------------------------------------------


@given(game_and_state())
def test_order_moves_is_a_permutation(pair: tuple[TicTacToe, State]) -> None:
    game, state = pair
    moves = list(game.legal_moves(state))
    assert sorted(game.order_moves(state, moves)) == moves
    subset = moves[::2]
    assert sorted(game.order_moves(state, subset)) == subset


def test_order_moves_wins_then_blocks_then_centre() -> None:
    start = GAME.initial_state()
    ordered = list(GAME.order_moves(start, GAME.legal_moves(start)))
    assert ordered[0] == 4
    assert set(ordered[1:5]) == {0, 2, 6, 8}
    assert set(ordered[5:]) == {1, 3, 5, 7}
    state = GAME.parse_position("XX./OO./...")  # X to move: win at 3, block at 6
    ordered = list(GAME.order_moves(state, GAME.legal_moves(state)))
    assert ordered[:2] == [2, 5]
    state = GAME.parse_position("XX./OO./X..")  # O to move: win at 6, block at 3
    ordered = list(GAME.order_moves(state, GAME.legal_moves(state)))
    assert ordered[:2] == [5, 2]
    state = GAME.parse_position("X../.O./..X")  # O to move, no threats: edges rank last
    assert set(GAME.order_moves(state, GAME.legal_moves(state))[:2]) == {2, 6}


@examples(0.5)
@given(played())
def test_a_winning_move_is_ordered_first(state: State) -> None:
    moves = GAME.legal_moves(state)
    if not moves:
        return
    winning = [m for m in moves if GAME.outcome(GAME.play(state, m)) not in (None, 0)]
    if winning:
        assert GAME.order_moves(state, moves)[0] in winning


# --- parameters, grid, protocol ----------------------------------------------------------------


def test_parameters() -> None:
    names = [p.name for p in TicTacToe.parameters]
    assert names == ["rows", "cols", "k"]
    assert [p.default for p in TicTacToe.parameters] == [3, 3, 3]
    rows = TicTacToe.parameters[0]
    assert rows.parse(" 4 ") == 4
    for bad in ("abc", "0", "9", "-1", "3.5", ""):
        with pytest.raises(ValueError) as info:
            rows.parse(bad)
        assert str(info.value) == f"rows must be a whole number from 1 to 8, got {bad!r}"
    with pytest.raises(ValueError, match="k must be"):
        TicTacToe.parameters[2].parse("x")
    with pytest.raises(ValueError, match="k must be a whole number from 1 to 4"):
        TicTacToe(3, 4, 5)
    with pytest.raises(ValueError, match="rows must be"):
        TicTacToe(0, 3, 1)
    with pytest.raises(ValueError, match="cols must be"):
        TicTacToe(3, 9, 3)


def test_grid_and_protocol() -> None:
    assert isinstance(GAME, Game)
    assert GAME.name == "tictactoe" and GAME.win_loss and GAME.has_symmetry
    state = GAME.parse_position("X.O/.X./..O")
    grid = GAME.grid(state)
    assert (grid.rows, grid.cols) == (3, 3)
    assert grid.cells == ("X", None, "O", None, "X", None, None, None, "O")
    assert GAME.to_move(state) == MAX
    assert GAME.to_move(GAME.play(state, 1)) == MIN
    assert GAME.returns(GAME.parse_position("XXX/OO./..."))[MIN] == -1
    assert repr(TicTacToe(4, 5, 3)) == "TicTacToe(rows=4, cols=5, k=3)"


@pytest.mark.parametrize("name", ["rows", "cols", "k"])
def test_a_size_with_thousands_of_digits_is_refused_in_one_line(name: str) -> None:
    parameter = next(p for p in TicTacToe.parameters if p.name == name)
    with pytest.raises(ValueError) as error:
        parameter.parse("9" * 4400)
    assert "whole number from 1 to 8" in str(error.value) and len(str(error.value)) < 200
