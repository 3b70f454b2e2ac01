"""`--upto`: a game's family of positions 0..N solved by its own solver, and the pattern in it.

The outcomes come from the game's solver (`ExactSolver.series`); the period is looked for in them
here (`observe_period`), which is an observation over the range computed, never a proof. A proof,
when the game's solver has one, travels in `Series.proven` and `Series.proof`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from minimax_cli import registry
from minimax_cli.core.game import Game, SearchError, Series
from minimax_cli.core.periodic import Period, find_period

AnyGame = Game[Any, Any]
ProgressFn = Callable[[int, int], None]

#: The most positions `--upto` tabulates.
UPTO_MAX = 100_000


@dataclass(frozen=True)
class Pattern:
    """The period `find_period` observed in the outcomes of positions 0..checked_upto - 1, in words.

    `losing_residues` are the values of n mod period at which the player to move loses, for
    n >= preperiod; `early_losses` the losing n below the preperiod. Observed, not proven.
    """

    preperiod: int
    period: int
    checked_upto: int
    losing_residues: tuple[int, ...]
    early_losses: tuple[int, ...]
    sentence: str


@dataclass(frozen=True)
class SeriesReport:
    """A game's family of positions 0..upto solved by its solver, and the pattern seen in it."""

    series: Series
    pattern: Pattern | None
    elapsed: float


# --- the family of positions ---------------------------------------------------------------------
def check_upto(game: AnyGame, upto: int) -> None:
    """SearchError unless `game` has a family of positions to tabulate and `upto` is in range."""
    solver = game.exact_solver()
    if solver is None or not solver.has_series:
        having = ", ".join(games_with_series()) or "none"
        raise SearchError(f"--upto tabulates a family of positions; {game.name} has none "
                          f"(games with one: {having})")
    if not 0 <= upto <= UPTO_MAX:
        raise SearchError(f"--upto must be from 0 to {UPTO_MAX:,}, got {upto:,}")


def games_with_series() -> list[str]:
    """The registered games whose solver tabulates a family of positions (with default rules)."""
    names = []
    for name in registry.names():
        try:
            solver = registry.create(name).exact_solver()
        except ValueError:  # a plug-in that cannot be built with its defaults has nothing to show
            continue
        if solver is not None and solver.has_series:
            names.append(name)
    return names


def solve_series(game: AnyGame, upto: int, progress: ProgressFn | None = None) -> SeriesReport:
    """Positions 0..upto of the game's family, with the pattern observed in their outcomes."""
    check_upto(game, upto)
    solver = game.exact_solver()
    started = time.perf_counter()
    series = None if solver is None else solver.series(upto, progress)
    if series is None:
        raise SearchError(f"{game.name}'s solver gave no table of positions 0..{upto}")
    outcomes = [int(o) for o in series.outcomes]
    observed = observe_period(outcomes)
    pattern = None if observed is None else describe_pattern(outcomes, observed)
    return SeriesReport(series, pattern, time.perf_counter() - started)


#: How many trailing outcomes `observe_period` may set aside when looking for a period.
MAX_CUT = 64


def observe_period(seq: Sequence[int]) -> Period | None:
    """The period the outcomes `seq` show, found with `find_period`, or None.

    `find_period` answers with the smallest period that fits the last few blocks, so a short run
    at the very end can pass for a period: outcomes 0..27 of bones with take 1,3,4 end W W W W,
    which period 1 fits, while period 7 from n = 0 explains all 28. So the question is also put
    with stricter repeat counts (3, 4, 6, 9, ...) and, when the answer so far leaves more than half
    of `seq` unexplained, to prefixes that set aside up to MAX_CUT trailing terms. Every answer
    must hold over the whole of `seq`; the one that explains the most wins: the smallest
    preperiod + period, then the smallest period. Still an observation over `seq`, never a proof.
    """
    length = len(seq)
    best: Period | None = None
    for cut in range(min(MAX_CUT, length // 2) + 1):
        if cut and best is not None and 2 * (best.preperiod + best.period) <= length:
            break
        prefix = seq[:length - cut]
        repeats = 3
        while (found := find_period(prefix, repeats)) is not None:
            start, period = found.preperiod, found.period
            holds = all(seq[i] == seq[i + period] for i in range(length - cut - period,
                                                                 length - period))
            if holds and (best is None or (start + period, period) < (
                    best.preperiod + best.period, best.period)):
                best = Period(start, period, checked_upto=length)
            repeats = repeats + 1 if repeats < 4 else repeats * 3 // 2
    return best


def describe_pattern(outcomes: Sequence[int], period: Period) -> Pattern:
    """The observed period of `outcomes` (1 = the player to move wins) as a sentence such as
    "the player to move loses exactly when n mod 4 = 0 (period 4 from n = 0; verified for 0..20)".
    """
    start, length = period.preperiod, period.period
    residues = tuple(sorted(n % length for n in range(start, start + length) if not outcomes[n]))
    early = tuple(n for n in range(start) if not outcomes[n])
    where = f"period {length} from n = {start}; verified for 0..{period.checked_upto - 1}"
    if residues:
        rule = f"loses exactly when n mod {length} = {_or_list(residues)}"
    else:
        rule = "always wins"
    if start == 0:
        sentence = f"the player to move {rule} ({where})"
    else:
        before = (f"below n = {start} they lose at n = {_or_list(early)}" if early
                  else f"below n = {start} they never lose")
        sentence = f"from n = {start} on, the player to move {rule}; {before} ({where})"
    return Pattern(start, length, period.checked_upto, residues, early, sentence)


def _or_list(numbers: Sequence[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
