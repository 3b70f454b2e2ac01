"""`minimax solve` for games with a proof kernel (Connect Four): the report of a proof that finds
the position's score first, then every move's as it is proven, then the line of best play. The
proof itself runs in the answering room (minimax_cli.answer.proof_stream.ProofSolve); this module
builds its request and turns the proven facts (reports.proven.ProvenFact) into the report. A
time or node budget, or Ctrl-C, stops it; the report then holds what was proven and no more: the
exact scores proven, and what the opening book proves as win, draw or loss only (said before the
search, `facts["book_signs"]`), which is the answer when the position's exact score was not
proven. Its time is the proof's: the book is read before the clock starts. No I/O: `on_fact`
hears each proven score as it comes, `progress` the work done so far."""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any

from minimax_cli.answer.proof_stream import ProofSolve
from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import M_, Message, Words
from minimax_cli.core.result import Limits
from minimax_cli.core.score import Score
from minimax_cli.core.solver import Progress
from minimax_cli.reports.model import METHOD_PROOF, Report, from_solve
from minimax_cli.reports.proven import OnFact

#: Where a proven score came from (`facts["sources"]`, JSON never translates).
SOURCE_BOOK = "book"
SOURCE_PROOF = "proof"


def solve_by_proof(game: AnyGame, state: Any, weak: bool = False,
                   progress: Progress | None = None, table_mb: float | None = None,
                   limits: Limits | None = None, on_fact: OnFact | None = None) -> Report:
    """The position's score (as quick as `--batch`: one proof), then each move's, then the line
    of best play (ProofSolve). Stopped by `limits` or Ctrl-C, the report (`stopped` set) holds
    only what was proven."""
    proof = ProofSolve(game, weak, table_mb, limits, progress)  # the book read here, untimed
    started = time.perf_counter()
    stopped = proof.prove(state, on_fact)
    facts = proof.facts
    if game.outcome(state) is not None and stopped is None:
        over = facts[0].kernel_score
        title = proof.kernel.convention_words(capital=True)
        return _report(game, state, facts[0].score, [], (),
                       (M_("The game is over. {title}: {score}.", title=title, score=over),),
                       {"score": over, "weak": weak}, proof, started)
    return _answer(game, state, weak, proof, stopped, started)


def _answer(game: AnyGame, state: Any, weak: bool, proof: ProofSolve, stopped: str | None,
            started: float) -> Report:
    """The report of a solve that proved `proof.facts` (the position's first) and was `stopped`
    or not: the proven moves, the others named as not proven, the line of best play when
    complete."""
    kernel, facts = proof.kernel, proof.facts
    words, title = kernel.convention_words(), kernel.convention_words(capital=True)
    root = facts[0] if facts else None
    best = root.kernel_score if root is not None else None
    order = {move: i for i, move in enumerate(game.legal_moves(state))}
    scored = sorted(facts[1:], key=lambda f: order[f.move])  # the game's order, as before
    exact_moves = {f.move for f in scored}
    # Stopped before the position's exact score, the book's win, draw or loss of it and of its
    # moves is the answer (every value then a sign); after it, the moves' exact scores are, and
    # the book's signs of the others are named in `book_signs`.
    signs = [] if stopped is None else [f for f in proof.signs if f.move not in exact_moves]
    sign_root = next((f for f in signs if f.move is None), None) if root is None else None
    signed_moves = [] if sign_root is None else [f for f in signs if f.move is not None]
    valued = sorted([*scored, *signed_moves], key=lambda f: order[f.move])
    found = [(f.move, f.score) for f in valued]
    best_text = ", ".join(game.format_move(state, f.move) for f in scored
                          if f.kernel_score == best)
    from_book = [f for f in facts if f.from_book]
    all_book = bool(facts) and len(from_book) == len(facts)
    explanation: list[Message] = [_how(weak, stopped, all_book, bool(signs))]
    if from_book and not all_book:
        explanation.append(M_("Scores marked as from the opening book were proven when the book "
                              "was built, not searched now."))
    if best is not None and (stopped is None or best_text):
        explanation.append(_result(weak, best, words, title, best_text))
    elif sign_root is not None:
        explanation.append(_book_result(sign_root.kernel_score, ", ".join(
            game.format_move(state, f.move) for f in valued
            if (f.kernel_score > 0) - (f.kernel_score < 0) == sign_root.kernel_score)))
    pv: tuple[Hashable, ...] = ()
    if stopped is None and not weak and best is not None:
        first = next(f.move for f in scored if f.kernel_score == best)
        pv = proof.best_line(state, first, best, book_only=all_book)
    proven = {f.move for f in valued}
    unproven = [game.format_move(state, m) for m in order if m not in proven]
    fact_map: dict[str, object] = {
        "score": best, "weak": weak, "convention": kernel.convention or "score",
        "move_scores": {game.format_move(state, f.move): f.kernel_score for f in scored},
        "sources": {("position" if f.move is None else game.format_move(state, f.move)):
                    SOURCE_BOOK if f.from_book else SOURCE_PROOF for f in facts},
        "book_hits": proof.book_hits}
    if proof.signs:  # shown before the search: win (1), draw (0) or loss (-1), the mover's
        in_order = sorted(proof.signs, key=lambda f: -1 if f.move is None else order[f.move])
        fact_map["book_signs"] = {
            ("position" if f.move is None else game.format_move(state, f.move)): f.kernel_score
            for f in in_order}
    if stopped is not None:
        fact_map["unproven_moves"] = unproven
    score = root.score if root is not None else None if sign_root is None else sign_root.score
    return _report(game, state, score, found, pv, tuple(explanation), fact_map, proof, started,
                   stopped)


