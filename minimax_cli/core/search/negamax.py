"""`negamax`, the default engine: the drivers over the node routine of `engine.py`.

A driver decides which windows the root is searched with:
- `exact_root`: every root move with the full window, so each gets an exact value;
- `full_window`: one alpha-beta pass; moves that cannot be best get only a bound;
- `aspiration`: a narrow window around a guess (the previous depth's score), widened on failure;
- `bisection`: null windows that halve the range of the score until it is pinned (MTD style);
and `iterate` deepens one depth at a time under a time or node budget, yielding one result per
completed depth (as sunfish does); a spent budget keeps the last completed depth and invents no
value when none was completed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from minimax_cli.core.game import SearchError
from minimax_cli.core.i18n import _
from minimax_cli.core.result import Limits, SearchOptions, SearchResult, TraceNode
from minimax_cli.core.score import WIN, Bound, Number, is_decisive
from minimax_cli.core.search.common import INF, AnyGame, Scored, build_result, pick_evaluator
from minimax_cli.core.search.context import SearchContext, drive
from minimax_cli.core.search.engine import TO_THE_END, Engine, RootSearch

#: Half-width of the first aspiration window, in engine units (a tic-tac-toe line is 1).
ASPIRATION_DELTA = 2
#: Nodes the principal variation of a proven value may spend to reach the end of the game.
PV_NODES = 200_000

Driver = Callable[[Engine, int, Number | None], RootSearch]


def exact_root(engine: Engine, depth: int, guess: Number | None = None) -> RootSearch:
    return engine.root(depth, -INF, INF, exact=True, trace=_root_trace(engine))


def full_window(engine: Engine, depth: int, guess: Number | None = None) -> RootSearch:
    return engine.root(depth, -INF, INF, exact=False, trace=_root_trace(engine))


def aspiration(engine: Engine, depth: int, guess: Number | None = None,
               delta: Number = ASPIRATION_DELTA) -> RootSearch:
    """Search within (guess - delta, guess + delta); on a fail, widen that side and search again.
    Without a guess, or near a decisive score, the full window."""
    if guess is None or is_decisive(guess) or guess in (INF, -INF):
        return full_window(engine, depth)
    low, high = guess - delta, guess + delta
    while True:
        result = engine.root(depth, low, high, exact=False)
        if result.best <= low and low != -INF:
            low, delta = (-INF if delta > 64 else result.best - 2 * delta), delta * 2
        elif result.best >= high and high != INF:
            high, delta = (INF if delta > 64 else result.best + 2 * delta), delta * 2
        else:
            return result


def bisection(engine: Engine, depth: int, guess: Number | None = None) -> RootSearch:
    """Pin the root's score with null-window searches, each halving the range it can lie in;
    whole-number scores only. The first probe is the guess (0, a draw, without one)."""
    low, high = -WIN, WIN  # the score lies in [low, high]
    probe = 0 if guess is None or guess.__class__ is not int else guess
    while low < high:
        probe = min(max(probe, low), high - 1)
        result = engine.root(depth, probe, probe + 1, exact=False)
        if result.best.__class__ is not int:
            raise SearchError(_("bisection needs whole-number scores; use the full window"))
        if result.best > probe:
            low = result.best  # fail high: the score is at least this
        else:
            high = result.best  # fail low: at most this
        probe = low + (high - low) // 2
    # One search at the pinned score gives its best move and line.
    return engine.root(depth, low - 1, low + 1, exact=False)


DRIVERS: dict[str, Driver] = {"full": full_window, "aspiration": aspiration, "bisection": bisection}


def _root_trace(engine: Engine) -> TraceNode | None:
    return engine.context.trace_root(-INF, INF)


# --- iterative deepening -----------------------------------------------------------------------------
def negamax(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    """The engine's answer: the last result of `iterate`."""
    result = None
    for result in iterate(game, state, limits, options):  # noqa: B007 -- keep the last one
        pass
    assert result is not None
    return result


