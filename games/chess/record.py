"""Chess games as PGN (the Portable Game Notation), through python-chess's `chess.pgn`.

A game is written from the move stack its last position keeps (games/chess/position.py), so the
record holds every move since the position it started from, including those of a game read from a
PGN and continued; a game that did not start from the initial position gets its FEN and SetUp
headers. Reading takes the first game of a text, replays its main line through `Position.play`
(so repetitions are counted as in a game played here) and names the first problem in one line:
no game (neither a move nor a FEN header), a broken FEN header, an illegal or unreadable move.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

import chess
import chess.pgn

from games.chess.position import Position
from minimax_cli.core.game import IllegalMoveError, InvalidPositionError
from minimax_cli.core.i18n import _


class _QuietBuilder(chess.pgn.GameBuilder[chess.pgn.Game]):
    """python-chess's game builder, keeping an error in `game.errors` without logging it (the
    error is said once, in one line, by `read_pgn`)."""

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)


#: The longest PGN read, in characters: a long game is far shorter.
RECORD_LIMIT = 1_000_000


def result_text(result: float | None) -> str:
    """PGN's result tag: 1-0, 0-1, 1/2-1/2, or * while the game goes on (MAX is White)."""
    if result is None:
        return "*"
    return "1-0" if result > 0 else "0-1" if result < 0 else "1/2-1/2"


def write_pgn(position: Position, headers: Mapping[str, str], result: float | None) -> str:
    """The game that led to `position`, as PGN text ending with a newline."""
    game = chess.pgn.Game.from_board(position.board)
    for name, value in headers.items():
        game.headers[name] = value
    game.headers["Result"] = result_text(result)
    return str(game) + "\n"


def read_pgn(text: str) -> Position:
    """The position after the main line of the first game in `text`, its moves kept;
    InvalidPositionError or IllegalMoveError in one line."""
    if len(text) > RECORD_LIMIT:
        raise InvalidPositionError(_("the PGN has more than {limit} characters").format(
            limit=RECORD_LIMIT))
    try:
        game = chess.pgn.read_game(io.StringIO(text), Visitor=_QuietBuilder)
    except (ValueError, IndexError) as error:
        raise InvalidPositionError(_("the PGN cannot be read: {error}").format(
            error=str(error)[:80])) from None
    if game is None or (game.next() is None and "FEN" not in game.headers and not game.errors):
        raise InvalidPositionError(_("no game found in the PGN: no moves and no FEN"))
    if game.errors:
        raise IllegalMoveError(_("the PGN cannot be read: {error}").format(
            error=str(game.errors[0]).split(" in ")[0][:80]))
    try:
        board = game.board()
    except ValueError as error:
        raise InvalidPositionError(_("the PGN's FEN header is not a position: {error}").format(
            error=str(error)[:80])) from None
    position = Position(board)
    for ply, move in enumerate(game.mainline_moves(), start=1):
        if move not in position.moves:
            raise IllegalMoveError(_("the PGN's move {ply} ({move}) is not legal").format(
                ply=ply, move=move.uci()))
        position = position.play(move)
    return position


def read_pgn_games(text: str) -> list[tuple[Position, tuple[chess.Move, ...]]]:
    """Every game of a PGN text: the position each starts from and its main line, each move
    checked legal; IllegalMoveError naming the game and the move, InvalidPositionError for a
    broken FEN header or a text with no game."""
    stream = io.StringIO(text)
    games: list[tuple[Position, tuple[chess.Move, ...]]] = []
    while True:
        try:
            game = chess.pgn.read_game(stream, Visitor=_QuietBuilder)
        except (ValueError, IndexError) as error:
            raise InvalidPositionError(_("the PGN cannot be read: {error}").format(
                error=str(error)[:80])) from None
        if game is None:
            break
        number = len(games) + 1
        if game.errors:
            raise IllegalMoveError(_("the PGN's game {number} cannot be read: {error}").format(
                number=number, error=str(game.errors[0]).split(" in ")[0][:80]))
        try:
            board = game.board()
        except ValueError as error:
            raise InvalidPositionError(_("the PGN's game {number} has a FEN header that is not "
                                         "a position: {error}").format(
                                             number=number, error=str(error)[:80])) from None
        moves = tuple(game.mainline_moves())
        for ply, move in enumerate(moves, start=1):
            if not board.is_legal(move):
                raise IllegalMoveError(_("the PGN's game {number}, move {ply} ({move}) is not "
                                         "legal").format(number=number, ply=ply,
                                                         move=move.uci()))
            board.push(move)
        games.append((Position(game.board()), moves))
    if not games:
        raise InvalidPositionError(_("no game found in the PGN: no moves and no FEN"))
    return games
