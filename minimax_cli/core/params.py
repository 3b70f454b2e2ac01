"""Parsers shared by game parameters (each raises ValueError naming the accepted form)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from functools import cache

from minimax_cli.core.i18n import N_, _, group_digits, language

BOOL_FORM = N_("true/false, yes/no or 1/0")
_TRUE = frozenset({"true", "yes", "1"})
_FALSE = frozenset({"false", "no", "0"})


def parse_bool(text: str) -> bool:
    """A yes/no switch: true/false, yes/no or 1/0, in any case."""
    word = text.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise ValueError(_("{text} is not a yes/no value: use {form}").format(text=repr(text),
                                                                             form=_(BOOL_FORM)))


#: The most digits a whole number in a parameter, position or move may have: far beyond any heap
#: a search or a period could need (bones' period answers 10**100 in microseconds), far below
#: Python's own limit on converting text to int (4,300 digits).
MAX_DIGITS = 100
QUOTE_LIMIT = 60

#: The largest limits a search accepts (`result.Limits`), here so that the command line states
#: them without loading the search core: deeper than any recursive search can go; a day; more
#: nodes than the engine visits in a day. Larger values would only hide a typing mistake.
MAX_DEPTH = 100_000
MAX_TIME = 86_400.0
MAX_NODES = 10**12


def grouped(number: int) -> str:
    """A count for a message: `10,000` in English; in Spanish as the RAE writes numbers (no
    separator up to four digits, then groups of three split by a no-break space)."""
    return group_digits(number, language())


def close_match(word: str, choices: Iterable[str]) -> str | None:
    """The choice `word` is most likely a typo of (difflib's likeness at least 0.6), or None:
    for a "did you mean" in the error naming an unknown word. Case is ignored (`MINIMAX` means
    `minimax`, as `Connect4` means `connect4`); the choice is returned as it is written."""
    by_lower: dict[str, str] = {}
    for choice in choices:
        by_lower.setdefault(choice.lower(), choice)
    found = difflib.get_close_matches(word.lower(), list(by_lower), n=1, cutoff=0.6)
    return by_lower[found[0]] if found else None


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` quoted for an error message, cut to a readable length."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def parse_whole(digits: str) -> int:
    """ASCII digits as an int; ValueError naming the limit when there are more than MAX_DIGITS
    (leading zeros do not count). Callers check that `digits` are ASCII digits first."""
    significant = digits.lstrip("0")
    if len(significant) > MAX_DIGITS:
        raise NumberTooLarge(_("a number of {count} digits is too large: at most {most} digits")
                             .format(count=grouped(len(significant)), most=MAX_DIGITS))
    return int(significant or "0")


#: The ways a count may be written, for error messages and help (English; `_` it where shown).
COUNT_FORMS = N_("digits (1000000), digits with underscores (1_000_000), a power (10**6) or "
                 "e-notation (1e6, 2.5e3)")


class NumberTooLarge(ValueError):
    """A number with more than MAX_DIGITS digits (its own class: callers tell it from a typo)."""


def _not_whole(text: str) -> ValueError:
    return ValueError(_("{text} is not a whole number: write {forms}").format(
        text=quote(text), forms=_(COUNT_FORMS)))

_DIGITS = r"[0-9]+(?:_[0-9]+)*"


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The count forms, and anything written like one of them (compiled on first use: start-up)."""
    count = re.compile(
        rf"(?P<whole>{_DIGITS})"
        rf"(?:\*\*(?P<power>{_DIGITS})"
        rf"|(?:\.(?P<fraction>{_DIGITS}))?[eE](?P<sign>[+-]?)(?P<exponent>{_DIGITS}))?"
    )
    number_like = re.compile(r"\s*[0-9][0-9_]*(?:\*\*|[.eE_]).*", re.DOTALL)
    return count, number_like


#: Exponents with more significant digits than this are out of any count's reach.
_EXPONENT_DIGITS = 6


def is_number_form(text: str) -> bool:
    """True when `text` is written like a number in one of the forms beyond plain digits
    (`1_000`, `10**6`, `1e6`, `1.5e3`, also a malformed attempt such as `1e-3` or `1e`), so
    that `parse_count` either reads it or names what is wrong with it."""
    return _patterns()[1].fullmatch(text) is not None


def parse_count(text: str) -> int:
    """A whole number, 0 or more, written in any of COUNT_FORMS, exactly (no float rounding:
    `1e18` is 10**18). ValueError naming the forms when `text` is none of them or not a whole
    number (`1e-3`, `2.5e0`), or naming the limit when it has more than MAX_DIGITS digits."""
    match = _patterns()[0].fullmatch(text.strip())
    if match is None:
        raise _not_whole(text)
    whole = match["whole"].replace("_", "").lstrip("0")
    if len(whole) > MAX_DIGITS:
        raise _too_large(text)
    if match["power"] is not None:
        return _power(text, int(whole or "0"), match["power"].replace("_", ""))
    if match["exponent"] is None:
        return int(whole or "0")
    fraction = (match["fraction"] or "").replace("_", "")
    mantissa = (whole + fraction).lstrip("0")
    if not mantissa:
        return 0
    exponent_digits = match["exponent"].replace("_", "").lstrip("0") or "0"
    negative = match["sign"] == "-"
    if len(exponent_digits) > _EXPONENT_DIGITS:
        if negative:
            raise _not_whole(text)
        raise _too_large(text)
    # value = mantissa * 10**scale, exactly
    scale = (-1 if negative else 1) * int(exponent_digits) - len(fraction)
    if scale < 0:
        kept = mantissa[:scale]
        if mantissa[scale:].strip("0") or not kept:
            raise _not_whole(text)
        mantissa, scale = kept, 0
    if len(mantissa) + scale > MAX_DIGITS:
        raise _too_large(text)
    return int(mantissa + "0" * scale)


def _power(text: str, base: int, exponent_text: str) -> int:
    exponent_digits = exponent_text.lstrip("0") or "0"
    if base in (0, 1) or exponent_digits == "0":
        return 1 if exponent_digits == "0" else base
    if len(exponent_digits) > _EXPONENT_DIGITS:
        raise _too_large(text)
    exponent = int(exponent_digits)
    # base >= 2**(bits - 1), so past this bound the power has more than MAX_DIGITS digits
    # (2**(4 * MAX_DIGITS) > 10**MAX_DIGITS) and is never computed.
    if (base.bit_length() - 1) * exponent > 4 * MAX_DIGITS or exponent > 4 * MAX_DIGITS:
        raise _too_large(text)
    value: int = base**exponent
    if len(str(value)) > MAX_DIGITS:
        raise _too_large(text)
    return value


def _too_large(text: str) -> NumberTooLarge:
    return NumberTooLarge(_("{text} is too large: at most {most} digits").format(
        text=quote(text), most=MAX_DIGITS))
