"""The game of bones, a subtraction game: take 1, 2 or 3 bones (or other amounts) from one heap.

A state is `(heap, mover)`: the bones left and the player to move (0 = MAX, who moved first;
1 = MIN). The mover is part of the state because every value is from MAX's point of view: an empty
heap with MAX to move is a loss for MAX (-1), with MIN to move a win for MAX (+1). Under normal play
the player who cannot move loses; under misère play that player wins.

The game's own exact solver (`exact_solver()`, in games.bones.solver) solves heaps bottom-up without
a game tree and proves the period of the outcome sequence, so the outcome of any heap, 10**18 bones
included, is known exactly.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from games.heaps import amounts_text, bones_left, bones_text, size_text, sticks
from minimax_cli.core.game import (
    MAX,
    MIN,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Parameter,
)
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.memory import DEFAULT_MB
from minimax_cli.core.params import (
    MAX_DIGITS,
    NumberTooLarge,
    grouped,
    parse_bool,
    parse_count,
    parse_whole,
    quote,
)

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

_TAKE_FORM = N_("comma-separated positive whole numbers, e.g. 1,2,3: at most {count} amounts, "
                "each at most {most}")
POSITION_FORM = N_(
    "the heap size (10, 1_000_000, 10**18 or 1e18), optionally followed by /min or /max for the "
    "player to move, e.g. 10/min"
)


def take_form() -> str:
    """The accepted form of a take set, in the interface's language."""
    return _(_TAKE_FORM).format(count=grouped(TAKE_COUNT_MAX), most=grouped(TAKE_MAX))


_WHOLE = re.compile(r"[0-9]+")
_POSITION = re.compile(r"([^/]+?)\s*(?:/\s*(max|min))?", re.IGNORECASE)


# --- parameter parsers ---------------------------------------------------------------------------
def parse_heap_size(text: str) -> int:
    """A heap size: a whole number, 0 or more."""
    stripped = text.strip()
    form = _("use a whole number, 0 or more, of at most {most} digits, e.g. 21").format(
        most=MAX_DIGITS)
    if not _WHOLE.fullmatch(stripped):
        raise ValueError(_("{text} is not a heap size: {form}").format(text=quote(text), form=form))
    try:
        return parse_whole(stripped)
    except ValueError:  # too many digits
        digits = len(stripped.lstrip("0"))
        raise ValueError(_("a heap of {count} digits is too large: {form}").format(
            count=grouped(digits), form=form)) from None


