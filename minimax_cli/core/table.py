"""The transposition table: a memory budget, two-slot buckets, one packed integer per entry.

Slots are indexed by the hash of a position's key. Each bucket has two slots: the first keeps the
deepest entry (a proven entry counts as deepest of all), the second always takes the newest one, so
deep work survives and new positions are still stored. A bucket fills its first slot first, so an
empty first slot means an empty bucket. An entry is one Python int:

    bits 0-63    the key check: 64 bits of the key's hash, instead of the key itself
    bits 64-93   the info, 30 bits (one machine digit of a Python int, so reading it is cheap):
                   0-1    bound kind: EXACT, LOWER or UPPER
                   2      proven: no heuristic took part in the score
                   3      the score is not a whole number; it is kept in the side dict `extra`
                   4-11   remaining depth searched, up to 254 (DEPTH_END for proven entries,
                          which are valid at any depth; deeper heuristic searches count as 254)
                   12-21  1 + the index of the best move in the game's ordered move list (0: none)
    bits 94-     the score, signed, of any size

The key check makes a false match need two keys with equal 64-bit hashes (integer keys below 2**61,
such as bitboards, never collide). The move index is only an ordering hint, checked against the
number of moves: states that share a key by symmetry may read each other's index and try a
different first move (measured: 63,207 nodes instead of 63,209 for 4x4 k=4 when the state was
checked too, which cost a hash per node).

The slots are a dict from slot index to entry, filled as entries are stored (an empty slot is a
missing key): the list of every slot that the table used to allocate up front cost 2.1 GB and
seconds at `--table-mb 16384`, outside the search's time budget, and at the default 64 MB more than
a small analysis itself (allocating and collecting a million empty slots). The indexing, the
buckets and the replacement are the list's, so searches visit the same nodes; the dict holds at
most `capacity` entries. The engine reads a slot with the dict's `get`, which measured as fast as
the list's indexing there (a two-level list of pages, allocated as written, measured 4% slower).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final

from minimax_cli.core.memory import DEFAULT_MB, MAX_MB, MEGABYTE, MIN_MB, TABLE_ENTRY_BYTES
from minimax_cli.core.record import Record
from minimax_cli.core.score import WIN_BAND

EXACT = 0
LOWER = 1  # the true score is at least the entry's (a beta cutoff)
UPPER = 2  # the true score is at most the entry's (every move failed low)

MASK64 = (1 << 64) - 1
INFO_SHIFT = 64
INFO_MASK = (1 << 30) - 1
SCORE_SHIFT = 94
# Within the info:
PROVEN = 4
EXTERNAL = 8
DEPTH_SHIFT = 4
DEPTH_MASK = 0xFF
DEPTH_END = 0xFF  # "searched to the end": the depth of every proven entry
MOVE_SHIFT = 12
MOVE_MASK = 0x3FF
#: Moves from this index on are not remembered (the index + 1 must fit its 10 bits).
MAX_MOVE_INDEX = MOVE_MASK - 1
_PROVEN_END = PROVEN | DEPTH_END << DEPTH_SHIFT
_DEPTH_AT = INFO_SHIFT + DEPTH_SHIFT



class Entry(Record):
    """An unpacked entry (for tests and reports; the engine reads the packed int itself).
    A value (core.record), not a dataclass, for start-up time."""

    __slots__ = ("depth", "flag", "move_index", "proven", "score")
    fields = ("flag", "proven", "depth", "move_index", "score")

    def __init__(self, flag: int, proven: bool, depth: int, move_index: int | None,
                 score: Any) -> None:
        self.flag: Final = flag
        self.proven: Final = proven
        self.depth: Final = depth
        self.move_index: Final = move_index
        self.score: Final = score


def pack_info(flag: int, proven: bool, depth: int, move_index: int, external: bool) -> int:
    """The 30-bit info of an entry (see the module docstring)."""
    if proven:
        info = flag | _PROVEN_END
    else:
        info = flag | (DEPTH_END - 1 if depth >= DEPTH_END else 0 if depth < 0 else depth
                       ) << DEPTH_SHIFT
    if 0 <= move_index < MAX_MOVE_INDEX:
        info |= (move_index + 1) << MOVE_SHIFT
    return info | EXTERNAL if external else info


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
        while slots * 2 * TABLE_ENTRY_BYTES <= megabytes * MEGABYTE:
            slots *= 2
        self.megabytes = megabytes
        #: The stored entries by slot (see the module docstring); at most `capacity` of them.
        self.slots: dict[int, int] = {}
        self._capacity = slots
        self.mask = slots // 2 - 1  # bucket index mask
        #: Scores that are not whole numbers, by slot (their entries have EXTERNAL set).
        self.extra: dict[int, Any] = {}
        self.context: Hashable = None

    @property
    def capacity(self) -> int:
        """How many slots the budget gives: the most entries the table holds."""
        return self._capacity

    def slot_list(self) -> list[int | None]:
        """Every slot's entry or None, in slot order (for tests and reports: it builds the list)."""
        entries: list[int | None] = [None] * self._capacity
        for slot, entry in self.slots.items():
            entries[slot] = entry
        return entries

    def __len__(self) -> int:
        return len(self.slots)

    def clear(self) -> None:
        # In place: searches hold on to the dict.
        self.slots.clear()
        self.extra.clear()

    def use_for(self, context: Hashable) -> None:
        """Empty the table unless it was last used in the same `context`."""
        if context != self.context:
            if self.context is not None:
                self.clear()
            self.context = context

    def store(self, key_hash: int, flag: int, proven: bool, depth: int, move_index: int,
              score: Any) -> None:
        """Store an entry (see `put`). `move_index` is -1 for no move; depths below 0 count as
        0, proven entries are stored with DEPTH_END."""
        external = score.__class__ is not int
        info = pack_info(flag, proven, depth, move_index, external)
        slot = self.put(key_hash, ((info if external else score << 30 | info) << INFO_SHIFT)
                        | (key_hash & MASK64))
        if external:
            self.extra[slot] = score

    def put(self, key_hash: int, entry: int) -> int:
        """Place a packed entry; the slot it went to. The depth-preferred slot takes it when it is
        at least as deep as what is there (which moves to the other slot), else the always-replace
        slot does. (The engine packs entries with whole-number scores itself and calls this.)"""
        i = (key_hash & self.mask) << 1
        slots = self.slots
        old = slots.get(i)
        if old is not None:
            if (entry >> _DEPTH_AT) & DEPTH_MASK < (old >> _DEPTH_AT) & DEPTH_MASK:
                i += 1  # shallower than what is kept: the always-replace slot takes it
            elif (old ^ key_hash) & MASK64:  # another position: it moves to the other slot
                slots[i + 1] = old
                if self.extra:
                    self._move_extra(i, i + 1)
        slots[i] = entry
        if self.extra:
            self.extra.pop(i, None)
        return i

    def storer(self, win_loss: bool) -> Callable[[int, int, int, bool, int, int, int, Any], None]:
        """The store as the engine's node routine calls it, one closure over the slots: wins and
        losses made relative to the root's ply (so an entry is true wherever the position is
        met), whole-number scores packed and placed here as `store` and `put` do
        (tests/core/test_table.py holds the engine's entries to theirs), other scores through
        `store`."""
        slots, extra, put, store = self.slots, self.extra, self.put, self.store
        get = slots.get  # an empty slot is a missing key

        def keep(h: int, base: int, flag: int, proven: bool, depth: int, ply: int, original: int,
                 best: Any) -> None:
            stored = best
            if win_loss:
                if best >= WIN_BAND:
                    stored = best + ply
                elif best <= -WIN_BAND:
                    stored = best - ply
            if stored.__class__ is not int:
                store(h, flag, proven, depth, original, stored)
                return
            kept = DEPTH_END if proven else depth if depth < DEPTH_END else DEPTH_END - 1
            info = flag | (PROVEN if proven else 0) | kept << DEPTH_SHIFT
            if original < MAX_MOVE_INDEX:
                info |= (original + 1) << MOVE_SHIFT
            entry = ((stored << 30 | info) << INFO_SHIFT) | (h & MASK64)
            old = get(base)
            if extra:  # scores kept aside move with their entries: the table places it
                put(h, entry)
            elif old is None:
                slots[base] = entry
            elif kept < (old >> _DEPTH_AT) & DEPTH_MASK:
                slots[base + 1] = entry
            else:
                if (old ^ h) & MASK64:
                    slots[base + 1] = old
                slots[base] = entry

        return keep

    def _move_extra(self, source: int, target: int) -> None:
        if source in self.extra:
            self.extra[target] = self.extra.pop(source)
        else:
            self.extra.pop(target, None)

    def score_at(self, slot: int) -> Any:
        """The score of the entry in `slot`."""
        entry = self.slots[slot]
        assert entry is not None
        if (entry >> INFO_SHIFT) & EXTERNAL:
            return self.extra[slot]
        return entry >> SCORE_SHIFT

    def probe(self, key_hash: int) -> Entry | None:
        """The entry stored for a key hash, unpacked (the engine inlines this)."""
        i = (key_hash & self.mask) << 1
        for slot in (i, i + 1):
            e = self.slots.get(slot)
            if e is not None and not (e ^ key_hash) & MASK64:
                info = (e >> INFO_SHIFT) & INFO_MASK
                move = (info >> MOVE_SHIFT) & MOVE_MASK
                return Entry(info & 3, bool(info & PROVEN), (info >> DEPTH_SHIFT) & DEPTH_MASK,
                             move - 1 if move else None, self.score_at(slot))
        return None


__all__ = ["DEPTH_END", "EXACT", "LOWER", "UPPER", "Entry",
           "TranspositionTable", "pack_info"]
