"""The game-agnostic search core. Standard library only: no game, no UI, no rich/typer/prompt_toolkit."""

from minimax_cli.core.game import (
    MAX,
    MIN,
    Evaluator,
    Game,
    GameError,
    Grid,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Parameter,
    SearchError,
)
from minimax_cli.core.result import Bound, Limits, MoveValue, SearchResult, SearchStats, TraceNode

__all__ = [
    "MAX",
    "MIN",
    "Bound",
    "Evaluator",
    "Game",
    "GameError",
    "Grid",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Limits",
    "MoveValue",
    "Parameter",
    "SearchError",
    "SearchResult",
    "SearchStats",
    "TraceNode",
]
