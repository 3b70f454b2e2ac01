"""`minimax solve`: answers checked against theory computed here (n mod 4, the xor rule, tree sizes
and outcomes by recursion), one JSON schema for every game, the patterns found, game-agnostic code,
and one-line errors with exit code 2."""

from __future__ import annotations

import ast
import functools
import json
import re
from functools import reduce
from operator import xor
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from games.bones.game import Bones
from games.tictactoe.game import TicTacToe
from minimax_cli.cli.app import app
from minimax_cli.core import MAX, Game, PovScore, Score, Solution
from minimax_cli.core.result import TraceNode
from minimax_cli.reports import SCHEMA_FILE
from minimax_cli.services import solve
from tests.cli.entry import run_main
from tests.oracles import bones_outcomes

runner = CliRunner()
REPORT_SCHEMA = Draft202012Validator(json.loads(
    (SCHEMA_FILE).read_text()))
ROOT = Path(__file__).resolve().parents[2]



def run(*args: str) -> str:
    result = runner.invoke(app, ["solve", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def run_json(*args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run(*args, "--json"))
    return data


def winning(data: dict[str, Any]) -> list[str]:
    """The moves that win for the player to move: the optimal ones when the mover wins."""
    mover_sign = 1 if data["to_move"] == "MAX" else -1
    return data["optimal_moves"] if data["value"] * mover_sign > 0 else []


# --- independent references ------------------------------------------------------------------
def tree_nodes(n: int, take: tuple[int, ...] = (1, 2, 3)) -> int:
    """Nodes of the bones game tree from heap n, by plain recursion."""
    return 1 + sum(tree_nodes(n - t, take) for t in take if t <= n)


def tree_leaves(n: int, take: tuple[int, ...] = (1, 2, 3)) -> int:
    moves = [t for t in take if t <= n]
    return 1 if not moves else sum(tree_leaves(n - t, take) for t in moves)


@functools.cache
def bones_result(n: int, take: tuple[int, ...] = (1, 2, 3)) -> tuple[bool, int]:
    """(the player to move wins, plies to the end with best play: the quickest win, the slowest
    loss) at a bones heap, by recursion (small n only)."""
    children = [bones_result(n - t, take) for t in take if t <= n]
    if not children:
        return False, 0
    lost = [d for wins, d in children if not wins]
    if lost:
        return True, 1 + min(lost)
    return False, 1 + max(d for _, d in children)


def xor_winning_moves(heaps: tuple[int, ...]) -> set[str]:
    total = reduce(xor, heaps, 0)
    return {f"{i + 1}:{h - (h ^ total)}" for i, h in enumerate(heaps) if h ^ total < h}


def count_nodes(game: Game[Any, Any], state: Any) -> int:
    """Nodes of any game's tree, by recursion over the generic Game methods."""
    if game.outcome(state) is not None:
        return 1
    return 1 + sum(count_nodes(game, game.play(state, m)) for m in game.legal_moves(state))


# --- bones: the Java tutorial's heaps, the solver's methods ---------------------------------
def test_six_bones_first_player_wins() -> None:
    out = run("bones", "--n", "6")
    # 6 -> 4 (lost) -> 3 -> 0 at the quickest: the engine gives the solver's win its distance
    assert "the player to move (MAX) wins in 3 plies with perfect play" in out
    assert "+1: the first player (MAX) wins in 3 plies" in out
    assert "taking 2 leaves 4, a lost heap" in " ".join(out.split())
    data = run_json("bones", "--n", "6")
    assert data["value"] == 1 and winning(data) == ["2"] and data["method"] == "table"


def test_eight_bones_first_player_loses() -> None:
    out = run("bones", "--n", "8")
    # MAX takes 1 each time it can to hold out: 8 -> 7 -> 4 -> 3 -> 0, four plies... and MIN
    # answers with 3 each time: the longest game from a lost heap of 8 is 4 plies.
    assert "the player to move (MAX) loses in 4 plies with perfect play" in out
    assert "3 of 3 moves keep the game value" in out
    data = run_json("bones", "--n", "8")
    assert data["value"] == -1 and data["score"]["kind"] == "loss"
    assert winning(data) == [] and data["optimal_moves"] == ["1", "2", "3"]


def test_the_tree_is_drawn_only_when_asked() -> None:
    for n in ("8", "9"):
        assert "leaf =" not in run("bones", "--n", n)
        assert "searched twice" not in run("bones", "--n", n)


def test_json_for_ten_bones() -> None:
    data = run_json("bones", "--n", "10")
    assert data["game"] == "bones" and data["position"] == "10" and data["to_move"] == "MAX"
    assert winning(data) == ["2"] and data["optimal_moves"] == ["2"]
    # 10 -> 8 -> 5 -> 4 -> 1 -> 0: 5 plies at the quickest (MIN holds out, taking 3 where it can)
    assert data["value"] == 1 and data["score"] == {"kind": "win", "number": 1, "bound": "exact",
                                                    "plies": 5, "plies_at_most": False}
    assert data["pv"][0] == "2" and sum(map(int, data["pv"])) == 10 and len(data["pv"]) == 5
    assert data["pv_complete"] is True
    # every move's distance, from the recursion in the test: 10 - t leaves the opponent a heap
    expected = [(str(t), 1 if not bones_result(10 - t)[0] else -1, 1 + bones_result(10 - t)[1])
                for t in (1, 2, 3)]
    assert sorted((m["move"], m["value"], m["distance"]) for m in data["moves"]) == expected
    first = data["moves"][0]
    assert (first["move"], first["optimal"], first["best"]) == ("2", True, True)
    assert data["method"] == "table" and data["facts"] == {"positions_solved": 11}
    assert data["stats"]["positions"] == 11 and data["stats"]["nodes"] == 0
    assert data["stats"]["time_s"] >= 0
    assert data["explanation"][-1] == "Heap 10 is won for the player to move: taking 2 leaves 8, a lost heap."


def test_a_million_bones_by_table() -> None:
    n = 1_000_000
    data = run_json("bones", "--n", str(n))
    assert data["method"] == "table"
    assert data["value"] == (1 if n % 4 else -1)
    assert winning(data) == ([str(n % 4)] if n % 4 else [])


@pytest.mark.parametrize("n", [10**18, 10**18 + 1, 10**18 + 2, 10**18 + 3])
def test_huge_heaps_from_the_proven_period(n: int) -> None:
    data = run_json("bones", "--n", str(n))
    assert data["position"] == str(n) and data["method"] == "period"
    assert data["value"] == (1 if n % 4 else -1)
    assert winning(data) == ([str(n % 4)] if n % 4 else [])
    facts = data["facts"]
    assert (facts["preperiod"], facts["period"], facts["proven"]) == (0, 4, True)
    assert facts["checked_upto"] >= facts["preperiod"] + facts["period"]
    assert any("proven, not just observed" in s for s in data["explanation"])


def test_period_answer_says_why_it_is_sound() -> None:
    out = " ".join(run("bones", "--n", str(10**18)).split())
    assert "period: the game's own exact solver" in out
    assert "depends only on the outcomes of the 3 heaps before it" in out
    assert "period 4 from n = 0" in out


@pytest.mark.parametrize("take", [(1, 2, 3), (1, 3, 4), (2, 5), (3,), (2, 4, 7)])
@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.slow  # every heap to the limit, three ways
def test_solver_tree_and_engine_agree_with_the_definition(take: tuple[int, ...],
                                                          misere: bool) -> None:
    game = Bones(take=take, misere=misere)
    for n in range(0, 41):
        expected = 1 if bones_outcomes(take, misere, n)[n] else -1
        by_solver = solve.solve(game, (n, MAX))
        by_engine = solve.solve_by_search(game, (n, MAX))
        assert by_solver.by_solver and by_solver.method == "table"
        assert by_solver.value == by_engine.value == expected, n
        assert [m.value for m in by_solver.moves] == [m.value for m in by_engine.moves]
        for m in by_solver.moves:  # the solver gives a length only where plain; then it is true
            engine_move = next(e for e in by_engine.moves if e.move == m.move)
            assert m.distance is None or m.distance == engine_move.distance
        if n <= 12:  # small enough to draw: the tree's answer, with its distances
            by_tree = solve.solve(game, (n, MAX), tree=True)
            assert by_tree.method == "minimax" and by_tree.value == expected
            assert by_tree.distance == by_engine.distance
            assert [(m.value, m.distance) for m in by_tree.moves] == [
                (m.value, m.distance) for m in by_engine.moves]
            assert by_tree.searches[0].stats.nodes == tree_nodes(n, take)


def test_value_is_from_max_point_of_view_when_min_moves() -> None:
    data = run_json("bones", "8/min")
    assert data["to_move"] == "MIN" and data["value"] == 1
    assert winning(data) == [] and data["first_player_wins"] is True
    assert data["result"] == "the player to move (MIN) loses in 4 plies with perfect play"


def test_parameters_and_position_in_any_order() -> None:
    assert sorted(winning(run_json("bones", "--take", "1,3,4", "10"))) == ["1", "3"]
    assert sorted(winning(run_json("bones", "10", "--take", "1,3,4"))) == ["1", "3"]
    assert run_json("bones", "--misere", "--n", "5")["value"] == -1


# --- the tree and the node counts, for any game --------------------------------------------
def test_tree_for_five_bones_with_node_counts() -> None:
    out = run("bones", "--n", "5", "--tree")
    nodes = tree_nodes(5)
    assert out.count("leaf =") == tree_leaves(5)
    assert "2 → 3/min  ▼ MIN  = -1" in out
    minimax_row = next(line for line in out.splitlines() if "minimax:" in line and "│" in line)
    negamax_row = next(line for line in out.splitlines() if "negamax:" in line and "│" in line)
    assert re.search(rf"│\s+{nodes}\s+│\s+{tree_leaves(5)}\s+│", minimax_row), minimax_row
    assert re.search(r"│\s+\d+\s+│", negamax_row), negamax_row
    data = run_json("bones", "--n", "5", "--tree")
    plain, engine = data["searches"]
    assert (plain["algorithm"], engine["algorithm"]) == ("minimax", "negamax")
    assert plain["stats"]["nodes"] == nodes == data["stats"]["nodes"]
    assert 0 < engine["stats"]["nodes"] <= nodes
    assert data["method"] == "minimax" and data["value"] == 1 and winning(data) == ["1"]


@pytest.mark.parametrize("n", [9, 12, 13, 14])
def test_tree_is_drawn_up_to_five_thousand_nodes(n: int) -> None:
    if tree_nodes(n) > solve.TREE_NODE_LIMIT:  # 14 bones: 6,872 nodes
        result = runner.invoke(app, ["solve", "bones", "--n", str(n), "--tree"])
        assert result.exit_code == 2 and "too large to draw" in result.output
        return
    out = run("bones", "--n", str(n), "--tree")
    assert out.count("leaf =") == tree_leaves(n)
    assert run_json("bones", "--n", str(n), "--tree")["stats"]["nodes"] == tree_nodes(n)


@pytest.mark.parametrize("position", ["XO./.X./..O", "XOX/.O./...", "XOX/OXO/..."])
def test_tictactoe_tree_matches_the_engine_and_the_recursion(position: str) -> None:
    game = TicTacToe()
    nodes = count_nodes(game, game.parse_position(position))
    tree = run_json("tictactoe", position, "--tree")
    engine = run_json("tictactoe", position)
    assert tree["stats"]["nodes"] == nodes and tree["method"] == "minimax"
    assert engine["method"] == "search"
    for key in ("value", "score", "distance", "optimal_moves", "best_moves"):
        assert tree[key] == engine[key], key
    # Lines of best play may differ where moves tie, never in length.
    assert len(tree["pv"]) == len(engine["pv"]) == (tree["distance"] or len(tree["pv"]))
    assert tree["moves"] == engine["moves"]
    out = run("tictactoe", position, "--tree")
    assert "searched twice" in out and f"the game tree from here has {nodes:,} nodes" in out


def test_tree_distances_on_a_hand_made_tree() -> None:
    # MAX to move: leaf -1 now, or a MIN node whose replies are +1 (one ply) or +1 (three plies).
    leaf = TraceNode(None, 1, value=-1, kind="terminal")
    deep = TraceNode(None, 0, value=1, children=[
        TraceNode(None, 1, value=1, children=[TraceNode(None, 0, value=1,
                                                                    kind="terminal")])])
    inner = TraceNode(None, 1, value=1, children=[
        TraceNode(None, 0, value=1, kind="terminal"), deep])
    root = TraceNode(None, 0, value=1, children=[leaf, inner])
    distances = solve.tree_distances(root, win_loss=True)
    assert distances[id(deep)] == 2 and distances[id(inner)] == 3  # MIN, losing, holds out
    assert distances[id(root)] == 4 and distances[id(leaf)] == 0
    assert solve.tree_distances(root, win_loss=False)[id(root)] is None


# --- other games -----------------------------------------------------------------------------
@pytest.mark.parametrize("heaps", [(3, 4, 5), (1, 2, 4), (2, 2), (1, 2, 3)])
def test_nim_winning_moves_follow_the_xor_rule(heaps: tuple[int, ...]) -> None:
    data = run_json("nim", ",".join(map(str, heaps)))
    expected = xor_winning_moves(heaps)
    assert set(winning(data)) == expected
    assert data["value"] == (1 if expected else -1)
    assert data["method"] == "theorem" and data["facts"] == {"nim_sum": reduce(xor, heaps, 0)}
    assert f"nim-sum is {' xor '.join(map(str, heaps))} = {reduce(xor, heaps, 0)}" in \
        data["explanation"][-1]
    if not expected:  # every move loses, so every move is "optimal"
        assert len(data["optimal_moves"]) == len(data["moves"])


def test_nim_heaps_parameter() -> None:
    data = run_json("nim", "--heaps", "3,4,5")
    assert set(winning(data)) == xor_winning_moves((3, 4, 5))


def test_tictactoe_empty_board_is_a_draw_and_every_move_is_optimal() -> None:
    out = run("tictactoe")
    assert "a draw with perfect play" in out and "9 of 9 moves keep the game value" in out
    data = run_json("tictactoe")
    assert data["value"] == 0 and data["score"]["kind"] == "draw" and data["distance"] is None
    assert sorted(data["optimal_moves"], key=int) == [str(i) for i in range(1, 10)]
    assert data["method"] == "search" and data["facts"] is None
    assert data["stats"]["nodes"] > 0 and data["stats"]["table_entries"] > 0


def test_tictactoe_position_with_a_win() -> None:
    data = run_json("tictactoe", "XO./.X./..O")
    assert data["value"] == 1 and data["distance"] == 3
    assert data["score"] == {"kind": "win", "number": 1, "bound": "exact", "plies": 3,
                             "plies_at_most": False}
    assert sorted(winning(data)) == ["4", "7"]


@pytest.mark.slow  # a full 4x4 proof
def test_four_by_four_k_four_is_a_draw() -> None:
    data = run_json("tictactoe", "--rows", "4", "--cols", "4", "--k", "4")
    assert data["value"] == 0 and len(data["optimal_moves"]) == 16


def test_textbook_tree() -> None:
    data = run_json("tree", "[[3,12,8],[2,4,6],[14,5,2]]")
    assert data["value"] == 3 and data["optimal_moves"] == ["1"]
    assert data["score"] == {"kind": "value", "number": 3, "bound": "exact", "plies": None,
                             "plies_at_most": False}
    out = run("tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--tree")
    assert out.count("leaf =") == 9
    drawn = run_json("tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--tree")
    assert drawn["stats"]["nodes"] == 13 and drawn["value"] == 3  # the course's 13 nodes


def test_one_json_schema_for_every_game() -> None:
    for args in (["bones", "--n", "10"], ["bones", "--n", str(10**18)], ["bones", "--n", "4", "--tree"],
                 ["nim", "3,4,5"], ["tictactoe", "XO./.X./..O"], ["tree", "@abcd"],
                 ["bones", "0"], ["tictactoe", "XXX/OO./..."]):
        data = run_json(*args)
        REPORT_SCHEMA.validate(data)
        assert data["command"] == "solve" and isinstance(data["explanation"], list), args


def test_terminal_positions() -> None:
    data = run_json("tictactoe", "XXX/OO./...")
    assert data["value"] == 1 and data["moves"] == [] and data["distance"] == 0
    assert "the game is over" in data["result"]
    assert run_json("bones", "0/min", "--misere")["value"] == -1  # MIN cannot move and wins


def test_json_prints_no_progress() -> None:
    result = runner.invoke(app, ["solve", "bones", "--n", "300000", "--json"])
    assert result.exit_code == 0 and result.stderr == ""
    json.loads(result.stdout)


def test_a_solution_holds_proven_scores_only() -> None:
    with pytest.raises(ValueError, match="exact, proven scores only"):
        Solution(PovScore(Score.estimate(3), MAX), (), "guess", (), 1)
    assert Solution(PovScore(Score.win(), 1), (), "rule", (), 1).value == -1


# --- the CLI layer knows no game -------------------------------------------------------------
#: The one module that imports by name: what an entry point names (a game, a plug-in's algorithm)
#: and an algorithm's search function from its "module:function" (core/plugins.py: load_object).
NAME_LOADER = Path("minimax_cli", "core", "plugins.py")


def test_no_module_of_minimax_cli_but_the_registry_imports_games() -> None:
    from minimax_cli.core.search import BUILT_IN

    offenders = []
    for path in sorted((ROOT / "minimax_cli").rglob("*.py")):
        if path.name == "registry.py" and path.parent.name == "minimax_cli":
            assert "import_module(" not in path.read_text(encoding="utf-8"), path
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names
                          if n == "games" or n.startswith("games.")]
        if path.relative_to(ROOT) != NAME_LOADER:
            assert "import_module(" not in path.read_text(encoding="utf-8"), path
    assert offenders == []
    # what the loader imports by name for this package: the built-in searches, all in core/search
    assert all(isinstance(algorithm.function, str)
               and algorithm.function.startswith("minimax_cli.core.search.")
               for algorithm in BUILT_IN)


# --- errors ----------------------------------------------------------------------------------
BAD = [
    ["bones", "--n", "-3"],
    ["bones", "--n", "abc"],
    ["bones", "--take", "0"],
    ["bones", "--take", ""],
    ["bones", "--misere", "maybe"],
    ["nim", "3,-1"],
    ["bones", "--bogus", "1"],
    ["bones", "--n"],
    ["bones", "--upto", "-1"],
    ["bones", "--upto", "100001"],
    ["bones", "--n", "14", "--tree"],
    ["nim", "--upto", "3"],
    ["tictactoe", "--upto", "3"],
    ["tictactoe", "--tree"],
    ["bones", "5", "6"],
    ["bones", "10", "--n", "20"],
    ["bones", "--n=20", "10"],
    ["nim", "3,4,5", "--heaps", "1,2"],
    ["nim", "1000000"],
    ["tictactoe", "--table-mb", "0"],
    ["go"],
]


@pytest.mark.parametrize("args", BAD, ids=[" ".join(a) or "''" for a in BAD])
def test_bad_input_is_one_line_and_exit_two(args: list[str]) -> None:
    done = run_main("solve", *args, env={"COLUMNS": "500"})
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), done.stderr
    assert "Traceback" not in done.stderr


def test_a_position_and_its_start_parameter_together_say_which_to_use() -> None:
    result = runner.invoke(app, ["solve", "bones", "10", "--n", "20"])
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "both a position (10) and --n 20" in text
    assert "`minimax solve bones 10` or `minimax solve bones --n 20`" in text
    # Parameters that change the rules go with a position: no clash.
    assert run_json("bones", "9", "--take", "1,2")["value"] == -1  # 9 mod 3 = 0


@pytest.mark.slow  # solves 10**18 heaps
def test_positions_take_the_count_forms() -> None:
    # `10**18`, `1e18` and `1_000_000` mean the same whole numbers as their digits, exactly
    for text in ("10**18", "1e18", "1_000_000_000_000_000_000"):
        data = run_json("bones", text)
        assert data["position"] == str(10**18) and data["value"] == -1  # a multiple of 4
    nim = run_json("nim", "1e3,1_000,5")
    assert nim["position"] == "1000,1000,5" and winning(nim) == ["3:5"]  # 1000 xor 1000 xor 5 = 5
    refused = runner.invoke(app, ["solve", "bones", "1e-3"])
    assert refused.exit_code == 2 and "is not a bones position: use the heap size" in refused.stderr
