"""Quiescence step by step and folded in the tree (issue 36, items 2 and 3): the trace of T2 at
depth 1 line by line, with its numbers from a material count written here; the folded quiet
search's counts against a plain alpha-beta quiescence over python-chess written here; the JSON
events against the schema; the same steps in Spanish and in the step player."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

pytest.importorskip("chess")

import chess

from games.chess.game import Chess
from minimax_cli.cli.app import app
from minimax_cli.core.i18n import text_of
from minimax_cli.core.result import Limits, SearchOptions, SearchResult
from minimax_cli.core.search import search
from minimax_cli.core.search.textbook import alphabeta
from minimax_cli.reports.trace import Walk
from minimax_cli.reports.trace_words import sentence_words
from minimax_cli.views.step import Walkthrough
from tests.cli.test_step import RIGHT, screens, sentence

RUNNER = CliRunner()
T2 = "r5k1/r4pp1/p6p/8/8/7P/R4PP1/R5K1 w - - 0 1"  # Rxa6? Rxa6 Rxa6 Rxa6
ARGS = ["analyze", "chess", T2, "-a", "alphabeta", "--depth", "1", "--eval", "material",
        "--quiescence"]
SCHEMA = Path(__file__).parents[2] / "minimax_cli" / "reports" / "schema" / "report.schema.json"
WEIGHTS = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500,
           chess.QUEEN: 900, chess.KING: 0}


def material(board: chess.Board) -> int:
    return sum(WEIGHTS[p.piece_type] * (1 if p.color else -1) for p in board.piece_map().values())


def after(*sans: str) -> chess.Board:
    board = chess.Board(T2)
    for san in sans:
        board.push_san(san)
    return board


def quiet(board: chess.Board, alpha: float, beta: float, count: list[int]) -> float:
    """Fail-soft alpha-beta quiescence from White's side: stand pat, then captures and
    promotions, each counted as a node (as the search counts the moves it plays)."""
    stand = material(board)
    white = board.turn == chess.WHITE
    if (stand >= beta) if white else (stand <= alpha):
        return stand
    best = stand
    for move in [m for m in board.legal_moves if board.is_capture(m) or m.promotion]:
        count[0] += 1
        board.push(move)
        value = quiet(board, max(alpha, best) if white else alpha,
                      beta if white else min(beta, best), count)
        board.pop()
        best = max(best, value) if white else min(best, value)
        if (best >= beta) if white else (best <= alpha):
            break
    return best


def searched() -> tuple[Chess, Any, SearchResult]:
    game = Chess()
    state = game.parse_position(T2)
    return game, state, alphabeta(game, state, Limits(depth=1),
                                  SearchOptions(evaluator="material", quiescence=True,
                                                trace=True))


def test_t2_at_depth_1_is_traced_line_by_line() -> None:
    game, state, result = searched()
    lines = [text_of(sentence_words(step, False, False))
             for step in Walk(game, state, result.trace).steps(result.best_move)]
    rook, back, again = (material(after("Rxa6")), material(after("Rxa6", "Rxa6")),
                         material(after("Rxa6", "Rxa6", "Rxa6")))
    final, quiet_move = material(after("Rxa6", "Rxa6", "Rxa6", "Rxa6")), material(after("Ra4"))
    assert (rook, back, again, final, quiet_move) == (0, -500, 0, -500, -100)  # the issue's
    assert lines[:9] == [
        "the root (MAX) is entered with α = -∞, β = +∞",
        "position Rxa6 (MIN): the depth limit is reached but the position is not quiet: "
        "quiescence search with α = -∞, β = +∞",
        f"stand pat at position Rxa6: MIN may stop with the static evaluation {rook}: "
        f"position Rxa6 ≤ {rook}",
        f"a capture is tried: position Rxa6 Rxa6 (MAX) with α = -∞, β = {rook}",
        f"stand pat at position Rxa6 Rxa6: MAX may stop with the static evaluation {back}: "
        f"position Rxa6 Rxa6 ≥ {back}, so position Rxa6 ≥ {back} and the root ≥ {back}",
        f"a capture is tried: position Rxa6 Rxa6 Rxa6 (MIN) with α = {back}, β = {rook}",
        f"stand pat at position Rxa6 Rxa6 Rxa6: MIN may stop with the static evaluation "
        f"{again}: position Rxa6 Rxa6 Rxa6 ≤ {again}, so position Rxa6 Rxa6 ≤ {again}",
        f"a capture is tried: position Rxa6 Rxa6 Rxa6 Rxa6 (MAX) is quiet (no capture left): "
        f"its static evaluation is {final}, so position Rxa6 Rxa6 Rxa6 = {final}, position "
        f"Rxa6 Rxa6 = {final} and position Rxa6 = {final}",
        f"position Ra5: depth cut, a quiet position (no capture): stand pat {quiet_move}, so "
        f"the root ≥ {quiet_move}",
    ]
    moves = [game.format_move(state, m) for m in game.legal_moves(state)]
    assert lines[9:-2] == [f"position {m}: depth cut, stand pat {quiet_move} ≤ α = "
                           f"{quiet_move}: cut-off, which changes nothing" for m in moves[2:-1]]
    assert lines[-2:] == [f"position {moves[-1]}: depth cut, stand pat {quiet_move} ≤ α = "
                          f"{quiet_move}: cut-off, so the root = {quiet_move}",
                          f"the root = {quiet_move}: MAX moves to Ra5"]
    assert len(lines) == 2 + 7 + len(moves) - 2 + 1 == 29  # one screen


def test_the_folded_quiet_search_counts_as_the_search_and_a_brute_force() -> None:
    game, state, result = searched()
    board, count = after("Rxa6"), [0]
    assert quiet(board, -float("inf"), float("inf"), count) == -500
    main = 1 + len(list(game.legal_moves(state)))  # the root and its depth cuts
    assert result.stats.nodes == main + count[0] == 25
    folded = RUNNER.invoke(app, [*ARGS, "--tree"], env={"COLUMNS": "120"}).output
    assert f"Rxa6 ▼ MIN  quiet search (stand pat 0): 1 capture, {count[0]} nodes, = -500" \
        in folded
    assert "Ra4 ▼ MIN  quiet search (stand pat -100): 0 captures, 0 nodes, ≤ -100" in folded
    assert "Rxa6 Rxa6 ▲ MAX" not in folded
    opened = RUNNER.invoke(app, [*ARGS, "--tree", "--tree-depth", "4"],
                           env={"COLUMNS": "120"}).output
    assert "Rxa6 Rxa6 ▲ MAX  α=-∞ β=0  = -500  (quiet search, stand pat -500)" in opened


def test_the_json_events_say_the_quiet_steps_within_the_schema() -> None:
    out = RUNNER.invoke(app, [*ARGS, "--trace", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(report)
    events = report["trace"]
    assert [(e["kind"], e.get("quiet"), e["value"]) for e in events[1:8]] == [
        ("quiet", "cut", None), ("stand", "cut", 0), ("enter", "capture", None),
        ("stand", "capture", -500), ("enter", "capture", None), ("stand", "capture", 0),
        ("stand", "capture", -500)]
    assert "quiet" not in events[0]


def test_spanish_and_the_step_player_say_the_same_steps() -> None:
    out = RUNNER.invoke(app, ["--lang", "es", *ARGS, "--trace"], env={"COLUMNS": "200"}).output
    # Moves in Spanish notation (Txa6 for Rxa6), as the course writes them.
    assert ("la posición Txa6 (MIN): se alcanza el límite de profundidad pero la posición no es "
            "estática: búsqueda de quiescencia con α = -∞, β = +∞") in out
    assert ("quedarse (stand pat) en la posición Txa6: MIN puede parar con la evaluación "
            "estática 0: la posición Txa6 ≤ 0") in out
    assert "la posición Ta4: corte por profundidad, quedarse (stand pat) -100 ≤ α = -100: poda" \
        in out
    events = json.loads(RUNNER.invoke(app, ["--lang", "es", *ARGS, "--trace", "--json"]).output)
    assert events["trace"][1]["node"] == "Rxa6"  # JSON writes moves as the game does, in English
    game, state, result = searched()
    walk = Walkthrough(game, state, result, engine=False, max_steps=40)
    shown = screens(walk, [RIGHT, RIGHT])
    said = sentence(shown[2])  # the board drawn beside it shares the lines
    assert "stand pat at position Rxa6: MIN may stop with the static" in said
    assert "evaluation 0: position Rxa6 ≤ 0" in said


# A knight takes a pawn that two pieces guard: the first recapture already refutes it.
GUARDED = "6k1/8/2np4/4p3/8/5N2/8/6K1 w - - 0 1"


def quiet_minimax(board: chess.Board, count: list[int]) -> int:
    """The quiet value with no pruning at all (minimax's quiescence), nodes counted."""
    stand, values = material(board), []
    for move in [m for m in board.legal_moves if board.is_capture(m) or m.promotion]:
        count[0] += 1
        board.push(move)
        values.append(quiet_minimax(board, count))
        board.pop()
    return max([stand, *values]) if board.turn == chess.WHITE else min([stand, *values])


def test_a_capture_cut_off_inside_the_quiet_search_and_minimax_trying_every_capture() -> None:
    base = ["analyze", "chess", GUARDED, "--depth", "1", "--eval", "material", "--quiescence",
            "--trace"]
    pruned = RUNNER.invoke(app, [*base, "-a", "alphabeta"], env={"COLUMNS": "200"}).output
    board = chess.Board(GUARDED)
    board.push_san("Nxe5")
    first = next(m for m in board.legal_moves if board.is_capture(m))
    skipped = board.san(next(m for m in board.legal_moves if board.is_capture(m) and m != first))
    board.push(first)
    refuted, board = material(board), chess.Board(GUARDED)
    assert refuted == -400 and material(board) == -200  # the knight lost for a pawn
    assert (f"position Nxe5 ≤ {refuted} ≤ α = -200: the rest of position Nxe5 is pruned, never "
            f"looked at: Nxe5 {skipped}") in pruned
    plain = RUNNER.invoke(app, [*base, "-a", "minimax", "--json"])
    report = json.loads(plain.output)
    count = [0]
    for move in list(board.legal_moves):
        count[0] += 1
        board.push(move)
        quiet_minimax(board, count)
        board.pop()
    assert report["stats"]["nodes"] == 1 + count[0]
    tried = [e for e in report["trace"] if e.get("quiet") == "capture"
             and e["node"].startswith("Nxe5 ")]
    assert sorted(e["node"] for e in tried) == sorted(["Nxe5 dxe5", "Nxe5 Nxe5"])


ITALIAN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


@pytest.mark.parametrize("fen", [T2, GUARDED, ITALIAN])
def test_captures_first_change_the_counts_of_the_quiet_search_never_its_value(fen: str) -> None:
    board = chess.Board(fen)
    values = []
    for move in list(board.legal_moves):
        board.push(move)
        values.append(quiet(board, -float("inf"), float("inf"), [0]))
        board.pop()
    game = Chess()
    state = game.parse_position(fen)
    found = {name: search(game, state, name, Limits(depth=1), evaluator="material",
                          quiescence=True) for name in ("alphabeta", "alphabeta-ordered")}
    assert {r.value for r in found.values()} == {max(values)}


def test_the_ordered_search_tries_captures_most_valuable_victim_first() -> None:
    game = Chess()
    state = game.parse_position("4k3/8/8/3q1r2/4P3/2N5/8/4K3 w - - 0 1")
    ordered = [game.format_move(state, m)
               for m in game.order_moves(state, game.legal_moves(state))]
    # exd5 and Nxd5 take the queen (the pawn first), exf5 the rook; then the quiet moves.
    assert ordered[:3] == ["exd5", "Nxd5", "exf5"]
    assert ordered[3:] == [game.format_move(state, m) for m in game.legal_moves(state)
                           if not game.format_move(state, m).count("x")]
