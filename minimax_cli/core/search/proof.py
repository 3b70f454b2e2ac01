"""The proof search: exact scores of positions in games with a proof kernel (`core/proof.py`).

The hot path of `minimax solve connect4`, so it is one small class; Connect Four runs it in C where
`pip install .` built its kernel (games/connect4/_native.c mirrors this class step for step: same
scores, same node counts), and as it is here otherwise. What it does is what the best exact
Connect Four solvers do, written once for any game with a kernel:

- alpha-beta in negamax form over the kernel's children, which leave out the moves that hand the
  opponent a win at once and come best first (the kernel's ordering: Connect Four's counts the
  threats a move creates, centre columns first among equals);
- the window clamped to what is still possible: with no win at once, the side to move wins at best
  with its next-but-one move, and after a move that loses nothing at once it loses at worst to
  the opponent's next-but-one move (`ProofScale`); a position two plies from the end is a draw;
- a transposition table of bounds (an upper bound when every move failed low, a lower bound at a
  cutoff), keyed by the kernel (Connect Four folds mirror images near the start): a fixed array of
  buckets of two slots, where a new position replaces the one of more plies (less work to redo)
  rather than the table being emptied when full; a small table that stays in the processor's
  cache is faster than a large one that does not (`BucketTable`);
- null windows narrowing the score by bisection, the first probes halfway towards the draw (most
  positions are close to it), so each search only answers "at least v?" (`solve`).

Contract of `node(state, n, alpha, beta)`, for a state at ply n whose side to move cannot win at
once: the score v if alpha < v < beta; an upper bound <= alpha when v <= alpha; a lower bound
>= beta when v >= beta.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from minimax_cli.core.proof import ProofKernel

#: Table entries at or above this hold a lower bound (entry - LOWER_BOUND), below it an upper bound.
LOWER_BOUND = 1000
#: The fewest slots of a table (a power of two, as every table's size).
MIN_SLOTS = 1024
#: The slots an empty table starts with (at most its cap): a short proof stays in a small table.
START_SLOTS = 4096
#: Fibonacci hashing: a key's bucket is the top bits of key * GOLDEN (mod 2**64).
GOLDEN = 0x9E3779B97F4A7C15
MASK64 = (1 << 64) - 1
#: Nodes between two calls of the budget check at most (the clock is read there; a node budget
#: is checked at its exact node too: the check says when it is next called).
CHECK_EVERY = 4096


def _no_check(nodes: int) -> int:
    return nodes + CHECK_EVERY


def table_slots(max_entries: int) -> int:
    """The slots of a table capped at `max_entries`: the largest power of two within it (at least
    MIN_SLOTS)."""
    slots = MIN_SLOTS
    while slots * 2 <= max_entries:
        slots *= 2
    return slots


class BucketTable:
    """The proof search's table: slots (a power of two) in buckets of two. A key's bucket is the
    top bits of key * GOLDEN; in it, the slot holding the key, else an empty one, else the one of
    more plies (the entry that saves less work) takes a new key. An empty table has START_SLOTS
    (at most `max_slots`) and doubles whenever a new key would fill more than half of it, until
    `max_slots`: a short proof stays in a small table, which the processor's cache holds. A
    doubling moves each entry of bucket b to bucket 2b or 2b + 1, in slot order, so none is lost.
    The C kernel's table is the same, slot for slot."""

    def __init__(self, max_slots: int) -> None:
        self.max_slots = max_slots
        self.count = 0
        self._allocate(min(START_SLOTS, max_slots))

    def _allocate(self, slots: int) -> None:
        self.slots = slots
        self.shift = 64 - (slots.bit_length() - 1)
        self.keys: list[int | None] = [None] * slots
        self.values = [0] * slots
        self.plies = [0] * slots

    def __len__(self) -> int:
        return self.count

    def clear(self) -> None:
        self.count = 0
        self._allocate(min(START_SLOTS, self.max_slots))

    def entry(self, key: int) -> int | None:
        """The entry of `key`, None when the table has none (the probe: no slot is chosen)."""
        first = (((key * GOLDEN) & MASK64) >> self.shift) & ~1
        keys = self.keys
        if keys[first] == key:
            return self.values[first]
        if keys[first + 1] == key:
            return self.values[first + 1]
        return None

    def slot(self, key: int) -> int:
        """The slot of `key`: the one holding it, else where it would go."""
        first = (((key * GOLDEN) & MASK64) >> self.shift) & ~1
        keys = self.keys
        held, other = keys[first], keys[first + 1]
        if held == key:
            return first
        if other == key:
            return first + 1
        if held is None:
            return first
        if other is None:
            return first + 1
        return first if self.plies[first] >= self.plies[first + 1] else first + 1

    def store(self, key: int, value: int, plies: int) -> None:
        slot = self.slot(key)
        if self.keys[slot] != key and self.slots < self.max_slots \
                and (self.count + 1) * 2 > self.slots:
            self._grow()
            slot = self.slot(key)
        if self.keys[slot] is None:
            self.count += 1
        self.keys[slot] = key
        self.values[slot] = value
        self.plies[slot] = plies

    def _grow(self) -> None:
        keys, values, plies = self.keys, self.values, self.plies
        self._allocate(self.slots * 2)
        for index, key in enumerate(keys):
            if key is not None:
                slot = self.slot(key)
                self.keys[slot] = key
                self.values[slot] = values[index]
                self.plies[slot] = plies[index]


