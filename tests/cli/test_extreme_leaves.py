"""Leaves at the edge of a double's range (issue 20, defect 11): every algorithm that serves the tree
keeps every budget and writes only finite numbers, the way it does for small leaves.

Decided: such leaves are accepted (the tree states "finite numbers within about 1.8e308"), and the
searches handle them. Only Monte Carlo tree search summed rewards (a sum of two leaves of 1e308 is
infinite, and infinity minus itself is not a number); it now sums them in units of
REWARD_SCALE (2**-64), which is exact for rewards of ordinary size.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from games.tree.game import TreeGame
from minimax_cli.cli import app as cli
from minimax_cli.core.search import ALGORITHMS

BIG = "1.7e308"
WHOLE = "1" + "0" * 308  # a whole number as large: read as an int, exactly
TREES = {
    "one leaf below MIN": "[[1e308]]",
    "opposite leaves": "[1e308,-1e308]",
    "both signs below MIN": f"[[{BIG},-{BIG}],[{BIG},1],[-{BIG},3]]",
    "whole numbers": f"[[{WHOLE},-{WHOLE}],[{WHOLE},1]]",
    "chance": f'[{{"chance":[["1/3",{BIG}],["2/3",[{BIG},-{BIG}]]]}},{{"chance":[[0.5,-{BIG}],'
              f'[0.5,{BIG}]]}}]',
    "three players": f'{{"players":3,"tree":[[[{BIG},-{BIG},{BIG}],[1,2,3]],[[-{BIG},-{BIG},'
                     f'-{BIG}],[{BIG},{BIG},{BIG}]]]}}',
}


def serving(text: str) -> list[str]:
    game = TreeGame().for_position(text)
    return [name for name, algorithm in ALGORITHMS.items() if algorithm.refusal(game) is None]


CASES = [(tree, name) for tree, text in TREES.items() for name in serving(text)]


def not_json(constant: str) -> Any:
    raise AssertionError(f"{constant} is not JSON")


def analyze(*argv: str) -> Any:
    result = CliRunner().invoke(cli.app, ["analyze", *argv, "--json"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout, parse_constant=not_json)


def test_every_kind_of_tree_is_searched_by_monte_carlo() -> None:
    assert all(("mcts" in serving(text)) for text in TREES.values())


@pytest.mark.parametrize(("tree", "algorithm"), CASES)
def test_a_node_budget_is_kept_and_the_json_is_finite(tree: str, algorithm: str) -> None:
    data = analyze("tree", TREES[tree], "-a", algorithm, "--nodes", "50")
    assert data["stats"]["nodes"] <= 50


@pytest.mark.parametrize(("tree", "algorithm"), CASES)
def test_a_time_budget_is_kept(tree: str, algorithm: str) -> None:
    data = analyze("tree", TREES[tree], "-a", algorithm, "--time", "0.05")
    assert data["stats"]["time_s"] < 2.0  # 0.05 s asked; room for a loaded machine


@pytest.mark.parametrize("tree", TREES)
def test_an_iteration_budget_is_kept(tree: str) -> None:
    data = analyze("tree", TREES[tree], "-a", "mcts", "--iterations", "10")
    assert data["iterations"] == 10


def test_the_issues_trees_give_their_only_leaf_and_their_best_leaf() -> None:
    # One leaf: every simulation ends on it, so its mean is the leaf (to the sum's rounding)
    assert analyze("tree", "[[1e308]]", "-a", "mcts")["value"] == pytest.approx(1e308, rel=1e-12)
    data = analyze("tree", "[1e308,-1e308]", "-a", "mcts", "--nodes", "100")
    assert (data["best_move"], data["value"]) == ("1", 1e308)
    assert [m["value"] for m in data["moves"]] == [1e308, -1e308]


def test_compare_keeps_the_budgets_with_large_leaves() -> None:
    for budget, key, most in (("--nodes", "nodes", 100), ("--iterations", "iterations", 7)):
        searches = analyze("tree", "[[1e308,-1e308],[5]]", "--compare", budget, str(most))
        mcts = next(s for s in searches if s["algorithm"] == "mcts")
        spent = mcts["stats"]["nodes"] if key == "nodes" else mcts["iterations"]
        assert spent <= most
        assert all(s["value"] == 5 for s in searches)  # MIN's 5 beats MIN's -1e308


def test_the_mean_of_the_largest_rewards_is_the_largest_finite_number() -> None:
    from minimax_cli.core.search.mcts_result import REWARD_SCALE, mean_reward

    largest = 1.7976931348623157e308
    total = 0.0
    for _ in range(3):
        total += largest * REWARD_SCALE
    assert mean_reward(total, 3) == largest
    assert mean_reward(-total, 3) == -largest
    assert mean_reward(3 * REWARD_SCALE, 2) == 1.5  # ordinary sizes: exactly the plain mean
