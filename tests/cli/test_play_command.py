"""`minimax play` as a command: its options, a starting position in every game, scripted play."""

from __future__ import annotations

import re
import shlex

import pytest
from typer.testing import CliRunner

from minimax_cli.cli.app import app

runner = CliRunner()

#: The README's scripted example (the lead keeps README.md's copy the same): with --seed the AI's
#: choices among equally good moves are the same every run, so each of these cells is free when
#: it is typed, and the game is played to the end.
README_EXAMPLE = r"printf '5\n1\n6\n8\n7\n' | minimax play --seed 1"


def run_example(example: str) -> tuple[int, str, str]:
    """Run a `printf '...' | minimax play ...` line; exit code, stdout, stderr."""
    typed, command = example.split(" | ")
    lines = shlex.split(typed)[1].encode().decode("unicode_escape")
    argv = shlex.split(command)[1:]
    result = runner.invoke(app, argv, input=lines)
    return result.exit_code, result.stdout, result.stderr


def test_the_readme_example_is_reproducible_and_plays_a_whole_game() -> None:
    code, out, err = run_example(README_EXAMPLE)
    assert (code, err) == (0, "")
    plays = [line for line in out.splitlines() if " plays " in line]
    assert [line.split(":")[0] for line in plays] == [
        "X (you) plays 5", "O (AI) plays 3", "X (you) plays 1", "O (AI) plays 9",
        "X (you) plays 6", "O (AI) plays 4", "X (you) plays 8", "O (AI) plays 2",
        "X (you) plays 7"]
    # Each value proven: by a search to the end, except the third, where a search two plies deep
    # met positions the earlier thinks had proven (its line goes four plies to the end).
    end = "a draw with best play, proven by a search to the end"
    table = ("a draw with best play, proven by a search 2 plies deep and the table of positions "
             "already proven")
    said = [re.fullmatch(r"O \(AI\) plays \d: (.*) · [\d,]+ nodes", line) for line in plays
            if "(AI)" in line]
    assert [match and match[1] for match in said] == [end, end, table, end]
    assert "game over: a draw after 9 plies" in out
    assert "review by the solver: no move threw away a win or a draw" in out
    assert out.rstrip().endswith("bye")
    for _ in range(3):  # the same output, every run
        assert run_example(README_EXAMPLE) == (code, out, err)


def test_a_bad_scripted_line_goes_to_stderr_and_the_exit_code_says_so() -> None:
    result = runner.invoke(app, ["play", "--seed", "1"], input="5\nfoo\n1\n")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: line 2: invalid move 'foo'")
    assert "error" not in result.stdout
    assert "X (you) plays 1" in result.stdout  # the game went on with the next line


def test_play_command_options() -> None:
    result = runner.invoke(app, ["play", "--rows", "2", "--cols", "2", "--k", "2", "--ai-first"],
                           input="")
    assert result.exit_code == 0, result.output
    assert "you play O (second)" in result.output
    rows = [line.split()[0] for line in result.output.splitlines() if "│" in line]
    assert rows == ["2", "1"]
    result = runner.invoke(app, ["play", "bones", "--n", "4", "--level", "weak", "--seed", "2"],
                           input="3\n")
    assert result.exit_code == 0, result.output
    assert "bones: you play MAX (first)" in result.output


# --- a starting position -------------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "intro", "typed", "played"), [
    (["tree", "[[3,12,8],[2,4,6]]"], "tree, from [[3,12,8],[2,4,6]]: you play MAX (to move)",
     "1\n", "MAX (you) plays branch 1"),
    # The tree game's own start, named: nothing to name.
    (["tree", "@abcd"], "tree: you play MAX (first)", "B\n", "MAX (you) plays B"),
    (["tictactoe", "x.o/.x./..."], "tictactoe, from X.O/.X./...: you play O (to move)", "9\n",
     "O (you) plays 9"),
    (["bones", "10"], "bones, from 10: you play MAX (to move)", "2\n", "MAX (you) plays 2"),
    (["nim", "3,4,5/min"], "nim, from 3,4,5/min: you play MIN (to move)", "1:2\n",
     "MIN (you) plays 1:2"),
    # --n sets the game's own start: nothing to name.
    (["bones", "--n", "10"], "bones: you play MAX (first)", "2\n", "MAX (you) plays 2"),
    # No position: the tree game starts at its own tree (the course's), a start to name neither.
    (["tree"], "tree: you play MAX (first)", "B\n", "MAX (you) plays B"),
])
def test_play_starts_from_a_position_in_every_game(argv: list[str], intro: str, typed: str,
                                                    played: str) -> None:
    result = runner.invoke(app, ["play", *argv, "--seed", "1"], input=typed)
    assert result.exit_code == 0, result.output
    assert intro in result.stdout
    assert played in result.stdout


def test_the_ai_moves_first_from_a_position_when_asked() -> None:
    # O to move in x.o/.x./...: --ai-first gives the AI O's move, and O must block X's diagonal.
    result = runner.invoke(app, ["play", "tictactoe", "x.o/.x./...", "--ai-first"], input="")
    assert result.exit_code == 0, result.output
    assert "you play X (the AI moves first)" in result.stdout
    assert "O (AI) plays 9: a draw with best play" in result.stdout


def test_the_review_works_from_a_position_given() -> None:
    # Bones 1..3 from 10: the mover wins by leaving a multiple of four (take 2); taking 1 leaves
    # 9, a win for the other side, so the review names ply 1 and the take of 2.
    result = runner.invoke(app, ["play", "bones", "10", "--seed", "1"],
                           input="\n".join(["1"] * 10) + "\n")
    assert result.exit_code == 0, result.output
    assert "game over: MIN (AI) wins after " in result.stdout
    assert "  ply 1, MAX (you) played 1: threw away the win; 2 kept it" in result.stdout


def test_a_win_in_one_is_said_once_it_is_played() -> None:
    result = runner.invoke(app, ["play", "tictactoe", "XX./OO./...", "--ai-first"], input="")
    assert result.exit_code == 0, result.output
    assert "X (AI) plays 3: the AI wins with this move\n" in result.stdout
    assert "game over: X (AI) wins after 1 ply\n" in result.stdout


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "--level", "9"], "unknown level"),
    (["play", "--side", "first", "--ai-first"], "--ai-first means the AI makes the first move, "
     "as X, and you play O; it contradicts --side first"),
    (["play", "bones", "--depth", "2"], "no evaluation function"),
    (["play", "-a", "nope"], "unknown algorithm"),
    (["play", "go"], "unknown game"),
    (["play", "tictactoe", "XXX/OO./..."], "error: the game is already over in that position "
     "(X has won); give one where a move is still to be made"),
    (["play", "bones", "0"], "the game is already over in that position (MIN has won)"),
    (["play", "tictactoe", "XOX/XOO/OXX"], "already over in that position (it is a draw)"),
    (["play", "bones", "10", "--n", "5"], "both a position (10) and --n 5 were given"),
    (["play", "tictactoe", "x.o", "/.x."], "unexpected argument '/.x.'"),
    (["play", "tictactoe", "-"], "play reads your moves from stdin, so the position cannot"),
])
def test_play_command_errors(argv: list[str], message: str) -> None:
    result = runner.invoke(app, argv, input="")
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
