"""`minimax analyze --algorithm mcts`: the visit table in the JSON, its options and their errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from minimax_cli.core.search.mcts import DEFAULT_ITERATIONS
from tests.cli.test_limits import error_of


def analyze_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                 *args: str) -> Any:
    from tests.cli.test_limits import run_main

    code, out, err = run_main(["analyze", *args, "--json"], capsys, monkeypatch)
    assert (code, err) == (0, ""), err
    return json.loads(out)


def test_a_win_at_once_is_proven_by_the_solver(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    data = analyze_json(capsys, monkeypatch, "tictactoe", "XX./OO./...", "-a", "mcts")
    assert (data["algorithm"], data["best_move"], data["proven"]) == ("mcts", "3", True)
    assert data["score"]["kind"] == "win" and data["score"]["plies"] == 1
    assert data["moves"][0]["visits"] >= 1 and data["iterations"] >= 1


def test_visits_add_up_and_a_seed_repeats_the_run(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    runs = [analyze_json(capsys, monkeypatch, "tictactoe", "-a", "mcts", "--iterations", "800",
                         "--seed", "4", "--exploration", "1") for _ in range(2)]
    assert runs[0]["moves"] == runs[1]["moves"]
    assert runs[0]["iterations"] == 800
    assert sum(m["visits"] for m in runs[0]["moves"]) == 800
    visits = {m["move"]: m["visits"] for m in runs[0]["moves"]}
    assert visits[runs[0]["best_move"]] == max(visits.values())  # nothing proven: most visited
    assert all(m["kind"] == "estimate" for m in runs[0]["moves"])


def test_the_default_budget_and_no_solver(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    data = analyze_json(capsys, monkeypatch, "bones", "9", "-a", "mcts", "--no-solver")
    assert data["iterations"] == DEFAULT_ITERATIONS and data["proven"] is False
    assert data["best_move"] == "1"  # 9 mod 4: leave a multiple of four


@pytest.mark.parametrize(("argv", "expected"), [
    (["analyze", "tictactoe", "--iterations", "10"],
     "--iterations sets Monte Carlo tree search, and the algorithm is negamax: add --algorithm "
     "mcts, or leave it out"),
    (["analyze", "tictactoe", "--no-solver"],
     "--solver/--no-solver sets Monte Carlo tree search, and the algorithm is negamax: add "
     "--algorithm mcts, or leave it out"),
    (["analyze", "tictactoe", "-a", "mcts", "--rollout", "smart"],
     "--rollout 'smart' is not a kind of playout: give random or eval"),
    (["analyze", "bones", "7", "-a", "mcts", "--rollout", "eval"],
     "bones has no evaluation function for eval playouts; use random playouts"),
    (["analyze", "tictactoe", "-a", "mcts", "--exploration", "101"],
     "Invalid value for '--exploration': '101' is out of range: give an exploration constant "
     "from 0 to 100"),
    (["analyze", "tictactoe", "-a", "mcts", "--iterations", "0"],
     "Invalid value for '--iterations': '0' is too small: give a whole number, 1 or more"),
])
def test_mcts_option_errors(argv: list[str], expected: str, capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    line = error_of(argv, capsys, monkeypatch)
    assert line.split(" (see `")[0] == f"error: {expected}"


def test_the_starred_move_is_the_one_monte_carlo_tree_search_plays(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Found with the solver's property test: after 188 simulations (seed 0) the most visited move,
    # 5 (a proven draw), is the one played, while 7 has the best mean reward; the table starred 7
    # and the root was said to be a proven draw, though X wins.
    report = analyze_json(capsys, monkeypatch, "tictactoe", "O......X.", "-a", "mcts",
                          "--iterations", "188", "--seed", "0")
    assert report["best_move"] == "5" and report["best_moves"] == ["5"]
    assert not report["proven"]  # the root is not settled: the draw of 5 may yet be beaten
    visits = {m["move"]: m["visits"] for m in report["moves"]}
    assert max(visits, key=lambda move: visits[move]) == "5"
