"""A bounded transposition table with exact / lower / upper bound entries.

An entry is a plain tuple `(depth, flag, score, best_move, origin)`, cheap to build in the inner loop:
`depth` is the remaining depth it was searched to, `flag` one of EXACT / LOWER / UPPER, `score` is
relative to the node (win distances counted from it, so an entry is valid at any ply), `best_move`
was best in `origin`, the state it was searched from (a symmetric state shares the key but not the
move names).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

EXACT = 0
LOWER = 1  # the true score is at least entry score (a beta cutoff)
UPPER = 2  # the true score is at most entry score (all moves failed low)

Entry = tuple[int, int, float, Any, Any]

DEFAULT_SIZE = 2_000_000


class TranspositionTable:
    """A dict with a cap on entries: when full, new positions are not stored (old entries stay and
    are still updated), so memory never grows past the cap."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError(f"table size must be at least 1, got {size}")
        self.size = size
        self._entries: dict[Hashable, Entry] = {}
        self.get = self._entries.get
        self.dropped = 0

    def store(self, key: Hashable, entry: Entry) -> None:
        entries = self._entries
        if len(entries) < self.size or key in entries:
            entries[key] = entry
        else:
            self.dropped += 1

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()
