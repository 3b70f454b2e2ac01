"""`minimax solve` for games with a proof kernel (Connect Four): the position's score first, then
every move's as it is proven (one prover, one table for all of them), then the line of best play.
A time or node budget, or Ctrl-C, stops it; the report then holds what was proven and no more.
No I/O: `on_fact` hears each proven score as it comes, `progress` the work done so far."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import M_, Message, Words
from minimax_cli.core.result import Limits
from minimax_cli.core.score import PovScore, Score
from minimax_cli.core.search.common import CHECK_INTERVAL, Budget, Stop
from minimax_cli.core.search.prover import Prover, ScoredMove
from minimax_cli.core.solver import Progress
from minimax_cli.reports.model import Report, from_solve

METHOD_PROOF = "proof"
#: Seconds the line of best play may take after every move is proven (within --time): the
#: proofs have filled the table, so it is quick, but past the book's positions a line from the
#: first plies would be a long search.
PV_SECONDS = 5.0
#: `Report.stopped` after Ctrl-C (the JSON schema's word).
STOP_INTERRUPTED = "interrupted"
#: Where a proven score came from (`facts["sources"]`, JSON never translates).
SOURCE_BOOK = "book"
SOURCE_PROOF = "proof"


@dataclass(frozen=True)
class ProvenFact:
    """One score proven during a solve: the position's (`move` None) or a move's, in the kernel's
    units for the player to move (`kernel_score`) and as a Score from MAX's view; `from_book` when
    the game's opening book answered it rather than the proof search."""

    move: Hashable | None
    kernel_score: int
    score: Score
    from_book: bool
    elapsed: float


OnFact = Callable[[ProvenFact], None]


class TickingBudget(Budget):
    """A budget that also calls `tick` every CHECK_INTERVAL nodes (also when unbounded), so a
    progress display keeps moving and Ctrl-C is heard during a long proof."""

    def __init__(self, limits: Limits, tick: Callable[[], None]) -> None:
        self.tick = tick
        super().__init__(limits)

    def _next(self, nodes: int) -> None:
        super()._next(nodes)
        self.check_at = min(self.check_at, nodes + CHECK_INTERVAL)

    def check(self, nodes: int) -> None:
        self.tick()
        super().check(nodes)

    def cap(self, seconds: float) -> None:
        """At most `seconds` more (within the deadline already set, if any)."""
        until = time.perf_counter() + seconds
        self.deadline = until if self.deadline is None else min(self.deadline, until)
        self._next(0)


def solve_by_proof(game: AnyGame, state: Any, weak: bool = False,
                   progress: Progress | None = None, table_mb: float | None = None,
                   limits: Limits | None = None, on_fact: OnFact | None = None) -> Report:
    """The position's score (as quick as `--batch`: one proof), then each move's, best-ordered
    first so that the table of the proofs before helps, then the line of best play. Stopped by
    `limits` or Ctrl-C, the report (`stopped` set) holds only what was proven."""
    started = time.perf_counter()
    legal = [] if game.outcome(state) is not None else list(
        game.order_moves(state, game.legal_moves(state)))
    total, done = len(legal) + 1, [0]

    def tick() -> None:
        if progress is not None:
            progress(done[0], total)

    budget = TickingBudget(limits or Limits(), tick)
    prover = Prover(game, table_mb=table_mb, budget=budget)
    mover, plies = game.to_move(state), prover.kernel.plies(state)
    facts: list[ProvenFact] = []

    def max_view(score: int) -> Score:
        return PovScore(prover.pov_score(score, plies, weak), mover).max()

    def record(move: Hashable | None, kernel_score: int, hits: int, since: float) -> None:
        fact = ProvenFact(move, kernel_score, max_view(kernel_score), prover.book_hits > hits,
                          time.perf_counter() - since)
        facts.append(fact)
        done[0] += 1
        tick()
        if on_fact is not None:
            on_fact(fact)

    stopped: str | None = None
    scored: list[ScoredMove] = []
    try:
        tick()
        hits, since = prover.book_hits, time.perf_counter()
        root = prover.prove(state, weak)
        record(None, root.score, hits, since)
        for move in legal:
            hits, since = prover.book_hits, time.perf_counter()
            proven = prover.moves_of(state, [move], weak)[0]
            scored.append(proven)
            record(move, proven.score, hits, since)
    except Stop as stop:
        stopped = stop.reason
    except KeyboardInterrupt:
        stopped = STOP_INTERRUPTED
    if game.outcome(state) is not None and stopped is None:
        over = facts[0].kernel_score
        title = prover.kernel.convention_words(capital=True)
        return _report(game, state, max_view(over), [], (),
                       (M_("The game is over. {title}: {score}.", title=title, score=over),),
                       {"score": over, "weak": weak}, prover, started)
    budget.cap(PV_SECONDS)  # the answer is complete without the line: it may stop short
    return _answer(game, state, weak, prover, facts, scored, legal, stopped, max_view, started)


