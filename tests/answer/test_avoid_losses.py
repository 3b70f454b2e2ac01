"""When the AI's proof of the value does not finish in time, it tests the search's favourite moves
for a loss (Prover.loses, Settler.avoid_losses) so that the estimate picks among moves not proven
losing. Checked against the brute-force oracle of tests/answer/test_proving.py: a move is proven
losing only when it loses, the estimate falls past its losing favourites to the first move that
does not lose, and the words still say estimate."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from games.connect4.game import ConnectFour
from minimax_cli.answer import proving
from minimax_cli.answer.policy import Policy, Thinker
from minimax_cli.answer.precedence import Answerer
from minimax_cli.core.result import STOP_TIME, MoveValue, SearchResult, SearchStats
from minimax_cli.core.score import Bound, Kind, PovScore, Score
from minimax_cli.core.search.prover import Prover
from tests.answer.test_proving import (
    AMPLE,
    columns_of,
    late_positions,
    move_scores,
    won_first_does_not_win,
    words,
)

#: Late positions (the oracle solves them at once) where some moves lose and some do not.
MIXED = [moves for moves in late_positions(30, 40, seed=7)
         if (lambda s: min(s.values()) < 0 <= max(s.values()))(move_scores(columns_of(moves), {}))
         ][:5]


def worst_first(game: ConnectFour, state: Any, scores: dict[int, int]) -> SearchResult:
    """A search's estimate that ranks the moves in the reverse of their true order: its favourite
    loses (as a misled evaluation would have it)."""
    mover = game.to_move(state)
    ranked = sorted(scores, key=lambda m: scores[m])
    moves = [MoveValue(m, PovScore(Score.estimate(len(ranked) - i), mover))
             for i, m in enumerate(ranked)]
    return SearchResult("alphabeta", mover, PovScore(Score.estimate(len(ranked)), mover),
                        ranked[0], moves, [ranked[0]], SearchStats(), depth=4)


def test_there_are_mixed_positions() -> None:
    assert len(MIXED) == 5


@pytest.mark.parametrize("moves", MIXED)
def test_a_move_is_proven_losing_or_winning_exactly_when_the_oracle_says_so(moves: str) -> None:
    game = ConnectFour()
    state = game.parse_position(moves)
    prover = Prover(game)
    for move, score in move_scores(columns_of(moves), {}).items():
        assert prover.loses(state, move) == (score < 0), move
        assert prover.wins(state, move) == (score > 0), move


@pytest.mark.parametrize("moves", MIXED)
def test_the_estimate_falls_past_its_losing_favourites(moves: str) -> None:
    game = ConnectFour()
    state = game.parse_position(moves)
    scores = move_scores(columns_of(moves), {})
    estimate = worst_first(game, state, scores)
    deadline = time.perf_counter() + AMPLE
    result = proving.Settler(game).avoid_losses(state, estimate, deadline)
    mover = game.to_move(state)
    marked = {m.move for m in result.moves if m.score.seen_by(mover).kind is Kind.LOSS}
    losing = {m for m, s in scores.items() if s < 0}
    # Tested best estimate first: every losing move ranked above the first one that does not lose.
    assert marked == losing and scores[int(str(result.best_move))] >= 0
    assert result.score is not None and result.score.seen_by(mover).kind is Kind.ESTIMATE
    assert result.best_move in result.best_moves()


@pytest.mark.parametrize("moves", MIXED[:2])
def test_an_unfinished_proof_plays_a_move_not_proven_losing_and_calls_it_an_estimate(
        moves: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Thinker's path: the value proof gives up (as when it needs more than the budget), the
    search's favourite loses; the move played does not lose and is said to be an estimate."""
    game = ConnectFour()
    state = game.parse_position(moves)
    scores = move_scores(columns_of(moves), {})
    monkeypatch.setattr(proving.Settler, "settle",
                        lambda self, state, deadline, share: None)

    def misled(self: Answerer, state: Any, limits: Any, algorithm: str, evaluator: Any,
               table: Any = None, engine: Any = None) -> Iterator[SearchResult]:
        yield worst_first(game, state, scores)

    monkeypatch.setattr(Answerer, "search", misled)
    choice = Thinker(game, Policy(budget=AMPLE), random.Random(1)).choose(state)
    assert scores[choice.move] >= 0
    said = words(game, state, choice.thought, choice.move)
    assert "(proven" not in said and "estimate" in said


@pytest.mark.parametrize("moves", won_first_does_not_win(2))
def test_a_won_position_without_its_winning_move_in_time_plays_no_move_proven_not_to_win(
        moves: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The position is proven won; the search for a winning move runs out of time just after
    proving that the first move in the game's order does not win, and the search's estimate
    favours that very move: the AI plays another, shows the first as a loss or at most a draw
    (what was proven), and says its own move is an estimate."""
    game = ConnectFour()
    state = game.parse_position(moves)
    scores = move_scores(columns_of(moves), {})
    first = next(iter(game.order_moves(state, list(game.legal_moves(state)))))
    wins = proving.Settler._wins

    def first_only(self: proving.Settler, prover: Prover, state: Any, move: Any,
                   known: Any) -> bool:
        if move != first:
            raise proving.Stop(STOP_TIME)
        return wins(self, prover, state, move, known)

    monkeypatch.setattr(proving.Settler, "_wins", first_only)
    favoured = {**scores, first: -99}  # worst_first's favourite is its lowest

    def misled(self: Answerer, state: Any, limits: Any, algorithm: str, evaluator: Any,
               table: Any = None, engine: Any = None) -> Iterator[SearchResult]:
        yield worst_first(game, state, favoured)

    monkeypatch.setattr(Answerer, "search", misled)
    choice = Thinker(game, Policy(budget=AMPLE), random.Random(1)).choose(state)
    assert choice.thought.value == 1 and choice.move != first and scores[choice.move] >= 0
    mover = game.to_move(state)
    shown = next(m for m in choice.thought.result.moves if m.move == first).score.seen_by(mover)
    assert shown.kind is Kind.LOSS if scores[first] < 0 else \
        (shown.kind is Kind.DRAW and shown.bound is Bound.UPPER)
    said = words(game, state, choice.thought, choice.move)
    assert "estimate" in said


def test_nothing_proven_losing_leaves_the_estimate_alone() -> None:
    """A position whose favourite does not lose: the search's result comes back as it was."""
    game = ConnectFour()
    moves = MIXED[0]
    state = game.parse_position(moves)
    scores = move_scores(columns_of(moves), {})
    best_first = {m: -s for m, s in scores.items()}  # worst_first of the reversed order
    estimate = worst_first(game, state, best_first)
    deadline = time.perf_counter() + AMPLE
    assert proving.Settler(game).avoid_losses(state, estimate, deadline) is estimate
