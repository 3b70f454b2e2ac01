"""The engine against an independent oracle on random layered DAGs with transpositions and an
evaluation function: depth-limited values, honest proofs with reused tables, exact node budgets,
root windows, alpha-beta against minimax, expectimax with chance nodes."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minimax_cli.core.result import Limits
from minimax_cli.core.score import Bound, Kind, encode
from minimax_cli.core.search import search
from minimax_cli.core.table import TranspositionTable
from tests.core.dag import (
    INF,
    ChanceDag,
    Oracle,
    check_claim,
    check_result,
    dags,
    draw_case,
    make_game,
    roots_and_depths,
)
from tests.profiles import examples


@pytest.mark.parametrize("win_loss", [False, True])
@examples(5, deadline=None)
@given(data=st.data())
def test_negamax_is_depth_limited_minimax(win_loss: bool, data: st.DataObject) -> None:
    """(a) and (b) with a fresh table, default and tiny: the root and every root move get V_d,
    and whatever is said proven is the game's value and follows from the terminals searched."""
    game, oracle, state, depth = draw_case(data, win_loss)
    horizon = state[0] + depth
    table_mb = data.draw(st.sampled_from([0.01, None]), label="table_mb")
    result = search(game, state, "negamax", Limits(depth=depth), table_mb=table_mb)
    check_result(oracle, result, state, depth, horizon, exact_value=True, exact_moves=True)
    bounds = search(game, state, "negamax", Limits(depth=depth), table_mb=table_mb,
                    exact_root=False)
    check_result(oracle, bounds, state, depth, horizon, exact_value=True, exact_moves=False)


@pytest.mark.parametrize("table_mb", [0.01, 1.0])
@pytest.mark.parametrize("win_loss", [False, True])
@examples(1, deadline=None)
@given(data=st.data())
def test_a_reused_table_keeps_every_claim_honest(win_loss: bool, table_mb: float,
                                                 data: st.DataObject) -> None:
    """(c) one table across searches from random nodes at random depths. Every claim holds; a
    search whose horizon (root layer + depth) is at least every earlier one's gets V_d exactly;
    and nothing is said proven that terminals up to the deepest horizon searched do not prove.
    A proven root lets the engine search its principal variation to the end, so from then on the
    table may know more than any horizon: only the truth of claims is checked after that."""
    game = make_game(data.draw(dags(win_loss)), win_loss)
    oracle = Oracle(game)
    table = TranspositionTable(table_mb)
    runs = data.draw(st.lists(roots_and_depths(game.dag), min_size=2, max_size=6))
    deepest: float = -1
    for state, depth in runs:
        horizon = state[0] + depth
        exact = horizon >= deepest
        deepest = max(deepest, horizon)
        result = search(game, state, "negamax", Limits(depth=depth), table=table)
        check_result(oracle, result, state, depth, deepest, exact_value=exact, exact_moves=exact)
        if result.proven and result.moves:
            deepest = INF


@pytest.mark.parametrize("win_loss", [False, True])
@examples(1, deadline=None)
@given(data=st.data())
def test_iterative_deepening_on_one_table_gives_each_depth_exactly(win_loss: bool,
                                                                   data: st.DataObject) -> None:
    """(c) depths 1..d from one root on one tiny table, each search on its own; then the last
    depth again: a heuristic value never comes back proven."""
    game, oracle, state, depth = draw_case(data, win_loss)
    table = TranspositionTable(0.01)
    for d in range(1, depth + 1):
        result = search(game, state, "negamax", Limits(depth=d), table=table)
        check_result(oracle, result, state, d, state[0] + d, exact_value=True, exact_moves=True)
        if result.proven:
            return
    if depth >= 1:
        again = search(game, state, "negamax", Limits(depth=depth), table=table)
        check_result(oracle, again, state, depth, state[0] + depth, exact_value=True,
                     exact_moves=True)