def _answer(game: AnyGame, state: Any, weak: bool, prover: Prover, facts: list[ProvenFact],
            scored: list[ScoredMove], legal: list[Hashable], stopped: str | None,
            max_view: Callable[[int], Score], started: float) -> Report:
    """The report of a solve that proved `facts` (the position's first) and was `stopped` or not:
    the proven moves, the others named as not proven, the line of best play when complete."""
    kernel = prover.kernel
    words, title = kernel.convention_words(), kernel.convention_words(capital=True)
    root = facts[0] if facts else None
    best = root.kernel_score if root is not None else None
    order = {move: i for i, move in enumerate(game.legal_moves(state))}
    scored = sorted(scored, key=lambda m: order[m.move])  # the game's order, as before
    found = [(m.move, max_view(m.score)) for m in scored]
    best_text = ", ".join(game.format_move(state, m.move) for m in scored if m.score == best)
    from_book = [f for f in facts if f.from_book]
    all_book = bool(facts) and len(from_book) == len(facts)
    explanation: list[Message] = [_how(weak, stopped, all_book)]
    if from_book and not all_book:
        explanation.append(M_("Scores marked as from the opening book were proven when the book "
                              "was built, not searched now."))
    if best is not None and (stopped is None or best_text):
        explanation.append(_result(weak, best, words, title, best_text))
    pv: tuple[Hashable, ...] = ()
    if stopped is None and not weak and best is not None:
        first = next(m for m in scored if m.score == best)
        after = game.play(state, first.move)
        try:
            pv = ((first.move, *prover.line(after, -best, partial=True, book_only=all_book))
                  if game.outcome(after) is None else (first.move,))
        except KeyboardInterrupt:  # the answer stands; only the line is missing
            pv = (first.move,)
    proven = {s.move for s in scored}
    unproven = [game.format_move(state, m) for m in order if m not in proven]
    fact_map: dict[str, object] = {
        "score": best, "weak": weak, "convention": kernel.convention or "score",
        "move_scores": {game.format_move(state, m.move): m.score for m in scored},
        "sources": {("position" if f.move is None else game.format_move(state, f.move)):
                    SOURCE_BOOK if f.from_book else SOURCE_PROOF for f in facts},
        "book_hits": prover.book_hits}
    if stopped is not None:
        fact_map["unproven_moves"] = unproven
    return _report(game, state, None if root is None else root.score, found, pv,
                   tuple(explanation), fact_map, prover, started, stopped)


def _how(weak: bool, stopped: str | None, all_book: bool) -> Message:
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


def _report(game: AnyGame, state: Any, score: Score | None, found: list[tuple[Hashable, Score]],
            pv: tuple[Hashable, ...], explanation: tuple[Message, ...], facts: dict[str, object],
            prover: Prover, started: float, stopped: str | None = None) -> Report:
    return from_solve(game, state, score, found, method=METHOD_PROOF, explanation=explanation,
                      facts=facts, nodes=prover.nodes, table_entries=len(prover.search.table),
                      elapsed=time.perf_counter() - started, pv=pv, stopped=stopped)


__all__ = ["METHOD_PROOF", "SOURCE_BOOK", "SOURCE_PROOF", "STOP_INTERRUPTED", "OnFact",
           "ProvenFact", "TickingBudget", "solve_by_proof"]
