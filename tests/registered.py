"""What the tests check, taken from the registries, never typed in a test: the games
(minimax_cli/registry.py), the algorithms (core/search's ALGORITHMS) and which of them are this
distribution's own (its built-ins) rather than another installed package's.

A built-in game is one whose entry point this project's own distribution (minimax-classroom,
pyproject.toml) declares; a built-in algorithm is one core/search declares. The built-ins are what
this project translates and documents: a test of a transcript that lists every game or algorithm
(the documentation's) runs with `only_built_ins()`, so that a plug-in installed beside the tool
changes nothing it asserts.

`plug_in(folder, ...)` installs a package into a folder as pip would (its modules and a
`*.dist-info` with METADATA and entry_points.txt): with the folder on sys.path (or PYTHONPATH)
importlib.metadata, and so the tool, finds it exactly as if pip had installed it.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from importlib.metadata import distribution
from pathlib import Path
from unittest.mock import patch

from minimax_cli import registry
from minimax_cli.core.search import ALGORITHMS, registered

DISTRIBUTION = "minimax-classroom"
ROOT = Path(__file__).resolve().parents[1]
#: The documents a section is looked for in: the README, then the pages of docs/.
DOCUMENTS = (ROOT / "README.md", ROOT / "docs")


@cache
def built_in_game_points() -> dict[str, str]:
    """The games this project's own distribution registers: name -> "module:Class"."""
    points = distribution(DISTRIBUTION).entry_points
    return {point.name: point.value for point in points if point.group == registry.GROUP}


def built_in_games() -> list[str]:
    """The built-in games among the registered ones, in the registry's order."""
    return [name for name in registry.names() if name in built_in_game_points()]


def built_in_algorithms() -> list[str]:
    """The algorithms core/search declares, in its order (no entry point read)."""
    return list(ALGORITHMS.built_in())


def plugged_in_games() -> list[str]:
    """The registered games another installed package brings."""
    return [name for name in registry.names() if name not in built_in_game_points()]


@contextmanager
def only_built_ins() -> Iterator[None]:
    """This process sees only minimax-cli's own games and algorithms while the block runs."""
    games = dict(built_in_game_points())
    with patch.object(registry, "_entry_points", lambda: dict(sorted(games.items()))), \
            patch.object(registered, "plugged_in", lambda *_args, **_kwargs: {}):
        ALGORITHMS.forget()
        try:
            yield
        finally:
            ALGORITHMS.forget()


@contextmanager
def registered_from(folder: Path) -> Iterator[None]:
    """This process finds the packages installed in `folder` (as by `plug_in`) while the block
    runs, through the registries' own reading of the entry points."""
    sys.path.insert(0, str(folder))
    registry._entry_points.cache_clear()
    ALGORITHMS.forget()
    try:
        yield
    finally:
        sys.path.remove(str(folder))
        registry._entry_points.cache_clear()
        ALGORITHMS.forget()
        for name, module in list(sys.modules.items()):
            if str(folder) in str(getattr(module, "__file__", None) or ""):
                del sys.modules[name]


def plug_in(folder: Path, distribution_name: str, modules: Mapping[str, str],
            entry_points: Mapping[str, Mapping[str, str]]) -> None:
    """Install into `folder` what pip would: the modules (file name -> source) and a
    `*.dist-info` declaring the entry points (group -> name -> "module:attribute")."""
    folder.mkdir(parents=True, exist_ok=True)
    for filename, source in modules.items():
        (folder / filename).write_text(source, encoding="utf-8")
    info = folder / f"{distribution_name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution_name}\n"
                                   "Version: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in points.items())
        for group, points in entry_points.items()), encoding="utf-8")


def environment_with(folder: Path) -> dict[str, str]:
    """The environment of a subprocess that finds the packages installed in `folder`."""
    paths = [str(folder), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def readme_section(title: str) -> str:
    """The text of the section `## title` of the README or of a page of docs/ (the reference the
    README links to), up to the next section."""
    readme, docs = DOCUMENTS
    for path in [readme, *sorted(docs.glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        if f"\n## {title}\n" in text:
            return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
    raise AssertionError(f"no section '## {title}' in the README or docs/")


def readme_blocks(title: str, language: str) -> list[str]:
    """The fenced blocks of `language` in the documents' section `title`."""
    return re.findall(rf"```{language}\n(.*?)```", readme_section(title), re.S)


__all__ = ["built_in_algorithms", "built_in_game_points", "built_in_games", "environment_with",
           "only_built_ins", "plug_in", "plugged_in_games", "readme_blocks", "readme_section",
           "registered_from"]
