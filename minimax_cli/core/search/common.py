"""What every search shares: the budget, the evaluator, deep recursion, the algorithm declarations,
and the one function that builds results."""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Final

from minimax_cli.core.game import CHANCE, MAX, AnyGame, Evaluator, SearchError
from minimax_cli.core.i18n import _
from minimax_cli.core.plugins import load_object
from minimax_cli.core.record import Record
from minimax_cli.core.result import (
    STOP_INTERRUPTED,
    STOP_NODES,
    STOP_TIME,
    Limits,
    MoveValue,
    SearchOptions,
    SearchResult,
    SearchStats,
    TraceNode,
)
from minimax_cli.core.score import Bound, Number, PovScore, decode, decode_raw

INF = float("inf")

#: Nodes between two looks at the clock: a few milliseconds of search in the slowest games.
CHECK_INTERVAL = 256

#: Plies a recursive search may go below the root. From Python 3.11 on, Python-to-Python calls do
#: not consume the C stack, so a high limit is safe there; 3.10 keeps its default.
DEEP_RECURSION = 60_000 if sys.version_info >= (3, 11) else sys.getrecursionlimit()


@contextmanager
def deep_recursion() -> Iterator[None]:
    """Let a search recurse as deep as the game goes (bones with a heap of thousands)."""
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, DEEP_RECURSION))
    try:
        yield
    except RecursionError:
        raise SearchError(
            _("the game is too deep for a recursive search from this position; give --depth with"
              " an evaluation function, or use `minimax solve`")) from None
    finally:
        sys.setrecursionlimit(previous)


