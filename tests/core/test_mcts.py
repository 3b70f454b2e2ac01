"""Monte Carlo tree search: it finds forced wins, its solver proves only what is true, its value
approaches the minimax value as it runs longer, and a seed makes it reproducible."""

from __future__ import annotations

import functools

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from games.bones.game import Bones
from games.bones3.game import Bones3
from games.tictactoe.game import TicTacToe
from games.tree.game import TreeGame
from minimax_cli.core.result import STOP_NODES, Limits
from minimax_cli.core.score import Kind
from minimax_cli.core.search import search
from tests.oracles import bones_outcomes
from tests.profiles import examples

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board: str) -> str | None:
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


@functools.cache
def ttt_value(board: str) -> int:
    """Tic-tac-toe by plain minimax from the rules, X's view: +1, 0, -1."""
    won = winner(board)
    if won is not None:
        return 1 if won == "X" else -1
    if "." not in board:
        return 0
    mover = "X" if board.count("X") == board.count("O") else "O"
    values = [ttt_value(board[:i] + mover + board[i + 1:]) for i, c in enumerate(board) if c == "."]
    return max(values) if mover == "X" else min(values)


def winning_cells(board: str) -> set[int]:
    """The cells (0-based) whose move keeps a win for the player to move."""
    mover = "X" if board.count("X") == board.count("O") else "O"
    target = 1 if mover == "X" else -1
    return {i for i, c in enumerate(board) if c == "."
            and ttt_value(board[:i] + mover + board[i + 1:]) == target}


# --- forced wins ----------------------------------------------------------------------------------
@pytest.mark.parametrize("board", [
    "XX.OO....",  # X completes the top row at once
    "XO..X.O..",  # the diagonal 1-5-9
    "X.O.X.O..",
    "...X...XO",  # X wins in two of its moves, only by 3 (two threats at once)
    ".....XOX.",  # O to move wins in two, only by 1
    "......XXO",  # X: 3 or 6
])
@pytest.mark.parametrize("solver", [True, False])
def test_mcts_finds_forced_wins_in_tic_tac_toe(board: str, solver: bool) -> None:
    game = TicTacToe()
    state = game.parse_position(board)
    winning = winning_cells(board)
    assert winning  # the oracle agrees the mover wins
    result = search(game, state, "mcts", Limits(), iterations=20_000, seed=7, mcts_solver=solver)
    assert result.best_move in winning
    if solver:  # small enough to be proven within the budget
        assert result.proven and result.score is not None
        assert result.score.relative.kind is Kind.WIN


@pytest.mark.parametrize("n", [5, 6, 7, 9, 10, 11, 13])
def test_mcts_finds_the_winning_take_in_bones(n: int) -> None:
    # Bones (take 1-3): the mover wins exactly when n is not a multiple of 4, by leaving one.
    game = Bones()
    result = search(game, game.parse_position(str(n)), "mcts", Limits(), iterations=5_000, seed=3)
    assert result.best_move == n % 4
    assert result.proven and result.score is not None and result.score.relative.kind is Kind.WIN


def test_the_same_seed_gives_the_same_search_and_the_budget_is_kept() -> None:
    game = TicTacToe()
    runs = [search(game, game.initial_state(), "mcts", Limits(), iterations=2_000, seed=11)
            for _ in range(2)]
    assert runs[0].best_move == runs[1].best_move
    assert [(m.move, m.visits) for m in runs[0].moves] == [(m.move, m.visits) for m in runs[1].moves]
    assert runs[0].iterations == 2_000 and sum(m.visits or 0 for m in runs[0].moves) == 2_000
    capped = search(game, game.initial_state(), "mcts", Limits(nodes=500), seed=11)
    assert capped.stats.nodes <= 500 and capped.stopped is None and capped.score is not None
    none = search(game, game.initial_state(), "mcts", Limits(nodes=1), seed=11)
    assert none.score is None and none.stopped == STOP_NODES and not none.best_searched


