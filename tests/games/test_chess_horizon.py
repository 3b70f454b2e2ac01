"""The horizon effect and quiescence (issue 36, item 1): the textbook searches' quiescence
(core/search/textbook_quiet.py) against a brute force written here over python-chess, the two
tables of the issue cell by cell, and `analyze --horizon` in words, in JSON and in Spanish."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from typer.testing import CliRunner

pytest.importorskip("chess")

import chess

from games.chess.game import Chess
from minimax_cli.cli.app import app
from minimax_cli.core.result import Limits, SearchOptions
from minimax_cli.core.search.textbook import alphabeta, minimax
from minimax_cli.reports.horizon import Horizon, cell_text
from minimax_cli.services.horizon import focus_move, horizon

RUNNER = CliRunner()
T1 = "r4rk1/pp3ppp/2p5/3p4/8/8/PP3PPP/3QR1K1 w - - 0 1"  # Qxd5? cxd5
T2 = "r5k1/r4pp1/p6p/8/8/7P/R4PP1/R5K1 w - - 0 1"  # Rxa6? Rxa6 Rxa6 Rxa6

# The issue's tables: depth -> (focus without, best without, focus with, best with), centipawns.
TABLE_T1 = {1: (300, 300, -600, 200), 2: (-600, 200, -600, 200), 3: (-600, 300, -600, 200),
            4: (-600, 200, -600, 200)}
TABLE_T2 = {1: (0, 0, -500, -100), 2: (-500, -100, -500, -100), 3: (0, 0, -500, -100),
            4: (-500, -100, -500, -100)}

# --- an independent brute force: plain minimax and plain quiescence over python-chess ----------
WEIGHTS = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500,
           chess.QUEEN: 900, chess.KING: 0}


def material(board: chess.Board) -> int:
    return sum(WEIGHTS[p.piece_type] * (1 if p.color else -1) for p in board.piece_map().values())


def over(board: chess.Board) -> int | None:
    """The game's value where it ended (no mate is reached in the positions used: asserted)."""
    if board.is_checkmate():
        raise AssertionError("a mate: this brute force does not score mates")
    if board.is_stalemate() or board.is_insufficient_material():
        return 0
    return None


def quiet_value(board: chess.Board) -> int:
    ended = over(board)
    if ended is not None:
        return ended
    values = [material(board)]
    for move in list(board.legal_moves):
        if board.is_capture(move) or move.promotion:
            board.push(move)
            values.append(quiet_value(board))
            board.pop()
    return max(values) if board.turn else min(values)


def brute(board: chess.Board, depth: int, quiet: bool) -> int:
    ended = over(board)
    if ended is not None:
        return ended
    if depth == 0:
        return quiet_value(board) if quiet else material(board)
    values = []
    for move in list(board.legal_moves):
        board.push(move)
        values.append(brute(board, depth - 1, quiet))
        board.pop()
    return max(values) if board.turn else min(values)


# Captures and recaptures with a knight (insufficient material reachable); and a promotion, en
# passant and a capture together, Black to move after the first ply.
OTHERS = ["4k3/8/2p5/3p4/4P3/2N5/8/4K3 w - - 0 1", "4k3/1P6/8/3pP3/8/8/6r1/4K3 w - d6 0 1"]


@pytest.mark.parametrize("fen", OTHERS)
@pytest.mark.parametrize("quiet", [False, True])
def test_textbook_values_with_and_without_quiescence_are_the_brute_forces(fen: str,
                                                                          quiet: bool) -> None:
    game, board = Chess(), chess.Board(fen)
    state = game.parse_position(fen)
    options = SearchOptions(evaluator="material", quiescence=quiet)
    for depth in (1, 2):
        expected = brute(board, depth, quiet)
        assert minimax(game, state, Limits(depth=depth), options).value == expected
        assert alphabeta(game, state, Limits(depth=depth), options).value == expected
    for move in list(board.legal_moves):  # each root move's value, at depth 2
        board.push(move)
        expected = brute(board, 1, quiet)
        board.pop()
        child = game.play(state, move)
        assert alphabeta(game, child, Limits(depth=1), options).value == expected


def test_quiescence_follows_en_passant_and_promotions_and_is_off_by_default() -> None:
    game = Chess()
    state = game.parse_position(OTHERS[1])
    noisy = {game.format_uci(m) for m in game.noisy_moves(state)}
    assert noisy == {"e5d6", "b7b8q", "b7b8r", "b7b8b", "b7b8n"}
    t1 = game.parse_position(T1)
    qxd5 = game.play(t1, game.parse_move(t1, "Qxd5"))
    plain = alphabeta(game, qxd5, Limits(depth=0), SearchOptions(evaluator="material"))
    assert plain.value == 300  # the course's algorithm: no quiescence unless asked
    quiet = alphabeta(game, qxd5, Limits(depth=0),
                      SearchOptions(evaluator="material", quiescence=True))
    assert quiet.value == -600 and quiet.stats.nodes > 1  # cxd5 searched past the cut


def _table(fen: str, focus: str, depths: tuple[int, ...] = (1, 2, 3, 4)) -> Horizon:
    game = Chess()
    state = game.parse_position(fen)
    move = focus_move(game, state)
    assert move is not None and game.format_move(state, move) == focus
    return horizon(game, state, depths, move)


@pytest.mark.parametrize(("fen", "focus", "expected"),
                         [(T1, "Qxd5", TABLE_T1), (T2, "Rxa6", TABLE_T2)])
