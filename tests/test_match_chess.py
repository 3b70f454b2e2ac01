"""scripts/match_chess.py's interval: the normal approximation with the trinomial variance, on
sums worked by hand (the script itself is a benchmark, run by hand, never here)."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("chess")
ROOT = Path(__file__).resolve().parent.parent


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("match_chess", ROOT / "scripts" / "match_chess.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


SCRIPT = load_script()


def test_even_wins_and_losses_give_half_with_the_binomial_width() -> None:
    # 10 wins, 10 losses: mean 1/2, each game 1/2 away, sd 1/2, half width 1.96 * 0.5 / sqrt(20)
    mean, low, high = SCRIPT.score_interval(10, 0, 10)
    assert mean == 0.5
    assert math.isclose(high - mean, 1.959963984540054 * 0.5 / math.sqrt(20))
    assert math.isclose(mean - low, high - mean)


def test_all_draws_have_no_width_and_the_top_is_clipped_at_one() -> None:
    assert SCRIPT.score_interval(0, 8, 0) == (0.5, 0.5, 0.5)
    # 3 wins, 1 draw: mean 7/8, variance (3 * (1/8)^2 + (3/8)^2) / 4 = 3/64; the top passes 1
    mean, low, high = SCRIPT.score_interval(3, 1, 0)
    assert mean == 0.875 and high == 1.0
    assert math.isclose(low, 0.875 - 1.959963984540054 * math.sqrt(3 / 64 / 4))


def test_elo_of_three_quarters_is_400_log10_3() -> None:
    assert math.isclose(SCRIPT.elo_of(0.75), 400 * math.log10(3))
    assert SCRIPT.elo_of(1.0) is None and SCRIPT.elo_of(0.0) is None
