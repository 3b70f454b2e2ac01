"""The mate prover (core/search/mate.py) on chess's board, and `solve chess` over it: mates from
the shared test files proven with their N, a stalemate trap, no mate where there is none, and a
budget too small to claim anything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

chess = pytest.importorskip("chess")

from games.chess.board import ChessSearchBoard  # noqa: E402
from minimax_cli.cli.app import app  # noqa: E402
from minimax_cli.core.result import Limits  # noqa: E402
from minimax_cli.core.search.mate import MATES, NO_MATE, STOPPED, prove_mate  # noqa: E402

DATA = Path("/work/shared/data/chess")
if not DATA.exists():
    DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "chess"
#: Qf7 boxes the king in and stalemates it; no move mates at once, a king move mates in two.
STALEMATE_TRAP = "7k/8/5K2/8/8/8/Q7/8 w - - 0 1"


def first_fen(name: str) -> str:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return next(line.strip() for line in path.read_text().splitlines() if line.strip())


def prove(fen: str, max_moves: int, nodes: int | None = None):  # type: ignore[no-untyped-def]
    board = chess.Board(fen)
    return prove_mate(ChessSearchBoard(board), max_moves, Limits(nodes=nodes)), board


@pytest.mark.parametrize(("name", "moves"), [("sunfish-mate1.fen", 1), ("sunfish-mate2.fen", 2)])
def test_known_mates_are_proven_with_their_length(name: str, moves: int) -> None:
    found, board = prove(first_fen(name), 3)
    assert (found.found, found.moves, found.none_within) == (MATES, moves, moves - 1)
    for move in found.line:  # the line is legal and ends in mate
        board.push(move)
    assert board.is_checkmate() and len(found.line) == 2 * moves - 1


def test_the_stalemate_trap_is_no_mate_in_one() -> None:
    found, board = prove(STALEMATE_TRAP, 1)
    assert (found.found, found.none_within) == (NO_MATE, 1)
    found, board = prove(STALEMATE_TRAP, 2)
    assert (found.found, found.moves, board.san(found.line[0])[0]) == (MATES, 2, "K")


def test_no_mate_in_two_from_the_start() -> None:
    found, _ = prove(chess.STARTING_FEN, 2)
    assert (found.found, found.none_within, found.line) == (NO_MATE, 2, ())


def test_a_tiny_budget_claims_nothing() -> None:
    found, _ = prove(first_fen("sunfish-mate2.fen"), 3, nodes=3)
    assert (found.found, found.none_within, found.line, found.nodes) == (STOPPED, 0, (), 3)


def test_solve_chess_says_white_mates_in_json_and_words() -> None:
    fen = "1r4k1/8/5PP1/K7/6NR/7B/1r6/7R w - - 0 1"  # the second of sunfish-mate3.fen
    runner = CliRunner()
    out = runner.invoke(app, ["solve", "chess", fen, "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["facts"]["mate"] == "mates" and report["facts"]["moves"] == 3
    assert report["score"]["plies"] == 5 and report["pv"][-1].endswith("#")
    words = runner.invoke(app, ["--lang", "es", "solve", "chess", fen, "--nodes", "3"])
    assert words.exit_code == 0 and "presupuesto" in words.output
    refused = runner.invoke(app, ["solve", "tictactoe", "--max-moves", "2"])
    assert refused.exit_code == 2
