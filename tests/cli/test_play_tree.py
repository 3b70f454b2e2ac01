"""`minimax play tree` draws the tree, not its JSON, and names its moves so that they cannot be
read as values (issue 34, item 18): an unlabelled child is `branch 2` (typed as `2`, or as
`branch 2`), the current node is marked, a large tree stays a screenful."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from minimax_cli.cli.app import app

runner = CliRunner()
COURSE = "[[3,12,8],[2,4,6],[14,5,2]]"


def play(*argv: str, typed: str) -> str:
    result = runner.invoke(app, ["play", "tree", *argv, "--seed", "1"], input=typed)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_tree_is_drawn_on_every_turn_and_for_board_never_as_json() -> None:
    out = play(typed="board\nB\n")
    assert '"label"' not in out and "{" not in out and "position:" not in out
    start = "▶ A ▲ MAX  ◀ here"
    assert out.count(start) == 2  # the turn's drawing and board's
    lines = out.splitlines()
    first = lines.index(start)
    assert lines[first + 1:first + 5] == ["├── B ▼ MIN", "│   ├── B.1 leaf = 3",
                                          "│   ├── B.2 leaf = 12", "│   └── B.3 leaf = 8"]
    assert "moves:    B, C, D" in out
    # The end: MIN took B's first leaf; the drawing marks where the game stopped.
    assert "│   ├── ▶ B.1 leaf = 3  ◀ here" in out


def test_moves_are_named_as_branches_not_as_numbers_beside_values() -> None:
    out = play(COURSE, "--ai-first", typed="2\n")
    assert "MAX (AI) plays branch 1: " in out
    assert "│   ├── branch 2 → 1.2 leaf = 12" in out
    assert "moves:    branch 1, branch 2, branch 3 (type a branch's number, e.g. 1)" in out
    assert "MIN (you) plays branch 2" in out
    assert "MIN (you) played branch 2: gave away points, 3 -> 12 (MAX's view); branch 1 kept 3" in out
    assert " plays 1" not in out and " plays 2" not in out


def test_a_branch_is_typed_as_its_number_or_as_the_tool_names_it() -> None:
    assert "MAX (you) plays branch 3" in play(COURSE, typed="branch 3\n")
    assert "MAX (you) plays branch 3" in play(COURSE, typed="3\n")


def test_a_large_tree_is_drawn_along_the_path_played() -> None:
    tree = json.dumps([[i, i + 1] for i in range(20)] + [list(range(70))])
    out = play(tree, typed="15\n")
    drawn = [line for line in out.splitlines() if "─" in line]
    assert len(drawn) < 60
    assert "├── 1 ▼ MIN  (… 2 nodes below)" in out
    assert "│   ├── ▶ 15.1 leaf = 14  ◀ here" in out  # the 15th branch: past the first 12
    assert "└── … 8 more branches" in out