@pytest.mark.parametrize("win_loss", [False, True])
@examples(1.5, deadline=None)
@given(data=st.data(), nodes=st.integers(1, 60))
def test_node_budgets_are_exact_and_invent_no_value(win_loss: bool, data: st.DataObject,
                                                    nodes: int) -> None:
    """(d) Limits(nodes=N): at most N nodes; stopped before a depth completed: no value and the
    move not searched; a completed depth is V of that depth."""
    game, oracle, state, depth = draw_case(data, win_loss)
    budget = Limits(depth=max(depth, 1), nodes=nodes)
    result = search(game, state, "negamax", budget)
    assert result.stats.nodes <= nodes
    if result.score is None:
        assert result.stopped == "nodes" and result.best_searched is False
    else:
        done = result.depth if result.depth is not None else max(depth, 1)
        if oracle.game.outcome(state) is None:
            check_result(oracle, result, state, done, state[0] + done, exact_value=True,
                         exact_moves=True)
    for algorithm in ("minimax", "alphabeta", "expectimax"):
        textbook = search(game, state, algorithm, budget)
        assert textbook.stats.nodes <= nodes
        if textbook.stopped is not None:
            assert textbook.score is None and textbook.best_searched is False
        elif algorithm == "expectimax":
            assert textbook.value == oracle.expectimax(state, max(depth, 1))
        else:
            assert textbook.max_score is not None
            assert encode(textbook.max_score) == oracle.value(state, max(depth, 1))


@pytest.mark.parametrize("window", ["aspiration", "bisection"])
@pytest.mark.parametrize("win_loss", [False, True])
@examples(1, deadline=None)
@given(data=st.data())
def test_root_windows_find_the_full_window_value(win_loss: bool, window: str,
                                                 data: st.DataObject) -> None:
    """(e) aspiration and bisection (exact_root off), at one depth and deepening under a large
    node budget (so aspiration has a guess): the root value of the full window and the oracle."""
    game, oracle, state, depth = draw_case(data, win_loss)
    full = search(game, state, "negamax", Limits(depth=depth), exact_root=False)
    for limits in (Limits(depth=depth), Limits(depth=depth, nodes=10**6)):
        result = search(game, state, "negamax", limits, exact_root=False, window=window)
        assert result.value == full.value
        assert result.max_score is not None and result.max_score.bound is Bound.EXACT
        done = result.depth if result.depth is not None else depth
        assert encode(result.max_score) == oracle.value(state, done)
        check_claim(oracle, result.max_score, state, 0, done, state[0] + done)


@pytest.mark.parametrize("win_loss", [False, True])
@examples(1.5, deadline=None)
@given(data=st.data())
def test_alphabeta_is_minimax_on_every_dag(win_loss: bool, data: st.DataObject) -> None:
    """(f) textbook searches on the unfolded tree: same value, minimax visits every node."""
    game, oracle, state, depth = draw_case(data, win_loss)
    for limit in (depth, None):
        limits = Limits(depth=limit)
        plain = search(game, state, "minimax", limits)
        pruned = search(game, state, "alphabeta", limits)
        assert plain.value == pruned.value
        assert plain.stats.nodes == oracle.tree_size(state, limit)
        assert pruned.stats.nodes <= plain.stats.nodes
        if limit is None:  # raw utilities to the end of the game
            sign = {True: 1, False: -1}
            full = oracle.value(state, None)
            expected = full if not win_loss else 0 if full == 0 else sign[full > 0]
            assert plain.value == expected
        else:
            assert plain.max_score is not None
            assert encode(plain.max_score) == oracle.value(state, limit)


@examples(2, deadline=None)
@given(data=st.data())
def test_expectimax_is_the_exact_average_with_chance_nodes(data: st.DataObject) -> None:
    """(f) expectimax: exact Fractions, MIN uniform, chance by its probabilities; the engine and
    the textbook searches refuse a game with chance nodes."""
    game = ChanceDag(data.draw(dags(win_loss=False, chance=True)))
    oracle = Oracle(game)
    state, depth = data.draw(roots_and_depths(game.dag))
    for limit in (depth, None):
        result = search(game, state, "expectimax", Limits(depth=limit))
        assert result.value == oracle.expectimax(state, limit)
        assert result.score is not None
        assert result.score.max().kind is (Kind.VALUE if limit is None or not oracle.evaluates(
            state, limit) else Kind.ESTIMATE)
        below = None if limit is None else limit - 1
        for move in result.moves:
            assert move.value == oracle.expectimax((state[0] + 1, cast(int, move.move)), below)
