"""Game name -> game class, found through the entry-point group `minimax_cli.games`.

Built-in games register in this project's pyproject.toml exactly as a third-party package would,
so a game is one module plus one line. Classes are imported only when asked for, keeping start-up
cheap for commands that need one game.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from minimax_cli.core.game import Game

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "minimax_cli.games"

GameClass = type[Game[Any, Any]]


class UnknownGameError(ValueError):
    """No game of that name is registered."""


class ParameterError(ValueError):
    """A game parameter is unknown or its value does not parse."""


@cache
def _entry_points() -> dict[str, EntryPoint]:
    from importlib.metadata import entry_points  # about 20 ms: paid only when a game is needed

    found = {ep.name: ep for ep in entry_points(group=GROUP)}
    return dict(sorted(found.items()))


def names() -> list[str]:
    return list(_entry_points())


def load(name: str) -> GameClass:
    """The game class registered as `name`."""
    points = _entry_points()
    if name not in points:
        known = ", ".join(points) or "none (is minimax-cli installed?)"
        raise UnknownGameError(f"unknown game '{name}'; known games: {known}")
    cls = points[name].load()
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise UnknownGameError(f"entry point '{name}' does not name a Game subclass")
    return cls


def load_all() -> dict[str, GameClass]:
    return {name: load(name) for name in names()}


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
            kwargs[key] = declared[key].parse(text)
        except ValueError as error:
            raise ParameterError(f"--{key} {text!r}: {error}") from None
    try:
        return cls(**kwargs)
    except ValueError as error:
        raise ParameterError(f"{name}: {error}") from None
