"""A new game and a new algorithm installed as a user would install them: each is its module and
one entry point, nothing else (issue 33, item 6).

The toy game is the documentation's own (the "Adding a game" section of docs/contributing.md: the
module, and the entry point of the plug-in package's pyproject.toml), put into a temporary folder
with the `*.dist-info` pip would write; the tool finds it through importlib.metadata's reading of
that folder, exactly as if pip had installed it. It goes through the contract test's checks,
`minimax games` lists it (in another process, found through PYTHONPATH) and a Spanish session shows
its English words. The toy algorithm is registered the same way, in the entry-point group
`minimax_cli.algorithms`.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from minimax_cli import registry
from minimax_cli.core.search import ALGORITHMS, GROUP, search
from tests.registered import (
    built_in_algorithms,
    built_in_games,
    environment_with,
    plug_in,
    readme_blocks,
    registered_from,
)
from tests.test_contract import check_contract

SECTION = "Adding a game"
#: What the documented race game says about itself (its description), in English.
RACE_DESCRIPTION = "Add 1 or 2 to the total; whoever reaches 10 wins."


def readme_plug_in(folder: Path) -> str:
    """Install the documented example game into `folder` as written there: the module its python
    block names in its first line (`# race.py`), and the entry points of its toml block. The
    game's name."""
    [module] = readme_blocks(SECTION, "python")
    [toml] = readme_blocks(SECTION, "toml")
    filename = re.match(r"# (\w+\.py)\n", module)
    assert filename is not None, "the documented example names its module in its first line"
    group = re.search(r'\[project\.entry-points\."([\w.]+)"\]\n((?:\w+ = ".*"\n)+)', toml)
    assert group is not None and group.group(1) == registry.GROUP
    points = dict(re.findall(r'(\w+) = "(.*)"', group.group(2)))
    plug_in(folder, "race-game", {filename.group(1): module}, {group.group(1): points})
    [name] = points
    if name in registry.names():
        pytest.skip(f"a game named {name} is installed here already")
    return name


