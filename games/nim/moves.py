"""Nim's moves and its theory (Bouton's nim-sum). The moves are sequences computed on demand,
never built in full: a heap of 100,000 has 100,000 moves, and a search that stops at its first move
(a winning one) should pay for one, not all.

`NimMoves` is the natural order (heap by heap, smallest take first) and `OrderedNimMoves` the
search order (moves that leave the opponent lost by Bouton's theorem first, then larger takes
first, equal takes by heap). Both answer `len`, indexing, slicing, `in` and `index` by arithmetic
on the heap sizes, and iterate lazily. `leaves_lost` tells, in O(1) per move and without copying
the heaps, whether a move leaves the opponent lost.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import reduce
from itertools import accumulate, islice
from operator import xor
from typing import Any, overload

Heaps = tuple[int, ...]
#: (heap sizes, player to move)
NimState = tuple[Heaps, int]
#: (0-based heap index, amount taken)
NimMove = tuple[int, int]


# --- theory (Bouton) ----------------------------------------------------------------------------
def nim_sum(heaps: Iterable[int]) -> int:
    """The bitwise exclusive or of the heap sizes."""
    return reduce(xor, heaps, 0)


def mover_wins(heaps: Sequence[int], misere: bool = False) -> bool:
    """Bouton's theorem: whether the player to move wins with perfect play.

    Normal play: exactly when the nim-sum is not 0. Misère play: the same while some heap has 2 or
    more; when every heap has at most 1, exactly when the number of 1-heaps is even (nim-sum 0).
    """
    total = nim_sum(heaps)
    if misere and all(heap <= 1 for heap in heaps):
        return total == 0
    return total != 0


def leaves_lost(heaps: Heaps, misere: bool) -> Callable[[int, int], bool]:
    """A test of a move `(index, amount)`: True when the player to move after it loses with
    perfect play (Bouton's theorem). The nim-sum and the count of heaps of 2 or more are taken
    once, so each move costs O(1) instead of a copy of the heaps."""
    total = nim_sum(heaps)
    big = sum(1 for h in heaps if h >= 2)

    def lost(index: int, amount: int) -> bool:
        size = heaps[index]
        after = size - amount
        rest = total ^ size ^ after  # the nim-sum after the move
        if misere and big - (size >= 2) + (after >= 2) == 0:
            return rest != 0  # misère, every heap at most 1: an odd number of 1-heaps loses
        return rest == 0

    return lost


def winning_moves(heaps: Heaps, misere: bool) -> list[NimMove]:
    """The moves that leave the opponent lost, larger takes first, equal takes by heap. Only three
    sizes can be left in a heap by such a move: the nim-sum of the other heaps (nim-sum 0), or 0
    or 1 (misère play's endgame), so there are at most three per heap."""
    total = reduce(xor, heaps, 0)
    lost = leaves_lost(heaps, misere)
    found = {(index, size - after)
             for index, size in enumerate(heaps)
             for after in (total ^ size, 0, 1)
             if after < size and lost(index, size - after)}
    return sorted(found, key=lambda move: (-move[1], move[0]))


def _index(position: int, length: int) -> int:
    """A sequence index (negative counts from the end) checked against `length`."""
    if not isinstance(position, int):
        raise TypeError(f"move indices must be integers, not {type(position).__name__}")
    if position < 0:
        position += length
    if not 0 <= position < length:
        raise IndexError("move index out of range")
    return position


class _LazyMoves(Sequence[NimMove]):
    """What the two orders share: slicing by iteration, equality with any list of moves."""

    heaps: Heaps

    @overload
    def __getitem__(self, index: int) -> NimMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[NimMove]: ...

    def __getitem__(self, index: int | slice) -> NimMove | list[NimMove]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step == 1:  # one pass, never past `stop` (a search's trace slices the rest)
                return list(islice(iter(self), start, max(start, stop)))
            return [self.at(i) for i in range(start, stop, step)]
        return self.at(_index(index, len(self)))

    def at(self, position: int) -> NimMove:
        raise NotImplementedError

    def legal(self, move: Any) -> bool:
        """True when `move` is a legal move of these heaps."""
        if not (isinstance(move, tuple) and len(move) == 2):
            return False
        index, amount = move
        if not (isinstance(index, int) and isinstance(amount, int)):
            return False
        return 0 <= index < len(self.heaps) and 1 <= amount <= self.heaps[index]

    def __contains__(self, move: object) -> bool:
        return self.legal(move)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _LazyMoves | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are not hashable

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.heaps!r})"


