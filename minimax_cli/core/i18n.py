"""The interface's language: English by default, Spanish with `--lang es` or a Spanish locale.

It lives in the core (standard library only: gettext) so that games, whose messages are part of
the interface, translate through the same function as the CLI: it is the one module every layer
imports `_` and `ngettext` from, and it owns the catalogue, found beside it (`locale/`). The
shared vocabulary (counts, plies, moves) is `core/words.py`.

User-facing strings are written in English in the code and pass through `_` (one string) or
`ngettext` (singular and plural by a count); the Spanish catalogue is a standard gettext catalogue,
`minimax_cli/core/locale/es/LC_MESSAGES/minimax.po`, compiled to the `.mo` beside it that Python's
`gettext` reads (`python scripts/i18n.py` extracts the strings and compiles; tests check that every
string has a translation and that the `.mo` matches the `.po`). Strings with values use named
fields, `_("{node} ≤ {value}").format(node=..., value=...)`, so a translation may reorder them.

The language is chosen once per command, before any output: `--lang` if given, else the first of
LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set (`es_AR.UTF-8` gives Spanish), else English.
The command enters `speaking(code)` for its duration: the translator lives in a context variable
(this thread's, this task's), set and put back by the command, never a process-wide switch; code
outside any command, a library user's, gets English.

Words that travel in a report (a solver's explanation, a method, notes, a series' sentences) are
made as `Message`s: the English source and its values, translated only when a view shows them
(`str(message)`, `message.text()`), while the JSON writer takes their `english()` form and so
never asks a translator. `M_`, `nM_` and `pM_` make them (the catalogue's extractor knows them).
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

from minimax_cli.core.record import Record

DOMAIN = "minimax"
#: The catalogues ship beside this module, which owns them (minimax_cli/core/locale).
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
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


def group_digits(number: int, code: str) -> str:
    """A count as `code`'s language writes it: `10,000` in English; in Spanish as the RAE writes
    numbers (no separator up to four digits, then groups of three split by a no-break space)."""
    if code == "es":
        return f"{number:,}".replace(",", "\u00a0") if abs(number) >= 10_000 else str(number)
    return f"{number:,}"


#: Spanish writes "de" and "a" before the article "el" as one word (del, al): a field that begins
#: with "el" (el nodo 2) after a template's "de {node}" must read "del nodo 2".
_ARTICLE_AFTER = re.compile(r"\b([Dd]e|[Aa]) el\b")


def contracted(text: str) -> str:
    """Spanish text with "de el" and "a el" contracted, as Spanish writes them: del, al."""
    return _ARTICLE_AFTER.sub(lambda m: m.group(1)[0] + ("el" if m.group(1)[0] in "Dd" else "l"),
                              text)


class Grouped(Record):
    """A count inside a `Message`, its digits grouped as the shown language groups them. The
    words' classes are values (core.record), not dataclasses: every command loads them."""

    __slots__ = ("number",)
    fields = ("number",)

    def __init__(self, number: int) -> None:
        self.number: Final = number


class Message(Record):
    """Words not yet translated: the English `msgid` (with `plural` for the count `n`, `context`
    for pgettext) and the values of its named fields, themselves translated with it. `text()` (and
    `str()`) says it in the current language, `english()` in the source language without asking
    any translator: the form the JSON writer takes."""

    __slots__ = ("context", "msgid", "n", "plural", "values")
    fields = ("msgid", "values", "plural", "n", "context")

    def __init__(self, msgid: str, values: tuple[tuple[str, Value], ...] = (),
                 plural: str | None = None, n: int = 1, context: str | None = None) -> None:
        self.msgid: Final = msgid
        self.values: Final = values
        self.plural: Final = plural
        self.n: Final = n
        self.context: Final = context

    def _source(self) -> str:
        return self.msgid if self.plural is None or self.n == 1 else self.plural

    def _filled(self, template: str, code: str, english: bool) -> str:
        if not self.values:
            return template
        filled = template.format(**{key: _value_text(value, code, english)
                                    for key, value in self.values})
        return contracted(filled) if code == "es" else filled

    def text(self) -> str:
        """The message in the current language."""
        speaker = current()
        if self.plural is not None:
            template = speaker.ngettext(self.msgid, self.plural, self.n)
        elif self.context is not None:
            template = speaker.pgettext(self.context, self.msgid)
        else:
            template = speaker.gettext(self.msgid)
        return self._filled(template, speaker.code, english=False)

    def english(self) -> str:
        """The message in its source language, English: no translator is asked."""
        return self._filled(self._source(), DEFAULT, english=True)

    def __str__(self) -> str:
        return self.text()

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)


class Joined(Record):
    """Values inside a `Message` written one after another with `separator` between them."""

    __slots__ = ("parts", "separator")
    fields = ("parts", "separator")

    def __init__(self, parts: tuple[Value, ...], separator: Value = ", ") -> None:
        self.parts: Final = parts
        self.separator: Final = separator

    def text(self) -> str:
        """The parts in the current language."""
        return text_of(self)

    def english(self) -> str:
        """The parts in English: no translator is asked."""
        return english_of(self)

    def __str__(self) -> str:
        return self.text()

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)


#: What a `Message`'s field may hold: text as it is (notation, numbers), a count, another message.
Value = str | int | float | Grouped | Joined | Message


def _value_text(value: Value, code: str, english: bool) -> Value:
    if isinstance(value, Message):
        return value.english() if english else value.text()
    if isinstance(value, Grouped):
        return group_digits(value.number, code)
    if isinstance(value, Joined):
        separator = str(_value_text(value.separator, code, english))
        return separator.join(str(_value_text(part, code, english)) for part in value.parts)
    return value


#: Words of a report: a `Message` (or several, `Joined`), or text that no language changes (a
#: move's notation, numbers).
Words = str | Message | Joined


def text_of(words: Words) -> str:
    """Words in the current language (what a view shows)."""
    return words if isinstance(words, str) else str(_value_text(words, language(), english=False))


def english_of(words: Words) -> str:
    """Words in English, without asking a translator (what the JSON writer writes)."""
    return words if isinstance(words, str) else str(_value_text(words, DEFAULT, english=True))


def M_(message: str, /, **values: Value) -> Message:
    """`message` with its fields' values, kept untranslated until shown (see `Message`)."""
    return Message(message, tuple(values.items()))


def nM_(singular: str, plural: str, n: int, /, **values: Value) -> Message:
    """The singular or plural form for the count `n`, kept untranslated until shown."""
    return Message(singular, tuple(values.items()), plural=plural, n=n)


def pM_(context: str, message: str, /, **values: Value) -> Message:
    """`message` in `context` (see `pgettext`), kept untranslated until shown."""
    return Message(message, tuple(values.items()), context=context)


__all__ = ["LANGUAGES", "LOCALE_DIR", "M_", "N_", "Grouped", "Joined", "Message", "Translator", "Value",
           "Words", "_", "current", "english_of", "group_digits", "language", "language_from_environment",
           "nM_", "ngettext", "pM_", "parse_language", "pgettext", "speaking", "text_of", "translator"]
