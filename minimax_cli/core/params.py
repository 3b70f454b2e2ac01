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