def parse_take(text: str) -> tuple[int, ...]:
    """Allowed amounts such as "1,3,4": sorted, duplicates dropped; ValueError naming the limits
    (TAKE_COUNT_MAX amounts, each at most TAKE_MAX) and the form."""
    parts = [part.strip() for part in text.split(",", TAKE_COUNT_MAX)]
    if len(parts) > TAKE_COUNT_MAX:
        raise ValueError(_("more than {count} amounts: use {form}").format(
            count=grouped(TAKE_COUNT_MAX), form=take_form()))
    if not all(_WHOLE.fullmatch(part) for part in parts):
        raise ValueError(_("{text} is not a set of amounts: use {form}").format(
            text=quote(text), form=take_form()))
    longest = max(len(part.lstrip("0")) for part in parts)
    if longest > MAX_DIGITS:  # more digits than any number may have
        raise ValueError(_("an amount of {count} digits is too large: use {form}").format(
            count=grouped(longest), form=take_form()))
    amounts = {parse_whole(part) for part in parts}
    if 0 in amounts:
        raise ValueError(_("{text} is not a set of amounts: 0 is not allowed; use {form}").format(
            text=quote(text), form=take_form()))
    if max(amounts) > TAKE_MAX:
        raise ValueError(_("{amount} is too large an amount: use {form}").format(
            amount=size_text(max(amounts)), form=take_form()))
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
    # English, marked for the catalogue; translated where shown (N_: fixed at import).
    description: ClassVar[str] = N_(
        "The game of bones: take 1, 2 or 3 (or any allowed amount) from a heap; "
        "who cannot move loses (or wins, misère)."
    )
    position_help: ClassVar[str] = N_(
        "The heap size, e.g. 10: 10 bones with MAX (the first player) to move. Add /min for MIN to "
        "move (10/min); /max may be written but is the default."
    )
    move_help: ClassVar[str] = N_(
        "The number of bones to take, e.g. 3; it must be an allowed amount.")
    has_symmetry: ClassVar[bool] = False
    parameters: ClassVar[tuple[Parameter, ...]] = (
        Parameter("n", parse_heap_size, 21, N_("bones in the starting heap"), "N", sets_start=True),
        Parameter("take", parse_take, (1, 2, 3), N_("amounts a player may take"), "A,B,..."),
        Parameter("misere", parse_bool, False, N_("misère play: who cannot move wins"), "BOOL"),
    )

    def __init__(self, n: int = 21, take: Iterable[int] = (1, 2, 3), misere: bool = False) -> None:
        if not _whole(n) or not 0 <= n < HEAP_LIMIT:
            raise ValueError(_("n must be a whole number, 0 or more, of at most {most} digits, "
                               "got {value}").format(most=MAX_DIGITS, value=_shown(n)))
        given = list(take)
        if not 0 < len(given) <= TAKE_COUNT_MAX:
            raise ValueError(_("take must be {form}, got {count} amounts").format(
                form=take_form(), count=grouped(len(given))))
        wrong = next((a for a in given if not _whole(a) or not 1 <= a <= TAKE_MAX), None)
        if wrong is not None:
            raise ValueError(_("take must be {form}, got {value}").format(
                form=take_form(), value=_shown(wrong)))
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
        refused = _("{text} is not a bones position: use {form}")
        if match is None:
            raise InvalidPositionError(refused.format(text=quote(text), form=_(POSITION_FORM)))
        side = (match.group(2) or "max").lower()
        try:
            heap = parse_count(match.group(1))  # 21, 1_000_000, 10**18 or 1e18
        except ValueError as error:
            # A number too long gets its own reason; anything else, the accepted form.
            reason = f" ({error})" if isinstance(error, NumberTooLarge) else ""
            raise InvalidPositionError(
                refused.format(text=quote(text), form=_(POSITION_FORM)) + reason) from None
        return (heap, MIN if side == "min" else MAX)

    def format_position(self, state: BonesState) -> str:
        heap, mover = state
        return f"{heap}/min" if mover == MIN else str(heap)

    def parse_move(self, state: BonesState, text: str) -> int:
        stripped = text.strip()
        if not _WHOLE.fullmatch(stripped) or not stripped.strip("0"):
            raise InvalidMoveError(
                _("{text} is not a move: write how many bones to take, a positive whole number, "
                  "e.g. 3").format(text=quote(text)))
        try:
            move = parse_whole(stripped)
        except ValueError:
            raise IllegalMoveError(_("{amount} is not an allowed amount; allowed: {allowed}")
                                   .format(amount=quote(text), allowed=amounts_text(self.take))
                                   ) from None
        self._check_move(state[0], move)
        return move

    def format_move(self, state: BonesState, move: int) -> str:
        return str(move)

    def _check_move(self, heap: int, move: int) -> None:
        if move not in self._allowed:
            raise IllegalMoveError(_("{amount} is not an allowed amount; allowed: {allowed}")
                                   .format(amount=size_text(move), allowed=amounts_text(self.take)))
        if move > heap:
            raise IllegalMoveError(_("cannot take {amount}: {left}").format(
                amount=move, left=bones_left(heap)))

    # --- optional hooks ------------------------------------------------------------------------
    def sketch(self, state: BonesState) -> Sequence[str]:
        """The heap as one row of sticks with its size: `||||| ||  7 bones`."""
        heap = state[0]
        if heap == 0:
            return (bones_left(0),)
        return (f"{sticks(heap)}  {bones_text(heap, size_text(heap))}",)

    def exact_solver(self, memory_mb: float | None = None) -> ExactSolver[BonesState, int]:
        """Bottom-up up to 10,000,000 bones (or until the outcomes prove a period), from the
        proven period above (games.bones.solver)."""
        from games.bones.solver import BonesSolver  # loaded when asked for: start-up

        return BonesSolver(self.take, self.misere,
                           memory_mb=DEFAULT_MB if memory_mb is None else memory_mb)
