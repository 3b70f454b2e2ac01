"""An evaluation term by term: what `Game.evaluation_terms` answers, for views to show the sum.

The course writes the evaluation as a weighted sum EVAL(s) = sum of w_i f_i(s). Each term here is
one w_i f_i: its weight, the feature's share for the first player (White) and for the second
(Black), and the value the evaluation adds for it, the first player's share less the second's
times the weight as the evaluation itself rounds it. The values' sum is `total`, the evaluation
from the first player's side; `to_move` is the same seen by the side to move, which is what a
negamax engine's static evaluation gives. A tapered evaluation (chess's middlegame and endgame)
gives each side's share as its (middlegame, endgame) pair and the phase that blends them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from minimax_cli.core.record import Record


class EvaluationTerm(Record):
    """One term: `name` is its key (stable, English), `label` its words for a reader (marked
    `N_`, shown through `_`); `first` and `second` each side's share of the feature, exact (a
    tapered share may fall between two integers); `value` what the evaluation adds, first
    player's side. `first_phases` and `second_phases`: each share's (middlegame, endgame) before
    the taper, or None for an evaluation that does not taper."""

    __slots__ = ("first", "first_phases", "label", "name", "second", "second_phases", "value",
                 "weight")
    fields = ("name", "label", "weight", "first", "second", "value", "first_phases",
              "second_phases")

    def __init__(self, name: str, label: str, weight: int, first: Fraction, second: Fraction,
                 value: int, first_phases: tuple[int, int] | None = None,
                 second_phases: tuple[int, int] | None = None) -> None:
        self.name: Final = name
        self.label: Final = label
        self.weight: Final = weight
        self.first: Final = first
        self.second: Final = second
        self.value: Final = value
        self.first_phases: Final = first_phases
        self.second_phases: Final = second_phases


class EvaluationTerms(Record):
    """The terms of one evaluation (`evaluator`, by name) at one position: the terms in order,
    their sum `total` (first player's side), `to_move` (the same from the side to move's side:
    the engine's static value), the phase and its full value for a tapered evaluation (None
    otherwise), and notes (marked `N_`) a view prints under the table."""

    __slots__ = ("evaluator", "full_phase", "notes", "phase", "terms", "to_move", "total")
    fields = ("evaluator", "terms", "total", "to_move", "phase", "full_phase", "notes")

    def __init__(self, evaluator: str, terms: tuple[EvaluationTerm, ...], to_move: int,
                 phase: int | None = None, full_phase: int | None = None,
                 notes: tuple[str, ...] = ()) -> None:
        self.evaluator: Final = evaluator
        self.terms: Final = terms
        self.total: Final = sum(term.value for term in terms)
        self.to_move: Final = to_move
        self.phase: Final = phase
        self.full_phase: Final = full_phase
        self.notes: Final = notes


__all__ = ["EvaluationTerm", "EvaluationTerms"]
