"""Nim's moves computed on demand (games.nim.moves) against lists built the plain way: the natural
order written out, and the search order as the sort it replaces (opponent lost by Bouton's theorem
first, then larger takes, stable), with the theorem checked by copying the heaps."""

from __future__ import annotations

import itertools
from functools import reduce
from itertools import islice
from operator import xor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.nim.game import Nim
from games.nim.moves import NimMoves, OrderedNimMoves, leaves_lost, winning_moves
from minimax_cli.core import MAX

Heaps = tuple[int, ...]


def mover_wins(heaps: Heaps, misere: bool) -> bool:
    """Bouton's theorem, from its statement."""
    total = reduce(xor, heaps, 0)
    if misere and all(h <= 1 for h in heaps):
        return total == 0
    return total != 0


def after(heaps: Heaps, move: tuple[int, int]) -> Heaps:
    index, amount = move
    return (*heaps[:index], heaps[index] - amount, *heaps[index + 1:])


def natural(heaps: Heaps) -> list[tuple[int, int]]:
    return [(i, a) for i, size in enumerate(heaps) for a in range(1, size + 1)]


def search_order(heaps: Heaps, misere: bool) -> list[tuple[int, int]]:
    return sorted(natural(heaps), key=lambda m: (mover_wins(after(heaps, m), misere), -m[1]))


SMALL = [h for count in (1, 2, 3) for h in itertools.product(range(6), repeat=count)]


def check_sequence(lazy: NimMoves | OrderedNimMoves, expected: list[tuple[int, int]]) -> None:
    assert len(lazy) == len(expected) and bool(lazy) == bool(expected)
    assert list(lazy) == expected and lazy == expected and expected == lazy
    for i, move in enumerate(expected):
        assert lazy[i] == move and lazy[i - len(expected)] == move
        assert lazy.index(move) == i and move in lazy
    for start, stop, step in ((1, 4, 1), (0, None, 2), (None, None, -1), (3, 1, 1), (-3, None, 1)):
        assert lazy[start:stop:step] == expected[start:stop:step]
    for outside in ((0, 0), (len(lazy.heaps), 1), (0, lazy.heaps[0] + 1), (-1, 1), "1:1", (0,)):
        assert outside not in lazy
        with pytest.raises(ValueError):
            lazy.index(outside)
    with pytest.raises(IndexError):
        lazy[len(expected)]
    if expected:
        with pytest.raises(ValueError):
            lazy.index(expected[0], 1)


@pytest.mark.parametrize("misere", [False, True])
def test_both_orders_agree_with_the_lists_on_every_small_position(misere: bool) -> None:
    for heaps in SMALL:
        check_sequence(NimMoves(heaps), natural(heaps))
        check_sequence(OrderedNimMoves(heaps, misere), search_order(heaps, misere))


@pytest.mark.parametrize("misere", [False, True])
def test_winning_moves_are_exactly_those_that_leave_the_opponent_lost(misere: bool) -> None:
    for heaps in SMALL:
        lost = leaves_lost(heaps, misere)
        expected = [m for m in natural(heaps) if not mover_wins(after(heaps, m), misere)]
        assert [m for m in natural(heaps) if lost(*m)] == expected
        assert winning_moves(heaps, misere) == sorted(expected, key=lambda m: (-m[1], m[0]))
        assert bool(expected) == (mover_wins(heaps, misere) and any(heaps))


@given(st.lists(st.integers(0, 9), min_size=1, max_size=6), st.booleans())
def test_the_orders_agree_on_more_heaps(heaps: list[int], misere: bool) -> None:
    check_sequence(OrderedNimMoves(tuple(heaps), misere), search_order(tuple(heaps), misere))


def test_the_game_hands_the_lazy_orders_to_the_search() -> None:
    game = Nim(misere=True)
    state = ((3, 0, 2), MAX)
    moves = game.legal_moves(state)
    assert isinstance(moves, NimMoves) and moves == natural((3, 0, 2))
    ordered = game.order_moves(state, moves)
    assert isinstance(ordered, OrderedNimMoves) and ordered == search_order((3, 0, 2), True)
    # a list of some of the moves is sorted the same way, as a list
    some = [(0, 1), (2, 2), (0, 3), (2, 1)]
    expected = [m for m in search_order((3, 0, 2), True) if m in some]
    assert game.order_moves(state, some) == expected


def test_a_billion_moves_cost_nothing_until_asked_for() -> None:
    # heaps far beyond what a position may be read with (a state built in code): a list of these
    # moves would take tens of gigabytes
    big = 10**9
    moves = NimMoves((big, 3))
    assert len(moves) == big + 3 and moves[0] == (0, 1) and moves[-1] == (1, 3)
    assert moves[big] == (1, 1) and moves.index((0, big // 2)) == big // 2 - 1
    ordered = OrderedNimMoves((big, 3), misere=False)
    # nim-sum big xor 3: the one winning move leaves 3 in the first heap; then the largest takes
    assert list(islice(ordered, 5)) == [(0, big - 3), (0, big), (0, big - 1), (0, big - 2),
                                        (0, big - 4)]
    assert [ordered[i] for i in range(5)] == list(islice(ordered, 5))
    assert ordered[-1] == (1, 1) and ordered[-2] == (0, 1) and ordered[-6] == (0, 3)
    assert ordered.index((0, big - 4)) == 4 and ordered.index((1, 3)) == len(ordered) - 5
    assert ordered[1:4] == [(0, big), (0, big - 1), (0, big - 2)]
