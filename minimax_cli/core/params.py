"""Parsers shared by game parameters (each raises ValueError naming the accepted form)."""

from __future__ import annotations

BOOL_FORM = "true/false, yes/no or 1/0"
_TRUE = frozenset({"true", "yes", "1"})
_FALSE = frozenset({"false", "no", "0"})


def parse_bool(text: str) -> bool:
    """A yes/no switch: true/false, yes/no or 1/0, in any case."""
    word = text.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise ValueError(f"{text!r} is not a yes/no value: use {BOOL_FORM}")


#: The most digits a whole number in a parameter, position or move may have: far beyond any heap
#: a search or a period could need (bones' period answers 10**100 in microseconds), far below
#: Python's own limit on converting text to int (4,300 digits).
MAX_DIGITS = 100
QUOTE_LIMIT = 60


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` quoted for an error message, cut to a readable length."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def parse_whole(digits: str) -> int:
    """ASCII digits as an int; ValueError naming the limit when there are more than MAX_DIGITS
    (leading zeros do not count). Callers check that `digits` are ASCII digits first."""
    significant = digits.lstrip("0")
    if len(significant) > MAX_DIGITS:
        raise ValueError(f"a number of {len(significant):,} digits is too large: at most "
                         f"{MAX_DIGITS} digits")
    return int(significant or "0")
