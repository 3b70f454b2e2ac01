"""Chess moves read and written: SAN in English and in Spanish, and UCI.

Read, always: UCI (`g1f3`, `e7e8q`) and SAN (`Nf3`, `exd5`, `O-O`, `0-0-0`, `e8=Q`, `e8Q`, with or
without `x`, `+`, `#`, `!`, `?`), its piece letters English (K Q R B N) or Spanish (R rey, D dama,
T torre, A alfil, C caballo). Only R means two things (a rook in English, the king in Spanish): it
is read in the interface's language (minimax_cli.core.i18n), a rook in English and the king in
Spanish (a Spanish reader who wrote R for a rook is told that a rook is T), so that a move written
in either language reads back as itself in its language; the other letters are read whatever the
language. Written: SAN with English letters (`format_san`: the game's notation, the same in every
language, as JSON, PGN and UCI tools expect), or with Spanish ones when the interface speaks
Spanish (`spoken_san`, for what a person reads).

The move is found among the legal moves by what the text says (piece, target, the disambiguating
file or rank, promotion), not by python-chess's `parse_san`, so that a move that fails says why in
one line: no piece of that kind can reach the square, two can (and how to write each), the pawn
must be promoted, castling is not legal, or the text is not a move at all. Every failure is an
InvalidMoveError (not a move's notation) or an IllegalMoveError (a move, not legal here).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import chess

from minimax_cli.core.game import IllegalMoveError, InvalidMoveError
from minimax_cli.core.i18n import _, language
from minimax_cli.core.params import quote

#: The longest move text read (`Nb1xc3+!?` is 9 characters); longer text is refused unread.
MOVE_LIMIT: Final = 16

_UCI = re.compile(r"([a-h][1-8])([a-h][1-8])([qrbn]?)")
_SAN = re.compile(r"(?P<piece>[KQRBNDTAC])?(?P<file>[a-h])?(?P<rank>[1-8])?[x:]?"
                  r"(?P<to>[a-h][1-8])(?:=?(?P<promotion>[QRBNDTACqrbndtac]))?")
_CASTLING = {"O-O": True, "O-O-O": False}  # kingside?

#: Piece letters read in either language; R is added by the language (see the docstring).
_LETTERS: Final = {"K": chess.KING, "Q": chess.QUEEN, "B": chess.BISHOP, "N": chess.KNIGHT,
                   "D": chess.QUEEN, "T": chess.ROOK, "A": chess.BISHOP, "C": chess.KNIGHT}
_PROMOTIONS: Final = {**{k: v for k, v in _LETTERS.items() if v != chess.KING},
                      "R": chess.ROOK}
_TO_SPANISH: Final = str.maketrans("KQRBN", "RDTAC")


def spanish() -> bool:
    return language() == "es"


def piece_letters() -> dict[str, int]:
    """Letter -> piece type, as read in the interface's language now."""
    return {**_LETTERS, "R": chess.KING if spanish() else chess.ROOK}


def format_san(board: chess.Board, move: chess.Move) -> str:
    """`move` (legal on `board`) in SAN with English letters, whatever the language."""
    return board.san(move)


def spoken_letters() -> dict[int, str] | None:
    """The translation of SAN's piece letters for the interface's reader: Spanish's in Spanish
    (K Q R B N as R D T A C), None in English."""
    return {ord(english): letter for english, letter in zip("KQRBN", "RDTAC", strict=True)} \
        if spanish() else None


def spoken_san(board: chess.Board, move: chess.Move) -> str:
    """`move` (legal on `board`) in SAN, with Spanish piece letters when the interface is Spanish."""
    san = board.san(move)
    return san.translate(_TO_SPANISH) if spanish() else san


def parse(board: chess.Board, legal: Sequence[chess.Move], text: str) -> chess.Move:
    """The legal move (among `legal`, the moves of `board`) that `text` names; see the module
    docstring for what is read and what is raised."""
    body = text.strip()
    if len(body) > MOVE_LIMIT:
        raise InvalidMoveError(_("{text}: a move is at most {most} characters").format(
            text=quote(text), most=MOVE_LIMIT))
    uci = _UCI.fullmatch(body.lower()) if len(body) in (4, 5) else None
    if uci is not None:
        return _parse_uci(board, legal, body, chess.Move.from_uci(body.lower()))
    bare = body.rstrip("+#!?")
    castle = bare.replace("0", "O").upper()
    if castle in _CASTLING:
        return _castle(board, legal, body, _CASTLING[castle])
    san = _SAN.fullmatch(bare)
    if san is None:
        raise InvalidMoveError(not_a_move(body))
    return _parse_san(board, legal, body, san)


def not_a_move(body: str) -> str:
    if spanish():
        return _("{text}: not a move in SAN (Nf3, O-O, e8=Q) or UCI (g1f3)").format(
            text=quote(body)) + " " + _("(in Spanish: Cf3, e8=D)")
    return _("{text}: not a move in SAN (Nf3, O-O, e8=Q) or UCI (g1f3)").format(text=quote(body))


