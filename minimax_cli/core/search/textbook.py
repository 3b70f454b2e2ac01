"""Minimax and alpha-beta exactly as the course gives them.

MAX and MIN alternate, children are taken in the game's natural order, there is no table and no
reordering, so node counts match hand-worked examples; `alphabeta_ordered` differs in one thing
only, the children taken in the game's own move order (`Game.order_moves`). All are one
depth-first walk: with `prune` off every node is visited (minimax); with it on, a MAX node stops
once its value reaches beta and a MIN node once it falls to alpha (alpha-beta, fail-soft). Values
are from MAX's point of view: the game's own utilities when the search goes to the end (+1 / 0 /
-1, as in the course), and wins as +-(WIN - ply) beside an evaluation function at a depth limit.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from minimax_cli.core.game import MAX
from minimax_cli.core.result import Limits, SearchOptions, SearchResult, SearchStats, TraceNode
from minimax_cli.core.score import Bound, Number, terminal_score
from minimax_cli.core.search.common import (
    INF,
    AnyGame,
    Budget,
    Scored,
    Stop,
    build_result,
    deep_recursion,
    pick_evaluator,
    stopped_result,
)


def minimax(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    """Plain minimax: every node of the tree (down to the depth limit) is visited."""
    return _search(game, state, limits, options, prune=False)


def alphabeta(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    """Textbook alpha-beta from the window (-inf, +inf): minimax's value, fewer nodes."""
    return _search(game, state, limits, options, prune=True)


def alphabeta_ordered(game: AnyGame, state: Any, limits: Limits,
                      options: SearchOptions) -> SearchResult:
    """Textbook alpha-beta with the children of every node in the game's own order
    (`Game.order_moves`, best first) instead of the natural one; nothing else differs, so its
    counts set against `alphabeta`'s show what move ordering alone saves."""
    return _search(game, state, limits, options, prune=True, ordered=True)


