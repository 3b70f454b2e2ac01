"""Game name -> game class, found through the entry-point group `minimax_cli.games`.

Built-in games register in this project's pyproject.toml exactly as a third-party package would,
so a game is one module plus one line. Classes are imported only when asked for, keeping start-up
cheap for commands that need one game.

The entry points are read as minimax_cli/core/plugins.py reads them, the algorithms' too: from
each installed distribution's `entry_points.txt`, without importlib.metadata (a fifth of the
tool's start-up) wherever those files can be read.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from minimax_cli.core.plugins import declared, load_object

if TYPE_CHECKING:  # the core loads with the first game, not with the help pages
    from minimax_cli.core.game import Game, Parameter

GROUP = "minimax_cli.games"

GameClass = type["Game[Any, Any]"]


class UnknownGameError(ValueError):
    """No game of that name is registered."""


class ParameterError(ValueError):
    """A game parameter is unknown or its value does not parse."""


@cache
def _entry_points() -> dict[str, str]:
    return declared(GROUP)


def names() -> list[str]:
    return list(_entry_points())


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
        cls = load_object(points[name])
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
