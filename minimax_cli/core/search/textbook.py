"""Minimax and alpha-beta exactly as the course gives them.

MAX and MIN alternate, children are taken in the game's natural order, there is no table and no
reordering, so node counts match hand-worked examples; `alphabeta_ordered` differs in one thing
only, the children taken in the game's own move order (`Game.order_moves`). All are one
depth-first walk: with `prune` off every node is visited (minimax); with it on, a MAX node stops
once its value reaches beta and a MIN node once it falls to alpha (alpha-beta, fail-soft). Values
are from MAX's point of view: the game's own utilities when the search goes to the end (+1 / 0 /
-1, as in the course), and wins as +-(WIN - ply) beside an evaluation function at a depth limit.

Alpha-beta also proves an interval [low, high] for each node. A leaf is exact; a MAX node's
interval is the largest of its children's lows and of their highs, a MIN node's the smallest, a
pruned child counting as (-inf, +inf). So a node whose every child is exact is exact, whatever
the window (the course's D = 2), and one with pruned children is only bounded (C <= 2).

With `SearchOptions.quiescence` set (True; None, the default, is off here: the course's plain
algorithms), a depth cut is not evaluated at once but searched on with the game's noisy moves and
a stand-pat (core/search/textbook_quiet.py), whose nodes, evaluations and cut-offs the counts
include; the leaves stay the main tree's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from minimax_cli.core.game import MAX, Evaluator
from minimax_cli.core.result import Limits, SearchOptions, SearchResult, TraceNode
from minimax_cli.core.score import WIN, Bound, Number
from minimax_cli.core.search.common import INF, AnyGame, Scored, pick_evaluator
from minimax_cli.core.search.context import SearchContext, drive
from minimax_cli.core.search.textbook_quiet import QuietSearch, with_quiet

#: A walk of the tree from the root, and the function that copies its counters into the stats.
Walk = tuple[Callable[[], Number], Callable[[], None]]


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
    context = SearchContext(game, state, limits, options)
    quiet = None
    if options.quiescence and evaluate is not None and limits.depth is not None:
        quiet = QuietSearch(game, evaluate, game.win_loss, prune, context, ordered)
    if prune:
        walk, sync = _alphabeta_walk(context, evaluate, ordered, context.trace_root(-INF, INF),
                                     quiet)
    else:
        walk, sync = _minimax_walk(context, evaluate, context.trace_root(), quiet)
    value = drive(context, walk, sync)
    context.stats.depth = 0 if limits.depth is None else limits.depth
    common: dict[str, Any] = {"pov": MAX, "engine_scores": evaluate is not None,
                              "depth": limits.depth}
    if value is None:  # stopped: no depth was completed, no value, nothing invented
        return context.result(name, root=None, **common)
    root = Scored(None, value, context.evaluations == 0, Bound.EXACT)
    pv = context.line()
    if not context.root_scores:  # the root is over (or a depth limit of 0)
        return context.result(name, root=root, **common)
    return context.result(name, root=root, moves=context.root_scores, best_move=pv[0], pv=pv,
                          **common)


def _rules(context: SearchContext, evaluate: Evaluator[Any] | None,
           ordered: bool = False) -> tuple[Callable[[Any], Sequence[Hashable]], bool, int]:
    """The children of a state (in the natural or the game's order), whether finished games
    score as +-(WIN - ply) (beside an evaluation; the game's own utilities when searching to the
    end) and the ply of the depth cut (-1: none)."""
    game = context.game
    natural, order = game.legal_moves, game.order_moves

    def in_order(s: Any) -> Sequence[Hashable]:
        return order(s, natural(s))

    max_depth = -1 if context.limits.depth is None else context.limits.depth
    return (in_order if ordered else natural), game.win_loss and evaluate is not None, max_depth


def _minimax_walk(context: SearchContext, evaluate: Evaluator[Any] | None,
                  root: TraceNode | None, quiet: QuietSearch | None = None) -> Walk:
    """Minimax: every child of every node. The leaf code is written out here and in
    `_alphabeta_walk` rather than shared: a function call per leaf would cost the walk time that
    scripts/bench_textbook.py measures against OpenSpiel's."""
    game, state, budget, pv, root_scores = (context.game, context.state, context.budget,
                                            context.pv, context.root_scores)
    outcome, play, to_move = game.outcome, game.play, game.to_move
    legal, win_loss, max_depth = _rules(context, evaluate)
    check_at = budget.check_at
    nodes = leaves = evaluations = 0

    def visit(s: Any, ply: int, parent: TraceNode | None, move: Hashable) -> Number:
        nonlocal nodes, leaves, evaluations, check_at
        if nodes + 1 >= check_at:
            check_at = context.check(nodes + 1)
        nodes += 1
        node = None if parent is None else context.trace(parent, ply, move, to_move(s))
        value = outcome(s)
        if value is not None or ply == max_depth:
            leaves += 1
            pv[ply] = None
            if value is None:
                evaluations += 1
                if quiet is not None:  # a depth cut, searched on till the position is quiet
                    return quiet.cut(s, ply, -INF, INF, node)[0]
                value = evaluate(s)  # type: ignore[misc]  # one exists whenever max_depth >= 0
                kind = "eval"
            else:
                kind = "terminal"
                if win_loss:
                    value = WIN - ply if value > 0 else ply - WIN if value < 0 else 0
            if node is not None:
                node.value, node.kind = value, kind
            return value
        maximizing = to_move(s) == MAX
        best: Number = -INF if maximizing else INF
        below = ply + 1
        for m in legal(s):
            before = evaluations
            v = visit(play(s, m), below, node, m)
            if ply == 0:
                root_scores.append(Scored(m, v, evaluations == before, Bound.EXACT))
            if (v > best) if maximizing else (v < best):
                best = v
                pv[ply] = (m, pv[below])
        if node is not None:
            node.value = best
        return best

    def sync() -> None:
        context.count(*with_quiet(quiet, nodes, leaves, evaluations, 0))

    return (lambda: visit(state, 0, root, None)), sync


def _alphabeta_walk(context: SearchContext, evaluate: Evaluator[Any] | None, ordered: bool,
                    root: TraceNode | None, quiet: QuietSearch | None = None) -> Walk:
    """Alpha-beta, fail-soft: `visit` gives a node's value and the interval it proves (above)."""
    game, state, pv, root_scores = context.game, context.state, context.pv, context.root_scores
    outcome, play, to_move = game.outcome, game.play, game.to_move
    legal, win_loss, max_depth = _rules(context, evaluate, ordered)
    check_at = context.budget.check_at
    nodes = leaves = cutoffs = evaluations = 0

    def visit(s: Any, ply: int, alpha: Number, beta: Number, parent: TraceNode | None,
              move: Hashable) -> tuple[Number, Number, Number]:
        nonlocal nodes, leaves, cutoffs, evaluations, check_at
        if nodes + 1 >= check_at:
            check_at = context.check(nodes + 1)
        nodes += 1
        node = None if parent is None else context.trace(parent, ply, move, to_move(s), alpha,
                                                         beta)
        value = outcome(s)
        if value is not None or ply == max_depth:
            leaves += 1
            pv[ply] = None
            if value is None:
                evaluations += 1
                if quiet is not None:  # a depth cut, searched on till the position is quiet
                    return quiet.cut(s, ply, alpha, beta, node)
                value = evaluate(s)  # type: ignore[misc]  # one exists whenever max_depth >= 0
                kind = "eval"
            else:
                kind = "terminal"
                if win_loss:
                    value = WIN - ply if value > 0 else ply - WIN if value < 0 else 0
            if node is not None:
                node.value, node.kind = value, kind
            return value, value, value
        maximizing = to_move(s) == MAX
        best: Number = -INF if maximizing else INF
        low, high = best, best
        moves = legal(s)
        last, below = len(moves) - 1, ply + 1
        for i, m in enumerate(moves):
            before = evaluations
            v, lo, hi = visit(play(s, m), below, alpha, beta, node, m)
            if ply == 0:
                number, bound = bounded(v, lo, hi)
                root_scores.append(Scored(m, number, evaluations == before, bound))
            if maximizing:
                if lo > low:
                    low = lo
                if hi > high:
                    high = hi
                if v > best:
                    best = v
                    pv[ply] = (m, pv[below])
                    if v > alpha:
                        alpha = v
            else:
                if lo < low:
                    low = lo
                if hi < high:
                    high = hi
                if v < best:
                    best = v
                    pv[ply] = (m, pv[below])
                    if v < beta:
                        beta = v
            if alpha >= beta and i < last:
                cutoffs += 1
                if node is not None:
                    node.pruned.extend(moves[i + 1:])
                # The pruned children could be anything: the interval opens on one side.
                low, high = (low, INF) if maximizing else (-INF, high)
                break
        if node is not None:
            node.value, node.low, node.high = best, low, high
        return best, low, high

    def sync() -> None:
        context.count(*with_quiet(quiet, nodes, leaves, evaluations, cutoffs))

    return (lambda: visit(state, 0, -INF, INF, root, None)[0]), sync


def bounded(value: Number, low: Number, high: Number) -> tuple[Number, Bound]:
    """A node's interval [low, high] as one number and a bound: the point itself when exact, else
    the end a fail-soft value stands on (alpha-beta's value is one of them), else the finite end."""
    if low == high:
        return low, Bound.EXACT
    if value == high or (value != low and high != INF):
        return high, Bound.UPPER
    return low, Bound.LOWER


__all__ = ["alphabeta", "alphabeta_ordered", "bounded", "minimax"]
