"""Exercises (issue 12): `analyze tree ... --quiz` and `minimax quiz`.

The answers are checked against oracles written here over the nested lists (a minimax, and an
alpha-beta that records the leaves it evaluates), never against numbers copied from the code;
the course's worked example is checked against the course (root 3; the leaves 4 and 6 pruned).
"""

from __future__ import annotations

import io
import json
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console
from typer.testing import CliRunner

from minimax_cli import registry
from minimax_cli.cli import app as cli
from minimax_cli.cli.app import app
from minimax_cli.cli.quiz import INTERRUPTED, Answers, run_quiz
from minimax_cli.services.quiz import (
    MAX_ANSWER,
    AnswerError,
    Exercise,
    build,
    check_leaves,
    exercise_set,
    parse_leaves,
    parse_value,
)

runner = CliRunner()
COURSE = "[[3,12,8],[2,4,6],[14,5,2]]"
INF = float("inf")
Tree = Any  # a number or a list of trees


# --- oracles ---------------------------------------------------------------------------------------
def oracle_minimax(tree: Tree, maximizing: bool = True) -> float:
    if not isinstance(tree, list):
        return float(tree)
    values = [oracle_minimax(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def leaf_count(tree: Tree) -> int:
    return sum(leaf_count(c) for c in tree) if isinstance(tree, list) else 1


def oracle_alphabeta(tree: Tree) -> set[int]:
    """The numbers (from 1, left to right) of the leaves textbook alpha-beta evaluates: children in
    order, a MAX node stops once v >= beta, a MIN node once v <= alpha."""
    evaluated: set[int] = set()

    def search(node: Tree, first: int, alpha: float, beta: float, maximizing: bool) -> float:
        if not isinstance(node, list):
            evaluated.add(first)
            return float(node)
        v = -INF if maximizing else INF
        start = first
        for child in node:
            value = search(child, start, alpha, beta, not maximizing)
            start += leaf_count(child)
            if maximizing:
                v = max(v, value)
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, value)
                if v <= alpha:
                    return v
                beta = min(beta, v)
        return v

    search(tree, 1, -INF, INF, True)
    return evaluated


def exercise_of(text: str) -> Exercise:
    game = registry.create("tree", {}).for_position(text)
    return build(game, game.parse_position(text))


SEEDED = [(depth, branching, seed) for depth, branching in [(2, 3), (3, 3), (4, 3), (3, 4),
                                                            (6, 2), (1, 5)]
          for seed in range(8)]


@pytest.mark.parametrize(("depth", "branching", "seed"), SEEDED)
def test_seeded_trees_agree_with_the_oracles(depth: int, branching: int, seed: int) -> None:
    exercise = exercise_of(f"random:depth={depth},branching={branching},seed={seed}")
    tree = json.loads(exercise.position)
    total = leaf_count(tree)
    evaluated = oracle_alphabeta(tree)
    assert exercise.root_value == oracle_minimax(tree)
    assert set(exercise.pruned) == set(range(1, total + 1)) - evaluated
    assert [leaf.number for leaf in exercise.leaves] == list(range(1, total + 1))
    assert (exercise.minimax_leaves, exercise.alphabeta_leaves) == (total, len(evaluated))


def test_a_tree_with_min_at_the_root_is_asked_from_maxs_side() -> None:
    exercise = exercise_of("[[3,12],[2,4]]/min")
    assert exercise.lines[0].player == "MIN"
    # MIN picks the smaller MAX child: max(3,12) = 12 against max(2,4) = 4.
    assert exercise.root_value == 4
    assert exercise.pruned == ()  # the first child gives MIN <= 12; 2 < 12 never cuts


def test_the_course_tree_gives_root_3_and_its_leaves_4_and_6_pruned() -> None:
    for text in (COURSE, "@abcd"):
        exercise = exercise_of(text)
        assert exercise.root_value == 3
        assert [exercise.leaf(n).value for n in exercise.pruned] == [4, 6]
        assert exercise.pruned == (5, 6)  # the 5th and 6th leaves from the left
        assert (exercise.minimax_nodes, exercise.alphabeta_nodes) == (13, 11)  # COURSE.md
    assert exercise_of("@abcd").best_moves == ["B"]


def test_a_whole_pruned_subtree_counts_every_leaf_below_it() -> None:
    exercise = exercise_of("@subtree")
    tree = json.loads(exercise.position)
    assert set(exercise.pruned) == set(range(1, leaf_count(tree) + 1)) - oracle_alphabeta(tree)
    assert len(exercise.pruned) >= 2  # the subtree 2.2, not only a leaf


def test_the_drawing_names_every_node_the_worked_steps_name() -> None:
    labelled = ('{"label": "A", "children": [{"label": "B", "children": [[1, 5], [3, 4]]},'
                ' [[0, 9], {"label": "E", "children": [2, 8]}]]}')
    for text in ("@abcd", "random:depth=3,branching=3,seed=7", labelled):
        exercise = exercise_of(text)
        drawn = {line.name for line in exercise.lines if line.leaf is None}
        named = {step.node for step in exercise.steps if step.kind in ("enter", "cut")}
        assert named <= drawn, named - drawn
        pruned = {p.name for step in exercise.steps for p in step.pruned if not p.leaf}
        assert pruned <= drawn, pruned - drawn


# --- answers -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("5 6", {5, 6}), ("5,6", {5, 6}), (" #5, #6 ", {5, 6}), ("5-7", {5, 6, 7}),
    ("5–7", {5, 6, 7}), ("#5-#6 9", {5, 6, 9}), ("none", set()), ("NONE", set()),
    ("3; 3", {3}),
])
def test_leaves_are_read_in_every_written_form(text: str, expected: set[int]) -> None:
    assert parse_leaves(text, 9) == expected


