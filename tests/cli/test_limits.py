"""Every input has a stated limit, and every error is one short line (issue 9).

- Each command issue 9 lists (scripts/hostile_commands.py builds them) runs as a subprocess of the
  installed `minimax` with its address space capped at 500 MB: exit 0 or 2, no traceback, one
  short line on stderr. The timeout is generous: speed is the script's to measure.
- The command line's own limits (--time, --depth, --nodes, --seed, --delay, the position's size
  and encoding) are refused beyond their bounds with the bound named, and accepted at them.
- `one_line` escapes control characters, cuts echoed input and caps the line; the searched tree is
  drawn with its wide nodes cut, saying how much was left out.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from rich.console import Console

from minimax_cli.cli import app as cli
from minimax_cli.cli import base as cli_base
from minimax_cli.cli.base import ERROR_LIMIT, WORD_KEEP, one_line
from minimax_cli.core.params import MAX_DEPTH, MAX_NODES, MAX_TIME
from minimax_cli.core.result import Limits, SearchOptions
from minimax_cli.core.search import ALGORITHMS
from minimax_cli.views import tree as render_tree

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "hostile_commands.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hostile_commands", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


hostile = load_script()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    hostile.prepare(folder)
    return folder


# --- the listed commands --------------------------------------------------------------------------
CASES = hostile.cases(Path("unused"))  # for the names; each test takes its case from `files`


@pytest.mark.slow  # a subprocess each, under its memory cap
@pytest.mark.parametrize("name", [case.name for case in CASES])
def test_a_listed_command_ends_in_one_short_line_within_500_mb(name: str, files: Path) -> None:
    case = next(c for c in hostile.cases(files) if c.name == name)
    outcome = hostile.run(case.argv, case.stdin, timeout=120.0, memory_mb=hostile.MEMORY_MB,
                          stdin_file=case.stdin_file, stdout_file=case.stdout_file)
    why = hostile.verdict(case, outcome, timeout=120.0)
    assert why is None, f"{name}: {why}\nstderr: {outcome.stderr[-2000:]}"


# --- the real entry point, in process --------------------------------------------------------------
def run_main(argv: list[str], capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch, stdin: Any = None) -> tuple[int, str, str]:
    """`minimax *argv` through `cli.main` (usage errors as the installed command prints them)."""
    monkeypatch.setattr(sys, "argv", ["minimax", *argv])
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", stdin)
    with pytest.raises(SystemExit) as done:
        cli.main()
    out, err = capsys.readouterr()
    code = done.value.code
    return (code if isinstance(code, int) else 0), out, err


def error_of(argv: list[str], capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch, stdin: Any = None) -> str:
    code, out, err = run_main(argv, capsys, monkeypatch, stdin)
    lines = err.splitlines()
    assert (code, out, len(lines)) == (2, "", 1), err
    assert lines[0].startswith("error: ")
    return lines[0]


DONE = "XXX/OO./..."  # X has won: every search ends at once, whatever its limits
TIME_RANGE = f"from 0.001 to {MAX_TIME:,.0f}"


@pytest.mark.parametrize(("argv", "expected"), [
    (["analyze", "tictactoe", "--time", "0"], f"'0' is out of range: give a number of seconds "
     f"{TIME_RANGE}"),
    (["analyze", "tictactoe", "--time", "86400.5"], f"'86400.5' is out of range: give a number of "
     f"seconds {TIME_RANGE}"),
    (["analyze", "tictactoe", "--time", "inf"], f"'inf' is not a number of seconds: give a decimal "
     f"number {TIME_RANGE}, e.g. 0.5"),
    (["analyze", "tictactoe", "--time", "nan"], "'nan' is not a number of seconds"),
    (["analyze", "tictactoe", "--time", "1e400"], "'1e400' is out of range"),
    (["analyze", "tictactoe", "--time", "-1"], "'-1' is not a number of seconds"),
    (["analyze", "tictactoe", "--depth", str(MAX_DEPTH + 1)],
     f"'{MAX_DEPTH + 1}' is too large: give a whole number from 0 to {MAX_DEPTH:,} plies"),
    (["analyze", "tictactoe", "--nodes", "1e11.5"], "'1e11.5' is not a whole number"),
    (["analyze", "tictactoe", "--nodes", str(MAX_NODES + 1)],
     f"is too large: give a whole number from 1 to {MAX_NODES:,}"),
    (["play", "--depth", "0"], "'0' is too small: give a whole number, 1 or more"),
    (["play", "--depth", "1e6"], f"'1e6' is too large: give a whole number from 1 to {MAX_DEPTH:,} "
     "plies"),
    (["play", "--time", "1e9"], f"'1e9' is out of range: give a number of seconds {TIME_RANGE}"),
    (["play", "--seed", "2**32"], "'2**32' is too large: give a whole number from 0 to "
     "4,294,967,295"),
    (["play", "--seed", "9" * 5000], "is too large: at most 100 digits"),
    (["play", "--watch", "--delay", "61"], "'61' is out of range: give a number of seconds from 0 "
     "to 60"),
    (["play", "--watch", "--delay", "inf"], "'inf' is not a number of seconds: give a decimal "
     "number from 0 to 60, e.g. 0.5"),
    (["play", "--watch", "--delay", "1e308"], "'1e308' is out of range"),
])
def test_an_option_beyond_its_limit_is_one_line_naming_it(
        argv: list[str], expected: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    line = error_of(argv, capsys, monkeypatch)
    assert expected in line
    assert line.endswith(f" {argv[0]} --help`)")  # the program's name is pytest's here


@pytest.mark.parametrize("argv", [
    ["analyze", "tictactoe", DONE, "--time", str(int(MAX_TIME)), "--json"],
    ["analyze", "tictactoe", DONE, "--time", "0.001", "--json"],
    ["analyze", "tictactoe", DONE, "--depth", str(MAX_DEPTH), "--json"],
    ["analyze", "tictactoe", DONE, "--nodes", "10**12", "--json"],
])
def test_an_option_at_its_limit_is_taken(argv: list[str], capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_main(argv, capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert json.loads(out)["value"] == 1  # X's three in a row


def test_play_takes_the_largest_seed_and_delay(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    code, _, err = run_main(["play", "--seed", "4294967295", "--delay", "60", "--no-review"],
                              capsys, monkeypatch, stdin=io.StringIO("quit\n"))
    assert (code, err) == (0, "")


def test_the_search_core_refuses_limits_beyond_the_stated_ones() -> None:
    assert Limits(MAX_DEPTH, MAX_TIME, MAX_NODES).nodes == MAX_NODES
    for bad in ({"depth": MAX_DEPTH + 1}, {"time": MAX_TIME * 2}, {"time": float("nan")},
                {"time": 0.0}, {"nodes": MAX_NODES + 1}, {"nodes": 0}, {"depth": -1}):
        with pytest.raises(ValueError, match="must be"):
            Limits(**bad)


def test_compare_with_an_unknown_algorithm_names_the_unknown_name(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    line = error_of(["analyze", "tictactoe", "--compare", "--algorithm", "bogus"], capsys,
                    monkeypatch)
    assert line == f"error: unknown algorithm 'bogus'; choose one of: {', '.join(ALGORITHMS)}"


def test_a_time_budget_on_a_game_without_evaluation_searches_to_the_end(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_main(["analyze", "nim", "1,2", "--time", "0.5", "--json"], capsys,
                              monkeypatch)
    assert (code, err) == (0, "")
    data = json.loads(out)
    # nim-sum 1 ^ 2 = 3: the player to move wins, by taking one from the heap of 2
    assert (data["value"], data["proven"], data["best_move"]) == (1, True, "2:1")


@pytest.mark.parametrize("algorithm", ["negamax", "minimax", "alphabeta", "expectimax"])
@pytest.mark.parametrize("budget", [1, 2, 3, 100])
def test_the_node_budget_is_exact(algorithm: str, budget: int, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(["analyze", "tictactoe", "--nodes", str(budget), "-a", algorithm,
                             "--json"], capsys, monkeypatch)
    data = json.loads(out)
    # the empty board's tree has 549,946 nodes: every budget here runs out, at exactly the budget
    assert (code, data["stats"]["nodes"], data["stopped"]) == (0, budget, "nodes")


# --- the position's size and encoding ----------------------------------------------------------------
LIMIT = cli_base.MAX_POSITION_BYTES
LIMIT_WORDS = "at most 4,000,000 bytes (4 MB)"


def test_a_position_file_at_the_limit_is_read_and_one_byte_more_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("at-limit").write_bytes(b"10" + b" " * (LIMIT - 2))  # bones reads the heap, spaces around
    code, out, err = run_main(["solve", "bones", "at-limit", "--json"], capsys, monkeypatch)
    assert (code, err, json.loads(out)["position"]) == (0, "", "10")
    Path("over").write_bytes(b"10" + b" " * (LIMIT - 1))
    assert error_of(["solve", "bones", "over"], capsys, monkeypatch) == (
        f"error: the position file 'over' is larger than a position may be: {LIMIT_WORDS}")


@pytest.mark.parametrize(("content", "expected"), [
    (b"\x80\x81", "is not UTF-8 text (byte 0 is 0x80): give a position as text"),
    (b"10\xff", "is not UTF-8 text (byte 2 is 0xff): give a position as text"),
    (b"1\x000", "is not text (it holds a NUL byte): give a position as text"),
])
def test_a_binary_position_file_is_refused(content: bytes, expected: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("binary").write_bytes(content)
    for command in (["analyze", "tree"], ["solve", "bones"]):
        line = error_of([*command, "binary"], capsys, monkeypatch)
        assert line == f"error: the position file 'binary' {expected}"
    deep = tmp_path.joinpath(*["folder"] * 20, "binary")  # a long path: its end is what tells
    deep.parent.mkdir(parents=True)
    deep.write_bytes(content)
    line = error_of(["solve", "bones", str(deep)], capsys, monkeypatch)
    assert line == f"error: the position file '…{str(deep)[-59:]}' {expected}"


def test_the_position_on_stdin_has_the_same_limits(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    def stdin(data: bytes) -> io.TextIOWrapper:
        return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")

    assert error_of(["solve", "bones", "-"], capsys, monkeypatch, stdin(b"\xc3(")) == (
        "error: the position on stdin is not UTF-8 text (byte 0 is 0xc3): give a position as text")
    assert error_of(["solve", "bones", "-"], capsys, monkeypatch,
                    stdin(b" " * (LIMIT + 1))) == (
        f"error: the position on stdin is larger than a position may be: {LIMIT_WORDS}")
    code, out, _ = run_main(["solve", "bones", "-", "--json"], capsys, monkeypatch,
                            stdin(b"\xef\xbb\xbf12\n"))  # a byte-order mark, as some editors save
    assert (code, json.loads(out)["position"]) == (0, "12")


def test_a_position_argument_beyond_the_limit_is_refused(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    text = "é" * (LIMIT // 2 + 1)  # two bytes each in UTF-8
    assert error_of(["analyze", "tree", text], capsys, monkeypatch) == (
        f"error: the position is {LIMIT + 2:,} bytes long: {LIMIT_WORDS}")


# --- one short line ------------------------------------------------------------------------------------
def test_one_line_escapes_what_would_break_or_hide_the_line() -> None:
    assert one_line("unknown game '\n'") == "unknown game '\\n'"
    assert one_line("a\tb\r\x1b[31mc\u202ed\x00") == "a\\tb\\r\\x1b[31mc\\u202ed\\x00"
    assert one_line("plain words, ≥ · ★ … kept") == "plain words, ≥ · ★ … kept"


def test_one_line_cuts_an_overlong_word_keeping_its_closing_quote() -> None:
    word = "'" + "9" * 200 + "'"
    assert one_line(f"bad {word}: use digits") == f"bad '{'9' * (WORD_KEEP - 1)}…': use digits"


def test_one_line_keeps_a_long_path_whole() -> None:
    """A path as deep as a test runner's temporary folder (about 90 characters) or deeper is named
    whole, so it can be copied; before, anything over 80 characters lost its middle."""
    path = "/tmp/pytest-of-someone/pytest-12/popen-gw1/" + "a_folder_named_at_length/" * 4 + "bad.txt"
    assert len(path) > 140 and one_line(f"{path}: not UTF-8 text") == f"{path}: not UTF-8 text"


def test_one_line_keeps_both_ends_of_a_long_message() -> None:
    message = "invalid position '" + "x " * 3000 + "': use the form X.O/..."
    line = one_line(message)
    assert len(line) <= ERROR_LIMIT
    assert line.startswith("invalid position 'x x x") and line.endswith("': use the form X.O/...")
    assert " … " in line


def test_an_error_echoing_a_huge_input_is_one_short_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for argv in (["analyze", "9" * 5000], ["analyze", "tictactoe", "--eval", "x" * 5000],
                 ["analyze", "tictactoe", "--" + "y" * 5000], ["solve", "\n\x1b[2J"],
                 # issue 20: 401, 404 and 406 characters, `error: ` included
                 ["analyze", "tictactoe", "X/" * 47], ["analyze", "tictactoe", "/proc/self/maps"],
                 ["analyze", "tictactoe", " " * 212 + "X"]):
        line = error_of(argv, capsys, monkeypatch)
        assert len(line) <= ERROR_LIMIT, line
        assert "\x1b" not in line


# --- the searched tree, drawn with its wide nodes cut ------------------------------------------------
def drawn(*argv: str, width: int = 400) -> str:
    from typer.testing import CliRunner

    result = CliRunner().invoke(cli.app, list(argv), env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_wide_node_shows_its_first_children_and_counts_the_rest() -> None:
    out = drawn("analyze", "tree", "[" + ",".join(["1"] * 100) + "]", "--tree")
    leaves = [line for line in out.splitlines() if "leaf = 1" in line]
    assert len(leaves) == render_tree.TREE_CHILDREN
    hidden = 100 - render_tree.TREE_CHILDREN
    assert (f"… {hidden} more searched moves not drawn (at most {render_tree.TREE_CHILDREN} a "
            "node)" in out)


def test_a_long_pruned_list_is_cut_with_a_count() -> None:
    # MAX has 5 from the first MIN node; the second MIN node's first leaf, 1, refutes it, and its
    # other 50 children are pruned
    out = drawn("analyze", "tree", "[[5],[" + ",".join(map(str, range(1, 52))) + "]]",
                "-a", "alphabeta", "--tree")
    # each pruned child named by its path, with the leaf it held
    shown = "; ".join(f"2.{k} (leaf {k})" for k in range(2, 2 + render_tree.TREE_PRUNED))
    assert f"✂ pruned, never searched: {shown}; … {50 - render_tree.TREE_PRUNED} more" in out


@pytest.mark.slow  # a search traced to its limit
def test_a_trace_cut_by_its_limit_says_so() -> None:
    out = drawn("analyze", "tictactoe", "-a", "minimax", "--tree")
    limit = SearchOptions.trace_limit
    assert out.count(f"… the trace holds the first {limit:,} nodes searched; the search went on "
                     "without recording the rest") == 1


@pytest.mark.slow  # searches a wide tree
def test_the_search_tree_of_a_wide_tree_is_a_few_lines() -> None:
    from games.tree.game import TreeGame
    from minimax_cli.core.search import search

    game = TreeGame()
    state = game.parse_position("[" + ",".join(["0"] * 10_000) + "]")  # the widest node it takes
    result = search(game, state, "minimax", trace=True)
    assert result.trace is not None and len(result.trace.children) == SearchOptions.trace_limit
    console = Console(width=100, record=True, file=None)
    with console.capture() as captured:
        console.print(render_tree.search_tree(game, state, result.trace,
                                              truncated=result.trace_truncated))
    lines = captured.get().splitlines()
    # the root, its first children, the count of the rest, and the note on the trace's limit
    assert len(lines) == 1 + render_tree.TREE_CHILDREN + 2


# --- the limits, stated where the options are ---------------------------------------------------------
@pytest.mark.parametrize(("command", "stated"), [
    ("analyze", ["(0 to 100,000)", "(0.001 to 86,400)", "(1 to 1,000,000,000,000)",
                 "at most 4,000,000 bytes (4 MB)", "0.01 to 16,384"]),
    ("solve", ["at most 4,000,000 bytes (4 MB)"]),
    ("play", ["1 to 100,000", "0.001 to 86,400", "(0 to 4,294,967,295)", "(0 to 60)",
              "at most 4,000,000 bytes (4 MB)"]),
])
def test_the_help_states_each_limit(command: str, stated: list[str]) -> None:
    from typer.testing import CliRunner

    page = CliRunner().invoke(cli.app, [command, "--help"], env={"COLUMNS": "400"}).stdout
    flat = " ".join(page.split())
    for words in stated:
        assert words in flat, words
