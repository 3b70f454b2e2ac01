"""Help that teaches the tool, input that is unambiguous (issue 8).

A bare `minimax` gives an overview; every help page fits 80 columns with no type tags; the commands
list the games' parameters; `minimax games GAME` shows one game with examples that run; completion
offers games, algorithms, evaluation functions and parameters; counts take `10**18`, `1e18` and
`1_000_000`; a value given twice in conflicting ways is refused. Errors go through the console
script's entry point (`main`, tests/cli/entry.py) where their one line on stderr is the point; the
bare overview through the real process.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from minimax_cli import registry
from minimax_cli.cli import help as cli_help
from minimax_cli.cli import options as cli_input
from minimax_cli.cli.app import app
from minimax_cli.core import plugins
from minimax_cli.core.search import ALGORITHMS, DEFAULT_ALGORITHM
from minimax_cli.views import games as render_games
from tests.cli.entry import run_main
from tests.cli.test_analyze import Gamble

runner = CliRunner()
WIDTH = {"COLUMNS": "80"}
#: The games and commands checked: the registry's and the app's, never typed here.
GAMES = registry.names()
COMMANDS = list(typer.main.get_group(app).commands)
#: What the built-in games' parameters are known to read as (any other game's: its flags).
BUILT_IN_PARAMETERS = {
    "bones": "--n N  --take A,B,...  --misere",
    "bones3": "--n N  --take A,B,...",
    "connect4": "--cols N  --rows N",
    "dicebones": "--n N  --faces A,B,...",
    "nim": "--heaps A,B,...  --misere",
    "tictactoe": "--rows N  --cols N  --k K",
    "tree": "none",
}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The real process (`python -m minimax_cli`), at 80 columns."""
    return subprocess.run([sys.executable, "-m", "minimax_cli", *args], capture_output=True,
                          text=True, timeout=120, env={**os.environ, **WIDTH})


def entry(*args: str) -> subprocess.CompletedProcess[str]:
    """The console script's entry point in this process, at 80 columns."""
    return run_main(*args, env=WIDTH)


def page(*args: str) -> str:
    result = runner.invoke(app, list(args), env=WIDTH)
    assert result.exit_code == 0, result.output
    return result.stdout


def parameters_row(name: str, row: str) -> bool:
    """Whether `row` is the help's row of game `name`'s parameters: what it is known to read as
    for a built-in game, else its flags as the game declares them (a flag for a yes/no one)."""
    if name in BUILT_IN_PARAMETERS:
        return row == f"  {name:<9}  {BUILT_IN_PARAMETERS[name]}"
    declared = registry.load(name).parameters
    words = " ".join(f"--{p.name}" if isinstance(p.default, bool) else f"--{p.name} {p.metavar}"
                     for p in declared)
    return row.split() == [name, *(words or "none").split()]


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


# --- the overview and the help pages -------------------------------------------------------------
def test_a_bare_minimax_prints_the_overview_and_exits_0() -> None:
    done = cli()
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == cli_help.overview() + "\n"
    lines = done.stdout.splitlines()
    for command in ("minimax play", "minimax analyze tictactoe X.O/.X./...",
                    "minimax solve bones --n 21", "minimax games"):
        assert any(re.match(rf"  {re.escape(command)}  +\w", line) for line in lines), command
    assert "`minimax games GAME` shows one game in full" in done.stdout
    assert "`minimax COMMAND --help` shows a command's options" in done.stdout


def test_the_overviews_examples_run() -> None:
    for command, _ in cli_help.OVERVIEW_EXAMPLES:
        words = shlex.split(command)[1:]
        if words[0] in ("analyze", "solve"):
            assert runner.invoke(app, words).exit_code == 0, command


PAGES = [[], ["--help"], ["play", "--help"], ["analyze", "--help"], ["solve", "--help"],
         ["games", "--help"], ["quiz", "--help"], ["games"],
         *[["games", name] for name in GAMES]]
NOISE = ("<bool>", "<str>", "<int", "<float", "[x>=", "[required]", "BOOL", "{GAME}", "╭", "┃")


@pytest.mark.parametrize("args", PAGES, ids=[" ".join(a) or "bare" for a in PAGES])
def test_every_page_fits_80_columns_without_type_tags(args: list[str]) -> None:
    text = page(*args)
    assert text.strip()
    for line in text.splitlines():
        assert len(line) <= 80, line
        assert line == line.rstrip(), f"trailing spaces: {line!r}"
    for noise in NOISE:
        assert noise not in text, noise


