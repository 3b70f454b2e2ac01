"""`minimax solve`: answers checked against theory computed here (n mod 4, the xor rule, tree sizes
by recursion), the JSON shape, the patterns found, and one-line errors with exit code 2."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from functools import reduce
from operator import xor
from typing import Any

import pytest
from typer.testing import CliRunner

from games.bones import Bones
from minimax_cli import solve
from minimax_cli.cli import app
from minimax_cli.core.periodic import Period

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, ["solve", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def run_json(*args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run(*args, "--json"))
    return data


# --- independent references ------------------------------------------------------------------
def tree_nodes(n: int, take: tuple[int, ...] = (1, 2, 3)) -> int:
    """Nodes of the bones game tree from heap n, by plain recursion."""
    return 1 + sum(tree_nodes(n - t, take) for t in take if t <= n)


def tree_leaves(n: int, take: tuple[int, ...] = (1, 2, 3)) -> int:
    moves = [t for t in take if t <= n]
    return 1 if not moves else sum(tree_leaves(n - t, take) for t in moves)


def mover_wins(n: int, take: tuple[int, ...], misere: bool = False) -> bool:
    @functools.cache
    def wins(heap: int) -> bool:
        moves = [t for t in take if t <= heap]
        if not moves:
            return misere
        return any(not wins(heap - t) for t in moves)

    for heap in range(n):  # fill the cache bottom-up so the recursion stays shallow
        wins(heap)
    return wins(n)


def xor_winning_moves(heaps: tuple[int, ...]) -> set[str]:
    total = reduce(xor, heaps, 0)
    return {f"{i + 1}:{h - (h ^ total)}" for i, h in enumerate(heaps) if h ^ total < h}


# --- bones: the Java tutorial's heaps and the JSON -------------------------------------------
def test_six_bones_first_player_wins() -> None:
    out = run("bones", "--n", "6")
    assert "the player to move (MAX) wins" in out
    assert "+1: the first player (MAX) wins" in out
    assert "take 2 (leaves 4)" in out


def test_eight_bones_first_player_loses() -> None:
    out = run("bones", "--n", "8")
    assert "the player to move (MAX) loses" in out
    assert "none: every move loses" in out
    data = run_json("bones", "--n", "8")
    assert data["first_player_wins"] is False and data["value"] == -1
    assert data["winning_moves"] == [] and data["method"] == "search"


def test_json_for_ten_bones() -> None:
    data = run_json("bones", "--n", "10")
    assert data["n"] == 10 and data["take"] == [1, 2, 3] and data["misere"] is False
    assert data["first_player_wins"] is True
    assert data["winning_moves"] == [2]
    assert data["value"] == 1
    assert data["method"] == "table"
    assert data["stats"]["positions"] == 11 and data["stats"]["time_s"] >= 0


def test_a_million_bones_by_table() -> None:
    n = 1_000_000
    data = run_json("bones", "--n", str(n))
    assert data["method"] == "table"
    assert data["first_player_wins"] is (n % 4 != 0)
    assert data["value"] == (1 if n % 4 else -1)
    assert data["winning_moves"] == ([n % 4] if n % 4 else [])


@pytest.mark.parametrize("n", [10**18, 10**18 + 1, 10**18 + 2, 10**18 + 3])
def test_huge_heaps_from_the_proven_period(n: int) -> None:
    data = run_json("bones", "--n", str(n))
    assert data["n"] == n and data["method"] == "period"
    assert data["value"] == (1 if n % 4 else -1)
    assert data["winning_moves"] == ([n % 4] if n % 4 else [])
    stats = data["stats"]
    assert (stats["preperiod"], stats["period"]) == (0, 4)
    assert stats["checked_upto"] >= stats["preperiod"] + stats["period"]
    assert "proven" in data["explanation"]


def test_period_answer_says_why_it_is_sound() -> None:
    out = " ".join(run("bones", "--n", str(10**18)).split())
    assert "method period" in out
    assert "depends only on the outcomes of the 3 heaps before it" in out
    assert "period 4 from n = 0" in out


@pytest.mark.parametrize("take", [(1, 2, 3), (1, 3, 4), (2, 5), (3,), (2, 4, 7)])
@pytest.mark.parametrize("misere", [False, True])
def test_every_method_agrees_with_the_definition(take: tuple[int, ...], misere: bool,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    game = Bones(take=take, misere=misere)
    for n in range(0, 13):  # searched (the tree is kept)
        report = solve.solve_bones(game, (n, 0), tree=True)
        assert report.method == "search" and report.mover_wins == mover_wins(n, take, misere)
    monkeypatch.setattr(solve, "TABLE_MAX_N", 40)  # force the period method above 40
    table = game.outcome_table(120)
    for n in range(9, 121):
        report = solve.solve_bones(game, (n, 0))
        assert report.method == ("table" if n <= 40 else "period")
        assert report.mover_wins == mover_wins(n, take, misere)
        expected = [t for t in take if t <= n and not table[n - t]]
        assert list(report.winning_moves) == expected


def test_value_is_from_max_point_of_view_when_min_moves() -> None:
    data = run_json("bones", "8/min")
    assert data["to_move"] == "MIN" and data["mover_wins"] is False
    assert data["value"] == 1 and data["first_player_wins"] is True


def test_parameters_and_position_in_any_order() -> None:
    assert run_json("bones", "--take", "1,3,4", "10")["winning_moves"] == [1, 3]
    assert run_json("bones", "10", "--take", "1,3,4")["winning_moves"] == [1, 3]
    assert run_json("bones", "--misere", "--n", "5")["first_player_wins"] is False


# --- the tree and the node counts ------------------------------------------------------------
def test_tree_for_five_bones_with_node_counts() -> None:
    out = run("bones", "--n", "5")
    nodes = tree_nodes(5)
    assert out.count("leaf =") == tree_leaves(5)
    assert "take 2 → 3 left" in out and "▼ MIN  = -1" in out
    minimax_row = next(line for line in out.splitlines() if "minimax" in line and "│" in line)
    negamax_row = next(line for line in out.splitlines() if "negamax" in line and "│" in line)
    assert re.search(rf"│\s+{nodes}\s+│", minimax_row), minimax_row
    assert re.search(r"│\s+\d+\s+│", negamax_row), negamax_row
    data = run_json("bones", "--n", "5")
    assert data["stats"]["minimax"]["nodes"] == nodes == data["stats"]["tree_size"]
    assert 0 < data["stats"]["negamax"]["nodes"] <= nodes


@pytest.mark.parametrize("n", [9, 12])
def test_tree_option_draws_up_to_twelve(n: int) -> None:
    out = run("bones", "--n", str(n), "--tree")
    assert out.count("leaf =") == tree_leaves(n)
    assert run_json("bones", "--n", str(n), "--tree")["stats"]["nodes"] == tree_nodes(n)


def test_tree_size_matches_the_recursion() -> None:
    for take in [(1, 2, 3), (1, 3, 4), (2, 5)]:
        for n in range(15):
            assert solve.tree_size(n, take) == tree_nodes(n, take)


# --- --upto and the pattern ------------------------------------------------------------------
def test_upto_twenty_states_the_mod_four_rule() -> None:
    out = " ".join(run("bones", "--upto", "20").split())
    assert "the player to move loses exactly when n mod 4 = 0" in out
    assert "period 4 from n = 0; verified for 0..20" in out
    data = run_json("bones", "--upto", "20")
    assert [row["n"] for row in data["outcomes"]] == list(range(21))
    for row in data["outcomes"]:
        n = row["n"]
        assert row["outcome"] == ("L" if n % 4 == 0 else "W")
        assert row["winning_moves"] == ([n % 4] if n % 4 else [])
    pattern = data["pattern"]
    assert (pattern["period"], pattern["preperiod"], pattern["losing_residues"]) == (4, 0, [0])
    assert pattern["checked_upto"] == 21


def test_misere_pattern() -> None:
    data = run_json("bones", "--upto", "24", "--misere")
    for row in data["outcomes"]:
        assert row["outcome"] == ("L" if row["n"] % 4 == 1 else "W")
    assert "loses exactly when n mod 4 = 1" in data["pattern"]["text"]
    assert data["pattern"]["period"] == 4


def test_take_one_three_four_has_period_seven() -> None:
    data = run_json("bones", "--upto", "30", "--take", "1,3,4")
    assert data["pattern"]["period"] == 7 and data["pattern"]["losing_residues"] == [0, 2]
    assert "n mod 7 = 0 or 2" in data["pattern"]["text"]
    assert data["proven_period"]["period"] == 7


def test_a_run_at_the_end_does_not_fool_the_pattern() -> None:
    # 0..19 ends L W W W and 0..27 of take 1,3,4 ends W W W W: runs that period 1 would fit.
    assert "n mod 4 = 0" in run_json("bones", "--upto", "19")["pattern"]["text"]
    assert run_json("bones", "--upto", "27", "--take", "1,3,4")["pattern"]["period"] == 7


@pytest.mark.parametrize("take", [(1, 2, 3), (1, 3, 4), (2, 5), (1, 4), (3,), (2, 4, 7)])
@pytest.mark.parametrize("misere", [False, True])
def test_observed_pattern_matches_the_proof_given_enough_outcomes(take: tuple[int, ...],
                                                                  misere: bool) -> None:
    # Three full blocks, plus room for a trailing run of equal outcomes (at most max(take) long)
    # that a shorter period would fit.
    game = Bones(take=take, misere=misere)
    proven = game.proven_period()
    enough = proven.preperiod + 3 * proven.period + take[-1]
    for upto in range(enough, enough + 60):
        observed = solve.observe_period(list(game.outcome_table(upto)))
        assert observed is not None and not observed.proven
        assert (observed.preperiod, observed.period) == (proven.preperiod, proven.period), upto


def test_too_short_a_range_says_so() -> None:
    out = " ".join(run("bones", "--upto", "8", "--misere").split())
    assert "too short" in out and "period 4 from n = 0, proven" in out


def test_pattern_with_a_preperiod() -> None:
    outcomes = [1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0]
    pattern = solve.describe_pattern(outcomes, Period(preperiod=3, period=2, checked_upto=11))
    assert pattern.losing_residues == (0,) and pattern.early_losses == (1, 2)
    assert pattern.sentence.startswith("from n = 3 on, the player to move loses exactly when "
                                       "n mod 2 = 0; below n = 3 they lose at n = 1 or 2")


# --- other games -----------------------------------------------------------------------------
@pytest.mark.parametrize("heaps", [(3, 4, 5), (1, 2, 4), (2, 2), (1, 2, 3)])
def test_nim_winning_moves_follow_the_xor_rule(heaps: tuple[int, ...]) -> None:
    data = run_json("nim", ",".join(map(str, heaps)))
    winning = xor_winning_moves(heaps)
    assert set(data["winning_moves"]) == winning
    assert data["value"] == (1 if winning else -1)
    if not winning:  # every move loses, so every move is "optimal"
        assert len(data["optimal_moves"]) == len(data["moves"])


def test_nim_heaps_parameter() -> None:
    data = run_json("nim", "--heaps", "3,4,5")
    assert set(data["winning_moves"]) == xor_winning_moves((3, 4, 5))


def test_tictactoe_empty_board_is_a_draw_and_every_move_is_optimal() -> None:
    out = run("tictactoe")
    assert "0: draw" in out and "(9 of 9 moves)" in out
    data = run_json("tictactoe")
    assert data["value"] == 0
    assert sorted(data["optimal_moves"], key=int) == [str(i) for i in range(1, 10)]
    assert data["stats"]["nodes"] > 0 and data["stats"]["table_entries"] > 0


def test_tictactoe_position_with_a_win() -> None:
    data = run_json("tictactoe", "XO./.X./..O")
    assert data["value"] == 1 and data["distance"] == 3
    assert sorted(data["winning_moves"]) == ["4", "7"]


def test_four_by_four_k_four_is_a_draw() -> None:
    data = run_json("tictactoe", "--rows", "4", "--cols", "4", "--k", "4")
    assert data["value"] == 0 and len(data["optimal_moves"]) == 16


def test_textbook_tree() -> None:
    data = run_json("tree", "[[3,12,8],[2,4,6],[14,5,2]]")
    assert data["value"] == 3 and data["optimal_moves"] == ["1"]
    out = run("tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--tree")
    assert out.count("leaf =") == 9


def test_json_prints_no_progress() -> None:
    result = runner.invoke(app, ["solve", "bones", "--n", "300000", "--json"])
    assert result.exit_code == 0 and result.stderr == ""
    json.loads(result.stdout)


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
    ["bones", "--n", "13", "--tree"],
    ["nim", "--upto", "3"],
    ["tictactoe", "--tree"],
    ["bones", "5", "6"],
    ["chess"],
]


@pytest.mark.parametrize("args", BAD, ids=[" ".join(a) or "''" for a in BAD])
def test_bad_input_is_one_line_and_exit_two(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "minimax_cli", "solve", *args],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COLUMNS": "500"})
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), done.stderr
    assert "Traceback" not in done.stderr
