"""Nim: players alternately take any positive number of objects from one heap.

A state is `(heaps, mover)`: a tuple of heap sizes and the player to move (0 = MAX, who moved first;
1 = MIN). The mover is part of the state because every value is from MAX's point of view. Under
normal play the player who cannot move (every heap empty) loses; under misère play that player wins.

A move is `(index, amount)` with a 0-based heap index; its notation numbers heaps from 1, so `2:3`
takes 3 from the second heap. Bouton's theorem solves every position at once (`mover_wins`); it is
the game's exact solver (`exact_solver()`), and the search ordering puts the moves it recommends
first. The moves are sequences computed on demand (games.nim.moves), so a large heap costs the search
only the moves it tries.

Limits, checked when heaps are read: at most MAX_HEAPS heaps and MAX_OBJECTS objects in all. A
position has one legal move per object, and every command may list them all (analyze's and solve's
tables, play's completion), so the total is what bounds the time and memory of a listing.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from games.heaps import size_text, sticks
from games.nim.moves import (
    Heaps,
    NimMove,
    NimMoves,
    NimState,
    OrderedNimMoves,
    leaves_lost,
    mover_wins,
)
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
from minimax_cli.core.params import grouped, parse_bool, parse_count, parse_whole, quote

if TYPE_CHECKING:
    from minimax_cli.core.solver import ExactSolver


HEAPS_FORM = N_("comma-separated whole numbers, 0 or more, e.g. 3,4,5")
POSITION_FORM = N_(
    "heap sizes separated by commas, optionally followed by /min or /max for the player to move, "
    "e.g. 3,4,5/min"
)
MOVE_FORM = N_("HEAP:AMOUNT with heaps numbered from 1, e.g. 2:3 takes 3 from heap 2")

#: The most heaps a sketch draws row by row; beyond, the first SKETCH_ROWS - 1 and a count.
SKETCH_ROWS = 12

#: The most heaps a position may have (each move copies the heap sizes: the search's cost per node).
MAX_HEAPS = 100
#: The most objects in all heaps together: the number of legal moves of a position.
MAX_OBJECTS = 10_000
#: The most legal moves the exact solver lists, each with its proven value.
MAX_LISTED_MOVES = MAX_OBJECTS
_LIMITS = N_("at most {heaps} heaps and {objects} objects in all")
#: The limits in English (the messages use `limits()`).
LIMITS = _LIMITS.format(heaps=f"{MAX_HEAPS:,}", objects=f"{MAX_OBJECTS:,}")


def limits() -> str:
    """The limits on a position, in the interface's language."""
    return _(_LIMITS).format(heaps=grouped(MAX_HEAPS), objects=grouped(MAX_OBJECTS))

_WHOLE = re.compile(r"[0-9]+")
_MOVE = re.compile(r"([0-9]+)\s*:\s*([0-9]+)")


class TooLarge(ValueError):
    """Heaps beyond MAX_HEAPS or MAX_OBJECTS: the message names the limit."""


# --- parameter parsers ---------------------------------------------------------------------------
def parse_heaps(text: str) -> Heaps:
    """Heap sizes such as "3,4,5": at least one heap, each a whole number, 0 or more; within
    MAX_HEAPS heaps and MAX_OBJECTS objects in all (ValueError naming the form or the limit)."""
    parts = text.split(",")
    if len(parts) > MAX_HEAPS:
        raise TooLarge(_("{text} has {count} heaps: Nim takes at most {most} heaps").format(
            text=quote(text), count=grouped(len(parts)), most=grouped(MAX_HEAPS)))
    heaps = []
    for part in parts:
        try:
            heaps.append(parse_count(part))  # each 5, 1_000, 10**5 or 1e5
        except ValueError:  # not a count, or beyond any limit (over 100 digits)
            raise ValueError(_("{text} is not a list of heaps: use {form}; {limits}").format(
                text=quote(text), form=_(HEAPS_FORM), limits=limits())) from None
    check_limits(heaps)
    return tuple(heaps)