# --- the solver proves only what is true ----------------------------------------------------------
@st.composite
def boards(draw: st.DrawFn) -> str:
    """A tic-tac-toe position reached by legal play, not finished."""
    board = "........."
    for ply in range(draw(st.integers(0, 7))):
        free = [i for i, c in enumerate(board) if c == "."]
        cell = draw(st.sampled_from(free))
        board = board[:cell] + "XO"[ply % 2] + board[cell + 1:]
        if winner(board) is not None:
            board = board[:cell] + "." + board[cell + 1:]
            break
    return board


@examples(1.5, deadline=None)
@given(board=boards(), seed=st.integers(0, 2**16), iterations=st.integers(1, 3_000))
@example(board="O......X.", seed=0, iterations=188)
def test_whatever_the_solver_proves_is_the_minimax_value(board: str, seed: int,
                                                         iterations: int) -> None:
    game = TicTacToe()
    state = game.parse_position(board)
    result = search(game, state, "mcts", Limits(), iterations=iterations, seed=seed)
    mover_sign = 1 if board.count("X") == board.count("O") else -1
    for entry in result.moves:
        score = entry.score.relative
        if score.proven:
            after = board[:entry.move] + ("X" if mover_sign > 0 else "O") + board[entry.move + 1:]
            assert mover_sign * ttt_value(after) == score.number, (board, entry.move)
    # Found by this test: 'O......X.' (seed 0, 188 iterations) was claimed a proven draw, the
    # value of the most visited move, a proven draw, while X wins by another still open.
    if result.proven:
        assert result.score is not None
        assert mover_sign * ttt_value(board) == result.score.relative.number
        target = ttt_value(board)
        chosen = board[:result.best_move] + ("X" if mover_sign > 0 else "O") + \
            board[result.best_move + 1:]
        assert ttt_value(chosen) == target  # the move played keeps the value


# --- the value approaches the minimax value -------------------------------------------------------
def test_the_value_approaches_the_minimax_value_on_small_trees() -> None:
    # Random trees of depth 3, three children, leaves 0..10; without playouts' noise (the leaves are
    # one ply below the tree's frontier) UCT's value tends to the minimax value. A loose bound: a
    # tenth of the leaves' range after 20,000 simulations, and closer than after 500 in total.
    game = TreeGame()
    near = far = 0.0
    for seed in range(1, 9):
        state = game.parse_position(f"random:depth=3,branching=3,seed={seed}")
        exact = search(game, state, "minimax", Limits()).value
        assert exact is not None
        long = search(game, state, "mcts", Limits(), iterations=20_000, seed=1).value
        short = search(game, state, "mcts", Limits(), iterations=500, seed=1).value
        assert long is not None and short is not None
        assert abs(float(long) - exact) <= 1.0
        near += abs(float(long) - exact)
        far += abs(float(short) - exact)
    assert near < far


def test_the_slides_tree_converges_to_three() -> None:
    game = TreeGame()
    state = game.parse_position("[[3,12,8],[2,4,6],[14,5,2]]")
    values = [search(game, state, "mcts", Limits(), iterations=n, seed=5).value
              for n in (200, 20_000)]
    assert values[0] is not None and values[1] is not None
    assert abs(float(values[1]) - 3) < abs(float(values[0]) - 3)
    assert abs(float(values[1]) - 3) < 1


# --- more players ---------------------------------------------------------------------------------
def test_three_player_bones_takes_the_last_bones_and_gives_returns_per_player() -> None:
    game = Bones3()
    result = search(game, game.parse_position("3"), "mcts", Limits(), iterations=500, seed=2)
    assert result.best_move == 3  # player 1 takes all three bones and wins at once
    chosen = next(m for m in result.moves if m.move == 3)
    assert chosen.vector == (1.0, 0.0, 0.0)
    for entry in result.moves:  # a constant-sum game: the mean returns sum to 1
        assert entry.vector is not None and sum(entry.vector) == pytest.approx(1.0)


def test_bones_oracle_agrees_with_the_positions_tested() -> None:
    # The winning takes above rely on the n mod 4 rule; check it against the definition.
    outcomes = bones_outcomes((1, 2, 3), False, 13)
    assert [n for n in (5, 6, 7, 9, 10, 11, 13) if not outcomes[n]] == []
