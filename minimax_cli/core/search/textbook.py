"""Minimax and alpha-beta exactly as the course gives them.

MAX and MIN alternate, children are taken in the game's natural order, there is no table and no
reordering, so node counts match hand-worked examples. Both algorithms are one depth-first walk: with
`prune` off every node is visited (minimax); with it on, a MAX node stops once its value reaches beta
and a MIN node once it falls to alpha (alpha-beta, fail-soft). Values are from MAX's point of view.
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
    best_of,
    deep_recursion,
    finish_stats,
    move_values,
    pick_evaluator,
    root_bound,
    score_to_value,
    terminal_scorer,
)

TRACE_LIMIT = 5000


def minimax(game: AnyGame, state: Any, limits: Limits = Limits(), **options: Any) -> SearchResult:
    """Plain minimax: every node of the tree (down to the depth limit) is visited."""
    return _search(game, state, limits, prune=False, **options)


def alphabeta(game: AnyGame, state: Any, limits: Limits = Limits(), **options: Any) -> SearchResult:
    """Textbook alpha-beta from the window (-inf, +inf): minimax's value, fewer nodes."""
    return _search(game, state, limits, prune=True, **options)


def _search(
    game: AnyGame,
    state: Any,
    limits: Limits,
    *,
    prune: bool,
    evaluator: str | None = None,
    trace: bool = False,
    trace_limit: int = TRACE_LIMIT,
    rng: random.Random | None = None,
    **_ignored: Any,
) -> SearchResult:
    name = "alphabeta" if prune else "minimax"
    evaluate = pick_evaluator(game, evaluator, limits.depth is not None)
    term = terminal_scorer(game, evaluate is not None)
    outcome, legal, play, to_move = game.outcome, game.legal_moves, game.play, game.to_move
    max_depth = -1 if limits.depth is None else limits.depth
    budget = Budget.start(limits)
    root_player = to_move(state)

    nodes = leaves = cutoffs = traced = 0
    heuristic_seen = False
    pv_at: dict[int, list[Hashable]] = {}
    root_scores: list[tuple[Hashable, float, Bound]] = []
    root_trace = TraceNode(None, root_player, -INF if prune else None, INF if prune else None)

    def visit(s: Any, ply: int, alpha: float, beta: float, parent: TraceNode | None,
              move: Hashable) -> float:
        nonlocal nodes, leaves, cutoffs, heuristic_seen, traced
        nodes += 1
        if nodes % CHECK_EVERY == 0:
            budget.check(nodes)
        node = None
        if parent is not None:
            if ply == 0:
                node = parent
            elif traced < trace_limit:
                traced += 1
                node = TraceNode(move, to_move(s), alpha if prune else None,
                                 beta if prune else None)
                parent.children.append(node)

        value = outcome(s)
        if value is not None:
            leaves += 1
            pv_at[ply] = []
            score = term(value, ply)
            if node is not None:
                node.value, node.kind = score, "terminal"
            return score
        if ply == max_depth:
            leaves += 1
            heuristic_seen = True
            pv_at[ply] = []
            score = evaluate(s)  # type: ignore[misc]  # an evaluator exists whenever max_depth >= 0
            if node is not None:
                node.value, node.kind = score, "eval"
            return score

        maximizing = to_move(s) == MAX
        best = -INF if maximizing else INF
        moves = legal(s)
        for i, m in enumerate(moves):
            v = visit(play(s, m), ply + 1, alpha, beta, node, m)
            if ply == 0:
                root_scores.append((m, v, root_bound(v, alpha, beta) if prune else Bound.EXACT))
            if (v > best) if maximizing else (v < best):
                best = v
                pv_at[ply] = [m, *pv_at[ply + 1]]
            if not prune:
                continue
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta and i + 1 < len(moves):
                cutoffs += 1
                if node is not None:
                    node.pruned.extend(moves[i + 1:])
                break
        if node is not None:
            node.value = best
        return best

    started = time.perf_counter()
    timed_out = False
    try:
        with deep_recursion():
            visit(state, 0, -INF, INF, root_trace if trace else None, None)
    except SearchAborted:
        timed_out = True
    stats = finish_stats(SearchStats(nodes, leaves, cutoffs, 0, 0, 0), started)
    stats.depth = max(pv_at, default=0) if limits.depth is None else limits.depth

    if not root_scores:  # the root is terminal, or nothing finished in time
        root_value = outcome(state)
        score = 0.0 if root_value is None else term(root_value, 0)
        value, exact, distance = score_to_value(game, score, heuristic_seen)
        return SearchResult(name, None, value, exact and not timed_out, [], [], stats, root_player,
                            limits.depth, timed_out, distance, root_trace if trace else None)
    best_move, best_score = best_of(root_player, root_scores)
    value, exact, distance = score_to_value(game, best_score, heuristic_seen)
    return SearchResult(
        algorithm=name,
        best_move=best_move,
        value=value,
        exact=exact and not timed_out,
        pv=pv_at.get(0, [best_move]) if not timed_out else [best_move],
        moves=move_values(game, root_scores, heuristic_seen),
        stats=stats,
        root_player=root_player,
        depth=limits.depth,
        timed_out=timed_out,
        distance=distance,
        trace=root_trace if trace else None,
        trace_truncated=traced >= trace_limit,
    )
