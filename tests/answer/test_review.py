"""The end-of-game review: proven values only, never a guess."""

from __future__ import annotations

from typing import Any

from games.bones.game import Bones
from games.tictactoe.game import TicTacToe
from games.tree.game import TreeGame
from minimax_cli.answer.review import review_game
from minimax_cli.core.game import Game
from minimax_cli.play.review_words import describe_slip


def states_of(game: Game[Any, Any], moves: list[Any]) -> list[Any]:
    """The position before each move."""
    states = [game.initial_state()]
    for move in moves[:-1]:
        states.append(game.play(states[-1], move))
    return states


def test_review_names_the_slip_and_a_move_that_kept_the_value() -> None:
    game = TicTacToe()
    moves = [4, 1, 0]  # X centre, O on an edge (loses), X corner
    states = [game.initial_state()]
    for move in moves:
        states.append(game.play(states[-1], move))
    review = review_game(game, states[:-1], moves)
    assert review.unsolved == 0
    assert [describe_slip(s, ["X", "O"], True) for s in review.slips] == [
        "ply 2, O at 2: threw away the draw; 1 kept it"]


def test_review_of_a_tree() -> None:
    game = TreeGame()
    root = game.initial_state()
    moves = [1, 0]  # MAX goes to C (worth 2 instead of B's 3), MIN answers 2
    states = [root, game.play(root, 1)]
    review = review_game(game, states, moves)
    texts = [describe_slip(s, ["MAX", "MIN"], False) for s in review.slips]
    assert texts == ["ply 1, MAX played C: gave away points, 3 -> 2 (MAX's view); B kept 3"]


def test_review_of_bones_names_the_move_that_gave_the_win_away() -> None:
    # Theory (take 1..3, who cannot move loses): the mover loses exactly on a multiple of four.
    # From 10 MAX wins by taking 2 (leaving 8); taking 1 leaves 9, a win for MIN.
    game = Bones(10)
    review = review_game(game, states_of(game, [1, 1]), [1, 1])
    assert review.unsolved == 0
    assert [describe_slip(s, ["MAX", "MIN"], False) for s in review.slips] == [
        "ply 1, MAX played 1: threw away the win; 2 kept it"]


def test_review_never_guesses_beyond_its_budget() -> None:
    # 5x5 k=4 cannot be solved in 200 nodes: every position is left out, none is judged.
    game = TicTacToe(rows=5, cols=5, k=4)
    moves = [0, 24, 1]
    review = review_game(game, states_of(game, moves), moves, nodes=100, total=200)
    assert review.slips == [] and review.unsolved == len(moves)


def test_review_from_a_position_given_counts_plies_from_there() -> None:
    # After X's corner only the centre draws for O (a known tic-tac-toe fact): O's edge is the
    # slip, named as the first ply played from the position given.
    game = TicTacToe()
    start = game.parse_position("X../.../...")
    moves = [1, 4]  # O on the edge 2, X takes the centre
    states = [start, game.play(start, 1)]
    review = review_game(game, states, moves)
    assert review.unsolved == 0
    assert [describe_slip(s, ["X", "O"], True) for s in review.slips] == [
        "ply 1, O at 2: threw away the draw; 5 kept it"]
