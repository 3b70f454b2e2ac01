"""The direction of imports: the core stands alone, and non-interactive commands stay light."""

from __future__ import annotations

import subprocess
import sys


def loaded_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_core_imports_nothing_of_the_ui_or_the_games() -> None:
    modules = loaded_after("import minimax_cli.core, minimax_cli.core.search, minimax_cli.core.table")
    for banned in ("rich", "typer", "prompt_toolkit", "games", "minimax_cli.cli.app",
                   "minimax_cli.views.result", "minimax_cli.registry"):
        assert banned not in modules, banned


def test_analyze_and_solve_do_not_import_prompt_toolkit() -> None:
    commands = (["analyze", "tree", "[[1,2],[3]]"], ["analyze", "tree", "@abcd", "--json"],
                ["solve", "bones", "--n", "6"], ["solve", "bones", "--upto", "12", "--json"],
                ["solve", "nim", "3,4,5"], ["solve", "tree", "@abcd", "--tree"])
    # One process runs the commands in turn (imports only accumulate), noting after each whether
    # prompt-toolkit has been loaded: the first that loads it is named.
    statement = "import sys\nfrom minimax_cli.cli.app import app\nloaded = []\n" + "".join(
        f"try:\n    app({argv!r}, standalone_mode=False)\nexcept SystemExit:\n    pass\n"
        "loaded.append('prompt_toolkit' in sys.modules)\n" for argv in commands
    ) + "print('loaded', *loaded)"
    out = subprocess.run([sys.executable, "-c", statement], capture_output=True, text=True,
                         check=True)
    loaded = out.stdout.splitlines()[-1].split()
    assert loaded[0] == "loaded"
    for argv, flag in zip(commands, loaded[1:], strict=True):
        assert flag == "False", argv


def test_games_import_only_the_core() -> None:
    modules = loaded_after("import games.tree")
    assert "rich" not in modules and "typer" not in modules and "prompt_toolkit" not in modules
