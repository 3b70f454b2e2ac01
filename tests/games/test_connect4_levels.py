"""Connect Four's `threats` evaluation and play's levels: the evaluation against an oracle written
here from its documented rules on plain boards (lists of columns), its symmetries, that the engine
never asks it about a finished game, and a small seeded match of a deeper search against a
shallower one (scripts/levels_connect4.py)."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from games.connect4.evaluation import ZUGZWANG_POINTS
from games.connect4.game import ConnectFour, State
from games.tictactoe.game import TicTacToe
from minimax_cli.answer.policy import Policy
from minimax_cli.core.game import Evaluator
from minimax_cli.core.result import Limits
from minimax_cli.core.score import HEURISTIC_LIMIT
from minimax_cli.core.search import iterate, make_options
from minimax_cli.core.search.prover import Prover
from tests.games.test_connect4 import (
    DIRECTIONS,
    Board,
    board_of,
    cell,
    mirrored,
    oracle_threats,
    random_states,
)

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(7, 6), (6, 5), (8, 7), (4, 4), (10, 10), (5, 8)]


def oracle_lines_through(cols: int, rows: int, col: int, row: int) -> int:
    """How many lines of four on the board pass through the cell."""
    lines = 0
    for dc, dr in DIRECTIONS:
        for start in range(-3, 1):
            spots = [(col + dc * (start + i), row + dr * (start + i)) for i in range(4)]
            lines += all(0 <= c < cols and 0 <= r < rows for c, r in spots)
    return lines


def oracle_threats_eval(board: Board, rows: int) -> int:
    """The documented `threats` evaluation, X's terms minus O's, cell by cell."""
    cols = len(board)
    score = 0
    for col in range(cols):
        for row in range(rows):
            sign = {"X": 1, "O": -1, ".": 0}[cell(board, col, row)]
            score += sign * oracle_lines_through(cols, rows, col, row)
    threats = {player: oracle_threats(board, rows, player) for player in "XO"}
    live = {}
    for player, other in (("X", "O"), ("O", "X")):
        live[player] = {(c, r) for c, r in threats[player]
                        if not any(oc == c and orow < r for oc, orow in threats[other])}
    score += 4 * (len(live["X"]) - len(live["O"]))
    for player, sign in (("X", 1), ("O", -1)):
        stacked = sum((c, r + 1) in threats[player] for c, r in threats[player])
        score += sign * 100 * stacked
    if rows % 2 == 0:  # rows counted from 0 here: an odd row from the bottom has an even index
        x_odd = {c for c, r in live["X"] if r % 2 == 0}
        o_even = {c for c, r in live["O"] if r % 2 == 1}
        o_odd = {c for c, r in live["O"] if r % 2 == 0}  # the columns holding each kind
        if len(o_odd) >= 2:
            score -= 400
        elif x_odd:
            score += 0 if o_even and o_odd else 400
        elif o_even:
            score -= 400
    return score


def threats_of(game: ConnectFour) -> Evaluator[State]:
    return game.evaluators()["threats"]


def test_threats_is_the_default_evaluation() -> None:
    assert next(iter(ConnectFour().evaluators())) == "threats"


@pytest.mark.parametrize(("cols", "rows"), SIZES)
def test_the_threats_evaluation_is_the_documented_sum(cols: int, rows: int) -> None:
    game = ConnectFour(cols, rows)
    evaluate = threats_of(game)
    for _, state in random_states(game, 40, f"threats {cols}x{rows}"):
        if game.outcome(state) is not None:
            continue
        value = evaluate(state)
        assert value == oracle_threats_eval(board_of(game, state), rows)
        assert abs(value) < HEURISTIC_LIMIT / 1000
        assert evaluate(mirrored(game, state)) == value  # a mirror image scores the same


@pytest.mark.parametrize(("cols", "rows"), [(7, 5), (6, 7), (5, 9)])
def test_swapping_the_colours_flips_the_sign_where_no_row_parity_counts(cols: int,
                                                                         rows: int) -> None:
    """With an odd number of rows no side is favoured by the rows: the same discs with the
    colours swapped score the negation (the state with the other discs as the mover's)."""
    game = ConnectFour(cols, rows)
    evaluate = threats_of(game)
    for _, (cur, mask) in random_states(game, 40, f"swap {cols}x{rows}"):
        if game.outcome((cur, mask)) is None:
            assert evaluate((cur ^ mask, mask)) == -evaluate((cur, mask))


def test_an_open_three_scores_higher_than_a_disc_elsewhere() -> None:
    """X's third disc on the bottom row next to its two (both ends open) against the same disc in
    the first column; and the same for O, which lowers the score (X's view)."""
    game = ConnectFour()
    evaluate = threats_of(game)
    open_three = game.parse_position("44553")  # X: c1 d1 e1 (b1, f1 empty); O: d2 e2
    elsewhere = game.parse_position("44551")  # X: a1 d1 e1
    assert evaluate(open_three) > evaluate(elsewhere)
    o_open_three = game.parse_position("144553")  # O: c1 d1 e1; X: a1 d2 e2
    o_elsewhere = game.parse_position("144551")  # O: a2 d1 e1
    assert evaluate(o_open_three) < evaluate(o_elsewhere)


#: Endings (from games of scripts/levels_connect4.py), none with a four to complete at once, each
#: with its exact value for X (proven again in the test) and its live threats in the comment:
#: X's threat on an odd row wins; O's on an even row wins; O's odd-row threats in two columns win
#: for O, with or without an odd-row threat of X; O's lone odd-row threat only draws.
ZUGZWANG_ENDINGS = [
    (".OXOOXX/.XXXOOO/.XOOXXX/XOOXOOO/OXXXOXO/XOXOXOX", 1),  # X: a5
    ("OXOXOX./XXOXXO./OOXOOXX/XXOOXOO/OXXOOOX/OXOXXXO", -1),  # O: g6
    ("O.OOX.O/X.XXX.X/O.OXX.O/X.OOO.X/O.OXO.O/OXXOXXX", -1),  # O: b3, b5, f3 (X's b5, f5: dead)
    ("XO.XOX./OX.XXO./OO.OOO./XX.XOO./XX.OOXO/XOXXXOX", -1),  # O: c3, g5 and g4; X: c3
    (".XXO.OO/.OOO.XX/.OOX.XO/.XXXOOX/.XOOXOX/OXXXOOX", -1),  # O: a3, e5; X: a3, e5 as well
    ("XXO.XXO/OOO.OOX/OXX.OXO/XOOXXOX/XXXOOXO/XOXXXOO", 0),  # O: d5
]


@pytest.mark.parametrize(("diagram", "value"), ZUGZWANG_ENDINGS)
def test_the_threats_evaluation_names_the_winner_of_a_zugzwang_ending(diagram: str,
                                                                       value: int) -> None:
    """The evaluation's sign is the exact value (X's view) that the proof search finds, and a drawn
    ending gets no zugzwang points either way."""
    game = ConnectFour()
    state = game.parse_position(diagram)
    proof = Prover(game).prove(state, weak=True)
    x_to_move = state[1].bit_count() % 2 == 0
    assert (proof.score if x_to_move else -proof.score) == value
    score = threats_of(game)(state)
    if value:
        assert score * value >= ZUGZWANG_POINTS
    else:
        assert abs(score) < ZUGZWANG_POINTS


class Recording(ConnectFour):
    """Connect Four whose evaluation keeps every state it was asked about."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[State] = []
        self._threats = super().evaluators()["threats"]

    def evaluators(self) -> Mapping[str, Evaluator[State]]:
        def record(state: State) -> int:
            self.asked.append(state)
            return self._threats(state)

        return {"threats": record}


def test_a_finished_game_is_never_scored_by_the_evaluation() -> None:
    """Searches cut 1 to 4 plies deep from positions a few plies from a four: the engine scores
    wins by the rules, so the evaluation is asked about unfinished positions only."""
    game = Recording()
    for position in ("4455", "445566", "3344", "44444433"):
        for depth in (1, 2, 4):
            for _ in iterate(game, game.parse_position(position), Limits(depth=depth),
                             make_options()):
                pass
    assert game.asked
    assert all(game.outcome(state) is None for state in game.asked)


def test_connect_four_spaces_its_levels_and_other_games_keep_the_generic_ones() -> None:
    connect4, tictactoe = ConnectFour(), TicTacToe()
    assert [Policy.make(connect4, str(level)).depth for level in range(1, 5)] == [1, 2, 4, 6]
    assert [Policy.make(tictactoe, str(level)).depth for level in range(1, 5)] == [1, 2, 3, 5]
    assert Policy.make(connect4, "perfect").depth is None


def load_levels_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("levels_connect4",
                                                  ROOT / "scripts" / "levels_connect4.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_match_plays_every_opening_with_both_colours() -> None:
    """Depth 4 against depth 2 from 3 seeded openings: 6 games, every one counted once. Who wins
    is the script's measurement (scripts/levels_connect4.py), not a fact a few games can pin."""
    script: Any = load_levels_script()
    game = ConnectFour()
    rng = random.Random(2)
    openings = [script.random_opening(game, rng, 4, 5) for _ in range(3)]
    pairing = script.match(game, 2, 4, openings, rng)
    assert sum(pairing.wins) + sum(pairing.losses) + sum(pairing.draws) == 6
    assert pairing.deep.moves > 0 and pairing.shallow.moves > 0


def test_the_pooled_share_has_wilsons_interval() -> None:
    """Wilson's 95 % score interval: 5 of 10 gives 0.2366 to 0.7634 (the textbook example), and
    0 of 10 gives 0 to z^2 / (n + z^2) = 3.8416 / 13.8416; it never leaves 0 to 1."""
    script: Any = load_levels_script()
    low, high = script.wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = script.wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(3.8416 / 13.8416)
    assert script.wilson(10, 10)[1] == 1.0


def test_a_pairing_plays_the_same_games_in_a_worker_as_in_sequence() -> None:
    """A pairing's openings and tie-breaks come from its seed and depths only, so running it alone
    (as a worker of --jobs does) gives the same games as running it after another pairing."""
    script: Any = load_levels_script()
    task = script.Task(seed=3, shallow=1, deep=2, openings=2, opening=4, decided=3,
                       evaluation="threats")
    first = script.run_task(task)[1]
    script.run_task(script.Task(3, 2, 3, 1, 4, 3, "threats"))  # another pairing in between
    again = script.run_task(task)[1]
    assert (first.wins, first.losses, first.draws) == (again.wins, again.losses, again.draws)
    assert (first.deep.nodes, first.shallow.nodes) == (again.deep.nodes, again.shallow.nodes)
