"""Boards: readable without colour, in Unicode or ASCII; heaps drawn as sticks."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from games.bones.game import Bones
from games.nim.game import Nim
from games.tictactoe.game import TicTacToe
from games.tree.game import TreeGame
from minimax_cli.core.game import MAX, MIN, Game
from minimax_cli.views import boards


def console() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=100, color_system=None), buffer


def test_board_marks_without_colour() -> None:
    game = TicTacToe()
    before = game.parse_position("X../.O./...")
    after = game.play(before, 8)
    out, buffer = console()
    out.print(boards.board(game, after, before, 8))
    text = buffer.getvalue()
    assert "\x1b[" not in text  # no colour codes needed to read it
    assert "3 │ X │ 2 │ 3 │ 3" in text
    assert "1 │ 7 │ 8 │[X]│ 1" in text
    assert "last move [ ]: 9 (c1)" in text
    assert text.splitlines()[0].split() == ["a", "b", "c"]


def test_board_in_ascii() -> None:
    game = TicTacToe()
    view = boards.BoardView(game.grid((1, 2)), {2: "3"}, set(), set())
    lines = [t.plain for t in view.lines(ascii_only=True)]
    assert lines[1] == "  +---+---+---+"
    assert lines[2] == "3 | X | O | 3 | 3"
    assert all(ch.isascii() for line in lines for ch in line)


def shown(game: Game[Any, Any], state: Any) -> list[str]:
    out, buffer = console()
    out.print(boards.board(game, state))
    return buffer.getvalue().splitlines()


def test_board_of_a_game_without_a_grid() -> None:
    assert shown(Bones(7), (7, MAX)) == ["||||| ||  7 bones", "position: 7", "moves:    1, 2, 3"]
    assert shown(Bones(take=(1, 3, 4)), (3, MIN)) == ["|||  3 bones", "position: 3/min",
                                                      "moves:    1, 3"]
    assert boards.player_labels(Bones()) == ("MAX", "MIN")
    assert boards.player_labels(TicTacToe()) == ("X", "O")


def test_board_of_nim_heaps() -> None:
    assert shown(Nim(), ((1, 0, 2), MIN)) == [
        "heap 1  |        1",
        "heap 2  (empty)  0",
        "heap 3  ||       2",
        "position: 1,0,2/min",
        "moves:    1:1, 3:1, 3:2",
    ]


def test_board_of_a_finished_game_says_so() -> None:
    assert shown(Bones(), (0, MIN)) == ["no bones left", "position: 0/min",
                                        "moves:    none, the game is over"]
    assert shown(Nim(), ((0, 0), MAX))[-1] == "moves:    none, the game is over"


def test_board_of_a_huge_heap_is_short() -> None:
    lines = shown(Bones(), (10**18, MAX))
    assert lines == ["||||| ||||| ||||| ||||| ...  1,000,000,000,000,000,000 bones",
                     "position: 1000000000000000000", "moves:    1, 2, 3"]


def test_a_long_list_of_moves_is_cut() -> None:
    heaps = (3, 4, 6)  # 13 moves: more than LISTED_MOVES
    lines = shown(Nim(), (heaps, MAX))
    assert lines[-1] == "moves:    1:1, 1:2, 1:3, 2:1, 2:2, 2:3, 2:4, 3:1, 3:2, 3:3, ..., 3:6 (13 moves)"
    assert shown(Nim(), ((3, 4, 5), MAX))[-1] == ("moves:    1:1, 1:2, 1:3, 2:1, 2:2, 2:3, 2:4, "
                                                  "3:1, 3:2, 3:3, 3:4, 3:5")


def test_a_game_with_neither_grid_nor_sketch_shows_its_position() -> None:
    game = TreeGame()
    state = game.parse_position("[[3,12],[2]]")
    assert game.sketch(state) is None
    assert shown(game, state) == [f"position: {game.format_position(state)}", "moves:    1, 2"]


def test_connect_four_columns_are_numbered_and_only_landing_cells_are_labelled() -> None:
    from games.connect4.game import ConnectFour

    game = ConnectFour()
    assert boards.column_moves(game) == tuple("1234567")
    assert boards.column_moves(TicTacToe()) is None
    before = game.parse_position("445365")
    after = game.play(before, 3)
    out, buffer = console()
    out.print(boards.board(game, after, before, 3))
    lines = buffer.getvalue().splitlines()
    assert lines[0].split() == list("1234567") == lines[-2].split()
    rows = [line for line in lines if "│" in line]
    assert rows[2] == "4 │   │   │   │   │   │   │   │ 4"  # nothing to play there yet
    assert rows[3] == "3 │   │   │ 3 │ 4 │ 5 │   │   │ 3"
    assert rows[4] == "2 │   │   │[X]│ O │ O │ 6 │   │ 2"
    assert rows[5] == "1 │ 1 │ 2 │ O │ X │ X │ X │ 7 │ 1"
    assert lines[-1] == "last move [ ]: 3 (row 2)"


@pytest.mark.parametrize(("moves", "words"), [
    ("1212121", "column 1, rows 1 to 4"),
    ("1647362", "row 1, columns 1 to 4"),
    ("34366546655", "from column 3, row 1 to column 6, row 4"),
    ("43535364314", "from column 3, row 4 to column 6, row 1"),
])
def test_connect_four_names_the_winning_four_by_column_and_row(moves: str, words: str) -> None:
    from games.connect4.game import ConnectFour

    game = ConnectFour()
    before = game.parse_position(moves[:-1])
    after = game.play(before, int(moves[-1]))
    out, buffer = console()
    out.print(boards.board(game, after, before, int(moves[-1])))
    text = buffer.getvalue()
    assert text.count("*X*") == 4
    assert text.splitlines()[-1].endswith(f"winning line * *: {words}")
