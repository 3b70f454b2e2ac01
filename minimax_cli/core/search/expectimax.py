"""Expectimax: MAX maximises; the opponent is modelled as playing uniformly at random, so a MIN
node's value is the average of its children; a chance node (`to_move` is CHANCE) is the average
weighted by the game's probabilities. Averages admit no alpha-beta pruning, so every node is visited.

Averages are taken over the game's own outcomes (+1 / 0 / -1 in a win/loss game), exactly: whole
numbers and fractions give a Fraction, so `1/3` stays `1/3`; a float anywhere gives a float. The
result is a number, never a win / draw / loss: an average of outcomes is not a result. Beside an
evaluation function (a depth limit) it is an estimate.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from minimax_cli.core.game import CHANCE, MAX
from minimax_cli.core.result import Limits, SearchOptions, SearchResult, SearchStats, TraceNode
from minimax_cli.core.score import Bound, Number
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


def expectimax(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    evaluate = pick_evaluator(game, options.evaluator, limits.depth is not None)
    outcome, legal, play, to_move = game.outcome, game.legal_moves, game.play, game.to_move
    chance = game.chance_outcomes
    max_depth = -1 if limits.depth is None else limits.depth
    budget = Budget(limits)
    root_player = to_move(state)
    trace_limit = options.trace_limit if options.trace else 0
    nodes = leaves = traced = evaluations = 0
    root_scores: list[Scored] = []

    def visit(s: Any, ply: int, parent: TraceNode | None, move: Hashable,
              probability: Number | None = None) -> Number:
        nonlocal nodes, leaves, traced, evaluations
        if nodes + 1 >= budget.check_at:
            budget.check(nodes + 1)
        nodes += 1
        player = to_move(s)
        node = None
        if parent is not None:
            if ply == 0:
                node = parent
            elif traced < trace_limit:
                traced += 1
                node = TraceNode(move, player, probability=probability)
                parent.children.append(node)
        value = outcome(s)
        if value is not None:
            leaves += 1
            if node is not None:
                node.value, node.kind = value, "terminal"
            return value
        if ply == max_depth:
            leaves += 1
            evaluations += 1
            score = evaluate(s)  # type: ignore[misc]  # an evaluator exists whenever max_depth >= 0
            if node is not None:
                node.value, node.kind = score, "eval"
            return score

        if player == CHANCE:
            weighted: list[tuple[Any, Number]] = list(chance(s))
        else:
            moves = legal(s)
            share = Fraction(1, len(moves))
            weighted = [(m, share) for m in moves]
        best: Number = -INF
        total: Number = 0
        for m, p in weighted:
            before = evaluations
            # The edge below a chance node carries its probability (drawn with --tree).
            v = visit(play(s, m), ply + 1, node, m, p if player == CHANCE else None)
            if ply == 0:
                root_scores.append(Scored(m, v, evaluations == before, Bound.EXACT))
            if v > best:
                best = v
            total += p * v
        result = best if player == MAX else _tidy(total)
        if node is not None:
            node.value = result
        return result

    root_trace = TraceNode(None, root_player) if trace_limit else None
    stopped = None
    root_value: Number | None = None
    try:
        with deep_recursion():
            root_value = visit(state, 0, root_trace, None)
    except Stop as stop:
        stopped = stop.reason
    stats = SearchStats(nodes, leaves, depth=0 if limits.depth is None else limits.depth)
    stats.elapsed = budget.elapsed()
    common: dict[str, Any] = {"pov": MAX, "engine_scores": False, "numbers": True,
                              "stats": stats, "trace": root_trace,
                              "trace_truncated": traced >= trace_limit > 0}
    if stopped is not None:
        return stopped_result("expectimax", game, state, root_player, stopped, common)
    assert root_value is not None
    best_move: Hashable | None = None
    if root_scores and root_player != CHANCE:
        # At a MIN root the value is an average, but a user asking for MIN's move wants the child
        # that is worst for MAX.
        pick = max if root_player == MAX else min
        best_move = pick(root_scores, key=lambda t: t.number).move
    return build_result("expectimax", game, root_player,
                        root=Scored(None, root_value, evaluations == 0, Bound.EXACT),
                        moves=root_scores, best_move=best_move,
                        pv=[] if best_move is None else [best_move], depth=limits.depth,
                        **common)


def _tidy(number: Number) -> Number:
    """A Fraction that is a whole number becomes an int (so 1 is shown as 1, not 1/1)."""
    if isinstance(number, Fraction) and number.denominator == 1:
        return number.numerator
    return number


__all__ = ["expectimax"]
