"""The words and tables of `play`: values for the player the table is for, best first, honest."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from games.bones.game import Bones
from games.nim.game import Nim
from games.tictactoe.game import TicTacToe
from games.tree.game import TreeGame
from minimax_cli.answer.policy import Choice, Policy, Thinker
from minimax_cli.answer.thinks import think_report, why_report
from minimax_cli.core.game import MAX, MIN
from minimax_cli.core.score import Bound, Kind, Score
from minimax_cli.play.hints import think_table, why_view
from minimax_cli.play.session import Session, make_config
from minimax_cli.play.words import LISTED, after_words, before_words, ending_words, listed
from minimax_cli.reports.table import READER_ROWS, Reader, reader_table
from minimax_cli.reports.words import Party, cell_words, you
from tests.answer.test_policy import AMPLE, distance_oracle

AI = Party(MIN, "the AI")
YOU = you(MAX)


def rows(renderable: Any) -> list[tuple[str, str]]:
    """The (move, value) cells of a moves table as printed."""
    buffer = io.StringIO()
    Console(file=buffer, width=100, color_system=None).print(renderable)
    found = []
    for line in buffer.getvalue().splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if len(cells) == 2:
            found.append((cells[0], cells[1]))
    return found


def text_of(renderable: Any) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=100, color_system=None).print(renderable)
    return buffer.getvalue()


# --- words --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("score", "before", "after"), [
    # A win in 1 ply is the move itself; in 3 plies, this move and one more of the winner's.
    (Score.win(1), "you can force a win in 1 move", "you win with this move"),
    (Score.win(3), "you can force a win in 2 moves", "you can force a win in 1 more move"),
    (Score.win(5, at_most=True), "you can force a win in at most 3 moves",
     "you can force a win in at most 2 more moves"),
    # A loss in 2 plies: the other side moves next and wins with its first move.
    (Score.loss(2), "the AI can force a win in 1 move", "the AI can force a win in 1 move"),
    (Score.loss(4), "the AI can force a win in 2 moves", "the AI can force a win in 2 moves"),
    (Score.draw(), "a draw with best play", "a draw with best play"),
    (Score.draw(Bound.LOWER), "at least a draw for you", "at least a draw for you"),
    (Score.estimate(4), "estimate 4 for you", "estimate 4 for you"),
    (Score.win(), "you can force a win", "you can force a win"),
])
def test_words_before_and_after_the_move(score: Score, before: str, after: str) -> None:
    game = TicTacToe()
    assert before_words(game, score, YOU, AI) == before
    assert after_words(game, score, YOU, AI) == after


def test_the_ai_in_the_third_person() -> None:
    game = TicTacToe()
    ai, human = Party(MAX, "the AI"), you(MIN)
    assert after_words(game, Score.win(1), ai, human) == "the AI wins with this move"
    assert after_words(game, Score.win(3), ai, human) == "the AI can force a win in 1 more move"
    assert after_words(game, Score.loss(2), ai, human) == "you can force a win in 1 move"


def test_the_last_move_says_how_the_game_ended() -> None:
    game, tree = TicTacToe(), TreeGame()
    assert ending_words(game, 1, Party(MAX, "X")) == "X wins with this move"
    assert ending_words(game, -1, you(MIN)) == "you win with this move"
    assert ending_words(game, 0, you(MAX)) == "the game ends in a draw"
    # Misère: taking the last bone loses; a forced last move says so.
    assert ending_words(Bones(3, misere=True), -1, Party(MAX, "the AI")) == (
        "the AI loses with this move")
    assert ending_words(tree, 3, Party(MIN, "the AI")) == (
        "the game ends with value 3 (MAX's view)")


@pytest.mark.parametrize(("score", "player", "cell"), [
    (Score.win(3), MAX, "win in 2 moves"),
    (Score.loss(2), MAX, "loss in 1 move"),
    (Score.loss(6, at_most=True), MAX, "loss in at most 3 moves"),
    (Score.draw(), MAX, "draw"),
    (Score.draw(Bound.UPPER), MAX, "at most a draw"),
    (Score.estimate(-2, Bound.LOWER), MIN, "estimate ≥ -2 (heuristic)"),
])
def test_table_cells(score: Score, player: int, cell: str) -> None:
    assert cell_words(TicTacToe(), score, player) == cell


def test_values_of_a_game_of_numbers_stay_max_s_view() -> None:
    # A value of 3 for MAX is -3 from MIN's side; both are shown as MAX sees it, as the course does.
    tree = TreeGame()
    assert before_words(tree, Score.value(3), Party(MAX, "the AI"), you(MIN)) == (
        "value 3 (MAX's view)")
    assert before_words(tree, Score.value(-3), you(MIN), Party(MAX, "the AI")) == (
        "value 3 (MAX's view)")
    assert cell_words(tree, Score.value(-3), MIN) == "3"


# --- tables -------------------------------------------------------------------------------------------
def test_hint_playing_o_lists_o_s_moves_best_first_with_o_s_values() -> None:
    # The case: X opened on an edge (2); O to move. The oracle gives each O move its
    # value and length with best play; the table must list them best first for O.
    game = TicTacToe()
    state = game.parse_position(".X./.../...")
    thought = Thinker(game, Policy(budget=AMPLE)).hint(state)
    table = rows(think_table(game, state, think_report(game, state, thought), you(MIN)))
    memo: dict[Any, tuple[int, int]] = {}
    facts: dict[str, tuple[int, int]] = {}
    for cell in game.legal_moves(state):
        value, plies = distance_oracle(game, game.play(state, cell), memo)
        facts[str(cell + 1)] = (-value, plies + 1)  # O's side; plies counted from O's move
    # Best for O first: higher value for O, then (losses) slower, then the game's order.
    expected = sorted(facts, key=lambda m: (-facts[m][0], facts[m][1] if facts[m][0] > 0 else
                                            -facts[m][1] if facts[m][0] < 0 else 0, int(m)))
    assert [move.split()[0] for move, _ in table] == expected
    top = facts[expected[0]]
    for move, words in table:
        number = move.split()[0]
        value, plies = facts[number]
        o_moves = len(range(1, plies + 1, 2))  # O moves at plies 1, 3, 5 ... from here
        unit = "move" if o_moves == 1 else "moves"
        assert words == {1: f"win in {o_moves} {unit}", 0: "draw",
                         -1: f"loss in {o_moves} {unit}"}[value], move
        assert move.endswith("★") == (facts[number] == top), move
    assert {m.split()[0] for m, c in table if c == "draw"} == {"1", "3", "5", "8"}


def test_a_heuristic_table_shows_estimates_from_the_player_s_side() -> None:
    # The course's worked example, one ply deep: for X, the centre scores 8 - 4 = 4, a corner
    # 3, an edge 2. After X's centre, O in a corner leaves 5 lines open for X and 4 for O
    # (1 for MAX, so -1 for O); O on an edge leaves 6 and 4 (-2 for O).
    game = TicTacToe()
    thinker = Thinker(game, Policy(depth=1, budget=AMPLE))
    empty = game.initial_state()
    thought = thinker.choose(empty).thought
    table = rows(think_table(game, empty, think_report(game, empty, thought), you(MAX)))
    assert table == [("5 ★", "estimate 4 (heuristic)")] + [
        (c, "estimate 3 (heuristic)") for c in "1379"] + [
        (e, "estimate 2 (heuristic)") for e in "2468"]
    centre = game.play(empty, 4)
    thought = thinker.choose(centre).thought
    view = think_table(game, centre, think_report(game, centre, thought), you(MIN))
    assert rows(view) == [(f"{c} ★", "estimate -1 (heuristic)") for c in "1379"] + [
        (e, "estimate -2 (heuristic)") for e in "2468"]
    assert "★ best: by the estimate of the deepest search (not proven)" in text_of(view)


def test_a_tree_table_is_in_max_s_view_ordered_for_min() -> None:
    # The course's tree: MIN at B chooses among 3, 12, 8; lower is better for MIN.
    game = TreeGame()
    state = game.play(game.initial_state(), 0)
    thought = Thinker(game, Policy(budget=AMPLE)).hint(state)
    view = think_table(game, state, think_report(game, state, thought), you(MIN))
    assert rows(view) == [("1 ★", "3"), ("3", "8"), ("2", "12")]
    assert "lower values are better for you" in text_of(view)
    assert Kind.VALUE is thought.result.moves[0].score.relative.kind


def test_a_table_s_words_are_plain_data_decided_before_it_is_drawn() -> None:
    # The same course tree, in words only: MIN's best move (3) starred and flagged for bold, the
    # values from MAX's side, every cell a plain string (the view lays them out, nothing more).
    game = TreeGame()
    state = game.play(game.initial_state(), 0)
    thought = Thinker(game, Policy(budget=AMPLE)).hint(state)
    words = reader_table(game, state, think_report(game, state, thought).report, Reader(you(MIN)))
    assert words.heading == "Moves for you, best first"
    assert [c.title for c in words.columns] == ["move", "value (MAX's view)"]
    assert [(r.cells, r.best, r.dim) for r in words.rows] == [
        (("1 ★", "3"), True, False), (("3", "8"), False, False), (("2", "12"), False, False)]
    assert words.legend.endswith("; lower values are better for you")
    assert words.caption is None


def test_why_after_a_random_move_says_so_and_follows_the_game_from_it() -> None:
    # Bones 1..3, MIN at 9 takes 3 at random, leaving 6: MAX then wins by leaving multiples of
    # four: takes 2 (to 4); MIN's takes all lose, the first in order is 1 (to 3); MAX takes 3.
    game = Bones(10)
    policy = Policy.make(game, "weak", budget=AMPLE)
    thinker = Thinker(game, policy)
    state = (9, MIN)
    thought = thinker.think(state, None, policy.algorithm)
    choice = Choice(3, thought, True)
    why = why_report(game, state, 2, choice, thinker.line(state, thought, 3), policy)
    view = text_of(why_view(game, state, why, Party(MIN, "the AI"), you(MAX), "MIN"))
    assert "why 3? the AI played 3 at ply 2: you can force a win, proven by the game's own" in view
    assert "a random move: at level 1 the AI plays a random legal move 60% of the time" in view
    # The line takes the last bone: it ends the game, no play comes "then".
    assert ("line: 3 2 1 3 (optimal play on both sides, to the end of the game: each move keeps "
            "the game value)" in view)
    assert "Moves for the AI (MIN), best first" in view
    assert "as good" not in view


# --- within the budget, and bounded -------------------------------------------------------------------
def test_a_hint_on_a_board_too_big_to_solve_keeps_to_the_budget_and_says_so() -> None:
    # The case: `hint` on an empty 5x5 k=4 board at --level weak searched without limit.
    # With a budget of 0.01 s the hint must come back and say the budget stopped it (whether a
    # depth was completed in that time depends on the machine; both words name the budget).
    game = TicTacToe(rows=5, cols=5, k=4)
    out = io.StringIO()
    session = Session(game, make_config(game, level="weak", budget=0.01),
                      console=Console(file=out, width=200, color_system=None),
                      stdin=io.StringIO("hint\nquit\n"), sleep=lambda seconds: None)
    assert session.run() == 0
    hint = next(line for line in out.getvalue().splitlines()
                if line.startswith(("best: ", "move ordering suggests: ")))
    assert re.search(r"(best move at depth \d+ of a search stopped after 0\.01 s; value not "
                     r"proven|no value found: the 0\.01 s budget ran out before any depth was "
                     r"completed)", hint), hint
    assert "proven by" not in hint


def test_a_moves_table_shows_at_most_max_rows_and_counts_the_rest() -> None:
    game = Nim((40, 40))  # 80 moves, all valued by Bouton's rule
    state = game.initial_state()
    thought = Thinker(game, Policy(budget=AMPLE)).hint(state)
    assert len(thought.result.moves) == 80
    table = rows(think_table(game, state, think_report(game, state, thought), you(MAX)))
    assert len(table) == READER_ROWS + 1
    assert table[-1] == (f"… {80 - READER_ROWS} more moves", "not shown")


def test_a_long_list_of_equally_good_moves_is_cut() -> None:
    game = Nim((30,))
    state = game.initial_state()
    moves = list(game.legal_moves(state))
    assert listed(game, state, moves[:LISTED]) == ", ".join(f"1:{n}" for n in range(1, LISTED + 1))
    assert listed(game, state, moves) == (", ".join(f"1:{n}" for n in range(1, LISTED + 1))
                                          + f" and {30 - LISTED} more")
