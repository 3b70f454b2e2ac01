"""What every search shares: scoring conventions, limits checking, root-move bookkeeping."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from minimax_cli.core.game import MAX, Evaluator, Game, SearchError
from minimax_cli.core.result import WIN, WIN_THRESHOLD, Bound, Limits, MoveValue, SearchStats

INF = float("inf")

#: Node-count interval between clock checks: often enough for a responsive --time, cheap enough.
CHECK_EVERY = 1024

AnyGame = Game[Any, Any]


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
            "the game is too deep for a recursive search from this position; give --depth with"
            " an evaluation function, or use `minimax solve`"
        ) from None
    finally:
        sys.setrecursionlimit(previous)


class SearchAborted(Exception):
    """Raised inside a search when a time or node limit is hit; caught by the search's driver."""


@dataclass
class Budget:
    """Deadline and node budget of one search."""

    deadline: float | None
    max_nodes: int | None

    @classmethod
    def start(cls, limits: Limits) -> Budget:
        deadline = None if limits.time is None else time.perf_counter() + limits.time
        return cls(deadline, limits.nodes)

    def check(self, nodes: int) -> None:
        if self.max_nodes is not None and nodes >= self.max_nodes:
            raise SearchAborted
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise SearchAborted


def pick_evaluator(game: AnyGame, name: str | None, needed: bool) -> Evaluator[Any] | None:
    """The evaluation function to use at depth cuts, or None when the search goes to the end."""
    evaluators = game.evaluators()
    if name is not None and name not in evaluators:
        known = ", ".join(evaluators) or "none"
        raise SearchError(f"unknown evaluation '{name}' for {game.name}; available: {known}")
    if not needed:
        return None
    if not evaluators:
        raise SearchError(
            f"{game.name} has no evaluation function, so the search cannot be cut off by depth;"
            " drop --depth to search to the end"
        )
    return evaluators[name] if name is not None else next(iter(evaluators.values()))


def terminal_scorer(game: AnyGame, heuristic: bool) -> Callable[[float, int], float]:
    """How a terminal value (MAX's view) becomes a search score at a given ply.

    Win/loss games searched with a heuristic score wins as +-(WIN - ply), so every proven win outranks
    any heuristic value and quicker wins rank first. Without a heuristic the textbook algorithms use
    the game's utilities as they are (their node counts then match the course).
    """
    if not (game.win_loss and heuristic):
        return lambda value, ply: value

    def score(value: float, ply: int) -> float:
        if value > 0:
            return WIN - ply
        if value < 0:
            return ply - WIN
        return 0

    return score


def score_to_value(game: AnyGame, score: float, heuristic_seen: bool) -> tuple[float, bool, int | None]:
    """A search score (MAX's view) as (value on the game's scale, exact, plies to the end)."""
    if game.win_loss and abs(score) >= WIN_THRESHOLD:
        return (1 if score > 0 else -1), True, int(WIN - abs(score))
    return score, not heuristic_seen, None


def root_bound(score: float, alpha: float, beta: float) -> Bound:
    """Bound of a child value returned from the window (alpha, beta), all in MAX's view."""
    if score <= alpha:
        return Bound.UPPER
    if score >= beta:
        return Bound.LOWER
    return Bound.EXACT


def move_values(
    game: AnyGame,
    scored: list[tuple[Hashable, float, Bound]],
    heuristic_seen: bool,
    distances: bool = True,
) -> list[MoveValue]:
    """Root moves with their values, from internal (move, MAX-view score, bound) triples."""
    result = []
    for move, score, bound in scored:
        value, exact, distance = score_to_value(game, score, heuristic_seen)
        result.append(
            MoveValue(move, value, bound, exact and bound is Bound.EXACT, score,
                      distance if distances else None)
        )
    return result


def best_of(root_player: int, scored: list[tuple[Hashable, float, Bound]]) -> tuple[Hashable, float]:
    """The first move with the best score for the player at the root."""
    best_move, best_score = scored[0][0], scored[0][1]
    for move, score, _ in scored[1:]:
        if (score > best_score) if root_player == MAX else (score < best_score):
            best_move, best_score = move, score
    return best_move, best_score


def finish_stats(stats: SearchStats, started: float) -> SearchStats:
    stats.elapsed = time.perf_counter() - started
    return stats


__all__ = [
    "CHECK_EVERY",
    "INF",
    "WIN",
    "AnyGame",
    "Budget",
    "SearchAborted",
    "best_of",
    "deep_recursion",
    "finish_stats",
    "move_values",
    "pick_evaluator",
    "root_bound",
    "score_to_value",
    "terminal_scorer",
]
