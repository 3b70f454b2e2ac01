"""Layout words a reader without colour relies on (issue 34, item 20): `book`'s row in `minimax
--help` is one line, as every command's summary is one sentence; the W/L column of `solve --upto`
has a header; a last move drawn in the winning line (`*X*`) is not called `[ ]`."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from minimax_cli.cli.app import COMMANDS, app

runner = CliRunner()


def output(*argv: str, typed: str = "") -> str:
    result = runner.invoke(app, list(argv), input=typed, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize(("language", "row"), [
    ("en", "  book     An opening book of proven scores: build it, or show what it holds."),
    ("es", "  book     Un libro de aperturas de puntuaciones demostradas: créalo o muestra")])
def test_every_command_is_summed_up_in_at_most_two_rows(language: str, row: str) -> None:
    lines = output("--lang", language, "--help").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  play "))
    end = next(i for i in range(start, len(lines)) if not lines[i].strip())
    rows = lines[start:end]
    commands = [i for i, line in enumerate(rows) if not line.startswith("           ")]
    sizes = [after - before for before, after in zip(commands, [*commands[1:], len(rows)],
                                                      strict=True)]
    assert len(commands) == len(COMMANDS) and max(sizes) <= 2, rows
    assert row in rows


def test_the_outcome_column_of_a_series_has_a_header() -> None:
    assert "┃  n ┃ W/L ┃ winning moves ┃" in output("solve", "bones", "--upto", "12")
    assert "┃ n ┃ G/P ┃ jugadas ganadoras ┃" in output("--lang", "es", "solve", "bones", "--upto",
                                                    "5")


def test_a_last_move_in_the_winning_line_is_not_called_brackets() -> None:
    out = output("play", "--vs", "human", typed="1\n4\n2\n5\n3\n")
    assert "3 │*X*│*X*│*X*│ 3" in out
    assert "last move: 3 (c3)   winning line * *: a3 b3 c3" in out
    assert "last move [ ]: 2 (b3)" in out  # before the end, the mark is [X]
    assert "last move [ ]: 3" not in out