def _how(weak: bool, stopped: str | None, all_book: bool, signs: bool = False) -> Message:
    if stopped is not None and signs:
        return M_("Stopped before the end: only the exact scores shown were proven by the proof "
                  "search; of the rest, the opening book proves win, draw or loss (proven when "
                  "the book was built), and no more.")
    if all_book:
        return M_("Every score here is from the opening book (proven when the book was built), "
                  "not searched now.")
    if stopped is not None:
        return M_("Stopped before the end: only the scores shown were proven by the proof search "
                  "(null windows narrowing the score by bisection, bounds kept in a "
                  "transposition table); the other moves have no value.")
    if weak:
        return M_("Every move was proven by the proof search (the sign only (--weak): win, draw "
                  "or loss): null windows narrowing the score by bisection, moves that let the "
                  "opponent win at once skipped, moves making the most threats first, bounds "
                  "kept in a transposition table.")
    return M_("Every move was proven by the proof search (exact): null windows narrowing the "
              "score by bisection, moves that let the opponent win at once skipped, moves "
              "making the most threats first, bounds kept in a transposition table.")


def _result(weak: bool, best: int, words: Words, title: Words, moves: str) -> Message:
    if not weak:
        return M_("{title}, for the side to move: {score} (positive: it wins; 0: a draw; "
                  "negative: it loses). Best: {moves}.", title=title, score=best, moves=moves)
    if best > 0:
        return M_("For the side to move: a win (--weak proves only that, not the {words}). "
                  "Optimal: {moves}.", words=words, moves=moves)
    if best < 0:
        return M_("For the side to move: a loss (--weak proves only that, not the {words}). "
                  "Optimal: {moves}.", words=words, moves=moves)
    return M_("For the side to move: a draw (--weak proves only that, not the {words}). "
              "Optimal: {moves}.", words=words, moves=moves)


def _book_result(sign: int, moves: str) -> Message:
    """The position's value when only the book's sign of it is known (a stopped exact solve)."""
    if sign > 0:
        return M_("For the side to move: a win, proven by the opening book (the exact score was "
                  "not proven before the stop). Winning moves: {moves}.", moves=moves or "-")
    if sign < 0:
        return M_("For the side to move: a loss, proven by the opening book (the exact score was "
                  "not proven before the stop).")
    return M_("For the side to move: a draw, proven by the opening book (the exact score was not "
              "proven before the stop). Drawing moves: {moves}.", moves=moves or "-")


def _report(game: AnyGame, state: Any, score: Score | None, found: list[tuple[Hashable, Score]],
            pv: tuple[Hashable, ...], explanation: tuple[Message, ...], facts: dict[str, object],
            proof: ProofSolve, started: float, stopped: str | None = None) -> Report:
    return from_solve(game, state, score, found, method=METHOD_PROOF, explanation=explanation,
                      facts=facts, nodes=proof.nodes, table_entries=proof.table_entries,
                      elapsed=time.perf_counter() - started, pv=pv, stopped=stopped)


__all__ = ["SOURCE_BOOK", "SOURCE_PROOF", "solve_by_proof"]