def test_options_show_their_value_and_flags_show_none() -> None:
    solve = page("solve", "--help").splitlines()
    assert any(re.match(r"  --tree {2,}Solve by plain minimax", line) for line in solve)
    assert any(re.match(r"  --upto N {2,}Also tabulate", line) for line in solve)
    assert any(re.match(r"  --table-mb MB {2,}Memory", line) for line in solve)
    assert any(re.match(r"  --json {2,}Print one JSON object", line) for line in solve)
    analyze = page("analyze", "--help").splitlines()
    assert any(re.match(r"  -d, --depth PLIES {2,}Cut the search", line) for line in analyze)
    assert any(re.match(r"  -a, --algorithm NAME {2,}", line) for line in analyze)
    assert any(re.match(r"  --compare {2,}Run every algorithm", line) for line in analyze)
    top = page("--help").splitlines()
    assert any(re.match(r"  --version {2,}Show the version", line) for line in top)
    assert "--review / --no-review" in page("play", "--help")


@pytest.mark.parametrize("command", ["analyze", "solve", "play"])
def test_each_command_lists_every_games_parameters(command: str) -> None:
    text = page(command, "--help")
    assert text.splitlines()[0].endswith("[GAME PARAMETERS]")
    section = text.split("Game parameters (after the game; `minimax games GAME` explains them):")
    assert len(section) == 2
    rows = [line for line in section[1].splitlines() if line.strip()]
    assert [row.split()[0] for row in rows] == GAMES
    for name, row in zip(GAMES, rows, strict=True):
        assert parameters_row(name, row), row


def test_the_algorithms_are_listed_with_the_default_marked() -> None:
    section = page("analyze", "--help").split("Algorithms (--algorithm NAME):")[1]
    section = section.split("Game parameters")[0]
    named = re.findall(r"^  ([\w-]+) {2,}", section, re.M)  # alphabeta-ordered has a hyphen
    assert named == list(ALGORITHMS)
    words = " ".join(section.split())
    for name, algorithm in ALGORITHMS.items():
        mark = " (the default)" if name == DEFAULT_ALGORITHM else ""
        assert f"{name} {algorithm.description}{mark}" in words


def test_the_commands_come_in_a_new_users_order() -> None:
    text = page("--help").split("Commands:")[1].split("Options:")[0]
    assert re.findall(r"^  (\w+) ", text, re.M) == COMMANDS  # in the order they are registered
    assert COMMANDS[:4] == ["play", "analyze", "solve", "games"]  # a new user's


# --- minimax games ---------------------------------------------------------------------------------
def test_games_lists_each_game_as_a_block() -> None:
    text = page("games")
    lines = text.splitlines()
    assert lines[0] == "Games"
    starts = [line.split()[0] for line in lines[1:] if line and not line.startswith(" ")]
    assert starts[: len(GAMES)] == GAMES
    for name, words in BUILT_IN_PARAMETERS.items():
        assert f"parameters: {words}" in text, name
    assert "bundled positions: @abcd @subtree @order" in text
    assert " ".join(text.split()).endswith(
        "`minimax games GAME` shows one game in full: its parameters, its position and move "
        "notation, and examples to run.")


def test_one_game_in_full() -> None:
    text = page("games", "bones")
    joined = " ".join(text.split())
    assert joined.startswith("bones: The game of bones: take 1, 2 or 3")
    assert "type: two players, deterministic, zero-sum, win/loss" in text
    assert re.search(r"^--n N +bones in the starting heap \(default 21\); it sets the start",
                     text, re.M)
    assert re.search(r"^--take A,B,\.\.\. +amounts a player may take \(default 1,2,3\)$", text, re.M)
    assert re.search(r"^--misere +misère play: who cannot move wins \(a flag: off unless given\)$",
                     text, re.M)
    assert "--misere BOOL" not in text and "--misere true" not in text
    assert re.search(r"^position +The heap size, e\.g\. 10", text, re.M)
    assert re.search(r"^move +The number of bones to take", text, re.M)
    assert "    minimax solve bones --n 21 --take 1,2,3 --misere" in text.splitlines()
    tree = page("games", "tree")
    assert "type: two players, deterministic, zero-sum, numeric outcomes" in tree
    assert re.search(r"^@abcd +The course's alpha-beta worked example", tree, re.M)
    assert "    minimax analyze tree @abcd --algorithm alphabeta --tree" in tree.splitlines()
    assert "open-lines (the default)" in page("games", "tictactoe")


