"""The search algorithms, selectable by name. Each takes (game, state, limits, **options) and returns
one SearchResult; `negamax` is the default engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from minimax_cli.core.game import SearchError
from minimax_cli.core.result import Limits, SearchResult
from minimax_cli.core.search.common import AnyGame
from minimax_cli.core.search.expectimax import expectimax
from minimax_cli.core.search.negamax import iterate, negamax
from minimax_cli.core.search.textbook import alphabeta, minimax

Algorithm = Callable[..., SearchResult]

ALGORITHMS: dict[str, Algorithm] = {
    "negamax": negamax,
    "minimax": minimax,
    "alphabeta": alphabeta,
    "expectimax": expectimax,
}

DESCRIPTIONS: dict[str, str] = {
    "negamax": "the engine: alpha-beta with move ordering, transposition table, symmetry, "
    "iterative deepening under --time",
    "minimax": "textbook minimax: every node visited, no pruning, no table",
    "alphabeta": "textbook alpha-beta: children in natural order, no table",
    "expectimax": "MAX maximises, the opponent plays uniformly at random (MIN nodes average)",
}

DEFAULT_ALGORITHM = "negamax"


def get_algorithm(name: str) -> Algorithm:
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(ALGORITHMS)
        raise SearchError(f"unknown algorithm '{name}'; choose one of: {known}") from None


def search(game: AnyGame, state: Any, algorithm: str = DEFAULT_ALGORITHM,
           limits: Limits | None = None, **options: Any) -> SearchResult:
    """Run the named algorithm on `state`."""
    return get_algorithm(algorithm)(game, state, limits or Limits(), **options)


__all__ = ["ALGORITHMS", "DEFAULT_ALGORITHM", "DESCRIPTIONS", "get_algorithm", "iterate", "search"]
