"""The transposition table: a memory budget, two slots per bucket, entries that keep what was
stored."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minimax_cli.core.memory import TABLE_ENTRY_BYTES as ENTRY_BYTES
from minimax_cli.core.table import (
    DEPTH_END,
    EXACT,
    LOWER,
    MAX_MOVE_INDEX,
    UPPER,
    TranspositionTable,
)

MB = 2**20


@pytest.mark.parametrize("megabytes", [0.01, 0.5, 1, 3, 64, 100])
def test_the_table_fills_its_budget_with_a_power_of_two_slots(megabytes: float) -> None:
    table = TranspositionTable(megabytes)
    slots = table.capacity
    assert slots & (slots - 1) == 0 and slots >= 2
    # The largest power of two whose entries fit the budget.
    assert slots * ENTRY_BYTES <= megabytes * MB < 2 * slots * ENTRY_BYTES
    assert len(table) == 0


def test_capacity_grows_with_the_budget() -> None:
    sizes = [TranspositionTable(mb).capacity for mb in (0.01, 0.1, 1, 10, 100)]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)
    assert TranspositionTable(2).capacity == 2 * TranspositionTable(1).capacity


@pytest.mark.parametrize("megabytes", [0, -1, 0.001, 10**6, float("inf"), float("nan")])
def test_a_size_outside_the_limits_is_refused(megabytes: float) -> None:
    with pytest.raises(ValueError, match="MB"):
        TranspositionTable(megabytes)


def same_bucket(table: TranspositionTable, count: int, base: int = 5) -> list[int]:
    """Distinct key hashes that fall in the same bucket."""
    step = table.capacity // 2  # buckets
    return [base + i * step for i in range(count)]


SCORES: list[Any] = [0, -3, 7, 10**40, -(10**40), 2.5, -0.125, Fraction(-7, 3), Fraction(1, 10**30)]


@pytest.mark.parametrize("score", SCORES)
@pytest.mark.parametrize("key_hash", [12345, -12345, 2**63 + 11, -(2**70)])
def test_an_entry_gives_back_what_was_stored(score: Any, key_hash: int) -> None:
    table = TranspositionTable(0.01)
    table.store(key_hash, LOWER, False, 9, 4, score)
    entry = table.probe(key_hash)
    assert entry is not None
    assert (entry.flag, entry.proven, entry.depth, entry.move_index) == (LOWER, False, 9, 4)
    assert entry.score == score and type(entry.score) is type(score)


@given(st.integers(-2**80, 2**80), st.sampled_from([EXACT, LOWER, UPPER]), st.booleans(),
       st.integers(0, 10**6), st.integers(-1, 70_000),
       st.one_of(st.integers(-10**30, 10**30), st.fractions(), st.floats(allow_nan=False)))
def test_any_entry_round_trips(key_hash: int, flag: int, proven: bool, depth: int,
                               move_index: int, score: Any) -> None:
    table = TranspositionTable(0.01)
    table.store(key_hash, flag, proven, depth, move_index, score)
    entry = table.probe(key_hash)
    assert entry is not None
    assert entry.flag == flag and entry.proven == proven and entry.score == score
    # Proven entries hold at any depth; a heuristic one never reads as "to the end".
    assert entry.depth == (DEPTH_END if proven else min(depth, DEPTH_END - 1))
    # Move indices below MAX_MOVE_INDEX come back; others (and -1) as no move.
    assert entry.move_index == (move_index if 0 <= move_index < MAX_MOVE_INDEX else None)


def test_another_key_in_the_same_slots_is_not_found() -> None:
    table = TranspositionTable(0.01)
    first, second = same_bucket(table, 2)
    table.store(first, EXACT, True, 3, 0, 1)
    assert table.probe(second) is None
    assert table.probe(first) is not None


def test_the_deeper_entry_stays_and_the_newest_takes_the_other_slot() -> None:
    table = TranspositionTable(0.01)
    a, b, c, d = same_bucket(table, 4)
    table.store(a, EXACT, False, 5, 0, 50)
    table.store(b, EXACT, False, 3, 0, 30)  # shallower: the always-replace slot
    assert table.probe(a) is not None and table.probe(b) is not None
    table.store(c, EXACT, False, 2, 0, 20)  # replaces b, a stays
    assert table.probe(b) is None
    entry_a, entry_c = table.probe(a), table.probe(c)
    assert entry_a is not None and entry_a.score == 50
    assert entry_c is not None and entry_c.score == 20
    table.store(d, EXACT, False, 7, 0, 70)  # deeper: takes the first slot, a moves over
    assert table.probe(c) is None
    entry_a, entry_d = table.probe(a), table.probe(d)
    assert entry_a is not None and entry_a.score == 50
    assert entry_d is not None and entry_d.score == 70
    assert len(table) == 2


def test_a_proven_entry_outranks_any_depth() -> None:
    table = TranspositionTable(0.01)
    a, b, c = same_bucket(table, 3)
    table.store(a, EXACT, True, 1, 0, 1)
    table.store(b, EXACT, False, DEPTH_END + 100, 0, 2)  # deep, but not proven: the other slot
    table.store(c, EXACT, False, DEPTH_END + 100, 0, 3)
    entry = table.probe(a)
    assert entry is not None and entry.proven and entry.depth == DEPTH_END
    assert table.probe(b) is None and table.probe(c) is not None


@pytest.mark.parametrize(("deep", "shallow"), [(50, 10), (Fraction(1, 3), Fraction(2, 3)),
                                               (0.5, 0.25)])
def test_a_shallower_result_for_the_same_key_does_not_change_the_deeper_one(
        deep: Any, shallow: Any) -> None:
    """The engine stores a position again at a smaller depth when a deeper entry could not answer
    it (its bound did not cut): each slot must keep its own score."""
    table = TranspositionTable(0.01)
    a, b = same_bucket(table, 2)
    table.store(a, LOWER, False, 6, 1, deep)
    table.store(a, UPPER, False, 2, 2, shallow)
    entry = table.probe(a)
    assert entry is not None and entry.depth == 6 and entry.flag == LOWER
    assert entry.score == deep and entry.move_index == 1
    table.store(b, EXACT, False, 1, 0, 7)  # evicts the shallow copy of a
    entry = table.probe(a)
    assert entry is not None and entry.depth == 6 and entry.score == deep


def test_the_same_key_at_least_as_deep_replaces_itself() -> None:
    table = TranspositionTable(0.01)
    (a,) = same_bucket(table, 1)
    table.store(a, UPPER, False, 4, 0, Fraction(1, 2))
    table.store(a, EXACT, False, 4, 3, Fraction(3, 4))
    entry = table.probe(a)
    assert entry is not None and entry.flag == EXACT and entry.score == Fraction(3, 4)
    assert entry.move_index == 3
    assert len(table) == 1


def test_use_for_clears_on_a_new_context_only() -> None:
    table = TranspositionTable(0.01)
    table.use_for(("game", "open-lines"))
    table.store(1, EXACT, False, 2, 0, Fraction(1, 3))
    table.use_for(("game", "open-lines"))
    assert len(table) == 1 and table.probe(1) is not None
    table.use_for(("game", "other"))
    assert len(table) == 0 and table.probe(1) is None
    table.store(1, EXACT, False, 2, 0, 5)
    table.use_for(("game", "other"))
    entry = table.probe(1)
    assert entry is not None and entry.score == 5



@pytest.mark.parametrize("megabytes", [0.02, 1.0])
def test_the_engine_packs_and_places_entries_as_the_table_does(megabytes: float) -> None:
    # The engine writes whole-number entries itself; with a score kept aside it lets the table
    # place them (`put`). A side entry at a slot that does not exist forces that path without
    # touching any real slot: both tables must end with the same entries in the same slots.
    from games.tictactoe.game import TicTacToe
    from minimax_cli.core.result import Limits
    from minimax_cli.core.search import search

    game = TicTacToe(4, 3, 3)
    inline, placed = TranspositionTable(megabytes), TranspositionTable(megabytes)
    placed.extra[-1] = 0
    for depth in (2, 4, 6):  # one evaluation throughout: the tables are never cleared
        for table in (inline, placed):
            search(game, game.initial_state(), "negamax", Limits(depth=depth), table=table)
        assert placed.extra == {-1: 0}
        assert inline.slot_list() == placed.slot_list()
    assert sum(e is not None for e in inline.slot_list()) > 100


# --- one memory budget -----------------------------------------------------------------------------
@pytest.mark.parametrize("megabytes", [0.5, 3.0, None])
def test_every_table_a_command_builds_reads_the_same_budget(megabytes: float | None) -> None:
    """--table-mb is one number of bytes for the transposition table, the proof search's table,
    the memos and a game's solver: each holds as many entries as that many bytes fit at the size
    core.memory states for it (None: the one default)."""
    from games.bones.game import Bones
    from games.connect4.game import ConnectFour
    from minimax_cli.core import memory
    from minimax_cli.core.search.maxn import Memo
    from minimax_cli.core.search.prover import Prover

    budget = (memory.DEFAULT_MB if megabytes is None else megabytes) * MB
    table = TranspositionTable(memory.DEFAULT_MB if megabytes is None else megabytes)
    assert table.capacity * memory.TABLE_ENTRY_BYTES <= budget < 2 * table.capacity * ENTRY_BYTES
    proof = Prover(ConnectFour(), table_mb=megabytes).search.max_entries
    assert proof == int(budget) // memory.PROOF_ENTRY_BYTES
    if megabytes is None:
        assert Memo().capacity == int(budget) // memory.VECTOR_MEMO_ENTRY_BYTES
    solver = Bones().exact_solver(megabytes)
    assert solver is not None
    assert solver.memory_mb == (memory.DEFAULT_MB if megabytes is None else megabytes)


# --- allocated as it fills (issue 20, defect 17) -----------------------------------------------------
def test_a_large_budget_allocates_nothing_up_front() -> None:
    # --table-mb 16384 used to allocate a list of 2**28 slots (2.1 GB) before the search began.
    import tracemalloc

    tracemalloc.start()
    try:
        table = TranspositionTable(16384)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    from minimax_cli.core.memory import TABLE_ENTRY_BYTES

    # The most slots (a power of two) that the budget holds at the stated bytes an entry.
    assert table.capacity * TABLE_ENTRY_BYTES <= 16384 * MB < 2 * table.capacity * TABLE_ENTRY_BYTES
    assert len(table) == 0
    assert peak < 64 * 1024


def test_a_large_budget_fits_a_short_time_budget() -> None:
    # `analyze connect4 7171635 --time 0.1 --table-mb 16384` took 3.2 s: the table's allocation
    # now happens as entries are stored, inside the search and its clock.
    import time

    from games.connect4.game import ConnectFour
    from minimax_cli.core.result import Limits
    from minimax_cli.core.search import search

    game = ConnectFour()
    state = game.parse_position("7171635")
    started = time.perf_counter()
    result = search(game, state, limits=Limits(time=0.1), table_mb=16384)
    elapsed = time.perf_counter() - started
    assert result.stats.nodes > 0
    assert elapsed < 1.0
