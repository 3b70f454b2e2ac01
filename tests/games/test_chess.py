"""Chess's rules through the game protocol: perft counts from the literature, every ending named in
English and Spanish, the claimable draws, the position's equality and immutability, the grid, and
python-chess loaded only by chess (and one line, exit 2, without it)."""

from __future__ import annotations

import builtins
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import chess
import pytest

from games.chess.game import Chess
from games.chess.position import Ending, Position
from minimax_cli.core import GameError
from tests.cli.entry import run_main

GAME = Chess()
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def perft(state: Position, depth: int) -> int:
    """Move sequences of `depth` plies, by the game's legal_moves and play alone."""
    moves = GAME.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(GAME.play(state, move), depth - 1) for move in moves)


def played(*moves: str, start: str = "startpos") -> Position:
    state = GAME.parse_position(start)
    for text in moves:
        state = GAME.play(state, GAME.parse_move(state, text))
    return state


def test_perft_of_the_initial_position_and_of_kiwipete() -> None:
    # The standard counts (chessprogramming.org, "Perft Results"): 20, 400, 8,902; Kiwipete 48, 2,039.
    start = GAME.initial_state()
    assert [perft(start, depth) for depth in (1, 2, 3)] == [20, 400, 8_902]
    kiwipete = GAME.parse_position(KIWIPETE)
    assert [perft(kiwipete, depth) for depth in (1, 2)] == [48, 2_039]


def test_white_is_max_and_moves_first() -> None:
    start = GAME.initial_state()
    assert GAME.to_move(start) == 0
    assert GAME.to_move(played("e4")) == 1
    assert GAME.outcome(start) is None and GAME.ending_words(start) is None


@pytest.mark.parametrize(("state", "value", "ending", "english", "spanish"), [
    (played("f3", "e5", "g4", "Qh4#"), -1, Ending.CHECKMATE, "checkmate: Black wins",
     "jaque mate: ganan las negras"),
    (played("Rh8", start="k7/8/1K6/8/8/8/8/7R w - - 149 100"), 1, Ending.CHECKMATE,
     "checkmate: White wins", "jaque mate: ganan las blancas"),  # mate on the 75th move wins
    (GAME.parse_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), 0, Ending.STALEMATE,
     "stalemate: a draw", "rey ahogado: tablas"),
    (played("Kxf2", start="8/8/8/4k3/8/8/5q2/4KB2 w - - 0 1"), 0,
     Ending.INSUFFICIENT_MATERIAL, "a draw: neither side has the material to mate",
     "tablas: ningún bando tiene material para dar mate"),
    (played("Rh2", start="k7/8/1K6/8/8/8/8/7R w - - 149 100"), 0, Ending.SEVENTY_FIVE_MOVES,
     "a draw by the 75-move rule", "tablas por la regla de los 75 movimientos"),
    (played(*["Nf3", "Nf6", "Ng1", "Ng8"] * 4), 0, Ending.FIVEFOLD_REPETITION,
     "a draw by fivefold repetition", "tablas por quíntuple repetición"),
])
def test_every_ending_is_named_in_english_and_spanish(
        state: Position, value: int, ending: Ending, english: str, spanish: str,
        speak: Callable[[str], None]) -> None:
    assert GAME.outcome(state) == value
    assert GAME.ending(state) is ending
    assert GAME.legal_moves(state) == ()
    assert GAME.draw_claim(state) is None  # the game is over: nothing left to claim
    words = GAME.ending_words(state)
    assert words is not None and words.startswith(english)
    speak("es")
    words = GAME.ending_words(state)
    assert words is not None and words.startswith(spanish)


def test_a_move_short_of_an_automatic_draw_the_game_goes_on() -> None:
    assert GAME.outcome(played(*["Nf3", "Nf6", "Ng1", "Ng8"] * 3, "Nf3", "Nf6", "Ng1")) is None
    assert GAME.outcome(GAME.parse_position("k7/8/1K6/8/8/8/8/7R w - - 149 100")) is None
    # Knight and king against king with a pawn left: not insufficient material.
    assert GAME.outcome(GAME.parse_position("8/8/8/4k3/8/8/p7/4KN2 w - - 0 1")) is None


def test_the_claimable_draws_are_named_and_do_not_end_the_game(
        speak: Callable[[str], None]) -> None:
    threefold = played(*["Nf3", "Nf6", "Ng1", "Ng8"] * 2)
    assert threefold.repetitions == 3
    assert GAME.outcome(threefold) is None
    assert GAME.draw_claim(threefold) is Ending.THREEFOLD_REPETITION
    assert GAME.draw_claim(played(*["Nf3", "Nf6", "Ng1", "Ng8"], "Nf3")) is None
    fifty = GAME.parse_position("8/8/8/4k3/8/8/8/R3K3 w - - 100 80")
    assert GAME.outcome(fifty) is None and GAME.draw_claim(fifty) is Ending.FIFTY_MOVES
    assert GAME.draw_claim(GAME.parse_position("8/8/8/4k3/8/8/8/R3K3 w - - 99 80")) is None
    assert (GAME.ending_words(threefold) or "").startswith(
        "a draw may be claimed by threefold repetition")
    speak("es")
    assert (GAME.ending_words(fifty) or "").startswith(
        "puedes reclamar tablas por la regla de los 50 movimientos")


