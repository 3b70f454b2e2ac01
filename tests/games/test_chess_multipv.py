"""`analyze chess --multipv K` (core/search/pvs_root.py): the K best moves exact, each with its
line, checked against a brute-force negamax over the chess search board written here (it shares
nothing with the engine but the board); the JSON in the one schema; a bad K refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from tests.cli.test_report import SCHEMA_PATH

pytest.importorskip("chess")

from games.chess.game import Chess
from minimax_cli.cli.app import app
from minimax_cli.core.result import Limits
from minimax_cli.core.score import WIN, Bound, encode
from minimax_cli.core.search import search

RUNNER = CliRunner()
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#: Black to move, a queen hanging on d5: moves of very different worth.
HANGING = "4k3/8/8/3Q4/8/4n3/8/4K3 b - - 0 1"


def brute(board: Any, depth: int, ply: int) -> int:
    """Negamax over every move as the engine scores without its refinements: a draw 0, a side
    in check searched a ply deeper, the evaluation at depth 0, a mate -(WIN - ply)."""
    if board.is_draw():
        return 0
    in_check = board.in_check()
    depth += in_check
    if depth <= 0:
        return int(board.evaluate())
    moves = list(board.moves())
    if not moves:
        return ply - WIN if in_check else 0
    best = -WIN - 1
    for move in moves:
        board.push(move)
        best = max(best, -brute(board, depth - 1, ply + 1))
        board.pop()
    return best


@pytest.mark.parametrize(("fen", "lines"), [(KIWIPETE, 3), (HANGING, 4)])
def test_the_k_lines_have_the_brute_force_scores_best_first(fen: str, lines: int) -> None:
    game = Chess()
    state = game.parse_position(fen)
    # Without the parts whose answer depends on the window or the path (quiescence's delta
    # pruning, the table, null move, reductions), an exact score is the plain negamax's.
    result = search(game, state, "pvs", Limits(depth=2), multipv=lines, quiescence=False,
                    use_table=False, null_move=False, reductions=False)
    board = game.search_board(state)
    assert board is not None
    truth = {}
    for move in board.moves():
        board.push(move)
        truth[move] = -brute(board, 1, 1)
        board.pop()
    pov = result.root_player
    lined = [m for m in result.moves if m.pv is not None]
    numbers = [encode(m.score.seen_by(pov)) for m in lined]
    assert len(lined) == lines
    assert sorted(numbers, reverse=True) == sorted(truth.values(), reverse=True)[:lines]
    for move in result.moves:
        mine = move.score.seen_by(pov)
        if mine.bound is Bound.EXACT:
            assert encode(mine) == truth[move.move]
        else:
            assert mine.bound is Bound.UPPER and truth[move.move] <= encode(mine)
    for move in lined:
        assert move.score.seen_by(pov).bound is Bound.EXACT
        assert move.pv is not None and move.pv[0] == move.move
    assert result.best_move == lined[numbers.index(max(numbers))].move


def analyze_json(*args: str) -> dict[str, Any]:
    result = RUNNER.invoke(app, ["analyze", "chess", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_json_gives_the_k_lines_exact_in_san_and_the_rest_as_bounds() -> None:
    data = analyze_json(HANGING, "--depth", "2", "--multipv", "3")
    Draft202012Validator(json.loads(SCHEMA_PATH.read_text())).validate(data)
    moves = data["moves"]
    lined = [m for m in moves if m["pv"] is not None]
    assert len(lined) == 3 and moves[:3] == lined  # best first: the lines lead
    assert all(m["bound"] == "exact" and m["pv"][0] == m["move"] for m in lined)
    assert lined[0]["pv"] == data["pv"] and lined[0]["move"] == data["best_move"]
    assert lined[0]["move"] == "Nxd5"  # the knight takes the undefended queen
    # Black to move: values are White's, so the best for Black comes lowest, the rest bounds.
    assert [m["value"] for m in lined] == sorted(m["value"] for m in lined)
    rest = moves[3:]
    # Outside the top K: no line, a bound or an exact score that left the top K, none better.
    assert rest and all(m["pv"] is None for m in rest)
    assert any(m["bound"] != "exact" for m in rest)
    assert all(m["value"] >= lined[-1]["value"] for m in rest)
    assert data["depth"] == 2 and data["stats"]["nodes"] > 0


def test_one_line_is_the_default_and_no_move_carries_a_line() -> None:
    plain = analyze_json(KIWIPETE, "--depth", "3")
    one = analyze_json(KIWIPETE, "--depth", "3", "--multipv", "1")
    assert one["stats"]["nodes"] == plain["stats"]["nodes"]
    assert one["moves"] == plain["moves"] and one["pv"] == plain["pv"]
    assert all(m["pv"] is None for m in plain["moves"])


@pytest.mark.parametrize(("args", "said"), [
    (["chess", "--depth", "1", "--multipv", "0"], "too small"),
    (["chess", "--depth", "1", "--multipv", "257"], "too large"),
    (["tictactoe", "--multipv", "2"], "--multipv"),
    (["chess", "--depth", "1", "--algorithm", "alphabeta", "--multipv", "2"], "pvs"),
])
def test_a_bad_multipv_is_one_line_and_exit_2(args: list[str], said: str) -> None:
    result = RUNNER.invoke(app, ["analyze", *args])
    assert result.exit_code == 2
    assert said in result.output and "Traceback" not in result.output


def test_more_lines_than_moves_gives_every_move_its_line() -> None:
    data = analyze_json("7k/8/8/8/8/8/P7/K7 w - - 0 1", "--depth", "1", "--multipv", "256")
    # Ka1, Pa2: Kb1, Kb2, a3, a4.
    assert len(data["moves"]) == 4 and all(m["pv"] is not None for m in data["moves"])


def test_the_table_shows_the_lines_and_says_what_is_a_bound() -> None:
    result = RUNNER.invoke(app, ["analyze", "chess", HANGING, "--depth", "2", "--multipv", "2"])
    assert result.exit_code == 0, result.output
    assert "line" in result.output and "are bounds" in result.output
    assert "≥" in result.output  # Black to move: a bound from White's side is a floor