class ProofSearch:
    """Exact scores with a transposition table that lives as long as the object: positions of one
    game share it (scores are absolute, so entries stay true from one root to the next).

    `max_entries` caps the table (a `BucketTable` of at most `table_slots(max_entries)` slots);
    `check(n)` is called before node number n is visited whenever n reaches `check_at` (first
    CHECK_EVERY, or what its owner sets): it may raise to stop the search (a budget), and returns
    the next `check_at`. A compare a node is all it costs, so a node budget is exact: its owner
    sets `check_at` to the node past the budget, and no node past it is visited or counted."""

    def __init__(self, kernel: ProofKernel, max_entries: int,
                 check: Callable[[int], int] | None = None) -> None:
        self.kernel = kernel
        self.max_entries = max_entries
        self.table = BucketTable(table_slots(max_entries))
        self.max_plies = kernel.max_plies
        self.check: Callable[[int], int] = check if check is not None else _no_check
        self.nodes = 0
        self.probes = 0
        self.hits = 0
        self.check_at = CHECK_EVERY

    def clear(self) -> None:
        """Empty the table (the checkpoints are the budget's: `check_at`)."""
        self.table.clear()

    def count(self) -> None:
        """Count a node visited, once the budget allows it."""
        nodes = self.nodes + 1
        if nodes >= self.check_at:
            self.check_at = self.check(nodes)
        self.nodes = nodes

    def node(self, state: Any, n: int, alpha: int, beta: int) -> int:
        nodes = self.nodes + 1  # count() inlined: the hot path
        if nodes >= self.check_at:
            self.check_at = self.check(nodes)
        self.nodes = nodes
        last = self.max_plies
        children = self.kernel.expand(state, n)
        if children is None:  # every move lets the opponent win at once
            return -((last - n) // 2)
        if n >= last - 2:  # no win at once for either side, and too few plies left for another
            return 0
        low = -((last - 2 - n) // 2)  # a loss to the opponent's next-but-one move at worst
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        high = (last - 1 - n) // 2  # a win with the next-but-one move at best
        key = self.kernel.key(state, n)
        table = self.table
        self.probes += 1
        entry = table.entry(key)
        if entry is not None:
            self.hits += 1
            if entry >= LOWER_BOUND // 2:
                bound = entry - LOWER_BOUND
                if alpha < bound:
                    alpha = bound
                    if alpha >= beta:
                        return alpha
            elif entry < high:
                high = entry
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        after = n + 1
        for child in children:
            score = -self.node(child, after, -beta, -alpha)
            if score >= beta:
                table.store(key, score + LOWER_BOUND, n)
                return score
            if score > alpha:
                alpha = score
        table.store(key, alpha, n)
        return alpha

    def solve(self, state: Any, n: int, weak: bool) -> int:
        """The score of `state` at ply n (not finished); with `weak`, only its sign is exact: 1 for
        a win, 0 a draw, -1 a loss."""
        last = self.max_plies
        if self.kernel.wins_now(state):
            self.count()  # a position answered by its win at once counts as visited
            return 1 if weak else (last + 1 - n) // 2
        low = -((last - n) // 2)
        high = (last + 1 - n) // 2
        if weak:
            low = max(low, -1)
            high = min(high, 1)
        while low < high:
            probe = low + (high - low) // 2
            # Probe halfway towards the draw first: most scores lie near it.
            if probe <= 0 and int(low / 2) < probe:
                probe = int(low / 2)
            elif probe >= 0 and high // 2 > probe:
                probe = high // 2
            found = self.node(state, n, probe, probe + 1)
            if found <= probe:
                high = found
            else:
                low = found
        if weak:  # a fail-soft bound may lie beyond -1..1: only its side counts
            return -1 if high <= -1 else 1 if low >= 1 else 0
        return low

    def at_least(self, state: Any, n: int, value: int) -> bool:
        """Whether the score of `state` (not finished) is at least `value`: one null window."""
        last = self.max_plies
        if self.kernel.wins_now(state):
            self.count()
            return (last + 1 - n) // 2 >= value
        return self.node(state, n, value - 1, value) >= value


__all__ = ["CHECK_EVERY", "GOLDEN", "LOWER_BOUND", "MIN_SLOTS", "START_SLOTS", "BucketTable",
           "ProofSearch", "table_slots"]
