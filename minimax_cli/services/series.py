"""`--upto`: a game's family of positions 0..N solved by its own solver, and the pattern in it.

The outcomes come from the game's solver (`ExactSolver.series`). When the solver proved the period
of the whole infinite sequence (`Series.proven`, with `Series.proof` saying how), the pattern states
that proven rule for every n; an observation is then only reported as agreeing with it. Otherwise
the pattern is what the outcomes 0..N show (`observe_period`), labelled as observed over that range,
not proven, and worded about that range only.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from typing import Any

from minimax_cli import registry
from minimax_cli.core.game import AnyGame, SearchError
from minimax_cli.core.i18n import M_, Grouped, Joined, Message, Value, Words, _, pgettext
from minimax_cli.core.periodic import DEFAULT_MIN_REPEATS, Period
from minimax_cli.core.solver import ExactSolver, Progress, Series
from minimax_cli.core.words import grouped
from minimax_cli.reports.model import Report, from_series
from minimax_cli.reports.pattern import Pattern

#: The most positions `--upto` tabulates.
UPTO_MAX = 100_000


# --- the family of positions ---------------------------------------------------------------------
def check_upto(game: AnyGame, upto: int) -> None:
    """SearchError unless `game` has a family of positions to tabulate and `upto` is in range."""
    solver = game.exact_solver()
    if solver is None or not solver.has_series:
        having = ", ".join(games_with_series()) or pgettext("games", "none")
        raise SearchError(_("--upto tabulates a family of positions; {game} has none (games "
                            "with one: {games})").format(game=game.name, games=having))
    if not 0 <= upto <= UPTO_MAX:
        raise SearchError(_("--upto must be from 0 to {most}, got {upto}").format(
            most=grouped(UPTO_MAX), upto=grouped(upto)))


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


def solve_series(game: AnyGame, upto: int, progress: Progress | None = None,
                 table_mb: float | None = None, solved: Report | None = None) -> Report:
    """`solved` (the report of a position's solve) with positions 0..upto of the game's family
    and the proven pattern or the one observed; without `solved`, the report of the family alone.
    `table_mb` bounds the solver's tables."""
    check_upto(game, upto)
    solver = game.exact_solver(table_mb)
    started = time.perf_counter()
    series = None if solver is None else solver.series(upto, progress)
    if solver is None or series is None:
        raise SearchError(_("{game}'s solver gave no table of positions 0..{upto}").format(
            game=game.name, upto=upto))
    outcomes = [int(o) for o in series.outcomes]
    observed = observe_period(outcomes)
    if series.standings is not None:
        pattern = standings_pattern(series, solver)
    elif series.proven is None:
        pattern = None if observed is None else describe_pattern(outcomes, observed)
    else:
        pattern = proven_pattern(outcomes, series.proven, observed, solver)
    elapsed = time.perf_counter() - started
    if solved is None:
        return from_series(game, game.initial_state(), series, pattern, elapsed)
    return dataclasses.replace(solved, series=series, pattern=pattern, series_time=elapsed)


def proven_pattern(outcomes: Sequence[int], proven: Period, observed: Period | None,
                   solver: ExactSolver[Any, Any]) -> Pattern:
    """The proven period in words, with its losing residues read off the outcomes (asked of the
    solver again, further, when 0..upto does not cover one period), and whether the outcomes
    0..upto show it by themselves. SearchError if the outcomes contradict the proof."""
    needed = proven.preperiod + proven.period
    full = list(outcomes)
    if len(full) < needed:
        longer = solver.series(needed - 1)
        if longer is None or len(longer.outcomes) < needed:
            raise SearchError(_("the solver proved period {period} from n = {start} but gave "
                                "no outcomes for n = 0..{last}").format(
                period=proven.period, start=proven.preperiod, last=needed - 1))
        full = [int(o) for o in longer.outcomes]
    wrong = first_contradiction(full, proven)
    if wrong is None and full[:len(outcomes)] != list(outcomes):
        wrong = next(n for n, o in enumerate(outcomes) if o != full[n])
    if wrong is not None:
        raise SearchError(_("the solver's proven period {period} from n = {start} disagrees "
                            "with its own outcome at n = {n}; please report this").format(
            period=proven.period, start=proven.preperiod, n=grouped(wrong)))
    pattern = describe_pattern(full, proven)
    if observed is not None and (observed.preperiod, observed.period) == (proven.preperiod,
                                                                          proven.period):
        pattern = dataclasses.replace(pattern, observed_upto=len(outcomes) - 1)
    return pattern


# --- games of more players: who wins ------------------------------------------------------------
def winners_of(series: Series) -> list[int]:
    """Who wins each n (a player index, -1 for none) of a series with standings."""
    assert series.standings is not None
    return [-1 if s.winner is None else s.winner for s in series.standings]


def standings_pattern(series: Series, solver: ExactSolver[Any, Any]) -> Pattern | None:
    """The pattern of who wins (a game of more than two players): the period the solver proved
    for the winners, or the one the winners 0..upto show, with each player's residues named.
    Its residues and early losses are those of the player to move, as for two players."""
    winners = winners_of(series)
    observed = observe_period(winners)
    period = series.proven or observed
    if period is None:
        return None
    full = series
    needed = period.preperiod + period.period
    if len(winners) < needed:  # a proven period longer than the table asked for
        longer = solver.series(needed - 1)
        if longer is None or longer.standings is None or len(longer.outcomes) < needed:
            raise SearchError(_("the solver proved period {period} from n = {start} but "
                                "gave no winners for n = 0..{last}").format(
                period=period.period, start=period.preperiod, last=needed - 1))
        full = longer
    every = winners_of(full)
    wrong = first_contradiction(every, period)
    if wrong is None and every[:len(winners)] != winners:
        wrong = next(n for n, w in enumerate(winners) if w != every[n])
    if wrong is not None:
        raise SearchError(_("the solver's proven period {period} from n = {start} disagrees "
                            "with its own winner at n = {n}; please report this").format(
            period=period.period, start=period.preperiod, n=grouped(wrong)))
    pattern = describe_pattern([int(o) for o in full.outcomes], period)
    seen = observed is not None and (observed.preperiod, observed.period) == (
        period.preperiod, period.period)
    return dataclasses.replace(pattern, sentence=winners_sentence(every, period, len(winners) - 1),
                               observed_upto=len(winners) - 1 if seen else None)


def winners_sentence(winners: Sequence[int], period: Period, last: int) -> Message:
    """`for every n, player 1 wins when n mod 5 = 1, 2 or 3; player 2 when n mod 5 = 4; ...`,
    proven for every n or observed over n = 0..last only."""
    start, length = period.preperiod, period.period

    def rule(player: int, first: bool, residues: list[int]) -> Message:
        """`player 1 wins when n mod 5 = 1, 2 or 3` (the first rule), `player 2 when ...`."""
        values: dict[str, Value] = {"number": player + 1, "period": length,
                                    "residues": _or_list(residues)}
        if player < 0:
            return (M_("nobody wins when n mod {period} = {residues}", **values) if first else
                    M_("nobody when n mod {period} = {residues}", **values))
        return (M_("player {number} wins when n mod {period} = {residues}", **values) if first
                else M_("player {number} when n mod {period} = {residues}", **values))

    def early_rule(player: int, ns: list[int]) -> Message:
        if player < 0:
            return M_("nobody at n = {values}", values=_or_list(ns))
        return M_("player {number} at n = {values}", number=player + 1, values=_or_list(ns))

    residues: dict[int, list[int]] = {}
    for n in range(start, start + length):
        residues.setdefault(winners[n], []).append(n % length)
    rules = [rule(p, i == 0, sorted(r)) for i, (p, r) in enumerate(sorted(residues.items()))]
    early: dict[int, list[int]] = {}
    for n in range(start):
        early.setdefault(winners[n], []).append(n)
    before: Value = "" if not early else M_(
        "; below n = {start}: {winners}", start=start,
        winners=Joined(tuple(early_rule(p, ns) for p, ns in sorted(early.items()))))
    return _sentence(Joined(tuple(rules), separator="; "), before, period, last)


def _sentence(rule: Value, before: Value, period: Period, last: int) -> Message:
    """A pattern's sentence: `rule` (with its subject) and `before` (what holds below the
    preperiod, or nothing) for every n when `period` is proven, else over n = 0..last only."""
    start, length = period.preperiod, period.period
    values: dict[str, Value] = {
        "start": start, "last": last, "rule": rule, "before": before,
        "where": M_("period {period} from n = {start}", period=length, start=start)}
    if period.proven:
        return (M_("for every n, {rule}{before} ({where}, proven; see the proof)", **values)
                if start == 0 else
                M_("for every n from {start} on, {rule}{before} ({where}, proven; see the "
                   "proof)", **values))
    return M_("observed over n = 0..{last}, not proven: in n = {start}..{last}, "
              "{rule}{before} ({where} in these outcomes)", **values)


def first_contradiction(outcomes: Sequence[int], period: Period) -> int | None:
    """The first n whose outcome differs from the one `period` gives it, or None."""
    start, length = period.preperiod, period.period
    for n in range(start + length, len(outcomes)):
        if outcomes[n] != outcomes[n - length]:
            return n
    return None


def observe_period(seq: Sequence[int], min_repeats: int = DEFAULT_MIN_REPEATS) -> Period | None:
    """The period the outcomes `seq` show, or None: an observation over `seq`, never a proof.

    Every pair (preperiod q, period p) is considered that holds over the whole of `seq`
    (`seq[i] == seq[i + p]` for every i >= q) and whose block is seen `min_repeats` times in full
    (`len(seq) - q >= min_repeats * p`); the one that explains the most wins: the smallest q + p,
    then the smallest p. So a run of equal outcomes at the very end (outcomes 0..20 of bones with
    take 1,3,4 end W W W W) does not pass for period 1 when period 7 from n = 0 explains them all.

    For each p the smallest q is found by comparing backwards from the end, which stops at the
    first mismatch; a p that is a multiple of a period f already seen to hold from s (with
    s + p <= len(seq)) is skipped, since it cannot hold from before s.
    """
    values = list(seq)
    length = len(values)
    best: Period | None = None
    held: list[tuple[int, int]] = []  # (q, p) seen to hold with enough repeats
    period = 0
    while True:
        period += 1
        if min_repeats * period > length or (
                best is not None and period >= best.preperiod + best.period):
            return best
        if any(period % p == 0 and q + period <= length for q, p in held):
            continue
        i = length - period - 1
        while i >= 0 and values[i] == values[i + period]:
            i -= 1
        start = i + 1
        if length - start < min_repeats * period:
            continue
        held.append((start, period))
        if best is None or start + period < best.preperiod + best.period:
            best = Period(start, period, checked_upto=length)


def describe_pattern(outcomes: Sequence[int], period: Period) -> Pattern:
    """`period` of `outcomes` (1 = the player to move wins) in words. A proven period is stated
    for every n: "for every n, the player to move loses exactly when n mod 4 = 0 (period 4 from
    n = 0, proven; see the proof)"; an observed one only over the outcomes it was seen in:
    "observed over n = 0..20, not proven: in n = 0..20, the player to move loses exactly when ..."
    """
    start, length = period.preperiod, period.period
    if len(outcomes) < start + length:
        raise ValueError(f"{len(outcomes)} outcomes do not cover period {length} from n = {start}")
    residues = tuple(sorted(n % length for n in range(start, start + length) if not outcomes[n]))
    early = tuple(n for n in range(start) if not outcomes[n])
    if not residues:
        rule = M_("the player to move always wins")
    elif len(residues) == length:
        rule = M_("the player to move always loses")
    elif len(residues) <= LISTED:
        rule = M_("the player to move loses exactly when n mod {period} = {residues}",
                  period=length, residues=_or_list(residues))
    else:
        rule = M_("the player to move loses exactly when n mod {period} is one of {count} "
                  "values: {residues}", period=length, count=Grouped(len(residues)),
                  residues=_or_list(residues))
    before: Words
    if start == 0:
        before = ""
    elif not early:
        before = M_("; below n = {start} they never lose", start=start)
    elif len(early) <= LISTED:
        before = M_("; below n = {start} they lose at n = {values}", start=start,
                    values=_or_list(early))
    else:
        before = M_("; below n = {start} they lose at n = {count} values of n: {values}",
                    start=start, count=Grouped(len(early)), values=_or_list(early))
    last = len(outcomes) - 1
    sentence = _sentence(rule, before, period, last)
    return Pattern(start, length, period.checked_upto, residues, early, sentence, period.proven,
                   None if period.proven else last)


#: The most numbers a pattern's sentence lists; `--json` has them all.
LISTED = 16


def _or_list(numbers: Sequence[int]) -> Value:
    """`0, 2 or 7`; past LISTED numbers the first few, `...` and the last (the sentence says how
    many there are)."""
    words = [Grouped(n) for n in numbers]
    if len(words) > LISTED:
        return M_("{numbers}, ..., {last} (--json lists them all)",
                  numbers=Joined(tuple(words[:LISTED - 2])), last=words[-1])
    if len(words) == 1:
        return words[0]
    return M_("{numbers} or {last}", numbers=Joined(tuple(words[:-1])), last=words[-1])
