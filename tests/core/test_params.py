"""Counts in every written form (core.params.parse_count): exact values, refusals, the digit limit."""

from __future__ import annotations

import time
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minimax_cli.core.params import MAX_DIGITS, is_number_form, parse_count, parse_whole


@pytest.mark.parametrize(("text", "value"), [
    ("0", 0), ("21", 21), ("007", 7), (" 12 ", 12),
    ("1_000_000", 1_000_000), ("1_0", 10),
    ("10**18", 10**18), ("2**64", 18_446_744_073_709_551_616), ("0**0", 1), ("0**5", 0),
    ("1**123456789", 1), ("7**0", 1), ("1_0**1_8", 10**18),
    ("1e18", 10**18), ("1E3", 1000), ("1e+3", 1000), ("1.5e3", 1500), ("2.5e3", 2500),
    ("1.25e2", 125), ("12.5e1", 125), ("150e-1", 15), ("0.5e1", 5), ("0e999999999999", 0),
    ("1e99", 10**99), ("2**332", 2**332), ("9" * MAX_DIGITS, 10**MAX_DIGITS - 1),
])
def test_every_form_gives_the_exact_whole_number(text: str, value: int) -> None:
    assert parse_count(text) == value
    assert type(parse_count(text)) is int


def test_e_notation_is_exact_where_a_float_is_not() -> None:
    assert parse_count("1e23") == 10**23 != int(float("1e23"))
    assert parse_count("123456789012345678901e0") == 123456789012345678901


@pytest.mark.parametrize("text", [
    "", " ", "1e-3", "15e-1", "1.2e0", "1.5", "1.", ".5e1", "1e", "e5", "_1", "1_", "1__0",
    "-5", "+5", "10**-2", "3**3**3", "0x10", "1 000", "١٢", "12abc", "1e3.5", "**2", "10**",
])
def test_what_is_not_a_whole_number_is_refused_naming_the_forms(text: str) -> None:
    with pytest.raises(ValueError, match=r"not a whole number: write digits \(1000000\), digits "
                       r"with underscores \(1_000_000\), a power \(10\*\*6\) or e-notation"):
        parse_count(text)


@pytest.mark.parametrize("text", [
    "1" + "0" * MAX_DIGITS, "1e100", "10**100", "2**333", "1e999999999", "10**999999999999",
    "1.0e100", "99**9999999",
])
def test_past_the_digit_limit_is_refused_without_computing_it(text: str) -> None:
    start = time.perf_counter()
    with pytest.raises(ValueError, match=f"too large: at most {MAX_DIGITS} digits"):
        parse_count(text)
    # A limit check, not a timing test: 10**999999999999 would take hours to compute.
    assert time.perf_counter() - start < 5


def test_the_error_quotes_the_input_cut_to_a_readable_length() -> None:
    with pytest.raises(ValueError) as caught:
        parse_count("x" * 500)
    assert str(caught.value).startswith("'" + "x" * 59 + "…'")


@given(st.integers(min_value=0, max_value=10**MAX_DIGITS - 1))
def test_digits_and_underscores_read_back(n: int) -> None:
    assert parse_count(str(n)) == n
    assert parse_count(f"{n:_}") == n
    assert parse_count(str(n)) == parse_whole(str(n))


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=6),
       st.integers(min_value=-8, max_value=60))
def test_e_notation_against_decimal(mantissa: int, point: int, exponent: int) -> None:
    digits = str(mantissa).rjust(point + 1, "0")
    split = len(digits) - point
    text = f"{digits[:split]}.{digits[split:]}e{exponent}" if point else f"{digits}e{exponent}"
    exact = Fraction(Decimal(text))  # the oracle: Decimal reads the text exactly
    if exact.denominator == 1:
        assert parse_count(text) == exact.numerator
    else:
        with pytest.raises(ValueError, match="not a whole number"):
            parse_count(text)


@given(st.integers(min_value=0, max_value=50), st.integers(min_value=0, max_value=60))
def test_powers_against_python(base: int, exponent: int) -> None:
    if len(str(base**exponent)) <= MAX_DIGITS:
        assert parse_count(f"{base}**{exponent}") == base**exponent
    else:
        with pytest.raises(ValueError, match="too large"):
            parse_count(f"{base}**{exponent}")


@pytest.mark.parametrize(("text", "form"), [
    ("1_000", True), ("10**6", True), ("1e6", True), ("1.5e3", True), ("1e-3", True),
    ("1.5", True), ("21", False), ("x", False), ("1,2", False), ("-1e3", False),
])
def test_number_forms_are_told_from_other_text(text: str, form: bool) -> None:
    assert is_number_form(text) is form
