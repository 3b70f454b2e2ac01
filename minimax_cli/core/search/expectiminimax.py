"""Expectiminimax for two-player zero-sum games with chance nodes, plain and with Ballard's (1983)
Star1 and Star2 pruning.

Values are from MAX's point of view: MAX takes the largest child, MIN the smallest, and a chance
node (`to_move` is CHANCE) the average of its outcomes weighted by the game's probabilities, taken
exactly (whole numbers and fractions give a Fraction; a float anywhere gives a float). Leaves are
the game's own outcomes (+1 / 0 / -1 in a win/loss game), so a value is an expected outcome, a
number and never a win or a loss. A depth limit counts every level of the tree as a ply, chance
levels included (a roll and the move after it are two plies); the game's evaluation function
answers at the cut and the value is then an estimate.

- `expectiminimax` visits every node: the course's algorithm.
- `star1` is alpha-beta at MAX and MIN nodes (fail-soft, children in the game's order) and, at a
  chance node, a window for each outcome derived from the bounds the game declares on its outcomes
  (`GameType.low` / `high`): with S the weighted sum of the outcomes searched so far and the
  unsearched ones assumed at their lowest (highest), outcome i must come above
  A_i = (alpha - S - P_rest * high) / p_i and below B_i = (beta - S - P_rest * low) / p_i for the
  chance node's value to fall inside (alpha, beta); once it does not, the chance node returns the
  bound it has proved and the remaining outcomes are pruned.
- `star2` adds a probing phase at chance nodes whose outcomes are all nodes of one player (the
  "regular" trees of dice games): it first searches only the first move of each outcome, which
  bounds that outcome from one side (a MAX node is worth at least any of its moves), and cuts the
  chance node when those bounds already put it outside the window; otherwise the bounds narrow the
  windows of the Star1 phase that follows.

Positions met again are answered from a memo keyed by the state (and the depth left), holding
the value or the bounds proved for it; an explicit tree never repeats a state, so there every node
of the tree is visited as the course counts it, and Star1 visits a part of what plain
expectiminimax visits. Where positions repeat (dice bones), the memo answers plain expectiminimax
at once, while a bound found under one window may not answer another, so pruning can cost a few
nodes more there. Probing visits an outcome and its first move again in the second phase (the
memo usually answers the move), so star2 may visit more nodes than star1.

Star1 and Star2 need the game's bounds; an evaluation outside them would make the pruning wrong,
so it is a SearchError rather than a silently wrong value.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

from minimax_cli.core.game import CHANCE, MAX, MIN, SearchError
from minimax_cli.core.i18n import _
from minimax_cli.core.memory import CHANCE_MEMO_ENTRY_BYTES, entries
from minimax_cli.core.params import quote
from minimax_cli.core.result import Limits, SearchOptions, SearchResult, TraceNode
from minimax_cli.core.score import Bound, Number, format_number, tidy
from minimax_cli.core.search.common import (
    INF,
    AnyGame,
    Scored,
    outcome_bounds,
    pick_evaluator,
    unbounded,
)
from minimax_cli.core.search.context import SearchContext, drive

PLAIN, STAR1, STAR2 = "expectiminimax", "star1", "star2"

#: Rough bytes a memo entry costs (key, bounds, flag); sizes the memo from `table_mb`.

#: What the memo holds of a position: a lower and an upper bound on its value (equal when the
#: value is known) and whether an evaluation took part.
Entry = tuple[Number, Number, bool]


def expectiminimax(game: AnyGame, state: Any, limits: Limits, options: SearchOptions,
                   ) -> SearchResult:
    """Plain expectiminimax: no pruning; every node down to the depth limit is visited, or
    answered from the memo when its position was met before."""
    return _search(game, state, limits, options, PLAIN)


def star1(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    """Expectiminimax with alpha-beta at player nodes and Star1 windows at chance nodes."""
    return _search(game, state, limits, options, STAR1)


def star2(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    """Star1 with a probing phase at chance nodes whose outcomes are all one player's nodes."""
    return _search(game, state, limits, options, STAR2)


def _bound(value: Number, alpha: Number | None, beta: Number | None, low: Number,
           high: Number) -> Bound:
    """What a fail-soft value searched within (alpha, beta) says, for a node known to lie in
    [low, high]: at or beyond a side of the window it is a bound, unless it is at the known limit
    on that side (then it is the value)."""
    if alpha is None or beta is None:
        return Bound.EXACT
    if value <= alpha and value > low:
        return Bound.UPPER
    if value >= beta and value < high:
        return Bound.LOWER
    return Bound.EXACT


