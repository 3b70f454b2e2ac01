"""Connect Four: drop discs into the columns of an upright board; four in a row wins.

X moves first and is MAX (player 0); O is MIN (player 1). The board has `cols` columns and `rows`
rows (7 and 6 by default, each 4 to 10). A state is the pair of ints `(cur, mask)` of Pascal
Pons' solver: `mask` holds every disc, `cur` the discs of the player to move, in the bit layout of
games.connect4.board (bit `col * (rows + 1) + row`, row 0 at the bottom). The player to move is
the number of discs modulo 2. Only the player who has just moved can have four in a row, so the
rules look at `cur ^ mask` alone.

Notation (games.connect4.notation): a move is a column number, 1 = leftmost; a position is the
columns played from the empty board (`4453`) or a diagram of the rows from the top (`X`, `O`,
`.`, rows separated by `/`), which is also how positions are written back.

The hooks: the evaluations `threats` (the default) and `windows` and the move ordering of
games.connect4.evaluation; the mirror image as the canonical key; a position is not quiet while the
player to move can win at once or must stop the opponent's win at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from games.connect4 import notation
from games.connect4.board import MAX_SIZE, MIN_SIZE, Shape
from games.connect4.evaluation import make_evaluator, make_orderer, make_threat_evaluator
from minimax_cli.core.game import (
    Evaluator,
    Game,
    Grid,
    IllegalMoveError,
    InvalidMoveError,
    Parameter,
)
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.params import parse_count, quote

if TYPE_CHECKING:  # the kernel loads only when a proof is asked for
    from minimax_cli.core.proof import ProofKernel

State = tuple[int, int]

_DIGITS = frozenset("0123456789")
#: An odd 64-bit constant (from the golden ratio) that spreads keys over the table's buckets.
_SPREAD = 0x9E3779B97F4A7C15


def _size_parser(name: str) -> Callable[[str], object]:
    def parse(text: str) -> object:
        try:
            number = parse_count(text)
        except ValueError:
            number = -1
        if not MIN_SIZE <= number <= MAX_SIZE:
            raise ValueError(_("{name} must be a whole number from {least} to {most}, got {text}")
                             .format(name=name, least=MIN_SIZE, most=MAX_SIZE, text=quote(text)))
        return number

    return parse


class ConnectFour(Game[State, int]):
    """Connect Four on bitboards; see the module docstring for the state and the notation."""

    name: ClassVar[str] = "connect4"
    # English, marked for the catalogue; translated where shown (N_: fixed at import).
    description: ClassVar[str] = N_(
        "Connect Four on a board of cols x rows (7 x 6 unless given): drop a disc into a column,"
        " four in a row wins; X moves first and is MAX"
    )
    position_help: ClassVar[str] = N_(
        "the columns played from the empty board, 1 = leftmost, e.g. 4453 (on a board of 10"
        " columns separated by commas or spaces: 4,4,10); or a diagram of the rows from the top,"
        " X, O and '.', rows separated by '/'"
    )
    move_help: ClassVar[str] = N_("a column number, 1 for the leftmost column")
    has_symmetry: ClassVar[bool] = True
    analysis_seconds: ClassVar[float | None] = 3.0
    example_position: ClassVar[str | None] = "5554224333234511764415115"  # Pons' Test_L2_R1
    #: Two plies between levels 2, 3 and 4: with the `threats` evaluation a search two plies
    #: deeper wins most decisive games (scripts/levels_connect4.py measures it).
    level_depths: ClassVar[Mapping[int, int]] = MappingProxyType({1: 1, 2: 2, 3: 4, 4: 6})
    parameters: ClassVar[tuple[Parameter, ...]] = (
        Parameter("cols", _size_parser("cols"), 7, N_("board columns, 4 to 10"), "N"),
        Parameter("rows", _size_parser("rows"), 6, N_("board rows, 4 to 10"), "N"),
    )

    def __init__(self, cols: int = 7, rows: int = 6) -> None:
        for label, value in (("cols", cols), ("rows", rows)):
            if isinstance(value, bool) or not isinstance(value, int) or not (
                    MIN_SIZE <= value <= MAX_SIZE):
                raise ValueError(_("{name} must be a whole number from {least} to {most}, got "
                                   "{text}").format(name=label, least=MIN_SIZE, most=MAX_SIZE,
                                                    text=repr(value)))
        self.cols, self.rows = cols, rows
        shape = self.shape = Shape(cols, rows)
        self._board, self._top, self._bottom = shape.board, shape.top, shape.bottom
        self._height = shape.height
        # A move's column: its bottom cell and all its cells, looked up by the move itself.
        self._base = {col + 1: 1 << col * shape.height for col in range(cols)}
        self._column = {col + 1: cells for col, cells in enumerate(shape.column)}
        # The columns still open, by which top cells are taken (at most 2**10 patterns).
        self._open: dict[int, tuple[int, ...]] = {}
        for taken in range(1 << cols):
            tops = sum(shape.bit(col, rows - 1) for col in range(cols) if taken >> col & 1)
            self._open[tops] = tuple(col + 1 for col in range(cols) if not taken >> col & 1)
        # The default first: `threats` (depth d + 2 beats depth d, scripts/levels_connect4.py).
        self._evaluations = {"threats": make_threat_evaluator(shape),
                             "windows": make_evaluator(shape)}
        self._order = make_orderer(shape)
        self._kernel: ProofKernel | None = None

    def __repr__(self) -> str:
        return f"ConnectFour(cols={self.cols}, rows={self.rows})"

    # --- the rules -------------------------------------------------------------------------------
    def initial_state(self) -> State:
        return (0, 0)

    def to_move(self, state: State) -> int:
        return state[1].bit_count() & 1

    def _won(self, discs: int) -> bool:
        """Four in a row (the directions unrolled: this runs at every node)."""
        height = self._height
        pairs = discs & (discs >> 1)
        if pairs & (pairs >> 2):
            return True
        pairs = discs & (discs >> height)
        if pairs & (pairs >> 2 * height):
            return True
        pairs = discs & (discs >> (height - 1))
        if pairs & (pairs >> 2 * (height - 1)):
            return True
        pairs = discs & (discs >> (height + 1))
        return bool(pairs & (pairs >> 2 * (height + 1)))

    def legal_moves(self, state: State) -> tuple[int, ...]:
        cur, mask = state
        if self._won(cur ^ mask):
            return ()
        return self._open[mask & self._top]

    def play(self, state: State, move: int) -> State:
        cur, mask = state
        disc = (mask + self._base[move]) & self._column[move]
        if not disc:
            raise ValueError(f"play: column {move} is full")
        return (cur ^ mask, mask | disc)

    def outcome(self, state: State) -> float | None:
        cur, mask = state
        if self._won(cur ^ mask):
            return 1 if mask.bit_count() & 1 else -1  # an odd count: X moved last
        if mask == self._board:
            return 0
        return None

    # --- notation --------------------------------------------------------------------------------
    def parse_position(self, text: str) -> State:
        """The columns played (`4453`) or a diagram; InvalidPositionError naming the problem."""
        return notation.parse(self.shape, text)

    def format_position(self, state: State) -> str:
        """The diagram: rows from the top, X, O and '.', separated by '/'."""
        return notation.format_diagram(self.shape, state)

    def play_order(self, state: State) -> list[int] | None:
        """Columns that reach `state` from the empty board (None when none was found)."""
        cur, mask = state
        x = cur if mask.bit_count() % 2 == 0 else cur ^ mask
        return notation.play_order(self.shape, x, mask ^ x)

    def parse_move(self, state: State, text: str) -> int:
        body = text.strip()
        form = _("a column number, 1 (leftmost) to {cols}").format(cols=self.cols)
        if not body or not all(char in _DIGITS for char in body):
            raise InvalidMoveError(_("invalid move {text}: expected {form}").format(
                text=quote(text), form=form))
        column = int(body) if len(body) <= 3 else 0
        if not 1 <= column <= self.cols:
            raise InvalidMoveError(_("invalid move {text}: there is no column {column}; expected "
                                     "{form}").format(text=quote(text),
                                                      column=quote(body.lstrip("0") or "0", 12),
                                                      form=form))
        value = self.outcome(state)
        if value is not None:
            verdict = (_("X has won") if value > 0 else _("O has won") if value < 0
                       else _("it is a draw"))
            raise IllegalMoveError(_("illegal move {text}: the game is over ({verdict})").format(
                text=quote(text), verdict=verdict))
        if state[1] & self._top & self._column[column]:
            raise IllegalMoveError(_("illegal move {text}: column {column} is full").format(
                text=quote(text), column=column))
        return column

    def format_move(self, state: State, move: int) -> str:
        return str(move)

    # --- optional hooks --------------------------------------------------------------------------
    def evaluators(self) -> Mapping[str, Evaluator[State]]:
        return self._evaluations

    def order_moves(self, state: State, moves: Sequence[int]) -> list[int]:
        return self._order(state, moves)

    def canonical_key(self, state: State) -> int:
        """One int for the position and its mirror image: the smaller of `cur + mask` (Pons' key,
        one int per position: each column holds its discs plus its height) and the same for the
        mirror image, times an odd constant. The product keeps keys apart and spreads them over
        the table's buckets, which the low bits alone (the first columns) would crowd (measured:
        half the nodes to depth 10 from a few openings)."""
        key = state[0] + state[1]
        mirrored = self.shape.mirror(key)
        return (key if key <= mirrored else mirrored) * _SPREAD

    def is_quiet(self, state: State) -> bool:
        """False while the player to move can win at once or must stop the opponent doing so."""
        cur, mask = state
        threats = self.shape.threats
        playable = (mask + self._bottom) & self._board
        return not (threats(cur, mask) | threats(cur ^ mask, mask)) & playable

    def grid(self, state: State) -> Grid:
        cur, mask = state
        x = cur if mask.bit_count() % 2 == 0 else cur ^ mask
        shape, cells = self.shape, []
        for row in range(self.rows - 1, -1, -1):
            for col in range(self.cols):
                bit = shape.bit(col, row)
                cells.append("X" if x & bit else "O" if mask & bit else None)
        return Grid(self.rows, self.cols, tuple(cells))

    def winning_line(self, state: State) -> tuple[int, ...] | None:
        """The cells (reading order) of every four of the player who just moved, or None."""
        cur, mask = state
        line = self.shape.fours(cur ^ mask)
        if not line:
            return None
        cells = []
        while line:
            low = line & -line
            cells.append(self.shape.reading_index(low.bit_length() - 1))
            line ^= low
        return tuple(sorted(cells))

    def proof_kernel(self) -> ProofKernel:
        """The core's exact proof search runs on this kernel (games/connect4/proof.py), with the
        switches the user set in the environment, read here, once (MINIMAX_PURE, MINIMAX_NO_BOOK)."""
        if self._kernel is None:
            from games.connect4.proof import ConnectFourKernel
            from minimax_cli.core.proof import ProofSwitches

            self._kernel = ConnectFourKernel(self.cols, self.rows,
                                             ProofSwitches.from_environment())
        return self._kernel
