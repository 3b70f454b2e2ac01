"""Boards for the play session: readable without colour, in Unicode or ASCII."""

from __future__ import annotations

import io

from rich.console import Console

from games.bones import Bones
from games.tictactoe import TicTacToe
from minimax_cli import boards
from minimax_cli.core.game import MAX


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


def test_board_of_a_game_without_a_grid() -> None:
    out, buffer = console()
    out.print(boards.board(Bones(7), (7, MAX)))
    assert buffer.getvalue().splitlines() == ["position: 7", "moves:    1, 2, 3"]
    assert boards.player_labels(Bones()) == ("MAX", "MIN")
    assert boards.player_labels(TicTacToe()) == ("X", "O")
