"""An evaluation term by term (`analyze GAME POSITION --terms`) as numbers for a reader and as JSON.

Plain data, no Rich: the view (views/evaluation_terms.py) lays these out as a table. The JSON
shape (English, as every `--json`):

    {"game": "chess", "position": "<the position as the game writes it>",
     "evaluation": "standard", "sides": ["White", "Black"],
     "terms": [{"name": "material", "label": "material", "weight": 1,
                "first": 3880, "second": 3880, "difference": 0,
                "first_phases": [3880, 4120] | null, "second_phases": [...] | null}, ...],
     "total": 0, "to_move": 0, "phase": {"value": 24, "full": 24} | null, "notes": ["..."]}

`first` and `second` are the first player's (White's) and the second's share of the feature
(a piece count for `--eval material`, centipawns for `standard`; a tapered share may be a
fraction, given to two decimals), `difference` the value the evaluation adds for the term, from
the first player's side (weight × (first − second) as the evaluation rounds it), `*_phases` each
share's (middlegame, endgame) before the taper. `total` is the sum of the differences, first
player's side; `to_move` the same from the side to move's side: exactly the engine's static
evaluation of the position.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from minimax_cli.core.i18n import _
from minimax_cli.core.params import grouped
from minimax_cli.core.terms import EvaluationTerms


def number_json(value: Fraction) -> int | float:
    """An exact share as JSON: an integer when it is one, else to two decimals."""
    return value.numerator if value.denominator == 1 else round(float(value), 2)


def terms_json(game: str, position: str, sides: tuple[str, str],
               terms: EvaluationTerms) -> dict[str, Any]:
    """The documented JSON shape (this module's docstring), never translated."""
    phase = (None if terms.phase is None
             else {"value": terms.phase, "full": terms.full_phase})
    return {
        "game": game, "position": position, "evaluation": terms.evaluator, "sides": list(sides),
        "terms": [{"name": t.name, "label": t.label, "weight": t.weight,
                   "first": number_json(t.first), "second": number_json(t.second),
                   "difference": t.value,
                   "first_phases": None if t.first_phases is None else list(t.first_phases),
                   "second_phases": None if t.second_phases is None else list(t.second_phases)}
                  for t in terms.terms],
        "total": terms.total, "to_move": terms.to_move, "phase": phase,
        "notes": list(terms.notes)}


def number_text(value: Fraction | int) -> str:
    """A share as the reader's language writes it: digits grouped, a fraction to one decimal
    (with a decimal point in Spanish too, as every number the tool writes: the RAE accepts it)."""
    value = Fraction(value)
    if value.denominator == 1:
        return grouped(value.numerator)
    whole, tenth = f"{abs(float(value)):.1f}".split(".")
    sign = "-" if value < 0 and (whole, tenth) != ("0", "0") else ""
    return f"{sign}{grouped(int(whole))}.{tenth}"


def signed_text(value: int) -> str:
    """A difference with its sign: +12, -30, 0."""
    return ("+" if value > 0 else "-" if value < 0 else "") + grouped(abs(value))


def written_sum(terms: EvaluationTerms, first: bool) -> str:
    """One side's Σ w_i f_i written out with its numbers: `8×100 + 2×300 + … = 3,900`."""
    parts = [(t.first if first else t.second, t.weight) for t in terms.terms]
    total = sum(count * weight for count, weight in parts)
    return " + ".join(f"{number_text(count)}×{grouped(weight)}" for count, weight in parts) + \
        f" = {number_text(total)}"


def phase_text(terms: EvaluationTerms) -> str | None:
    """The taper in words, or None for an evaluation that does not taper."""
    if terms.phase is None or terms.full_phase is None:
        return None
    full = terms.full_phase
    middle = min(terms.phase, full)
    return _("phase (middlegame → endgame): {phase} of {full}: middlegame {middle}/{full}, "
             "endgame {end}/{full}").format(phase=terms.phase, full=full, middle=middle,
                                              end=full - middle)


__all__ = ["number_text", "phase_text", "signed_text", "terms_json", "written_sum"]
