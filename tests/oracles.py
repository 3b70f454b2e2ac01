"""Independent references for the tests, written from the rules alone (never from the code tested)."""

from __future__ import annotations

import functools


def bones_outcomes(take: tuple[int, ...], misere: bool, upto: int) -> list[bool]:
    """Whether the player to move wins bones at each heap 0..upto, from the definition: a player with
    no move loses (normal play) or wins (misère); otherwise wins iff some move leaves the opponent a
    losing heap."""

    @functools.cache
    def wins(heap: int) -> bool:
        moves = [amount for amount in take if amount <= heap]
        if not moves:
            return misere
        return any(not wins(heap - amount) for amount in moves)

    return [wins(heap) for heap in range(upto + 1)]  # ascending, so the recursion stays shallow
