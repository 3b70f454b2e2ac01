"""The game protocol that every game implements, and the errors games raise.

A `Game` object holds rules and parameters only, never play state. States are small, immutable and
hashable (an int, a tuple of ints); `play` returns a new state and never mutates its argument, so a
state can be used directly as a transposition-table key and interactive undo is a list of states.

Point of view: player 0 is MAX (moves first), player 1 is MIN. Every value a game returns
(`outcome`, evaluators) is from MAX's point of view, on the game's own scale.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

MAX = 0
MIN = 1
PLAYER_NAMES = ("MAX", "MIN")

#: A heuristic evaluation of a non-terminal state, from MAX's point of view. It must stay well
#: inside (-1000, 1000) so that proven wins (scored near +-WIN by the searches) outrank it.
Evaluator = Callable[[S], float]


class GameError(ValueError):
    """Base of every error caused by a game's input; the message is meant for the user."""


class InvalidPositionError(GameError):
    """A position's text could not be parsed or describes an impossible position."""


class InvalidMoveError(GameError):
    """A move's text is not in the game's move notation."""


class IllegalMoveError(GameError):
    """A well-formed move that is not legal in the given state."""


class SearchError(ValueError):
    """A search cannot be run as asked (no evaluation for a depth limit, a tree too deep...)."""


@dataclass(frozen=True)
class Parameter:
    """A game parameter as the registry and the CLI show it (`--rows 4`, `--take 1,3,4`).

    `parse` turns the user's text into the value and raises ValueError with a message naming the
    accepted form; `default` is the parsed default value.
    """

    name: str
    parse: Callable[[str], object]
    default: object
    help: str
    metavar: str = "VALUE"


@dataclass(frozen=True)
class Grid:
    """What a board renderer needs: cell symbols in reading order (None for empty)."""

    rows: int
    cols: int
    cells: tuple[str | None, ...]


class Game(ABC, Generic[S, M]):
    """Rules of a two-player, zero-sum, turn-taking game.

    Subclasses set `name` and `description` and implement the abstract methods. The optional hooks
    (`evaluators`, `order_moves`, `canonical_key`, `is_quiet`, `grid`, `chance_outcomes`) have neutral
    defaults here, so callers use them directly and never probe with `hasattr`; `has_symmetry` tells
    whether `canonical_key` is more than the identity.
    """

    name: ClassVar[str]
    description: ClassVar[str]
    position_help: ClassVar[str] = ""
    move_help: ClassVar[str] = ""

    #: True when terminal values are only +1 (MAX wins), 0 (draw) and -1 (MIN wins). Searches then
    #: score wins as +-(WIN - ply), so quick wins rank first and any heuristic ranks below a win.
    #: False for games whose terminal values are arbitrary numbers (explicit game trees).
    win_loss: ClassVar[bool] = True

    has_symmetry: ClassVar[bool] = False

    #: Constructor keyword arguments, in order; each game's __init__ takes exactly these.
    parameters: ClassVar[tuple[Parameter, ...]] = ()

    # --- the rules -------------------------------------------------------------------------
    @abstractmethod
    def initial_state(self) -> S:
        """The start position."""

    @abstractmethod
    def to_move(self, state: S) -> int:
        """The player to move: MAX (0) or MIN (1)."""

    @abstractmethod
    def legal_moves(self, state: S) -> Sequence[M]:
        """The legal moves in the game's natural order (empty exactly at terminal states)."""

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """The state after `move`; `move` must be legal. Never mutates `state`."""

    @abstractmethod
    def outcome(self, state: S) -> float | None:
        """None while the game goes on; at a terminal state its value from MAX's point of view."""

    def utility(self, state: S, player: int) -> float:
        """The value of a terminal state for `player` (zero-sum: MIN's is minus MAX's)."""
        value = self.outcome(state)
        if value is None:
            raise ValueError("utility() is defined on terminal states only")
        return value if player == MAX else -value

    # --- notation ------------------------------------------------------------------------------
    @abstractmethod
    def parse_position(self, text: str) -> S:
        """Parse position notation; raises InvalidPositionError quoting `text` and the accepted form."""

    @abstractmethod
    def format_position(self, state: S) -> str:
        """Position notation that `parse_position` reads back to the same state."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """Parse a move in `state`; InvalidMoveError for bad notation, IllegalMoveError if not legal."""

    @abstractmethod
    def format_move(self, state: S, move: M) -> str:
        """Move notation that `parse_move` reads back to `move`."""

    # --- optional hooks ----------------------------------------------------------------------
    @classmethod
    def named_positions(cls) -> Mapping[str, str]:
        """Bundled positions that `parse_position` accepts by name (e.g. `@abcd`) -> description."""
        return {}

    def evaluators(self) -> Mapping[str, Evaluator[S]]:
        """Named heuristic evaluations (the first is the default); empty if the game has none."""
        return {}

    def order_moves(self, state: S, moves: Sequence[M]) -> Sequence[M]:
        """The moves in the order a pruning search should try them (best first)."""
        return moves

    def canonical_key(self, state: S) -> Hashable:
        """A key shared by all states equivalent under the game's symmetries (same value)."""
        return state

    def is_quiet(self, state: S) -> bool:
        """False when a depth cut here would be misleading (quiescence search goes on)."""
        return True

    def grid(self, state: S) -> Grid | None:
        """Cells for board rendering, or None when the game is not played on a grid."""
        return None

    def chance_outcomes(self, state: S) -> Sequence[tuple[M, float]] | None:
        """At a chance node, each outcome with its probability; None for a player's node."""
        return None
