"""`minimax analyze` as a script sees it: JSON keys and numbers, errors and exit codes."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from minimax_cli import registry
from minimax_cli.cli.app import app
from minimax_cli.core import (
    CHANCE,
    MAX,
    Game,
    GameType,
    InvalidMoveError,
    InvalidPositionError,
)
from minimax_cli.core.search import ALGORITHMS
from tests.cli.entry import run_main

runner = CliRunner()
EMPTY = "........."


def analyze_json(*args: str) -> Any:
    result = runner.invoke(app, ["analyze", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_slides_tree_json_for_alphabeta() -> None:
    data = analyze_json("tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--algorithm", "alphabeta")
    for key in ("game", "position", "algorithm", "value", "exact", "best_move", "moves", "pv", "stats"):
        assert key in data
    assert data["value"] == 3 and data["best_move"] == "1" and data["exact"] is True
    assert data["stats"]["nodes"] == 11 and data["stats"]["leaves"] == 7
    # The course: B = 3 (c), C <= 2 once its first leaf is seen and the rest pruned (d), D = 2
    # with every leaf seen (g). Exact values rank before a bound of the same number.
    assert [(m["move"], m["bound"]) for m in data["moves"]] == [
        ("1", "exact"), ("3", "exact"), ("2", "upper")]
    assert data["moves"][0] == {"move": "1", "value": 3, "value_exact": None, "bound": "exact",
                                "distance": None, "distance_at_most": False, "kind": "value",
                                "proven": True, "exact": True, "for_mover": "value 3",
                                "optimal": True, "best": True, "returns": None,
                                "visits": None, "probability": None,
                                "probability_exact": None,
                                "uci": None, "cp": None, "mate": None, "pv": None}
    # C's first leaf (2) proves C <= 2 < 3, D = 2 < 3: neither is optimal
    assert [(m["move"], m["value"], m["optimal"]) for m in data["moves"]] == [
        ("1", 3, True), ("3", 2, False), ("2", 2, False)]
    assert data["score"] == {"kind": "value", "number": 3, "bound": "exact", "plies": None,
                             "plies_at_most": False}


def test_slides_tree_json_for_minimax() -> None:
    data = analyze_json("tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--algorithm", "minimax")
    assert (data["value"], data["stats"]["nodes"], data["stats"]["leaves"]) == (3, 13, 9)
    assert [m["value"] for m in data["moves"]] == [3, 2, 2]


def test_full_tictactoe_tree_counts() -> None:
    plain = analyze_json("tictactoe", EMPTY, "--algorithm", "minimax")
    assert plain["value"] == 0 and plain["stats"]["nodes"] == 549_946
    pruned = analyze_json("tictactoe", EMPTY, "--algorithm", "alphabeta")
    assert pruned["value"] == 0 and pruned["stats"]["nodes"] == 18_297
    engine = analyze_json("tictactoe", EMPTY)
    assert engine["value"] == 0 and engine["stats"]["nodes"] < 765
    assert sorted(m["move"] for m in engine["moves"]) == [str(i) for i in range(1, 10)]
    assert all(m["bound"] == "exact" and m["value"] == 0 for m in engine["moves"])


def test_course_depth_one_example() -> None:
    data = analyze_json("tictactoe", EMPTY, "--algorithm", "minimax", "--depth", "1")
    values = {m["move"]: m["value"] for m in data["moves"]}
    assert values["5"] == 4
    assert {values[c] for c in "1379"} == {3}
    assert {values[c] for c in "2468"} == {2}
    assert data["best_move"] == "5" and data["exact"] is False


def test_values_are_from_x_point_of_view_whoever_moves() -> None:
    # O to move, X threatens both 2 and 6 and O has no win of its own: X wins, 2 plies on.
    data = analyze_json("tictactoe", "X.X/.O./O.X")
    assert data["to_move"] == "MIN"
    assert data["value"] == 1 and data["distance"] == 2
    assert all(m["value"] == 1 for m in data["moves"])
    # O to move and O wins at once on 7 (the 3-5-7 diagonal).
    data = analyze_json("tictactoe", "XXO/XO./...")
    assert data["to_move"] == "MIN" and data["value"] == -1 and data["best_move"] == "7"
    assert data["distance"] == 1


def test_tree_view_marks_pruned_moves() -> None:
    result = runner.invoke(app, ["analyze", "tree", "@abcd", "-a", "alphabeta", "--tree"])
    assert result.exit_code == 0
    # C's second and third children, the leaves 4 and 6 of the course's step (d)
    assert "✂ pruned, never searched: C.2 (leaf 4); C.3 (leaf 6)" in result.stdout
    assert "▲ MAX" in result.stdout and "▼ MIN" in result.stdout


def test_compare_lists_three_algorithms() -> None:
    result = runner.invoke(app, ["analyze", "tictactoe", "X...O....", "--compare"])
    assert result.exit_code == 0
    for name in ("minimax", "alphabeta", "negamax"):
        assert name in result.stdout


def test_node_budget_is_exact_and_invents_nothing() -> None:
    engine = analyze_json("tictactoe", EMPTY, "--nodes", "50")
    assert engine["stats"]["nodes"] <= 50 and engine["stopped"] == "nodes"
    # the engine deepened under the budget: the last completed depth is a heuristic estimate
    assert engine["depth"] >= 1 and engine["exact"] is False and engine["proven"] is False
    assert engine["score"]["kind"] == "estimate"
    for algorithm in ("minimax", "alphabeta", "expectimax"):
        plain = analyze_json("tictactoe", EMPTY, "--nodes", "50", "--algorithm", algorithm)
        assert plain["stats"]["nodes"] <= 50 and plain["stopped"] == "nodes"
        # one pass to the end could not finish: no value, and the move is not a searched one
        assert plain["value"] is None and plain["score"] is None and plain["exact"] is False
        assert plain["best_searched"] is False and plain["moves"] == []
    text = runner.invoke(app, ["analyze", "tictactoe", EMPTY, "--nodes", "50", "-a", "minimax"])
    assert "before any depth was completed" in text.stdout
    assert "not searched" in text.stdout


@pytest.mark.slow  # full expectimax searches
def test_expectimax_reports_the_exact_average_never_a_result_word() -> None:
    # MIN playing uniformly at random: 191/192 for X from the empty board (exact, by fractions)
    data = analyze_json("tictactoe", EMPTY, "--algorithm", "expectimax")
    assert data["value_exact"] == "191/192" and data["value"] == 191 / 192
    assert data["score"]["kind"] == "value" and data["exact"] is True
    data = analyze_json("tictactoe", "XO./.../...", "--algorithm", "expectimax")
    assert data["value"] == 1 and data["score"]["kind"] == "value"
    text = runner.invoke(app, ["analyze", "tictactoe", "XO./.../...", "-a", "expectimax"]).stdout
    value_line = next(line for line in text.splitlines() if line.startswith("value "))
    assert value_line.split() == ["value", "1", "(MAX's", "view)"]
    for word in ("draw", "wins", "win", "loss"):
        assert word not in value_line


def test_bones_is_solved_by_the_engine_without_recursion_trouble() -> None:
    data = analyze_json("bones", "2000")
    # 2000 is a multiple of 4: the player to move (MAX) loses; the loser takes 1, the winner 3
    assert data["value"] == -1 and data["exact"] is True and data["distance"] == 1000
    assert data["stats"]["nodes"] <= 20_000
    assert len(data["pv"]) == 1000
    data = analyze_json("bones", "10001")
    assert data["value"] == 1 and data["exact"] is True
    assert [m["move"] for m in data["moves"] if m["value"] == 1] == ["1"]


@pytest.mark.slow  # a full 4x4 proof
def test_a_one_megabyte_table_still_proves_the_4x4_draw() -> None:
    default = analyze_json("tictactoe", "--rows", "4", "--cols", "4", "--k", "4")
    small = analyze_json("tictactoe", "--rows", "4", "--cols", "4", "--k", "4", "--table-mb", "1")
    assert default["value"] == small["value"] == 0
    assert default["exact"] and small["exact"]
    assert small["stats"]["nodes"] <= 2 * default["stats"]["nodes"]


def test_compare_takes_the_algorithms_that_compute_the_minimax_value() -> None:
    result = runner.invoke(app, ["analyze", "tree", "@abcd", "--compare", "--json"])
    assert result.exit_code == 0
    names = [entry["algorithm"] for entry in json.loads(result.stdout)]
    # The course's three first, the sample last, and between them every other registered one
    # that computes the minimax value of a deterministic game: the engine among them.
    tree, textbook = registry.create("tree"), ["minimax", "alphabeta", "alphabeta-ordered"]
    exact = [name for name, algorithm in ALGORITHMS.items() if algorithm.minimax_value
             and not algorithm.chance and algorithm.refusal(tree) is None]
    assert names == [*textbook, *(name for name in exact if name not in textbook), "mcts"]
    assert "negamax" in names and not {"expectiminimax", "star1", "maxn", "paranoid"} & set(names)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["analyze", "tree", "[[1,2],"], "not valid JSON"),
        (["analyze", "tree", "[]"], "empty list"),
        (["analyze", "tree", "[1,[2,\"x\"]]"], "not a number"),
        (["analyze", "tree", "[1,2]", "--algorithm", "best"], "unknown algorithm"),
        (["analyze", "go"], "unknown game"),
        (["analyze", "tictactoe", "XXX"], "9"),
        (["analyze", "tictactoe", "--rows", "x"], "rows"),
        (["analyze", "tree", "[1,2]", "--depth", "abc"], "depth"),
        (["analyze", "tree", "[1,2]", "--depth", "2"], "no evaluation function"),
        (["analyze", "tictactoe", "--table-mb", "0"], "--table-mb"),
        (["analyze", "bones", "10", "--n", "20"], "only sets the start position"),
        (["analyze", "tictactoe", "--table-mb", "99999999"], "megabytes"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], expected: str) -> None:
    result = run_main(*args)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert expected in lines[0]
    assert "Traceback" not in result.stderr


def test_position_from_stdin_and_file(tmp_path: Any) -> None:
    path = tmp_path / "tree.json"
    path.write_text("[[3,12,8],[2,4,6],[14,5,2]]")
    assert analyze_json("tree", str(path))["value"] == 3
    result = runner.invoke(app, ["analyze", "tree", "-", "--json"], input="[[1],[7,9]]")
    assert json.loads(result.stdout)["value"] == 7


class Gamble(Game[str, str]):
    """MAX chooses between a sure draw and a coin flip won 90 % of the time."""

    name = "gamble"
    description = "a sure draw or a 9-to-1 coin"
    game_type = GameType(chance=True)
    _children: ClassVar[dict[str, tuple[str, ...]]] = {"root": ("safe", "flip"),
                                                       "flip": ("won", "lost")}
    _values: ClassVar[dict[str, int]] = {"safe": 0, "won": 1, "lost": -1}

    def initial_state(self) -> str:
        return "root"

    def to_move(self, state: str) -> int:
        return CHANCE if state == "flip" else MAX

    def legal_moves(self, state: str) -> list[str]:
        return list(self._children.get(state, ()))

    def play(self, state: str, move: str) -> str:
        return move

    def outcome(self, state: str) -> float | None:
        return self._values.get(state)

    def chance_outcomes(self, state: str) -> list[tuple[str, Fraction]]:
        return [("won", Fraction(9, 10)), ("lost", Fraction(1, 10))]

    def parse_position(self, text: str) -> str:
        if text not in ("root", "flip", "safe", "won", "lost"):
            raise InvalidPositionError(f"{text!r} is not a position: root, flip, safe, won, lost")
        return text

    def format_position(self, state: str) -> str:
        return state

    def parse_move(self, state: str, text: str) -> str:
        if text not in self.legal_moves(state):
            raise InvalidMoveError(f"{text!r} is not a move here")
        return text

    def format_move(self, state: str, move: str) -> str:
        return move


class ThreeWay(Gamble):
    name = "threeway"
    game_type = GameType(players=3, zero_sum=False, low=0, high=1)


@pytest.fixture
def test_games(monkeypatch: pytest.MonkeyPatch) -> None:
    real = registry.load
    extra: dict[str, Any] = {"gamble": Gamble, "threeway": ThreeWay}
    monkeypatch.setattr(registry, "load", lambda name: extra.get(name) or real(name))


@pytest.mark.parametrize(("game", "algorithm", "words"), [
    ("gamble", "negamax", "chance nodes"), ("gamble", "alphabeta", "chance nodes"),
    ("gamble", "minimax", "chance nodes"), ("threeway", "alphabeta", "3"),
    ("threeway", "negamax", "3"), ("threeway", "expectimax", "3"),
])
def test_an_algorithm_refuses_a_game_type_it_does_not_serve(
        test_games: None, game: str, algorithm: str, words: str) -> None:
    result = runner.invoke(app, ["analyze", game, "--algorithm", algorithm])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and algorithm in lines[0] and words in lines[0]


def test_expectimax_weighs_chance_by_its_probabilities(test_games: None) -> None:
    data = analyze_json("gamble", "--algorithm", "expectimax")
    # the flip is worth 9/10 - 1/10 = 4/5 > 0, the sure draw 0
    assert data["value_exact"] == "4/5" and data["best_move"] == "flip"
    assert {m["move"]: m["value"] for m in data["moves"]} == {"safe": 0, "flip": 0.8}
