"""Entry points of the installed distributions, and the objects they name: how games
(`minimax_cli.games`, minimax_cli/registry.py) and algorithms (`minimax_cli.algorithms`,
core/search/registered.py) from this package and from plug-ins are found, read one way.

The entry points are read straight from each installed distribution's `entry_points.txt` on
`sys.path`, the file importlib.metadata reads too: importing and running importlib.metadata costs
about a fifth of the tool's start-up. Only where no distribution can be read that way
(distributions in zip files, say) is importlib.metadata asked.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module


def entry_points_in(text: str, group: str) -> dict[str, str]:
    """The entries of `group` in the text of an entry_points.txt: name -> "module:attribute"."""
    found: dict[str, str] = {}
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            if name.strip() and value.strip():
                found[name.strip()] = value.strip()
    return found


def _scan(group: str, path: list[str] | None) -> tuple[dict[str, str], int]:
    """The entry points of `group` on `path`, and how many distributions' files were read."""
    found: dict[str, str] = {}
    seen: set[str] = set()
    header = f"[{group}]"
    read = 0
    for entry in sys.path if path is None else path:
        folder = entry or "."
        try:
            names = sorted(os.listdir(folder))
        except OSError:  # a zip file or a folder that is not there
            continue
        for name in names:
            stem, _, suffix = name.rpartition(".")
            if suffix not in ("dist-info", "egg-info"):
                continue
            distribution = stem.split("-")[0].lower().replace(".", "_")
            if distribution in seen:
                continue
            seen.add(distribution)
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8") as file:
                    text = file.read()
            except OSError:
                continue
            read += 1
            if header in text:
                for key, value in entry_points_in(text, group).items():
                    found.setdefault(key, value)
    return found, read


def scan_entry_points(group: str, path: list[str] | None = None) -> dict[str, str]:
    """The entry points of `group` declared by the distributions installed on `path` (default
    sys.path): name -> "module:attribute". A distribution found twice counts once, the first
    found, as with importlib.metadata; a name declared twice keeps the first declaration."""
    return _scan(group, path)[0]


def declared(group: str) -> dict[str, str]:
    """The entry points of `group` in this process, sorted by name: scanned from the files, or
    from importlib.metadata where no distribution's file could be read."""
    found, read = _scan(group, None)
    if not read:
        from importlib.metadata import entry_points

        found = {point.name: point.value for point in entry_points(group=group)}
    return dict(sorted(found.items()))


def load_object(value: str) -> object:
    """The object an entry point names: "package.module:attribute" (extras in brackets ignored);
    ImportError or AttributeError when it is not there."""
    module, _, attributes = value.split("[")[0].strip().partition(":")
    target: object = import_module(module.strip())
    for attribute in filter(None, attributes.strip().split(".")):
        target = getattr(target, attribute)
    return target


__all__ = ["declared", "entry_points_in", "load_object", "scan_entry_points"]
