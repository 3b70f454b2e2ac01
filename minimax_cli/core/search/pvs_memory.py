"""What one `pvs` search leaves for the next search of the same game: its transposition table
and its history of quiet moves that cut off.

A front end that searches one position after another of the same game (`minimax uci`, move after
move) keeps one PvsMemory and hands it to every search (SearchOptions.memory). The positions
after the two moves just played were mostly searched already, a ply or two deeper than they
will be reached now, so the next search finds their scores and best moves in the table instead
of searching them again. Table entries are keyed by the whole position (the board's key) and
carry their own depth, so an entry is as sound in the next search as in the one that stored it.
Killers are per ply from the root, and the root moves on, so they are not kept.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

#: A table slot: (key, depth, flag, score relative to the node, best move).
Entry = tuple[int, int, int, int, Any]


class PvsMemory:
    """A table and a history, empty until a search fills them; `mask` is the table's slot mask
    (a search with another table size starts a fresh table)."""

    def __init__(self) -> None:
        self.table: dict[int, Entry] | None = None
        self.mask = -1
        self.history: dict[Hashable, int] = {}

    def table_for(self, mask: int) -> dict[int, Entry]:
        """The kept table when it has `mask`'s size, else a fresh one, kept from now on."""
        if self.table is None or self.mask != mask:
            self.table, self.mask = {}, mask
        return self.table

    def aged_history(self) -> dict[Hashable, int]:
        """The kept history, each count halved: what cut off in the last search counts, but
        less than what cuts off in this one."""
        history = self.history
        for move in list(history):
            value = history[move] // 2
            if value:
                history[move] = value
            else:
                del history[move]
        return history


__all__ = ["Entry", "PvsMemory"]