def _parse_uci(board: chess.Board, legal: Sequence[chess.Move], body: str,
               move: chess.Move) -> chess.Move:
    if move in legal:
        return move
    piece = board.piece_at(move.from_square)
    origin, target = chess.square_name(move.from_square), chess.square_name(move.to_square)
    if piece is None:
        raise IllegalMoveError(_("{text}: there is no piece on {square}").format(
            text=quote(body), square=origin))
    if piece.color != board.turn:
        message = (_("{text}: the piece on {square} is Black's, and White is to move")
                   if board.turn == chess.WHITE else
                   _("{text}: the piece on {square} is White's, and Black is to move"))
        raise IllegalMoveError(message.format(text=quote(body), square=origin))
    if move.promotion is None and chess.Move(move.from_square, move.to_square,
                                              chess.QUEEN) in legal:
        raise IllegalMoveError(_("{text}: a pawn reaching the last rank is promoted: write "
                                 "{example}").format(text=quote(body), example=body + "q"))
    raise IllegalMoveError(_("{text}: {piece} on {square} cannot go to {target}").format(
        text=quote(body), piece=the_piece(piece.piece_type), square=origin, target=target))


def _castle(board: chess.Board, legal: Sequence[chess.Move], body: str,
            kingside: bool) -> chess.Move:
    test = board.is_kingside_castling if kingside else board.is_queenside_castling
    for move in legal:
        if test(move):
            return move
    message = (_("{text}: castling kingside is not legal here") if kingside
               else _("{text}: castling queenside is not legal here"))
    raise IllegalMoveError(message.format(text=quote(body)))


def _parse_san(board: chess.Board, legal: Sequence[chess.Move], body: str,
               san: re.Match[str]) -> chess.Move:
    letter, promotion = san["piece"], san["promotion"]
    kind = chess.PAWN if letter is None else piece_letters()[letter]
    promoted = None if promotion is None else _PROMOTIONS[promotion.upper()]
    target = chess.parse_square(san["to"])
    file = None if san["file"] is None else "abcdefgh".index(san["file"])
    rank = None if san["rank"] is None else int(san["rank"]) - 1
    found = [move for move in legal
             if move.to_square == target and board.piece_type_at(move.from_square) == kind
             and (file is None or chess.square_file(move.from_square) == file)
             and (rank is None or chess.square_rank(move.from_square) == rank)
             and (promoted is None or move.promotion == promoted)]
    if len(found) == 1:
        return found[0]
    if not found:
        rooks = [move for move in legal if move.to_square == target
                 and board.piece_type_at(move.from_square) == chess.ROOK]
        if letter == "R" and kind == chess.KING and len(rooks) == 1:
            raise IllegalMoveError(_("{text}: the king cannot go to {square} (in Spanish notation "
                                     "R is the king; a rook is T: {rook})").format(
                text=quote(body), square=san["to"], rook=spoken_san(board, rooks[0])))
        raise IllegalMoveError(cannot_reach(body, kind, san["to"]))
    if promoted is None and all(move.promotion for move in found):
        example = san["to"] + ("=D" if spanish() else "=Q")
        raise IllegalMoveError(_("{text}: a pawn reaching the last rank is promoted: write "
                                 "{example}").format(text=quote(body), example=example))
    choices = sorted(spoken_san(board, move) for move in found)
    raise IllegalMoveError(ambiguous(body, kind, choices))


def cannot_reach(body: str, kind: int, square: str) -> str:
    """`Nf3: no knight can reach f3`, in the interface's language."""
    messages = {
        chess.PAWN: _("{text}: no pawn can reach {square}"),
        chess.KNIGHT: _("{text}: no knight can reach {square}"),
        chess.BISHOP: _("{text}: no bishop can reach {square}"),
        chess.ROOK: _("{text}: no rook can reach {square}"),
        chess.QUEEN: _("{text}: no queen can reach {square}"),
        chess.KING: _("{text}: the king cannot go to {square}"),
    }
    return messages[kind].format(text=quote(body), square=square)


def ambiguous(body: str, kind: int, choices: Sequence[str]) -> str:
    """`Nd2: two knights can — write Nbd2 or Nfd2`, in the interface's language."""
    numbers = {2: _("two"), 3: _("three"), 4: _("four"), 5: _("five"), 6: _("six"),
               7: _("seven"), 8: _("eight"), 9: _("nine"), 10: _("ten")}
    many = numbers.get(len(choices), str(len(choices)))
    messages = {
        chess.PAWN: _("{text}: {count} pawns can — write {choices}"),
        chess.KNIGHT: _("{text}: {count} knights can — write {choices}"),
        chess.BISHOP: _("{text}: {count} bishops can — write {choices}"),
        chess.ROOK: _("{text}: {count} rooks can — write {choices}"),
        chess.QUEEN: _("{text}: {count} queens can — write {choices}"),
    }
    listed = _("{some} or {last}").format(some=", ".join(choices[:-1]), last=choices[-1])
    return messages[kind].format(text=quote(body), count=many, choices=listed)


def the_piece(kind: int) -> str:
    """`the knight`, in the interface's language."""
    names = {chess.PAWN: _("the pawn"), chess.KNIGHT: _("the knight"),
             chess.BISHOP: _("the bishop"), chess.ROOK: _("the rook"),
             chess.QUEEN: _("the queen"), chess.KING: _("the king")}
    return names[kind]
