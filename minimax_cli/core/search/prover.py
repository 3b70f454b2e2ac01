"""`proof`: exact scores for games with a proof kernel, from the proof search of `proof.py`.

`Prover` holds one proof search (and its table) for one game: `prove` scores a position (the
batch solver calls it line after line), `root` scores every move of a position and finds the
principal variation, and `proof` is the algorithm as `search(...)` runs it. A time or node budget
stops it with `Stop`; a stopped proof has no value, never a guess.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from minimax_cli.core.game import MAX, SearchError
from minimax_cli.core.i18n import _
from minimax_cli.core.memory import PROOF_ENTRY_BYTES, entries
from minimax_cli.core.proof import ExactSearch, ProofKernel, ProofScale, ProofSwitches
from minimax_cli.core.result import Limits, SearchOptions, SearchResult
from minimax_cli.core.score import Bound, Score, encode
from minimax_cli.core.search.common import (
    AnyGame,
    Budget,
    Scored,
    Stop,
    build_result,
    deep_recursion,
)
from minimax_cli.core.search.context import SearchContext, drive
from minimax_cli.core.search.proof import CHECK_EVERY, ProofSearch

#: Nodes the principal variation may spend beyond the proof (it is short: one null window a move).
PV_NODES = 2_000_000


def kernel_of(game: AnyGame) -> ProofKernel:
    kernel = game.proof_kernel()
    if kernel is None:
        raise SearchError(_("{game} has no proof kernel, so the proof search does not serve it")
                          .format(game=game.name))
    return kernel


@dataclass(frozen=True)
class Proof:
    """The proven score of one position for its side to move, in kernel units (see core/proof.py;
    Pons' convention for Connect Four): exact, or only its sign (1, 0, -1) when `weak`."""

    score: int
    weak: bool
    plies: int  # plies played before the position
    nodes: int
    elapsed: float


@dataclass(frozen=True)
class ScoredMove:
    move: Hashable
    score: int  # for the player who made the move, kernel units (sign only when weak)
    terminal: bool  # the move ends the game


class Prover:
    """Proofs in one game; the table is kept from one position to the next unless `fresh`."""

    def __init__(self, game: AnyGame, limits: Limits | None = None,
                 table_mb: float | None = None, budget: Budget | None = None,
                 native: bool = True, switches: ProofSwitches | None = None) -> None:
        """`budget`: the budget of a search context this proof runs in (else one of `limits`);
        `native`: the kernel's native search where it has one (else always the Python search);
        `switches`: the game's kernel with these switches (else as the game built it)."""
        self.game = game
        self.kernel = kernel_of(game)
        if switches is not None:
            self.kernel = self.kernel.with_switches(switches)
        self.scale = ProofScale(self.kernel.max_plies)
        self.budget = budget if budget is not None else Budget(limits or Limits())
        capacity = max(1024, entries(table_mb, PROOF_ENTRY_BYTES))
        found = self.kernel.native_search(capacity, self._check) if native else None
        self.search: ExactSearch = (found if found is not None
                                    else ProofSearch(self.kernel, capacity, self._check))
        self.search.check_at = self._next_check(self.search.nodes)
        #: Scores answered by the game's book (ProofKernel.known_score) rather than searched.
        self.book_hits = 0

    def _check(self, nodes: int) -> int:
        """The budget's check before node number `nodes` (Stop when it may not be visited); the
        node to check at next."""
        self.budget.check(nodes)
        return self._next_check(nodes)

    def _next_check(self, nodes: int) -> int:
        """The next node the search checks its budget at after `nodes`: the clock (and Ctrl-C)
        every CHECK_EVERY nodes, and the node past a node budget exactly, so that it is never
        overrun (the budget counts the search's nodes from its first proof on)."""
        limit = self.budget.max_nodes
        step = nodes + CHECK_EVERY
        return step if limit is None else min(step, limit + 1)

    @property
    def nodes(self) -> int:
        return self.search.nodes

    def restart(self, limits: Limits | None = None, fresh: bool = False,
                budget: Budget | None = None) -> None:
        """A new budget, `budget` or one of `limits` (and an empty table when `fresh`), for the
        next position."""
        self.budget = budget if budget is not None else Budget(limits or Limits())
        if fresh:
            self.search.clear()
        self.search.check_at = self._next_check(self.search.nodes)

    def score_of(self, state: Any, plies: int, weak: bool) -> int:
        """The kernel score of a state that is not finished: from the game's book when it holds
        the position (`book_hits` counts those answers), else proven by the search. An exact
        score is asked of the book as such: a sign cannot answer it."""
        known = self.kernel.known_score(state, plies, not weak)
        if known is not None:
            score, only_sign = known
            if weak or not only_sign:
                self.book_hits += 1
                return (score > 0) - (score < 0) if weak else score
        with deep_recursion():
            return self.search.solve(state, plies, weak)

    def prove(self, state: Any, weak: bool = False) -> Proof:
        """The score of `state` for its side to move. Raises Stop when the budget runs out."""
        game = self.game
        nodes, started = self.search.nodes, time.perf_counter()
        plies = self.kernel.plies(state)
        value = game.outcome(state)
        if value is not None:
            # The last mover won, or the board is full.
            score = 0 if value == 0 else -(1 if weak else self.scale.win_score(plies))
        else:
            score = self.score_of(state, plies, weak)
        return Proof(score, weak, plies, self.search.nodes - nodes, time.perf_counter() - started)

    def moves_of(self, state: Any, moves: Sequence[Hashable] | None = None,
                 weak: bool = False) -> list[ScoredMove]:
        """The score of each of `moves` (default: every legal move, in the game's move order)
        for the player making it."""
        game, scored = self.game, []
        plies = self.kernel.plies(state)
        for move in game.legal_moves(state) if moves is None else moves:
            child = game.play(state, move)
            value = game.outcome(child)
            if value is not None:
                win = 1 if weak else self.scale.win_score(plies + 1)
                scored.append(ScoredMove(move, 0 if value == 0 else win, True))
            else:
                scored.append(ScoredMove(move, -self.score_of(child, plies + 1, weak), False))
        return scored

    def at_least(self, state: Any, value: int) -> bool:
        """Whether the side to move in `state` (not finished) can force at least `value` (1 a
        win, 0 a draw): the book where it holds the position, else one null-window search.
        Raises Stop when the budget runs out."""
        plies = self.kernel.plies(state)
        known = self.kernel.known_score(state, plies)
        if known is not None:
            self.book_hits += 1
            return (known[0] > 0) - (known[0] < 0) >= value
        with deep_recursion():
            return self.search.at_least(state, plies, value)

    def loses(self, state: Any, move: Hashable) -> bool:
        """Whether `move` loses (the opponent can force a win after it): the book where it holds
        the position, else one null-window search, often far cheaper than the move's value.
        Raises Stop when the budget runs out."""
        child = self.game.play(state, move)
        if self.game.outcome(child) is not None:
            return False  # a move that ends the game wins or draws
        return self.at_least(child, 1)

    def wins(self, state: Any, move: Hashable) -> bool:
        """Whether `move` wins (the opponent cannot force a draw after it): the book where it
        holds the position, else one null-window search, often far cheaper than the move's value.
        Raises Stop when the budget runs out."""
        child = self.game.play(state, move)
        outcome = self.game.outcome(child)
        if outcome is not None:
            return outcome != 0  # a move that ends the game and is not a draw wins it
        return not self.at_least(child, 0)

    def book_moves(self, state: Any) -> list[tuple[ScoredMove, bool]]:
        """The moves of `state` whose score the game's book (or the end of the game) gives without
        a search, each with whether only its sign is known: a player can keep a win by any move
        scored > 0 here, sign or not. Moves the book does not hold are left out."""
        game, known = self.game, []
        plies = self.kernel.plies(state)
        for move in game.legal_moves(state):
            child = game.play(state, move)
            value = game.outcome(child)
            if value is not None:
                score = 0 if value == 0 else self.scale.win_score(plies + 1)
                known.append((ScoredMove(move, score, True), False))
                continue
            found = self.kernel.known_score(child, plies + 1)
            if found is not None:
                self.book_hits += 1
                known.append((ScoredMove(move, -found[0], False), found[1]))
        return known

    def line(self, state: Any, score: int, node_limit: int = PV_NODES,
             partial: bool = False, book_only: bool = False) -> list[Hashable]:
        """A principal variation from `state` whose exact score is `score`: at each step the first
        move (in the game's order) that keeps the score, to the end of the game or the limit. The
        game's book answers where it holds a child exactly. With `partial`, a budget stop (Stop)
        ends the line where it got to instead of raising; with `book_only`, so does the first
        step the book does not answer (an answer from the book searches nothing)."""
        game, line = self.game, list[Hashable]()
        plies = self.kernel.plies(state)
        start = self.search.nodes
        with deep_recursion():
            while game.outcome(state) is None and self.search.nodes - start < node_limit:
                for move in game.order_moves(state, game.legal_moves(state)):
                    child = game.play(state, move)
                    value = game.outcome(child)
                    known = (None if value is not None
                             else self.kernel.known_score(child, plies + 1, True))
                    if value is not None:
                        keeps = (value != 0) == (score > 0) and (value == 0) == (score == 0)
                    elif known is not None and not known[1]:
                        keeps = known[0] == -score
                    elif book_only:
                        return line
                    else:
                        # The child's score is at least -score; it keeps the score if not more.
                        try:
                            keeps = not self.search.at_least(child, plies + 1, -score + 1)
                        except Stop:
                            if partial:
                                return line
                            raise
                    if keeps:
                        line.append(move)
                        state, plies, score = child, plies + 1, -score
                        break
                else:
                    raise SearchError(_("no move keeps the proven score: the proof is "
                                        "inconsistent"))
        return line

    def pov_score(self, score: int, plies: int, weak: bool) -> Score:
        """A kernel score as a Score for the side to move (distance unknown when weak)."""
        if score == 0:
            return Score.draw()
        distance = None if weak else self.scale.distance(score, plies)
        return Score.win(distance) if score > 0 else Score.loss(distance)


def proof_search(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    """The algorithm: every root move proven exactly, the best one and its line."""
    context = SearchContext(game, state, limits, options)
    prover = Prover(game, limits, options.table_mb, budget=context.budget)
    mover = context.root_player
    plies = prover.kernel.plies(state)
    common: dict[str, Any] = {"pov": mover, "engine_scores": True, "stats": context.stats,
                              "depth": None}
    over = game.outcome(state) is not None
    scored = drive(context, lambda: [] if over else prover.moves_of(state))
    context.stats.nodes = prover.nodes
    if scored is None:  # stopped: no value (and no move: none was searched)
        return build_result("proof", game, mover, root=None, moves=[], best_move=None, pv=[],
                            stopped=context.stopped, best_searched=False, **common)
    context.stats.tt_probes, context.stats.tt_hits = prover.search.probes, prover.search.hits
    if over:
        found = prover.prove(state)
        root = Scored(None, encode(prover.pov_score(found.score, plies, False)), True, Bound.EXACT)
        return build_result("proof", game, mover if mover >= 0 else MAX, root=root, moves=[],
                            best_move=None, pv=[], **common)
    best = max(scored, key=lambda m: m.score)
    moves = [Scored(m.move, encode(prover.pov_score(m.score, plies, False)), True, Bound.EXACT)
             for m in scored]
    pv = [best.move]
    pv.extend(drive(context, lambda: prover.line(game.play(state, best.move), -best.score)) or [])
    context.stats.nodes = prover.nodes
    context.stats.tt_probes, context.stats.tt_hits = prover.search.probes, prover.search.hits
    root = Scored(None, encode(prover.pov_score(best.score, plies, False)), True, Bound.EXACT)
    context.stats.elapsed = prover.budget.elapsed()
    return build_result("proof", game, mover if mover >= 0 else MAX, root=root, moves=moves,
                        best_move=best.move, pv=pv, **common)


__all__ = ["Proof", "Prover", "ScoredMove", "kernel_of", "proof_search"]
