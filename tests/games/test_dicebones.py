"""Dice bones (games.dicebones.game): the rules, the notation and its errors, and every heap 0..30
solved by the chance searches and by `minimax solve`, checked against a bottom-up computation of
the probability that the player to move wins, written here from the rules alone."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from games.dicebones.game import FACE_MAX, FACES_MAX, HEAP_MAX, DiceBones, parse_faces, parse_heap
from minimax_cli.cli.app import app
from minimax_cli.core.game import (
    CHANCE,
    MAX,
    MIN,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from minimax_cli.core.result import Limits
from minimax_cli.core.score import Kind
from minimax_cli.core.search import search

runner = CliRunner()
ALGORITHMS = ("expectiminimax", "star1", "star2")
DICE = [(1, 2, 3), (1, 1, 2, 3)]
UPTO = 30


@cache
def win_chances(faces: tuple[int, ...], upto: int = UPTO) -> tuple[Fraction, ...]:
    """chances[h]: the probability that the player about to roll, h bones left, wins when both
    play to win. With no bones the other player took the last one: 0. Otherwise each listed face
    comes up with probability 1 / len(faces), and after rolling r the player takes the k in
    1..min(r, h) that leaves the opponent the smallest chance."""
    chances = [Fraction(0)]
    for h in range(1, upto + 1):
        best = [max(1 - chances[h - k] for k in range(1, min(r, h) + 1)) for r in faces]
        chances.append(sum(best, Fraction(0)) / len(faces))
    return tuple(chances)


def max_value(faces: tuple[int, ...], heap: int, mover: int) -> Fraction:
    """The expected outcome (+1 a MAX win, -1 a MIN win) for MAX, `mover` about to roll."""
    mine = 2 * win_chances(faces)[heap] - 1
    return mine if mover == MAX else -mine


def after_roll(faces: tuple[int, ...], heap: int, roll: int) -> Fraction:
    """The expected outcome for the player who rolled `roll` with `heap` bones, taking the best."""
    chances = win_chances(faces)
    return max(1 - 2 * chances[heap - k] for k in range(1, min(roll, heap) + 1))


def exact(number: Any) -> Fraction:
    return Fraction(number)


# --- solved values -------------------------------------------------------------------------------
def test_the_bottom_up_reference_knows_the_small_heaps_by_hand() -> None:
    # One bone: any roll takes it. Two bones: a 1 leaves one bone to the opponent (who takes
    # it), a 2 or a 3 takes both: 2/3. Three bones: a 1 must leave 2 (the opponent wins 2/3 of
    # the time: 1/3 for us); a 2 leaves 2 (1/3) or 1 (0): 1/3; a 3 takes all: 1. In all
    # (1/3 + 1/3 + 1) / 3 = 5/9.
    assert win_chances((1, 2, 3))[:4] == (Fraction(0), Fraction(1), Fraction(2, 3), Fraction(5, 9))
    # With 1,1,2,3 the two bones are won by a 2 or a 3 only: 1/2.
    assert win_chances((1, 1, 2, 3))[2] == Fraction(1, 2)


@pytest.mark.parametrize("faces", DICE, ids=["1,2,3", "1,1,2,3"])
@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.slow  # thirty searches each
def test_every_heap_to_30_has_the_bottom_up_value(algorithm: str, faces: tuple[int, ...]) -> None:
    game = DiceBones(n=UPTO, faces=faces)
    for heap in range(UPTO + 1):
        for mover in (MAX, MIN):
            result = search(game, (heap, mover, None), algorithm)
            assert exact(result.value) == max_value(faces, heap, mover), (heap, mover)
            assert result.exact and result.score is not None
            assert result.score.relative.kind is Kind.VALUE  # an average, never a "win"
        if heap == 0:
            continue
        for roll in sorted(set(faces)):
            rolled = search(game, (heap, MAX, roll), algorithm)
            assert exact(rolled.value) == after_roll(faces, heap, roll), (heap, roll)
            best = rolled.best_move
            assert isinstance(best, int)
            assert 1 - 2 * win_chances(faces)[heap - best] == after_roll(faces, heap, roll)


def solve_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["solve", "dicebones", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def json_value(entry: dict[str, Any]) -> Fraction:
    return Fraction(entry.get("value_exact") or entry["value"])


@pytest.mark.parametrize("faces", DICE, ids=["1,2,3", "1,1,2,3"])
def test_solve_through_the_command_line_gives_the_bottom_up_value(faces: tuple[int, ...]) -> None:
    data = solve_json("--n", "12", "--faces", ",".join(map(str, faces)))
    assert (data["position"], data["to_move"], data["exact"]) == ("12", "CHANCE", True)
    assert json_value(data) == max_value(faces, 12, MAX)
    rolls = {m["move"]: json_value(m) for m in data["moves"]}
    assert rolls == {f"roll {r}": after_roll(faces, 12, r) for r in set(faces)}
    # The die chooses the outcome: none is called best or optimal, even when all are equal.
    assert (data["best_move"], data["best_moves"], data["optimal_moves"]) == (None, [], [])
    assert all(m["optimal"] is None and not m["best"] for m in data["moves"])


def test_compare_sets_the_three_side_by_side_with_one_value() -> None:
    result = runner.invoke(app, ["analyze", "dicebones", "6", "--compare", "--json"])
    assert result.exit_code == 0, result.output
    rows = [row for row in json.loads(result.stdout) if row["algorithm"] in ALGORITHMS]
    assert [row["algorithm"] for row in rows] == list(ALGORITHMS)
    assert {json_value(row) for row in rows} == {max_value((1, 2, 3), 6, MAX)}
    assert all(row["exact"] for row in rows)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_node_budget_is_exact_and_a_stopped_search_gives_no_value(algorithm: str) -> None:
    game = DiceBones()
    for budget in (1, 2, 7, 40):
        result = search(game, game.initial_state(), algorithm, Limits(nodes=budget))
        assert (result.stats.nodes, result.stopped, result.value) == (budget, "nodes", None)
        assert result.moves == []


# --- the rules -----------------------------------------------------------------------------------
def test_the_rules_in_states() -> None:
    game = DiceBones(faces=(1, 1, 2, 3))
    start = game.initial_state()
    assert start == (10, MAX, None) and game.to_move(start) == CHANCE
    assert list(game.chance_outcomes(start)) == [(1, Fraction(1, 2)), (2, Fraction(1, 4)),
                                                 (3, Fraction(1, 4))]
    assert list(game.legal_moves(start)) == [1, 2, 3]
    rolled = game.play(start, 3)
    assert rolled == (10, MAX, 3) and game.to_move(rolled) == MAX
    assert list(game.legal_moves(rolled)) == [1, 2, 3]
    assert game.play(rolled, 2) == (8, MIN, None)
    assert list(game.legal_moves((2, MIN, 3))) == [1, 2]  # the heap caps the take too
    assert game.outcome((0, MIN, None)) == 1  # MAX took the last bone
    assert game.outcome((0, MAX, None)) == -1
    assert game.outcome((1, MAX, None)) is None and list(game.legal_moves((0, MAX, None))) == []


def test_moves_are_read_and_refused_with_the_input_quoted() -> None:
    game = DiceBones()
    assert game.parse_move((10, MAX, 2), " 2 ") == 2
    assert game.parse_move((10, MAX, None), "roll 3") == 3
    assert game.format_move((10, MAX, None), 3) == "roll 3"
    with pytest.raises(IllegalMoveError, match=r"cannot take 3: the roll was 2 .* take 1 to 2"):
        game.parse_move((10, MAX, 2), "3")
    with pytest.raises(InvalidMoveError, match="'x' is not a move: write the number of bones"):
        game.parse_move((10, MAX, 2), "x")
    with pytest.raises(InvalidMoveError, match="'roll 4' is not a roll of this die"):
        game.parse_move((10, MAX, None), "roll 4")


def test_the_sketch_shows_the_heap_and_the_roll() -> None:
    game = DiceBones()
    assert game.sketch((7, MAX, None)) == ("||||| ||  7 bones", "MAX to roll the die (faces 1, 2, 3)")
    assert game.sketch((7, MIN, 1)) == ("||||| ||  7 bones", "MIN rolled 1: must take 1")
    assert game.sketch((2, MAX, 3)) == ("||  2 bones", "MAX rolled 3: takes 1 to 2")


# --- notation ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "state", "written"), [
    ("10", (10, MAX, None), "10"),
    ("10/min", (10, MIN, None), "10/min"),
    ("10 roll 2", (10, MAX, 2), "10 roll 2"),
    (" 10 / MIN  Roll 3 ", (10, MIN, 3), "10/min roll 3"),
    ("10/max", (10, MAX, None), "10"),
    ("0", (0, MAX, None), "0"),
    ("500", (500, MAX, None), "500"),
])
def test_positions_are_read_and_written(text: str, state: tuple[int, int, int | None],
                                        written: str) -> None:
    game = DiceBones()
    assert game.parse_position(text) == state
    assert game.format_position(state) == written


@given(heap=st.integers(0, HEAP_MAX), mover=st.sampled_from([MAX, MIN]),
       roll=st.sampled_from([None, 1, 2, 3]))
def test_notation_round_trips(heap: int, mover: int, roll: int | None) -> None:
    game = DiceBones()
    state = (heap, mover, roll if heap > 0 else None)
    assert game.parse_position(game.format_position(state)) == state


FORM = ("use the heap (a whole number from 0 to 500, e.g. 10), optionally /min or /max for the "
        "player to move, then optionally `roll R` once that player has rolled R, e.g. 10, 10/min, "
        "10 roll 2")


@pytest.mark.parametrize(("argv", "line"), [
    (["analyze", "dicebones", "501"], f"'501' is not a dicebones position: {FORM}"),
    (["analyze", "dicebones", "ten"], f"'ten' is not a dicebones position: {FORM}"),
    (["analyze", "dicebones", "10 roll"], f"'10 roll' is not a dicebones position: {FORM}"),
    (["analyze", "dicebones", "10 roll 4"],
     "'10 roll 4' is not a dicebones position: the die has no face 4; its faces are 1, 2, 3"),
    (["analyze", "dicebones", "0 roll 1"],
     "'0 roll 1' is not a dicebones position: with no bones left the game is over and nobody "
     "rolls; write 0 or 0/min"),
    (["solve", "dicebones", "--n", "501"],
     "--n '501': '501' is not a heap size: use a whole number from 0 to 500, e.g. 10"),
    (["solve", "dicebones", "--faces", "0,1"],
     "--faces '0,1': '0,1' is not a die: use comma-separated whole numbers from 1 to 100, e.g. "
     "1,2,3 (at most 60 faces; repeat a face to make it likelier, e.g. 1,1,2,3)"),
    (["analyze", "dicebones", "7", "--depth", "2"],
     "dicebones has no evaluation function, so the search cannot be cut off by depth; drop "
     "--depth to search to the end"),
])
def test_bad_input_is_one_line_and_exit_code_2(argv: list[str], line: str) -> None:
    result = runner.invoke(app, argv)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [f"error: {line}"]


def test_parameter_limits_are_stated_and_held() -> None:
    assert parse_heap(str(HEAP_MAX)) == HEAP_MAX
    assert parse_faces(",".join(["1"] * FACES_MAX)) == (1,) * FACES_MAX
    assert parse_faces(f"1,{FACE_MAX}") == (1, FACE_MAX)
    for bad in (str(HEAP_MAX + 1), "-1", "1" * 5000, ""):
        with pytest.raises(ValueError, match="not a heap size"):
            parse_heap(bad)
    for bad in (",".join(["1"] * (FACES_MAX + 1)), str(FACE_MAX + 1), "0", "1,,2", "9" * 5000):
        with pytest.raises(ValueError, match="not a die"):
            parse_faces(bad)
    with pytest.raises(InvalidPositionError):
        DiceBones().parse_position("9" * 5000)


# --- play ----------------------------------------------------------------------------------------
def test_play_shows_every_roll_and_plays_to_the_end() -> None:
    # Taking one bone is always legal, so eleven lines of 1 outlast any game from ten bones.
    result = runner.invoke(app, ["play", "dicebones", "--seed", "3", "--no-review"],
                           input="1\n" * 11)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    rolls = [line for line in lines if line.startswith("chance for ")]
    plays = [line for line in lines if " plays " in line]
    assert rolls and len(rolls) == len(plays)  # a roll before every take
    # Every roll names whose it is, MAX's and MIN's alike (issue 20, defect 6): the player who
    # takes right after it.
    events = [line for line in lines if line in rolls or line in plays]
    for roll, play in zip(events[::2], events[1::2], strict=True):
        match = re.fullmatch(r"chance for (.+): roll [123]", roll)
        assert match is not None and play.startswith(f"{match[1]} plays ")
    assert {roll.split(":")[0] for roll in rolls} == {"chance for MAX (you)",
                                                      "chance for MIN (AI)"}
    # A ply is one player's move: the rolls are counted apart.
    over = next(line for line in lines if line.startswith("game over: "))
    assert over.endswith(f" after {len(plays)} plies and {len(rolls)} chance outcomes")
    again = runner.invoke(app, ["play", "dicebones", "--seed", "3", "--no-review"],
                          input="1\n" * 11)
    assert again.stdout == result.stdout  # the seed fixes the rolls


def test_undo_and_why_count_plies_as_players_moves() -> None:
    # Issue 20, defect 6: a ply is one player's move; `undo` said "took back 4 plies (your 1, the
    # AI's roll 2, the AI's 1, the AI's roll 3)" and `why` numbered the AI's ply with the rolls.
    result = runner.invoke(app, ["play", "dicebones", "--seed", "3", "--no-review"],
                           input="1\nwhy\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    took = next(line for line in lines if line.startswith("took back "))
    assert took == "took back 2 plies and 2 chance outcomes (your 1, roll 2, the AI's 1, roll 3)"
    # MAX's take is ply 1, MIN's reply ply 2, whatever rolls came between.
    assert any(line.startswith("why 1? the AI played 1 at ply 2:") for line in lines), lines