def minimax(folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """`minimax ARGV` in a new process that finds the packages installed in `folder`."""
    env = {**environment_with(folder), "COLUMNS": "80", "NO_COLOR": "1", "LANG": "C.UTF-8",
           "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    done = subprocess.run([sys.executable, "-m", "minimax_cli", *argv], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return done


def blocks(listing: str) -> dict[str, str]:
    """`minimax games`'s list (from its heading to the first blank line) as one block of lines
    per game, by name: the first word of a line that is not indented starts one."""
    found: dict[str, str] = {}
    name = ""
    for line in listing.split("\n\n", 1)[0].splitlines()[1:]:
        if not line.startswith(" "):
            name = line.split()[0]
        found[name] = found.get(name, "") + line + "\n"
    return found


# --- a game: its module and its entry point -----------------------------------------------------
def test_the_readme_game_installed_from_a_folder_keeps_the_contract(tmp_path: Path) -> None:
    name = readme_plug_in(tmp_path)
    with registered_from(tmp_path):
        assert name in registry.names() and name not in built_in_games()
        game = registry.create(name)
        assert game.description == RACE_DESCRIPTION
        check_contract(game, f"plug-in {name}")


def test_minimax_games_lists_the_installed_game_among_the_others(tmp_path: Path) -> None:
    name = readme_plug_in(tmp_path)
    listing = minimax(tmp_path, "games").stdout
    alone = minimax(tmp_path / "nothing here", "games").stdout
    found, built_in = blocks(listing), blocks(alone)
    assert list(found) == sorted([*built_in, name])  # the listing is by name
    assert " ".join(found[name].split()) == f"{name} {RACE_DESCRIPTION} parameters: none"
    # the built-in games' blocks, and the lines after the games, are what they were
    assert {game: block for game, block in found.items() if game != name} == built_in
    assert listing.rstrip().endswith(alone.rstrip().rsplit("\n\n", 1)[1])
    page = minimax(tmp_path, "games", name).stdout
    assert page.startswith(f"{name}: {RACE_DESCRIPTION}")


def test_the_installed_game_is_analyzed_as_the_readme_says(tmp_path: Path) -> None:
    name = readme_plug_in(tmp_path)
    # Race to 10 adding 1 or 2: the player to move loses exactly when 10 - total is a multiple
    # of 3 (whatever they add, the other brings it back to a multiple of 3).
    for total, value in ((4, -1), (5, 1), (9, 1), (7, -1)):
        report = json.loads(minimax(tmp_path, "analyze", name, str(total), "--json").stdout)
        assert (report["game"], report["value"]) == (name, value), total


def test_a_game_with_no_spanish_words_shows_its_english_in_a_spanish_session(
        tmp_path: Path) -> None:
    name = readme_plug_in(tmp_path)
    listing = " ".join(minimax(tmp_path, "games", "--lang", "es").stdout.split())
    assert f"{name} {RACE_DESCRIPTION}" in listing
    assert "Gato, ta-te-ti o tres en raya" in listing  # the built-in games speak Spanish
    page = " ".join(minimax(tmp_path, "games", name, "--lang", "es").stdout.split())
    assert page.startswith(f"{name}: {RACE_DESCRIPTION}")
    assert "the total so far, 0 to 10" in page  # its position's notation, as it wrote it
    assert "dos jugadores, determinista" in page  # the tool's own words are Spanish


# --- an algorithm: its module and its entry point -------------------------------------------------
TOY_ALGORITHM = '''\
"""A plug-in algorithm: textbook minimax under the name "toy"."""
from dataclasses import replace

from minimax_cli.core.search.common import Algorithm
from minimax_cli.core.search.textbook import minimax


def toy(game, state, limits, options):
    return replace(minimax(game, state, limits, options), algorithm="toy")


ALGORITHM = Algorithm("toy", "plain minimax, installed as a plug-in", "toy_search:toy")
'''


def toy_plug_in(folder: Path) -> None:
    if "toy" in ALGORITHMS:
        pytest.skip("an algorithm named toy is installed here already")
    plug_in(folder, "toy-search", {"toy_search.py": TOY_ALGORITHM},
            {GROUP: {"toy": "toy_search:ALGORITHM"}})


def test_an_installed_algorithm_is_registered_and_runs(tmp_path: Path) -> None:
    toy_plug_in(tmp_path)
    with registered_from(tmp_path):
        assert list(ALGORITHMS) == [*built_in_algorithms(), "toy"]
        assert "toy" not in ALGORITHMS.built_in()
        game = registry.create("tictactoe")
        state = game.parse_position("X.O/.X./...")
        toy, plain = search(game, state, "toy"), search(game, state, "minimax")
        assert toy.algorithm == "toy"
        assert (toy.value, toy.stats.nodes) == (plain.value, plain.stats.nodes)
    assert "toy" not in ALGORITHMS


def test_an_installed_algorithm_is_offered_and_run_by_the_commands(tmp_path: Path) -> None:
    toy_plug_in(tmp_path)
    report = json.loads(minimax(tmp_path, "analyze", "tictactoe", "X.O/.X./...", "--algorithm",
                                "toy", "--json").stdout)
    plain = json.loads(minimax(tmp_path, "analyze", "tictactoe", "X.O/.X./...", "--algorithm",
                               "minimax", "--json").stdout)
    assert report["algorithm"] == "toy"
    assert (report["value"], report["stats"]["nodes"]) == (plain["value"], plain["stats"]["nodes"])
    for lang in ("en", "es"):  # no Spanish words of its own: its English in a Spanish session
        words = " ".join(minimax(tmp_path, "analyze", "--help", "--lang", lang).stdout.split())
        assert "toy plain minimax, installed as a plug-in" in words


@pytest.mark.parametrize(("argv", "family", "not_loaded"), [
    (["analyze", "tictactoe", "--json"], "negamax", ("textbook", "mcts", "expectiminimax")),
    (["analyze", "tictactoe", "--algorithm", "mcts", "--iterations", "50", "--json"], "mcts",
     ("textbook", "negamax", "expectiminimax")),
])
def test_a_command_loads_only_the_search_it_uses_and_reads_no_plug_in(
        tmp_path: Path, argv: list[str], family: str, not_loaded: tuple[str, ...]) -> None:
    toy_plug_in(tmp_path)  # installed, and never read: the command names a built-in algorithm
    code = ("import contextlib, io, sys\n"
            "from minimax_cli.core.search import registered\n"
            "def refuse(*args, **kwargs):\n"
            "    raise AssertionError('the registered algorithms were read')\n"
            "registered.plugged_in = refuse\n"
            "from minimax_cli.cli.app import app\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    app({argv!r}, standalone_mode=False)\n"
            "print('\\n'.join(sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=environment_with(tmp_path))
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert f"minimax_cli.core.search.{family}" in loaded
    for other in not_loaded:
        assert f"minimax_cli.core.search.{other}" not in loaded, other
    assert "toy_search" not in loaded
