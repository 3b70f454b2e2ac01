"""The end-of-game review of every kind of game (issue 20, defects 1 and 6): what it judged is
said, and what it says is checked against oracles written here from the rules alone."""

from __future__ import annotations

import io
import random
import re
import time
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from rich.console import Console

from games.bones3.game import Bones3
from games.connect4.game import ConnectFour
from games.dicebones.game import DiceBones
from games.tictactoe.game import TicTacToe
from minimax_cli.answer import review as review_module
from minimax_cli.answer.precedence import Answerer
from minimax_cli.answer.review import review_game
from minimax_cli.core.game import CHANCE, MAX, Game
from minimax_cli.core.score import format_number
from minimax_cli.play.review_words import review_words
from minimax_cli.play.session import Session, make_config

#: A think no small game comes near, so that the AI's moves never hang on the machine's speed.
AMPLE = 600.0


def scripted(game: Game[Any, Any], lines: str, **options: Any) -> tuple[Session, str]:
    """A session reading `lines` as a script; the session and what it printed."""
    buffer = io.StringIO()
    out = Console(file=buffer, width=200, color_system=None)
    errors = Console(file=io.StringIO(), width=200, color_system=None)
    session = Session(game, make_config(game, budget=AMPLE, **options), console=out,
                      stdin=io.StringIO(lines), sleep=lambda seconds: None, errors=errors)
    assert session.run() == 0
    return session, buffer.getvalue()


