"""`minimax analyze` as a script sees it: JSON keys and numbers, errors and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from minimax_cli.cli import app

runner = CliRunner()
EMPTY = "........."


def analyze_json(*args: str) -> Any:
    result = runner.invoke(app, ["analyze", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_slides_tree_json_for_alphabeta() -> None:
    data = analyze_json("tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--algorithm", "alphabeta")
    for key in ("game", "position", "algorithm", "value", "exact", "best_move", "moves", "pv", "stats"):
        assert key in data
    assert data["value"] == 3 and data["best_move"] == "1" and data["exact"] is True
    assert data["stats"]["nodes"] == 11 and data["stats"]["leaves"] == 7
    assert [m["bound"] for m in data["moves"]] == ["exact", "upper", "upper"]
    assert data["moves"][0] == {"move": "1", "value": 3, "bound": "exact", "distance": None}


def test_slides_tree_json_for_minimax() -> None:
    data = analyze_json("tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--algorithm", "minimax")
    assert (data["value"], data["stats"]["nodes"], data["stats"]["leaves"]) == (3, 13, 9)
    assert [m["value"] for m in data["moves"]] == [3, 2, 2]


def test_full_tictactoe_tree_counts() -> None:
    plain = analyze_json("tictactoe", EMPTY, "--algorithm", "minimax")
    assert plain["value"] == 0 and plain["stats"]["nodes"] == 549_946
    pruned = analyze_json("tictactoe", EMPTY, "--algorithm", "alphabeta")
    assert pruned["value"] == 0 and pruned["stats"]["nodes"] == 18_297
    engine = analyze_json("tictactoe", EMPTY)
    assert engine["value"] == 0 and engine["stats"]["nodes"] < 765
    assert sorted(m["move"] for m in engine["moves"]) == [str(i) for i in range(1, 10)]
    assert all(m["bound"] == "exact" and m["value"] == 0 for m in engine["moves"])


def test_course_depth_one_example() -> None:
    data = analyze_json("tictactoe", EMPTY, "--algorithm", "minimax", "--depth", "1")
    values = {m["move"]: m["value"] for m in data["moves"]}
    assert values["5"] == 4
    assert {values[c] for c in "1379"} == {3}
    assert {values[c] for c in "2468"} == {2}
    assert data["best_move"] == "5" and data["exact"] is False


def test_values_are_from_x_point_of_view_whoever_moves() -> None:
    # O to move, X threatens both 2 and 6 and O has no win of its own: X wins, 2 plies on.
    data = analyze_json("tictactoe", "X.X/.O./O.X")
    assert data["to_move"] == "MIN"
    assert data["value"] == 1 and data["distance"] == 2
    assert all(m["value"] == 1 for m in data["moves"])
    # O to move and O wins at once on 7 (the 3-5-7 diagonal).
    data = analyze_json("tictactoe", "XXO/XO./...")
    assert data["to_move"] == "MIN" and data["value"] == -1 and data["best_move"] == "7"
    assert data["distance"] == 1


def test_tree_view_marks_pruned_moves() -> None:
    result = runner.invoke(app, ["analyze", "tree", "@abcd", "-a", "alphabeta", "--tree"])
    assert result.exit_code == 0
    assert "pruned: 2, 3" in result.stdout
    assert "MAX" in result.stdout and "MIN" in result.stdout


def test_compare_lists_three_algorithms() -> None:
    result = runner.invoke(app, ["analyze", "tictactoe", "X...O....", "--compare"])
    assert result.exit_code == 0
    for name in ("minimax", "alphabeta", "negamax"):
        assert name in result.stdout


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "minimax_cli", *args], capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["analyze", "tree", "[[1,2],"], "not valid JSON"),
        (["analyze", "tree", "[]"], "empty list"),
        (["analyze", "tree", "[1,[2,\"x\"]]"], "not a number"),
        (["analyze", "tree", "[1,2]", "--algorithm", "best"], "unknown algorithm"),
        (["analyze", "chess"], "unknown game"),
        (["analyze", "tictactoe", "XXX"], "9"),
        (["analyze", "tictactoe", "--rows", "x"], "rows"),
        (["analyze", "tree", "[1,2]", "--depth", "abc"], "depth"),
        (["analyze", "tree", "[1,2]", "--depth", "2"], "no evaluation function"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], expected: str) -> None:
    result = run_cli(*args)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert expected in lines[0]
    assert "Traceback" not in result.stderr


def test_position_from_stdin_and_file(tmp_path: Any) -> None:
    path = tmp_path / "tree.json"
    path.write_text("[[3,12,8],[2,4,6],[14,5,2]]")
    assert analyze_json("tree", str(path))["value"] == 3
    result = runner.invoke(app, ["analyze", "tree", "-", "--json"], input="[[1],[7,9]]")
    assert json.loads(result.stdout)["value"] == 7
