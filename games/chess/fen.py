"""FEN read field by field, so that a broken FEN names the field that is wrong in one line.

A FEN has six fields separated by spaces: the pieces (rank 8 first, ranks separated by `/`,
digits for empty squares), the side to move (`w` or `b`), the castling rights (`-` or some of
`KQkq`), the en passant square (`-` or a square on rank 3 or 6), the halfmove clock and the move
number. The last two may be left out (as in EPD): 0 and 1. Each field is checked here, then the
position as a whole (one king each, no pawn on the first or last rank, the side not to move not in
check, castling rights that match kings and rooks on their squares, an en passant square behind a
pawn that has just moved two squares) by python-chess's `Board.status()`. A position that no game
can reach but the rules can play on (more than 8 pawns of a side, two bishops giving check at once)
is accepted: perft suites and composed problems use them.
"""

from __future__ import annotations

import re
from typing import Final

import chess

from minimax_cli.core.game import InvalidPositionError
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.params import quote

_RANK = re.compile(r"[pnbrqkPNBRQK1-8]+")
_CASTLING = re.compile(r"-|K?Q?k?q?")
_EN_PASSANT = re.compile(r"-|[a-h][36]")
_DIGITS = re.compile(r"[0-9]{1,6}")
#: The problems python-chess reports that the rules cannot play on, with the field of each.
_PROBLEMS: Final = (
    (chess.STATUS_EMPTY, 1, N_("the board is empty")),
    (chess.STATUS_NO_WHITE_KING, 1, N_("White has no king")),
    (chess.STATUS_NO_BLACK_KING, 1, N_("Black has no king")),
    (chess.STATUS_TOO_MANY_KINGS, 1, N_("more than one king of a colour")),
    (chess.STATUS_PAWNS_ON_BACKRANK, 1, N_("a pawn on the first or last rank")),
    (chess.STATUS_OPPOSITE_CHECK, 2, N_("the side not to move is in check")),
    (chess.STATUS_BAD_CASTLING_RIGHTS, 3, N_("a castling right without the king and the rook on "
                                             "their squares")),
    (chess.STATUS_INVALID_EP_SQUARE, 4, N_("no pawn has just moved two squares past it")),
)


def field_error(number: int, problem: str, text: str) -> InvalidPositionError:
    """`FEN field 3 (castling rights): ...`, naming the field by its number and its meaning."""
    names = {1: _("the pieces"), 2: _("the side to move"), 3: _("castling rights"),
             4: _("the en passant square"), 5: _("the halfmove clock"), 6: _("the move number")}
    return InvalidPositionError(_("{text}: FEN field {number} ({name}): {problem}").format(
        text=quote(text), number=number, name=names[number], problem=problem))


def _check_pieces(field: str, text: str) -> None:
    ranks = field.split("/")
    if len(ranks) != 8:
        raise field_error(1, _("8 ranks separated by '/', not {count}").format(count=len(ranks)),
                          text)
    for number, rank in zip(range(8, 0, -1), ranks, strict=True):
        if not _RANK.fullmatch(rank):
            raise field_error(1, _("rank {rank} is {found}: pieces are PNBRQK (White) and "
                                   "pnbrqk (Black), digits 1 to 8 count empty squares").format(
                rank=number, found=quote(rank, 20)), text)
        squares = sum(int(c) if c.isdigit() else 1 for c in rank)
        if squares != 8:
            raise field_error(1, _("rank {rank} ({found}) has {count} squares, not 8").format(
                rank=number, found=rank, count=squares), text)


def parse_fen(text: str) -> chess.Board:
    """The board of the FEN `text` (stripped, not empty); InvalidPositionError naming the field
    and what is wrong with it."""
    fields = text.split()
    if not 2 <= len(fields) <= 6 or len(fields) == 5:
        raise InvalidPositionError(_("{text}: a FEN has 6 fields separated by spaces (pieces, "
                                     "side to move, castling, en passant, halfmove clock, move "
                                     "number; the last two, or the last four, may be left out), "
                                     "not {count}").format(
            text=quote(text), count=len(fields)))
    if len(fields) < 4:
        fields += ["-"] * (4 - len(fields))
    if len(fields) == 4:
        fields += ["0", "1"]
    pieces, side, castling, en_passant, clock, number = fields
    _check_pieces(pieces, text)
    if side not in ("w", "b"):
        raise field_error(2, _("w or b, not {found}").format(found=quote(side, 12)), text)
    if not _CASTLING.fullmatch(castling) or not castling:
        raise field_error(3, _("- or some of KQkq in that order, not {found}").format(
            found=quote(castling, 12)), text)
    if not _EN_PASSANT.fullmatch(en_passant):
        raise field_error(4, _("- or a square on rank 3 or 6, not {found}").format(
            found=quote(en_passant, 12)), text)
    if not _DIGITS.fullmatch(clock):
        raise field_error(5, _("a whole number of at most 6 digits, not {found}").format(
            found=quote(clock, 12)), text)
    if not _DIGITS.fullmatch(number) or int(number) < 1:
        raise field_error(6, _("a whole number from 1, of at most 6 digits, not {found}").format(
            found=quote(number, 12)), text)
    board = chess.Board(" ".join(fields))
    status = board.status()
    for flag, field, problem in _PROBLEMS:
        if status & flag:
            raise field_error(field, _(problem), text)
    return board
