"""Quiescence search as the course gives it, for the textbook minimax and alpha-beta.

A depth cut is trusted only in a quiet position ("posición estática"): where the game has noisy
moves (`Game.noisy_moves`: chess's captures and promotions), the search goes on with them alone
past the depth limit, and the side to move may also stand pat, keep the static value
(`evaluate`), as a lower bound of what it can get (MAX) or an upper one (MIN). So a quiet node's
value is the best of its static value and of its noisy children's values. Nothing else: no depth
limit besides the game's own (captures run out), no delta pruning, no static exchange, the moves in
the game's natural order (`alphabeta-ordered`'s: in `Game.order_moves`'s, as its main walk), so
that the values are exactly the textbook's and a brute force over the same rules finds them
(tests/core/test_textbook_quiet.py).

With `prune` off every noisy child is searched (minimax's quiescence); with it on, a node stops
once its value reaches beta (MAX) or falls to alpha (MIN), the stand-pat included (alpha-beta's).
Like the main walk, a node gives the value found and the interval [low, high] it proves.

One function, `QuietSearch.visit`, handles one quiet node (`cut` the first, at the depth cut), and
records it in the trace when one is kept: its stand-pat, its window, the captures tried (its
children), the ones a cut-off left (pruned) and its interval, which reports/trace.py reads as the
quiet search's steps.
"""

from __future__ import annotations

from typing import Any

from minimax_cli.core.game import MAX, Evaluator
from minimax_cli.core.result import TraceNode
from minimax_cli.core.score import WIN, Number
from minimax_cli.core.search.common import INF, AnyGame
from minimax_cli.core.search.context import SearchContext


class QuietSearch:
    """The quiet searches below the depth cuts of one textbook search, and their counts below
    the cut nodes (which the main walk counts as its own nodes, leaves and evaluations): `nodes`,
    `evaluations` (static values taken) and `cutoffs`. With a `context` whose trace is on, each
    quiet node is recorded (TraceNode.quiet, its stand-pat, its window and interval) under the
    depth cut's node, within the trace's limits."""

    def __init__(self, game: AnyGame, evaluate: Evaluator[Any], win_loss: bool,
                 prune: bool, context: SearchContext | None = None,
                 ordered: bool = False) -> None:
        self.game = game
        self.ordered = ordered
        self.evaluate = evaluate
        self.win_loss = win_loss
        self.prune = prune
        self.context = context
        self.nodes = 0
        self.evaluations = 0
        self.cutoffs = 0
        self.tried = 0

    def cut(self, state: Any, ply: int, alpha: Number, beta: Number,
            node: TraceNode | None) -> tuple[Number, Number, Number]:
        """A depth cut's value (not over; its static value counted by the caller), searched on
        till quiet, recorded on its trace node with the noisy moves tried and the nodes below."""
        before = self.nodes
        found = self.visit(state, ply, alpha, beta, node)
        if node is not None:
            node.quiet_counts = (self.tried, self.nodes - before)
        return found

    def visit(self, state: Any, ply: int, alpha: Number = -INF, beta: Number = INF,
              node: TraceNode | None = None) -> tuple[Number, Number, Number]:
        """The quiet value of `state` (not over; `ply` plies below the root) in the window
        (alpha, beta), with the interval [low, high] it proves: the stand-pat and the noisy
        children's values, MAX taking the largest, MIN the smallest. `tried` is left at the
        number of noisy moves it tried."""
        game = self.game
        maximizing = game.to_move(state) == MAX
        stand: Number = self.evaluate(state)
        best, low, high = stand, stand, stand
        self.tried = 0
        if self.prune and ((stand >= beta) if maximizing else (stand <= alpha)):
            self.cutoffs += 1  # standing pat already refutes: no capture is tried
            found = (stand, stand, INF) if maximizing else (stand, -INF, stand)
            return _recorded(node, stand, found)
        if maximizing:
            alpha = max(alpha, stand)
        else:
            beta = min(beta, stand)
        moves = game.noisy_moves(state)
        if self.ordered:
            moves = list(game.order_moves(state, moves))
        last = len(moves) - 1
        tried = 0
        for i, move in enumerate(moves):
            tried += 1
            v, lo, hi = self.child(game.play(state, move), ply + 1, alpha, beta, node, move)
            if maximizing:
                low, high, best = max(low, lo), max(high, hi), max(best, v)
                alpha = max(alpha, v)
            else:
                low, high, best = min(low, lo), min(high, hi), min(best, v)
                beta = min(beta, v)
            if self.prune and alpha >= beta and i < last:
                self.cutoffs += 1
                low, high = (low, INF) if maximizing else (-INF, high)
                if node is not None:
                    node.pruned.extend(moves[i + 1:])
                break
        self.tried = tried
        return _recorded(node, stand, (best, low, high))

    def child(self, state: Any, ply: int, alpha: Number, beta: Number,
              parent: TraceNode | None = None,
              move: Any = None) -> tuple[Number, Number, Number]:
        """A noisy move's position: the game's own value where it is over (a win as
        +-(WIN - ply), as in the main walk), else its quiet value."""
        self.nodes += 1
        node = None
        if parent is not None and self.context is not None:
            node = self.context.trace(parent, ply, move, self.game.to_move(state), alpha, beta)
            if node is not None:
                node.quiet = True
        value = self.game.outcome(state)
        if value is None:
            self.evaluations += 1  # its stand-pat
            return self.visit(state, ply, alpha, beta, node)
        if self.win_loss:
            value = WIN - ply if value > 0 else ply - WIN if value < 0 else 0
        if node is not None:
            node.value, node.kind, node.low, node.high = value, "terminal", value, value
        return value, value, value


def _recorded(node: TraceNode | None, stand: Number,
              found: tuple[Number, Number, Number]) -> tuple[Number, Number, Number]:
    """`found` (value, low, high), recorded on the quiet node's trace node when there is one."""
    if node is not None:
        node.quiet, node.kind, node.stand = True, "quiet", stand
        node.value, node.low, node.high = found
    return found


def with_quiet(quiet: QuietSearch | None, nodes: int, leaves: int, evaluations: int,
               cutoffs: int) -> tuple[int, int, int, int]:
    """A walk's counts with its quiet searches' added (none without quiescence)."""
    if quiet is None:
        return nodes, leaves, evaluations, cutoffs
    return (nodes + quiet.nodes, leaves, evaluations + quiet.evaluations,
            cutoffs + quiet.cutoffs)
