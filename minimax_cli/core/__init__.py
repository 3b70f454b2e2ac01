"""The game-agnostic search core. Standard library only: no game, no UI, no rich/typer/prompt_toolkit.

The names below load on first use (PEP 562), so a command that needs only a few core modules
(`minimax --help`, `minimax games`) does not pay for the rest at start-up.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from minimax_cli.core.game import (
        CHANCE,
        MAX,
        MIN,
        TWO_PLAYER_NUMERIC,
        TWO_PLAYER_WIN_LOSS,
        Evaluator,
        Game,
        GameError,
        GameType,
        Grid,
        IllegalMoveError,
        InvalidMoveError,
        InvalidPositionError,
        Parameter,
        SearchError,
    )
    from minimax_cli.core.result import (
        Limits,
        MoveValue,
        SearchOptions,
        SearchResult,
        SearchStats,
        TraceNode,
    )
    from minimax_cli.core.score import Bound, Kind, PovScore, Score
    from minimax_cli.core.solver import ExactSolver, Series, Solution

_HOME = {
    "CHANCE": "game",
    "MAX": "game",
    "MIN": "game",
    "TWO_PLAYER_NUMERIC": "game",
    "TWO_PLAYER_WIN_LOSS": "game",
    "Evaluator": "game",
    "ExactSolver": "solver",
    "Game": "game",
    "GameError": "game",
    "GameType": "game",
    "Grid": "game",
    "IllegalMoveError": "game",
    "InvalidMoveError": "game",
    "InvalidPositionError": "game",
    "Parameter": "game",
    "SearchError": "game",
    "Series": "solver",
    "Solution": "solver",
    "Limits": "result",
    "MoveValue": "result",
    "SearchOptions": "result",
    "SearchResult": "result",
    "SearchStats": "result",
    "TraceNode": "result",
    "Bound": "score",
    "Kind": "score",
    "PovScore": "score",
    "Score": "score",
}


def _module(home: str) -> ModuleType:
    # Named one by one (no dynamic import): the core imports only its own modules.
    if home == "game":
        from minimax_cli.core import game
        return game
    if home == "result":
        from minimax_cli.core import result
        return result
    if home == "score":
        from minimax_cli.core import score
        return score
    from minimax_cli.core import solver
    return solver


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "CHANCE",
    "MAX",
    "MIN",
    "TWO_PLAYER_NUMERIC",
    "TWO_PLAYER_WIN_LOSS",
    "Bound",
    "Evaluator",
    "ExactSolver",
    "Game",
    "GameError",
    "GameType",
    "Grid",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Kind",
    "Limits",
    "MoveValue",
    "Parameter",
    "PovScore",
    "Score",
    "SearchError",
    "SearchOptions",
    "SearchResult",
    "SearchStats",
    "Series",
    "Solution",
    "TraceNode",
]
