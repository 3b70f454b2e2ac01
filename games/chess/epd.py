"""EPD test-suite lines (Win at Chess, Bratko-Kopec, ...) read for `solve chess --batch`.

A line is the first four FEN fields and operations: `bm` (the best moves: the move played must be
one of them), `am` (the moves to avoid: it must be none of them) and `id` (its name); other
operations are kept out of the way. The four fields are read by games/chess/fen.py, so that a broken
one is named as in a FEN; the operations by python-chess's EPD parser (`Board.set_epd`), which reads
the moves in SAN. Every problem is one InvalidPositionError naming it; the caller adds the line's
number. Imported only when chess is asked for (python-chess, the `chess` extra).
"""

from __future__ import annotations

from collections.abc import Mapping

import chess

from games.chess.fen import parse_fen
from minimax_cli.core.game import InvalidPositionError
from minimax_cli.core.i18n import _
from minimax_cli.core.params import quote


def read_epd(text: str) -> tuple[chess.Board, str | None, tuple[chess.Move, ...],
                                 tuple[chess.Move, ...]]:
    """The board of the EPD line `text`, its `id` (None when it has none), its `bm` moves and its
    `am` moves; InvalidPositionError naming what is wrong (a FEN field, an operation, a move, a
    line with neither `bm` nor `am`, a position with no move to play)."""
    fields = text.split(maxsplit=4)
    if len(fields) < 4:
        raise InvalidPositionError(_(
            "{text}: an EPD line has 4 FEN fields (pieces, side to move, castling, en passant) "
            "and then its operations (bm, am, id)").format(text=quote(text)))
    parse_fen(" ".join(fields[:4]))  # names the broken field, if one is
    board = chess.Board()
    try:
        operations = board.set_epd(text)
    except ValueError as error:
        raise InvalidPositionError(_("{text}: {reason}").format(
            text=quote(fields[4] if len(fields) > 4 else text), reason=error)) from None
    best, avoid = _moves(operations, "bm"), _moves(operations, "am")
    if not best and not avoid:
        raise InvalidPositionError(_("{text}: no bm or am operation: nothing to judge the move "
                                     "by").format(text=quote(text)))
    if board.is_game_over():
        raise InvalidPositionError(_("{text}: the game is over in this position: no move to "
                                     "play").format(text=quote(text)))
    name = operations.get("id")
    return board, name if isinstance(name, str) else None, best, avoid


def _moves(operations: Mapping[str, object], key: str) -> tuple[chess.Move, ...]:
    value = operations.get(key)
    if isinstance(value, list):
        return tuple(move for move in value if isinstance(move, chess.Move))
    return ()


__all__ = ["read_epd"]
