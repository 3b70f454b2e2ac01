"""Move ordering measured (`analyze chess --compare`, core/search/ordering.py), against a plain
minimax and a perft-style count written here over python-chess with the material evaluation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from minimax_cli.cli.app import app
from minimax_cli.core.result import Limits, SearchOptions
from minimax_cli.core.score import WIN
from minimax_cli.core.search.ordering import (
    GENERATOR,
    KILLERS,
    MINIMAX,
    MVV,
    ROWS,
    TABLE,
    ordering_row,
)
from tests.cli.entry import run_main
from tests.cli.test_figures import html_text, shown_lines, svg_lines
from tests.cli.test_report import SCHEMA_PATH

chess = pytest.importorskip("chess")
from games.chess.game import Chess  # noqa: E402  (python-chess is needed first)

runner = CliRunner()
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"
#: White mates in one on the back rank (Ra8#): mates inside the depth, scored as wins.
BACK_RANK = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
#: Black to move, a rook down: pieces to capture and recapture at the first plies.
QUIET = "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1"
WEIGHTS = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500,
           chess.QUEEN: 900, chess.KING: 0}


def finished(board: chess.Board) -> bool:
    return (board.is_checkmate() or board.is_stalemate() or board.is_insufficient_material()
            or board.halfmove_clock >= 100)


def plain_minimax(board: chess.Board, depth: int, ply: int = 0) -> int:
    """Minimax from White's side: a mate is WIN - ply for the winner, a draw 0, the material
    (100/300/300/500/900) at the depth."""
    if board.is_checkmate():
        return ply - WIN if board.turn == chess.WHITE else WIN - ply
    if finished(board):
        return 0
    if depth == 0:
        return sum(weight * (len(board.pieces(kind, chess.WHITE)) -
                             len(board.pieces(kind, chess.BLACK)))
                   for kind, weight in WEIGHTS.items())
    values = []
    for move in list(board.legal_moves):
        board.push(move)
        values.append(plain_minimax(board, depth - 1, ply + 1))
        board.pop()
    return max(values) if board.turn == chess.WHITE else min(values)


def tree_size(board: chess.Board, depth: int) -> tuple[int, int]:
    """Nodes and leaves of the minimax tree: every position down to the depth, a finished one a
    leaf wherever it is."""
    if depth == 0 or finished(board):
        return 1, 1
    nodes, leaves = 1, 0
    for move in list(board.legal_moves):
        board.push(move)
        below = tree_size(board, depth - 1)
        board.pop()
        nodes, leaves = nodes + below[0], leaves + below[1]
    return nodes, leaves


def plain_alphabeta(board: chess.Board, depth: int, alpha: float, beta: float, ply: int,
                    count: list[int]) -> float:
    """Fail-soft negamax alpha-beta for the side to move, the moves in python-chess's order,
    `count` = [nodes, leaves] (a finished position a leaf at any depth, as in `tree_size`)."""
    count[0] += 1
    if board.is_checkmate() or finished(board) or depth == 0:
        count[1] += 1
        if board.is_checkmate():
            return ply - WIN
        if finished(board):
            return 0
        white = plain_minimax(board, 0)
        return white if board.turn == chess.WHITE else -white
    best = -float("inf")
    for move in list(board.legal_moves):
        board.push(move)
        best = max(best, -plain_alphabeta(board, depth - 1, -beta, -max(alpha, best), ply + 1,
                                          count))
        board.pop()
        if best >= beta:
            break
    return best


def rows(fen: str, depth: int) -> dict[str, object]:
    game = Chess()
    state = game.parse_position(fen)
    return {row: ordering_row(game, state, row, Limits(depth=depth),
                              SearchOptions(evaluator="material")) for row in ROWS}


@pytest.mark.parametrize(("fen", "depth"), [(KIWIPETE, 2), (QUIET, 3), (BACK_RANK, 2)])
def test_rows_against_a_plain_minimax_and_a_count(fen: str, depth: int) -> None:
    found = rows(fen, depth)
    board = chess.Board(fen)
    expected = plain_minimax(board, depth)
    counted = found[MINIMAX]
    assert counted.score is None and counted.stopped is None  # type: ignore[attr-defined]
    nodes, leaves = tree_size(board, depth)
    assert (counted.stats.nodes, counted.stats.leaves) == (nodes, leaves)  # type: ignore[attr-defined]
    for row in (GENERATOR, MVV, KILLERS, TABLE):
        result = found[row]
        if abs(expected) >= WIN - depth:  # a mate: the result says who wins
            assert result.value == (1 if expected > 0 else -1)  # type: ignore[attr-defined]
        else:
            assert result.value == expected  # type: ignore[attr-defined]
        # Alpha-beta in any order never examines a leaf minimax does not.
        assert result.stats.leaves <= leaves  # type: ignore[attr-defined]


def test_kiwipete_counts_where_theory_says() -> None:
    found = rows(KIWIPETE, 2)
    # perft(2) of Kiwipete is 2,039 (no position ends within two plies).
    assert found[MINIMAX].stats.leaves == 2039  # type: ignore[attr-defined]
    # Textbook alpha-beta in the generator's order: the same walk as `alphabeta` on chess.
    game = Chess()
    from minimax_cli.core.search import search

    textbook = search(game, game.parse_position(KIWIPETE), "alphabeta", Limits(depth=2),
                      evaluator="material")
    generator = found[GENERATOR].stats  # type: ignore[attr-defined]
    assert (generator.nodes, generator.leaves) == (textbook.stats.nodes, textbook.stats.leaves)
    # At depth 2 every cut-off of a reply is a capture found first: MVV-LVA examines fewer.
    assert found[MVV].stats.leaves <= generator.leaves  # type: ignore[attr-defined]


def test_knuth_moore_and_the_command() -> None:
    result = runner.invoke(app, ["analyze", "chess", KIWIPETE, "--compare", "--depth", "2"])
    assert result.exit_code == 0, result.output
    b, d = 48, 2  # Kiwipete's legal moves at the root
    bound = b ** ((d + 1) // 2) + b ** (d // 2) - 1
    assert f"{bound:,}" in result.output
    for row in ROWS:
        assert row in result.output
    assert "counted, not searched" in " ".join(result.output.split())
    spanish = runner.invoke(app, ["--lang", "es", "analyze", "chess", KIWIPETE, "--compare",
                                  "--depth", "1"])
    assert "ordenación de jugadas" in " ".join(spanish.output.split())


def test_json_is_compare_json() -> None:
    result = runner.invoke(app, ["analyze", "chess", KIWIPETE, "--compare", "--depth", "1",
                                 "--json"])
    assert result.exit_code == 0, result.output
    reports = json.loads(result.output)
    validator = Draft202012Validator(json.loads(SCHEMA_PATH.read_text()))
    for report in reports:
        validator.validate(report)
    assert [report["algorithm"] for report in reports] == list(ROWS)
    assert reports[0]["stats"]["leaves"] == 48
    assert reports[0]["value"] is None and reports[0]["stopped"] is None
    assert "counted, not searched" in reports[0]["result"]


@pytest.mark.parametrize(("fen", "depth"), [(KIWIPETE, 3), (QUIET, 3), (BACK_RANK, 3)])
def test_the_generator_row_counts_as_a_plain_alphabeta_over_python_chess(fen: str,
                                                                         depth: int) -> None:
    count = [0, 0]
    board = chess.Board(fen)
    value = plain_alphabeta(board, depth, -float("inf"), float("inf"), 0, count)
    generator = rows(fen, depth)[GENERATOR]
    assert (generator.stats.nodes, generator.stats.leaves) == tuple(count)  # type: ignore[attr-defined]
    if abs(value) < WIN - depth:  # not a mate: the value itself, from White's side
        white = value if board.turn == chess.WHITE else -value
        assert generator.value == white  # type: ignore[attr-defined]


def split_leaves(board: chess.Board, depth: int) -> tuple[int, int]:
    """The minimax tree's leaves at the depth (perft) and those finished above it."""
    if depth == 0:
        return 1, 0
    if finished(board):
        return 0, 1
    deep = early = 0
    for move in list(board.legal_moves):
        board.push(move)
        below = split_leaves(board, depth - 1)
        board.pop()
        deep, early = deep + below[0], early + below[1]
    return deep, early


