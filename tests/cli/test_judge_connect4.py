"""The judge script's pieces (scripts/judge_connect4.py) against the brute-force oracle of
tests/cli/test_proving.py: its value-keeping rule, its own solver's answers, Pons' where built,
and a game from a won late position that the AI wins against the judge's perfect opponent."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from games.connect4 import ConnectFour
from tests.cli.test_proving import POSITIONS, columns_of, move_scores, sign

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
