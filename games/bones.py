"""The game of bones, a subtraction game: take 1, 2 or 3 bones (or other amounts) from one heap.

A state is `(heap, mover)`: the bones left and the player to move (0 = MAX, who moved first;
1 = MIN). The mover is part of the state because every value is from MAX's point of view: an empty
heap with MAX to move is a loss for MAX (-1), with MIN to move a win for MAX (+1). Under normal play
the player who cannot move loses; under misère play that player wins.

The game's own exact solver (`exact_solver()`, in games.bones_solver) solves heaps bottom-up without
a game tree and proves the period of the outcome sequence, so the outcome of any heap, 10**18 bones
included, is known exactly.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from games.heaps import amounts_text, size_text, sticks
from minimax_cli.core.game import (
    MAX,
    MIN,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Parameter,
)
from minimax_cli.core.params import MAX_DIGITS, parse_bool, parse_count, parse_whole, quote

if TYPE_CHECKING:
    from minimax_cli.core.solver import ExactSolver

#: (heap, player to move)
BonesState = tuple[int, int]

#: The largest amount a take set may allow: the period's proof solves more than 2 x max(take)
#: heaps, and the tables the solver keeps grow with it.
TAKE_MAX = 1_000_000
#: The most amounts a take set may list (every move of a heap is listed in a solve).
TAKE_COUNT_MAX = 10_000
#: Heaps have at most this many digits (as positions and --n), so below 10**MAX_DIGITS.
HEAP_LIMIT = 10**MAX_DIGITS

TAKE_FORM = (f"comma-separated positive whole numbers, e.g. 1,2,3: at most {TAKE_COUNT_MAX:,} "
             f"amounts, each at most {TAKE_MAX:,}")
POSITION_FORM = (
    "the heap size (10, 1_000_000, 10**18 or 1e18), optionally followed by /min or /max for the "
    "player to move, e.g. 10/min"
)


_WHOLE = re.compile(r"[0-9]+")
_POSITION = re.compile(r"([^/]+?)\s*(?:/\s*(max|min))?", re.IGNORECASE)


# --- parameter parsers ---------------------------------------------------------------------------
def parse_heap_size(text: str) -> int:
    """A heap size: a whole number, 0 or more."""
    stripped = text.strip()
    form = f"use a whole number, 0 or more, of at most {MAX_DIGITS} digits, e.g. 21"
    if not _WHOLE.fullmatch(stripped):
        raise ValueError(f"{quote(text)} is not a heap size: {form}")
    try:
        return parse_whole(stripped)
    except ValueError:  # too many digits
        digits = len(stripped.lstrip("0"))
        raise ValueError(f"a heap of {digits:,} digits is too large: {form}") from None


def parse_take(text: str) -> tuple[int, ...]:
    """Allowed amounts such as "1,3,4": sorted, duplicates dropped; ValueError naming the limits
    (TAKE_COUNT_MAX amounts, each at most TAKE_MAX) and the form."""
    parts = [part.strip() for part in text.split(",", TAKE_COUNT_MAX)]
    if len(parts) > TAKE_COUNT_MAX:
        raise ValueError(f"more than {TAKE_COUNT_MAX:,} amounts: use {TAKE_FORM}")
    if not all(_WHOLE.fullmatch(part) for part in parts):
        raise ValueError(f"{quote(text)} is not a set of amounts: use {TAKE_FORM}")
    longest = max(len(part.lstrip("0")) for part in parts)
    if longest > MAX_DIGITS:  # more digits than any number may have
        raise ValueError(f"an amount of {longest:,} digits is too large: use {TAKE_FORM}")
    amounts = {parse_whole(part) for part in parts}
    if 0 in amounts:
        raise ValueError(f"{quote(text)} is not a set of amounts: 0 is not allowed; use {TAKE_FORM}")
    if max(amounts) > TAKE_MAX:
        raise ValueError(f"{size_text(max(amounts))} is too large an amount: use {TAKE_FORM}")
    return tuple(sorted(amounts))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: object) -> str:
    """A value for an error message: a huge int as `more than 10**k` (str() fails past 4,300
    digits), anything else as its repr cut short."""
    if isinstance(value, int) and not isinstance(value, bool):
        return "-" * (value < 0) + size_text(abs(value))
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:39] + "…"


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
        Parameter("n", parse_heap_size, 21, "bones in the starting heap", "N", sets_start=True),
        Parameter("take", parse_take, (1, 2, 3), "amounts a player may take", "A,B,..."),
        Parameter("misere", parse_bool, False, "misère play: who cannot move wins", "BOOL"),
    )

    def __init__(self, n: int = 21, take: Iterable[int] = (1, 2, 3), misere: bool = False) -> None:
        if not _whole(n) or not 0 <= n < HEAP_LIMIT:
            raise ValueError(f"n must be a whole number, 0 or more, of at most {MAX_DIGITS} "
                             f"digits, got {_shown(n)}")
        given = list(take)
        if not 0 < len(given) <= TAKE_COUNT_MAX:
            raise ValueError(f"take must be {TAKE_FORM}, got {len(given):,} amounts")
        wrong = next((a for a in given if not _whole(a) or not 1 <= a <= TAKE_MAX), None)
        if wrong is not None:
            raise ValueError(f"take must be {TAKE_FORM}, got {_shown(wrong)}")
        amounts = tuple(sorted(set(given)))
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
            raise InvalidPositionError(f"{quote(text)} is not a bones position: use {POSITION_FORM}")
        side = (match.group(2) or "max").lower()
        try:
            heap = parse_count(match.group(1))  # 21, 1_000_000, 10**18 or 1e18
        except ValueError as error:
            # A number too long gets its own reason; anything else, the accepted form.
            reason = "" if "not a whole number" in str(error) else f" ({error})"
            raise InvalidPositionError(
                f"{quote(text)} is not a bones position: use {POSITION_FORM}{reason}") from None
        return (heap, MIN if side == "min" else MAX)

    def format_position(self, state: BonesState) -> str:
        heap, mover = state
        return f"{heap}/min" if mover == MIN else str(heap)

    def parse_move(self, state: BonesState, text: str) -> int:
        stripped = text.strip()
        if not _WHOLE.fullmatch(stripped) or not stripped.strip("0"):
            raise InvalidMoveError(
                f"{quote(text)} is not a move: write how many bones to take, a positive whole "
                "number, e.g. 3"
            )
        try:
            move = parse_whole(stripped)
        except ValueError:
            raise IllegalMoveError(f"{quote(text)} is not an allowed amount; allowed: "
                                   f"{amounts_text(self.take)}") from None
        self._check_move(state[0], move)
        return move

    def format_move(self, state: BonesState, move: int) -> str:
        return str(move)

    def _check_move(self, heap: int, move: int) -> None:
        if move not in self._allowed:
            raise IllegalMoveError(f"{size_text(move)} is not an allowed amount; allowed: "
                                   f"{amounts_text(self.take)}")
        if move > heap:
            left = "no bones left" if heap == 0 else f"only {heap} bone{'s' * (heap != 1)} left"
            raise IllegalMoveError(f"cannot take {move}: {left}")

    # --- optional hooks ------------------------------------------------------------------------
    def sketch(self, state: BonesState) -> Sequence[str]:
        """The heap as one row of sticks with its size: `||||| ||  7 bones`."""
        heap = state[0]
        if heap == 0:
            return ("no bones left",)
        return (f"{sticks(heap)}  {size_text(heap)} bone{'s' * (heap != 1)}",)

    def exact_solver(self) -> ExactSolver[BonesState, int]:
        """Bottom-up up to 10,000,000 bones (or until the outcomes prove a period), from the
        proven period above (games.bones_solver)."""
        from games.bones_solver import BonesSolver  # loaded when asked for: start-up

        return BonesSolver(self.take, self.misere)
