"""Expectimax: MAX maximises; the opponent is modelled as playing uniformly at random, so a MIN
node's value is the average of its children; a chance node (`to_move` is CHANCE) is the average
weighted by the game's probabilities. Averages admit no alpha-beta pruning, so every node is visited.

Averages are taken over the game's own outcomes (+1 / 0 / -1 in a win/loss game), exactly: whole
numbers and fractions give a Fraction, so `1/3` stays `1/3`; a float anywhere gives a float. The
result is a number, never a win / draw / loss: an average of outcomes is not a result. Beside an
evaluation function (a depth limit) it is an estimate.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from minimax_cli.core.game import CHANCE, MAX, Evaluator
from minimax_cli.core.result import Limits, SearchOptions, SearchResult, TraceNode
from minimax_cli.core.score import Bound, Number, tidy
from minimax_cli.core.search.common import INF, AnyGame, Scored, pick_evaluator
from minimax_cli.core.search.context import SearchContext, drive

Visit = Callable[[Any, int, "TraceNode | None", Hashable, "Number | None"], Number]


def expectimax(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    evaluate = pick_evaluator(game, options.evaluator, limits.depth is not None)
    context = SearchContext(game, state, limits, options)
    visit = _visitor(context, evaluate)
    root = context.trace_root()
    value = drive(context, lambda: visit(state, 0, root, None, None))
    context.stats.depth = 0 if limits.depth is None else limits.depth
    common: dict[str, Any] = {"pov": MAX, "engine_scores": False, "numbers": True,
                              "depth": limits.depth}
    if value is None:  # stopped: no value, nothing invented
        return context.result("expectimax", root=None, **common)
    root_player, root_scores = context.root_player, context.root_scores
    best_move: Hashable | None = None
    if root_scores and root_player != CHANCE:
        # At a MIN root the value is an average, but a user asking for MIN's move wants the child
        # that is worst for MAX.
        pick = max if root_player == MAX else min
        best_move = pick(root_scores, key=lambda t: t.number).move
    return context.result("expectimax", root=Scored(None, value, context.evaluations == 0,
                                                    Bound.EXACT),
                          moves=root_scores, best_move=best_move,
                          pv=[] if best_move is None else [best_move], **common)


def _visitor(context: SearchContext, evaluate: Evaluator[Any] | None) -> Visit:
    """The value of a state from MAX's point of view: MAX's best child, else the average."""
    game, stats, root_scores = context.game, context.stats, context.root_scores
    outcome, legal, play, to_move = game.outcome, game.legal_moves, game.play, game.to_move
    chance = game.chance_outcomes
    max_depth = -1 if context.limits.depth is None else context.limits.depth

    def visit(s: Any, ply: int, parent: TraceNode | None, move: Hashable,
              probability: Number | None) -> Number:
        player = to_move(s)
        node = context.enter(ply, parent, move, player, probability=probability)
        value = outcome(s)
        if value is not None:
            stats.leaves += 1
            if node is not None:
                node.value, node.kind = value, "terminal"
            return value
        if ply == max_depth:
            stats.leaves += 1
            context.evaluations += 1
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
            before = context.evaluations
            # The edge below a chance node carries its probability (drawn with --tree).
            v = visit(play(s, m), ply + 1, node, m, p if player == CHANCE else None)
            if ply == 0:
                root_scores.append(Scored(m, v, context.evaluations == before, Bound.EXACT))
            if v > best:
                best = v
            total += p * v
        result = best if player == MAX else tidy(total)
        if node is not None:
            node.value = result
        return result

    return visit


__all__ = ["expectimax"]