def iterate(game: AnyGame, state: Any, limits: Limits = Limits(),
            options: SearchOptions | None = None) -> Iterator[SearchResult]:
    """One result per completed depth; the last one stands.

    With a time or node budget and an evaluation function, depths 1, 2, ... (up to `limits.depth`)
    are searched in turn, stopping once the value is proven. Otherwise one search: to
    `limits.depth`, or to the end of the game. When the budget runs out, a final result keeps the
    last completed depth and says what stopped it; with no depth completed it has no value."""
    options = options if options is not None else SearchOptions()
    deepening = limits.budget and bool(game.evaluators())
    evaluate = pick_evaluator(game, options.evaluator, limits.depth is not None or deepening)
    context = SearchContext(game, state, limits, options)
    engine = Engine(context, options, evaluate)
    driver: Driver = exact_root if options.exact_root else DRIVERS[options.window]

    value = game.outcome(state)
    if value is not None or limits.depth == 0:
        yield _leaf(engine, game, state, value, limits)
        return
    depths: range | list[int]
    if deepening:
        depths = range(1, (TO_THE_END - 1 if limits.depth is None else limits.depth) + 1)
    else:
        depths = [TO_THE_END if limits.depth is None else limits.depth]

    completed: SearchResult | None = None
    guess: Number | None = None
    for depth in depths:
        context.root_trace = None
        found = drive(context, lambda: driver(engine, depth, guess))  # noqa: B023 -- called here
        if found is None:
            assert context.stopped is not None
            yield _stopped(engine, game, completed, context.stopped)
            return
        guess = found.best
        completed = _result(engine, game, found, None if depth >= TO_THE_END else depth)
        yield completed
        if found.proven:
            return


def _result(engine: Engine, game: AnyGame, found: RootSearch, depth: int | None) -> SearchResult:
    mover = engine.root_mover
    pv = found.pv
    if found.proven and found.bound is Bound.EXACT:
        pv, spent = engine.complete_pv(pv, found.best, PV_NODES)
        engine.stats.pv_nodes += spent
    stats = engine.sync_stats()
    stats.depth = depth or 0
    stats.elapsed = engine.budget.elapsed()
    return build_result(
        "negamax", game, mover, pov=mover, engine_scores=True,
        root=Scored(None, found.best, found.proven, found.bound), moves=found.scored,
        best_move=found.best_move, pv=pv, stats=stats.copy(), depth=depth,
        trace=engine.context.root_trace,
        trace_truncated=engine.context.trace_truncated,
    )


def _stopped(engine: Engine, game: AnyGame, completed: SearchResult | None,
             reason: str) -> SearchResult:
    """What stands when the budget ran out: the last completed depth, or no value at all."""
    stats = engine.sync_stats()
    stats.elapsed = engine.budget.elapsed()
    if completed is not None:
        stats.depth = completed.stats.depth
        completed.stats = stats.copy()
        completed.stopped = reason
        return completed
    _, moves = engine.root_moves()
    return build_result(
        "negamax", game, engine.root_mover, pov=engine.root_mover, engine_scores=True, root=None,
        moves=[], best_move=moves[0] if moves else None, pv=[], stats=stats.copy(), depth=None,
        stopped=reason, best_searched=False,
    )


def _leaf(engine: Engine, game: AnyGame, state: Any, value: Number | None,
          limits: Limits) -> SearchResult:
    """A root that is over, or a depth limit of 0: one leaf, nothing to choose."""
    engine.visit()
    mover = engine.root_mover
    if value is not None:
        number: Number = value if not game.win_loss else (WIN if value > 0 else -WIN if value < 0
                                                          else 0)
        proven = True
    else:
        assert engine.evaluate is not None
        number, proven = engine.evaluate(state), False
    relative = number if mover == 0 else -number
    stats = engine.sync_stats()
    stats.leaves = 1
    stats.elapsed = engine.budget.elapsed()
    return build_result(
        "negamax", game, mover, pov=mover, engine_scores=True,
        root=Scored(None, relative, proven, Bound.EXACT), moves=[], best_move=None, pv=[],
        stats=stats.copy(), depth=limits.depth,
    )


__all__ = ["ASPIRATION_DELTA", "DRIVERS", "aspiration", "bisection", "exact_root", "full_window",
           "iterate", "negamax"]
