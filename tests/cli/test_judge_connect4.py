"""The judge script's pieces (scripts/judge_connect4.py) against the brute-force oracle of
tests/answer/test_proving.py: its value-keeping rule, its own solver's answers, Pons' where built,
and a game from a won late position that the AI wins against the judge's perfect opponent."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from games.connect4.game import ConnectFour
from tests.answer.test_proving import POSITIONS, columns_of, move_scores, sign

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "judge_connect4.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("judge_connect4", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["judge_connect4"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


judge = load()


@pytest.mark.parametrize("moves", POSITIONS)
def test_the_rule_accepts_exactly_the_moves_that_keep_the_oracles_value(moves: str) -> None:
    scores = move_scores(columns_of(moves), {})
    value = sign(max(scores.values()))
    kept = {m for m, s in scores.items() if judge.keeps_value(value, sign(s))}
    assert kept == {m for m, s in scores.items() if sign(s) == value}
    assert judge.best_moves(scores) == [m for m, s in scores.items() if s == max(scores.values())]


@pytest.mark.parametrize("moves", POSITIONS[:3])
def test_our_own_judge_agrees_with_the_oracle(moves: str) -> None:
    own = judge.OwnJudge(ConnectFour(), 60.0)
    scores = move_scores(columns_of(moves), {})
    assert own.value(moves) == sign(max(scores.values()))
    assert own.scores(moves) == scores


@pytest.mark.skipif(not judge.PONS.is_file(), reason="Pons' solver is not built here")
@pytest.mark.parametrize("moves", POSITIONS[:3])
def test_pons_judge_agrees_with_the_oracle(moves: str) -> None:
    pons = judge.PonsJudge(judge.PONS, 60.0)
    scores = move_scores(columns_of(moves), {})
    assert pons.value(moves) == sign(max(scores.values()))
    assert pons.scores(moves) == scores


def test_the_ai_wins_a_won_position_against_the_perfect_opponent() -> None:
    game = ConnectFour()
    won = next(m for m in POSITIONS if max(move_scores(columns_of(m), {}).values()) > 0)
    own = judge.OwnJudge(game, 60.0)
    assert judge.play_game(game, own, won, len(won) % 2 == 0, 5.0, 1) == "won"


class Refusing:
    """A judge that must not be asked (the book should answer)."""

    name = "nobody"

    def value(self, moves: str) -> int:
        raise AssertionError(f"asked the value of {moves!r}")

    def scores(self, moves: str) -> dict[int, int]:
        raise AssertionError(f"asked the scores of {moves!r}")


def test_the_book_answers_the_empty_board_as_pons_publishes_it() -> None:
    """Pons' site: the empty board's columns score -2 -1 0 1 0 -1 -2; the first player wins."""
    book_first = judge.BookFirst(ConnectFour(), Refusing())
    assert book_first.value("") == 1
    assert book_first.scores("") == {1: -2, 2: -1, 3: 0, 4: 1, 5: 0, 6: -1, 7: -2}
    assert book_first.value("4") == -1 and book_first.value("3") == 0  # exact at 1 disc


def test_the_book_defers_to_the_judge_where_it_does_not_hold_the_position() -> None:
    moves = POSITIONS[0]
    own = judge.OwnJudge(ConnectFour(), 60.0)
    book_first = judge.BookFirst(ConnectFour(), own)
    scores = move_scores(columns_of(moves), {})
    assert book_first.scores(moves) == scores
    assert book_first.value(moves) == sign(max(scores.values()))


def test_the_opponent_plays_its_first_reply_then_random_then_the_judges_best() -> None:
    game = ConnectFour()
    moves = POSITIONS[0]
    own = judge.OwnJudge(game, 60.0)
    best = judge.best_moves(move_scores(columns_of(moves), {}))[0]
    legal = set(game.legal_moves(game.parse_position(moves)))
    rng = judge.random.Random(1)
    assert judge.Opponent().move(game, own, moves, True, rng) == best
    first = min(legal)
    assert judge.Opponent(first=first).move(game, own, moves, True, rng) == first
    assert judge.Opponent(first=first).move(game, own, moves, False, rng) == best
    randoms = {judge.Opponent(random_before=len(moves) + 1).move(game, own, moves, False, rng)
               for _ in range(40)}
    assert randoms <= legal and len(randoms) > 1
    said = judge.Opponent(first=4, random_before=7).describe("the judge")
    assert "column 4 at its first turn" in said and "fewer than 7 discs" in said
    assert judge.Opponent().describe("the judge") == "a move of best exact score by the judge"