def check_limits(heaps: Sequence[int]) -> None:
    """TooLarge (a ValueError) naming the limit when `heaps` are more than Nim takes."""
    if len(heaps) > MAX_HEAPS:
        raise TooLarge(_("{count} heaps: Nim takes at most {most} heaps").format(
            count=grouped(len(heaps)), most=grouped(MAX_HEAPS)))
    total = sum(heaps)
    if total > MAX_OBJECTS:
        shown = quote(",".join(map(str, heaps[:12])) + ("" if len(heaps) <= 12 else ",..."))
        raise TooLarge(_("heaps {heaps} hold {total} objects: Nim takes at most {most} in all, "
                         "one legal move each").format(heaps=shown, total=size_text(total),
                                                       most=grouped(MAX_OBJECTS)))


class Nim(Game[NimState, NimMove]):
    """Nim with any number of heaps, normal or misère play."""

    name: ClassVar[str] = "nim"
    # English, marked for the catalogue; translated where shown (N_: fixed at import).
    description: ClassVar[str] = N_(
        "Nim: take any number of objects from one heap; who cannot move loses (or wins, misère)."
    )
    # The limits written out (a marked text is a literal); tests check them against LIMITS.
    position_help: ClassVar[str] = N_(
        "Heap sizes separated by commas, e.g. 3,4,5 with MAX (the first player) to move. Add /min "
        "for MIN to move (3,4,5/min); /max may be written but is the default. At most 100 heaps "
        "and 10,000 objects in all (a position has one legal move per object)."
    )
    move_help: ClassVar[str] = N_(
        "HEAP:AMOUNT, heaps numbered from 1: 2:3 takes 3 objects from the second heap."
    )
    #: Heap order does not matter (and empty heaps can be dropped): see `canonical_key`.
    has_symmetry: ClassVar[bool] = True
    parameters: ClassVar[tuple[Parameter, ...]] = (
        Parameter("heaps", parse_heaps, (3, 4, 5), N_("the starting heap sizes"), "A,B,...",
                  sets_start=True),
        Parameter("misere", parse_bool, False, N_("misère play: who cannot move wins"), "BOOL"),
    )

    def __init__(self, heaps: Iterable[int] = (3, 4, 5), misere: bool = False) -> None:
        sizes = tuple(heaps)
        if not sizes or any(isinstance(h, bool) or not isinstance(h, int) or h < 0 for h in sizes):
            raise ValueError(_("heaps must be {form}, got {value}").format(
                form=_(HEAPS_FORM), value=quote(repr(heaps))))
        check_limits(sizes)
        self.heaps = sizes
        self.misere = bool(misere)

    def __repr__(self) -> str:
        return f"Nim(heaps={self.heaps}, misere={self.misere})"

    # --- the rules -------------------------------------------------------------------------------
    def initial_state(self) -> NimState:
        return (self.heaps, MAX)

    def to_move(self, state: NimState) -> int:
        return state[1]

    def legal_moves(self, state: NimState) -> Sequence[NimMove]:
        """Heap by heap, smallest amount first; computed on demand (games.nim.moves)."""
        return NimMoves(state[0])

    def play(self, state: NimState, move: NimMove) -> NimState:
        heaps, mover = state
        index, amount = move
        self._check_move(heaps, index, amount)
        after = (*heaps[:index], heaps[index] - amount, *heaps[index + 1 :])
        return (after, 1 - mover)

    def outcome(self, state: NimState) -> float | None:
        heaps, mover = state
        if any(heaps):
            return None
        mover_is_max = mover == MAX
        return 1.0 if self.misere == mover_is_max else -1.0

    # --- notation --------------------------------------------------------------------------------
    def parse_position(self, text: str) -> NimState:
        body, slash, side = text.strip().partition("/")
        side = side.strip().lower()
        refused = _("{text} is not a nim position: use {form}; {limits}").format(
            text=quote(text), form=_(POSITION_FORM), limits=limits())
        if slash and side not in ("max", "min"):
            raise InvalidPositionError(refused)
        try:
            heaps = parse_heaps(body)
        except TooLarge as error:
            raise InvalidPositionError(str(error)) from None
        except ValueError:
            raise InvalidPositionError(refused) from None
        return (heaps, MIN if side == "min" else MAX)

    def format_position(self, state: NimState) -> str:
        heaps, mover = state
        text = ",".join(map(str, heaps))
        return f"{text}/min" if mover == MIN else text

    def parse_move(self, state: NimState, text: str) -> NimMove:
        match = _MOVE.fullmatch(text.strip())
        if match is None or not match.group(1).strip("0") or not match.group(2).strip("0"):
            raise InvalidMoveError(_("{text} is not a move: use {form}").format(
                text=quote(text), form=_(MOVE_FORM)))
        try:
            move = (parse_whole(match.group(1)) - 1, parse_whole(match.group(2)))
        except ValueError as error:
            raise IllegalMoveError(_("{text} is not a move here: {error}").format(
                text=quote(text), error=error)) from None
        self._check_move(state[0], *move)
        return move

    def format_move(self, state: NimState, move: NimMove) -> str:
        index, amount = move
        return f"{index + 1}:{amount}"

    @staticmethod
    def _check_move(heaps: Heaps, index: int, amount: int) -> None:
        # size_text: a 100-digit number written out would make a long error line
        if not 0 <= index < len(heaps):
            raise IllegalMoveError(
                _("there is no heap {heap}: heaps are numbered 1 to {count}").format(
                    heap=size_text(index + 1), count=len(heaps)))
        if amount < 1:
            raise IllegalMoveError(_("cannot take {amount}: take at least 1").format(amount=amount))
        size = heaps[index]
        if amount > size:
            message = (_("cannot take {amount} from heap {heap}: it is empty") if size == 0 else
                       _("cannot take {amount} from heap {heap}: it has only {size}"))
            raise IllegalMoveError(message.format(amount=size_text(amount), heap=index + 1,
                                                  size=size))

    # --- optional hooks --------------------------------------------------------------------------
    def sketch(self, state: NimState) -> Sequence[str]:
        """One numbered row of sticks per heap, sizes in a column: `heap 2  ||||  4`. A huge heap
        is drawn as its first sticks and its size; past SKETCH_ROWS heaps the rest are counted."""
        heaps = state[0]
        shown = heaps if len(heaps) <= SKETCH_ROWS else heaps[: SKETCH_ROWS - 1]
        drawings = [sticks(h) or _("(empty)") for h in shown]
        sizes = [size_text(h) for h in shown]
        number, width, size_width = len(str(len(shown))), max(map(len, drawings)), max(map(len, sizes))
        heap = _("heap {number}")
        rows = [f"{heap.format(number=f'{i + 1:>{number}}')}  {drawing:<{width}}  {size:>{size_width}}"
                for i, (drawing, size) in enumerate(zip(drawings, sizes, strict=True))]
        hidden = len(heaps) - len(shown)
        if hidden:
            rest = sum(1 for h in heaps[len(shown):] if h)
            rows.append(_("... and {hidden} more heaps ({first} to {last}), {rest} of them not"
                          " empty").format(hidden=grouped(hidden), first=len(shown) + 1,
                                           last=grouped(len(heaps)), rest=grouped(rest)))
        return rows

    def order_moves(self, state: NimState, moves: Sequence[NimMove]) -> Sequence[NimMove]:
        """Moves that leave the opponent lost by Bouton's theorem first, then larger takes first
        (they shorten the game), equal takes by heap. The search still proves every value; this
        only saves nodes. All the legal moves come back as a sequence computed on demand; any
        other list of moves is sorted, each ranked in O(1) without copying the heaps."""
        heaps = state[0]
        if isinstance(moves, NimMoves) and moves.heaps == heaps:
            return OrderedNimMoves(heaps, self.misere)
        lost = leaves_lost(heaps, self.misere)
        return sorted(moves, key=lambda move: (not lost(*move), -move[1]))

    def canonical_key(self, state: NimState) -> Hashable:
        """The non-empty heaps in ascending order, and the mover: heap order and empty heaps do not
        change the game. Equivalent states share values but not move notation (heap indices
        differ), so a table keyed on this must not hand a stored move to another state."""
        heaps, mover = state
        return (tuple(sorted(h for h in heaps if h)), mover)

    # --- theory ----------------------------------------------------------------------------------
    def mover_wins(self, state: NimState) -> bool:
        """Whether the player to move in `state` wins with perfect play (Bouton's theorem)."""
        return mover_wins(state[0], self.misere)

    def exact_solver(self, memory_mb: float | None = None) -> ExactSolver[NimState, NimMove]:
        """Bouton's theorem, normal and misère (games.nim.solver): no table, so no memory to
        bound."""
        from games.nim.solver import NimSolver  # loaded when asked for: start-up

        return NimSolver(self, self.misere, MAX_LISTED_MOVES)

