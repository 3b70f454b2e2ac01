"""m,n,k tic-tac-toe (gato, ta-te-ti, tres en raya): `rows` x `cols` cells, `k` in a row wins.

X moves first and is MAX (player 0); O is MIN (player 1). A state is the pair of bitboards
`(x_bits, o_bits)`: bit i is cell i in reading order, cell 0 the top-left corner. Everything the hot
methods need (line tests, move lists, evaluation counts, symmetry maps) is computed once in
`__init__`; boards of up to `_TABLE_CELLS` cells get lookup tables indexed by bit pattern.

Notation:
- a move is a cell number 1..rows*cols in reading order, or a coordinate: column letter a.. and row
  number, a1 being the bottom-left corner as on a chess board (on 3x3: 5 = b2 the centre,
  7 = a1, 3 = c3);
- a position is one character per cell in reading order, X, O and '.' (or '-' or '_') for an empty
  cell, any case, rows optionally separated by '/': `X.O/.X./..O`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar, Generic, Protocol, TypeVar

from minimax_cli.core.game import (
    Evaluator,
    Game,
    Grid,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Parameter,
)
from minimax_cli.core.i18n import N_, _, ngettext
from minimax_cli.core.params import parse_count, quote

State = tuple[int, int]
T = TypeVar("T")

MAX_SIZE = 8
#: Boards with at most this many cells get eager tables over all 2**cells bit patterns.
_TABLE_CELLS = 12
#: Larger boards up to this many cells memoise table entries as they are asked for.
_MEMO_CELLS = 16

_EMPTY_CHARS = frozenset(".-_")
_COORD = re.compile(r"([a-z])([0-9]+)", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]+")


def _size_parser(name: str) -> Callable[[str], object]:
    def parse(text: str) -> object:
        number = _small_count(text)
        if number is None or not 1 <= number <= MAX_SIZE:
            raise ValueError(_("{name} must be a whole number from 1 to {most}, got {text}").format(
                name=name, most=MAX_SIZE, text=quote(text)))
        return number

    return parse


def _small_count(text: str) -> int | None:
    """A count in any of the accepted forms (3, 1e1, 10**1), or None; never int() of a huge text."""
    try:
        return parse_count(text)
    except ValueError:
        return None


def _parse_k(text: str) -> object:
    number = _small_count(text)
    if number is None or not 1 <= number <= MAX_SIZE:
        raise ValueError(
            _("k must be a whole number from 1 to {most} (at most the longer side), got {text}")
            .format(most=MAX_SIZE, text=quote(text)))
    return number


class _IntTable(Protocol):
    def __getitem__(self, bits: int, /) -> int: ...


class _MovesTable(Protocol):
    def __getitem__(self, bits: int, /) -> tuple[int, ...]: ...


class _Computed(Generic[T]):
    """A table over bit patterns computed on demand, for boards too big to tabulate eagerly."""

    def __init__(self, compute: Callable[[int], T], memo: bool) -> None:
        self._compute = compute
        self._memo: dict[int, T] | None = {} if memo else None

    def __getitem__(self, bits: int, /) -> T:
        memo = self._memo
        if memo is None:
            return self._compute(bits)
        value = memo.get(bits)
        if value is None:
            value = memo[bits] = self._compute(bits)
        return value


def _small_int(digits: str) -> int:
    """A string of ASCII digits as an int; -1 when it has too many digits to be a cell or row
    (Python refuses to convert over 4,300 digits, and no board is that big)."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 6 else -1


def _cells_of(bits: int) -> tuple[int, ...]:
    cells = []
    while bits:
        low = bits & -bits
        cells.append(low.bit_length() - 1)
        bits ^= low
    return tuple(cells)


