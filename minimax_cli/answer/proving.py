"""The AI's think in a game with a proof kernel (Connect Four): settle the move by proof.

Within the time a think gives it, `Settler.settle` proves as much as it needs, in this order, and
stops as soon as the move is settled:

1. the opening book (`ProofKernel.known_score`): when it holds every move, they are its answer
   (unless every move is a loss whose distance the book does not hold: the choice among them is
   then the search's, as below);
2. the position's value, weakly (win, draw or loss), by two null windows. First "is it lost?":
   on random positions of 8 and 9 discs that one is most often the cheaper of the two, and when
   it is not lost its proof holds a move that does not lose, the first in the order of 3 (the
   proof's table makes finding it cheap). Then "is it won?", in the rest of the time: should that
   not end, the move that does not lose is played, scored at least a draw (a proven bound). When
   the book holds the position as won, no move that merely does not lose is looked for;
3. in a won position, a winning move: "does it win?" for each move (one null window, cheaper
   than its value), those the book holds first, then best first in the game's order (a drawn
   position's move is the one that does not lose);
4. time permitting, the exact scores of the moves that keep a won value (the quickest win), or of
   every move of a lost position (the slowest loss).

What it proved is said in `Settled.proof`: BOOK, EXACT (every move's value, and the exact score
of each that keeps the position's value: the move played is the quickest win or the slowest loss)
or VALUE (values, some of the moves that keep it without their distance, not every move, or a
move only proven not to lose). A weakly proven win or loss is a Score without a distance, never a
guessed one. When the value is proven but no move that keeps it (a lost position: no move's
distance; a won one: no winning move found in time), the Settled has no result, only the value,
and the search's estimate picks the move; when not even whether the position is lost is proven in
time, `settle` gives None and the think falls back to the search's estimate.

When no move was settled, `Settler.avoid_losses` spends what is left of the budget on the
search's estimate: it tests the search's favourite move for a loss (one null window, often cheap)
and, when that is proven, the next one, and so on until a move is proven not to lose or the time
runs out. The estimate then picks among the moves not proven losing: it stays an estimate (a move
that does not lose may still give a win away), only the moves proven losing are scored as losses.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

from minimax_cli.core.game import MAX, AnyGame
from minimax_cli.core.result import Limits, MoveValue, SearchResult, SearchStats
from minimax_cli.core.score import Bound, PovScore, Score, encode
from minimax_cli.core.search import PROOF
from minimax_cli.core.search.common import Scored, Stop, build_result
from minimax_cli.core.search.prover import Prover
from minimax_cli.reports.answers import complete

BOOK = "book"
EXACT = "exact"
VALUE = "value"
#: The least share of the budget given to refining a settled move (distances, other moves).
REFINE_SHARE = 0.1
#: The budget of a proof whose time is already spent (Limits takes only positive times).
MIN_SECONDS = 1e-6
#: Nodes the principal variation of an exact result may cost (it is words, not the move).
LINE_NODES = 200_000


@dataclass(frozen=True)
class Settled:
    """A settled move: `result` scores the moves proven (weak scores have no distance), its best
    move keeps the position's value; `proof` says what was proven (BOOK, EXACT or VALUE).

    `result` is None when only the position's `value` was proven (1 won, -1 lost for the side to
    move; `proof` BOOK or VALUE), not a move that keeps it: a lost position none of whose
    distances was proven in time, or a winning move not found in time (a drawn position always
    has its move, the one its not-lost proof found). The search's estimate then picks."""

    result: SearchResult | None
    proof: str
    value: int = 0


@dataclass
class _Known:
    score: int  # kernel score for the player making the move
    weak: bool  # only its sign is proven
    at_least: bool = False  # score 0 is only a bound: the move does not lose (it may win)


def _within(seconds: float) -> Limits:
    """A time budget of `seconds`; one already spent stops the search at its first node."""
    return Limits(time=max(seconds, MIN_SECONDS))


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


