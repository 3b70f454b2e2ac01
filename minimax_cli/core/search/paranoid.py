"""The paranoid search (Sturtevant and Korf, 2000): the player at the root against all the others.

Every other player is assumed to play to minimise the root player's utility, as one coalition, so
a game of any number of players becomes a two-sided game: nodes of the root player maximise its
utility, all other nodes minimise it, and alpha-beta applies. The value is the root player's
utility under that assumption, a guarantee it can secure whatever the others do, which is a
different quantity from max^n's vector (where each player serves its own interest). On a
two-player zero-sum game it is minimax.

Children are taken in the game's move order and a choice changes only for a strictly better
value, so the principal variation is the first best line in that order. Root moves get exact
values or bounds as in textbook alpha-beta (a move that cannot be best gets an upper bound).

Depth limits need an evaluation as max^n does (one value per player; the root player's component
is used). A memo keyed by the state, the depth left and the window (alpha, beta) answers a node
searched before with the same window: alpha-beta's answer is a function of exactly those, so the
memo changes no value and no bound, only the node count.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from minimax_cli.core.game import Evaluator, SearchError
from minimax_cli.core.i18n import _
from minimax_cli.core.memory import VECTOR_MEMO_ENTRY_BYTES, entries
from minimax_cli.core.result import Limits, SearchOptions, SearchResult, TraceNode
from minimax_cli.core.score import Bound, Number, terminal_score
from minimax_cli.core.search.common import INF, AnyGame, Scored, pick_evaluator
from minimax_cli.core.search.context import SearchContext, drive
from minimax_cli.core.search.maxn import (
    Step,
    engine_units,
    vector_evaluation,
)

#: What a search backs up from a node: the root player's utility (or a bound on it, outside the
#: window), the principal variation, whether an evaluation took part below.
PLine = tuple[Number, Step | None, bool]


def paranoid(game: AnyGame, state: Any, limits: Limits | None = None,
             options: SearchOptions | None = None, *, memo: bool = True) -> SearchResult:
    """Alpha-beta for the root player against the coalition of all others (registered with the
    memo on); `memo` off searches every node alpha-beta visits (on a two-player game, textbook
    alpha-beta's count)."""
    limits = limits or Limits()
    options = options or SearchOptions()
    if game.game_type.chance:
        raise SearchError(_("paranoid cannot search {game}: it has chance nodes; use maxn").format(
            game=game.name))
    evaluate = pick_evaluator(game, options.evaluator, limits.depth is not None)
    capacity = entries(options.table_mb, VECTOR_MEMO_ENTRY_BYTES) if memo else 0
    context = SearchContext(game, state, limits, options)
    search = _Paranoid(context, evaluate, memo, capacity)
    root_trace = context.trace_root(-INF, INF)
    max_depth = search.max_depth
    root = drive(context, lambda: search.visit(state, 0, max_depth, -INF, INF, root_trace, None))
    engine = search.engine
    common: dict[str, Any] = {"pov": context.root_player, "engine_scores": engine,
                              "numbers": not engine, "depth": limits.depth}
    if root is None:  # stopped: no value, nothing invented
        return context.result("paranoid", root=None, **common)
    value, step, estimated = root
    pv: list[Hashable] = []
    while step is not None:
        pv.append(step.move)
        step = step.rest
    return context.result("paranoid", root=Scored(None, value, not estimated, Bound.EXACT),
                          moves=context.root_scores, best_move=pv[0] if pv else None, pv=pv,
                          **common)


class _Paranoid:
    """The paranoid rule for backing values up: the root player's nodes maximise its utility,
    every other node minimises it (alpha-beta), lines answered from the memo when it has them."""

    def __init__(self, context: SearchContext, evaluate: Evaluator[Any] | None, memo: bool,
                 capacity: int) -> None:
        game = context.game
        self.context, self.game, self.memo, self.capacity = context, game, memo, capacity
        self.vector_of = None if evaluate is None else vector_evaluation(game, evaluate)
        self.engine = engine_units(game, evaluate is not None)
        self.lines: dict[Hashable, PLine] = {}
        self.me = context.root_player
        self.max_depth = -1 if context.limits.depth is None else context.limits.depth
        self.stats = context.stats
        self.stats.depth = max(self.max_depth, 0)

    def visit(self, s: Any, ply: int, left: int, alpha: Number, beta: Number,
              parent: TraceNode | None, move: Hashable) -> PLine:
        node = self.context.enter(ply, parent, move, self.game.to_move(s), alpha, beta)
        key = (s, left, alpha, beta)
        lines, stats = self.lines, self.stats
        if self.memo and ply > 0:
            stats.tt_probes += 1
            found = lines.get(key)
            if found is not None:
                stats.tt_hits += 1
                stats.tt_answers += 1
                if node is not None:
                    node.kind, node.value = "table", found[0]
                return found
        line = self.node(s, ply, left, alpha, beta, node)
        if self.memo and len(lines) < self.capacity:
            lines[key] = line
        return line

    def node(self, s: Any, ply: int, left: int, alpha: Number, beta: Number,
             node: TraceNode | None) -> PLine:
        me = self.me
        final = self.game.returns(s)
        if final is not None:
            self.stats.leaves += 1
            value = terminal_score(final[me], ply, True) if self.engine else final[me]
            if node is not None:
                node.kind, node.value = "terminal", value
            return (value, None, False)
        if left == 0:
            self.stats.leaves += 1
            assert self.vector_of is not None  # an evaluator exists whenever max_depth >= 0
            value = self.vector_of(s)[me]
            if node is not None:
                node.kind, node.value = "eval", value
            return (value, None, True)
        return self.choose(s, ply, left, alpha, beta, node)

    def choose(self, s: Any, ply: int, left: int, alpha: Number, beta: Number,
               node: TraceNode | None) -> PLine:
        mine = self.game.to_move(s) == self.me
        best: Number = -INF if mine else INF
        best_line: PLine | None = None
        best_move: Hashable = None
        estimated = False
        moves = self.game.legal_moves(s)
        for i, m in enumerate(moves):
            line = self.visit(self.game.play(s, m), ply + 1, left - 1, alpha, beta, node, m)
            v = line[0]
            estimated = estimated or line[2]
            if ply == 0:  # the root is the root player's: only alpha moves there
                bound = Bound.UPPER if v <= alpha else Bound.EXACT
                self.context.root_scores.append(Scored(m, v, not line[2], bound))
            if (v > best) if mine else (v < best):
                best, best_line, best_move = v, line, m
            if mine:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta and i + 1 < len(moves):
                self.stats.cutoffs += 1
                if node is not None:
                    node.pruned.extend(moves[i + 1:])
                break
        assert best_line is not None  # a state that is not over has a move
        if node is not None:
            node.value = best
        return (best, Step(best_move, None, best_line[1]), estimated)


__all__ = ["paranoid"]
