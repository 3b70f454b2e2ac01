"""A search that a front end follows while it runs (`minimax uci`): the engine's one run, handing
each completed depth to the front end as it completes and stopping when the front end says so
(SearchOptions' `on_depth` and `stop`, asked where the clock is read).

The answer room is the one place above the core that runs searches; the Universal Chess
Interface (services/uci.py) asks it here, so that its moves come from the same engine, with the
same refusals, as `play`'s and `analyze`'s. Unlike a think (precedence.py), nothing is chosen
among equal moves and no solver or proof is tried first: a UCI client wants the engine's own
line, score and move, depth by depth."""

from __future__ import annotations

from typing import Any

from minimax_cli.core.game import AnyGame
from minimax_cli.core.result import Limits, SearchOptions, SearchResult
from minimax_cli.core.search import check_algorithm


def followed_search(game: AnyGame, state: Any, algorithm: str, limits: Limits,
                    options: SearchOptions) -> SearchResult:
    """`algorithm` (one that deepens itself: pvs) run once on `state` within `limits`, with the
    front end's `options` (its stop and on_depth hooks among them); SearchError when the
    algorithm refuses the game."""
    return check_algorithm(algorithm, game).run(game, state, limits, options)


__all__ = ["followed_search"]
