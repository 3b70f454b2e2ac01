"""Expectimax: MAX maximises; the opponent is modelled as playing uniformly at random, so a MIN
node's value is the average of its children; a chance node (a game's `chance_outcomes`) is the
probability-weighted average. Averages admit no alpha-beta pruning, so every node is visited.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Any

from minimax_cli.core.game import MAX
from minimax_cli.core.result import Bound, Limits, SearchResult, SearchStats, TraceNode
from minimax_cli.core.search.common import (
    CHECK_EVERY,
    INF,
    AnyGame,
    Budget,
    SearchAborted,
    deep_recursion,
    finish_stats,
    move_values,
    pick_evaluator,
    score_to_value,
    terminal_scorer,
)

TRACE_LIMIT = 5000


def expectimax(
    game: AnyGame,
    state: Any,
    limits: Limits = Limits(),
    *,
    evaluator: str | None = None,
    trace: bool = False,
    trace_limit: int = TRACE_LIMIT,
    rng: random.Random | None = None,
    **_ignored: Any,
) -> SearchResult:
    evaluate = pick_evaluator(game, evaluator, limits.depth is not None)
    term = terminal_scorer(game, evaluate is not None)
    outcome, legal, play, to_move = game.outcome, game.legal_moves, game.play, game.to_move
    chance = game.chance_outcomes
    max_depth = -1 if limits.depth is None else limits.depth
    budget = Budget.start(limits)
    root_player = to_move(state)
    nodes = leaves = traced = 0
    heuristic_seen = False
    root_scores: list[tuple[Hashable, float, Bound]] = []

    def visit(s: Any, ply: int, parent: TraceNode | None, move: Hashable) -> float:
        nonlocal nodes, leaves, heuristic_seen, traced
        nodes += 1
        if nodes % CHECK_EVERY == 0:
            budget.check(nodes)
        node = None
        if parent is not None:
            if ply == 0:
                node = parent
            elif traced < trace_limit:
                traced += 1
                node = TraceNode(move, to_move(s))
                parent.children.append(node)
        value = outcome(s)
        if value is not None:
            leaves += 1
            score = term(value, ply)
            if node is not None:
                node.value, node.kind = score, "terminal"
            return score
        if ply == max_depth:
            leaves += 1
            heuristic_seen = True
            score = evaluate(s)  # type: ignore[misc]  # an evaluator exists whenever max_depth >= 0
            if node is not None:
                node.value, node.kind = score, "eval"
            return score

        weighted = chance(s)
        maximizing = weighted is None and to_move(s) == MAX
        if weighted is None:
            moves = legal(s)
            p = 1.0 / len(moves)
            weighted = [(m, p) for m in moves]
        best = -INF
        total = 0.0
        for m, p in weighted:
            v = visit(play(s, m), ply + 1, node, m)
            if ply == 0:
                root_scores.append((m, v, Bound.EXACT))
            if v > best:
                best = v
            total += p * v
        result = best if maximizing else total
        if node is not None:
            node.value = result
        return result

    started = time.perf_counter()
    timed_out = False
    root_trace = TraceNode(None, root_player) if trace else None
    try:
        with deep_recursion():
            root_score = visit(state, 0, root_trace, None)
    except SearchAborted:
        timed_out, root_score = True, 0.0
    stats = finish_stats(SearchStats(nodes, leaves), started)
    stats.depth = 0 if limits.depth is None else limits.depth
    value, exact, _ = score_to_value(game, root_score, heuristic_seen)
    best_move: Hashable | None = None
    if root_scores:
        # At a MIN root the value is an average, but a user asking for MIN's move wants the child
        # that is worst for MAX.
        pick = max if root_player == MAX else min
        best_move = pick(root_scores, key=lambda t: t[1])[0]
    return SearchResult(
        algorithm="expectimax",
        best_move=best_move,
        value=value,
        exact=exact and not timed_out,
        pv=[] if best_move is None else [best_move],
        moves=move_values(game, root_scores, heuristic_seen, distances=False),
        stats=stats,
        root_player=root_player,
        depth=limits.depth,
        timed_out=timed_out,
        distance=None,
        trace=root_trace,
        trace_truncated=traced >= trace_limit,
    )