@pytest.mark.parametrize("name", GAMES)
def test_every_example_is_shown_and_runs(name: str) -> None:
    rows = render_games.examples(name, registry.load(name))
    assert len(rows) >= 3
    text = page("games", name)
    for command, _ in rows:
        assert f"    {command}" in text.splitlines()
        words = shlex.split(command)
        assert words[:2] in (["minimax", "play"], ["minimax", "analyze"], ["minimax", "solve"])
        if words[1] != "play":  # play is interactive; its parsing is tested with play
            result = runner.invoke(app, words[1:])
            assert result.exit_code == 0, (command, result.output)


def test_an_unknown_game_is_one_line_naming_the_known_ones() -> None:
    line = one_error_line(entry("games", "go"))
    assert line == f"error: unknown game 'go'; known games: {', '.join(GAMES)}"
    assert one_error_line(entry("games", "bones", "nim")).startswith(
        "error: unexpected argument 'nim': give one game")


# --- completion --------------------------------------------------------------------------------------
def completions(args: list[str], incomplete: str) -> list[str]:
    """What bash is offered for `minimax *args incomplete`, asked as bash asks (the environment
    of Click's documented completion protocol)."""
    env = {"_MINIMAX_COMPLETE": "complete_bash",
           "COMP_WORDS": " ".join(["minimax", *args, incomplete]), "COMP_CWORD": str(len(args) + 1)}
    result = runner.invoke(app, [], env=env, prog_name="minimax")
    assert result.exit_code == 0, result.output
    return [line for line in result.stdout.splitlines() if line]  # none: one empty line


def starting(prefix: str, names: list[str]) -> list[str]:
    return [name for name in names if name.startswith(prefix)]


def serving(game: str) -> list[str]:
    """The registered algorithms that serve `game`, in the registry's order."""
    instance = registry.create(game)
    return [name for name, algorithm in ALGORITHMS.items() if algorithm.refusal(instance) is None]


def every_evaluation() -> list[str]:
    """Every registered game's evaluation functions, once each, in the registry's order (Connect
    Four's threats and windows, tic-tac-toe's open lines, chess's standard and material...)."""
    names: dict[str, None] = {}
    for name in registry.names():
        names.update(dict.fromkeys(registry.create(name).evaluators()))
    return list(names)


@pytest.mark.parametrize(("args", "incomplete", "expected"), [
    ([], "", COMMANDS),
    (["analyze"], "", GAMES),
    (["analyze"], "t", starting("t", GAMES)),
    (["solve"], "b", starting("b", GAMES)),
    (["games"], "n", starting("n", GAMES)),
    (["games", "bones"], "", []),
    (["analyze", "tictactoe", "--algorithm"], "", serving("tictactoe")),
    (["analyze", "tree", "-a"], "a", starting("a", serving("tree"))),
    (["analyze", "tictactoe", "--eval"], "", ["open-lines"]),
    (["analyze", "bones", "--eval"], "", []),
    (["analyze", "--eval"], "", every_evaluation()),
    (["solve", "bones"], "--t", ["--tree", "--table-mb", "--time", "--take"]),
    (["solve", "bones", "--n", "5"], "--",
     ["--upto", "--tree", "--table-mb", "--json", "--weak", "--batch", "--jobs", "--time",
      "--nodes", "--out", "--backend", "--address", "--max-moves", "--help", "--take",
      "--misere"]),
    (["solve", "nim", "3,4,5"], "--h", ["--help", "--heaps"]),
    (["analyze", "tictactoe", "X........"], "--r", ["--rollout", "--rows"]),
    (["play", "bones"], "--m", ["--misere"]),
    (["play"], "--k", ["--k"]),
])
def test_completion_candidates(args: list[str], incomplete: str, expected: list[str]) -> None:
    assert completions(args, incomplete) == expected


def test_completion_offers_what_is_known_of_the_built_ins() -> None:
    assert {"tictactoe", "tree"} <= set(completions(["analyze"], "t"))
    assert {"bones", "bones3"} <= set(completions(["solve"], "b"))
    offered = completions(["analyze", "tictactoe", "--algorithm"], "")
    assert offered[:4] == ["negamax", "minimax", "alphabeta", "alphabeta-ordered"]
    assert {"mcts", "maxn", "paranoid", "expectiminimax"} <= set(offered)
    assert "proof" not in offered  # tic-tac-toe has no proof kernel


