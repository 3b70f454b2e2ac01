"""The project's distribution name and its install hints (issue 34, item 2).

"minimax-cli" on the public package index is an unrelated project (one that downloads and runs a
binary), so this project's distribution is "minimax-classroom" (the command stays `minimax`, the
import package `minimax_cli`), and every hint to install an extra says what is true for a user who
installed from the checkout: `pip install '.[cluster]'` in the project's folder.
"""

from __future__ import annotations

import re
from importlib.metadata import distribution
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NAME = "minimax-classroom"
#: Text the user may be shown or told to run: the code, the catalogue, the scripts.
HINT_FOLDERS = ("minimax_cli", "games", "scripts")
HINT_SUFFIXES = (".py", ".po")


def test_the_distribution_is_named_minimax_classroom() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = text.split("[project]\n", 1)[1].split("\n[", 1)[0]
    assert re.findall(r'^name = "([^"]+)"$', project, re.MULTILINE) == [NAME]
    assert 'minimax = "minimax_cli.__main__:main"' in text.split("[project.scripts]", 1)[1]


def test_the_installed_metadata_carries_the_new_name() -> None:
    installed = distribution(NAME)
    assert installed.metadata["Name"] == NAME
    games = {point.name for point in installed.entry_points if point.group == "minimax_cli.games"}
    assert {"tree", "tictactoe", "connect4"} <= games


def test_no_hint_names_the_strangers_package() -> None:
    named = [f"{path.relative_to(ROOT)}:{number}"
             for folder in HINT_FOLDERS for path in sorted((ROOT / folder).rglob("*"))
             if path.suffix in HINT_SUFFIXES
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"minimax[-_]cli\[", line)]
    assert named == []


def test_the_ray_hint_is_the_checkouts_install(without_ray: None) -> None:
    from minimax_cli.services import cluster

    with pytest.raises(cluster.ClusterError) as refused:
        cluster._ray()
    assert "pip install '.[cluster]' in the project's folder" in str(refused.value)
