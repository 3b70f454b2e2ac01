"""A chess position as the game protocol wants a state: immutable, hashable, a value.

`Position` wraps a python-chess `chess.Board` that nobody mutates after the position is made:
`play` copies the board and pushes the move on the copy. The copy keeps the whole move stack
(python-chess's own repetition and PGN functions work on `position.board`), copied as two plain
lists: `Board.copy()` copies each move object one by one, which made a long game's every move
cost as much as its length (the private `_stack` is why python-chess is pinned to 1.11;
tests/games/test_chess_position.py checks the copy against a board that pushed the same moves).

Equality and hash: the board's transposition key (python-chess's `_transposition_key()`: the
pieces, the side to move, the castling rights and an en passant square only where a capture
there is legal; 27 times faster than the public Zobrist hash) and the halfmove clock. The clock
is in because the 75-move rule ends the game by it, so two equal positions have the same moves
and, but for repetitions, the same outcome. The history (which earlier positions repeat) is not:
a position read from a FEN has none, and a FEN written and read back must give an equal
position. So two positions that differ only in how often they occurred before are equal, as a
transposition table treats them in every engine; `repetitions` still tells them apart. The key
leaves out the tuple's last entry when it is None (no en passant capture): Python 3.11 hashes None
by its address, and a hash that changes from run to run changes which table slots positions
share, so node counts would too.

Repetitions are counted on `history`, the transposition keys of the positions since the last
move that reset the clock (a capture or a pawn move, after which no earlier position can come
back), not by python-chess's `is_repetition`, which pops and pushes moves on the board.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, cast

import chess

#: Reading order of the squares for a grid: rank 8 first, file a first in each rank.
GRID_SQUARES: Final = tuple(chess.square(file, rank) for rank in range(7, -1, -1)
                            for file in range(8))
#: The Unicode chess symbols, White's then Black's, by piece type (pawn = 1 ... king = 6).
SYMBOLS: Final = {(chess.WHITE, kind): symbol for kind, symbol in zip(range(1, 7), "♙♘♗♖♕♔",
                                                                       strict=True)} | {
    (chess.BLACK, kind): symbol for kind, symbol in zip(range(1, 7), "♟♞♝♜♛♚", strict=True)}


class Ending(Enum):
    """Why a game of chess ends, or may be ended by a claim (the last two)."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient material"
    SEVENTY_FIVE_MOVES = "75-move rule"
    FIVEFOLD_REPETITION = "fivefold repetition"
    FIFTY_MOVES = "50-move rule"
    THREEFOLD_REPETITION = "threefold repetition"


def run_stable_key(board: chess.Board) -> tuple[object, ...]:
    """python-chess's transposition key without a trailing None, whose hash is the same in every
    run (see the module's docstring)."""
    found = cast("tuple[object, ...]", board._transposition_key())
    return found if found[-1] is not None else found[:-1]


class Position:
    """One position and what the draw rules need of its past; see the module docstring."""

    __slots__ = ("_ending", "_hash", "_moves", "board", "history", "key")

    def __init__(self, board: chess.Board, history: tuple[object, ...] = ()) -> None:
        self.board: Final = board
        self.key: Final = run_stable_key(board)
        #: Transposition keys of the positions since the clock was last reset, oldest first.
        self.history: Final = history
        self._hash = hash((self.key, board.halfmove_clock))
        self._moves: tuple[chess.Move, ...] | None = None
        self._ending: Ending | bool | None = False  # False: not known yet

    @classmethod
    def initial(cls) -> Position:
        return cls(chess.Board())

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Position) and self._hash == other._hash
                and self.key == other.key
                and self.board.halfmove_clock == other.board.halfmove_clock)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Position({self.board.fen()!r})"

    @property
    def white_to_move(self) -> bool:
        return self.board.turn == chess.WHITE

    @property
    def moves(self) -> tuple[chess.Move, ...]:
        """Every legal move by the rules of movement, also where a draw rule has ended the game."""
        if self._moves is None:
            self._moves = tuple(self.board.generate_legal_moves())
        return self._moves

    def play(self, move: chess.Move) -> Position:
        """The position after `move` (legal here), this one untouched."""
        parent = self.board
        board = parent.copy(stack=False)
        board.move_stack = parent.move_stack.copy()
        board._stack = parent._stack.copy()
        board.push(move)
        history = () if board.halfmove_clock == 0 else (*self.history, self.key)
        return Position(board, history)

    @property
    def repetitions(self) -> int:
        """How many times this position has occurred, this time included (as far as known)."""
        return 1 + self.history.count(self.key)

    @property
    def ending(self) -> Ending | None:
        """What has ended the game here (checkmate, stalemate, insufficient material, the
        75-move rule, fivefold repetition: the automatic endings), or None while it goes on."""
        if self._ending is False:
            self._ending = self._find_ending()
        return self._ending  # type: ignore[return-value]  # never False once found

    def _find_ending(self) -> Ending | None:
        board = self.board
        if not self.moves:
            return Ending.CHECKMATE if board.is_check() else Ending.STALEMATE
        if board.is_insufficient_material():
            return Ending.INSUFFICIENT_MATERIAL
        # A mate on the 75th move takes precedence (FIDE 9.6.2): there are moves here, no mate.
        if board.halfmove_clock >= 150:
            return Ending.SEVENTY_FIVE_MOVES
        # Five occurrences take at least 16 reversible plies: skip the count before that.
        if board.halfmove_clock >= 16 and self.repetitions >= 5:
            return Ending.FIVEFOLD_REPETITION
        return None

    def draw_claim(self) -> Ending | None:
        """A draw the player to move may claim here (FIDE 9.2, 9.3): threefold repetition of
        this position, or 50 moves of each side without a capture or a pawn move; None if
        neither (or the game is over). A claim made by writing a move that brings either
        about is `position.play(move).draw_claim()`."""
        if self.ending is not None:
            return None
        if self.board.halfmove_clock >= 8 and self.repetitions >= 3:
            return Ending.THREEFOLD_REPETITION
        if self.board.halfmove_clock >= 100:
            return Ending.FIFTY_MOVES
        return None

    @property
    def winner(self) -> bool | None:
        """chess.WHITE or chess.BLACK after a checkmate, else None."""
        if self.ending is Ending.CHECKMATE:
            return not self.board.turn
        return None

    def symbols(self) -> tuple[str | None, ...]:
        """The pieces as Unicode symbols in reading order (rank 8 first), None where empty."""
        board = self.board
        cells: list[str | None] = []
        for square in GRID_SQUARES:
            piece = board.piece_at(square)
            cells.append(None if piece is None else SYMBOLS[piece.color, piece.piece_type])
        return tuple(cells)

    def letters(self) -> tuple[str | None, ...]:
        """The pieces as FEN letters (K Q R B N P White's, k q r b n p Black's) in the same order,
        for a terminal that cannot show the symbols."""
        board = self.board
        return tuple(None if (piece := board.piece_at(square)) is None else piece.symbol()
                     for square in GRID_SQUARES)

    def checked_cell(self) -> int | None:
        """The grid cell (reading order) of the king in check, if the side to move is in check."""
        board = self.board
        king = board.king(board.turn)
        if king is None or not board.is_check():
            return None
        return GRID_SQUARES.index(king)