def _search(game: AnyGame, state: Any, limits: Limits, options: SearchOptions, *,
            prune: bool, ordered: bool = False) -> SearchResult:
    name = ("alphabeta-ordered" if ordered else "alphabeta") if prune else "minimax"
    evaluate = pick_evaluator(game, options.evaluator, limits.depth is not None)
    heuristic = evaluate is not None
    win_loss = game.win_loss and heuristic  # raw utilities when searching to the end
    outcome, play, to_move = game.outcome, game.play, game.to_move
    natural, order = game.legal_moves, game.order_moves

    def legal(s: Any) -> Sequence[Hashable]:
        return order(s, natural(s)) if ordered else natural(s)

    max_depth = -1 if limits.depth is None else limits.depth
    budget = Budget(limits)
    root_player = to_move(state)
    trace_limit = options.trace_limit if options.trace else 0

    nodes = leaves = cutoffs = traced = evaluations = 0
    pv_at: dict[int, list[Hashable]] = {}
    root_scores: list[Scored] = []
    root_trace = TraceNode(None, root_player, -INF if prune else None, INF if prune else None)

    def enter(s: Any, ply: int, alpha: Number, beta: Number, parent: TraceNode | None,
              move: Hashable) -> TraceNode | None:
        """Count the node against the budget and record it in the trace."""
        nonlocal nodes, traced
        if nodes + 1 >= budget.check_at:
            budget.check(nodes + 1)
        nodes += 1
        if parent is None:
            return None
        if ply == 0:
            return parent
        if traced >= trace_limit:
            return None
        traced += 1
        node = TraceNode(move, to_move(s), alpha if prune else None, beta if prune else None)
        parent.children.append(node)
        return node

    def leaf(s: Any, ply: int, node: TraceNode | None) -> Number | None:
        """A finished game's or a depth cut's value; None for a node to expand."""
        nonlocal leaves, evaluations
        value = outcome(s)
        if value is not None:
            leaves += 1
            pv_at[ply] = []
            score = terminal_score(value, ply, win_loss)
            if node is not None:
                node.value, node.kind = score, "terminal"
            return score
        if ply == max_depth:
            leaves += 1
            evaluations += 1
            pv_at[ply] = []
            score = evaluate(s)  # type: ignore[misc]  # an evaluator exists whenever max_depth >= 0
            if node is not None:
                node.value, node.kind = score, "eval"
            return score
        return None

    def visit(s: Any, ply: int, parent: TraceNode | None, move: Hashable) -> Number:
        """Minimax: every child of every node."""
        node = enter(s, ply, -INF, INF, parent, move)
        score = leaf(s, ply, node)
        if score is not None:
            return score
        maximizing = to_move(s) == MAX
        best: Number = -INF if maximizing else INF
        for m in legal(s):
            before = evaluations
            v = visit(play(s, m), ply + 1, node, m)
            if ply == 0:
                root_scores.append(Scored(m, v, evaluations == before, Bound.EXACT))
            if (v > best) if maximizing else (v < best):
                best = v
                pv_at[ply] = [m, *pv_at[ply + 1]]
        if node is not None:
            node.value = best
        return best

    def visit_ab(s: Any, ply: int, alpha: Number, beta: Number, parent: TraceNode | None,
                 move: Hashable) -> tuple[Number, Number, Number]:
        """Alpha-beta, fail-soft: the value found and the interval [low, high] it proves for the
        node. A leaf is exact; a MAX node's interval is the largest of its children's lows and of
        their highs, a MIN node's the smallest, a pruned child counting as (-inf, +inf). So a
        node whose every child is exact is exact, whatever the window (the course's D = 2), and
        one with pruned children is only bounded (C <= 2)."""
        nonlocal cutoffs
        node = enter(s, ply, alpha, beta, parent, move)
        score = leaf(s, ply, node)
        if score is not None:
            return score, score, score
        maximizing = to_move(s) == MAX
        best: Number = -INF if maximizing else INF
        low: Number = -INF if maximizing else INF
        high: Number = -INF if maximizing else INF
        moves = legal(s)
        for i, m in enumerate(moves):
            before = evaluations
            v, lo, hi = visit_ab(play(s, m), ply + 1, alpha, beta, node, m)
            if ply == 0:
                number, bound = bounded(v, lo, hi)
                root_scores.append(Scored(m, number, evaluations == before, bound))
            if maximizing:
                low, high = max(low, lo), max(high, hi)
            else:
                low, high = min(low, lo), min(high, hi)
            if (v > best) if maximizing else (v < best):
                best = v
                pv_at[ply] = [m, *pv_at[ply + 1]]
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta and i + 1 < len(moves):
                cutoffs += 1
                if node is not None:
                    node.pruned.extend(moves[i + 1:])
                # The pruned children could be anything: the interval opens on one side.
                if maximizing:
                    high = INF
                else:
                    low = -INF
                break
        if node is not None:
            node.value = best
            node.low, node.high = low, high
        return best, low, high

    stopped = None
    root_value: Number | None = None
    try:
        with deep_recursion():
            root = root_trace if trace_limit else None
            root_value = (visit_ab(state, 0, -INF, INF, root, None)[0] if prune
                          else visit(state, 0, root, None))
    except Stop as stop:
        stopped = stop.reason
    stats = SearchStats(nodes, leaves, cutoffs, depth=0 if limits.depth is None else limits.depth)
    stats.elapsed = budget.elapsed()
    trace = root_trace if trace_limit else None
    common: dict[str, Any] = {"pov": MAX, "engine_scores": heuristic, "stats": stats,
                              "trace": trace, "trace_truncated": traced >= trace_limit > 0}
    if stopped is not None:  # no depth was completed: no value, nothing invented
        return stopped_result(name, game, state, root_player, stopped, common)
    assert root_value is not None
    proven = evaluations == 0
    if not root_scores:  # the root is over (or a depth limit of 0)
        return build_result(name, game, root_player, root=Scored(None, root_value, proven,
                                                                 Bound.EXACT),
                            moves=[], best_move=None, pv=[], depth=limits.depth, **common)
    best_move = pv_at[0][0]
    return build_result(name, game, root_player,
                        root=Scored(None, root_value, proven, Bound.EXACT), moves=root_scores,
                        best_move=best_move, pv=pv_at[0], depth=limits.depth, **common)


def bounded(value: Number, low: Number, high: Number) -> tuple[Number, Bound]:
    """A node's interval [low, high] as one number and a bound: the point itself when exact, else
    the end a fail-soft value stands on (alpha-beta's value is one of them), else the finite end."""
    if low == high:
        return low, Bound.EXACT
    if value == high or (value != low and high != INF):
        return high, Bound.UPPER
    return low, Bound.LOWER


__all__ = ["alphabeta", "alphabeta_ordered", "bounded", "minimax"]
