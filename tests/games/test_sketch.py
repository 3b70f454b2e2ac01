"""Sketches of bones and Nim positions (`Game.sketch`): heaps as rows of sticks in plain ASCII,
counted in groups of five, with a summary of a few characters however large the heap."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bones.game import Bones
from games.nim.game import SKETCH_ROWS, Nim
from minimax_cli.core import MAX, MIN


# --- the sketch: the heap as sticks ----------------------------------------------------------------
def test_sketch_of_small_heaps() -> None:
    game = Bones()
    assert game.sketch((7, MAX)) == ("||||| ||  7 bones",)
    assert game.sketch((1, MIN)) == ("|  1 bone",)
    assert game.sketch((5, MAX)) == ("|||||  5 bones",)
    assert game.sketch((21, MAX)) == ("||||| ||||| ||||| ||||| |  21 bones",)
    assert game.sketch((30, MAX)) == ("||||| ||||| ||||| ||||| ||||| |||||  30 bones",)


@pytest.mark.parametrize("heap", range(1, 31))
def test_sketch_draws_one_stick_a_bone_up_to_thirty(heap: int) -> None:
    (line,) = Bones().sketch((heap, MAX))
    drawing, count = line.split("  ")
    assert drawing.count("|") == heap and set(drawing) <= {"|", " "}
    assert all(len(group) == 5 for group in drawing.split()[:-1])
    assert count == f"{heap} bone{'s' if heap > 1 else ''}"


def test_sketch_of_an_empty_heap_and_of_a_finished_game() -> None:
    assert Bones().sketch((0, MAX)) == ("no bones left",)
    # with take 2,5 a heap of 1 is finished: nothing fits, but the bone is still drawn
    game = Bones(take=(2, 5))
    assert game.outcome((1, MAX)) is not None and game.sketch((1, MAX)) == ("|  1 bone",)


HUGE_HEAPS = [
    (31, "31"),
    (10**18, "1,000,000,000,000,000,000"),
    (10**21 - 1, "999,999,999,999,999,999,999"),
    (10**21, "10**21"),
    (10**21 + 1, "more than 10**21"),
    (10**100, "10**100"),
    (10**100 - 1, "more than 10**99"),
    (10**5000, "10**5000"),  # past the 4,300 digits that str() of an int accepts
]


@pytest.mark.parametrize(("heap", "count"), HUGE_HEAPS, ids=[count for _, count in HUGE_HEAPS])
def test_sketch_of_huge_heaps_is_a_summary(heap: int, count: str) -> None:
    (line,) = Bones().sketch((heap, MAX))
    assert line == f"||||| ||||| ||||| ||||| ...  {count} bones"
    assert len(line) <= 64 and line.isascii()


# --- the sketch: one numbered row of sticks per heap ------------------------------------------------
def test_sketch_of_three_heaps() -> None:
    assert Nim().sketch(((3, 4, 5), MAX)) == [
        "heap 1  |||    3",
        "heap 2  ||||   4",
        "heap 3  |||||  5",
    ]


def test_sketch_with_an_empty_heap_and_a_huge_one() -> None:
    assert Nim().sketch(((7, 10**18, 0, 1), MIN)) == [
        "heap 1  ||||| ||                                             7",
        "heap 2  ||||| ||||| ||||| ||||| ...  1,000,000,000,000,000,000",
        "heap 3  (empty)                                              0",
        "heap 4  |                                                    1",
    ]


def test_sketch_of_a_finished_game() -> None:
    game = Nim()
    state = ((0, 0), MAX)
    assert game.outcome(state) is not None
    assert game.sketch(state) == ["heap 1  (empty)  0", "heap 2  (empty)  0"]


@given(st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=SKETCH_ROWS))
def test_sketch_rows_draw_each_heap(heaps: list[int]) -> None:
    rows = Nim().sketch((tuple(heaps), MAX))
    assert len(rows) == len(heaps)
    for number, (row, heap) in enumerate(zip(rows, heaps, strict=True), start=1):
        label, rest = row[:5 + len(str(len(heaps)))], row[5 + len(str(len(heaps))):]
        assert label.split() == ["heap", str(number)] and row.isascii()
        assert rest.split()[-1] == str(heap)  # the size, at the end of the row
        sticks = rest.count("|")
        assert sticks == (heap if heap <= 30 else 20) and ("..." in rest) == (heap > 30)
    assert len({len(row) for row in rows}) == 1  # sizes right-aligned in one column


def test_sketch_of_many_heaps_counts_the_rest() -> None:
    heaps = (1,) * 20 + (0,) * 10
    rows = Nim().sketch((heaps, MAX))
    assert len(rows) == SKETCH_ROWS == 12
    assert rows[0] == "heap  1  |  1" and rows[10] == "heap 11  |  1"
    assert rows[-1] == "... and 19 more heaps (12 to 30), 9 of them not empty"
