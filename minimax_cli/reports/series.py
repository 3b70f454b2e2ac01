"""The `--upto` part of a solve's report: a game's family of positions 0..N solved by its own
solver, the pattern found in it, and its JSON form. Plain data: no Rich, no Typer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from minimax_cli.core.i18n import Words, english_of
from minimax_cli.core.solver import Series
from minimax_cli.reports.model import json_number


@dataclass(frozen=True)
class Pattern:
    """The outcomes (1 = the player to move wins) repeat with `period` from n = `preperiod`.

    `losing_residues` are the values of n mod period at which the player to move loses, for
    n >= preperiod; `early_losses` the losing n below the preperiod. `proven`: the game's solver
    proved it for every n; otherwise it was only observed in the outcomes 0..upto. `checked_upto`
    counts the positions (0..checked_upto - 1) the claim rests on: those solved for the proof, or
    those observed. `observed_upto` is the last n of the outcomes when they show this very period
    by themselves (a block seen DEFAULT_MIN_REPEATS times), None when they are too few to.
    """

    preperiod: int
    period: int
    checked_upto: int
    losing_residues: tuple[int, ...]
    early_losses: tuple[int, ...]
    sentence: Words
    proven: bool = False
    observed_upto: int | None = None


@dataclass(frozen=True)
class SeriesReport:
    """A game's family of positions 0..upto solved by its solver, and the pattern in it."""

    series: Series
    pattern: Pattern | None
    elapsed: float


def series_dict(report: SeriesReport) -> dict[str, Any]:
    """The JSON form. `pattern.proven` says whether it holds for every n (then `proven_period`
    has the proof) or was only observed; `pattern.observed_over` is the range of n whose outcomes
    show the pattern by themselves (null for a proven one they are too few to show);
    `checked_upto` counts the positions the claim rests on (solved for the proof, or observed)."""
    series, pattern, proven = report.series, report.pattern, report.series.proven
    extra: dict[str, Any] = {}
    if series.standings is not None:
        extra = {"assumption": english_of(series.assumption), "standings": [
            {"n": n, "winner": None if s.winner is None else s.winner + 1,
             "returns": [json_number(v) for v in s.returns],
             "plays": series.moves[n][0] if series.moves[n] else None, "ties": s.ties,
             "tie_notes": [english_of(note) for note in s.notes]}
            for n, s in enumerate(series.standings)]}
    return {
        "description": english_of(series.description),
        "rows": [{"n": n, "outcome": "W" if wins else "L",
                  "winning_moves": list(series.moves[n]) if wins else [],
                  "over": n in series.ended}
                 for n, wins in enumerate(series.outcomes)],
        "pattern": None if pattern is None else {
            "text": english_of(pattern.sentence), "preperiod": pattern.preperiod, "period": pattern.period,
            "losing_residues": list(pattern.losing_residues),
            "early_losses": list(pattern.early_losses), "checked_upto": pattern.checked_upto,
            "proven": pattern.proven,
            "observed_over": None if pattern.observed_upto is None else {
                "from": 0, "to": pattern.observed_upto},
        },
        "proven_period": None if proven is None else {
            "preperiod": proven.preperiod, "period": proven.period,
            "checked_upto": proven.checked_upto, "proof": english_of(series.proof),
        },
        "time_s": round(report.elapsed, 6),
        **extra,
    }


__all__ = ["Pattern", "SeriesReport", "series_dict"]
