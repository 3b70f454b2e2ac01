"""Chess read as chess in `analyze`: no move labels on empty squares, a king in check marked,
letters where the terminal cannot show symbols, White and Black, pawns and mates, SAN with UCI."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator
from rich.console import Console
from typer.testing import CliRunner

from tests.cli.entry import run_main
from tests.cli.test_report import SCHEMA_PATH

pytest.importorskip("chess")

from games.chess.game import Chess
from minimax_cli.cli.app import app
from minimax_cli.views.boards import BoardView, board

RUNNER = CliRunner()
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"  # Ra8#
CHECKED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"  # fool's mate


def rank_line(lines: list[str], rank: int) -> str:
    return next(line for line in lines if line.startswith(f"{rank} "))


def test_the_start_position_labels_no_empty_square_and_letters_stand_in_for_symbols() -> None:
    game = Chess()
    grid = game.grid(game.initial_state())
    view = BoardView(grid)
    unicode = [t.plain for t in view.lines(ascii_only=False)]
    assert "e4" not in rank_line(unicode, 4) and "Nf3" not in rank_line(unicode, 3)
    assert "♔" in rank_line(unicode, 1)
    letters = [t.plain for t in view.lines(ascii_only=True)]
    assert rank_line(letters, 1).split("|")[1:9] == [f" {p} " for p in "RNBQKBNR"]
    assert rank_line(letters, 8).split("|")[1:9] == [f" {p} " for p in "rnbqkbnr"]


def test_a_checked_king_is_marked_and_named_under_the_board() -> None:
    game = Chess()
    drawn = RUNNER.invoke(app, ["analyze", "chess", CHECKED, "--depth", "1"])
    assert "+♔+" in drawn.output and "in check + +: e1" in drawn.output
    start = game.initial_state()
    move = game.parse_move(start, "Nf3")
    after = game.play(start, move)
    console = Console(width=80, record=True)
    console.print(board(game, after, start, move))
    text = console.export_text()
    # The squares in the order a reader of moves expects: the one the knight left, then its own.
    assert "[♘]" in text and "last move [ ]: Nf3 (g1 f3)" in text


def test_analyze_names_white_and_writes_pawns() -> None:
    result = RUNNER.invoke(app, ["analyze", "chess", "startpos", "--depth", "1"])
    assert result.exit_code == 0
    assert "to move White" in result.output and "MAX (first player)" not in result.output
    assert "(heuristic estimate, not proven)" in result.output
    assert "value (White)" in result.output


def test_a_mate_in_one_is_a_mate_found_not_proven() -> None:
    result = RUNNER.invoke(app, ["analyze", "chess", MATE_IN_ONE, "--depth", "2"])
    assert result.exit_code == 0
    assert "mate in 1" in result.output and "#1" in result.output
    assert "perfect play" not in result.output and "optimal" not in result.output
    assert "not proven" in result.output


def test_json_gives_uci_beside_san_centipawns_and_the_mate_in_moves() -> None:
    start = json.loads(RUNNER.invoke(app, ["analyze", "chess", "startpos", "--depth", "1",
                                           "--json"]).output)
    nf3 = next(m for m in start["moves"] if m["move"] == "Nf3")
    assert nf3["uci"] == "g1f3" and nf3["cp"] == nf3["value"] and nf3["mate"] is None
    mate = json.loads(RUNNER.invoke(app, ["analyze", "chess", MATE_IN_ONE, "--depth", "2",
                                          "--json"]).output)
    assert mate["mate"] == 1 and mate["cp"] is None and mate["proven"] is False
    assert mate["moves"][0]["move"] == "Ra8#" and mate["moves"][0]["mate"] == 1
    assert all(m["optimal"] is None for m in mate["moves"])
    validator = Draft202012Validator(json.loads(SCHEMA_PATH.read_text()))
    for data in (start, mate):
        validator.validate(data)


def test_other_games_json_has_null_chess_fields() -> None:
    data = json.loads(RUNNER.invoke(app, ["analyze", "tictactoe", "--json"]).output)
    assert data["cp"] is None and data["mate"] is None
    assert all(m["uci"] is None and m["cp"] is None and m["mate"] is None for m in data["moves"])


def test_spanish_reports_write_spanish_piece_letters_and_json_stays_english() -> None:
    # A mate in 1 by the rook (Ra8#): T for the rook on screen in Spanish, R in the JSON.
    fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
    shown = run_main("--lang", "es", "analyze", "chess", fen, "--depth", "1")
    assert shown.returncode == 0, shown.stderr
    assert "Ta8#" in shown.stdout and "Ra8#" not in shown.stdout
    data = run_main("--lang", "es", "analyze", "chess", fen, "--depth", "1", "--json")
    assert '"best_move": "Ra8#"' in data.stdout
