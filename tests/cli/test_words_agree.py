"""Words and numbers that agree (issue 20, defect 6): a table titled "best first" starts with the
move the report names best, a legend explains only marks the table shows, and the counts the
text names are the counts the JSON gives."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from minimax_cli.cli.app import app

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def first_row(text: str) -> str:
    """The move of the moves table's first row."""
    rows = [line for line in text.splitlines() if line.startswith("│")]
    return rows[0].split("│")[1].split()[0]


def best_row(text: str) -> str:
    match = re.search(r"^best +(\S+)", text, re.MULTILINE)
    assert match is not None, text
    return match[1]


def test_solve_tictactoe_names_first_the_best_move_it_names() -> None:
    # Every opening move draws; the engine's line starts in the centre, the report says "best 5".
    text = run("solve", "tictactoe")
    assert best_row(text) == "5" and first_row(text) == "5"
    data = json.loads(run("solve", "tictactoe", "--json"))
    assert data["best_move"] == "5" and data["moves"][0]["move"] == "5"
    assert sorted(m["move"] for m in data["moves"]) == [str(i) for i in range(1, 10)]


def test_mcts_table_starts_with_the_move_it_plays() -> None:
    text = run("analyze", "tictactoe", "X../.O./...", "-a", "mcts", "--iterations", "20000",
               "--seed", "1")
    assert first_row(text) == best_row(text)


def test_no_star_legend_when_no_move_is_starred() -> None:
    # Heap 1,000,000 = 4 x 250,000 is lost whatever is taken; the table keeps no game lengths,
    # so the slowest loss is not known and no move is starred.
    text = run("solve", "bones", "--n", "1000000")
    assert "★" not in text
    assert "no move is marked best" in text
    assert re.search(r"^best +none marked", text, re.MULTILINE)
    shown = run("solve", "bones", "--n", "30")  # 30 = 4 x 7 + 2: take 2, distances known
    assert "2 ★" in shown and best_row(shown) == "2"


def test_counts_named_in_the_text_are_the_json_counts() -> None:
    text = run("solve", "tictactoe")
    data = json.loads(run("solve", "tictactoe", "--json"))
    match = re.search(r"the engine, ([\d,]+) nodes searched", text)
    assert match is not None, text
    assert int(match[1].replace(",", "")) == data["stats"]["nodes"] > 0
    # A search does not count a solver's positions: none claimed, not zero.
    assert data["stats"]["positions"] is None