def review_part(text: str) -> list[str]:
    """The lines after `game over`, without the closing `bye`."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("game over: "))
    return [line for line in lines[start + 1:] if line != "bye"]


def player_plies(game: Game[Any, Any], states: list[Any]) -> list[tuple[int, int]]:
    """(ply, index in the game's history) of each player's move: chance outcomes are no plies."""
    indices = [i for i, state in enumerate(states[:-1]) if game.to_move(state) != CHANCE]
    return list(enumerate(indices, start=1))


# --- dice bones: exact expected values ----------------------------------------------------------
@cache
def expected(faces: tuple[int, ...], heap: int, mover: int, roll: int | None) -> Fraction:
    """Brute-force expectimax from the rules, MAX's view: no bones left means the player to
    move lost (the other took the last one); before a roll each face is equally likely; after
    rolling r the mover takes 1 to min(r, heap), MAX the largest value, MIN the smallest."""
    if heap == 0:
        return Fraction(-1 if mover == MAX else 1)
    if roll is None:
        return sum((expected(faces, heap, mover, face) for face in faces),
                   Fraction(0)) / len(faces)
    values = [expected(faces, heap - take, 1 - mover, None)
              for take in range(1, min(roll, heap) + 1)]
    return max(values) if mover == MAX else min(values)


SLIP = re.compile(r"  ply (\d+), (.+) played (\d+): gave away expected value, (\S+) -> (\S+) "
                  r"\(MAX's view\); (\d+) kept (\S+)")


@pytest.mark.parametrize("seed", [3, 4, 11])
def test_a_dice_bones_game_is_reviewed_by_exact_expected_values(seed: int) -> None:
    # The human (MAX) always takes one bone; the AI (MIN) plays the best expected value. Every
    # MAX move that the brute-force expectimax values below the position is named, with its
    # exact fractions, and no other: no MIN move, no roll.
    faces = (1, 2, 3)
    game = DiceBones(10, faces)
    session, text = scripted(game, "1\n" * 11, seed=seed)
    lines = review_part(text)
    assert lines[0].startswith("review by expectiminimax (exact expected values; chance "
                               "outcomes are not moves)")
    wanted = {}
    for ply, index in player_plies(game, session.states):
        heap, mover, roll = session.states[index]
        sign = 1 if mover == MAX else -1
        values = {take: expected(faces, heap - take, 1 - mover, None)
                  for take in range(1, min(roll, heap) + 1)}
        best = max(sign * value for value in values.values()) * sign
        played = values[session.moves[index]]
        if played != best:
            wanted[ply] = (mover, session.moves[index], best, played,
                           {take for take, value in values.items() if value == best})
    found = {int(m[1]): m for m in map(SLIP.fullmatch, lines[1:]) if m is not None}
    assert sorted(found) == sorted(wanted)
    assert len(found) == len(lines) - 1  # every other line is a slip
    if not wanted:
        assert lines == ["review by expectiminimax (exact expected values; chance outcomes are "
                         "not moves): no move gave away expected value"]
    for ply, (mover, move, best, played, keeping) in wanted.items():
        match = found[ply]
        assert match[2] == ("MAX (you)" if mover == MAX else "MIN (AI)")
        assert (int(match[3]), match[4], match[5], match[7]) == (
            move, format_number(best), format_number(played), format_number(best))
        assert int(match[6]) in keeping


def test_dice_bones_names_the_slip_the_issue_describes() -> None:
    # Seed 3 makes the human's first take a slip (the oracle above agrees on every seed).
    _, text = scripted(DiceBones(10), "1\n" * 11, seed=3)
    assert any(SLIP.fullmatch(line) for line in review_part(text))


# --- three players: each one's own return under max^n --------------------------------------------
@cache
def maxn_returns(heap: int, mover: int, take: tuple[int, ...]) -> tuple[int, ...]:
    """Brute-force max^n from the rules: when the mover cannot take, the player before it took
    the last bone and wins; otherwise the mover takes the amount whose returns are best for it,
    the smallest such (the tie-break rule the review assumes)."""
    amounts = [amount for amount in take if amount <= heap]
    if not amounts:
        winner = (mover - 1) % 3
        return tuple(int(player == winner) for player in range(3))
    best: tuple[int, ...] | None = None
    for amount in amounts:
        returns = maxn_returns(heap - amount, (mover + 1) % 3, take)
        if best is None or returns[mover] > best[mover]:
            best = returns
    assert best is not None
    return best


@pytest.mark.parametrize(("n", "side"), [(7, "1"), (12, "1"), (10, "2"), (8, "3"), (9, "1")])
def test_a_three_player_game_is_reviewed_by_each_players_own_return(n: int, side: str) -> None:
    take = (1, 2, 3)
    game = Bones3(n, take)
    session, text = scripted(game, "1\n" * n, seed=1, side=side)
    lines = review_part(text)
    names = [f"player {p} (you)" if str(p) == side else f"player {p} (AI)" for p in (1, 2, 3)]
    wanted = []
    for ply, index in player_plies(game, session.states):
        heap, mover = session.states[index]
        values = {amount: maxn_returns(heap - amount, (mover + 1) % 3, take)[mover]
                  for amount in take if amount <= heap}
        best = max(values.values())
        move = session.moves[index]
        if values[move] < best:
            kept = next(amount for amount, value in values.items() if value == best)
            wanted.append(f"  ply {ply}, {names[mover]} played {move}: gave away its own "
                          f"return, {best} -> {values[move]}; {kept} kept {best}")
    assumption = ("  (each move is judged by its player's own return under max^n, assuming every "
                  "player breaks ties by the first move in the game's move order: if the others "
                  "break ties otherwise, a move may turn out better or worse)")
    if wanted:
        assert lines == ["review by max^n:", *wanted, assumption]
    else:
        assert lines == ["review by max^n: no move gave away its player's own return", assumption]


def test_the_issues_three_player_slip_is_named() -> None:
    # Heap 7, player 1 to move: taking 2 leaves 5, a heap player 1 wins under max^n (the oracle
    # above); taking 1 leaves 6, which player 2 wins. The human takes 1.
    assert maxn_returns(5, 1, (1, 2, 3)) == (1, 0, 0) and maxn_returns(6, 1, (1, 2, 3))[0] == 0
    _, text = scripted(Bones3(7), "1\n" * 7, seed=1)
    assert "  ply 1, player 1 (you) played 1: gave away its own return, 1 -> 0; 2 kept 1" in text


# --- Connect Four: what the solver could not solve is searched shallow, and said so ---------------
#: X and O build columns 4-5 and 1; O threatens four in column 1 and X, instead of blocking
#: there, plays column 7: O wins at once. Before that, O's second stone in column 1 let X make an
#: open three on the bottom row (3, 4, 5, with 2 and 6 free: two threats, one block), and X did
#: not. The positions of this opening are far too large for the solver's budget, so only a search
#: that proves short forced wins can see these slips.
ALLOWS_A_WIN = [4, 1, 5, 1, 4, 1, 7, 1]
CHECKED = re.compile(r"review by a search (2|4|2 to 4) plies deep, (the other )?(\d+) moves "
                     r"\(too large for the solver\):")


def test_connect4_names_a_move_that_allows_an_immediate_win() -> None:
    """With no budget for the exact judge, every move is left to the shallow check."""
    game = ConnectFour()
    states = [game.initial_state()]
    for move in ALLOWS_A_WIN[:-1]:
        states.append(game.play(states[-1], move))
    review = review_game(game, states, ALLOWS_A_WIN, total=0)
    lines, _ = review_words(game, review, ["X", "O"], on_grid=True)
    # The review says how many moves the solver judged, if any, and claims nothing about the
    # others: a search a few plies deep judged them, and says so.
    solver = re.fullmatch(r"review by the solver, (\d+) of 8 moves: no move threw away a win or "
                          r"a draw", lines[0])
    solved = 0 if solver is None else int(solver[1])
    checked = CHECKED.fullmatch(lines[1 if solver else 0])
    assert checked is not None and int(checked[3]) == 8 - solved
    assert bool(checked[2]) == bool(solved)
    slips = lines[2 if solver else 1:]
    assert re.fullmatch(r"  ply 7, X at 7: let O force a win in 1 move; 1 does not lose within "
                        r"[24] plies", slips[-1])
    if checked[1] != "2":  # a search 4 plies deep at ply 4 sees X's double threat
        assert slips[0] == "  ply 4, O at 1: let X force a win in 2 moves; 3 does not lose " \
                           "within 4 plies"
    assert "no move threw away a win or a draw" not in "\n".join(lines[1:])


def test_connect4_review_judges_by_the_proof_within_its_budget() -> None:
    """With its budget the proof (and the book) judges the late moves exactly: X's 7 at ply 7
    gave O four in column 1 at once, and 1, the only block, kept X's value."""
    game = ConnectFour()
    script = "".join(f"{move}\n" for move in ALLOWS_A_WIN)
    session, text = scripted(game, script, vs="human")
    assert game.outcome(session.state) == -1  # O won
    lines = review_part(text)
    solver = re.fullmatch(r"review by the solver, (\d+) of 8 moves:( no move threw away a win or "
                          r"a draw)?", lines[0])
    assert solver is not None and int(solver[1]) >= 2  # at least the last two positions
    assert any(re.fullmatch(r"  ply 7, X at 7: threw away the (win|draw); 1 kept it", line)
               for line in lines)


#: 24 discs, X to move: the brute-force oracle of test_proving.py scores 4, 5 and 6 as wins
#: (6, 5 and 6), 1 and 2 as draws, 3 as a loss. X plays 1: a draw where a win was, a slip no
#: search 4 plies deep can prove (nothing is decided within 4 plies).
FAR_SLIP = "136625432711523777527337"
#: The node budget of the test: the proof search (with its threats and null windows) judges
#: every move within it; the engine alone does not.
FAR_SLIP_NODES = 5_000


def test_connect4_review_names_a_slip_only_the_proof_decides() -> None:
    from minimax_cli.core.result import Limits
    from minimax_cli.core.search import search
    from tests.answer.test_proving import columns_of, move_scores, sign

    game = ConnectFour()
    state = game.parse_position(FAR_SLIP)
    scores = move_scores(columns_of(FAR_SLIP), {})
    assert sign(max(scores.values())) == 1 and sign(scores[1]) == 0  # the oracle: a slip
    # Neither of the old judges decides it: the shallow check proves nothing, and the engine
    # does not end within the same node budget.
    far = time.perf_counter() + 600
    assert review_module._check_one(game, review_module.Position(1, state, 1), 4, far) == (None,)
    engine = search(game, state, "negamax", Limits(nodes=FAR_SLIP_NODES), exact_root=True)
    assert engine.stopped is not None
    review = review_game(game, [state], [1], nodes=FAR_SLIP_NODES, total=FAR_SLIP_NODES,
                         seconds=600)
    assert review.unsolved == 0 and len(review.slips) == 1
    slip = review.slips[0]
    assert (slip.ply, slip.player, slip.played, slip.lost, slip.depth) == (1, MAX, "1", "the win",
                                                                          None)
    assert sign(scores[int(slip.kept_by)]) == 1  # a move that keeps the win, by the oracle
    lines, _ = review_words(game, review, ["X", "O"], on_grid=True)
    assert lines == ["review by the solver:", f"  ply 1, X at 1: threw away the win; "
                     f"{slip.kept_by} kept it"]


def test_a_missed_win_in_one_is_found_by_the_shallow_check() -> None:
    # X has three in column 4 and plays column 7 instead of the fourth: a win in one missed.
    game = ConnectFour()
    moves = [4, 1, 4, 2, 4, 3, 7]
    states = [game.initial_state()]
    for move in moves[:-1]:
        states.append(game.play(states[-1], move))
    review = review_game(game, states, moves, total=0)  # no budget for the exact judge
    lines, _ = review_words(game, review, ["X", "O"], on_grid=True)
    assert "  ply 7, X at 7: missed a forced win: 4 wins in 1 move" in lines
    # With its budget the proof judges every move by its value (win, draw or loss), as the
    # solver does in other games: a slower win is no slip.
    assert review_game(game, states, moves).unsolved == 0


def test_a_review_that_judged_nothing_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # No time at all: no position is solved or searched, and the review says that, instead of
    # "no move threw away a win or a draw" about moves it never looked at.
    monkeypatch.setattr(review_module, "REVIEW_SECONDS", 0.0)
    _, text = scripted(TicTacToe(), "1\n2\n3\n4\n5\n6\n7\n", vs="human")
    assert review_part(text) == ["no review: none of the positions before the 7 moves could be "
                                 "judged within the review's 0 s"]


def test_a_game_the_solver_judged_whole_keeps_its_one_line() -> None:
    _, text = scripted(TicTacToe(), "5\n1\n9\n3\n2\n8\n7\n4\n6\n", vs="human")
    assert review_part(text) == ["review by the solver: no move threw away a win or a draw"]


def test_a_long_connect4_game_is_reviewed_within_the_budget() -> None:
    # 30 plies of a game the solver cannot finish: the review still ends about its seconds,
    # and every move is either solved, searched shallow or counted as not reviewed.
    game = ConnectFour()
    rng = random.Random(20)
    states, moves = [game.initial_state()], []
    while len(moves) < 30:  # random moves that do not end the game
        going_on = [move for move in game.legal_moves(states[-1])
                    if game.outcome(game.play(states[-1], move)) is None]
        moves.append(rng.choice(going_on))
        states.append(game.play(states[-1], moves[-1]))
    states.pop()
    started = time.perf_counter()
    review = review_game(game, states, moves, seconds=1.0)
    assert time.perf_counter() - started < 1.0 + 1.5  # a search in progress stops at its clock
    assert review.positions == 30
    assert review.solved + len(review.checked) + review.unreviewed == 30


def test_ctrl_c_during_a_dice_bones_review_stops_it_and_the_game_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Interrupted(Answerer):
        def answer(self, *args: Any, **kwargs: Any) -> Any:
            raise KeyboardInterrupt

    monkeypatch.setattr(review_module, "Answerer", Interrupted)  # the review's answers only
    _, text = scripted(DiceBones(6), "1\n" * 7, seed=3)
    assert review_part(text) == ["(Ctrl-C stopped the review; Ctrl-C again quits.)"]