@pytest.mark.parametrize(("text", "complaint"), [
    ("", "give the numbers of the leaves"),
    ("10", "there is no leaf #10: the leaves are numbered 1 to 9"),
    ("0", "there is no leaf #0"),
    ("7-5", "the run '7-5' goes backwards: write it as 5-7"),
    ("5 and 6", "'and' is not a leaf number"),
    ("9999999", "'9999999' is not a leaf number"),
    ("5" * (MAX_ANSWER + 1), f"an answer is at most {MAX_ANSWER}"),
    ("5\x1b[2J", "control character"),
])
def test_a_bad_leaves_answer_says_the_form(text: str, complaint: str) -> None:
    with pytest.raises(AnswerError, match=re.escape(complaint)):
        parse_leaves(text, 9)


@pytest.mark.parametrize(("text", "expected"), [
    ("3", Fraction(3)), ("-2", Fraction(-2)), ("+4", Fraction(4)), ("−3", Fraction(-3)),
    ("2.5", Fraction(5, 2)), ("2,5", Fraction(5, 2)), ("1/2", Fraction(1, 2)),
    (" 7 ", Fraction(7)), ("1e2", Fraction(100)),
])
def test_values_are_read_as_students_write_them(text: str, expected: Fraction) -> None:
    assert parse_value(text) == expected


@pytest.mark.parametrize("text", ["", "three", "1/0", "3 4", "inf", "nan", "1e99999", "0x10"])
def test_a_bad_value_is_refused(text: str) -> None:
    with pytest.raises(AnswerError, match="not a number" if text else "give the root's value"):
        parse_value(text)


def test_an_exact_decimal_leaf_is_matched_exactly() -> None:
    exercise = exercise_of("[[2.5, 7], [1.1, 9]]")
    assert exercise.root_value == 2.5
    from minimax_cli.services.quiz import check_value

    assert check_value(exercise, parse_value("2,5"))
    assert not check_value(exercise, parse_value("2.4"))


def test_leaf_values_given_for_numbers_get_a_hint() -> None:
    exercise = exercise_of(COURSE)
    verdict = check_leaves(exercise, frozenset({4, 6}))  # the values of the pruned leaves
    assert (verdict.right, verdict.missed, verdict.extra, verdict.values_given) == (
        False, (5,), (4,), True)
    assert not check_leaves(exercise, frozenset({1})).values_given


