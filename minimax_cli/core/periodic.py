"""Eventually periodic sequences: finding a period in a finite prefix and reading any term from it.

Many game value sequences are *eventually periodic*: after a first stretch (the preperiod) they
repeat one block (the period) for ever. Outcomes of a subtraction game by heap size are the classic
example, and once the period is known the outcome at a heap of 10**18 costs one division.

A period *observed* in a finite prefix (`minimax_cli.services.series.observe_period`) is
evidence, not proof (a sequence can look periodic for a long while and then change).
`window_period` *proves* one for a sequence in which each term is a fixed function of the terms
just before it (the outcomes of a subtraction game: see `games.bones.solver`), and says so with
`proven=True`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: Full periods the periodic part must show before an observed period is believed.
DEFAULT_MIN_REPEATS = 3
#: `window_period` compares terms in blocks of this many when it looks for the preperiod.
COMPARE_BLOCK = 4096


@dataclass(frozen=True)
class Period:
    """`seq[i] == seq[i + period]` for every `i >= preperiod`.

    `checked_upto` is how many terms (`seq[0:checked_upto]`) the claim rests on. `proven` is True
    when the claim was proved for the whole infinite sequence, False when it was only seen to hold
    in those terms.
    """

    preperiod: int
    period: int
    checked_upto: int
    proven: bool = False

    def __post_init__(self) -> None:
        if self.preperiod < 0:
            raise ValueError(f"preperiod must be 0 or more, got {self.preperiod}")
        if self.period < 1:
            raise ValueError(f"period must be at least 1, got {self.period}")
        if self.checked_upto < 0:
            raise ValueError(f"checked_upto must be 0 or more, got {self.checked_upto}")


def window_period(seq: bytes | bytearray, length: int, window: int) -> Period | None:
    """The period of an infinite byte sequence proved from its first `length` terms `seq[:length]`,
    or None when they do not prove one yet: for a sequence in which every term from index `window`
    on is one fixed function of the `window` terms before it. Why the answer is a proof:

    1. Let W(a) be the window of terms a..a+window-1. The next term depends only on W(a), so
       W(a + 1) = F(W(a)) for one fixed F: if W(a) = W(b) with a < b, then W(a + k) = W(b + k)
       for every k, and the sequence repeats with period b - a from a on, for ever.
    2. The windows are the orbit of F: a tail of q windows seen once, then a cycle of p windows
       repeating for ever. W(i) = W(j) for i < j exactly when i >= q and p divides j - i.
    3. So the last window known, W(t) with t = length - window, occurs earlier exactly when
       t >= q + p; its first occurrence f is in the cycle, the next one is f + p, and q is the
       smallest i with W(i) = W(i + p), found by comparing terms j and j + p back from f (it lies
       after f - p, since f is the first occurrence). The terms repeat with period p from q, and
       with no smaller pair (each window is `window` terms and term m is the first of W(m)).

    `checked_upto` is q + p + window, the terms the proof compares. Time: linear in `length`
    (two substring searches of one window, and block comparisons)."""
    last = length - window
    if last < 1:
        return None
    pattern = bytes(seq[last:length])
    first = seq.find(pattern, 0, length)
    if first == last:
        return None  # the last window has not occurred before: no repeat yet
    period = seq.find(pattern, first + 1, length) - first
    # The preperiod q: one past the last j < first where terms j and j + period differ.
    low, high = max(0, first - period + 1), first
    start = low
    while high > low:
        begin = max(low, high - COMPARE_BLOCK)
        if seq[begin:high] != seq[begin + period:high + period]:
            j = high - 1
            while seq[j] == seq[j + period]:
                j -= 1
            start = j + 1
            break
        high = begin
    if seq[start:start + window] != seq[start + period:start + period + window]:
        raise RuntimeError(f"the windows at {start} and {start + period} differ: a bug")
    return Period(preperiod=start, period=period, checked_upto=start + period + window,
                  proven=True)


def value_at(seq: Sequence[int], period: Period, n: int) -> int:
    """The term `n` (any size, e.g. 10**18) of the infinite sequence that `seq` starts and
    `period` describes: `seq[n]` itself before the preperiod, otherwise the term at the same place
    in the first repeat of the block. `seq` must reach at least `preperiod + period` terms."""
    if n < 0:
        raise ValueError(f"the index must be 0 or more, got {n}")
    start, length = period.preperiod, period.period
    index = n if n < start else start + (n - start) % length
    if index >= len(seq):
        raise ValueError(
            f"the sequence has {len(seq)} terms, but the period needs at least "
            f"{period.preperiod + period.period} (preperiod {period.preperiod} + period "
            f"{period.period})"
        )
    return seq[index]
