"""The interface's language: English by default, Spanish with `--lang es` or a Spanish locale.

It lives in the core (standard library only: gettext) so that games, whose messages are part of
the interface, translate through the same function as the CLI.

User-facing strings are written in English in the code and pass through `_` (one string) or
`ngettext` (singular and plural by a count); the Spanish catalogue is a standard gettext catalogue,
`minimax_cli/i18n/locale/es/LC_MESSAGES/minimax.po`, compiled to the `.mo` beside it that Python's
`gettext` reads (`python scripts/i18n.py` extracts the strings and compiles; tests check that every
string has a translation and that the `.mo` matches the `.po`). Strings with values use named
fields, `_("{node} ≤ {value}").format(node=..., value=...)`, so a translation may reorder them.

The language is chosen once per command, before any output: `--lang` if given, else the first of
LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set (`es_AR.UTF-8` gives Spanish), else English.
The command enters `speaking(code)` for its duration: the translator lives in a context variable
(this thread's, this task's), set and put back by the command, never a process-wide switch; code
outside any command, a library user's, gets English.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

DOMAIN = "minimax"
#: The catalogues ship with the package (minimax_cli/i18n/locale), beside the core.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "i18n" / "locale"
#: The languages of the interface: code -> its name in that language.
LANGUAGES = {"en": "English", "es": "español"}
DEFAULT = "en"



def language_from_environment(environ: dict[str, str] | None = None) -> str:
    """The interface language the locale asks for: `es` for any Spanish locale, else English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            # LANGUAGE may list several (es_AR:es:en); the first that we have wins.
            for part in value.split(":"):
                code = part.split(".")[0].split("_")[0].lower()
                if code in LANGUAGES:
                    return code
            return DEFAULT
    return DEFAULT


def parse_language(text: str) -> str:
    """`es`, `ES`, `es_AR`, `español`... -> a code of LANGUAGES; ValueError naming the choices."""
    word = text.strip().lower()
    code = word.split(".")[0].split("_")[0].split("-")[0]
    if code in LANGUAGES:
        return code
    for known, name in LANGUAGES.items():
        if word == name or (known == "es" and word in ("espanol", "spanish", "castellano")):
            return known
    choices = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
    raise ValueError(f"unknown language {text!r:.40}; choose one of {choices}")


class Translator:
    """One language's strings: the catalogue of `code` (English is the code's own text)."""

    def __init__(self, code: str) -> None:
        self.code = code
        self._catalogue: gettext.NullTranslations = (
            gettext.NullTranslations() if code == DEFAULT else
            gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True))

    def gettext(self, message: str) -> str:
        return self._catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalogue.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._catalogue.pgettext(context, message)


@cache
def translator(code: str) -> Translator:
    """The translator of `code` (a code of LANGUAGES), read from the catalogue once."""
    return Translator(code)


#: The translator of the command running in this context (a thread, an asyncio task): set by the
#: command for its own duration (`speaking`), English where none is set. Never process-wide.
_active: ContextVar[Translator] = ContextVar("minimax_translator")


@contextmanager
def speaking(code: str | None) -> Iterator[Translator]:
    """Strings in `code` (None: the environment's language) within the block, and as before
    after it: what a command enters for its duration (`ctx.with_resource`)."""
    token = _active.set(translator(code if code is not None else language_from_environment()))
    try:
        yield _active.get()
    finally:
        _active.reset(token)


def current() -> Translator:
    return _active.get(None) or translator(DEFAULT)


def language() -> str:
    return current().code


def _(message: str) -> str:
    """`message` in the interface's language."""
    return current().gettext(message)


def N_(message: str) -> str:
    """Mark `message` for the catalogue without translating it: for text fixed at import (class
    attributes, help), before the language is chosen; pass it through `_` where it is shown."""
    return message


def pgettext(context: str, message: str) -> str:
    """`message` in the interface's language, where `context` tells apart one English word with
    several translations (the "none" of parameters, ninguno; of leaves, ninguna)."""
    return current().pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for the count `n`, in the interface's language."""
    return current().ngettext(singular, plural, n)


__all__ = ["LANGUAGES", "LOCALE_DIR", "N_", "Translator", "_", "current", "language",
           "language_from_environment", "ngettext", "parse_language", "pgettext", "speaking",
           "translator"]
