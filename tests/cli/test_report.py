"""One report for `analyze` and `solve` in every game: the published JSON Schema, the same keys and
meanings everywhere, and the claims of issue 8 ("not true", "not the same") held to facts."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from minimax_cli import registry
from minimax_cli.cli.app import app
from minimax_cli.reports import SCHEMA_FILE

runner = CliRunner()
SCHEMA_PATH = SCHEMA_FILE
VALIDATOR = Draft202012Validator(json.loads(SCHEMA_PATH.read_text()))


def invoke_json(*args: str) -> Any:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def text(*args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.stdout


def finished_position(name: str, seed: int) -> str:
    """A position where the game is over, reached by random legal moves from the start."""
    game = registry.create(name)
    state = game.initial_state()
    rng = random.Random(seed)
    while game.outcome(state) is None:
        state = game.play(state, rng.choice(list(game.legal_moves(state))))
    return game.format_position(state)


def middle_position(name: str, plies: int) -> str:
    """A position `plies` random moves on from the start, or from the game's example position
    when it has one (a game too large to solve from near the start)."""
    game = registry.create(name)
    example = game.example_position
    state = game.initial_state() if example is None else game.parse_position(example)
    rng = random.Random(plies)
    for _ in range(plies):
        if game.outcome(state) is not None:
            break
        state = game.play(state, rng.choice(list(game.legal_moves(state))))
    return game.format_position(state)


def positions(name: str) -> list[str]:
    named = list(registry.load(name).named_positions())[:1]
    game = registry.create(name)
    start = game.example_position or game.format_position(game.initial_state())
    return [start, middle_position(name, 2), finished_position(name, 1), *named]


GAMES = registry.names()


def test_the_schema_is_itself_valid() -> None:
    Draft202012Validator.check_schema(json.loads(SCHEMA_PATH.read_text()))


@pytest.mark.parametrize("name", GAMES)
def test_analyze_and_solve_json_follow_the_schema_in_every_game(name: str) -> None:
    keys = set()
    runs: list[tuple[str, list[str]]] = [("analyze", []), ("analyze", ["--nodes", "5"]),
                                         ("solve", [])]
    if registry.create(name).evaluators():
        runs.append(("analyze", ["--depth", "1"]))
    for position in positions(name):
        for command, extra in runs:
            if name == "tictactoe" and command == "analyze" and not extra and position == ".........":
                extra = ["--depth", "2"]  # the engine solves it too, but this keeps the test quick
            data = invoke_json(command, name, position, *extra)
            VALIDATOR.validate(data)
            assert data["command"] == command and data["game"] == name
            # a named position (the tree's `@abcd`) is reported as the position it names
            game = registry.create(name)
            assert data["position"] == game.format_position(game.parse_position(position))
            keys.add(frozenset(data))
    assert len(keys) == 1  # the same keys from both commands, for every position


def test_every_game_has_the_same_keys() -> None:
    seen = {frozenset(invoke_json("solve", name, finished_position(name, 2))) for name in GAMES}
    seen |= {frozenset(invoke_json("analyze", name, finished_position(name, 3))) for name in GAMES}
    assert len(seen) == 1


def test_compare_is_a_list_of_reports() -> None:
    data = invoke_json("analyze", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--compare")
    assert isinstance(data, list) and len(data) >= 3
    for report in data:
        VALIDATOR.validate(report)
    # Every exact algorithm gives 3; Monte Carlo tree search, last, only an estimate of it.
    assert {r["value"] for r in data if r["algorithm"] != "mcts"} == {3}
    assert data[-1]["algorithm"] == "mcts" and data[-1]["proven"] is False


def test_upto_without_a_position_is_the_series_alone() -> None:
    data = invoke_json("solve", "bones", "--upto", "12")
    VALIDATOR.validate(data)
    assert "position" not in data and len(data["series"]["rows"]) == 13
    # the default n = 21 is not solved first: no report of it
    assert set(data) == {"schema", "command", "game", "parameters", "series"}
    with_position = invoke_json("solve", "bones", "9", "--upto", "3")
    VALIDATOR.validate(with_position)
    assert with_position["position"] == "9" and len(with_position["series"]["rows"]) == 4


# --- the claims of issue 8 ---------------------------------------------------------------------
def test_solve_bones_has_the_fields_of_every_game() -> None:
    bones = invoke_json("solve", "bones", "--n", "10")
    nim = invoke_json("solve", "nim", "3,4,5")
    assert set(bones) == set(nim)
    assert bones["first_player_wins"] is True  # 10 is not a multiple of 4
    assert nim["first_player_wins"] is True  # 3 xor 4 xor 5 = 2, not 0
    assert invoke_json("solve", "nim", "1,2,3")["first_player_wins"] is False  # xor 0
    assert invoke_json("solve", "tictactoe")["first_player_wins"] is False  # a draw
    assert all(isinstance(m["move"], str) for m in bones["moves"])


def test_a_depth_limited_search_says_its_moves_are_not_exact() -> None:
    data = invoke_json("analyze", "tictactoe", "--depth", "1")
    assert data["exact"] is False and data["proven"] is False
    assert data["moves"] and all(not m["exact"] and not m["proven"] for m in data["moves"])
    assert all(m["optimal"] is None for m in data["moves"])  # unknown, never claimed


@pytest.mark.parametrize("algorithm", ["negamax", "minimax", "alphabeta"])
def test_depth_is_said_once_and_right(algorithm: str) -> None:
    limited = invoke_json("analyze", "tictactoe", "XO./.X./...", "-a", algorithm, "--depth", "2")
    assert limited["depth"] == 2 and "depth" not in limited["stats"]
    full = invoke_json("analyze", "tictactoe", "XO./.X./...", "-a", algorithm)
    assert full["depth"] is None and "depth" not in full["stats"]


def test_solve_and_analyze_agree_on_optimal_and_best() -> None:
    # O to move; X threatens 9 (the diagonal): only 9 delays the loss (4 plies), the rest lose in 2.
    solved = invoke_json("solve", "tictactoe", "XO./.X./...")
    analyzed = invoke_json("analyze", "tictactoe", "XO./.X./...")
    for data in (solved, analyzed):
        assert data["to_move"] == "MIN" and data["value"] == 1 and data["distance"] == 4
        assert data["best_moves"] == ["9"] and data["best_move"] == "9"
        assert sorted(data["optimal_moves"]) == ["3", "4", "6", "7", "8", "9"]  # all keep the value
        assert data["moves"][0]["move"] == "9"  # best first for O
        assert [m["for_mover"] for m in data["moves"]] == ["loss in 4 plies"] + ["loss in 2 plies"] * 5
    out = text("solve", "tictactoe", "XO./.X./...")
    assert "9 ★" in out and "3 ★" not in out and "6 of 6 moves keep the game value" in out


def test_moves_are_sorted_best_first_for_the_player_to_move() -> None:
    # X took a corner: O must take the centre (a draw); every other reply loses.
    data = invoke_json("analyze", "tictactoe", "X../.../...")
    assert data["to_move"] == "MIN" and data["moves"][0]["move"] == "5"
    assert data["moves"][0]["for_mover"] == "draw"
    assert all(m["for_mover"].startswith("loss") for m in data["moves"][1:])
    lengths = [int(m["for_mover"].split()[2]) for m in data["moves"][1:]]
    assert lengths == sorted(lengths, reverse=True)  # the slowest loss first


def test_a_finished_game_is_said_to_be_over() -> None:
    out = text("analyze", "tictactoe", "XXX/OO./...")
    assert re.search(r"to move\s+nobody: the game is over", out)
    assert "the game is over: the first player (MAX) has won" in out
    assert "0 plies" not in out and "to move: MIN" not in out
    data = invoke_json("analyze", "tictactoe", "XXX/OO./...")
    assert data["over"] is True and data["to_move"] is None and data["moves"] == []
    assert data["result"] == "the game is over: the first player (MAX) has won"
    solved = invoke_json("solve", "tictactoe", "XXX/OO./...")
    assert solved["result"] == data["result"] and solved["over"] is True


def test_counts_read_right_in_the_singular() -> None:
    data = invoke_json("analyze", "tictactoe", "XX./OO./...")
    assert data["result"] == "the player to move (MAX) wins in 1 ply with perfect play"
    out = text("analyze", "tictactoe", "XX./OO./...", "--depth", "1")
    assert "1 plies" not in out and re.search(r"depth\s+1 ply\b", out)
    assert "1 of 3 moves keeps the game value" in text("solve", "bones", "9")


def test_the_position_is_drawn() -> None:
    out = text("analyze", "tictactoe", "XO./.X./...")
    assert "│ X │ O │" in out
    out = text("solve", "tictactoe", "XO./.X./...")
    assert "│ X │ O │" in out


def test_the_line_is_complete() -> None:
    data = invoke_json("analyze", "bones")  # 21: MAX wins in 11 plies, 21 -> 20 -> ... -> 0
    assert data["distance"] == 11 and len(data["pv"]) == 11 and data["pv_complete"] is True
    assert sum(map(int, data["pv"])) == 21
    solved = invoke_json("solve", "bones")
    assert solved["distance"] == 11 and len(solved["pv"]) == 11 and solved["pv_complete"] is True


def test_heaps_are_drawn_in_analyze_and_solve() -> None:
    for command in ("analyze", "solve"):
        assert "||||| |  6 bones" in text(command, "bones", "6")
        nim = text(command, "nim", "1,2")
        assert "heap 1  |" in nim and "heap 2  ||" in nim


@pytest.mark.parametrize("args", [["nim", "3,4,5", "--heaps", "1,2"], ["bones", "10", "--n", "20"]])
def test_a_position_and_a_start_parameter_are_not_both_taken(args: list[str]) -> None:
    result = runner.invoke(app, ["solve", *args])
    assert result.exit_code == 2 and "only sets the start position" in result.stderr
    assert result.stdout == ""


def test_a_long_position_is_cut_on_screen_and_whole_in_json() -> None:
    tree = json.dumps([[i, i + 1] for i in range(200)], separators=(",", ":"))
    out = text("analyze", "tree", tree, "--nodes", "50")
    assert f"({len(tree):,} characters; --json has it all)" in out and tree not in out
    assert invoke_json("analyze", "tree", tree, "--nodes", "50")["position"] == tree


def test_a_chance_node_lists_each_outcome_with_its_probability() -> None:
    # The die 1,1,2,3: a roll of 1 comes up half the time, 2 and 3 a quarter each.
    for command in ("analyze", "solve"):
        data = invoke_json(command, "dicebones", "6", "--faces", "1,1,2,3")
        VALIDATOR.validate(data)
        chances = {m["move"]: (m["probability"], m["probability_exact"]) for m in data["moves"]}
        assert chances == {"roll 1": (0.5, "1/2"), "roll 2": (0.25, "1/4"),
                           "roll 3": (0.25, "1/4")}
        assert all(m["optimal"] is None and not m["best"] for m in data["moves"])
    player = invoke_json("analyze", "dicebones", "6 roll 2")
    assert all(m["probability"] is None for m in player["moves"])


def test_a_finished_dice_game_names_its_winner() -> None:
    # No bones left: the player to move has lost, whoever took the last bone won.
    for command in ("analyze", "solve"):
        assert invoke_json(command, "dicebones", "0/min")["result"] == (
            "the game is over: the first player (MAX) has won")
        assert invoke_json(command, "dicebones", "0")["result"] == (
            "the game is over: the second player (MIN) has won")
