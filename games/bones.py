"""The game of bones, a subtraction game: take 1, 2 or 3 bones (or other amounts) from one heap.

A state is `(heap, mover)`: the bones left and the player to move (0 = MAX, who moved first;
1 = MIN). The mover is part of the state because every value is from MAX's point of view: an empty
heap with MAX to move is a loss for MAX (-1), with MIN to move a win for MAX (+1). Under normal play
the player who cannot move loses; under misère play that player wins.

Besides the `Game` protocol, `Bones` solves heaps bottom-up without a game tree (`outcome_table`,
`winning_moves`) and proves the period of its outcome sequence (`proven_period`), so the outcome of
any heap, 10**18 bones included, is known exactly.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar

from minimax_cli.core.game import (
    MAX,
    MIN,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Parameter,
    SearchError,
)
from minimax_cli.core.params import parse_bool
from minimax_cli.core.periodic import Period, value_at

#: (heap, player to move)
BonesState = tuple[int, int]

TAKE_FORM = "comma-separated positive whole numbers, e.g. 1,2,3"
POSITION_FORM = (
    "the heap size, optionally followed by /min or /max for the player to move, e.g. 10/min"
)

_WHOLE = re.compile(r"[0-9]+")
_POSITION = re.compile(r"([0-9]+)(?:/(max|min))?", re.IGNORECASE)

#: How many heaps `outcome_table` fills between two calls of its progress callback.
PROGRESS_EVERY = 1 << 16


# --- parameter parsers ---------------------------------------------------------------------------
def parse_heap_size(text: str) -> int:
    """A heap size: a whole number, 0 or more."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        raise ValueError(f"{text!r} is not a heap size: use a whole number, 0 or more, e.g. 21")
    return int(stripped)


def parse_take(text: str) -> tuple[int, ...]:
    """Allowed amounts such as "1,3,4": sorted, duplicates dropped."""
    parts = [part.strip() for part in text.split(",")]
    if not all(_WHOLE.fullmatch(part) for part in parts):
        raise ValueError(f"{text!r} is not a set of amounts: use {TAKE_FORM}")
    amounts = {int(part) for part in parts}
    if 0 in amounts:
        raise ValueError(f"{text!r} is not a set of amounts: 0 is not allowed; use {TAKE_FORM}")
    return tuple(sorted(amounts))


# --- the period of a subtraction game ------------------------------------------------------------
def subtraction_period(take: Sequence[int], misere: bool, limit: int) -> Period:
    """The proven preperiod and period of a subtraction game's outcome sequence.

    `take` is the sorted set S of allowed amounts, s_max its largest; o(n) is 1 when the player to
    move at heap n wins. Why the answer is a proof and not a guess:

    1. For n >= s_max every amount fits, so o(n) = 1 exactly when o(n - s) = 0 for some s in S
       (misère play changes only the terminal heaps, which are all below min(S) <= s_max). So o(n)
       is a fixed function of the window W(n - s_max) = (o(n - s_max), ..., o(n - 1)) of the s_max
       outcomes before it, and so is the next window: W(a + 1) = F(W(a)) for every a >= 0.
    2. Hence if W(a) = W(b) for some a < b, then W(a + k) = W(b + k) for every k >= 0, so
       o(m) = o(m + b - a) for every m >= a: the sequence is periodic from a with period b - a.
    3. There are at most 2**s_max windows, so by pigeonhole some window repeats by a = 2**s_max.
    4. Taking the first b whose window was seen before (at a) gives the smallest preperiod and the
       smallest period: the windows form the orbit of F, which has tail a and cycle b - a, and
       o repeats with period p from q exactly when the windows do (each window is s_max terms of o,
       and o(m) is the first term of W(m)).

    The outcomes are computed up to heap b + s_max - 1, which is `checked_upto` (b + s_max) in the
    answer. Raises SearchError when no window repeats by heap `limit` (possible only for a large
    s_max, since the bound is 2**s_max).
    """
    s_max = take[-1]
    full = (1 << s_max) - 1
    outcomes = bytearray()
    window = 0  # bit i (from the top) is o(a + i): the newest outcome is the lowest bit
    for heap in range(s_max):
        bit = _mover_wins_from(outcomes, heap, take, misere)
        outcomes.append(bit)
        window = (window << 1) | bit
    first_seen = {window: 0}
    start = 0
    while True:
        heap = start + s_max
        if heap > limit:
            raise SearchError(
                f"no period proven up to heap {limit}: the take set {list(take)} may have a very "
                "long period; raise the limit"
            )
        bit = _mover_wins_from(outcomes, heap, take, misere)
        outcomes.append(bit)
        window = ((window << 1) | bit) & full
        start += 1
        earlier = first_seen.get(window)
        if earlier is not None:
            return Period(
                preperiod=earlier,
                period=start - earlier,
                checked_upto=len(outcomes),
                proven=True,
            )
        first_seen[window] = start


