"""Numbers as a report's JSON writes them: whole numbers as integers, fractions as floats with
their exact form beside."""

from __future__ import annotations

from fractions import Fraction

from minimax_cli.core.score import Number, format_number


def json_number(value: Number) -> int | float:
    """Whole numbers as JSON integers, other numbers (fractions too) as floats."""
    if isinstance(value, int):
        return value
    if float(value).is_integer() and abs(float(value)) < 2**53:
        return int(value)
    return float(value)


def exact_text(value: Number) -> str | None:
    """The exact form of a fraction that JSON can only approximate, e.g. "191/192"."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return format_number(value)
    return None


__all__ = ["exact_text", "json_number"]