class TicTacToe(Game[State, int]):
    """m,n,k tic-tac-toe on bitboards; see the module docstring for the notation."""

    name: ClassVar[str] = "tictactoe"
    # English, marked for the catalogue; translated where shown (N_: fixed at import).
    description: ClassVar[str] = N_(
        "Tic-tac-toe (gato, ta-te-ti, tres en raya) on a rows x cols board, k in a row wins;"
        " X moves first and is MAX"
    )
    position_help: ClassVar[str] = N_(
        "one character per cell in reading order: X, O, and '.' (or '-', '_') for empty, any case;"
        " rows may be separated by '/', e.g. X.O/.X./..O"
    )
    move_help: ClassVar[str] = N_(
        "a cell number counted from 1 in reading order (top-left is 1), or a coordinate like"
        " b2: column letter a.. from the left, row number from the bottom (a1 is the bottom-left"
        " corner)"
    )
    has_symmetry: ClassVar[bool] = True
    parameters: ClassVar[tuple[Parameter, ...]] = (
        Parameter("rows", _size_parser("rows"), 3, N_("board rows, 1 to 8"), "N"),
        Parameter("cols", _size_parser("cols"), 3, N_("board columns, 1 to 8"), "N"),
        Parameter("k", _parse_k, 3, N_("marks in a row needed to win, at most the longer side"),
                  "K"),
    )

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3) -> None:
        for label, value in (("rows", rows), ("cols", cols)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIZE:
                raise ValueError(_("{name} must be a whole number from 1 to {most}, got {text}")
                                 .format(name=label, most=MAX_SIZE, text=repr(value)))
        longest = max(rows, cols)
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= longest:
            raise ValueError(
                _("k must be a whole number from 1 to {most} (the longer side), got {text}")
                .format(most=longest, text=repr(k)))
        self.rows, self.cols, self.k = rows, cols, k
        n = self.cells = rows * cols
        self._full = (1 << n) - 1

        lines = []
        for r in range(rows):
            for c in range(cols):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    er, ec = r + dr * (k - 1), c + dc * (k - 1)
                    if 0 <= er < rows and 0 <= ec < cols and (k > 1 or (dr, dc) == (0, 1)):
                        lines.append(sum(1 << ((r + dr * i) * cols + c + dc * i) for i in range(k)))
        self._lines: tuple[int, ...] = tuple(lines)
        self._lines_through: tuple[tuple[int, ...], ...] = tuple(
            tuple(line for line in lines if line >> cell & 1) for cell in range(n)
        )
        # Static move order: most lines through the cell first (centre, corners, edges on 3x3).
        by_degree = sorted(range(n), key=lambda cell: (-len(self._lines_through[cell]), cell))
        self._rank = [0] * n
        for position, cell in enumerate(by_degree):
            self._rank[cell] = position

        self._wins: _IntTable
        self._open: _IntTable
        self._threats: _IntTable
        self._moves: _MovesTable
        if n <= _TABLE_CELLS:
            self._wins = bytes(self._has_line(b) for b in range(1 << n))
            self._open = bytes(self._count_open(b) for b in range(1 << n))
            self._threats = [self._threat_cells(b) for b in range(1 << n)]
            self._moves = [_cells_of(b) for b in range(1 << n)]
        else:
            memo = n <= _MEMO_CELLS
            self._wins = _Computed(self._has_line, memo)
            self._open = _Computed(self._count_open, memo)
            self._threats = _Computed(self._threat_cells, memo)
            self._moves = _Computed(_cells_of, memo)
        self._init_symmetries()

    def __repr__(self) -> str:
        return f"TicTacToe(rows={self.rows}, cols={self.cols}, k={self.k})"

    # --- precomputation helpers ------------------------------------------------------------------
    def _has_line(self, bits: int) -> int:
        return int(any(bits & line == line for line in self._lines))

    def _count_open(self, bits: int) -> int:
        """How many lines `bits` has no mark on (lines still open for the other player)."""
        return sum(1 for line in self._lines if not bits & line)

    def _threat_cells(self, bits: int) -> int:
        """Cells that would complete a line for `bits` (the rest of the line already in `bits`)."""
        threats = 0
        for line in self._lines:
            missing = line & ~bits
            if missing and not missing & (missing - 1):
                threats |= missing
        return threats

    def _init_symmetries(self) -> None:
        rows, cols, n = self.rows, self.cols, self.cells

        def cell(r: int, c: int) -> int:
            return r * cols + c

        perms = [
            [cell(r, cols - 1 - c) for r in range(rows) for c in range(cols)],  # mirror left-right
            [cell(rows - 1 - r, c) for r in range(rows) for c in range(cols)],  # mirror up-down
            [cell(rows - 1 - r, cols - 1 - c) for r in range(rows) for c in range(cols)],  # 180
        ]
        if rows == cols:
            perms += [
                [cell(c, r) for r in range(rows) for c in range(cols)],  # transpose
                [cell(cols - 1 - c, rows - 1 - r) for r in range(rows) for c in range(cols)],
                [cell(c, cols - 1 - r) for r in range(rows) for c in range(cols)],  # quarter turn
                [cell(cols - 1 - c, r) for r in range(rows) for c in range(cols)],  # other turn
            ]
        # perm[i] is the cell that cell i moves to. Map bit patterns chunk by chunk via tables.
        self._chunk = n if n <= _TABLE_CELLS else 8
        chunk, chunks = self._chunk, -(-n // self._chunk)
        self._sym_tables: list[list[list[int]]] = []
        for perm in perms:
            tables = []
            for index in range(chunks):
                base = index * chunk
                width = min(chunk, n - base)
                table = [0] * (1 << width)
                for bits in range(1, 1 << width):
                    low = bits & -bits
                    table[bits] = table[bits ^ low] | 1 << perm[base + low.bit_length() - 1]
                tables.append(table)
            self._sym_tables.append(tables)
        self._single = [tables[0] for tables in self._sym_tables] if chunks == 1 else None

    def _map(self, tables: list[list[int]], bits: int) -> int:
        chunk, mask, result = self._chunk, (1 << self._chunk) - 1, 0
        for index, table in enumerate(tables):
            result |= table[bits >> (index * chunk) & mask]
        return result

    # --- the rules -------------------------------------------------------------------------------
    def initial_state(self) -> State:
        return (0, 0)

    def to_move(self, state: State) -> int:
        # X has one mark more than O exactly when O (player 1) is to move.
        return state[0].bit_count() - state[1].bit_count()

    def legal_moves(self, state: State) -> tuple[int, ...]:
        x, o = state
        wins = self._wins
        if wins[x] or wins[o]:
            return ()
        return self._moves[self._full ^ (x | o)]

    def play(self, state: State, move: int) -> State:
        x, o = state
        bit = 1 << move
        if not bit & (self._full ^ (x | o)):
            raise ValueError(f"play: cell index {move} is not an empty cell of this board")
        if x.bit_count() == o.bit_count():
            return (x | bit, o)
        return (x, o | bit)

    def outcome(self, state: State) -> float | None:
        x, o = state
        wins = self._wins
        if wins[x]:
            return 1
        if wins[o]:
            return -1
        if x | o == self._full:
            return 0
        return None

    def winning_line(self, state: State) -> tuple[int, ...] | None:
        """The cells of a completed line (for rendering), or None when nobody has one."""
        for bits in state:
            for line in self._lines:
                if bits & line == line:
                    return _cells_of(line)
        return None

    # --- notation --------------------------------------------------------------------------------
    def _position_form(self) -> str:
        example = "/".join(["." * self.cols] * self.rows)
        return _(
            "expected {cells} cells ({rows} rows of {cols}) in reading order, X, O and '.' (or"
            " '-', '_') for empty, rows optionally separated by '/', e.g. {example}"
        ).format(cells=self.cells, rows=self.rows, cols=self.cols, example=example)

    def parse_position(self, text: str) -> State:
        def fail(reason: str) -> InvalidPositionError:
            return InvalidPositionError(_("invalid position {text}: {reason}; {form}").format(
                text=repr(text), reason=reason, form=self._position_form()))

        body = "".join(text.split())
        if "/" in body:
            parts = body.split("/")
            if len(parts) != self.rows or any(len(part) != self.cols for part in parts):
                sizes = ", ".join(str(len(part)) for part in parts)
                raise fail(_("rows separated by '/' have {sizes} cells").format(sizes=sizes))
            body = "".join(parts)
        if len(body) != self.cells:
            raise fail(ngettext("it has {count} cell, not {cells}", "it has {count} cells, not {cells}",
                                len(body)).format(count=len(body), cells=self.cells))
        x = o = 0
        for index, char in enumerate(body):
            upper = char.upper()
            if upper == "X":
                x |= 1 << index
            elif upper == "O":
                o |= 1 << index
            elif char not in _EMPTY_CHARS:
                raise fail(_("unknown character {char}").format(char=repr(char)))
        nx, no = x.bit_count(), o.bit_count()
        if no > nx:
            raise fail(_("O has more marks than X ({o} to {x}), but X moves first").format(
                o=no, x=nx))
        if nx > no + 1:
            raise fail(_("X has {x} marks and O only {o}; players take turns").format(x=nx, o=no))
        x_won, o_won = self._has_line(x), self._has_line(o)
        if x_won and o_won:
            raise fail(_("both X and O have a line, but the game ends at the first one"))
        if x_won and nx == no:
            raise fail(_("X has a line, so the game was over, yet O moved after it"))
        if o_won and nx > no:
            raise fail(_("O has a line, so the game was over, yet X moved after it"))
        for bits, who in ((x, "X"), (o, "O")):
            if self._has_line(bits) and not any(
                not self._has_line(bits ^ 1 << cell) for cell in _cells_of(bits)
            ):
                raise fail(_("{player}'s lines could not all have been completed by one last move")
                           .format(player=who))
        return (x, o)

    def format_position(self, state: State) -> str:
        x, o = state
        chars = ["X" if x >> i & 1 else "O" if o >> i & 1 else "." for i in range(self.cells)]
        return "/".join(
            "".join(chars[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)
        )

    def _move_form(self) -> str:
        last = chr(ord("a") + self.cols - 1)
        return _(
            "a cell number 1 to {cells} in reading order, or a coordinate a1 to {last} (column"
            " letter from the left, row number from the bottom; a1 is the bottom-left corner)"
        ).format(cells=self.cells, last=f"{last}{self.rows}")

    def parse_move(self, state: State, text: str) -> int:
        body = text.strip()
        if _NUMBER.fullmatch(body):
            number = _small_int(body)
            if not 1 <= number <= self.cells:
                raise IllegalMoveError(
                    _("illegal move {text}: cell {cell} is off the board; cells are 1 to {cells}")
                    .format(text=repr(text), cell=body.lstrip("0") or 0, cells=self.cells))
            cell = number - 1
        elif coord := _COORD.fullmatch(body):
            col = ord(coord.group(1).lower()) - ord("a")
            row = _small_int(coord.group(2))
            if col >= self.cols or not 1 <= row <= self.rows:
                raise IllegalMoveError(_("illegal move {text}: {cell} is off the board; {form}")
                                       .format(text=repr(text), cell=body.lower(),
                                               form=self._move_form()))
            cell = (self.rows - row) * self.cols + col
        else:
            raise InvalidMoveError(_("invalid move {text}: expected {form}").format(
                text=repr(text), form=self._move_form()))
        result = self.outcome(state)
        if result is not None:
            verdict = {1: _("X has won"), -1: _("O has won")}.get(int(result), _("it is a draw"))
            raise IllegalMoveError(_("illegal move {text}: the game is over ({verdict})").format(
                text=repr(text), verdict=verdict))
        x, o = state
        if (x | o) >> cell & 1:
            owner = "X" if x >> cell & 1 else "O"
            raise IllegalMoveError(
                _("illegal move {text}: cell {cell} is already taken by {mark}").format(
                    text=repr(text), cell=cell + 1, mark=owner))
        return cell

    def format_move(self, state: State, move: int) -> str:
        return str(move + 1)

    # --- optional hooks --------------------------------------------------------------------------
    def evaluators(self) -> Mapping[str, Evaluator[State]]:
        return {"open-lines": self.open_lines}

    def open_lines(self, state: State) -> float:
        """The course's f(s): lines still open for X minus lines still open for O.

        A line is open for a player while the opponent has no mark on it.
        """
        x, o = state
        table = self._open
        return table[o] - table[x]

    def order_moves(self, state: State, moves: Sequence[int]) -> list[int]:
        """Winning moves first, then blocks of the opponent's immediate wins, then by lines
        through the cell (centre, corners, edges on 3x3)."""
        x, o = state
        mine, theirs = (x, o) if x.bit_count() == o.bit_count() else (o, x)
        empty = self._full ^ (x | o)
        threats = self._threats
        win, block = threats[mine] & empty, threats[theirs] & empty
        rank, n = self._rank, self.cells
        if not (win | block):
            return sorted(moves, key=rank.__getitem__)

        def key(move: int) -> int:
            bit = 1 << move
            return rank[move] - (2 * n if win & bit else n if block & bit else 0)

        return sorted(moves, key=key)

    def canonical_key(self, state: State) -> State:
        """The least (x, o) pair over the board's symmetries: 8 on a square board, 4 otherwise."""
        x, o = state
        best = state
        single = self._single
        if single is not None:
            for table in single:
                candidate = (table[x], table[o])
                if candidate < best:
                    best = candidate
            return best
        for tables in self._sym_tables:
            candidate = (self._map(tables, x), self._map(tables, o))
            if candidate < best:
                best = candidate
        return best

    def grid(self, state: State) -> Grid:
        x, o = state
        cells = tuple("X" if x >> i & 1 else "O" if o >> i & 1 else None for i in range(self.cells))
        return Grid(self.rows, self.cols, cells)
