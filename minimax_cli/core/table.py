"""The transposition table: a memory budget, two-slot buckets, one packed integer per entry.

Slots are indexed by the hash of a position's key. Each bucket has two slots: the first keeps the
deepest entry (a proven entry counts as deepest of all), the second always takes the newest one, so
deep work survives and new positions are still stored. An entry is one Python int:

    bits 0-1    bound kind: EXACT, LOWER or UPPER
    bit  2      proven: no heuristic took part in the score
    bits 3-18   remaining depth searched (DEPTH_END for proven entries: valid at any depth)
    bits 19-34  1 + the index of the best move in the game's ordered move list (0: none)
    bits 35-50  16 bits of the hash of the state the move index belongs to (symmetric games share
                a key between states whose move lists differ)
    bits 51-114 the key check: 64 bits of the key's hash, instead of the key itself
    bits 115-   the score, signed, of any size

Scores that are not whole numbers are kept as a pair `(packed entry without score, score)`. The
key check makes a false match need two keys with equal 64-bit hashes (integer keys below 2**61,
such as bitboards, never collide); a false move index only costs ordering, since it is checked.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

EXACT = 0
LOWER = 1  # the true score is at least the entry's (a beta cutoff)
UPPER = 2  # the true score is at most the entry's (every move failed low)

PROVEN = 4
DEPTH_SHIFT = 3
DEPTH_END = 0xFFFF  # "searched to the end": the depth of every proven entry
MOVE_SHIFT = 19
ORIGIN_SHIFT = 35
LOCK_SHIFT = 51
SCORE_SHIFT = 115
MASK16 = 0xFFFF
MASK64 = (1 << 64) - 1
INFO_MASK = (1 << SCORE_SHIFT) - 1
#: Moves beyond this index are not remembered (the index must fit its 16 bits).
MAX_MOVE_INDEX = MASK16 - 1

#: Memory of one stored entry, in bytes: the slot's pointer and a 5-digit Python int (measured by
#: scripts/bench.py with tracemalloc). The budget sizes the table with it.
ENTRY_BYTES = 56
DEFAULT_MB = 64.0
MIN_MB = 0.01
MAX_MB = 16_384.0


@dataclass(frozen=True)
class Entry:
    """An unpacked entry (for tests and reports; the engine reads the packed int itself)."""

    flag: int
    proven: bool
    depth: int
    move_index: int | None
    origin: int
    score: Any


class TranspositionTable:
    """Slots for `megabytes` of entries (a power of two, two per bucket).

    `context` is set by the search that uses the table: a search with another game, evaluation or
    key rule empties it first, since its heuristic entries would mean something else.
    """

    def __init__(self, megabytes: float = DEFAULT_MB) -> None:
        if not MIN_MB <= megabytes <= MAX_MB:
            raise ValueError(f"the table size must be from {MIN_MB} to {MAX_MB:,.0f} MB, "
                             f"got {megabytes}")
        slots = 2
        while slots * 2 * ENTRY_BYTES <= megabytes * 2**20:
            slots *= 2
        self.megabytes = megabytes
        self.slots: list[Any] = [None] * slots
        self.mask = slots // 2 - 1  # bucket index mask
        self.context: Hashable = None

    @property
    def capacity(self) -> int:
        return len(self.slots)

    def __len__(self) -> int:
        return sum(1 for e in self.slots if e is not None)

    def clear(self) -> None:
        self.slots = [None] * len(self.slots)

    def use_for(self, context: Hashable) -> None:
        """Empty the table unless it was last used in the same `context`."""
        if context != self.context:
            if self.context is not None:
                self.clear()
            self.context = context

    def store(self, key_hash: int, flag: int, proven: bool, depth: int, move_index: int,
              origin: int, score: Any) -> None:
        """Store an entry: the depth-preferred slot takes it when it is at least as deep as what is
        there (the old entry moves to the other slot), else the always-replace slot does."""
        if proven:
            depth = DEPTH_END
        elif depth >= DEPTH_END:
            depth = DEPTH_END - 1
        elif depth < 0:
            depth = 0
        info = (flag | (PROVEN if proven else 0) | depth << DEPTH_SHIFT
                | (move_index + 1 if 0 <= move_index <= MAX_MOVE_INDEX else 0) << MOVE_SHIFT
                | (origin & MASK16) << ORIGIN_SHIFT | (key_hash & MASK64) << LOCK_SHIFT)
        entry = score << SCORE_SHIFT | info if score.__class__ is int else (info, score)
        i = (key_hash & self.mask) << 1
        slots = self.slots
        old = slots[i]
        if old is None:
            slots[i] = entry
            return
        old_info = old if old.__class__ is int else old[0]
        if depth >= (old_info >> DEPTH_SHIFT) & MASK16:
            if (old_info ^ info) >> LOCK_SHIFT & MASK64:  # another position: keep it one more turn
                slots[i + 1] = old
            slots[i] = entry
        else:
            slots[i + 1] = entry

    def probe(self, key_hash: int) -> Entry | None:
        """The entry stored for a key hash, unpacked (the engine inlines this)."""
        lock = key_hash & MASK64
        i = (key_hash & self.mask) << 1
        for e in (self.slots[i], self.slots[i + 1]):
            if e is None:
                continue
            info, score = (e, e >> SCORE_SHIFT) if e.__class__ is int else e
            if info >> LOCK_SHIFT & MASK64 == lock:
                move = (info >> MOVE_SHIFT) & MASK16
                return Entry(info & 3, bool(info & PROVEN), (info >> DEPTH_SHIFT) & MASK16,
                             move - 1 if move else None, (info >> ORIGIN_SHIFT) & MASK16, score)
        return None


__all__ = ["DEFAULT_MB", "DEPTH_END", "ENTRY_BYTES", "EXACT", "LOWER", "UPPER", "Entry",
           "TranspositionTable"]