def test_claims_agree_with_python_chess() -> None:
    """Our counts on the position's own history, python-chess's by replaying the board's stack
    (copied by play as plain lists: the private `_stack` of the pinned version)."""
    state = GAME.initial_state()
    for ply, text in enumerate(["Nf3", "Nf6", "Ng1", "Ng8"] * 4):
        state = GAME.play(state, GAME.parse_move(state, text))
        board = chess.Board()
        for move in state.board.move_stack:
            board.push(move)
        assert state.board.move_stack == board.move_stack and len(state.board._stack) == ply + 1
        assert state.board.is_fivefold_repetition() == board.is_fivefold_repetition()
        assert (state.ending is Ending.FIVEFOLD_REPETITION) == board.is_fivefold_repetition()
        assert (state.draw_claim() is not None) == (
            not board.is_fivefold_repetition() and board.is_repetition(3))


def test_python_chess_is_the_pinned_version_with_its_private_names() -> None:
    assert chess.__version__.startswith("1.11.")
    board = chess.Board()
    assert board._transposition_key() == (*Position(board).key, None)  # no en passant here
    assert isinstance(board._stack, list)


def test_equal_positions_are_equal_by_key_and_clock_not_by_history() -> None:
    one = played("Nf3", "Nc6", "Nc3")
    other = played("Nc3", "Nc6", "Nf3")
    assert one == other and hash(one) == hash(other)
    assert one.board.move_stack != other.board.move_stack
    # The same pieces with another halfmove clock: a different position for the 75-move rule.
    assert GAME.parse_position(KIWIPETE) != GAME.parse_position(KIWIPETE.replace(" 0 1", " 7 1"))
    # Back to the start twice: equal to its FEN read again, which knows no history.
    twice = played("Nf3", "Nf6", "Ng1", "Ng8")
    again = GAME.parse_position(GAME.format_position(twice))
    assert twice == again and hash(twice) == hash(again)
    assert (twice.repetitions, again.repetitions) == (2, 1)
    assert twice != GAME.initial_state()  # the clock is 4
    # An en passant square counts only where the capture is legal (python-chess's key).
    assert played("e4").key == GAME.parse_position(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key


def test_play_never_changes_a_position() -> None:
    state = GAME.parse_position(KIWIPETE)
    before = (state.board.fen(), list(state.board.move_stack), hash(state))
    for move in GAME.legal_moves(state):
        GAME.play(state, move)
    assert (state.board.fen(), list(state.board.move_stack), hash(state)) == before


def test_the_grid_has_the_pieces_as_unicode_symbols_rank_8_first() -> None:
    grid = GAME.grid(GAME.initial_state())
    assert (grid.rows, grid.cols) == (8, 8)
    assert "".join(grid.cells[:8]) == "♜♞♝♛♚♝♞♜"
    assert "".join(grid.cells[56:]) == "♖♘♗♕♔♗♘♖"
    assert grid.cells[16:48] == (None,) * 32
    assert GAME.grid(played("e4")).cells[36] == "♙"  # e4: rank 4 is the fifth row, file e


def loaded_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_listing_the_games_does_not_import_python_chess() -> None:
    modules = loaded_after(  # the commands' own output kept out of the list of modules
        "import contextlib, io\nfrom minimax_cli.cli.app import app\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n        app(['games'], standalone_mode=False)\n"
        "    except SystemExit:\n        pass")
    assert "games.chess.game" in modules
    assert "chess" not in modules and "games.chess.position" not in modules


@pytest.fixture
def without_chess(monkeypatch: pytest.MonkeyPatch) -> None:
    """python-chess made unimportable, as on a machine without the `chess` extra."""
    real_import = builtins.__import__

    def no_chess(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "chess" or name.startswith("chess."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_chess)
    for name in [n for n in sys.modules if n == "chess" or n.startswith("chess.")
                 or n.startswith("games.chess.")]:
        monkeypatch.delitem(sys.modules, name)


@pytest.mark.usefixtures("without_chess")
def test_without_python_chess_making_the_game_says_how_to_install_it() -> None:
    with pytest.raises(GameError, match=r"chess needs python-chess.*pip install '\.\[chess\]'"):
        Chess()
    for argv in (["play", "chess"], ["analyze", "chess"], ["solve", "chess", "startpos"]):
        result = run_main(*argv)
        assert result.returncode == 2, result.stderr
        assert result.stderr.count("\n") == 1 and "pip install '.[chess]'" in result.stderr
        assert "Traceback" not in result.stderr
    shown = run_main("games", "chess")  # the game's page needs no python-chess: it says so
    assert shown.returncode == 0 and "needs python-chess" in shown.stdout