# --- analyze --quiz ---------------------------------------------------------------------------------
def quiz_run(*args: str, input: str) -> Any:
    return runner.invoke(app, ["analyze", "tree", *args, "--quiz"], input=input,
                         env={"COLUMNS": "200"})


def test_right_answers_through_piped_input() -> None:
    result = quiz_run(COURSE, input="3\n5 6\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "What is the minimax value of the root? 3" in lines
    assert "✓ right: the root is worth 3" in lines
    assert "✓ right: alpha-beta never evaluates #5 (4) and #6 (6)" in lines
    assert "2 of 2 right" in lines
    assert lines.index("2 of 2 right") < next(i for i, line in enumerate(lines) if "(g)" in line)
    assert "│   ├── #5 = 4" in lines  # the drawing numbers the leaves
    assert result.stderr == ""


def test_wrong_answers_through_piped_input() -> None:
    result = quiz_run(COURSE, input="8\n4 6\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "✗ wrong: you said 8; the root is worth 3" in lines
    assert ("✗ wrong: you said #4 and #6; alpha-beta never evaluates #5 (4) and #6 (6) "
            "(missed #5; #4 evaluated). Those are the leaves' values: a leaf is named by its "
            "number #1, #2, ... from the left") in lines
    assert "0 of 2 right" in lines


def test_the_drawing_hides_every_backed_up_value() -> None:
    result = quiz_run("random:depth=3,branching=2,seed=3", input="")
    drawing = result.stdout.split("▲ MAX and ▼ MIN take turns")[0]
    inner = [line for line in drawing.splitlines() if "MAX" in line or "MIN" in line]
    assert len(inner) == 1 + 2 + 4
    assert not any("=" in line for line in inner)
    assert len(re.findall(r"#\d+ = \d+", drawing)) == 8


def test_a_bad_answer_is_asked_again_and_counted_in_the_exit_code() -> None:
    result = quiz_run(COURSE, input="three\n3\n99\n5-6\n")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: line 1: 'three' is not a number: write the root's value as 3, -2, 2.5 or 1/2",
        "error: line 3: there is no leaf #99: the leaves are numbered 1 to 9 from the left"]
    assert "2 of 2 right" in result.stdout.splitlines()


@pytest.mark.parametrize("given", ["", "3\n", "3\nnonsense\n", "\n\n"])
def test_the_end_of_the_input_mid_quiz_ends_cleanly(given: str) -> None:
    result = quiz_run(COURSE, input=given)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code in (0, 2)
    assert (result.exit_code == 2) == ("error:" in result.stderr)
    assert "The quiz ended before every question was answered" in result.stdout
    assert not any(mark in result.stdout for mark in ("✓", "✗", "of 2 right"))  # no verdicts
    assert "Traceback" not in result.output


def test_an_overlong_or_binary_line_is_refused_not_kept() -> None:
    data = b"3" * 100_000 + b"\n\xff\xfe\n3\n5 6\n"
    result = runner.invoke(app, ["analyze", "tree", COURSE, "--quiz"], input=data)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: line 1: the line is longer than {MAX_ANSWER} characters, the most an answer "
        "may be", "error: line 2: the line is not UTF-8 text"]
    assert "✓ right: the root is worth 3" in result.stdout


def test_the_quiz_at_a_prompt_and_ctrl_d_and_ctrl_c() -> None:
    exercise = exercise_of(COURSE)
    for keys, code, seen in [("3\r5 6\r", 0, "2 of 2 right"), ("3\r\x04", 0, "quiz ended"),
                             ("\x03", INTERRUPTED, "interrupted"), ("x\r3\r5\r", 0, "1 of 2")]:
        out = Console(file=io.StringIO(), width=200)
        with create_pipe_input() as pipe:
            pipe.send_text(keys)
            answers = Answers(out, input=pipe, output=DummyOutput(), errors=out)
            assert run_quiz(exercise, answers, out) == code
        text = out.file.getvalue()  # type: ignore[attr-defined]
        assert seen in text, (keys, text)
        assert ("not a number" in text) == keys.startswith("x")


