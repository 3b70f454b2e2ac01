"""Game name -> game class, found through the entry-point group `minimax_cli.games`.

Built-in games register in this project's pyproject.toml exactly as a third-party package would,
so a game is one module plus one line. Classes are imported only when asked for, keeping start-up
cheap for commands that need one game.

The entry points are read straight from each installed distribution's `entry_points.txt` on
`sys.path`, the file importlib.metadata reads too: importing and running importlib.metadata costs
about a fifth of the tool's start-up. Only when that finds no game at all (distributions in zip
files, say) is importlib.metadata asked.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the core loads with the first game, not with the help pages
    from minimax_cli.core.game import Game, Parameter

GROUP = "minimax_cli.games"

GameClass = type["Game[Any, Any]"]


class UnknownGameError(ValueError):
    """No game of that name is registered."""


class ParameterError(ValueError):
    """A game parameter is unknown or its value does not parse."""


def entry_points_in(text: str, group: str = GROUP) -> dict[str, str]:
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


def scan_entry_points(group: str = GROUP, path: list[str] | None = None) -> dict[str, str]:
    """The entry points of `group` declared by the distributions installed on `path` (default
    sys.path): name -> "module:attribute". A distribution found twice counts once, the first
    found, as with importlib.metadata; a name declared twice keeps the first declaration."""
    found: dict[str, str] = {}
    seen: set[str] = set()
    header = f"[{group}]"
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
            if header in text:
                for key, value in entry_points_in(text, group).items():
                    found.setdefault(key, value)
    return found


@cache
def _entry_points() -> dict[str, str]:
    found = scan_entry_points()
    if not found:
        from importlib.metadata import entry_points

        found = {point.name: point.value for point in entry_points(group=GROUP)}
    return dict(sorted(found.items()))


def names() -> list[str]:
    return list(_entry_points())


def _load_object(value: str) -> object:
    """The object an entry point names: "package.module:Class" (extras in brackets ignored)."""
    module, _, attributes = value.split("[")[0].strip().partition(":")
    target: object = import_module(module.strip())
    for attribute in filter(None, attributes.strip().split(".")):
        target = getattr(target, attribute)
    return target


def load(name: str) -> GameClass:
    """The game class registered as `name`."""
    from minimax_cli.core.game import Game

    points = _entry_points()
    if name not in points:
        from minimax_cli.core.i18n import _  # (an error's words: the core loads only here)
        from minimax_cli.core.params import close_match

        known = ", ".join(points) or "none (is minimax-cli installed?)"
        close = close_match(name, points)
        if close is not None:
            raise UnknownGameError(_("unknown game '{name}'; did you mean '{close}'? known games: "
                                     "{known}").format(name=name, close=close, known=known))
        raise UnknownGameError(_("unknown game '{name}'; known games: {known}").format(
            name=name, known=known))
    try:
        cls = _load_object(points[name])
    except (ImportError, AttributeError) as error:
        raise UnknownGameError(f"game '{name}' could not be loaded from {points[name]}: {error}"
                               ) from None
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise UnknownGameError(f"entry point '{name}' does not name a Game subclass")
    return cls


def load_all() -> dict[str, GameClass]:
    return {name: load(name) for name in names()}


def is_whole_number(parameter: Parameter) -> bool:
    """A parameter whose values are whole numbers (its default is an int or a tuple of ints):
    it takes the count forms of core.params (`10**18`, `1e6`, `1_000`) as well as digits."""
    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    default = parameter.default
    return whole(default) or (isinstance(default, tuple) and all(map(whole, default)))


def _plain_numbers(parameter: Parameter, text: str) -> str:
    """`text` with every count written in another form (`10**18`, `1e6`, `1_000`) turned into
    digits, for a whole-number parameter; ValueError when such a count is not a whole number."""
    from minimax_cli.core.params import is_number_form, parse_count

    if not is_whole_number(parameter):
        return text
    parts = text.split(",") if isinstance(parameter.default, tuple) else [text]
    return ",".join(str(parse_count(part)) if is_number_form(part) else part for part in parts)


def create(name: str, params: Mapping[str, str] | None = None) -> Game[Any, Any]:
    """An instance of game `name`, its parameters given as text (`{"rows": "4"}`)."""
    cls = load(name)
    declared = {p.name: p for p in cls.parameters}
    kwargs: dict[str, object] = {}
    for key, text in (params or {}).items():
        if key not in declared:
            accepted = ", ".join(declared) or "none"
            raise ParameterError(f"{name} has no parameter '{key}'; its parameters: {accepted}")
        try:
            kwargs[key] = declared[key].parse(_plain_numbers(declared[key], text))
        except ValueError as error:
            raise ParameterError(f"--{key} {text!r}: {error}") from None
    try:
        return cls(**kwargs)
    except ValueError as error:
        raise ParameterError(f"{name}: {error}") from None
