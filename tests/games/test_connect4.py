"""Tests of Connect Four: the rules, the notation and its errors, the hooks, against oracles on
plain strings written here from the rules alone (boards as lists of rows, never bitboards)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from typer.testing import CliRunner

from games.connect4.game import ConnectFour, State
from minimax_cli.answer.policy import Policy, Thinker
from minimax_cli.cli.app import app
from minimax_cli.core import IllegalMoveError, InvalidMoveError, InvalidPositionError
from minimax_cli.core.result import Limits
from minimax_cli.core.score import HEURISTIC_LIMIT
from minimax_cli.core.search import search

GAME = ConnectFour()
SIZES = [(7, 6), (6, 5), (8, 7), (4, 4), (10, 10), (5, 9)]

# --- oracles: a board is a list of columns, each a string of X and O from the bottom up -------
Board = list[str]
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def cell(board: Board, col: int, row: int) -> str:
    """'X', 'O' or '.' (also off the board)."""
    if 0 <= col < len(board) and 0 <= row < len(board[col]):
        return board[col][row]
    return "."


def oracle_fours(board: Board, rows: int) -> set[str]:
    """Every player with four in a row."""
    found = set()
    for col in range(len(board)):
        for row in range(rows):
            for dc, dr in DIRECTIONS:
                marks = {cell(board, col + dc * i, row + dr * i) for i in range(4)}
                if len(marks) == 1 and marks != {"."}:
                    found |= marks
    return found


def oracle_play(moves: list[int], cols: int, rows: int) -> tuple[Board, str | None]:
    """The board after `moves` (columns from 1), and the winner of the game if any; raises
    ValueError for a full column or a move after the game was won."""
    board = [""] * cols
    winner = None
    for ply, move in enumerate(moves):
        if winner is not None or len(board[move - 1]) == rows:
            raise ValueError(f"move {ply + 1} cannot be played")
        board[move - 1] += "XO"[ply % 2]
        fours = oracle_fours(board, rows)
        winner = next(iter(fours)) if fours else None
    return board, winner


def diagram(board: Board, rows: int) -> str:
    return "/".join("".join(cell(board, c, r) for c in range(len(board)))
                    for r in range(rows - 1, -1, -1))


def board_of(game: ConnectFour, state: State) -> Board:
    """The board a state shows, read through its diagram (rows from the top)."""
    lines = game.format_position(state).split("/")[::-1]
    return ["".join(line[c] for line in lines).rstrip(".") for c in range(game.cols)]


def oracle_threats(board: Board, rows: int, player: str) -> set[tuple[int, int]]:
    """Empty cells (col, row) that would give `player` four in a row."""
    found = set()
    for col in range(len(board)):
        for row in range(len(board[col]), rows):
            for dc, dr in DIRECTIONS:
                for start in range(-3, 1):
                    spots = [(col + dc * (start + i), row + dr * (start + i)) for i in range(4)]
                    if all(0 <= c < len(board) and 0 <= r < rows for c, r in spots) and all(
                            cell(board, c, r) == player for c, r in spots if (c, r) != (col, row)):
                        found.add((col, row))
    return found


def oracle_windows(board: Board, rows: int) -> int:
    """The documented `windows` evaluation, counted window by window."""
    cols, points, score = len(board), (0, 1, 4, 32), 0
    for col in range(cols):
        for row in range(rows):
            for dc, dr in DIRECTIONS:
                spots = [(col + dc * i, row + dr * i) for i in range(4)]
                if not all(0 <= c < cols and 0 <= r < rows for c, r in spots):
                    continue
                marks = [cell(board, c, r) for c, r in spots]
                if "O" not in marks:
                    score += points[marks.count("X")]
                if "X" not in marks:
                    score -= points[marks.count("O")]
    centre = {(cols - 1) // 2, cols // 2}
    for sign, player, parity in ((1, "X", 0), (-1, "O", 1)):
        threats = oracle_threats(board, rows, player)
        score += sign * 16 * len(threats)
        if rows % 2 == 0:
            score += sign * 16 * sum(1 for _, r in threats if r % 2 == parity)
        score += sign * 3 * sum(board[c].count(player) for c in centre)
    return score


def random_states(game: ConnectFour, count: int, seed: str) -> list[tuple[list[int], State]]:
    """States of random games (their moves too), some finished."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        moves: list[int] = []
        state = game.initial_state()
        for _ in range(rng.randint(0, game.cols * game.rows)):
            if game.outcome(state) is not None:
                break
            move = rng.choice(game.legal_moves(state))
            moves.append(move)
            state = game.play(state, move)
        found.append((moves, state))
    return found


