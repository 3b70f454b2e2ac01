"""The proof search carried to the end, as `solve` and `solve --batch` ask it of a game with a
proof kernel (Connect Four): the precedence's PROOF way (precedence.py) run here with its
progress, so that the services only build the request and turn what comes back into a report.

- `ProofSolve` proves the position's score first, then each move's, best-ordered first so that
  the table of the proofs before helps (one prover, one table for all of them), handing each
  score on as it is proven (reports.proven.ProvenFact), then the line of best play. Before any
  search it hands on what the opening book proves at once of an exact solve whose scores it
  holds only as win, draw or loss (`signs`), so that a long exact proof never hides a value
  already known. A time or node budget, or Ctrl-C, stops it cleanly: what was proven (the
  book's signs included) stands, and no more.
- `LineProof` proves one position after another, each with a fresh table (so that its time and
  nodes are its own, whatever came before): the lines of `solve --batch`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any

from minimax_cli.core.game import AnyGame
from minimax_cli.core.proof import ProofKernel, ProofSwitches
from minimax_cli.core.result import STOP_INTERRUPTED, Limits
from minimax_cli.core.score import PovScore, Score
from minimax_cli.core.search.common import CHECK_INTERVAL, Budget, Stop
from minimax_cli.core.search.prover import Prover
from minimax_cli.core.solver import Progress
from minimax_cli.reports.proven import OnFact, ProvenFact

#: Seconds the line of best play may take after every move is proven (within --time): the
#: proofs have filled the table, so it is quick, but past the book's positions a line from the
#: first plies would be a long search.
PV_SECONDS = 5.0


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


class ProofSolve:
    """Every score of one position, proven one after the other within `limits` (see the module
    docstring); `progress` hears (scores proven, scores to prove) as the work goes on."""

    def __init__(self, game: AnyGame, weak: bool = False, table_mb: float | None = None,
                 limits: Limits | None = None, progress: Progress | None = None) -> None:
        self.game, self.weak, self.progress = game, weak, progress
        self.done, self.total = 0, 1
        self.prover = Prover(game, table_mb=table_mb)
        self.kernel.prepare()  # the book is read here, before the clock of the budget starts
        self.budget = TickingBudget(limits or Limits(), self._tick)
        self.prover.restart(budget=self.budget)
        self.facts: list[ProvenFact] = []  # the position's first, then the moves' in proof order
        #: What the book proves of an exact solve only as win, draw or loss (`book_signs`).
        self.signs: list[ProvenFact] = []

    def _tick(self) -> None:
        if self.progress is not None:
            self.progress(self.done, self.total)

    @property
    def kernel(self) -> ProofKernel:
        return self.prover.kernel

    @property
    def nodes(self) -> int:
        return self.prover.nodes

    @property
    def table_entries(self) -> int:
        return len(self.prover.search.table)

    @property
    def book_hits(self) -> int:
        return self.prover.book_hits

    def prove(self, state: Any, on_fact: OnFact | None = None) -> str | None:
        """Prove the position's score, then each move's (best-ordered), handing each fact to
        `on_fact` as it is proven; why it stopped before the end (a Limits reason, or
        STOP_INTERRUPTED after Ctrl-C), None when everything was proven."""
        game, prover = self.game, self.prover
        legal = [] if game.outcome(state) is not None else list(
            game.order_moves(state, game.legal_moves(state)))
        self.total = len(legal) + 1
        mover, plies = game.to_move(state), self.kernel.plies(state)

        def record(move: Hashable | None, kernel_score: int, hits: int, nodes: int,
                   since: float) -> None:
            score = PovScore(prover.pov_score(kernel_score, plies, self.weak), mover).max()
            fact = ProvenFact(move, kernel_score, score, prover.book_hits > hits,
                              time.perf_counter() - since, prover.nodes - nodes)
            self.facts.append(fact)
            self.done += 1
            self._tick()
            if on_fact is not None:
                on_fact(fact)

        try:
            if not self.weak and legal:
                self.signs = self.book_signs(state, legal)
                for fact in self.signs:
                    if on_fact is not None:
                        on_fact(fact)
            self._tick()
            hits, nodes, since = prover.book_hits, prover.nodes, time.perf_counter()
            record(None, prover.prove(state, self.weak).score, hits, nodes, since)
            for move in legal:
                hits, nodes, since = prover.book_hits, prover.nodes, time.perf_counter()
                record(move, prover.moves_of(state, [move], self.weak)[0].score, hits, nodes,
                       since)
        except Stop as stop:
            return stop.reason
        except KeyboardInterrupt:
            return STOP_INTERRUPTED
        return None

    def book_signs(self, state: Any, legal: list[Hashable]) -> list[ProvenFact]:
        """What the book proves at once of `state` (not finished) and of its `legal` moves that
        it holds only as win, draw or loss (an exact score in the book is the proof's first
        answer anyway): the position's sign first, then the moves' in `legal`'s order. Empty when
        the book holds no such sign."""
        prover, plies = self.prover, self.kernel.plies(state)
        mover = self.game.to_move(state)
        signs: list[ProvenFact] = []

        def sign_fact(move: Hashable | None, score: int) -> ProvenFact:
            sign = (score > 0) - (score < 0)
            as_max = PovScore(prover.pov_score(sign, plies, True), mover).max()
            return ProvenFact(move, sign, as_max, True, 0.0, 0, sign_only=True)

        for move in (None, *legal):
            child = state if move is None else self.game.play(state, move)
            if move is not None and self.game.outcome(child) is not None:
                continue  # a move that ends the game: its exact score costs no search
            known = self.kernel.known_score(child, plies + (move is not None))
            if known is not None and known[1]:
                prover.book_hits += 1
                signs.append(sign_fact(move, known[0] if move is None else -known[0]))
        return signs

    def best_line(self, state: Any, first: Hashable, best: int,
                  book_only: bool) -> tuple[Hashable, ...]:
        """The line of best play from `state` opening with `first` (a move of score `best`),
        within PV_SECONDS more: the answer is complete without it, so it may stop short; Ctrl-C
        leaves the first move alone."""
        self.budget.cap(PV_SECONDS)
        after = self.game.play(state, first)
        if self.game.outcome(after) is not None:
            return (first,)
        try:
            return (first, *self.prover.line(after, -best, partial=True, book_only=book_only))
        except KeyboardInterrupt:  # the answer stands; only the line is missing
            return (first,)


class LineProof:
    """Proves positions of one game one after the other, each with a fresh table (one per
    process with --jobs)."""

    def __init__(self, game: AnyGame, weak: bool, table_mb: float | None,
                 switches: ProofSwitches | None = None) -> None:
        """`switches`: the kernel's (None: as the game builds its kernel)."""
        self.game, self.weak = game, weak
        self.prover = Prover(game, table_mb=table_mb, switches=switches)
        self.prover.kernel.prepare()  # the book is read once, here, not in a line's time

    def prove(self, state: Any) -> ProvenFact:
        """The position's score, proven with a fresh table."""
        prover = self.prover
        prover.restart(fresh=True)
        hits = prover.book_hits
        proof = prover.prove(state, self.weak)
        score: Score = PovScore(prover.pov_score(proof.score, proof.plies, self.weak),
                                self.game.to_move(state)).max()
        return ProvenFact(None, proof.score, score, prover.book_hits > hits, proof.elapsed,
                          proof.nodes)

    def score_range(self, state: Any) -> tuple[int, int]:
        """The scores possible for the side to move in `state` (kernel units): at best it wins
        with its next disc, at worst the opponent wins with the disc after."""
        plies = self.prover.kernel.plies(state)
        return -self.prover.scale.win_score(plies + 2), self.prover.scale.win_score(plies + 1)


__all__ = ["PV_SECONDS", "LineProof", "ProofSolve", "TickingBudget"]