class Stop(Exception):
    """Raised inside a search when its time or node budget is spent; caught by its driver."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Budget:
    """The deadline and node budget of one search.

    A search calls `check(n)` before visiting its n-th node whenever n reaches `check_at`; so a
    node budget is exact (no node past it is visited) and the clock is read every CHECK_INTERVAL
    nodes. `stop`, when given, is asked at the same points as the clock: True ends the search as
    interrupted (another thread's request, e.g. `minimax uci`'s `stop`, without a signal).
    """

    def __init__(self, limits: Limits, stop: Callable[[], bool] | None = None) -> None:
        self.started = time.perf_counter()
        self.deadline = None if limits.time is None else self.started + limits.time
        self.max_nodes = limits.nodes
        self.stop = stop
        self.check_at = 1
        self._next(0)

    def _next(self, nodes: int) -> None:
        timed = self.deadline is not None or self.stop is not None
        step = nodes + CHECK_INTERVAL if timed else sys.maxsize
        self.check_at = min(step, sys.maxsize if self.max_nodes is None else self.max_nodes + 1)

    def check(self, nodes: int) -> None:
        """Raise Stop if node `nodes` may not be visited."""
        if self.max_nodes is not None and nodes > self.max_nodes:
            raise Stop(STOP_NODES)
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise Stop(STOP_TIME)
        if self.stop is not None and self.stop():
            raise Stop(STOP_INTERRUPTED)
        self._next(nodes)

    def elapsed(self) -> float:
        return time.perf_counter() - self.started


def pick_evaluator(game: AnyGame, name: str | None, needed: bool) -> Evaluator[Any] | None:
    """The evaluation function to use at depth cuts, or None when the search goes to the end."""
    evaluators = game.evaluators()
    if name is not None and name not in evaluators:
        known = ", ".join(evaluators) or _("none")
        raise SearchError(_("unknown evaluation '{name}' for {game}; available: {known}").format(
            name=name, game=game.name, known=known))
    if not needed:
        return None
    if not evaluators:
        raise SearchError(
            _("{game} has no evaluation function, so the search cannot be cut off by depth; drop "
              "--depth to search to the end").format(game=game.name))
    return evaluators[name] if name is not None else next(iter(evaluators.values()))


# --- algorithms and the game types they serve ------------------------------------------------------
Run = Callable[[AnyGame, Any, Limits, SearchOptions], SearchResult]


class Algorithm(Record):
    """A search algorithm and the kinds of game it serves (checked before it runs).

    `function`: the search, or where it lives as "package.module:function", imported when the
    algorithm first runs (so that a command loads only the searches it uses: `minimax analyze
    tictactoe` loads the engine alone; the families cost a third of its start-up when all were
    loaded at once). `minimax_value`: it computes the minimax value (so `--compare` may set it
    beside the others); `needs_kernel`: it needs the game's proof kernel (`Game.proof_kernel`);
    `needs_board`: it needs the game's mutable search board (`Game.search_board`);
    `sampled`: it samples (Monte Carlo), an anytime search: one run fills its time budget, its
    value is an estimate and its nodes are other work than a tree search's (a think gives it the
    whole budget at once with a seed; `--compare` sets it last, beside the exact ones);
    `records_tree`: asked to trace, it records the tree it searched (SearchResult.trace), which
    `analyze --step` walks through (checked before the search, which may be long);
    `proves`: the wins, losses and draws it finds are proofs; False for a search that prunes by
    rules that are not sound (null move, a table that forgets a position's history): what it
    finds is reported as found, not proven, and no move is called optimal.
    A value (core.record), not a dataclass: every command loads it."""

    __slots__ = ("chance", "description", "function", "general_sum", "minimax_value", "name",
                 "needs_board", "needs_kernel", "players", "proves", "records_tree", "sampled")
    fields = ("name", "description", "function", "players", "chance", "general_sum",
              "minimax_value", "needs_kernel", "sampled", "records_tree", "needs_board", "proves")

    def __init__(self, name: str, description: str, function: Run | str,
                 players: tuple[int, ...] = (2,), chance: bool = False, general_sum: bool = False,
                 minimax_value: bool = True, needs_kernel: bool = False,
                 sampled: bool = False, records_tree: bool = True,
                 needs_board: bool = False, proves: bool = True) -> None:
        self.name: Final = name
        self.description: Final = description
        self.function: Final = function
        self.players: Final = players
        self.chance: Final = chance
        self.general_sum: Final = general_sum
        self.minimax_value: Final = minimax_value
        self.needs_kernel: Final = needs_kernel
        self.sampled: Final = sampled
        self.records_tree: Final = records_tree
        self.needs_board: Final = needs_board
        self.proves: Final = proves

    def run(self, game: AnyGame, state: Any, limits: Limits, options: SearchOptions,
            ) -> SearchResult:
        """Search `state` (the game's type already checked: `refusal`)."""
        return self.search_function()(game, state, limits, options)

    def search_function(self) -> Run:
        """The search itself, its module imported on the first call when `function` is a path."""
        if not isinstance(self.function, str):
            return self.function
        found = load_object(self.function)
        return found  # type: ignore[return-value]  # the declaration names a search function

    def refusal(self, game: AnyGame) -> str | None:
        """Why this algorithm cannot search `game`, in one line; None when it can."""
        kind = game.game_type
        if kind.players not in self.players:
            served = _(" or ").join(map(str, self.players))
            return _("{name} searches games of {served} players; {game} has {count}").format(
                name=self.name, served=served, game=game.name, count=kind.players)
        if kind.chance and not self.chance:
            return _("{name} cannot search {game}: it has chance nodes (dice, cards), which this "
                     "algorithm does not model; use expectiminimax (or expectimax, which models "
                     "the opponent as random)").format(name=self.name, game=game.name)
        if not kind.zero_sum and not self.general_sum:
            return _("{name} needs a zero-sum game; {game} is general-sum").format(
                name=self.name, game=game.name)
        if self.needs_kernel and game.proof_kernel() is None:
            return _("{name} needs a game with a proof kernel (Connect Four has one); {game} has "
                     "none: use negamax").format(name=self.name, game=game.name)
        if self.needs_board and game.search_board(game.initial_state()) is None:
            return _("{name} needs a game with a mutable search board (chess has one); {game} has "
                     "none: use negamax").format(name=self.name, game=game.name)
        return None


class BoundedAlgorithm(Algorithm):
    """An algorithm that also needs the game's bounds on its outcomes (Star1 and Star2)."""

    __slots__ = ()

    def refusal(self, game: AnyGame) -> str | None:
        reason = super().refusal(game)
        if reason is None and outcome_bounds(game) is None:
            return unbounded(self.name, game)
        return reason


def outcome_bounds(game: AnyGame) -> tuple[Fraction, Fraction] | None:
    """The game's declared bounds on its outcomes as exact numbers, or None when it declares none
    (or an infinite one, which prunes nothing)."""
    low, high = game.game_type.low, game.game_type.high
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return None
    return Fraction(low), Fraction(high)


def unbounded(name: str, game: AnyGame) -> str:
    """Why `name` cannot prune `game`'s chance nodes: it declares no bounds."""
    return _("{name} prunes chance nodes by the bounds a game declares on its outcomes; {game} "
             "declares none: use expectiminimax").format(name=name, game=game.name)


# --- results -----------------------------------------------------------------------------------
class Scored(Record):
    """A root move's number from the point of view `pov` of the result, whether it is proven (no
    heuristic took part), and its bound; `vector`, `visits` and `pv` as in MoveValue. A value
    (core.record), as Algorithm is."""

    __slots__ = ("bound", "move", "number", "proven", "pv", "tie_broken", "vector", "visits")
    fields = ("move", "number", "proven", "bound", "vector", "visits", "tie_broken", "pv")

    def __init__(self, move: Hashable, number: Number, proven: bool, bound: Bound,
                 vector: tuple[Number, ...] | None = None, visits: int | None = None,
                 tie_broken: bool = False, pv: tuple[Hashable, ...] | None = None) -> None:
        self.move: Final = move
        self.number: Final = number
        self.proven: Final = proven
        self.bound: Final = bound
        self.vector: Final = vector
        self.visits: Final = visits
        #: max^n: the tie-break rule chose between moves of different value to another player on
        #: the line below (so `vector` holds only if players break ties by that rule).
        self.tie_broken: Final = tie_broken
        #: The move's own line (MoveValue.pv): PVS's multipv lines; None otherwise.
        self.pv: Final = pv


def build_result(
    algorithm: str,
    game: AnyGame,
    root_player: int,
    *,
    pov: int,
    engine_scores: bool,
    root: Scored | None,
    moves: Sequence[Scored],
    best_move: Hashable | None,
    pv: list[Hashable],
    stats: SearchStats,
    depth: int | None,
    stopped: str | None = None,
    best_searched: bool = True,
    numbers: bool = False,
    trace: TraceNode | None = None,
    trace_truncated: bool = False,
    vector: tuple[Number, ...] | None = None,
    iterations: int | None = None,
    tie_broken: bool = False,
) -> SearchResult:
    """The one place results are made. Numbers are read as Scores here: `engine_scores` says they
    are engine numbers (wins as +-(WIN - ply)) rather than the game's own values; `numbers` forces
    proven values to stay numbers (averages are never results). `root` None means no value.
    Games of more than two players give `vector` (the root's value per player) and each Scored
    its own; `iterations` and Scored.visits are Monte Carlo tree search's."""
    win_loss = game.win_loss and not numbers

    def score_of(item: Scored) -> PovScore:
        read = decode if engine_scores else decode_raw
        return PovScore(read(item.number, item.proven, item.bound, win_loss), pov)

    view = pov if pov != CHANCE else MAX
    return SearchResult(
        algorithm=algorithm,
        root_player=root_player,
        score=None if root is None else score_of(root).for_player(view),
        best_move=best_move,
        moves=[MoveValue(m.move, score_of(m).for_player(view), m.vector, m.visits, m.tie_broken,
                         m.pv) for m in moves],
        pv=pv,
        stats=stats,
        depth=depth,
        stopped=stopped,
        best_searched=best_searched,
        trace=trace,
        trace_truncated=trace_truncated,
        vector=vector,
        iterations=iterations,
        tie_broken=tie_broken,
    )


def stopped_result(algorithm: str, game: AnyGame, state: Any, root_player: int, stopped: str | None,
                   common: dict[str, Any]) -> SearchResult:
    """The result of a search stopped before it had a value: none is invented, no depth was
    completed, and the move shown is the first legal one, marked as not searched. `common` holds
    the keywords the algorithm passes to every build_result (stats, trace, point of view...)."""
    common["stats"].depth = 0
    first = list(game.legal_moves(state)) if root_player != CHANCE else []
    return build_result(algorithm, game, root_player, root=None, moves=[],
                        best_move=first[0] if first else None, pv=[], depth=None,
                        stopped=stopped, best_searched=False, **common)


__all__ = [
    "CHECK_INTERVAL",
    "INF",
    "Algorithm",
    "AnyGame",
    "Budget",
    "Scored",
    "Stop",
    "build_result",
    "deep_recursion",
    "pick_evaluator",
    "stopped_result",
]