def _mover_wins_from(outcomes: Sequence[int], heap: int, take: Sequence[int], misere: bool) -> int:
    """o(heap) from the outcomes of the smaller heaps (1 = the player to move wins)."""
    if heap < take[0]:
        return 1 if misere else 0  # no move: the mover loses under normal play, wins under misère
    for amount in take:
        if amount > heap:
            break
        if not outcomes[heap - amount]:
            return 1
    return 0


class Bones(Game[BonesState, int]):
    """The game of bones: players alternately take an allowed number of bones from one heap."""

    name: ClassVar[str] = "bones"
    description: ClassVar[str] = (
        "The game of bones: take 1, 2 or 3 (or any allowed amount) from a heap; "
        "who cannot move loses (or wins, misère)."
    )
    position_help: ClassVar[str] = (
        "The heap size, e.g. 10: 10 bones with MAX (the first player) to move. Add /min for MIN to "
        "move (10/min); /max may be written but is the default."
    )
    move_help: ClassVar[str] = "The number of bones to take, e.g. 3; it must be an allowed amount."
    has_symmetry: ClassVar[bool] = False
    parameters: ClassVar[tuple[Parameter, ...]] = (
        Parameter("n", parse_heap_size, 21, "bones in the starting heap", "N"),
        Parameter("take", parse_take, (1, 2, 3), "amounts a player may take", "A,B,..."),
        Parameter("misere", parse_bool, False, "misère play: who cannot move wins", "BOOL"),
    )

    def __init__(self, n: int = 21, take: Iterable[int] = (1, 2, 3), misere: bool = False) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"n must be a whole number, 0 or more, got {n!r}")
        amounts = tuple(sorted(set(take)))
        if not amounts or any(
            isinstance(a, bool) or not isinstance(a, int) or a < 1 for a in amounts
        ):
            raise ValueError(f"take must be {TAKE_FORM}, got {take!r}")
        self.n = n
        self.take = amounts
        self.misere = bool(misere)
        self._allowed = frozenset(amounts)

    def __repr__(self) -> str:
        return f"Bones(n={self.n}, take={self.take}, misere={self.misere})"

    # --- the rules -------------------------------------------------------------------------------
    def initial_state(self) -> BonesState:
        return (self.n, MAX)

    def to_move(self, state: BonesState) -> int:
        return state[1]

    def legal_moves(self, state: BonesState) -> Sequence[int]:
        return self.take[: bisect.bisect_right(self.take, state[0])]

    def play(self, state: BonesState, move: int) -> BonesState:
        heap, mover = state
        self._check_move(heap, move)
        return (heap - move, 1 - mover)

    def outcome(self, state: BonesState) -> float | None:
        heap, mover = state
        if heap >= self.take[0]:
            return None
        mover_wins = self.misere
        mover_is_max = mover == MAX
        return 1.0 if mover_wins == mover_is_max else -1.0

    # --- notation --------------------------------------------------------------------------------
    def parse_position(self, text: str) -> BonesState:
        match = _POSITION.fullmatch(text.strip())
        if match is None:
            raise InvalidPositionError(f"{text!r} is not a bones position: use {POSITION_FORM}")
        side = (match.group(2) or "max").lower()
        return (int(match.group(1)), MIN if side == "min" else MAX)

    def format_position(self, state: BonesState) -> str:
        heap, mover = state
        return f"{heap}/min" if mover == MIN else str(heap)

    def parse_move(self, state: BonesState, text: str) -> int:
        stripped = text.strip()
        if not _WHOLE.fullmatch(stripped) or int(stripped) == 0:
            raise InvalidMoveError(
                f"{text!r} is not a move: write how many bones to take, a positive whole number, "
                "e.g. 3"
            )
        move = int(stripped)
        self._check_move(state[0], move)
        return move

    def format_move(self, state: BonesState, move: int) -> str:
        return str(move)

    def _check_move(self, heap: int, move: int) -> None:
        if move not in self._allowed:
            allowed = ", ".join(map(str, self.take))
            raise IllegalMoveError(f"{move} is not an allowed amount; allowed: {allowed}")
        if move > heap:
            left = "no bones left" if heap == 0 else f"only {heap} bone{'s' * (heap != 1)} left"
            raise IllegalMoveError(f"cannot take {move}: {left}")

    # --- exact solving without a game tree -------------------------------------------------------
    def outcome_table(self, upto: int, progress: Callable[[int], None] | None = None) -> bytearray:
        """For every heap 0..upto, 1 when the player to move wins and 0 when that player loses.

        Bottom-up, without recursion: O(upto * len(take)) time, upto + 1 bytes. `progress`, when
        given, is called with the heap reached every PROGRESS_EVERY heaps and once at the end.
        The table is the same for either player to move (the game is impartial); for a state
        `(heap, mover)` MAX wins when `table[heap] == (mover == MAX)`.
        """
        if upto < 0:
            raise ValueError(f"upto must be 0 or more, got {upto}")
        take = self.take
        table = bytearray(upto + 1)
        # The first heaps, where some amounts do not fit (and heaps below min(take) are terminal).
        head = min(upto + 1, take[-1])
        for heap in range(head):
            table[heap] = _mover_wins_from(table, heap, take, self.misere)
        # From heap max(take) on every amount fits, so the inner test needs no bounds check.
        next_report = PROGRESS_EVERY
        for heap in range(head, upto + 1):
            for amount in take:
                if not table[heap - amount]:
                    table[heap] = 1
                    break
            if progress is not None and heap >= next_report:
                progress(heap)
                next_report += PROGRESS_EVERY
        if progress is not None:
            progress(upto)
        return table

    def winning_moves(
        self, heap: int, table: Sequence[int], period: Period | None = None
    ) -> list[int]:
        """The amounts that leave the opponent a lost heap (empty when the mover is losing).

        `table` comes from `outcome_table`; with the `period` from `proven_period`, `heap` may be
        far beyond the table (10**18), as long as the table covers preperiod + period heaps.
        """
        if heap < 0:
            raise ValueError(f"the heap must be 0 or more, got {heap}")
        if period is None and heap >= len(table):
            raise ValueError(f"the table covers heaps 0..{len(table) - 1}, not {heap}")
        moves = []
        for amount in self.legal_moves((heap, MAX)):
            rest = heap - amount
            if period is None or rest < len(table):
                mover_wins = table[rest]
            else:
                mover_wins = value_at(table, period, rest)
            if not mover_wins:
                moves.append(amount)
        return moves

    def proven_period(self, limit: int = 1_000_000) -> Period:
        """The proven preperiod and period of `outcome_table`'s sequence (see `subtraction_period`
        for the proof); `checked_upto` is how many heaps were solved to prove it. Raises
        SearchError when none is proven by heap `limit` (memory grows with the heaps solved)."""
        return subtraction_period(self.take, self.misere, limit)
