"""The end-of-game review as the report schema's `$defs/review`: real reviews of every kind of
judge, validated against the schema, with the facts they state checked."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from jsonschema import Draft202012Validator

from games.bones3.game import Bones3
from games.connect4.game import ConnectFour
from games.dicebones.game import DiceBones
from games.tictactoe.game import TicTacToe
from minimax_cli.answer.review import review_game
from minimax_cli.core.game import Game
from minimax_cli.reports import SCHEMA_FILE
from minimax_cli.reports.json_form import review_dict

SCHEMA = json.loads(SCHEMA_FILE.read_text())
#: The schema's review definition, validated with every definition it may refer to.
REVIEW = Draft202012Validator({"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"],
                               "$ref": "#/$defs/review"})


def reviewed(game: Game[Any, Any], moves: list[Any], **budget: int) -> dict[str, Any]:
    """The JSON of the review of `moves` played from the start, after checking it is valid."""
    states = [game.initial_state()]
    for move in moves[:-1]:
        states.append(game.play(states[-1], move))
    data = review_dict(review_game(game, states, moves, **budget))
    REVIEW.validate(data)
    return data


def test_a_slip_the_solver_found_says_its_values_from_maxs_view() -> None:
    # X centre, O on an edge (which loses: X then forces a win), X corner.
    data = reviewed(TicTacToe(), [4, 1, 0])
    assert (data["judge"], data["positions"], data["solved"], data["unsolved"]) == (
        "solver", 3, 3, 0)
    assert data["slips"] == [{"ply": 2, "player": 2, "played": "2", "kept_by": "1",
                              "lost": "the draw", "value_before": 0, "value_after": 1,
                              "value_before_exact": None, "value_after_exact": None,
                              "depth": None, "plies": None}]


def test_a_slip_the_shallow_check_found_has_no_values() -> None:
    # X has three in column 4 and plays column 7: a win in one missed; no budget for the proof.
    data = reviewed(ConnectFour(), [4, 1, 4, 2, 4, 3, 7], total=0)
    assert data["solved"] == 0 and data["unsolved"] == 7
    assert len(data["checked"]) + data["unreviewed"] == 7
    missed = data["slips"][-1]
    assert (missed["ply"], missed["player"], missed["played"], missed["kept_by"],
            missed["lost"], missed["plies"]) == (7, 1, "7", "4", "missed win", 1)
    assert missed["value_before"] is None and missed["value_after"] is None


def test_expected_values_keep_their_exact_fractions() -> None:
    # Dice bones: a roll of 3, MAX takes 1 (2 keeps more), then the AI and rolls.
    game = DiceBones(10)
    data = reviewed(game, [3, 1, 3, 3, 3, 3])
    assert data["judge"] == "expected value" and data["positions"] == 3
    first = data["slips"][0]
    assert (first["ply"], first["player"], first["played"], first["kept_by"]) == (1, 1, "1", "2")
    for slip in data["slips"]:
        for when in ("before", "after"):
            exact = Fraction(slip[f"value_{when}_exact"])
            assert float(exact) == slip[f"value_{when}"]


def test_own_returns_among_three_players() -> None:
    # Heap 7, player 1 takes 1 (taking 2 wins under max^n); player 2 then takes 2.
    data = reviewed(Bones3(7), [1, 2])
    assert data["judge"] == "own return"
    first = data["slips"][0]
    assert (first["ply"], first["player"], first["lost"], first["value_before"],
            first["value_after"]) == (1, 1, "own return", 1, 0)
