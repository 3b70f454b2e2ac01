"""Chess notation: SAN in English and Spanish and UCI read and written, FEN read and written, and
every refusal in one line that names the problem."""

from __future__ import annotations

from collections.abc import Callable

import chess
import pytest

from games.chess.game import Chess
from games.chess.notation import MOVE_LIMIT
from games.chess.position import Position
from minimax_cli.core import IllegalMoveError, InvalidMoveError, InvalidPositionError

GAME = Chess()
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#: Promotions with and without capture, en passant (b7-b5 just played... by FEN), checks.
PROMOTIONS = "1n2k3/P1P5/8/1pP5/8/8/8/4K3 w - b6 0 1"


def position(fen: str = "startpos") -> Position:
    return GAME.parse_position(fen)


def move_of(state: Position, text: str) -> str:
    return GAME.parse_move(state, text).uci()


@pytest.mark.parametrize("fen", [KIWIPETE, PROMOTIONS, "startpos"])
@pytest.mark.parametrize("language", ["en", "es"])
def test_every_legal_move_reads_back_as_written_and_by_uci(
        fen: str, language: str, speak: Callable[[str], None]) -> None:
    speak(language)
    state = position(fen)
    for move in GAME.legal_moves(state):
        assert GAME.parse_move(state, GAME.spoken_move(state, move)) == move
        assert GAME.parse_move(state, move.uci()) == move
        assert GAME.format_move(state, move) == state.board.san(move)  # English in any language
        if language == "en" or state.board.piece_type_at(move.from_square) != chess.ROOK:
            assert GAME.parse_move(state, GAME.format_move(state, move)) == move


def test_san_english_and_spanish(speak: Callable[[str], None]) -> None:
    start, kiwipete, promotions = position(), position(KIWIPETE), position(PROMOTIONS)
    assert move_of(start, "Nf3") == move_of(start, "Cf3") == move_of(start, "g1f3") == "g1f3"
    assert move_of(start, "e4") == "e2e4" and move_of(start, "Nc3+") == "b1c3"
    assert move_of(kiwipete, "O-O") == move_of(kiwipete, "0-0") == "e1g1"
    assert move_of(kiwipete, "O-O-O") == "e1c1"
    assert move_of(kiwipete, "Bxa6") == move_of(kiwipete, "Axa6") == move_of(kiwipete, "Ba6")
    assert move_of(kiwipete, "Qxf6") == move_of(kiwipete, "Dxf6") == "f3f6"
    assert move_of(kiwipete, "Rb1") == "a1b1"  # English R: a rook
    assert move_of(promotions, "a8=Q") == move_of(promotions, "a8=D") == "a7a8q"
    assert move_of(promotions, "a8Q") == move_of(promotions, "a7a8q") == "a7a8q"
    assert move_of(promotions, "axb8=N") == move_of(promotions, "axb8=C") == "a7b8n"
    assert move_of(promotions, "c8=R+") == move_of(promotions, "c8=T+") == "c7c8r"
    assert move_of(promotions, "cxb6") == "c5b6"  # en passant
    assert GAME.format_move(kiwipete, chess.Move.from_uci("e1g1")) == "O-O"
    assert GAME.format_move(promotions, chess.Move.from_uci("c7c8q")) == "c8=Q+"
    assert GAME.spoken_move(start, chess.Move.from_uci("g1f3")) == "Nf3"
    speak("es")
    assert GAME.spoken_move(start, chess.Move.from_uci("g1f3")) == "Cf3"
    assert GAME.format_move(start, chess.Move.from_uci("g1f3")) == "Nf3"  # JSON, PGN: English
    assert GAME.spoken_move(kiwipete, chess.Move.from_uci("f3f6")) == "Dxf6"
    assert GAME.spoken_move(kiwipete, chess.Move.from_uci("a1b1")) == "Tb1"
    assert GAME.spoken_move(kiwipete, chess.Move.from_uci("e1d1")) == "Rd1"
    assert GAME.spoken_move(kiwipete, chess.Move.from_uci("e1g1")) == "O-O"
    assert GAME.spoken_move(promotions, chess.Move.from_uci("c7c8q")) == "c8=D+"
    assert move_of(kiwipete, "Rd1") == "e1d1"  # Spanish R: the king
    assert move_of(kiwipete, "Tb1") == "a1b1" and move_of(start, "Nf3") == "g1f3"


