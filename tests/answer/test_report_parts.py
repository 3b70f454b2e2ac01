"""The report's parts no command prints as JSON, in the report schema's `$defs`: `play`'s
end-of-game review (`review`), a hint's think (`think`) and `why` (`why`), and a quiz's exercise
(`exercise`), made from real reviews, thinks and exercises, validated against the schema, with
the facts they state checked."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from games.bones.game import Bones
from games.bones3.game import Bones3
from games.connect4.game import ConnectFour
from games.dicebones.game import DiceBones
from games.tictactoe.game import TicTacToe
from games.tree.game import TreeGame
from minimax_cli.answer.policy import Choice, Policy, Thinker
from minimax_cli.answer.review import review_game
from minimax_cli.answer.thinks import think_report, why_report
from minimax_cli.core.game import MIN, Game
from minimax_cli.reports import SCHEMA_FILE
from minimax_cli.reports.json_form import exercise_dict, review_dict, think_dict, why_dict
from minimax_cli.services.quiz import build

SCHEMA = json.loads(SCHEMA_FILE.read_text())
#: The schema as a resource, so that a definition's references (`#`: the report) resolve in it.
SCHEMAS = Registry().with_resource(SCHEMA["$id"], Resource.from_contents(SCHEMA))


def part(name: str) -> Draft202012Validator:
    """A validator of the schema's definition `name`."""
    return Draft202012Validator({"$ref": f"{SCHEMA['$id']}#/$defs/{name}"}, registry=SCHEMAS)


REVIEW, THINK, WHY, EXERCISE = part("review"), part("think"), part("why"), part("exercise")
#: A think no small game comes near, so that the facts never hang on the machine's speed.
AMPLE = 600.0


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


# --- a hint's think and `why` ---------------------------------------------------------------------
def thought(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    """The JSON of a hint's think about `state`, after checking it is valid."""
    think = think_report(game, state, Thinker(game, Policy.make(game, budget=AMPLE)).hint(state))
    data = think_dict(game, state, think)
    THINK.validate(data)
    return data


def test_a_think_by_a_search_to_the_end_names_its_best_moves() -> None:
    # X to move wins at once in the top row (3): the only winning move, proven.
    data = thought(TicTacToe(), TicTacToe().parse_position("XX./OO./..."))
    assert data["how"] == "search" and data["solved"] and data["method"] is None
    assert data["tied"] == data["alike"] == ["3"]
    assert data["report"]["best_moves"] == ["3"] and data["report"]["proven"]
    assert [step["way"] for step in data["steps"]] == ["search"]
    assert data["steps"][0]["nodes"] == data["report"]["stats"]["nodes"]


def test_a_think_by_the_games_own_solver_says_its_method() -> None:
    # Bones 1..3 at 10: taking 2 leaves a multiple of four, the one winning move.
    game = Bones(10)
    data = thought(game, game.initial_state())
    assert data["how"] == "solver" and data["method"] is not None and data["solved"]
    assert data["tied"] == ["2"]


def test_a_think_among_three_players_keeps_the_moves_alike_for_every_player() -> None:
    # Heap 7, player 1 to move: taking 2 leaves 5, which player 1 wins under max^n (the review's
    # oracle in test_review_games.py); its own return is then 1, the others' 0.
    game = Bones3(7)
    data = thought(game, game.initial_state())
    assert data["report"]["algorithm"] == "maxn" and data["report"]["returns"] == [1, 0, 0]
    assert data["alike"] == ["2"] and "2" in data["tied"]


def test_why_a_random_move_says_its_level_and_line() -> None:
    # Bones 1..3, MIN at 9 takes 3 at random, leaving 6: MAX then wins by leaving multiples of
    # four: takes 2 (to 4); MIN's takes all lose, the first in order is 1 (to 3); MAX takes 3.
    game = Bones(10)
    policy = Policy.make(game, "weak", budget=AMPLE)
    thinker = Thinker(game, policy)
    state = (9, MIN)
    answer = thinker.think(state, None, policy.algorithm)
    why = why_report(game, state, 2, Choice(3, answer, True), thinker.line(state, answer, 3),
                     policy)
    data = why_dict(game, state, why)
    WHY.validate(data)
    assert (data["ply"], data["move"], data["random"], data["level"], data["randomness"]) == (
        2, "3", True, 1, 0.6)
    assert data["line"] == {"moves": ["3", "2", "1", "3"], "to_the_end": True, "proven": True,
                            "cut": False, "optimal_only": True}


# --- a quiz's exercise ------------------------------------------------------------------------------
def test_the_course_exercise_says_the_course_s_facts() -> None:
    # The course's tree (@abcd): root 3 by B; alpha-beta never evaluates C's 4 and 6, the 5th
    # and 6th leaves from the left; 13 nodes for minimax, 11 for alpha-beta (COURSE.md).
    game = TreeGame()
    data = exercise_dict(build(game, game.initial_state()))
    EXERCISE.validate(data)
    assert data["root_value"] == 3 and data["best_moves"] == ["B"] and data["pruned"] == [5, 6]
    assert [leaf["value"] for leaf in data["leaves"]] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert data["leaves"][4]["path"] == [2, 2]
    assert (data["minimax"]["nodes"], data["alphabeta"]["nodes"]) == (13, 11)
    assert data["steps"][-1]["kind"] == "done" and data["steps"][-1]["best"] == "B"
