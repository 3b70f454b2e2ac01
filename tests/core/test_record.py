"""The value classes every command loads are plain classes (core.record), not dataclasses, for
start-up time: they keep what their dataclasses gave, equality by value, a hash, the same repr,
pickling (a `--jobs` batch sends results between processes), and their checks."""

import pickle

import pytest

from minimax_cli.core.game import GameType, Grid
from minimax_cli.core.i18n import M_, Grouped, Joined, Message, nM_
from minimax_cli.core.result import Limits, MoveValue, SearchStats, TraceNode
from minimax_cli.core.score import PovScore, Score


def test_equal_by_value_and_class() -> None:
    assert Limits(depth=3) == Limits(3, None, None)
    assert Limits(depth=3) != Limits(depth=4)
    assert Limits(depth=3) != (3, None, None)  # another class is never equal
    assert GameType(chance=True) == GameType(2, True)
    assert M_("win{distance}", distance=Grouped(5)) == Message("win{distance}", (("distance", Grouped(5)),))
    assert nM_("a ply", "{n} plies", 2) != nM_("a ply", "{n} plies", 3)


def test_hashable_as_a_key() -> None:
    seen = {Limits(nodes=10): "a", GameType(): "b", Joined(("x", "y")): "c"}
    assert seen[Limits(nodes=10)] == "a" and seen[GameType(2, False, True, True, -1, 1)] == "b"
    assert seen[Joined(("x", "y"), ", ")] == "c"


def test_shown_as_the_dataclass_showed_it() -> None:
    assert repr(Limits(depth=3)) == "Limits(depth=3, time=None, nodes=None)"
    assert repr(Grid(1, 2, ("x", None))) == "Grid(rows=1, cols=2, cells=('x', None))"
    assert repr(Grouped(12)) == "Grouped(number=12)"


def test_pickled_and_read_back() -> None:
    move = MoveValue(4, PovScore(Score.draw(), 0), visits=7)
    assert pickle.loads(pickle.dumps(move)) == move
    assert pickle.loads(pickle.dumps(M_("{n} left", n=Grouped(3)))) == M_("{n} left", n=Grouped(3))


def test_checks_kept() -> None:
    with pytest.raises(ValueError, match="at least one player"):
        GameType(players=0)
    with pytest.raises(ValueError, match="depth must be from 0"):
        Limits(depth=-1)


def test_counts_and_trace_nodes_are_equal_by_value_and_never_hashed() -> None:
    stats = SearchStats(nodes=392, leaves=96)
    kept = stats.copy()
    stats.nodes += 1  # the search goes on counting; the copy keeps what it was
    assert kept == SearchStats(nodes=392, leaves=96) and kept != stats
    assert TraceNode(None, 0, value=1) == TraceNode(None, 0, None, None, 1)
    with pytest.raises(TypeError):
        hash(stats)
    with pytest.raises(TypeError):
        hash(TraceNode(None, 0))
