"""The one precedence (minimax_cli.answer.precedence): which ways serve a question, in order, and
an answer that says how it was found and what each step cost. The values themselves are checked
against oracles in test_policy.py, test_proving.py and the review's tests."""

from __future__ import annotations

from typing import Any

import pytest

from games.bones.game import Bones
from games.bones3.game import Bones3
from games.connect4.game import ConnectFour
from games.dicebones.game import DiceBones
from games.tictactoe.game import TicTacToe
from games.tree.game import TreeGame
from minimax_cli.answer.precedence import (
    BOOK,
    EVERY_MOVE,
    MOVE,
    PROOF,
    SEARCH,
    SOLVER,
    VALUE,
    Ask,
    algorithm_for,
    answer,
    search_algorithm,
    ways,
)
from minimax_cli.core.game import MAX, SearchError
from minimax_cli.core.score import Kind

AMPLE = 600.0


def test_the_ways_in_order() -> None:
    assert ways(Bones(), MOVE) == (SOLVER, SEARCH)
    assert ways(Bones(), EVERY_MOVE) == (SOLVER, SEARCH)
    assert ways(Bones(), MOVE, depth=3) == (SEARCH,)  # a depth cut is a search's
    assert ways(ConnectFour(), MOVE) == (PROOF, SEARCH)
    assert ways(ConnectFour(), MOVE, algorithm="alphabeta") == (SEARCH,)
    assert ways(TicTacToe(), VALUE) == (SEARCH,)
    # Three players: the solver picks a move, but its MAX's-view answer has no returns.
    assert ways(Bones3(7), MOVE) == (SOLVER, SEARCH)
    assert ways(Bones3(7), EVERY_MOVE) == (SEARCH,)


def test_the_search_of_every_move_is_the_engine_where_it_serves() -> None:
    assert search_algorithm(TicTacToe(), EVERY_MOVE) == "negamax"
    assert search_algorithm(DiceBones(6), EVERY_MOVE) == "expectiminimax"
    assert search_algorithm(Bones3(7), EVERY_MOVE) == "maxn"
    assert search_algorithm(TicTacToe(), MOVE, "minimax") == "minimax"


def test_the_algorithm_for_a_game() -> None:
    assert algorithm_for(TicTacToe()) == "negamax"
    assert algorithm_for(DiceBones(6)) == "expectiminimax"
    assert algorithm_for(TreeGame()) == "alphabeta"  # the course's choice
    assert algorithm_for(TicTacToe(), "minimax") == "minimax"
    with pytest.raises(SearchError):
        algorithm_for(DiceBones(6), "negamax")  # the engine refuses chance


def test_an_answer_says_how_it_was_found_and_what_each_step_cost() -> None:
    bones = answer(Bones(), (8, MAX), Ask(MOVE, seconds=AMPLE))
    assert bones.how == SOLVER and [step.way for step in bones.steps] == [SOLVER]
    assert bones.result.score is not None and bones.result.score.relative.kind is Kind.LOSS
    game = TicTacToe()
    found = answer(game, game.initial_state(), Ask(EVERY_MOVE, seconds=AMPLE))
    assert found.how == SEARCH and [step.way for step in found.steps] == [SEARCH]
    assert found.steps[0].nodes == found.result.stats.nodes > 0
    assert {m.score.relative.kind for m in found.result.moves} == {Kind.DRAW}
    assert found.solved


def test_connect_four_every_move_is_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MINIMAX_NO_BOOK", "1")
    game = ConnectFour()
    # X has three in column 4: 4 wins at once, so it is among the proven wins and the best move
    # is a win.
    state = game.parse_position("414243")
    found = answer(game, state, Ask(EVERY_MOVE, seconds=AMPLE))
    assert found.how == PROOF and [step.way for step in found.steps] == [PROOF]
    assert found.steps[0].nodes == found.result.stats.nodes
    wins = [m.move for m in found.result.moves if m.score.relative.kind is Kind.WIN]
    assert 4 in wins and found.result.best_move in wins
    assert game.to_move(state) == MAX and found.result.root_player == MAX


def test_connect_four_first_move_from_the_book() -> None:
    game = ConnectFour()
    found = answer(game, game.initial_state(), Ask(MOVE, seconds=AMPLE))
    assert found.how == BOOK and found.result.best_move == 4  # the centre, as Allis proved
    assert found.steps[0].way == PROOF and found.steps[0].nodes == 0


def test_an_algorithm_declared_sampled_gets_one_seeded_run_of_the_whole_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The precedence decides by the declaration, not the name: a plug-in that samples is
    searched as Monte Carlo tree search is (one run filling the budget, a seed from the
    answerer's generator), never deepened one depth at a time."""
    import random

    from minimax_cli.answer.precedence import Answerer
    from minimax_cli.core.result import Limits, SearchOptions, SearchResult
    from minimax_cli.core.search import ALGORITHMS, MCTS, Algorithm, registered, search

    calls: list[tuple[Limits, SearchOptions]] = []

    def sampler(game: Any, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
        calls.append((limits, options))
        return search(game, state, MCTS, Limits(), iterations=50, seed=options.seed)

    toy = Algorithm("toy-sampler", "samples", sampler, sampled=True, minimax_value=False)
    monkeypatch.setattr(registered, "plugged_in", lambda *_args, **_kwargs: {toy.name: toy})
    ALGORITHMS.forget()
    try:
        game = ConnectFour()  # a game with an evaluation: another algorithm would be deepened
        assert game.evaluators()
        found = list(Answerer(game, rng=random.Random(7)).search(
            game.initial_state(), Limits(time=AMPLE), toy.name, None))
    finally:
        ALGORITHMS.forget()
    assert len(found) == 1 and len(calls) == 1
    limits, options = calls[0]
    assert limits.time == AMPLE and limits.depth is None
    assert options.seed is not None


def test_a_search_asked_of_an_algorithm_that_refuses_the_game_is_refused() -> None:
    """The engine searches two-player zero-sum games only: asked directly (an Ask built by hand,
    not by Policy.make) for a move in a game of three players, it refuses in one line rather than
    search a game it does not model."""
    text = '{"players": 3, "tree": [[[1,2,3],[4,2,1]],[[6,1,2],[0,5,5]]]}'
    game = TreeGame().for_position(text)
    with pytest.raises(SearchError, match="negamax"):
        answer(game, game.parse_position(text), Ask(MOVE, seconds=AMPLE, algorithm="negamax"))