def test_the_issues_tables_cell_by_cell(fen: str, focus: str,
                                        expected: dict[int, tuple[int, ...]]) -> None:
    table = _table(fen, focus)
    found = {r.depth: tuple(c.score.number for c in (r.focus_plain, r.best_plain, r.focus_quiet,
                                                      r.best_quiet)) for r in table.rows}
    assert found == expected
    first = table.rows[0]
    assert first.best_plain.move == focus  # at depth 1 the capture alone looks best
    assert first.best_quiet.move != focus
    if fen == T2:
        assert first.best_quiet.move == "Ra5"  # among the moves worth -100


def _cli(*args: str) -> Any:
    result = RUNNER.invoke(app, ["analyze", "chess", *args])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())  # the lines as one: a terminal's width folds them


def test_the_horizon_command_says_what_happened_in_words_and_in_json() -> None:
    shown = _cli(T2, "--horizon", "1-3", "--move", "Rxa6")
    assert "Horizon effect: at depths 1 and 3" in shown
    assert "with it Rxa6 is worth −500 at every depth" in shown
    assert "pawn 100, knight and bishop 300, rook 500, queen 900" in shown
    data = json.loads(RUNNER.invoke(app, ["analyze", "chess", T2, "--horizon", "1-2",
                                          "--json"]).output)["horizon"]
    assert data["focus"] == "Rxa6" and data["evaluation"] == "material"
    assert data["rows"] == [
        {"depth": 1, "focus_without": {"cp": 0}, "best_without": {"cp": 0, "move": "Rxa6"},
         "focus_with": {"cp": -500}, "best_with": {"cp": -100, "move": "Ra5"}},
        {"depth": 2, "focus_without": {"cp": -500}, "best_without": {"cp": -100, "move": "Ra5"},
         "focus_with": {"cp": -500}, "best_with": {"cp": -100, "move": "Ra5"}}]
    assert any("Horizon effect: at depth 1 " in note for note in data["notes"])


def test_the_horizon_command_in_spanish_and_its_refusals() -> None:
    result = RUNNER.invoke(app, ["--lang", "es", "analyze", "chess", T1, "--horizon", "1-2"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "Efecto horizonte: a profundidad 1 " in said
    assert "búsqueda de quiescencia" in said and "posición estática" in said
    assert "con ella Dxd5 vale −600 a todas las profundidades" in said  # Spanish notation
    assert "Rh1, +200" in said and "Evaluación: solo el material" in said
    refused = RUNNER.invoke(app, ["analyze", "chess", T1, "--horizon", "1-7"])
    assert refused.exit_code == 2
    refused = RUNNER.invoke(app, ["analyze", "chess", T1, "--horizon", "1-2", "--depth", "3"])
    assert refused.exit_code == 2
    refused = RUNNER.invoke(app, ["analyze", "chess", T1, "--move", "Qxd5", "--depth", "1"])
    assert refused.exit_code == 2 and "--horizon" in refused.output


def test_cells_are_written_as_the_issue_writes_them() -> None:
    table = _table(T2, "Rxa6", (1, 2))
    assert [cell_text(r.focus_quiet.score) for r in table.rows] == ["−500"] * 2
    assert cell_text(table.rows[0].focus_plain.score) == "0"


def test_analyze_quiescence_turns_it_on_for_the_textbook_algorithms_only() -> None:
    def value(*switch: str) -> Any:
        shown = RUNNER.invoke(app, ["analyze", "chess", T2, "-a", "minimax", "--depth", "1",
                                    "--eval", "material", "--json", *switch])
        assert shown.exit_code == 0, shown.output
        return json.loads(shown.output)["value"]

    assert value() == 0  # Rxa6 looks safe: the plain algorithm, as the course gives it
    assert value("--quiescence") == -100  # the recapture seen: a quiet move is best
    for refused in (["-a", "mcts"], ["-a", "alphabeta", "--no-quiescence"], ["--compare"]):
        result = RUNNER.invoke(app, ["analyze", "chess", T2, "--quiescence", *refused])
        assert result.exit_code == 2, result.output


def test_the_horizon_table_is_saved_as_the_terminal_shows_it(tmp_path: Any) -> None:
    figure = tmp_path / "horizon.svg"
    _cli(T2, "--horizon", "1", "--save", str(figure))
    drawn = figure.read_text(encoding="utf-8")
    assert drawn.startswith("<svg") or "<svg" in drawn[:200]
    assert "Rxa6" in drawn and "Ra5" in drawn


@pytest.mark.parametrize(("fen", "drawn"), [(T1, ["d1-d5", "c6-d5"]), (T2, ["a2-a6", "a7-a6"])])
def test_the_board_shows_the_blunder_and_the_recapture_beyond_the_horizon(
        tmp_path: Any, fen: str, drawn: list[str]) -> None:
    board = chess.Board(fen)
    blunder = next(m for m in board.legal_moves if f"{m.uci()[:2]}-{m.uci()[2:]}" == drawn[0])
    board.push(blunder)
    # The recapture drawn is the only capture back (T1: cxd5; T2: Rxa6 by the a7 rook).
    assert [m for m in board.legal_moves if board.is_capture(m)] == [
        chess.Move.from_uci(drawn[1].replace("-", ""))]
    tex, svg = tmp_path / "h.board.tex", tmp_path / "h.board.svg"
    _cli(fen, "--horizon", "1", "--save", str(tex), "--save", str(svg))
    assert re.findall(r"markmoves=\{([^}]*)\}", tex.read_text(encoding="utf-8")) == drawn
    arrows = [e for e in ET.parse(svg).getroot().iter() if "arrow" in e.get("class", "")]
    assert len([e for e in arrows if e.tag.endswith("line")]) == 2
