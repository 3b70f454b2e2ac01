"""The course's worked examples on explicit trees, checked number for number."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.tree.game import TreeGame
from minimax_cli.core.result import Bound, Limits
from minimax_cli.core.search import search

SLIDES = "[[3,12,8],[2,4,6],[14,5,2]]"


@pytest.fixture
def game() -> TreeGame:
    return TreeGame()


def test_minimax_on_the_slides_tree(game: TreeGame) -> None:
    result = search(game, game.parse_position(SLIDES), "minimax")
    assert result.value == 3
    assert game.format_move(game.parse_position(SLIDES), result.best_move) == "1"
    assert (result.stats.nodes, result.stats.leaves) == (13, 9)
    assert [(m.value, m.bound) for m in result.moves] == [(3, Bound.EXACT), (2, Bound.EXACT),
                                                          (2, Bound.EXACT)]


def test_alphabeta_prunes_the_second_and_third_leaf_of_c(game: TreeGame) -> None:
    state = game.parse_position(SLIDES)
    result = search(game, state, "alphabeta", trace=True)
    assert result.value == 3 and result.best_move == 0
    assert (result.stats.nodes, result.stats.leaves) == (11, 7)
    assert result.trace is not None
    b, c, d = result.trace.children
    assert [leaf.value for leaf in c.children] == [2]
    assert c.pruned == [1, 2]  # moves 2 and 3 of C: the leaves 4 and 6
    assert b.pruned == [] and d.pruned == []
    assert [leaf.value for leaf in d.children] == [14, 5, 2]
    # C's value 2 is only an upper bound (its other leaves were never seen)
    assert result.moves[1].bound is Bound.UPPER


def test_alphabeta_prunes_a_whole_subtree(game: TreeGame) -> None:
    state = game.parse_position("@subtree")
    minimax = search(game, state, "minimax")
    result = search(game, state, "alphabeta", trace=True)
    assert minimax.value == result.value == 5
    assert result.trace is not None
    second_min = result.trace.children[1]
    assert second_min.pruned == [1]  # the whole [0, -1] subtree under it
    assert result.stats.nodes < minimax.stats.nodes


def test_labels_name_moves(game: TreeGame) -> None:
    state = game.parse_position("@abcd")
    result = search(game, state, "negamax")
    assert game.format_move(state, result.best_move) == "B"
    assert game.parse_move(state, "C") == 1 and game.parse_move(state, "2") == 1


def test_expectimax_averages_min_nodes(game: TreeGame) -> None:
    result = search(game, game.parse_position(SLIDES), "expectimax")
    # B = 23/3, C = 4, D = 7: MAX picks B; averages are exact fractions, shown as numbers
    assert result.value == Fraction(23, 3)
    assert result.best_move == 0
    assert [m.value for m in result.moves] == [Fraction(23, 3), 4, 7]
    assert str(result.max_score) == "value 23/3"


def test_principal_variation_of_minimax(game: TreeGame) -> None:
    result = search(game, game.parse_position("@subtree"), "minimax")
    state = game.parse_position("@subtree")
    # root -> first MIN node -> its first MAX child (value 5) -> the leaf 5
    assert result.pv == [0, 0, 1]
    for move in result.pv:
        state = game.play(state, move)
    assert game.outcome(state) == 5


def test_a_depth_limit_needs_an_evaluation(game: TreeGame) -> None:
    from minimax_cli.core.game import SearchError

    with pytest.raises(SearchError, match="no evaluation function"):
        search(game, game.parse_position(SLIDES), "minimax", Limits(depth=1))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[1,2],[]]", "empty list"),
        ("[1,", "not valid JSON"),
        ('[1,"a"]', "not a number"),
        ("[true, 1]", "not a number"),
        ("@nosuch", "no bundled tree"),
        ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ],
)
def test_bad_trees_are_rejected_clearly(game: TreeGame, text: str, message: str) -> None:
    from minimax_cli.core.game import InvalidPositionError

    with pytest.raises(InvalidPositionError, match=message):
        game.parse_position(text)