def test_ctrl_c_while_scripted_ends_with_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(*args: object) -> str:
        raise KeyboardInterrupt

    stream = io.StringIO("3\n5 6\n")
    monkeypatch.setattr(stream, "readline", interrupt)
    out = Console(file=io.StringIO())
    answers = Answers(out, stdin=stream, errors=out)
    assert run_quiz(exercise_of(COURSE), answers, out) == INTERRUPTED
    assert "interrupted" in out.file.getvalue()  # type: ignore[attr-defined]


def main_with(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
              *args: str) -> tuple[int, str, str]:
    """The console script's entry point, in this process: exit code, stdout, stderr."""
    monkeypatch.setattr(sys, "argv", ["minimax", *args])
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as done:
        cli.main()
    captured = capsys.readouterr()
    code = done.value.code
    return code if isinstance(code, int) else 0, captured.out, captured.err


def one_line(code: int, out: str, err: str) -> str:
    assert (code, out) == (2, ""), (code, out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


@pytest.mark.parametrize(("args", "expected"), [
    (["tictactoe"], "--quiz asks about explicit trees"),
    (["bones", "5"], "--quiz asks about explicit trees"),
    (["tree", '{"chance": [[0.5, 3], [0.5, [1, 9]]]}'], "without chance nodes"),
    (["tree", '{"players": 3, "tree": [[1,2,3],[3,2,1]]}'], "without chance nodes"),
    (["tree", "random:depth=6,branching=3"], "at most 400 nodes"),
    (["tree", "7"], "single leaf"),
    (["tree", "-"], "reads your answers from stdin"),
    (["tree", COURSE, "--depth", "2"], "leave out --depth"),
    (["tree", COURSE, "--algorithm", "minimax"], "leave out --algorithm"),
    (["tree", COURSE, "--json"], "leave out --json"),
    (["tree", "[[1,2"], "is not valid JSON"),
])
def test_what_makes_no_quiz_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str], args: list[str],
                                        expected: str) -> None:
    line = one_line(*main_with(monkeypatch, capsys, "analyze", *args, "--quiz"))
    assert expected in line


