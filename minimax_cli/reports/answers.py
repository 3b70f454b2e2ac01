"""Reading the core's answers: a game's own exact solver's `Solution` as the core's `SearchResult`
(the one place it is converted, for `solve`, the AI's thinks and the review alike), the moves tied
for best in the game's order (for a seeded choice among them), and whether no heuristic took part
in a score."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from minimax_cli.core.game import AnyGame
from minimax_cli.core.result import MoveValue, SearchResult, SearchStats
from minimax_cli.core.score import Score
from minimax_cli.core.solver import Solution


def complete(score: Score) -> bool:
    """True when no heuristic took part in `score`: a proven value or bound, and for a win or a
    loss, a known length (a heuristic search marks its lengths `at most`)."""
    return score.proven and not score.plies_at_most


def tied_moves(game: AnyGame, state: Any, result: SearchResult) -> list[Any]:
    """The best moves in the game's order, not the search's: a seeded choice among them is then
    the same whatever order the search (and the table it inherited) happened to try them in.
    The legal moves are walked only until every best move was met (a position may have many)."""
    best = result.best_moves()
    wanted, found = set(best), []
    if wanted:
        for move in game.legal_moves(state):
            if move in wanted:
                found.append(move)
                if len(found) == len(wanted):
                    break
    met = set(found)
    return found + [move for move in best if move not in met]


def returns_alike(result: SearchResult, moves: list[Any]) -> list[Any]:
    """Of `moves` (tied for the player at the root), those that give every player what the
    search's best move gives: among more than two players, moves equally good for the mover may
    differ for the others, and max^n's value (every player's line below) assumes its tie-break
    rule, the first of them in the game's move order. Monte Carlo tree search's move is its own."""
    if result.vector is None or result.iterations is not None or result.best_move is None:
        return moves
    vectors = {m.move: m.vector for m in result.moves}
    best = vectors.get(result.best_move)
    alike = [move for move in moves if vectors.get(move) == best]
    return alike or [result.best_move]


def solution_result(game: AnyGame, state: Any, solution: Solution[Any],
                    elapsed: float = 0.0) -> SearchResult:
    """A game's own solver's answer as a search result (every move exact), for the same words,
    tables and analysis as a search. `work` (positions the solver computed) stands for nodes."""
    mover = game.to_move(state)
    moves = [MoveValue(m.move, m.score.for_player(mover)) for m in solution.moves]
    result = SearchResult(solution.method, mover, solution.score.for_player(mover), None, moves, [],
                          SearchStats(nodes=solution.work, elapsed=elapsed))
    tied = tied_moves(game, state, result)
    return replace(result, best_move=tied[0] if tied else None)


__all__ = ["complete", "returns_alike", "solution_result", "tied_moves"]
