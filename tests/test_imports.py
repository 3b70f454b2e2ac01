"""The direction of imports, read from the code of every module (imports inside functions and under
`TYPE_CHECKING` included): the layers of ARCHITECTURE.md, no cycle anywhere, and non-interactive
commands that stay light."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Each layer of the package, lowest first; a module may import its own layer and those below it.
LAYERS = {
    "core": 0,
    "registry": 1,
    "reports": 2,
    "answer": 3,
    "services": 4,
    "views": 5,
    "play": 6,
    "cli": 7,
    "__main__": 8,
}

#: Third-party packages each layer may use; the standard library is open to every layer.
THIRD_PARTY = {
    "core": set(),
    "games": set(),
    "registry": set(),
    "reports": set(),
    "answer": set(),
    "services": set(),
    "views": {"rich"},
    "play": {"rich", "prompt_toolkit"},
    "cli": {"rich", "prompt_toolkit", "typer", "click"},
    "__main__": set(),
}
#: Optional extras, each used by one module alone, imported only inside it when asked for.
EXTRA_PACKAGES = {"minimax_cli.services.cluster": {"ray"},
                  # python-chess (the `chess` extra) in the chess folder alone
                  "games.chess.board": {"chess"}, "games.chess.evaluation": {"chess"}}


def module_files() -> dict[str, Path]:
    """Every module of the two packages by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in ("minimax_cli", "games"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


MODULES = module_files()


def imported_names(name: str, path: Path) -> Iterator[str]:
    """The absolute names of every module `name` imports, wherever in its code the import stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                yield submodule if submodule in MODULES else source


def own_edges() -> dict[str, set[str]]:
    """The import graph between our own modules."""
    return {name: {target for target in imported_names(name, path)
                   if target in MODULES and target != name}
            for name, path in MODULES.items()}


def layer(name: str) -> str:
    """`core`, `games`, `views`, ... : the layer a module of ours belongs to."""
    parts = name.split(".")
    if parts[0] == "games":
        return "games"
    return parts[1] if len(parts) > 1 else "package"


def test_every_module_imports() -> None:
    for name in MODULES:
        if not name.endswith("__main__"):  # that one runs the command
            importlib.import_module(name)


def tangles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan): each holds a cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_tangle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert tangles(graph) == [{"a", "b", "c"}]


def test_there_is_no_import_cycle() -> None:
    assert tangles(own_edges()) == []


def test_imports_go_down_the_layers() -> None:
    wrong: list[str] = []
    for name, targets in own_edges().items():
        here = layer(name)
        for target in targets:
            there = layer(target)
            if here == "games":
                allowed = there in ("games", "core")
            elif there == "games":
                allowed = False  # games reach the tool only through the registry's entry points
            elif here == "package" or there == "package":
                allowed = True  # minimax_cli/__init__.py holds only the version
            else:
                allowed = LAYERS[there] <= LAYERS[here]
            if not allowed:
                wrong.append(f"{name} ({here}) imports {target} ({there})")
    assert wrong == []


def test_every_folder_of_code_is_a_package_that_an_install_packs() -> None:
    """setuptools' package finder packs only folders with an `__init__.py`: a game folder without
    one would work in a checkout and be missing from `pip install .`."""
    folders = {path.parent for package in ("minimax_cli", "games")
               for path in (ROOT / package).rglob("*.py")}
    assert sorted(str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").exists()) == []


def test_the_words_have_one_door() -> None:
    """`_` and `ngettext` come from minimax_cli.core.i18n alone, in every module (no re-export)."""
    wrong = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "minimax_cli.core.i18n" and \
                    {alias.name for alias in node.names} & {"_", "ngettext", "pgettext"}:
                wrong.append(f"{name} imports them from {node.module}")
    assert wrong == []


def test_views_draw_reports_and_import_no_service() -> None:
    """Views and services stand side by side (ARCHITECTURE.md): a view draws a report, whatever
    service made it, so it imports none; what a view needs of a result lives in reports/."""
    wrong = sorted(f"{name} imports {target}" for name, targets in own_edges().items()
                   if layer(name) == "views" for target in targets if layer(target) == "services")
    assert wrong == []


#: The modules that say and draw what `play` shows (a hint, `why`, the AI's move, the review).
PLAY_WORDS_AND_VIEWS = ("minimax_cli.play.hints", "minimax_cli.play.words",
                        "minimax_cli.play.why_words", "minimax_cli.play.review_words")
#: Of the answering room's classes, the one these may name: the AI's configuration (its level and
#: budget, said by `policy_words`), not a result.
CONFIGURATION = {"Policy"}


def test_plays_words_and_views_draw_reports_not_the_answering_rooms_records() -> None:
    """A hint, `why` and the review reach the words and views as reports (reports/think.py,
    reports/review.py): no result record of answer/ (an Answer, a Choice, a Review...) is named
    by them or by any view; constants of answer/ (a tie rule, a level's name) may be."""
    records = {node.name for name, path in MODULES.items() if layer(name) == "answer"
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.ClassDef)} - CONFIGURATION
    assert {"Answer", "Choice", "Thinker"} <= records  # the test sees the room's classes
    wrong = []
    for name, path in MODULES.items():
        if name not in PLAY_WORDS_AND_VIEWS and layer(name) != "views":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "minimax_cli.answer"):
                wrong += [f"{name} imports {node.module}.{alias.name}" for alias in node.names
                          if alias.name in records]
    assert wrong == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_layer_uses_only_its_own_third_party_packages(name: str) -> None:
    if layer(name) == "package":
        return
    allowed = THIRD_PARTY[layer(name)] | EXTRA_PACKAGES.get(name, set())
    outside = {target.split(".")[0] for target in imported_names(name, MODULES[name])}
    outside -= {"minimax_cli", "games", "__future__", *sys.stdlib_module_names}
    assert outside <= allowed, f"{name} imports {sorted(outside - allowed)}"


