"""`minimax solve` for games with a proof kernel (Connect Four): every move proven by the core's
proof search, the score in the game's own convention, and the line of best play. No I/O."""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any

from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import M_, Message
from minimax_cli.core.score import PovScore, Score
from minimax_cli.core.search.prover import Prover
from minimax_cli.core.solver import Progress
from minimax_cli.reports.model import Report, from_solve

METHOD_PROOF = "proof"


def solve_by_proof(game: AnyGame, state: Any, weak: bool = False,
                   progress: Progress | None = None,
                   table_mb: float | None = None) -> Report:
    """Prove every move of `state` (one table for all of them), then the line of best play."""
    started = time.perf_counter()
    prover = Prover(game, table_mb=table_mb)
    kernel = prover.kernel
    mover = game.to_move(state)
    plies = kernel.plies(state)
    words, title = kernel.convention_words(), kernel.convention_words(capital=True)

    def max_view(score: int) -> Score:
        return PovScore(prover.pov_score(score, plies, weak), mover).max()

    if game.outcome(state) is not None:
        over = prover.prove(state, weak)
        return _report(game, state, max_view(over.score), [], (),
                       (M_("The game is over. {title}: {score}.", title=title, score=over.score),),
                       {"score": over.score, "weak": weak}, prover, started)
    legal = list(game.legal_moves(state))
    scored = []
    for done, move in enumerate(legal, 1):
        scored.extend(prover.moves_of(state, [move], weak))
        if progress is not None:
            progress(done, len(legal))
    best = max(m.score for m in scored)
    found = [(m.move, max_view(m.score)) for m in scored]
    best_text = ", ".join(game.format_move(state, m.move) for m in scored if m.score == best)
    if weak:
        how = M_("Every move was proven by the proof search (the sign only (--weak): win, draw or "
                 "loss): null windows narrowing the score by bisection, moves that let the "
                 "opponent win at once skipped, moves making the most threats first, bounds kept "
                 "in a transposition table.")
        result = (M_("For the side to move: a win (--weak proves only that, not the {words}). "
                     "Optimal: {moves}.", words=words, moves=best_text) if best > 0 else
                  M_("For the side to move: a loss (--weak proves only that, not the {words}). "
                     "Optimal: {moves}.", words=words, moves=best_text) if best < 0 else
                  M_("For the side to move: a draw (--weak proves only that, not the {words}). "
                     "Optimal: {moves}.", words=words, moves=best_text))
    else:
        how = M_("Every move was proven by the proof search (exact): null windows narrowing the "
                 "score by bisection, moves that let the opponent win at once skipped, moves "
                 "making the most threats first, bounds kept in a transposition table.")
        result = M_("{title}, for the side to move: {score} (positive: it wins; 0: a draw; "
                    "negative: it loses). Best: {moves}.", title=title, score=best,
                    moves=best_text)
    explanation = (how, result)
    pv: tuple[Hashable, ...] = ()
    if not weak:
        first = next(m for m in scored if m.score == best)
        after = game.play(state, first.move)
        pv = (first.move, *prover.line(after, -best)) if game.outcome(after) is None else (
            first.move,)
    facts = {"score": best, "weak": weak, "convention": kernel.convention or "score",
             "move_scores": {game.format_move(state, m.move): m.score for m in scored}}
    return _report(game, state, max_view(best), found, pv, explanation, facts, prover, started)


def _report(game: AnyGame, state: Any, score: Score, found: list[tuple[Hashable, Score]],
            pv: tuple[Hashable, ...], explanation: tuple[Message, ...], facts: dict[str, object],
            prover: Prover, started: float) -> Report:
    return from_solve(game, state, score, found, method=METHOD_PROOF, explanation=explanation,
                      facts=facts, nodes=prover.nodes, table_entries=len(prover.search.table),
                      elapsed=time.perf_counter() - started, pv=pv)


__all__ = ["METHOD_PROOF", "solve_by_proof"]
