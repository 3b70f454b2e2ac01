"""The algorithms' functions as the registry of algorithms (core/search/__init__.py) holds them:
each imports its family's module when it first runs, so that a command loads only the searches it
uses (`minimax analyze tictactoe` loads the engine alone; the families cost a third of its
start-up when all were loaded at once)."""

from __future__ import annotations

from typing import Any

from minimax_cli.core.result import Limits, SearchOptions, SearchResult
from minimax_cli.core.search.common import AnyGame


def negamax(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    from minimax_cli.core.search.negamax import negamax as run

    return run(game, state, limits, options)


def minimax(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    from minimax_cli.core.search.textbook import minimax as run

    return run(game, state, limits, options)


def alphabeta(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    from minimax_cli.core.search.textbook import alphabeta as run

    return run(game, state, limits, options)


def alphabeta_ordered(game: AnyGame, state: Any, limits: Limits, options: SearchOptions,
                      ) -> SearchResult:
    from minimax_cli.core.search.textbook import alphabeta_ordered as run

    return run(game, state, limits, options)


def expectimax(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    from minimax_cli.core.search.expectimax import expectimax as run

    return run(game, state, limits, options)


def expectiminimax(game: AnyGame, state: Any, limits: Limits, options: SearchOptions,
                   ) -> SearchResult:
    from minimax_cli.core.search.expectiminimax import expectiminimax as run

    return run(game, state, limits, options)


def star1(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    from minimax_cli.core.search.expectiminimax import star1 as run

    return run(game, state, limits, options)


def star2(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    from minimax_cli.core.search.expectiminimax import star2 as run

    return run(game, state, limits, options)


def proof_search(game: AnyGame, state: Any, limits: Limits, options: SearchOptions,
                 ) -> SearchResult:
    from minimax_cli.core.search.prover import proof_search as run

    return run(game, state, limits, options)


def maxn(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    from minimax_cli.core.search.maxn import maxn as run

    return run(game, state, limits, options)


def paranoid(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    from minimax_cli.core.search.paranoid import paranoid as run

    return run(game, state, limits, options)


def mcts(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    from minimax_cli.core.search.mcts import mcts as run

    return run(game, state, limits, options)


__all__ = ["alphabeta", "alphabeta_ordered", "expectimax", "expectiminimax", "maxn", "mcts",
           "minimax", "negamax", "paranoid", "proof_search", "star1", "star2"]