def loaded_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_importing_installs_no_hook() -> None:
    """No module changes how Python imports or handles signals when it is imported, even with
    MINIMAX_PURE=1 (read only when a kernel asks for its native search)."""
    names = [name for name in MODULES if not name.endswith("__main__")]
    code = ("import signal, sys\nbefore = (list(sys.meta_path), list(sys.path_hooks), "
            "signal.getsignal(signal.SIGALRM), signal.getsignal(signal.SIGINT))\n"
            f"import {', '.join(names)}\n"
            "after = (list(sys.meta_path), list(sys.path_hooks), "
            "signal.getsignal(signal.SIGALRM), signal.getsignal(signal.SIGINT))\n"
            "print(before == after)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "MINIMAX_PURE": "1"})
    assert out.stdout.strip() == "True"


def test_core_imports_nothing_of_the_ui_or_the_games() -> None:
    core = [name for name in MODULES if layer(name) == "core"]
    modules = loaded_after("import " + ", ".join(core))
    for banned in ("rich", "typer", "prompt_toolkit", "games", "minimax_cli.cli",
                   "minimax_cli.views", "minimax_cli.registry"):
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
    games = [name for name in MODULES if layer(name) == "games"]
    modules = loaded_after("import " + ", ".join(games))
    assert "rich" not in modules and "typer" not in modules and "prompt_toolkit" not in modules


def test_ray_is_loaded_only_when_a_cluster_is_asked_for() -> None:
    """The optional extra's package is imported by no module, cluster.py included: only by its
    workers' start, so no command's start-up grows with it installed."""
    modules = loaded_after("import minimax_cli.cli.app, minimax_cli.cli.batch, "
                           "minimax_cli.services.batch_run, minimax_cli.services.cluster")
    assert not {name for name in modules if name == "ray" or name.startswith("ray.")}
