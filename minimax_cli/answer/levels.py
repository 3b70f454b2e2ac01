"""The AI's levels as a player names them: 1 to 5, or weak, easy, medium, strong, perfect (in
English or in the interface's language, accents optional). What each level does is the policy's
(answer/policy.py)."""

from __future__ import annotations

import unicodedata

from minimax_cli.core.i18n import _

LEVELS = {1: "weak", 2: "easy", 3: "medium", 4: "strong", 5: "perfect"}


class ConfigError(ValueError):
    """A play option that makes no sense (an unknown level, --side with --watch ...)."""


def level_name(level: int, perfect: bool = True) -> str:
    """A level's name (LEVELS) in the interface's language; the top one `strongest` where it
    cannot be `perfect` (a game no think searches to the end, as chess)."""
    if level == 5 and not perfect:
        return _("strongest")
    return {1: _("weak"), 2: _("easy"), 3: _("medium"), 4: _("strong"),
            5: _("perfect")}[level]


def _plain(word: str) -> str:
    """`word` without accents, for names typed either way (fácil, facil)."""
    return "".join(c for c in unicodedata.normalize("NFD", word)
                   if not unicodedata.combining(c))


def parse_level(text: str) -> int:
    """`1`..`5`, a level's English name, or its name in the interface's language (`strongest`
    is 5 too)."""
    word = _plain(text.strip().lower())
    if word in ("strongest", _plain(_("strongest").lower())):
        return 5
    for number, name in LEVELS.items():
        if word in (str(number), name, _plain(level_name(number).lower())):
            return number
    choices = ", ".join(f"{n} ({level_name(n)})" for n in LEVELS)
    raise ConfigError(_("unknown level {level}; choose one of {choices}").format(
        level=repr(text), choices=choices))


__all__ = ["LEVELS", "ConfigError", "level_name", "parse_level"]
