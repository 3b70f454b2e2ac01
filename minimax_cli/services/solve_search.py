"""`minimax solve` for the games the engine does not search: games of chance (expectiminimax) and
games of more than two players (max^n). One search to the end by the game's default algorithm
(as minimax_cli.answer.precedence.search_algorithm names it), every root move valued exactly; the
report says which algorithm and what its value means, since neither is a minimax value in the
two-player sense. The search runs in the answering room (answer/solving.py: run)."""

from __future__ import annotations

import time
from typing import Any

from minimax_cli.answer.precedence import EVERY_MOVE, search_algorithm
from minimax_cli.answer.solving import EXPECTIMINIMAX, MAXN, run
from minimax_cli.core.game import AnyGame, SearchError
from minimax_cli.core.i18n import M_, Message, _
from minimax_cli.core.result import Limits, MoveValue
from minimax_cli.core.score import Kind, Score
from minimax_cli.reports.model import Report, from_solve


def explanation(name: str) -> Message:
    """Why the solve by algorithm `name` is sound, as a report keeps it."""
    if name == EXPECTIMINIMAX:
        return M_("Every move was searched to the end by expectiminimax: MAX takes the largest "
                  "value, MIN the smallest, and a chance node the average of its outcomes weighted "
                  "by their probabilities, computed exactly. The value is what MAX can expect "
                  "against the dice when both players play their best.")
    if name == MAXN:
        return M_("Every move was searched to the end by max^n: each player, on its turn, takes "
                  "the move whose returns are best for itself (ties by max^n's rule, see `minimax "
                  "analyze --help`). The returns are each player's outcome under that play, one "
                  "per player.")
    return M_("Every move was searched to the end by {algorithm}.", algorithm=name)


def _first_player(entry: MoveValue) -> Score:
    """A move's score from the first player's view (with returns per player, their first)."""
    if entry.vector is None:
        return entry.score.max()
    return Score.value(entry.vector[0])


def solve_by_algorithm(game: AnyGame, state: Any) -> Report:
    """Solve `state` by one search to the end with the game's default algorithm."""
    name = search_algorithm(game, EVERY_MOVE)
    started = time.perf_counter()
    result = run(game, state, name, Limits(), exact_root=True)
    if result.score is None or not result.score.relative.proven:  # no limits: cannot happen
        raise SearchError(_("{algorithm} could not solve this position").format(algorithm=name))
    if result.vector is not None:
        score = Score.value(result.vector[0])
    else:
        score = result.score.max()
        if score.kind is Kind.ESTIMATE:
            raise SearchError(_("{algorithm} gave an estimate, not a proven value").format(
                algorithm=name))
    found = [(entry.move, _first_player(entry)) for entry in result.moves]
    move_returns = {entry.move: entry.vector for entry in result.moves if entry.vector is not None}
    # A finished game is a result; an expected value over dice is not.
    win_loss = game.win_loss and (score.result or game.outcome(state) is not None)
    return from_solve(game, state, score, found, method=name,
                      explanation=(explanation(name), *result.notes), nodes=result.stats.nodes,
                      elapsed=time.perf_counter() - started, win_loss=win_loss, pv=result.pv,
                      returns=result.vector, move_returns=move_returns)


__all__ = ["solve_by_algorithm"]