class Settler:
    """The proof think of one sitting; its proof table is kept from move to move."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self._prover: Prover | None = None
        #: Scores the book answered in the last settle.
        self.book_hits = 0
        #: The last settled state's moves proven not to keep its won value, when no move that
        #: keeps it was found in time (-1 a loss, 0 at most a draw): `avoid_losses` rules them out.
        self.ruled_out: tuple[Any, dict[Hashable, int]] = (None, {})

    def prover(self, seconds: float) -> Prover:
        """The sitting's prover with a budget of `seconds`."""
        limits = _within(seconds)
        if self._prover is None:
            self._prover = Prover(self.game, limits)
        else:
            self._prover.restart(limits)
        return self._prover

    @property
    def nodes(self) -> int:
        """Nodes the sitting's prover has searched so far (what a step cost is the difference)."""
        return 0 if self._prover is None else self._prover.nodes

    def forget(self) -> None:
        """Drop the table (Ctrl-C may have landed in the middle of an update)."""
        if self._prover is not None:
            self._prover.search.clear()

    def settle(self, state: Any, deadline: float, value_share: float) -> Settled | None:
        """The settled move of `state` (not finished), only its value when no move was settled,
        or None when whether it is lost was not proven within `value_share` of the time left, or
        no move proven not to lose (the rest is then the search's)."""
        game = self.game
        started = time.perf_counter()
        self.ruled_out = (state, {})
        prover = self.prover(deadline - started)
        nodes, hits = prover.nodes, prover.book_hits
        plies = prover.kernel.plies(state)
        moves = list(game.legal_moves(state))
        booked = self._from_book(prover, state, plies, moves)
        # A lost position whose moves the book holds only as losses, without their distances,
        # is thought about as any other: the slowest loss may yet be proven, else the search's
        # estimate picks among the losing moves (a loss it sees coming scores below the others).
        lost_in_book = booked is not None and all(k.weak and k.score < 0 for k in booked.values())
        if booked is not None and not lost_in_book:
            return self._result(prover, state, booked, BOOK, nodes, hits, started)
        source = BOOK if lost_in_book else VALUE
        known: dict[Hashable, _Known] = {}
        # A keeping move is met sooner in the game's order; the moves the book scores come first
        # (its lines hold the move that keeps the win, and a search of another may not end).
        in_book = {scored.move for scored, _ in prover.book_moves(state)}
        order = list(game.order_moves(state, moves))
        order = [m for m in order if m in in_book] + [m for m in order if m not in in_book]
        # "Is it lost?" first: that null window is most often the cheaper one, and its witness,
        # a move that does not lose, is a move to play should the win's window not end in time.
        prover.restart(_within((deadline - time.perf_counter()) * value_share))
        try:
            value = -1 if lost_in_book or not prover.at_least(state, 0) else 0
        except Stop:
            return None
        prover.restart(_within(deadline - time.perf_counter()))
        if value == 0 and self._won_in_book(prover, state, plies):
            value = 1  # a winning move is wanted, not one that merely holds: look for it now
        elif value == 0:
            try:
                holding = self._not_losing(prover, state, order, known)
            except Stop:
                return None  # no move proven not to lose: the search decides
            try:
                value = 1 if prover.at_least(state, 1) else 0
            except Stop:  # whether it wins is not proven: play the move proven not to lose
                known[holding] = _Known(0, False, at_least=True)
                return self._result(prover, state, known, VALUE, nodes, hits, started)
            if value == 0:
                known[holding] = _Known(0, False)  # it does not lose, and nothing wins
        try:
            # A drawn position has its move (the one that does not lose); a won one looks for
            # a winning move, past the losses met on the way to that move.
            not_winning: set[Hashable] = set()
            for move in order if value > 0 else []:
                if move in known:
                    continue
                if self._wins(prover, state, move, known):
                    break
                not_winning.add(move)
        except Stop:  # the value is proven but no move found in time: the search decides
            losses = {m: -1 for m, k in known.items() if k.score < 0}
            self.ruled_out = (state, {**{m: 0 for m in not_winning}, **losses})
            return Settled(None, source, value)
        # Settled (or lost). What is left only refines it: the other moves' values and the
        # distances, within as long again as the settling took (at least REFINE_SHARE of the
        # budget), or half the time left for the slowest loss.
        refine = self._refine_seconds(value, started, deadline)
        prover.restart(_within(refine))
        try:
            for move in order if value >= 0 and refine > 0 else []:
                if move not in known:
                    self._weak(prover, state, move, known)
            for move in order if value != 0 and refine > 0 else []:
                found = known.get(move)
                if (value < 0 and found is None) or (found is not None and found.weak
                                                     and found.score > 0):
                    known[move] = _Known(prover.moves_of(state, [move])[0].score, False)
        except Stop:
            pass
        if not known:  # lost, and no move's distance proven: the search picks the move
            return Settled(None, source, value)
        keepers_exact = not any(k.weak for k in known.values() if _sign(k.score) == value)
        proof = EXACT if len(known) == len(moves) and keepers_exact else VALUE
        return self._result(prover, state, known, proof, nodes, hits, started)

    def weak_values(self, state: Any, limits: Limits, every_move: bool = True) -> SearchResult:
        """Every move's value (`every_move`) or only the position's, proven weakly (win, draw or
        loss; exact when a move ends the game, and a draw is exact) within `limits`, the book's
        entries first: a result as `settle`'s, without a line. Stopped by `limits`, it has no
        score (`stopped` says why) and counts the nodes spent."""
        game, started = self.game, time.perf_counter()
        if self._prover is None:
            self._prover = Prover(self.game)
        prover = self._prover
        # The prover counts its nodes from its first proof on: the node budget starts from here.
        prover.restart(Limits(time=limits.time, nodes=None if limits.nodes is None
                              else prover.nodes + limits.nodes))
        nodes, hits = prover.nodes, prover.book_hits
        known: dict[Hashable, _Known] = {}
        try:
            if every_move:
                for move in game.legal_moves(state):
                    self._weak(prover, state, move, known)
            else:
                value = _sign(prover.prove(state, weak=True).score)
                return self._value_result(prover, state, value, nodes, hits, started)
        except Stop as stop:
            mover = game.to_move(state)
            stats = SearchStats(nodes=prover.nodes - nodes, elapsed=time.perf_counter() - started)
            return build_result(PROOF, game, mover if mover >= 0 else MAX, pov=mover,
                                engine_scores=True, root=None, moves=[], best_move=None, pv=[],
                                stats=stats, depth=None, stopped=stop.reason,
                                best_searched=False)
        settled = self._result(prover, state, known, VALUE, nodes, hits, started, line=False)
        assert settled.result is not None
        return settled.result

    def _value_result(self, prover: Prover, state: Any, value: int, nodes: int, hits: int,
                      started: float) -> SearchResult:
        """The position's weakly proven `value` (1 won, 0 drawn, -1 lost for the side to move)
        as a result without moves."""
        mover = self.game.to_move(state)
        score = Score.win() if value > 0 else Score.loss() if value < 0 else Score.draw()
        stats = SearchStats(nodes=prover.nodes - nodes, elapsed=time.perf_counter() - started)
        result = build_result(PROOF, self.game, mover if mover >= 0 else MAX, pov=mover,
                              engine_scores=True,
                              root=Scored(None, encode(score), True, Bound.EXACT), moves=[],
                              best_move=None, pv=[], stats=stats, depth=None,
                              best_searched=False)
        self.book_hits = prover.book_hits - hits
        return replace(result, score=PovScore(score, mover).for_player(mover))

    def avoid_losses(self, state: Any, result: SearchResult, deadline: float) -> SearchResult:
        """The search's `result` (an estimate) with its moves tested for a loss, best estimate
        first, until one is proven not to lose or `deadline`: the moves proven losing are scored
        as (weakly proven) losses, those the last settle of `state` ruled out as it proved them
        (`ruled_out`), and the best move is the best estimate among the others. `result` itself
        when nothing was ruled out, or everything was (the estimate picks the move)."""
        if result.score is None or complete(result.score.relative) or not result.moves:
            return result  # nothing searched, or the search proved its move
        game, player = self.game, result.root_player
        legal = {move: index for index, move in enumerate(game.legal_moves(state))}
        candidates = sorted((m for m in result.moves if m.move in legal),
                            key=lambda m: (m.score.seen_by(player).sort_key(), -legal[m.move]),
                            reverse=True)
        settled, ruled_out = self.ruled_out
        proven = {m: v for m, v in ruled_out.items() if m in legal} if settled == state else {}
        prover = self.prover(deadline - time.perf_counter())
        with contextlib.suppress(Stop):
            for candidate in candidates:
                if candidate.move in proven:
                    continue
                if not prover.loses(state, candidate.move):
                    break
                proven[candidate.move] = -1
        if not proven or len(proven) == len(result.moves):
            return result
        mover = game.to_move(state)
        shown = {-1: PovScore(Score.loss(), mover), 0: PovScore(Score.draw(Bound.UPPER), mover)}
        moves = [MoveValue(m.move, shown[proven[m.move]].for_player(m.score.pov), m.vector,
                           m.visits, m.tie_broken) if m.move in proven else m
                 for m in result.moves]
        best = next(m for m in candidates if m.move not in proven)
        pv = result.pv if result.best_move not in proven else [best.move]
        return replace(result, moves=moves, best_move=best.move,
                       score=best.score.for_player(result.score.pov), pv=pv)

    @staticmethod
    def _refine_seconds(value: int, started: float, deadline: float) -> float:
        """The time given to refine a settled move (see `settle`)."""
        now = time.perf_counter()
        if value < 0:
            return (deadline - now) * 0.5
        return min(deadline - now, max(now - started, REFINE_SHARE * (deadline - started)))

    @staticmethod
    def _not_losing(prover: Prover, state: Any, order: list[Hashable],
                    known: dict[Hashable, _Known]) -> Hashable:
        """The first move of `order` that does not lose, in a position proven not lost; the
        moves before it go into `known` as (weakly proven) losses. The not-lost proof's table
        makes each test cheap."""
        for move in order:
            if not prover.loses(state, move):
                return move
            known[move] = _Known(-1, True)
        raise AssertionError("a position proven not lost has a move that does not lose")

    @staticmethod
    def _won_in_book(prover: Prover, state: Any, plies: int) -> bool:
        known = prover.kernel.known_score(state, plies)
        return known is not None and known[0] > 0

    def _wins(self, prover: Prover, state: Any, move: Hashable,
              known: dict[Hashable, _Known]) -> bool:
        """Whether `move` wins, by one null window (cheaper than its value); a winning move goes
        into `known`, weakly (exactly when it ends the game: that costs nothing)."""
        if not prover.wins(state, move):
            return False
        if self.game.outcome(self.game.play(state, move)) is None:
            known[move] = _Known(1, True)
        else:
            self._weak(prover, state, move, known)
        return True

    @staticmethod
    def _weak(prover: Prover, state: Any, move: Hashable, known: dict[Hashable, _Known]) -> None:
        """`move`'s weak score into `known` (exact when it ends the game or draws)."""
        scored = prover.moves_of(state, [move], weak=True)[0]
        if scored.terminal:  # a move that ends the game: its exact score costs nothing
            scored = prover.moves_of(state, [move])[0]
        known[move] = _Known(scored.score, not (scored.terminal or scored.score == 0))

    def _from_book(self, prover: Prover, state: Any, plies: int,
                   moves: list[Hashable]) -> dict[Hashable, _Known] | None:
        """Every move's score from the book, or None when it lacks one of them."""
        game, kernel, known = self.game, prover.kernel, {}
        for move in moves:
            child = game.play(state, move)
            outcome = game.outcome(child)
            if outcome is not None:
                win = prover.scale.win_score(plies + 1)
                known[move] = _Known(0 if outcome == 0 else win, False)
                continue
            found = kernel.known_score(child, plies + 1)
            if found is None:
                return None
            score, only_sign = found
            known[move] = _Known(-score, only_sign and score != 0)
        return known

    def _result(self, prover: Prover, state: Any, known: dict[Hashable, _Known], proof: str,
                nodes: int, hits: int, started: float, line: bool = True) -> Settled:
        """The SearchResult of the proven moves: the best one (the quickest proven win, the
        slowest proven loss; a weak score ranks as Score's sort_key says) and, with `line`, its
        line."""
        game = self.game
        plies = prover.kernel.plies(state)
        mover = game.to_move(state)

        def pov(item: _Known) -> Score:
            if item.at_least:
                return Score.draw(Bound.LOWER)
            if item.weak:
                sign = _sign(item.score)
                return Score.win() if sign > 0 else Score.loss() if sign < 0 else Score.draw()
            return prover.pov_score(item.score, plies, False)

        scores = {move: pov(item) for move, item in known.items()}
        order = [m for m in game.legal_moves(state) if m in scores]
        best = max(order, key=lambda m: scores[m].sort_key())
        pv: list[Hashable] = [best]
        if line and not (known[best].weak or known[best].at_least) and proof != BOOK:
            child = game.play(state, best)
            if game.outcome(child) is None:
                with contextlib.suppress(Stop):
                    pv.extend(prover.line(child, -known[best].score, LINE_NODES))
        stats = SearchStats(nodes=prover.nodes - nodes,
                            elapsed=time.perf_counter() - started)
        stats.tt_probes, stats.tt_hits = prover.search.probes, prover.search.hits
        root_score = scores[best]
        moves = [Scored(m, encode(scores[m]), True, Bound.EXACT) for m in order]
        result = build_result(PROOF, game, mover if mover >= 0 else MAX, pov=mover,
                              engine_scores=True,
                              root=Scored(None, encode(root_score), True, Bound.EXACT),
                              moves=moves, best_move=best, pv=pv, stats=stats, depth=None)
        # A weak win or loss has no distance: the engine numbers above cannot say so.
        result = replace(result, score=PovScore(root_score, mover).for_player(mover),
                         moves=[MoveValue(m.move, PovScore(scores[m.move], mover)
                                          .for_player(mover), m.vector, m.visits, m.tie_broken)
                                for m in result.moves])
        self.book_hits = prover.book_hits - hits
        return Settled(result, proof)


__all__ = ["BOOK", "EXACT", "LINE_NODES", "REFINE_SHARE", "VALUE", "Settled", "Settler"]
