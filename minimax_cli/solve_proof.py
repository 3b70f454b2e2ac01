"""`minimax solve` for games with a proof kernel (Connect Four): every move proven by the core's
proof search, the score in the game's own convention, and the line of best play. No I/O."""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any

from minimax_cli.core.game import Game
from minimax_cli.core.score import PovScore, Score
from minimax_cli.core.search.prover import Prover
from minimax_cli.solve import MoveReport, ProgressFn, SolveReport

AnyGame = Game[Any, Any]

METHOD_PROOF = "proof"


def has_kernel(game: AnyGame) -> bool:
    return game.proof_kernel() is not None


def solve_by_proof(game: AnyGame, state: Any, weak: bool = False,
                   progress: ProgressFn | None = None,
                   table_mb: float | None = None) -> SolveReport:
    """Prove every move of `state` (one table for all of them), then the line of best play."""
    started = time.perf_counter()
    prover = Prover(game, table_mb=table_mb)
    kernel = prover.kernel
    mover = game.to_move(state)
    plies = kernel.plies(state)
    words = kernel.convention or "score"
    title = words[:1].upper() + words[1:]
    exactness = "the sign only (--weak): win, draw or loss" if weak else "exact"

    def max_view(score: int) -> Score:
        return PovScore(prover.pov_score(score, plies, weak), mover).max()

    if game.outcome(state) is not None:
        found = prover.prove(state, weak)
        return _report(game, state, max_view(found.score), (), (), weak,
                       (f"The game is over. {title}: {found.score}.",),
                       {"score": found.score, "weak": weak}, prover, started)
    legal = list(game.legal_moves(state))
    scored = []
    for done, move in enumerate(legal, 1):
        scored.extend(prover.moves_of(state, [move], weak))
        if progress is not None:
            progress(done, len(legal))
    best = max(m.score for m in scored)
    moves = tuple(MoveReport(m.move, game.format_move(state, m.move), max_view(m.score),
                             m.score == best) for m in scored)
    best_text = ", ".join(m.text for m in moves if m.optimal)
    explanation = (
        f"Every move was proven by the proof search ({exactness}): null windows narrowing the "
        "score by bisection, moves that let the opponent win at once skipped, moves making the "
        "most threats first, bounds kept in a transposition table.",
        (f"For the side to move: {'a win' if best > 0 else 'a loss' if best < 0 else 'a draw'} "
         f"(--weak proves only that, not the {words}). Optimal: {best_text}." if weak else
         f"{title}, for the side to move: {best} (positive: it wins; 0: a draw; negative: it "
         f"loses). Best: {best_text}."),
    )
    pv: tuple[Hashable, ...] = ()
    if not weak:
        first = next(m for m in scored if m.score == best)
        after = game.play(state, first.move)
        pv = (first.move, *prover.line(after, -best)) if game.outcome(after) is None else (
            first.move,)
    facts = {"score": best, "weak": weak, "convention": words,
             "move_scores": {game.format_move(state, m.move): m.score for m in scored}}
    return _report(game, state, max_view(best), moves, pv, weak, explanation, facts, prover,
                   started)


def _report(game: AnyGame, state: Any, score: Score, moves: tuple[MoveReport, ...],
            pv: tuple[Hashable, ...], weak: bool, explanation: tuple[str, ...],
            facts: dict[str, object], prover: Prover, started: float) -> SolveReport:
    return SolveReport(game.name, game.format_position(state), game.to_move(state), game.win_loss,
                       score, moves, METHOD_PROOF, False, explanation, facts, prover.nodes, 0,
                       len(prover.search.table), time.perf_counter() - started, pv=pv)


__all__ = ["METHOD_PROOF", "has_kernel", "solve_by_proof"]