# --- minimax quiz ------------------------------------------------------------------------------------
def quiz_text(*args: str) -> str:
    result = runner.invoke(app, ["quiz", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_same_seed_gives_the_same_bytes_and_another_seed_another_set() -> None:
    first = quiz_text("--seed", "7", "--count", "3")
    assert first == quiz_text("--seed", "7", "--count", "3")
    other = quiz_text("--seed", "8", "--count", "3")
    assert other != first
    trees = re.findall(r"```json\n(.*)\n```", first)
    assert len(trees) == 3
    assert not set(trees) & set(re.findall(r"```json\n(.*)\n```", other))


def key_of(text: str) -> list[dict[str, str]]:
    """Each exercise's answer key rows, by name."""
    key = text.split("# Answer key")[1]
    found = []
    for part in key.split("## Exercise ")[1:]:
        found.append(dict(re.findall(r"^- ([^:\n]+): (.*)$", part, re.M)))
    return found


@pytest.mark.parametrize("args", [
    [], ["--seed", "7", "--count", "4", "--depth", "4", "--branching", "3"],
    ["--seed", "11", "--depth", "2", "--branching", "5", "--low", "-20", "--high", "20"],
    ["--seed", "3", "--depth", "6", "--branching", "2", "--count", "2"],
])
def test_the_answer_key_agrees_with_the_oracles(args: list[str]) -> None:
    text = quiz_text(*args)
    trees = [json.loads(t) for t in re.findall(r"```json\n(.*)\n```", text)]
    keys = key_of(text)
    assert len(trees) == len(keys) == int(dict(zip(args[::2], args[1::2], strict=True)).get("--count", 5))
    for tree, key in zip(trees, keys, strict=True):
        assert Fraction(key["Value of the root"]) == oracle_minimax(tree)
        named = {int(n) for n in re.findall(r"#(\d+)", key["Leaves never evaluated"])}
        assert named == set(range(1, leaf_count(tree) + 1)) - oracle_alphabeta(tree)
        counts = key["Nodes visited (root and leaves included)"]
        assert f"({leaf_count(tree)} leaves), alpha-beta" in counts
        assert counts.endswith(f"({len(oracle_alphabeta(tree))} leaves)")
        best = int(key["MAX's move"].split()[0])
        assert oracle_minimax(tree[best - 1], False) == oracle_minimax(tree)


def test_each_exercise_is_drawn_again_by_its_random_form() -> None:
    exercises = exercise_set(count=3, depth=3, branching=3, seed=7, low=0, high=10)
    text = quiz_text("--seed", "7", "--count", "3")
    for exercise in exercises:
        assert exercise.spec is not None and exercise.spec in text
        assert exercise_of(exercise.spec).position == exercise.position
        steps = [line for line in text.split("# Answer key")[1].splitlines()
                 if re.match(r"\d+\. ", line)]
        assert steps  # the worked steps are in the key
    result = runner.invoke(app, ["analyze", "tree", exercises[0].spec or "", "--quiz"],
                           input=f"{exercises[0].root_value}\n"
                           f"{' '.join(map(str, exercises[0].pruned)) or 'none'}\n")
    assert "2 of 2 right" in result.stdout


def test_out_writes_the_same_text_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "quiz.md"
    result = runner.invoke(app, ["quiz", "--seed", "5", "--count", "2", "--out", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8") == quiz_text("--seed", "5", "--count", "2")
    assert "wrote 2 exercises" in result.stdout


@pytest.mark.parametrize(("args", "expected"), [
    (["--count", "0"], "'0' is too small"),
    (["--count", "51"], "from 1 to 50"),
    (["--depth", "7"], "from 1 to 6"),
    (["--branching", "1"], "'1' is too small: give a whole number, 2 or more"),
    (["--branching", "6"], "from 2 to 5"),
    (["--depth", "5", "--branching", "4"], "1,365 nodes, and a quiz tree has at most 400"),
    (["--seed", "-1"], "'-1' is not a whole number"),
    (["--low", "-1000"], "'-1000' is not a whole number from -999 to 999"),
    (["--high", "x"], "'x' is not a whole number from -999 to 999"),
    (["--low", "5", "--high", "5"], "--low 5 must be below --high 5"),
    (["--count", "2", "--count", "3"], "give --count once"),
])
def test_a_bad_option_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str],
                                             args: list[str], expected: str) -> None:
    line = one_line(*main_with(monkeypatch, capsys, "quiz", *args))
    assert expected in line


def test_out_into_a_folder_or_nowhere_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    assert "is a folder" in one_line(*main_with(monkeypatch, capsys, "quiz", "--out",
                                                str(tmp_path)))
    missing = str(tmp_path / "no" / "such" / "dir" / "q.md")
    assert "cannot write" in one_line(*main_with(monkeypatch, capsys, "quiz", "--out", missing))


def test_negative_leaves_are_drawn_and_keyed() -> None:
    text = quiz_text("--low", "-5", "--high", "-1", "--count", "1", "--seed", "2")
    tree = json.loads(re.findall(r"```json\n(.*)\n```", text)[0])
    leaves = [int(v) for v in re.findall(r"#\d+ = (-?\d+)", text)]
    assert len(leaves) == 27 and all(-5 <= v <= -1 for v in leaves)
    assert Fraction(key_of(text)[0]["Value of the root"]) == oracle_minimax(tree)


def test_a_control_character_in_an_answer_is_echoed_escaped() -> None:
    # issue 20, defect 15: `printf '\033[2J\n' | minimax analyze tree [1] --quiz` cleared the
    # screen through the transcript while refusing the line
    result = runner.invoke(app, ["analyze", "tree", "[1]", "--quiz"], input=b"\x1b[2J\n\x07\n1\n")
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "root? \\x1b[2J\n" in result.stdout and "root? \\x07\n" in result.stdout
    assert result.stderr.count("holds a control character") == 2