def test_the_minimax_row_says_which_leaves_perft_counts() -> None:
    deep, early = split_leaves(chess.Board(BACK_RANK), 3)
    assert early > 0  # Ra8# ends the game at the first ply
    counted = rows(BACK_RANK, 3)[MINIMAX]
    from minimax_cli.core.i18n import english_of

    assert [english_of(note) for note in counted.notes] == [  # type: ignore[attr-defined]
        f"{deep + early:,} leaves: {deep:,} positions at depth 3 (perft(3)) and {early:,} "
        "finished before it (mate, stalemate or a draw by rule)."]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_ordering_table_is_saved_as_the_terminal_shows_it(tmp_path: Path, lang: str) -> None:
    svg, page = tmp_path / "ordering.svg", tmp_path / "ordering.html"
    result = run_main("analyze", "chess", KIWIPETE, "--compare", "--depth", "2", "--eval",
                      "material", "--lang", lang, "--save", str(svg), "--save", str(page))
    assert result.returncode == 0, result.stderr
    shown = shown_lines(result.stdout)
    assert svg_lines(svg) == shown and shown_lines(html_text(page)) == shown
    # The Knuth–Moore row: b = 48 at the root, d = 2 (grouped by the language's rule).
    assert any(line.split()[-1:] == [f"{48 + 48 - 1}"] for line in shown)
