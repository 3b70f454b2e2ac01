"""Properties that hold on every game tree, checked on thousands of random ones.

Two families: explicit trees of the tree game (every algorithm against minimax straight from the
definition), and random layered DAGs with shared subtrees (transpositions) and an evaluation at
every node, where the engine (with fresh, tiny and reused tables, under node budgets, with every
root driver) is held against an independent depth-limited minimax written here.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, cast

from hypothesis import given
from hypothesis import strategies as st

from games.tree.game import Node, TreeGame
from minimax_cli.core.score import Bound, Kind
from minimax_cli.core.search import search
from tests.profiles import examples

GAME = TreeGame()

leaves = st.integers(min_value=-20, max_value=20)
trees: st.SearchStrategy[Any] = st.recursive(
    leaves, lambda children: st.lists(children, min_size=1, max_size=4), max_leaves=40
)


def oracle_minimax(tree: Any, maximizing: bool = True) -> int:
    """Minimax straight from the definition, on the raw JSON structure."""
    if isinstance(tree, int):
        return tree
    values = [oracle_minimax(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def oracle_expectimax(tree: Any, maximizing: bool = True) -> Fraction:
    if isinstance(tree, int):
        return Fraction(tree)
    values = [oracle_expectimax(child, not maximizing) for child in tree]
    return max(values) if maximizing else sum(values, Fraction(0)) / len(values)


def count_nodes(tree: Any) -> int:
    return 1 if isinstance(tree, int) else 1 + sum(count_nodes(c) for c in tree)


def state_of(tree: Any) -> Node:
    return GAME.parse_position(json.dumps(tree))


@examples(3, deadline=None)
@given(trees)
def test_all_algorithms_agree_with_the_definition(tree: Any) -> None:
    state = state_of(tree)
    expected = oracle_minimax(tree)
    plain = search(GAME, state, "minimax")
    pruned = search(GAME, state, "alphabeta")
    engine = search(GAME, state, "negamax")
    engine_bounds = search(GAME, state, "negamax", exact_root=False)
    assert plain.value == pruned.value == engine.value == engine_bounds.value == expected
    assert plain.stats.nodes == count_nodes(tree)
    assert pruned.stats.nodes <= plain.stats.nodes
    assert pruned.stats.leaves <= plain.stats.leaves


@examples(2.5, deadline=None)
@given(trees)
def test_root_move_values_are_exact_or_honest_bounds(tree: Any) -> None:
    if isinstance(tree, int):
        return
    state = state_of(tree)
    truth = [oracle_minimax(child, maximizing=False) for child in tree]
    for algorithm in ("alphabeta", "negamax"):
        for exact_root in (True, False):
            result = search(GAME, state, algorithm, exact_root=exact_root)
            for move_value in result.moves:
                true_value = truth[cast(int, move_value.move)]
                if move_value.bound is Bound.EXACT:
                    assert move_value.value == true_value
                elif move_value.bound is Bound.UPPER:
                    assert true_value <= move_value.value
                else:
                    assert true_value >= move_value.value
    exact = search(GAME, state, "negamax")
    assert sorted((m.move, m.value) for m in exact.moves) == list(enumerate(truth))


@examples(4, deadline=None)
@given(trees)
def test_expectimax_is_the_exact_average(tree: Any) -> None:
    result = search(GAME, state_of(tree), "expectimax")
    assert result.value == oracle_expectimax(tree)
    assert result.score is not None and result.score.max().kind is Kind.VALUE


@examples(2, deadline=None)
@given(trees)
def test_principal_variation_reaches_a_leaf_of_the_root_value(tree: Any) -> None:
    state = state_of(tree)
    for algorithm in ("minimax", "alphabeta", "negamax"):
        result = search(GAME, state, algorithm)
        s = state
        for move in result.pv:
            s = GAME.play(s, cast(int, move))
        assert GAME.outcome(s) == result.value