# --- the rules -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cols", "rows"), SIZES)
def test_random_games_follow_the_oracle(cols: int, rows: int) -> None:
    game = ConnectFour(cols, rows)
    for moves, state in random_states(game, 60, f"rules {cols}x{rows}"):
        board, winner = oracle_play(moves, cols, rows)
        assert board_of(game, state) == board
        assert game.to_move(state) == len(moves) % 2
        full = sum(map(len, board)) == cols * rows
        expected = {"X": 1, "O": -1}.get(winner or "", 0 if full else None)
        assert game.outcome(state) == expected
        open_columns = tuple(c + 1 for c in range(cols) if len(board[c]) < rows)
        assert game.legal_moves(state) == (() if expected is not None else open_columns)
        assert game.parse_position(",".join(map(str, moves))) == state


FOURS = [  # four in a row in each direction, for each player (found by random games)
    "1412171",  # X up column 1
    "1647362",  # X along the bottom row
    "34366546655",  # X diagonal up
    "43535364314",  # X diagonal down
    "32326262",  # O up column 2
    "74451312",  # O along the bottom row
    "3123424344",  # O diagonal up
    "352244334322",  # O diagonal down
]


def test_fours_in_every_direction_for_both_players() -> None:
    directions: dict[str, set[str]] = {"X": set(), "O": set()}
    for moves in FOURS:
        columns = [int(c) for c in moves]
        board, winner = oracle_play(columns, 7, 6)
        state = GAME.parse_position(moves)
        assert winner is not None
        assert GAME.outcome(state) == (1 if winner == "X" else -1)
        assert GAME.legal_moves(state) == ()
        line = GAME.winning_line(state)
        assert line is not None and len(line) == 4
        spots = sorted((i % 7, 5 - i // 7) for i in line)  # reading order -> (col, row)
        assert all(cell(board, c, r) == winner for c, r in spots)
        step = (spots[1][0] - spots[0][0], spots[1][1] - spots[0][1])
        directions[winner].add({(0, 1): "up", (1, 0): "row", (1, 1): "diagonal up",
                                (1, -1): "diagonal down"}[step])
    assert directions == {p: {"up", "row", "diagonal up", "diagonal down"} for p in "XO"}


def test_a_game_in_progress_has_no_winning_line() -> None:
    assert GAME.winning_line(GAME.parse_position("4453")) is None


def test_a_full_column_is_refused() -> None:
    state = GAME.parse_position("444444")
    assert 4 not in GAME.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="column 4 is full"):
        GAME.parse_move(state, "4")
    with pytest.raises(ValueError, match="full"):
        GAME.play(state, 4)


# A full board with no four anywhere, each checked by the oracle move by move.
DRAWS = {
    (7, 6): "132437415263741526374152637415265761324576",
    (6, 5): "112253142536415263344516632456",
    (8, 7): "11225364152637485162738415263748516273843546177883245768",
}


@pytest.mark.parametrize("size", list(DRAWS))
def test_a_full_board_without_four_is_a_draw(size: tuple[int, int]) -> None:
    cols, rows = size
    moves = [int(c) for c in DRAWS[size]]
    board, winner = oracle_play(moves, cols, rows)
    assert winner is None and all(len(column) == rows for column in board)
    game = ConnectFour(cols, rows)
    state = game.parse_position(DRAWS[size])
    assert game.outcome(state) == 0 and game.legal_moves(state) == ()
    assert game.parse_position(diagram(board, rows)) == state
    with pytest.raises(IllegalMoveError, match=r"over \(it is a draw"):
        game.parse_move(state, "1")


def test_sizes_outside_four_to_ten_are_refused() -> None:
    for cols, rows in ((3, 6), (11, 6), (7, 3), (7, 11)):
        with pytest.raises(ValueError, match="from 4 to 10"):
            ConnectFour(cols, rows)
    parse = ConnectFour.parameters[0].parse
    assert parse("10") == 10 and parse("1e1") == 10
    for text in ("3", "11", "x", "9" * 5000):
        with pytest.raises(ValueError, match="whole number from 4 to 10"):
            parse(text)


# --- notation --------------------------------------------------------------------------------------
def test_a_sequence_and_its_diagram_are_the_same_state() -> None:
    state = GAME.parse_position("4453")
    assert GAME.format_position(state) == "......./......./......./......./...O.../..OXX.."
    for text in ("......./......./......./......./...O.../..OXX..", "4 4 5 3", "4,4,5,3",
                 " ......./......./......./......./...o.../..oxx.. ", "4453\n"):
        assert GAME.parse_position(text) == state
    assert GAME.parse_position("") == GAME.initial_state()
    assert GAME.play_order(state) is not None


def test_wide_boards_separate_the_columns() -> None:
    game = ConnectFour(10, 6)
    state = game.parse_position("4,4,10")
    assert game.parse_position("4 4 10") == state
    assert board_of(game, state) == ["", "", "", "XO", "", "", "", "", "", "X"]
    with pytest.raises(InvalidPositionError, match=r"column 4453 at move 1 is off the board.*"
                       r"separate the columns"):
        game.parse_position("4453")


SEQUENCE_ERRORS = [
    ("0", "column 0 at move 1 is off the board; columns are 1 to 7"),
    ("8", "column 8 at move 1 is off the board"),
    ("4458", "column 8 at move 4 is off the board"),
    ("4,4,10", "column 0 at move 4 is off the board; columns are 1 to 7 (each digit is one"),
    ("4444444", "move 7 plays column 4, which is already full (6 discs)"),
    ("12121212", "the game was over after move 7 (X completed four in a row), yet it goes on"
                 " with move 8"),
    ("712121213", "the game was over after move 8 (O completed four in a row), yet it goes on"
                  " with move 9"),
    ("9" * 5000, "column 9 at move 1 is off the board"),
]


@pytest.mark.parametrize(("text", "reason"), SEQUENCE_ERRORS)
def test_a_bad_sequence_is_named(text: str, reason: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        GAME.parse_position(text)
    message = str(caught.value)
    assert reason in message
    assert "the columns played from the empty board, 1 (leftmost) to 7" in message
    assert len(message) < 300  # the input is quoted cut short


EMPTY_ROW = "......."
DIAGRAM_ERRORS = [
    ("......./.......", "it has 2 rows, not 6"),
    ("X", "it has 1 row, not 6"),
    ("/".join([EMPTY_ROW] * 5 + ["...X...."]), "row 6 from the top has 8 cells, not 7"),
    ("/".join([EMPTY_ROW] * 5 + ["...Z..."]), "unknown character 'Z' in row 6 from the top"),
    ("/".join([EMPTY_ROW] * 4 + ["...X...", "O.....X"]), "the disc in column 4, row 2 from "
     "the bottom floats over an empty cell"),
    ("/".join([EMPTY_ROW] * 5 + ["...OO.X"]), "O has more discs than X (2 to 1), but X moves"
     " first"),
    ("/".join([EMPTY_ROW] * 5 + ["XXX...."]), "X has 3 discs and O only 0; the players take"
     " turns"),
    ("/".join([EMPTY_ROW] * 2 + ["X.O....", "X.O....", "X.O....", "X.O...."]),
     "both X and O have four in a row"),
    ("/".join([EMPTY_ROW] * 2 + ["X......", "X.O....", "X.O....", "XOO...."]),
     "X has four in a row, so the game was over, yet O moved after it"),
    ("/".join([EMPTY_ROW] * 2 + ["O......", "OX.....", "OX.....", "OXX..X."]),
     "O has four in a row, so the game was over, yet X moved after it"),
    # a single column with O under X: X could never have moved first
    ("/".join([EMPTY_ROW] * 4 + ["X......", "O......"]), "no game reaches it"),
]


@pytest.mark.parametrize(("text", "reason"), DIAGRAM_ERRORS)
def test_a_bad_diagram_is_named(text: str, reason: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        GAME.parse_position(text)
    message = str(caught.value)
    assert reason in message, message
    assert "rows separated by '/'" in message


def test_fours_that_one_last_disc_cannot_complete_are_refused() -> None:
    # X has two fours far apart; O has as many discs, so X moved last, but not twice.
    text = "/".join([EMPTY_ROW, EMPTY_ROW, "X.....X", "X.....X", "XOO..OX", "XOO.OOX"])
    board = [""] * 7
    for row in text.split("/")[::-1]:
        for c, mark in enumerate(row):
            if mark != ".":
                board[c] += mark
    assert sum(col.count("X") for col in board) == sum(col.count("O") for col in board) + 1
    with pytest.raises(InvalidPositionError, match="X's fours could not all have been completed"
                       " by one last disc"):
        GAME.parse_position(text)


def test_a_diagram_of_a_won_game_is_read() -> None:
    state = GAME.parse_position("1212121")
    text = GAME.format_position(state)
    assert text == "......./......./X....../XO...../XO...../XO....."
    assert GAME.parse_position(text) == state and GAME.outcome(state) == 1


@cache
def oracle_orderable(stacks: tuple[str, ...]) -> bool:
    """Whether the stacks (columns from the bottom) can be played in turn, X first: tried every
    way, column heights remembered."""
    @cache
    def walk(heights: tuple[int, ...]) -> bool:
        done = sum(heights)
        if done == sum(map(len, stacks)):
            return True
        player = "XO"[done % 2]
        return any(walk((*heights[:c], h + 1, *heights[c + 1:]))
                   for c, h in enumerate(heights) if h < len(stacks[c]) and stacks[c][h] == player)

    return walk(tuple(0 for _ in stacks))


@pytest.mark.parametrize(("cols", "rows"), [(4, 5), (4, 6), (5, 4)])
def test_a_diagram_is_read_exactly_when_some_game_reaches_it(cols: int, rows: int) -> None:
    game = ConnectFour(cols, rows)
    rng = random.Random(f"reach {cols}x{rows}")
    seen = {True: 0, False: 0}
    for _ in range(400):
        heights = [rng.randint(0, rows) for _ in range(cols)]
        total = sum(heights)
        marks = ["X"] * ((total + 1) // 2) + ["O"] * (total // 2)
        rng.shuffle(marks)
        board, start = [], 0
        for h in heights:
            board.append("".join(marks[start:start + h]))
            start += h
        if oracle_fours(board, rows):
            continue
        reachable = oracle_orderable(tuple(board))
        seen[reachable] += 1
        text = diagram(board, rows)
        if not reachable:
            with pytest.raises(InvalidPositionError, match="no game reaches it"):
                game.parse_position(text)
            continue
        state = game.parse_position(text)
        order = game.play_order(state)
        assert order is not None
        replayed, winner = oracle_play(order, cols, rows)
        assert replayed == board and winner is None
    assert seen[True] > 10 and seen[False] > 10


def test_a_position_the_greedy_order_misses_is_still_read() -> None:
    # Played first, column 3's X-O pair leaves X short of moves for column 2's O O X X O
    # (an order exists: 1 2 3 2 2 3 2 2 3, checked by the oracle).
    board = ["X", "OOXXO", "XOX", ""]
    assert oracle_play([1, 2, 3, 2, 2, 3, 2, 2, 3], 4, 5) == (board, None)
    game = ConnectFour(4, 5)
    state = game.parse_position(diagram(board, 5))
    order = game.play_order(state)
    assert order is not None and oracle_play(order, 4, 5) == (board, None)


def test_moves_are_column_numbers() -> None:
    state = GAME.initial_state()
    assert [GAME.parse_move(state, str(c)) for c in range(1, 8)] == list(range(1, 8))
    assert GAME.parse_move(state, " 04 ") == 4 and GAME.format_move(state, 4) == "4"
    for text in ("", "x", "4a", "-1", "٣", "1.0"):
        with pytest.raises(InvalidMoveError, match=r"expected a column number, 1 \(leftmost\) to 7"):
            GAME.parse_move(state, text)
    for text in ("0", "8", "9" * 5000):
        with pytest.raises(InvalidMoveError, match="there is no column"):
            GAME.parse_move(state, text)
    won = GAME.parse_position("1212121")
    with pytest.raises(IllegalMoveError, match=r"the game is over \(X has won"):
        GAME.parse_move(won, "3")


# --- through the command line ------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["0", "8", "4444444", "12121212", "......./.......", "abc",
                                  "/".join([EMPTY_ROW] * 4 + ["X......", "O......"]),
                                  "[red]x" + "9" * 3000])
def test_a_bad_position_is_one_line_and_exit_code_2(text: str) -> None:
    result = CliRunner().invoke(app, ["analyze", "connect4", text, "--depth", "1"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "invalid position" in lines[0], result.stderr
    assert "Traceback" not in result.output


def test_analyze_scores_every_column() -> None:
    result = CliRunner().invoke(app, ["analyze", "connect4", "4453", "--depth", "2", "--json"])
    assert result.exit_code == 0, result.output


# --- the hooks ----------------------------------------------------------------------------------------
def mirrored(game: ConnectFour, state: State) -> State:
    return game.parse_position("/".join(row[::-1] for row in game.format_position(state).split("/")))


@pytest.mark.parametrize(("cols", "rows"), SIZES)
def test_the_evaluation_is_the_documented_sum(cols: int, rows: int) -> None:
    game = ConnectFour(cols, rows)
    evaluate = game.evaluators()["windows"]
    for _, state in random_states(game, 40, f"eval {cols}x{rows}"):
        if game.outcome(state) is not None:
            continue
        value = evaluate(state)
        assert value == oracle_windows(board_of(game, state), rows)
        assert abs(value) < HEURISTIC_LIMIT / 1000
        assert evaluate(mirrored(game, state)) == value


@pytest.mark.parametrize(("cols", "rows"), [(7, 6), (6, 5), (8, 7)])
def test_a_mirror_image_shares_the_key_and_the_value(cols: int, rows: int) -> None:
    game = ConnectFour(cols, rows)
    keys: dict[int, set[State]] = {}
    for _, state in random_states(game, 40, f"mirror {cols}x{rows}"):
        image = mirrored(game, state)
        assert game.canonical_key(image) == game.canonical_key(state)
        keys.setdefault(game.canonical_key(state), set()).add(state)
    for key, states in keys.items():  # a key stands for a position and its image, no more
        assert len({min(s, mirrored(game, s)) for s in states}) == 1, key
    for _, state in random_states(game, 6, f"mirror search {cols}x{rows}"):
        if game.outcome(state) is None:
            image = mirrored(game, state)
            plain = search(game, state, "negamax", Limits(depth=3), symmetry=False)
            other = search(game, image, "negamax", Limits(depth=3), symmetry=False)
            assert plain.max_score == other.max_score


def test_the_ordering_puts_a_win_then_a_block_first_and_gifts_last() -> None:
    for moves, state in random_states(GAME, 200, "order"):
        if GAME.outcome(state) is not None:
            continue
        board, _ = oracle_play(moves, 7, 6)
        me, them = "XO"[len(moves) % 2], "OX"[len(moves) % 2]
        legal = GAME.legal_moves(state)
        ordered = GAME.order_moves(state, legal)
        assert sorted(ordered) == sorted(legal)
        landing = {m: (m - 1, len(board[m - 1])) for m in legal}
        wins = [m for m in legal if landing[m] in oracle_threats(board, 6, me)]
        theirs = oracle_threats(board, 6, them)
        blocks = [m for m in legal if landing[m] in theirs]
        gifts = [m for m in legal if (m - 1, landing[m][1] + 1) in theirs and m not in blocks
                 and m not in wins]
        assert set(ordered[:len(wins)]) == set(wins)
        if not wins:
            assert set(ordered[:len(blocks)]) == set(blocks)
        if gifts:
            assert set(ordered[-len(gifts):]) == set(gifts)
        assert GAME.is_quiet(state) == (not wins and not blocks)


def test_the_centre_comes_first_from_the_start() -> None:
    assert GAME.order_moves(GAME.initial_state(), GAME.legal_moves(GAME.initial_state()))[0] == 4


@pytest.mark.slow  # many searches
def test_the_ai_never_misses_a_win_and_never_leaves_one() -> None:
    thinker = Thinker(GAME, Policy(level=1, budget=60.0, depth=1), random.Random(1))
    checked = {"win": 0, "block": 0}
    for moves, state in random_states(GAME, 150, "ai"):
        if GAME.outcome(state) is not None:
            continue
        board, _ = oracle_play(moves, 7, 6)
        me, them = "XO"[len(moves) % 2], "OX"[len(moves) % 2]
        legal = GAME.legal_moves(state)
        landing = {m: (m - 1, len(board[m - 1])) for m in legal}
        wins = [m for m in legal if landing[m] in oracle_threats(board, 6, me)]
        blocks = [m for m in legal if landing[m] in oracle_threats(board, 6, them)]
        if not wins and len(blocks) != 1:
            continue
        move = thinker.choose(state).move
        if wins:
            assert move in wins, (moves, move)
            checked["win"] += 1
        else:
            assert move == blocks[0], (moves, move)
            checked["block"] += 1
    assert checked["win"] > 10 and checked["block"] > 5