def test_algorithms_offered_are_those_that_serve_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    real_load, real_names = registry.load, registry.names
    monkeypatch.setattr(registry, "load", lambda name: Gamble if name == "gamble" else real_load(name))
    monkeypatch.setattr(registry, "names", lambda: [*real_names(), "gamble"])
    offered = completions(["analyze", "gamble", "--algorithm"], "")
    assert offered == [name for name, algorithm in ALGORITHMS.items()
                       if algorithm.refusal(Gamble()) is None]
    assert {"expectimax", "expectiminimax", "star1", "star2", "maxn", "mcts"} <= set(offered)
    assert not {"negamax", "minimax", "alphabeta", "paranoid", "proof"} & set(offered)
    assert completions(["analyze"], "g") == ["gamble"]


def test_completion_through_the_shells_environment() -> None:
    env = {"_MINIMAX_COMPLETE": "complete_bash", "COMP_WORDS": "minimax analyze t",
           "COMP_CWORD": "2"}
    result = runner.invoke(app, [], env=env, prog_name="minimax")
    assert (result.exit_code, result.stdout) == (0, "tictactoe\ntree\n")


# --- numbers -----------------------------------------------------------------------------------------
def json_of(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def without_times(data: Any) -> Any:
    """The report without its clock readings, which differ from run to run."""
    if isinstance(data, dict):
        return {k: without_times(v) for k, v in data.items()
                if k not in ("time_s", "nodes_per_s", "elapsed")}
    if isinstance(data, list):
        return [without_times(v) for v in data]
    return data


@pytest.mark.slow  # five solves of a 10**18 heap
def test_solve_takes_the_heap_the_help_promises() -> None:
    data = json_of("solve", "bones", "--n", "10**18")
    # take 1, 2 or 3: a heap that is a multiple of 4 is lost for the player to move
    assert (data["position"], data["value"]) == (str(10**18), -1)
    plain = without_times(json_of("solve", "bones", "--n", str(10**18)))
    for form in ("10**18", "1e18", "1_000_000_000_000_000_000", "1.0e18"):
        assert without_times(json_of("solve", "bones", "--n", form)) == plain, form


def test_a_list_of_counts_takes_every_form() -> None:
    data = json_of("solve", "nim", "--heaps", "1e1,2**2,1_0")
    assert data["position"] == "10,4,10"
    assert data["value"] == 1  # nim-sum 10 ^ 4 ^ 10 = 4: the player to move wins


@pytest.mark.parametrize(("args", "form", "plain"), [
    (["solve", "bones"], ["--upto", "1_2"], ["--upto", "12"]),
    (["analyze", "tictactoe"], ["--depth", "1e0"], ["--depth", "1"]),
    (["analyze", "tictactoe"], ["--nodes", "1e3"], ["--nodes", "1000"]),
    (["analyze", "tictactoe"], ["--nodes", "2**10"], ["--nodes", "1024"]),
])
def test_count_options_take_every_form(args: list[str], form: list[str], plain: list[str]) -> None:
    assert without_times(json_of(*args, *form)) == without_times(json_of(*args, *plain))


FORMS = "digits (1000000), digits with underscores (1_000_000), a power (10**6) or e-notation"


@pytest.mark.parametrize(("args", "expected"), [
    (["solve", "bones", "--n", "1e-3"], f"--n '1e-3': '1e-3' is not a whole number: write {FORMS}"),
    (["solve", "bones", "--n", "10**200"], "--n '10**200': '10**200' is too large: at most 100"),
    (["solve", "nim", "--heaps", "3,1.5"], "'1.5' is not a whole number"),
    (["solve", "bones", "--upto", "1e-1"], f"'1e-1' is not a whole number: write {FORMS}"),
    (["analyze", "tictactoe", "--nodes", "0"], "'0' is too small: give a whole number, 1 or more"),
    (["analyze", "tictactoe", "--depth", "1.5"], "'1.5' is not a whole number"),
    (["analyze", "tictactoe", "--depth", "-1"], "'-1' is not a whole number"),
])
def test_a_bad_count_is_one_line_naming_the_forms(args: list[str], expected: str) -> None:
    assert expected in one_error_line(entry(*args))


# --- values given twice ------------------------------------------------------------------------------
@pytest.mark.parametrize(("args", "expected"), [
    (["solve", "bones", "--n", "5", "--n", "6"],
     "error: --n 5 and --n 6 were both given: give --n once, with the value you mean"),
    (["solve", "bones", "--misere", "--misere=false"],
     "error: --misere and --misere=false were both given: give --misere once, with the value "
     "you mean"),
    (["analyze", "tictactoe", "--depth", "3", "--depth", "4"],
     "error: --depth 3 and --depth 4 were both given: give --depth once, with the value you mean"),
    (["analyze", "tictactoe", "-d3", "--depth", "4"],
     "error: -d 3 and --depth 4 were both given: give --depth once, with the value you mean"),
    (["analyze", "tree", "@abcd", "--compare", "--algorithm", "minimax"],
     "error: --compare runs every algorithm that computes the minimax value, and --algorithm "
     "minimax names one: give one of them"),
    (["play", "--review", "--no-review"],
     "error: --review and --no-review were both given: give one of them"),
])
def test_a_value_given_twice_in_conflicting_ways_is_refused(args: list[str], expected: str) -> None:
    assert one_error_line(entry(*args)) == expected


@pytest.mark.parametrize("args", [
    ["solve", "bones", "--n", "5", "--n=5"],
    ["analyze", "tictactoe", "-d", "1", "--depth", "1"],
    ["analyze", "tictactoe", "--tree", "--tree", "--depth", "0"],
])
def test_the_same_value_twice_is_no_conflict(args: list[str]) -> None:
    assert runner.invoke(app, [*args, "--json"]).exit_code == 0


def test_repeats_are_read_as_click_reads_options() -> None:
    command = typer.main.get_command(app)
    params = command.commands["analyze"].params  # type: ignore[attr-defined]
    assert cli_input.repeated_option(params, ["--depth=3", "--depth", "3"]) is None
    assert cli_input.repeated_option(params, ["-d", "3", "--", "--depth", "4"]) is None
    assert cli_input.repeated_option(params, ["--eval", "a", "--eval=b"]) == (
        "--eval a and --eval b were both given: give --eval once, with the value you mean")


# --- the registry's cheap path -------------------------------------------------------------------------
def test_the_registry_reads_the_entry_points_importlib_metadata_reads() -> None:
    expected = {point.name: point.value for point in entry_points(group=registry.GROUP)}
    assert plugins.scan_entry_points(registry.GROUP) == expected
    assert sorted(expected) == GAMES


def test_entry_point_files_are_read_by_section(tmp_path: Path) -> None:
    def distribution(folder: Path, name: str, text: str) -> None:
        (folder / name).mkdir(parents=True)
        (folder / name / "entry_points.txt").write_text(text, encoding="utf-8")

    first, second = tmp_path / "a", tmp_path / "b"
    distribution(first, "race_game-1.0.dist-info",
                 "[console_scripts]\nrace = race:main\n\n[minimax_cli.games]\n# a comment\n"
                 "race = race:Race\n")
    distribution(first, "other-2.0.egg-info", "[minimax_cli.games]\nhex=hexgame:Hex [extra]\n")
    distribution(second, "race_game-0.9.dist-info", "[minimax_cli.games]\nrace = old:Race\n")
    found = plugins.scan_entry_points(registry.GROUP, path=[str(first), str(second), str(tmp_path / "none")])
    assert found == {"race": "race:Race", "hex": "hexgame:Hex [extra]"}


def test_whole_number_parameters_are_those_with_whole_defaults() -> None:
    bones = {p.name: registry.is_whole_number(p) for p in registry.load("bones").parameters}
    assert bones == {"n": True, "take": True, "misere": False}


# --- start-up stays light ------------------------------------------------------------------------------
def modules_after(args: list[str]) -> set[str]:
    code = ("import io, sys, contextlib\nfrom minimax_cli.cli.app import app\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    app({args!r}, standalone_mode=False)\n"
            "print('\\n'.join(sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          timeout=60)
    return set(done.stdout.split())


@pytest.mark.parametrize("args", [["--help"], ["games"], []])
def test_help_and_the_games_list_load_no_more_than_they_need(args: list[str]) -> None:
    loaded = modules_after(args)
    for heavy in ("pydantic", "importlib.metadata", "rich.table", "rich.markdown",
                  "typer.rich_utils", "minimax_cli.core.search", "minimax_cli.views.result",
                  "prompt_toolkit"):
        assert heavy not in loaded, heavy


def test_the_language_option_is_found_from_the_help_and_the_overview() -> None:
    top = page("--help")
    assert re.search(r"^  --lang CODE {2,}The interface's language: en \(English\) or es", top,
                     re.M)
    assert cli_help.overview().splitlines()[-1] == "En español: --lang es."