@pytest.mark.parametrize(("fen", "text", "error", "message"), [
    ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "Nf3", IllegalMoveError,
     "'Nf3': no knight can reach f3"),
    ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", IllegalMoveError,
     "'Nd2': two knights can — write Nbd2 or Nfd2"),
    ("startpos", "e5", IllegalMoveError, "'e5': no pawn can reach e5"),
    ("startpos", "e9", InvalidMoveError,
     "'e9': not a move in SAN (Nf3, O-O, e8=Q) or UCI (g1f3)"),
    ("startpos", "Ke2", IllegalMoveError, "'Ke2': the king cannot go to e2"),
    ("startpos", "O-O", IllegalMoveError, "'O-O': castling kingside is not legal here"),
    ("startpos", "O-O-O", IllegalMoveError, "'O-O-O': castling queenside is not legal here"),
    ("startpos", "e3e4", IllegalMoveError, "'e3e4': there is no piece on e3"),
    ("startpos", "e7e5", IllegalMoveError,
     "'e7e5': the piece on e7 is Black's, and White is to move"),
    ("startpos", "e2e5", IllegalMoveError, "'e2e5': the pawn on e2 cannot go to e5"),
    (PROMOTIONS, "a8", IllegalMoveError,
     "'a8': a pawn reaching the last rank is promoted: write a8=Q"),
    (PROMOTIONS, "a7a8", IllegalMoveError,
     "'a7a8': a pawn reaching the last rank is promoted: write a7a8q"),
    ("startpos", "N" * (MOVE_LIMIT + 1), InvalidMoveError,
     f"a move is at most {MOVE_LIMIT} characters"),
    ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "e4", IllegalMoveError,
     "'e4': the game is over (checkmate: Black wins)"),
])
def test_a_refused_move_names_the_problem_in_one_line(
        fen: str, text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        GAME.parse_move(position(fen), text)
    assert message in str(raised.value) and "\n" not in str(raised.value)


def test_refusals_in_spanish(speak: Callable[[str], None]) -> None:
    speak("es")
    with pytest.raises(IllegalMoveError, match="'Cd2': pueden dos caballos; escribe Cbd2 o Cfd2"):
        GAME.parse_move(position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"), "Cd2")
    with pytest.raises(IllegalMoveError, match="'Cf3': ningún caballo puede llegar a f3"):
        GAME.parse_move(position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "Cf3")
    with pytest.raises(IllegalMoveError, match="'a8': un peón que llega a la última fila se "
                                               "corona: escribe a8=D"):
        GAME.parse_move(position(PROMOTIONS), "a8")
    with pytest.raises(IllegalMoveError, match=r"'Rb1': el rey no puede ir a b1 \(en notación "
                                               r"española R es el rey; una torre es T: Tb1\)"):
        GAME.parse_move(position(KIWIPETE), "Rb1")


def test_fen_reads_back_and_startpos_or_nothing_is_the_initial_position() -> None:
    start = GAME.initial_state()
    assert position("") == position("startpos") == position("  startpos ") == start
    assert GAME.format_position(start) == chess.STARTING_FEN
    for fen in (KIWIPETE, PROMOTIONS, "8/8/8/4k3/8/8/8/R3K3 w - - 100 80"):
        assert GAME.format_position(position(fen)) == fen
    # Clocks may be left out (EPD), and the side to move alone may follow the pieces.
    assert GAME.format_position(position("4k3/8/8/8/8/8/8/4K3 b")) == "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    assert GAME.format_position(position(KIWIPETE.removesuffix(" 0 1"))) == KIWIPETE


@pytest.mark.parametrize(("fen", "message"), [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
     "FEN field 1 (the pieces): 8 ranks separated by '/', not 7"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN field 1 (the pieces): "
     "rank 6 is '9': pieces are PNBRQK (White) and pnbrqk (Black)"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "FEN field 1 (the pieces): rank 7 (ppppppp) has 7 squares, not 8"),
    ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
     "FEN field 1 (the pieces): Black has no king"),
    ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "FEN field 1 (the pieces): a pawn on the first or last"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
     "FEN field 2 (the side to move): w or b, not 'x'"),
    ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", None),  # Black to move in check: a position
    ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", None),
    ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", None),
    ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "FEN field 2 (the side to move): the side not to move "
     "is in check"),
    ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "FEN field 3 (castling rights): a castling right without"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QK - 0 1",
     "FEN field 3 (castling rights): - or some of KQkq in that order, not 'QK'"),
    ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
     "FEN field 4 (the en passant square): no pawn has just moved two squares past it"),
    ("4k3/8/8/8/8/8/8/4K3 w - e4 0 1",
     "FEN field 4 (the en passant square): - or a square on rank 3 or 6, not 'e4'"),
    ("4k3/8/8/8/8/8/8/4K3 w - - x 1",
     "FEN field 5 (the halfmove clock): a whole number of at most 6 digits, not 'x'"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 0",
     "FEN field 6 (the move number): a whole number from 1, of at most 6 digits, not '0'"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0", "a FEN has 6 fields separated by spaces"),
    ("x", "a FEN has 6 fields separated by spaces"),
    ("8/" * 70, "a FEN is at most 120 characters"),
])
def test_a_broken_fen_names_its_field_in_one_line(fen: str, message: str | None) -> None:
    if message is None:
        assert GAME.format_position(position(fen)) == fen
        return
    with pytest.raises(InvalidPositionError) as raised:
        position(fen)
    assert message in str(raised.value) and "\n" not in str(raised.value)