class NimMoves(_LazyMoves):
    """Every legal move of `heaps` in the game's natural order: heap by heap, smallest take
    first, as `(0-based heap index, amount)`."""

    __slots__ = ("_ends", "heaps")

    def __init__(self, heaps: Heaps) -> None:
        self.heaps = heaps
        self._ends = list(accumulate(heaps))  # the moves of heaps 0..i

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def at(self, position: int) -> NimMove:
        heap = bisect_right(self._ends, position)
        before = self._ends[heap - 1] if heap else 0
        return (heap, position - before + 1)

    def __iter__(self) -> Iterator[NimMove]:
        for index, size in enumerate(self.heaps):
            for amount in range(1, size + 1):
                yield (index, amount)

    def index(self, move: Any, start: int = 0, stop: int | None = None) -> int:
        if self.legal(move):
            heap, amount = move
            position: int = (self._ends[heap - 1] if heap else 0) + amount - 1
            if start <= position and (stop is None or position < stop):
                return position
        raise ValueError(f"{move!r} is not among the moves")


class OrderedNimMoves(_LazyMoves):
    """The legal moves of `heaps` in search order: the winning moves (`winning_moves`) first,
    then the rest, larger takes first and equal takes by heap. The same order as sorting the
    natural order by (leaves the opponent winning, -amount), stably."""

    __slots__ = ("_skipped", "_total", "first", "heaps")

    def __init__(self, heaps: Heaps, misere: bool) -> None:
        self.heaps = heaps
        self.first = winning_moves(heaps, misere)
        self._total = sum(heaps)
        self._skipped: list[int] | None = None  # positions of `first` in the takes order

    def __len__(self) -> int:
        return self._total

    def __iter__(self) -> Iterator[NimMove]:
        yield from self.first
        skip = set(self.first)
        heaps = self.heaps
        by_size = sorted(range(len(heaps)), key=lambda i: -heaps[i])
        active: list[int] = []  # heaps of at least `amount`, in heap order
        joined = 0
        for amount in range(max(heaps, default=0), 0, -1):
            while joined < len(by_size) and heaps[by_size[joined]] >= amount:
                insort(active, by_size[joined])
                joined += 1
            for index in active:
                if (index, amount) not in skip:
                    yield (index, amount)

    # --- arithmetic on the takes order: every move by (-amount, heap) --------------------------
    def _above(self, amount: int) -> int:
        """How many moves take more than `amount`."""
        return sum(size - amount for size in self.heaps if size > amount)

    def _place(self, move: NimMove) -> int:
        """The position of a legal move in the takes order."""
        index, amount = move
        return self._above(amount) + sum(1 for size in self.heaps[:index] if size >= amount)

    def _nth(self, position: int) -> NimMove:
        """The move at `position` of the takes order."""
        low, high = 1, max(self.heaps)  # the smallest amount whose moves start at or before it
        while low < high:
            middle = (low + high) // 2
            if self._above(middle) <= position:
                high = middle
            else:
                low = middle + 1
        offset = position - self._above(low)
        for index, size in enumerate(self.heaps):
            if size >= low:
                if offset == 0:
                    return (index, low)
                offset -= 1
        raise AssertionError("a position inside the sequence has a move")  # pragma: no cover

    def _skipped_places(self) -> list[int]:
        if self._skipped is None:
            self._skipped = sorted(self._place(move) for move in self.first)
        return self._skipped

    def at(self, position: int) -> NimMove:
        if position < len(self.first):
            return self.first[position]
        position -= len(self.first)
        for place in self._skipped_places():  # the position-th move not among the first
            if place <= position:
                position += 1
            else:
                break
        return self._nth(position)

    def index(self, move: Any, start: int = 0, stop: int | None = None) -> int:
        if self.legal(move):
            if move in self.first:
                position = self.first.index(move)
            else:
                place = self._place(move)
                position = len(self.first) + place - bisect_right(self._skipped_places(), place)
            if start <= position and (stop is None or position < stop):
                return position
        raise ValueError(f"{move!r} is not among the moves")
