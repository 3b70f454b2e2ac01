"""The searches of an exact answer carried to the end, as `solve` asks them, where no proof
kernel answers (proof_stream.py does for Connect Four): the precedence's SEARCH way run here with
its progress, so that the services only build the request and turn what comes back into a report.

- `own_solver`: the game's own exact solver (`Game.exact_solver`), reporting its progress;
- `each_move`: every root move searched to the end by the engine, one after the other with one
  shared transposition table, so that a progress display advances per root move and later moves
  reuse what earlier ones proved;
- `run`: one search by a named algorithm (the registry's name, core.search): the line of best
  play and the distances to the end (the engine within a node budget), the drawn tree (plain
  minimax, traced), and the games the engine does not search (their default algorithm);
- `mate`: the shortest mate proven by the mate prover, for games with a mate board (chess).
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING, Any

from minimax_cli.core.game import AnyGame
from minimax_cli.core.result import Limits, SearchResult
from minimax_cli.core.search import (
    DEFAULT_ALGORITHM,
    EXPECTIMINIMAX,
    MAXN,
    PLAIN_ALPHABETA,
    PLAIN_MINIMAX,
    search,
)
from minimax_cli.core.solver import Progress, Solution
from minimax_cli.core.table import TranspositionTable

if TYPE_CHECKING:
    from minimax_cli.core.search.mate import Mate


def own_solver(game: AnyGame, state: Any, table_mb: float | None = None,
               progress: Progress | None = None) -> tuple[Solution[Any], float] | None:
    """The game's own solver's answer about `state` and the seconds it took, its own tables
    within `table_mb` (`ExactSolver.memory_mb`); None when the game has no solver or the solver
    no answer for `state` (the next way then answers)."""
    solver = game.exact_solver(table_mb)
    if solver is None:
        return None
    started = time.perf_counter()
    solution = solver.solve(state, progress)
    return None if solution is None else (solution, time.perf_counter() - started)


def each_move(game: AnyGame, state: Any, table: TranspositionTable,
              progress: Progress | None = None) -> Iterator[tuple[Hashable, SearchResult]]:
    """Each legal move of `state` with the engine's search of the position it leads to, to the
    end of the game with the shared `table`; `progress` hears (moves done, moves in all) after
    each move's result was taken."""
    moves = list(game.legal_moves(state))
    for done, move in enumerate(moves, 1):
        # Only the child's value is needed, so its own root moves need not all be exact.
        yield move, search(game, game.play(state, move), DEFAULT_ALGORITHM, Limits(),
                           exact_root=False, table=table)
        if progress is not None:
            progress(done, len(moves))


def mate(game: AnyGame, state: Any, max_moves: int, limits: Limits | None = None) -> Mate | None:
    """The shortest mate of `state` proven by the mate prover (core/search/mate.py) within
    `max_moves` moves and `limits`, or None when the game has no mate board."""
    board = game.mate_board(state)
    if board is None:
        return None
    from minimax_cli.core.search.mate import prove_mate  # loaded by a mate's solve only

    return prove_mate(board, max_moves, limits)


def run(game: AnyGame, state: Any, algorithm: str, limits: Limits | None = None,
        **options: Any) -> SearchResult:
    """One search of `state` by the named algorithm within `limits` (none: to the end), with the
    search options given (core.search.make_options; SearchError when it cannot serve `game`)."""
    return search(game, state, algorithm, limits, **options)


__all__ = ["DEFAULT_ALGORITHM", "EXPECTIMINIMAX", "MAXN", "PLAIN_ALPHABETA",
           "PLAIN_MINIMAX", "each_move", "mate", "own_solver", "run"]
