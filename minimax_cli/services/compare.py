"""`minimax analyze --compare`: several algorithms on one position.

`run` searches the position once per algorithm (each with its own budget, see `limits_for`) and
returns a `Comparison` (minimax_cli/reports/compare.py, which also holds the sentences its rows
say). On a game with a mutable search board (chess), `run_ordering` measures move ordering
instead: the rows of core/search/ordering.py, all at one depth. Nothing here prints; the caller
passes the search function and a progress callback.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from minimax_cli.core.game import AnyGame
from minimax_cli.core.result import Limits, SearchResult
from minimax_cli.reports.compare import (
    BUDGET_COMPARE,
    BUDGET_GAME,
    BUDGET_USER,
    ENGINE,
    SAMPLED,
    Comparison,
    MinimalTree,
    Run,
    Uniform,
)
from minimax_cli.services.limits import COMPARE_SECONDS

#: The most nodes walked to tell whether an explicit tree is uniform (trees hold at most 100,000).
UNIFORM_WALK = 200_000

#: Move ordering measured (a game with a search board): the depth when --depth is not given, and
#: each row's time when neither --time nor --nodes is (minimax's count of Kiwipete to depth 4, four
#: million leaves, takes 4 to 8 s; its generator-order alpha-beta, 3 s).
ORDERING_DEPTH = 3
ORDERING_SECONDS = 30.0

#: Called before each search: its name, its number from 1, how many there are, its time budget.
Progress = Callable[[str, int, int, float | None], None]
SearchOne = Callable[[str, Limits], SearchResult]


def limits_for(name: str, limits: Limits, user_budget: bool) -> tuple[Limits, str | None]:
    """The limits algorithm `name` runs with, and where its budget came from.

    `limits` are those `analyze` computed (the user's, or the game's default analysis time);
    `user_budget` says --time or --nodes was given, and then every algorithm gets exactly them.
    Otherwise each gets at most COMPARE_SECONDS, so that a game too large for minimax does not stall
    the comparison, except the engine and Monte Carlo tree search, whose way of searching a budget
    would change: they get what `analyze` gives them alone."""
    if user_budget:
        return limits, BUDGET_USER
    if name in (ENGINE, SAMPLED):
        return limits, None if limits.time is None else BUDGET_GAME
    if limits.time is not None and limits.time < COMPARE_SECONDS:
        return limits, BUDGET_GAME
    return Limits(depth=limits.depth, time=COMPARE_SECONDS), BUDGET_COMPARE


def run(game: AnyGame, state: Any, names: Sequence[str], limits: Limits, user_budget: bool,
        search_one: SearchOne, progress: Progress | None = None) -> Comparison:
    """Search `state` with each of `names` in turn, calling `progress` before each starts."""
    runs = []
    for number, name in enumerate(names, 1):
        given, budget = limits_for(name, limits, user_budget)
        if progress is not None:
            progress(name, number, len(names), given.time)
        runs.append(Run(search_one(name, given), given, budget))
    uniform = None if limits.depth is not None else uniform_tree(game, state)
    return Comparison(game.name, tuple(runs), uniform, game.explicit_tree, limits.depth)


def ordering_limits(limits: Limits, user_budget: bool) -> tuple[Limits, str]:
    """The limits every row of the comparison of move orderings runs with: the same depth for all
    (--depth, else ORDERING_DEPTH), and --time or --nodes when given, else ORDERING_SECONDS."""
    depth = ORDERING_DEPTH if limits.depth is None else limits.depth
    if user_budget:
        return Limits(depth=depth, time=limits.time, nodes=limits.nodes), BUDGET_USER
    return Limits(depth=depth, time=ORDERING_SECONDS), BUDGET_COMPARE


def run_ordering(game: AnyGame, state: Any, limits: Limits, user_budget: bool,
                 search_one: SearchOne, progress: Progress | None = None) -> Comparison:
    """Move ordering measured on `state` (a game with a search board, chess): the rows of
    core/search/ordering.py, each within the same limits, and Knuth and Moore's yardstick."""
    from minimax_cli.core.search.ordering import ROWS

    given, budget = ordering_limits(limits, user_budget)
    runs = []
    for number, name in enumerate(ROWS, 1):
        if progress is not None:
            progress(name, number, len(ROWS), given.time)
        runs.append(Run(search_one(name, given), given, budget))
    counted = runs[0]
    stats = counted.result.stats
    inner = stats.nodes - stats.leaves
    mean = (stats.nodes - 1) / inner if counted.finished and inner > 0 else None
    depth = given.depth or 0
    minimal = MinimalTree(len(game.legal_moves(state)), depth, mean)
    return Comparison(game.name, tuple(runs), None, game.explicit_tree, depth, minimal)


def uniform_tree(game: AnyGame, state: Any) -> Uniform | None:
    """The branching and depth of the explicit two-player tree below `state` when every inner node
    has the same number of children and every leaf the same depth; None otherwise (or for a game
    that is not an explicit tree, whose size nothing bounds)."""
    kind = game.game_type
    if not game.explicit_tree or kind.chance or kind.players != 2 or game.outcome(state) is not None:
        return None
    branching: int | None = None
    depth: int | None = None
    stack = [(state, 0)]
    walked = 0
    while stack:
        node, ply = stack.pop()
        walked += 1
        if walked > UNIFORM_WALK:
            return None
        if game.outcome(node) is not None:
            if depth is None:
                depth = ply
            elif depth != ply:
                return None
            continue
        moves = game.legal_moves(node)
        if branching is None:
            branching = len(moves)
        elif len(moves) != branching:
            return None
        stack.extend((game.play(node, move), ply + 1) for move in moves)
    assert branching is not None and depth is not None  # the root is not a leaf
    return Uniform(branching, depth)


__all__ = ["COMPARE_SECONDS", "ORDERING_DEPTH", "ORDERING_SECONDS", "limits_for",
           "ordering_limits", "run", "run_ordering", "uniform_tree"]
