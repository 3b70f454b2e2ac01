"""`ChessSearchBoard`: the core's mutable search board (minimax_cli/core/board.py) over one
python-chess `Board`, moved by push and pop.

The key is the hash of `Board._transposition_key()`: a private method of python-chess (pinned at
1.11.2 by the `chess` extra; tests/games/chess/test_board.py holds it to its meaning), measured 27
times faster than the public `chess.polyglot.zobrist_hash`. It covers the pieces, the side to move,
the castling rights and a capturable en-passant square: what the legal moves and the value depend
on. The tuple ends in None when no en-passant capture is possible, and Python 3.11 hashes None by
its address, so that entry is dropped before hashing (`position_key`): the same position has the
same key in every run, and so the table's slots and the node counts are the same every run.

Repetition is counted per key along the game and the current line together: a position met once
before counts as a draw inside the search (the side that could avoid it would), which a count of
keys gives exactly, since the key changes for good with every capture, pawn move or lost castling
right. The 50-move rule is python-chess's half-move clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import cast

import chess

from games.chess.evaluation import EVALUATIONS, MATERIAL
from games.chess.position import run_stable_key

#: Capture gain of each piece type for ordering and delta pruning (the course's weights; the
#: king's only ranks attackers).
_VICTIM = (0, 100, 300, 300, 500, 900, 0)
_ATTACKER = (0, 1, 3, 3, 5, 9, 10)
#: Piece values for the static exchange evaluation (the course's weights; the king's is beyond
#: any exchange, so that it is the last to take and a capture of it ends the sequence).
_EXCHANGE = (0, 100, 300, 300, 500, 900, 20000)
PAWN_TYPE = chess.PAWN
#: Evaluations kept by key before the memo is emptied (about 100 bytes each).
EVALUATION_MEMO = 1 << 18


def position_key(board: chess.Board) -> int:
    """The board's transposition key, the same in every run (see the module's docstring)."""
    return hash(run_stable_key(board))


def mvv_lva(board: chess.Board, move: chess.Move) -> int:
    """The victim's value (a promotion adds the new piece less the pawn) less a tenth of the
    attacker's weight: most valuable victim first, least valuable attacker among equals; 0 for a
    quiet move. The engine's ordering (`ChessSearchBoard.capture_gain`) and `alphabeta-ordered`'s
    (`Chess.order_moves`) both sort by it."""
    target = move.to_square
    if (not board.occupied & (1 << target) and not move.promotion
            and (board.ep_square != target or not board.pawns & (1 << move.from_square))):
        return 0  # the quiet moves, most of them, without looking up a piece
    victim = board.piece_type_at(target)
    gain = _VICTIM[victim] if victim else 0
    if move.promotion:
        gain += MATERIAL[move.promotion] - MATERIAL[chess.PAWN]
    elif not victim:  # en passant
        gain = _VICTIM[chess.PAWN]
    attacker = board.piece_type_at(move.from_square)
    return gain - _ATTACKER[attacker or 0]


class ChessSearchBoard:
    """A python-chess board searched in place (the core's SearchBoard protocol)."""

    __slots__ = ("before", "board", "counts", "evaluation", "evaluations", "keys")

    def __init__(self, board: chess.Board, evaluation: str = "standard") -> None:
        self.board = board.copy()
        self.evaluation: Callable[[chess.Board], int] = EVALUATIONS[evaluation]
        self.keys: list[int] = []
        self.counts: dict[int, int] = {}
        #: Evaluations by key: quiescence meets the same positions by several capture orders.
        self.evaluations: dict[int, int] = {}
        #: The keys of the game's positions before this one (since its last irreversible move).
        self.before: frozenset[int] = frozenset()
        self._count_history()

    def _count_history(self) -> None:
        """Count the game's positions since its last irreversible move (repetitions of them are
        draws in the search too), then the position itself."""
        replay = self.board.copy()
        earlier: list[int] = []
        for _ in range(min(len(replay.move_stack), replay.halfmove_clock)):
            replay.pop()
            earlier.append(position_key(replay))
        for key in earlier:
            self.counts[key] = self.counts.get(key, 0) + 1
        self.before = frozenset(earlier)
        key = position_key(self.board)
        self.keys.append(key)
        self.counts[key] = self.counts.get(key, 0) + 1

    def moves(self) -> Iterator[chess.Move]:
        return self.board.generate_legal_moves()

    def noisy_moves(self) -> Iterator[chess.Move]:
        board = self.board
        yield from board.generate_legal_captures()
        pawns = board.pawns & board.occupied_co[board.turn]
        back = chess.BB_RANK_7 if board.turn else chess.BB_RANK_2
        if pawns & back:  # quiet promotions (captures that promote are captures)
            ranks = chess.BB_RANK_8 | chess.BB_RANK_1
            yield from board.generate_legal_moves(pawns & back, ranks & ~board.occupied)

    def push(self, move: chess.Move) -> None:
        board = self.board
        board.push(move)
        found = cast("tuple[object, ...]", board._transposition_key())
        key = hash(found if found[-1] is not None else found[:-1])  # position_key, inlined
        self.keys.append(key)
        counts = self.counts
        counts[key] = counts.get(key, 0) + 1

    def pop(self) -> None:
        self.board.pop()
        key = self.keys.pop()
        self.counts[key] -= 1

    def push_null(self) -> None:
        self.push(chess.Move.null())

    def pop_null(self) -> None:
        self.pop()

    def null_move_allowed(self) -> bool:
        board = self.board
        own = board.occupied_co[board.turn]
        return bool(own & ~(board.pawns | board.kings)) and not board.is_check()

    def key(self) -> int:
        return self.keys[-1]

    def in_check(self) -> bool:
        return self.board.is_check()

    def is_draw(self) -> bool:
        board = self.board
        return (self.counts[self.keys[-1]] > 1 or board.halfmove_clock >= 100
                or board.is_insufficient_material())

    def outcome(self) -> int | None:
        board = self.board
        if not any(board.generate_legal_moves()):
            return -1 if board.is_check() else 0
        if (self.counts[self.keys[-1]] >= 3 or board.halfmove_clock >= 100
                or board.is_insufficient_material()):
            return 0
        return None

    def checking_moves(self) -> Iterator[chess.Move]:
        """The legal moves that give check. A move lands a direct check when its piece attacks
        the king from the arrival square (the rays from the king, at the present occupancy, tell
        it for sliders: the square left behind lies on that ray only when the piece is the ray's
        first blocker, which is asked of python-chess); the moves that may uncover a check
        (a piece of ours first on a ray from the king), castling, en passant and promotions
        are asked of python-chess (a push and a pop each)."""
        board = self.board
        turn = board.turn
        king = board.king(not turn)
        if king is None:
            return
        occupied = board.occupied
        diagonal = chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occupied]
        straight = (chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & occupied]
                    | chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & occupied])
        # Squares from which a piece of each type checks the king (by python-chess's numbering).
        targets = (0, chess.BB_PAWN_ATTACKS[not turn][king], chess.BB_KNIGHT_ATTACKS[king],
                   diagonal, straight, diagonal | straight, 0)
        ask = (diagonal | straight) & board.occupied_co[turn]
        kings, pawns, ep_square = board.kings, board.pawns, board.ep_square
        piece_type_at, gives_check = board.piece_type_at, board.gives_check
        for move in board.generate_legal_moves():
            start = 1 << move.from_square
            if (start & ask or move.promotion or (start & kings and board.is_castling(move))
                    or (start & pawns and move.to_square == ep_square)):
                if gives_check(move):
                    yield move
            elif targets[piece_type_at(move.from_square) or 0] & (1 << move.to_square):
                yield move

    def drawn_by_rule(self) -> bool:
        board = self.board
        return (board.halfmove_clock >= 100 or self.keys[-1] in self.before
                or board.is_insufficient_material())

    def draw_clock(self) -> int:
        return 100 - self.board.halfmove_clock

    def evaluate(self) -> int:
        key = self.keys[-1]
        found = self.evaluations.get(key)
        if found is None:
            if len(self.evaluations) >= EVALUATION_MEMO:
                self.evaluations.clear()
            found = self.evaluations[key] = self.evaluation(self.board)
        return found

    def is_capture(self, move: chess.Move) -> bool:
        return self.board.is_capture(move)

    @property
    def capture_gain(self) -> Callable[[chess.Move], int]:
        """The ordering key of a noisy move (`mvv_lva` on this board; 0 for a quiet move),
        bound without a Python frame of its own: the ordering calls it for every move."""
        return partial(mvv_lva, self.board)

    def exchange(self, move: chess.Move) -> int:
        """The static exchange on `move`'s square in centipawns for the mover (pins ignored):
        the swap list of gains, each side taking with its least valuable attacker (x-rays seen
        as pieces leave the board), then folded back from the end, each side free to stop."""
        board = self.board
        target = move.to_square
        victim = board.piece_type_at(target)
        mover = board.piece_type_at(move.from_square) or chess.PAWN
        if victim is None:  # en passant or a quiet promotion
            victim = chess.PAWN if board.is_en_passant(move) else 0
        value = _EXCHANGE[victim]
        on_square = _EXCHANGE[mover]
        if move.promotion:
            value += _EXCHANGE[move.promotion] - _EXCHANGE[chess.PAWN]
            on_square = _EXCHANGE[move.promotion]
        gains = [value]
        occupied = board.occupied & ~(1 << move.from_square)
        side = not board.turn
        pieces = (board.pawns, board.knights, board.bishops, board.rooks, board.queens,
                  board.kings)
        while True:
            attackers = board.attackers_mask(side, target, occupied) & occupied
            if not attackers:
                break
            piece = PAWN_TYPE
            least = attackers & pieces[0]
            while not least:  # the least valuable attacker: one is there
                piece += 1
                least = attackers & pieces[piece - 1]
            gains.append(on_square - gains[-1])
            if max(-gains[-2], gains[-1]) < 0:
                break  # whoever took last has no reason to go on, nor the other side
            occupied &= ~(least & -least)
            on_square = _EXCHANGE[piece]
            side = not side
        while len(gains) > 1:
            last = gains.pop()
            gains[-1] = -max(-gains[-1], last)
        return gains[0]

    def losing_capture(self, move: chess.Move) -> bool:
        board = self.board
        if move.promotion:
            return self.exchange(move) < 0
        victim = board.piece_type_at(move.to_square)
        mover = board.piece_type_at(move.from_square)
        if victim is None or mover is None or _EXCHANGE[victim] >= _EXCHANGE[mover]:
            return False  # taking a piece worth as much as the taker, or a pawn en passant
        return self.exchange(move) < 0

    def quiet(self, move: chess.Move) -> bool:
        return not move.promotion and not self.board.is_capture(move)


__all__ = ["ChessSearchBoard"]
