"""Hints, `why` and the AI's move line among three players speak of each player's own return
(issue 20, defect 4), and say when a return rests on how the players break ties. The returns are
checked against max^n worked here by plain recursion over three-player bones."""

from __future__ import annotations

import random
from functools import cache

import pytest
from typer.testing import CliRunner

from games.bones3.game import Bones3
from minimax_cli.answer.policy import Policy, Thinker
from minimax_cli.cli.app import app

runner = CliRunner()
TAKE = (1, 2, 3)


@cache
def oracle(heap: int, mover: int) -> tuple[tuple[int, ...], bool]:
    """max^n's returns from (heap, mover), ties taken by the smallest amount, and whether the line
    of play met a tie between amounts equally good for their mover and not for another player."""
    if heap == 0:  # the player before the mover took the last bone
        return tuple(int(p == (mover - 1) % 3) for p in range(3)), False
    options = [(a, *oracle(heap - a, (mover + 1) % 3)) for a in TAKE if a <= heap]
    top = max(vector[mover] for _, vector, _ in options)
    equal = [(a, vector, tied) for a, vector, tied in options if vector[mover] == top]
    _, vector, tied = equal[0]
    return vector, tied or len({v for _, v, _ in equal}) > 1


def cells(text: str) -> dict[str, list[str]]:
    """The moves table's rows: move -> its other cells."""
    found = {}
    for line in text.splitlines():
        parts = [c.strip() for c in line.split("│")[1:-1]]
        if len(parts) == 3 and parts[0][:1].isdigit():
            found[parts[0].split()[0]] = parts[1:]
    return found


def play(*args: str, lines: str) -> str:
    result = runner.invoke(app, ["play", "bones3", *args], input=lines,
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_hint_gives_each_move_your_own_return_and_every_players() -> None:
    text = play("7/2", "--seed", "5", lines="hint\nquit\n")
    assert "MAX's view" not in text and "lower values" not in text
    rows = cells(text)
    assert set(rows) == {"1", "2", "3"}
    for move in TAKE:
        vector, tied = oracle(7 - move, 2)
        own, returns = rows[str(move)]
        assert own == str(vector[1])  # player 2's own return
        assert returns == ", ".join(map(str, vector)) + (" †" if tied else "")
    assert "your return" in text and "★ best: the highest return for you" in text
    # Taking 2 makes player 2 the winner only if player 3, who cannot win at heap 5, takes 1.
    assert oracle(5, 2) == ((0, 1, 0), True)
    assert "best: 2 (returns: player 1 0, player 2 1, player 3 0, if every player breaks ties " \
           "as max^n does (the first move in the game's move order), proven" in text
    assert "† these returns hold if every player breaks ties as max^n does" in text


def test_a_claim_that_rests_on_no_tie_says_no_condition() -> None:
    # From heap 4 every amount leaves player 2 a heap it takes whole: no choice matters.
    assert oracle(4, 0) == ((0, 1, 0), False)
    text = play("4", "--side", "2", "--seed", "1", lines="quit\n")
    line = next(row for row in text.splitlines() if row.startswith("player 1 (AI) plays"))
    assert "returns: player 1 0, player 2 1, player 3 0, proven by a search to the end" in line
    assert "breaks ties" not in line


@pytest.mark.parametrize("seed", range(8))
def test_the_ai_breaks_ties_as_max_n_does_so_the_hint_comes_true(seed: int) -> None:
    # At heap 5 player 3 cannot win: 1 makes player 2 the winner, 2 and 3 player 1. max^n (and
    # the hint that promised player 2 the win after taking 2 from 7) assumes it takes 1.
    game = Bones3()
    thinker = Thinker(game, Policy.make(game), random.Random(seed))
    assert thinker.choose((5, 2)).move == 1
    # At heap 4 every amount gives player 2 the win: any of them may be drawn.
    assert thinker.choose((4, 0)).move in TAKE


def test_the_ais_move_line_and_why_say_the_tie_rule() -> None:
    text = play("--side", "2", "--seed", "5", lines="why\nquit\n")
    first, _ = oracle(10, 0)
    assert first == (0, 0, 1)
    line = next(row for row in text.splitlines() if row.startswith("player 1 (AI) plays"))
    assert line.startswith("player 1 (AI) plays 1: returns: player 1 0, player 2 0, player 3 1, "
                           "if every player breaks ties as max^n does")
    assert "as good for its own return: 2, 3 (not for the other players: the AI breaks such " \
           "ties as max^n does" in text
    assert "return for the AI" in text and "MAX's view" not in text
    assert "each player's best play for itself" in text and "both sides" not in text


def test_paranoid_hint_speaks_of_what_you_secure() -> None:
    text = play("7/2", "-a", "paranoid", lines="hint\nquit\n")
    assert "MAX's view" not in text and "your return" in text
    # Alone against the two others, player 2 secures nothing at heap 7 (each of them could win).
    assert "best: 1 (at least 0 for you, whatever the others play" in text
    assert "your return is what you secure whatever the others play" in text


def test_analyze_says_which_returns_rest_on_ties() -> None:
    result = runner.invoke(app, ["analyze", "bones3", "7/2"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "returns with each player's best play, if every player breaks ties as max^n does " \
           "(the first move in the game's move order): player 1 0, player 2 1, player 3 0" in text
    rows = {row[0].split()[0]: row[2] for row in
            ([c.strip() for c in line.split("│")[1:-1]] for line in text.splitlines())
            if len(row) == 4 and row[0][:1].isdigit()}
    for move in TAKE:
        vector, tied = oracle(7 - move, 2)
        assert rows[str(move)] == ", ".join(map(str, vector)) + (" †" if tied else "")
    # No tie on the line from heap 4: whatever player 1 takes, player 2 takes the rest.
    plain = runner.invoke(app, ["analyze", "bones3", "4"], env={"COLUMNS": "200"}).stdout
    assert "returns with each player's best play: player 1 0, player 2 1, player 3 0" in plain
    assert "†" not in plain


def test_paranoid_why_says_whose_line_it_is() -> None:
    text = play("--side", "2", "-a", "paranoid", "--seed", "2", lines="why\nquit\n")
    assert "at least 0 for the AI, whatever the others play" in text
    assert "every other player playing against it" in text and "both sides" not in text
