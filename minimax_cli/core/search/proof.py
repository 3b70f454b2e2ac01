"""The proof search: exact scores of positions in games with a proof kernel (`core/proof.py`).

The hot path of `minimax solve connect4`, so it is one small class; Connect Four runs it in C where
`pip install .` built its kernel (games/_connect4_native.c mirrors this class step for step: same
scores, same node counts), and as it is here otherwise. What it does is what the best exact
Connect Four solvers do, written once for any game with a kernel:

- alpha-beta in negamax form over the kernel's children, which leave out the moves that hand the
  opponent a win at once and come best first (the kernel's ordering: Connect Four's counts the
  threats a move creates, centre columns first among equals);
- the window clamped to what is still possible: with no win at once, the side to move wins at best
  with its next-but-one move, and after a move that loses nothing at once it loses at worst to
  the opponent's next-but-one move (`ProofScale`); a position two plies from the end is a draw;
- a transposition table of bounds (an upper bound when every move failed low, a lower bound at a
  cutoff), keyed by the kernel (Connect Four folds mirror images near the start);
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
#: Nodes between two calls of the budget check (the clock is read there).
CHECK_EVERY = 4096


def _no_check(nodes: int) -> None:
    return None


class ProofSearch:
    """Exact scores with a transposition table that lives as long as the object: positions of one
    game share it (scores are absolute, so entries stay true from one root to the next).

    `max_entries` caps the table (it is emptied when full, counted in `resets`); `check(nodes)` is
    called every CHECK_EVERY nodes and may raise to stop the search (a budget)."""

    def __init__(self, kernel: ProofKernel, max_entries: int,
                 check: Callable[[int], None] | None = None) -> None:
        self.kernel = kernel
        self.table: dict[int, int] = {}
        self.max_entries = max_entries
        self.max_plies = kernel.max_plies
        self.check: Callable[[int], None] = check if check is not None else _no_check
        self.nodes = 0
        self.probes = 0
        self.hits = 0
        self.resets = 0
        self.check_at = CHECK_EVERY

    def clear(self) -> None:
        """Empty the table and restart the checkpoints' count from here, so that the next proof
        empties a full table at the same nodes whatever was proven before (a batch line's node
        count is its own)."""
        self.table.clear()
        self.check_at = self.nodes + CHECK_EVERY

    def _checkpoint(self) -> None:
        self.check_at = self.nodes + CHECK_EVERY
        if len(self.table) >= self.max_entries:
            self.table.clear()
            self.resets += 1
        self.check(self.nodes)

    def node(self, state: Any, n: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes >= self.check_at:
            self._checkpoint()
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
        if key in table:
            self.hits += 1
            entry = table[key]
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
                table[key] = score + LOWER_BOUND
                return score
            if score > alpha:
                alpha = score
        table[key] = alpha
        return alpha

    def solve(self, state: Any, n: int, weak: bool) -> int:
        """The score of `state` at ply n (not finished); with `weak`, only its sign is exact: 1 for
        a win, 0 a draw, -1 a loss."""
        last = self.max_plies
        if self.kernel.wins_now(state):
            self.nodes += 1  # a position answered by its win at once counts as visited
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
            self.nodes += 1
            return (last + 1 - n) // 2 >= value
        return self.node(state, n, value - 1, value) >= value


__all__ = ["CHECK_EVERY", "LOWER_BOUND", "ProofSearch"]
