"""The search skeleton: one context every algorithm searches in, and one driver that runs it.

`SearchContext` holds what a search shares with its driver: the budget and the clock (checked
cooperatively, every CHECK_INTERVAL nodes), the statistics, the trace recorder, the principal
variation being built, the root's scored moves and why the search stopped. `drive` runs a walk of
the tree under it (deep recursion allowed, a spent budget caught) and `SearchContext.result` builds
the one SearchResult, inventing no value when the search stopped. Each algorithm keeps only its own
rule for backing values up.

Hot loops keep their node counter in a local (a closure's variable is cheaper to reach than an
attribute) and ask `check` only when it reaches the check point; `enter` does the same work for
the searches whose loop is not the hot path of a command.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from minimax_cli.core.result import Limits, SearchOptions, SearchResult, SearchStats, TraceNode
from minimax_cli.core.score import Number
from minimax_cli.core.search.common import (
    AnyGame,
    Budget,
    Scored,
    Stop,
    build_result,
    deep_recursion,
    stopped_result,
)

T = TypeVar("T")

#: A principal variation under construction: (move, rest) pairs, so extending one costs O(1).
Line = tuple[Hashable, Any] | None


class SearchContext:
    """Budget, statistics, trace, principal variation and stop of one search of `state`."""

    def __init__(self, game: AnyGame, state: Any, limits: Limits, options: SearchOptions,
                 *, stats: SearchStats | None = None) -> None:
        self.game, self.state, self.limits = game, state, limits
        self.budget = Budget(limits, options.stop)
        self.stats = stats if stats is not None else SearchStats()
        self.root_player: int = game.to_move(state)
        self.trace_limit = options.trace_limit if options.trace else 0
        self.trace_depth = options.trace_depth
        self.traced = 0
        self.root_trace: TraceNode | None = None
        #: The principal variation below each ply of the current line (see `line`).
        self.pv: dict[int, Line] = {}
        self.root_scores: list[Scored] = []
        self.stopped: str | None = None
        #: Evaluations (and table answers resting on one) so far: a value is proven when none
        #: took part below it.
        self.evaluations = 0

    # --- counting and the budget ---------------------------------------------------------------
    def check(self, nodes: int) -> int:
        """Stop (raise) unless node number `nodes` may be visited; the next count to check at."""
        self.budget.check(nodes)
        return self.budget.check_at

    def enter(self, ply: int, parent: TraceNode | None, move: Hashable, player: int,
              alpha: Number | None = None, beta: Number | None = None,
              probability: Number | None = None) -> TraceNode | None:
        """Count a node in `stats.nodes` (the budget is exact) and record it in the trace."""
        stats = self.stats
        if stats.nodes + 1 >= self.budget.check_at:
            self.budget.check(stats.nodes + 1)
        stats.nodes += 1
        if parent is None:
            return None
        return self.trace(parent, ply, move, player, alpha, beta, probability)

    def count(self, nodes: int, leaves: int, evaluations: int, cutoffs: int = 0) -> None:
        """Take the counts a walk kept in locals."""
        stats = self.stats
        stats.nodes, stats.leaves, stats.cutoffs = nodes, leaves, cutoffs
        self.evaluations = evaluations

    # --- the trace -----------------------------------------------------------------------------
    def trace_root(self, alpha: Number | None = None,
                   beta: Number | None = None) -> TraceNode | None:
        """The root of the trace (None when not tracing), which the walk starts from."""
        if self.trace_limit:
            self.root_trace = TraceNode(None, self.root_player, alpha, beta)
        return self.root_trace

    def trace(self, parent: TraceNode, ply: int, move: Hashable, player: int,
              alpha: Number | None = None, beta: Number | None = None,
              probability: Number | None = None) -> TraceNode | None:
        """The trace node of a node entered under `parent` (the root is its own), or None once the
        trace is full or below its depth."""
        if ply == 0:
            return parent
        if self.traced >= self.trace_limit or (self.trace_depth is not None
                                               and ply > self.trace_depth):
            return None
        self.traced += 1
        node = TraceNode(move, player, alpha, beta, probability=probability)
        parent.children.append(node)
        return node

    @property
    def trace_truncated(self) -> bool:
        return self.traced >= self.trace_limit > 0

    # --- the principal variation ---------------------------------------------------------------
    def line(self, ply: int = 0, limit: int | None = None) -> list[Hashable]:
        """The principal variation recorded below `ply`, as a list of moves."""
        moves: list[Hashable] = []
        line = self.pv.get(ply)
        while line is not None and (limit is None or len(moves) < limit):
            moves.append(line[0])
            line = line[1]
        return moves

    # --- the result ----------------------------------------------------------------------------
    def result(self, name: str, *, pov: int, engine_scores: bool, root: Scored | None,
               moves: Sequence[Scored] = (), best_move: Hashable | None = None,
               pv: list[Hashable] | None = None, depth: int | None = None, numbers: bool = False,
               **extra: Any) -> SearchResult:
        """The one SearchResult of this search: with no value when it stopped, else the values
        given (`extra`: build_result's keywords for vectors, iterations...)."""
        common: dict[str, Any] = {"pov": pov, "engine_scores": engine_scores, "numbers": numbers,
                                  "stats": self.stats, "trace": self.root_trace,
                                  "trace_truncated": self.trace_truncated}
        if self.stopped is not None or root is None:
            return stopped_result(name, self.game, self.state, self.root_player, self.stopped,
                                  {**common, **extra})
        return build_result(name, self.game, self.root_player, root=root, moves=list(moves),
                            best_move=best_move, pv=[] if pv is None else pv, depth=depth,
                            **common, **extra)


def drive(context: SearchContext, walk: Callable[[], T],
          sync: Callable[[], None] | None = None) -> T | None:
    """Run `walk` (a depth-first search, recursing as deep as the game goes) under the context's
    budget: its value, or None with `context.stopped` saying which budget ended it. `sync` copies
    counters the walk keeps in locals into `context.stats`, whether it finished or not."""
    try:
        with deep_recursion():
            return walk()
    except Stop as stop:
        context.stopped = stop.reason
        return None
    finally:
        if sync is not None:
            sync()
        context.stats.elapsed = context.budget.elapsed()


__all__ = ["Line", "SearchContext", "drive"]
