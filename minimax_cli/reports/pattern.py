"""The pattern of a family of positions (`solve GAME --upto N`), part of a report (`reports.model`):
apart from the model, so that an analysis, which never finds one, does not load it."""

from __future__ import annotations

from dataclasses import dataclass

from minimax_cli.core.i18n import Words


@dataclass(frozen=True)
class Pattern:
    """The outcomes of a family of positions (1 = the player to move wins) repeat with `period`
    from n = `preperiod`.

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


__all__ = ["Pattern"]