def _search(game: AnyGame, state: Any, limits: Limits, options: SearchOptions,
            name: str) -> SearchResult:
    context = SearchContext(game, state, limits, options)
    search = _ChanceSearch(context, name, options)
    prune = name != PLAIN
    alpha, beta = (-INF, INF) if prune else (None, None)
    root = context.trace_root(alpha, beta)
    value = drive(context, lambda: search.visit(state, 0, alpha, beta, root, None, None))
    common: dict[str, Any] = {"pov": MAX, "engine_scores": False, "numbers": True,
                              "depth": limits.depth}
    if value is None:  # stopped: no value, nothing invented
        return context.result(name, root=None, **common)
    root_scores = context.root_scores
    pv = context.line() if context.root_player != CHANCE and root_scores else []
    return context.result(name, root=Scored(None, tidy(value), context.evaluations == 0,
                                            Bound.EXACT),
                          moves=root_scores, best_move=pv[0] if pv else None, pv=pv, **common)


class _ChanceSearch:
    """Expectiminimax's rule for backing values up, plain, Star1 or Star2 (see the module's
    docstring). `context.evaluations` counts evaluations and memo answers that rest on one: a
    value depending on none is proven."""

    def __init__(self, context: SearchContext, name: str, options: SearchOptions) -> None:
        game, limits = context.game, context.limits
        self.context, self.game, self.name = context, game, name
        self.prune, self.probing = name != PLAIN, name == STAR2
        bounds = outcome_bounds(game)
        if self.prune and bounds is None:
            raise SearchError(unbounded(name, game))
        self.low: Number
        self.high: Number
        self.low, self.high = bounds if bounds is not None else (-INF, INF)
        self.evaluate = pick_evaluator(game, options.evaluator, limits.depth is not None)
        self.max_depth = -1 if limits.depth is None else limits.depth
        self.capacity = entries(options.table_mb, CHANCE_MEMO_ENTRY_BYTES)
        self.memo: dict[Hashable, Entry] = {}
        self.stats = context.stats
        self.stats.depth = max(self.max_depth, 0)
        self.pv = context.pv

    def visit(self, s: Any, ply: int, alpha: Number | None, beta: Number | None,
              parent: TraceNode | None, move: Hashable, probability: Number | None) -> Number:
        """The value of `s` from MAX's point of view; with a window, fail-soft: at or below alpha
        an upper bound, at or above beta a lower bound, exact in between."""
        context, stats = self.context, self.stats
        player = self.game.to_move(s)
        node = context.enter(ply, parent, move, player, alpha, beta, probability)
        key = s if self.max_depth < 0 else (s, self.max_depth - ply)
        if ply > 0 and self.capacity:
            stats.tt_probes += 1
            known = self.memo.get(key)
            if known is not None:
                stats.tt_hits += 1
                lower, upper, estimated = known
                answer = (lower if lower == upper or (beta is not None and lower >= beta)
                          else upper if alpha is not None and upper <= alpha else None)
                if answer is not None:
                    stats.tt_answers += 1
                    context.evaluations += estimated
                    self.pv[ply] = None
                    if node is not None:
                        node.value, node.kind = answer, "table"
                    return answer
                if alpha is not None and beta is not None:
                    # What is known narrows the window: a value failing at a narrowed side
                    # equals the bound known there, so it is still read right by the caller.
                    alpha, beta = max(alpha, lower), min(beta, upper)
                    context.evaluations += estimated
        before = context.evaluations
        value = self.evaluated(s, ply, player, alpha, beta, node)
        if node is not None:
            node.value = value
        if ply > 0:
            self.remember(key, value, alpha, beta, context.evaluations != before)
        return value

    def remember(self, key: Hashable, value: Number, alpha: Number | None, beta: Number | None,
                 estimated: bool) -> None:
        """Narrow the memo's bounds on `key` by a value searched within (alpha, beta)."""
        memo = self.memo
        if len(memo) < self.capacity or key in memo:
            lower, upper, was_estimated = memo.get(key, (self.low, self.high, False))
            kind = _bound(value, alpha, beta, self.low, self.high)
            if kind is not Bound.UPPER:
                lower = value if kind is Bound.EXACT else max(lower, value)
            if kind is not Bound.LOWER:
                upper = value if kind is Bound.EXACT else min(upper, value)
            memo[key] = (lower, upper, was_estimated or estimated)

    def evaluated(self, s: Any, ply: int, player: int, alpha: Number | None,
                  beta: Number | None, node: TraceNode | None) -> Number:
        """A finished game's outcome, an evaluation at the depth cut, or the node searched."""
        game, low, high = self.game, self.low, self.high
        value = game.outcome(s)
        if value is not None or ply == self.max_depth:
            self.stats.leaves += 1
            self.pv[ply] = None
            what = "outcome" if value is not None else "evaluation"
            if value is None:
                self.context.evaluations += 1
                value = self.evaluate(s)  # type: ignore[misc]  # one exists when max_depth >= 0
            if node is not None:
                node.kind = "terminal" if what == "outcome" else "eval"
            if self.prune and not low <= value <= high:
                raise SearchError(_outside(game, s, what, value, low, high, self.name))
            return value
        if player == CHANCE:
            self.pv[ply] = None  # no principal variation through a chance node
            return self.average(s, ply, alpha, beta, node)
        return self.choose(s, ply, player == MAX, alpha, beta, node)

    def choose(self, s: Any, ply: int, maximizing: bool, alpha: Number | None,
               beta: Number | None, node: TraceNode | None) -> Number:
        """A MAX or MIN node: fail-soft alpha-beta when pruning, else every child. The root's
        window is infinite, so every root move is searched and gets a value or a bound."""
        context, play = self.context, self.game.play
        best: Number = -INF if maximizing else INF
        moves = self.game.legal_moves(s)
        for i, m in enumerate(moves):
            before = context.evaluations
            v = self.visit(play(s, m), ply + 1, alpha, beta, node, m, None)
            if ply == 0:
                context.root_scores.append(Scored(m, tidy(v), context.evaluations == before,
                                                  _bound(v, alpha, beta, self.low, self.high)))
            if (v > best) if maximizing else (v < best):
                best = v
                self.pv[ply] = (m, self.pv[ply + 1])
            if alpha is None or beta is None:
                continue
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta and i + 1 < len(moves):
                self.cut(node, moves[i + 1:])
                break
        return best

    def cut(self, node: TraceNode | None, pruned: Sequence[Hashable]) -> None:
        """A cutoff, with the moves it leaves unsearched."""
        if pruned:
            self.stats.cutoffs += 1
            if node is not None:
                node.pruned.extend(pruned)

    def average(self, s: Any, ply: int, alpha: Number | None, beta: Number | None,
                node: TraceNode | None) -> Number:
        """A chance node: every outcome weighted (plain), or Star1 windows (and Star2 probes)."""
        context, game = self.context, self.game
        outcomes = list(game.chance_outcomes(s))
        if alpha is None or beta is None:
            total: Number = 0
            for m, p in outcomes:
                before = context.evaluations
                v = self.visit(game.play(s, m), ply + 1, None, None, node, m, p)
                if ply == 0:
                    context.root_scores.append(Scored(m, tidy(v), context.evaluations == before,
                                                      Bound.EXACT))
                total += p * v
            return tidy(total)
        if any(p <= 0 for _, p in outcomes):
            raise SearchError(_("{game} gives a chance outcome of probability 0 or less in "
                                "position {position}; {name} divides by it").format(
                game=game.name, position=quote(game.format_position(s)), name=self.name))
        children = [game.play(s, m) for m, _ in outcomes]
        lows: list[Number] = [self.low] * len(outcomes)
        highs: list[Number] = [self.high] * len(outcomes)
        if self.probing and len(outcomes) > 1 and (self.max_depth < 0
                                                   or ply + 1 < self.max_depth):
            cut = self.probe_all(outcomes, children, ply, alpha, beta, node, lows, highs)
            if cut is not None:
                return cut
        return self.star1(outcomes, children, ply, alpha, beta, node, lows, highs)

    def star1(self, outcomes: Sequence[tuple[Any, Number]], children: list[Any], ply: int,
              alpha: Number, beta: Number, node: TraceNode | None, lows: list[Number],
              highs: list[Number]) -> Number:
        """Star1's windows: each outcome searched within the window that keeps the chance node's
        value inside (alpha, beta), the outcomes not yet searched at their known bounds."""
        context = self.context
        done: Number = 0  # the weighted sum of the outcomes searched so far (exact values)
        rest_low = sum((p * lo for (_, p), lo in zip(outcomes, lows, strict=True)), Fraction(0))
        rest_high = sum((p * hi for (_, p), hi in zip(outcomes, highs, strict=True)), Fraction(0))
        for i, ((m, p), child) in enumerate(zip(outcomes, children, strict=True)):
            rest_low -= p * lows[i]
            rest_high -= p * highs[i]
            a = (alpha - done - rest_high) / p
            b = (beta - done - rest_low) / p
            window = (max(a, lows[i]), min(b, highs[i]))
            before = context.evaluations
            v = self.visit(child, ply + 1, *window, node, m, p)
            if ply == 0:
                context.root_scores.append(Scored(m, tidy(v), context.evaluations == before,
                                                  _bound(v, *window, lows[i], highs[i])))
            # At or past a and b the chance node's value is settled outside (alpha, beta); v is
            # never below the outcome's lower bound nor above its upper one.
            if v <= a or v >= b:
                self.cut(node, [m for m, _ in outcomes[i + 1:]])
                return tidy(done + p * v + (rest_high if v <= a else rest_low))
            done += p * v
        return tidy(done)

    def probe_all(self, outcomes: Sequence[tuple[Any, Number]], children: list[Any], ply: int,
                  alpha: Number, beta: Number, node: TraceNode | None, lows: list[Number],
                  highs: list[Number]) -> Number | None:
        """Star2's probing phase: the first move of each outcome bounds it (from below when the
        outcomes are MAX's nodes, from above when MIN's); the chance node's bound once it is past
        the window, else None with `lows` or `highs` narrowed."""
        game, low, high = self.game, self.low, self.high
        sides = {game.to_move(c) for c in children}
        if len(sides) != 1 or any(game.outcome(c) is not None for c in children):
            return None
        side = sides.pop()
        # Probes can only cut when the chance node's value can reach past the window.
        if side not in (MAX, MIN) or (beta > high if side == MAX else alpha < low):
            return None
        total_low = sum((p * lo for (_, p), lo in zip(outcomes, lows, strict=True)), Fraction(0))
        total_high = sum((p * hi for (_, p), hi in zip(outcomes, highs, strict=True)), Fraction(0))
        for i, ((m, p), child) in enumerate(zip(outcomes, children, strict=True)):
            others_low, others_high = total_low - p * lows[i], total_high - p * highs[i]
            a = (alpha - others_high) / p
            b = (beta - others_low) / p
            window = (max(a, low), min(b, high))
            v = self.probe(child, ply + 1, *window, node, m, p)
            if (side == MAX and v >= b) or (side == MIN and v <= a):
                self.cut(node, [m for m, _ in outcomes[i + 1:]])
                return tidy((others_low if side == MAX else others_high) + p * v)
            # A move's value bounds its MAX (MIN) node from below (above) unless it failed the
            # other way, where it says nothing of that node.
            if side == MAX and v > window[0]:
                lows[i] = max(low, v)
                total_low = others_low + p * lows[i]
            if side == MIN and v < window[1]:
                highs[i] = min(high, v)
                total_high = others_high + p * highs[i]
        return None

    def probe(self, s: Any, ply: int, alpha: Number, beta: Number, parent: TraceNode | None,
              move: Hashable, probability: Number) -> Number:
        """Visit `s` (a player's node, not over, above the depth cut) and search its first move
        only: a bound on its value from the side of its player."""
        node = self.context.enter(ply, parent, move, self.game.to_move(s), alpha, beta,
                                  probability)
        first = self.game.legal_moves(s)[0]
        v = self.visit(self.game.play(s, first), ply + 1, alpha, beta, node, first, None)
        if node is not None:
            node.value, node.kind = v, "probe"
        return v


def _outside(game: AnyGame, state: Any, what: str, value: Number, low: Number, high: Number,
             name: str) -> str:
    message = (_("{game}'s outcome is {value} in position {position}, outside the bounds the "
                 "game declares on its outcomes ({low} to {high}); {name} prunes by those bounds, "
                 "so its value would be wrong: use expectiminimax") if what == "outcome" else
               _("{game}'s evaluation is {value} in position {position}, outside the bounds the "
                 "game declares on its outcomes ({low} to {high}); {name} prunes by those bounds, "
                 "so its value would be wrong: use expectiminimax"))
    return message.format(game=game.name, value=format_number(value),
                          position=quote(game.format_position(state)), low=format_number(low),
                          high=format_number(high), name=name)


__all__ = ["expectiminimax", "outcome_bounds", "star1", "star2"]
