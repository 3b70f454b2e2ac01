"""The sweep that settles bones heaps bottom-up (games.bones.solver uses it): it marks forward from
each losing heap instead of looking back from every heap, so its cost grows with the losing heaps,
not with heaps x amounts; and the proof of the period the settled outcomes show."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from minimax_cli.core.memory import MEGABYTE
from minimax_cli.core.periodic import COMPARE_BLOCK, Period, window_period
from minimax_cli.core.solver import Progress

#: The proof looks for a period after every heap up to this many, then as the heaps double.
EXACT_CHECKS_UPTO = 1024
PROGRESS_EVERY = 1 << 16  # heaps settled between two calls of the progress callback
PLAN_STEPS = 16  # steps tried when the amounts are split into progressions for marking
_ZEROS = bytes(MEGABYTE)


# --- the sweep -----------------------------------------------------------------------------------
#: Single amounts, and progressions (first, end, step, ones) marked by one slice assignment each.
Plan = tuple[tuple[int, ...], tuple[tuple[int, int, int, bytes], ...]]


def marking_plan(take: Sequence[int]) -> Plan:
    """The amounts as few arithmetic progressions as one of the steps 1..PLAN_STEPS (or the gcd
    of their differences) gives: 1..1000 is one progression, the odd amounts up to 1999 another."""
    members = set(take)
    best = [(amount, amount, 1) for amount in take]  # one piece per amount
    for step in {*range(1, PLAN_STEPS + 1), math.gcd(*(a - take[0] for a in take)) or 1}:
        pieces: list[tuple[int, int, int]] = []
        used: set[int] = set()
        for first in take:
            if first in used:
                continue
            last = first
            while last + step in members and last + step not in used:
                last += step
            used.update(range(first, last + 1, step))
            pieces.append((first, last, step))
        if len(pieces) < len(best):
            best = pieces
    singles = tuple(first for first, last, _ in best if first == last)
    runs = tuple((first, last + 1, step, b"\x01" * ((last - first) // step + 1))
                 for first, last, step in best if first != last)
    return singles, runs


class OverBudget(Exception):
    """The sweep would need a table larger than its memory budget: `settled` heaps fit."""

    def __init__(self, settled: int) -> None:
        super().__init__(f"only {settled} heaps fit")
        self.settled = settled


def sweep(take: Sequence[int], misere: bool, stop: int, *, first_check: int | None = None,
          exact_checks: bool = False, check_last: bool = False, max_bytes: int | None = None,
          progress: Progress | None = None) -> tuple[bytearray, Period | None]:
    """Settle heaps 0..stop-1 bottom-up (1 = the player to move wins) unless a period is proven
    first: -> the table of exactly the heaps settled, and the period or None.

    A heap nothing has marked when the sweep reaches it is lost for the player to move, and every
    heap one allowed take above it is marked won. `bytearray.find` skips to the next unmarked
    heap, so the Python work is per lost heap times the progressions of `marking_plan`; the rest
    runs in C. The table takes n + max(take) bytes (marks run ahead of the sweep).

    Periods are looked for (`window_period`; `subtraction_period` says why it applies) when
    `first_check` heaps are settled, after every heap up to EXACT_CHECKS_UPTO if `exact_checks`,
    then each time the heaps double; at `stop` if `check_last`; and where the budget stops the
    sweep. OverBudget when the table for `stop` heaps would not fit `max_bytes` and no period was
    proven in the heaps that do (before any work when no period is looked for)."""
    if stop < 1:
        raise ValueError(f"the sweep needs at least 1 heap, got {stop}")
    s_max = take[-1]
    cap = stop if max_bytes is None else min(stop, max_bytes - 2 * s_max - 2 * COMPARE_BLOCK)
    if cap < stop and (first_check is None or cap < 1):
        raise OverBudget(max(cap, 0))
    plan = marking_plan(take)
    table = bytearray()
    done = 0
    for point in _check_points(first_check, exact_checks, cap):
        done = _settle(table, take, misere, plan, done, point, cap, progress)
        period = window_period(table, done, s_max)
        if period is not None:
            del table[done:]
            return table, period
    done = _settle(table, take, misere, plan, done, cap, cap, progress)
    del table[done:]  # the marks ahead of the sweep are not outcomes
    if cap < stop or check_last:
        period = window_period(table, done, s_max)
        if period is None and cap < stop:
            raise OverBudget(cap)
        return table, period
    return table, None


def _check_points(first: int | None, exact: bool, cap: int) -> Iterator[int]:
    """Where the sweep looks for a period, in increasing order, all below `cap`."""
    if first is None:
        return
    point = first
    while exact and point <= EXACT_CHECKS_UPTO and point < cap:
        yield point
        point += 1
    point = max(point, first)
    while point < cap:
        yield point
        point *= 2


def _settle(table: bytearray, take: Sequence[int], misere: bool, plan: Plan, start: int,
            stop: int, total: int, progress: Progress | None) -> int:
    """Settle heaps start..stop-1 (those before are settled and their marks made); -> stop.
    `total` is the most heaps this sweep settles: the table grows by doubling up to it."""
    s_max = take[-1]
    if len(table) < stop + s_max:  # room for the marks ahead: they reach max(take) further
        size = max(stop + s_max, min(2 * len(table), total + s_max))
        while len(table) < size:  # a bounded piece at a time: no second copy of the table
            table += _ZEROS[:size - len(table)]
    if start < take[0] and misere:  # no move: under misère play the mover wins, and marks nothing
        end = min(take[0], stop)
        table[start:end] = b"\x01" * (end - start)
    singles, runs = plan
    find = table.find
    while start < stop:
        end = min(stop, start + PROGRESS_EVERY)
        heap = find(0, start, end)
        while heap >= 0:  # a lost heap: every heap one take above it is won
            for amount in singles:
                table[heap + amount] = 1
            for first, last, step, ones in runs:
                table[heap + first:heap + last:step] = ones
            heap = find(0, heap + 1, end)
        start = end
        if progress is not None and (end % PROGRESS_EVERY == 0 or end == total):
            progress(end, total)
    return stop


# --- module-level conveniences ------------------------------------------------------------------
def outcome_table(take: Sequence[int], misere: bool, upto: int,
                  progress: Progress | None = None) -> bytearray:
    """For every heap 0..upto, 1 when the player to move wins and 0 when that player loses. The
    table is the same for either player to move (the game is impartial); for a state `(heap,
    mover)` MAX wins when `table[heap] == (mover == MAX)`. `progress`, when given, is called with
    (heaps settled, upto + 1) every PROGRESS_EVERY heaps and at the end."""
    if upto < 0:
        raise ValueError(f"upto must be 0 or more, got {upto}")
    return sweep(tuple(sorted(set(take))), misere, upto + 1, progress=progress)[0]


__all__ = ["EXACT_CHECKS_UPTO", "OverBudget", "marking_plan", "outcome_table",
           "sweep"]
