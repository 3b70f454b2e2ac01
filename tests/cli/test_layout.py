"""Layout (issue 20, defect 9): a report piped or written to a file carries no trailing blanks; a
JSON position wraps between tokens, under its own start, and stays JSON; the `--upto` legends
wrap at the console's width, not the table's; the in-game help's rows wrap under their text."""

from __future__ import annotations

import io
import json

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console
from typer.testing import CliRunner

from games.tictactoe.game import TicTacToe
from minimax_cli.cli.app import app
from minimax_cli.cli.plain import TrailingBlanksStripped
from minimax_cli.play.session import Session, make_config

runner = CliRunner()
ENV = {"COLUMNS": "80", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "",
       "LC_MESSAGES": ""}
#: The course's tree, as `analyze tree @abcd` writes its position.
ABCD = ('{"label":"A","children":[{"label":"B","children":[3,12,8]},{"label":"C","children":'
        '[2,4,6]},{"label":"D","children":[14,5,2]}]}')


def piped(*args: str, columns: int = 80) -> str:
    result = runner.invoke(app, list(args), env={**ENV, "COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("args", [
    ("analyze", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--trace"),
    ("analyze", "tree", "@abcd", "--tree"),
    ("analyze", "tictactoe", "X../.O./..."),
    ("solve", "bones", "--upto", "30"),
    ("solve", "tictactoe"),
    ("games",),
    ("analyze", "tree", "@abcd", "--trace", "--lang", "es"),
])
def test_a_piped_report_has_no_trailing_blanks(args: tuple[str, ...]) -> None:
    out = piped(*args)
    padded = [line for line in out.splitlines() if line != line.rstrip()]
    assert not padded, padded[:3]
    assert out.count("\n") > 5  # the report itself is all there


def test_the_stripping_stream_holds_back_blanks_until_the_line_says_what_they_are() -> None:
    buffer = io.StringIO()
    stream = TrailingBlanksStripped(buffer)
    for piece in ["a  ", " b   ", "\n", "  c", "  \n  ", "d"]:
        stream.write(piece)
    assert buffer.getvalue() == "a   b\n  c\n  d"
    assert not stream.isatty()


def test_a_terminal_keeps_the_padding_of_its_layout() -> None:
    buffer = io.StringIO()
    Console(file=buffer, force_terminal=True, width=20, color_system=None).print("x", justify="left")
    assert buffer.getvalue() == "x" + " " * 19 + "\n"  # what the stream must leave to a terminal


def test_a_json_position_wraps_between_tokens_under_its_start() -> None:
    lines = piped("analyze", "tree", "@abcd").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("position: "))
    end = next(i for i, line in enumerate(lines) if line.startswith("moves:    "))
    shown = lines[start:end]
    assert len(shown) == 2  # 111 characters after a 10-column label, at 80 columns
    assert all(line.startswith(" " * 10) for line in shown[1:])
    assert all(line.endswith(",") for line in shown[:-1])  # a break only after a comma
    written = "".join(line[10:] for line in shown)
    assert written == ABCD
    assert json.loads("\n".join(line[10:] for line in shown)) == json.loads(ABCD)


def test_a_narrow_console_still_breaks_the_position_only_between_tokens() -> None:
    lines = piped("analyze", "tree", "@abcd", columns=40).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("position: "))
    end = next(i for i, line in enumerate(lines) if line.startswith("moves:    "))
    shown = [line[10:] for line in lines[start:end]]
    assert "".join(shown) == ABCD
    assert all(line.endswith(",") and len(line) <= 30 for line in shown[:-1])


def test_the_upto_legend_is_one_line_under_a_narrow_table() -> None:
    lines = piped("solve", "bones", "--upto", "12").splitlines()
    assert "W: the player to move wins; L: loses" in lines
    table_width = max(len(line) for line in lines if line.startswith("┏"))
    assert table_width < len("W: the player to move wins; L: loses")


def test_the_standings_legend_wraps_at_the_console_width() -> None:
    lines = piped("solve", "bones3", "--upto", "5").splitlines()
    assert ("winner: the player who wins; returns: players 1..3; plays: the move made at n;"
            in lines)


def test_the_help_of_a_session_wraps_each_row_under_its_text() -> None:
    buffer = io.StringIO()
    terminal = Console(file=buffer, force_terminal=True, width=100, color_system=None)
    game = TicTacToe()
    with create_pipe_input() as pipe:
        pipe.send_text("help\rquit\r")
        pipe.close()
        Session(game, make_config(game, seed=1, budget=1.0), console=terminal, input=pipe,
                output=DummyOutput(), sleep=lambda seconds: None).run()
    lines = [line.rstrip() for line in buffer.getvalue().splitlines()]
    first = next(i for i, line in enumerate(lines) if line.startswith("  moves  "))
    assert lines[first].startswith("  moves  a cell number counted from 1 in reading order")
    assert lines[first + 1].startswith("         ")  # under "a cell number", not at the margin
    assert lines[first + 1].strip().endswith("(a1 is the bottom-left corner)")
    assert lines[first + 2].startswith("  hint   every move with its value for you")
    assert all(len(line) <= 100 for line in lines)


def test_the_help_of_a_scripted_session_stays_one_line_a_row() -> None:
    result = runner.invoke(app, ["play", "--seed", "1"], input="help\nquit\n",
                           env={**ENV, "COLUMNS": "100"})
    assert ("  moves  a cell number counted from 1 in reading order (top-left is 1), or a "
            "coordinate like b2: column letter a.. from the left, row number from the bottom (a1 "
            "is the bottom-left corner)") in result.stdout.splitlines()
