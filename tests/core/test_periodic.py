"""The period observe_period reads off sequences written by hand, and value_at."""

from __future__ import annotations

import pytest

from minimax_cli.core.periodic import Period, value_at
from minimax_cli.services.series import observe_period


def test_purely_periodic() -> None:
    period = observe_period([0, 1, 0, 1, 0, 1])
    assert period == Period(preperiod=0, period=2, checked_upto=6)
    assert not period.proven


def test_constant_sequence_has_period_one() -> None:
    assert observe_period([7, 7, 7, 7]) == Period(preperiod=0, period=1, checked_upto=4)


def test_preperiod_before_the_repeating_block() -> None:
    seq = [5, 5, 0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert observe_period(seq) == Period(preperiod=2, period=3, checked_upto=11)


def test_preperiod_of_one_term() -> None:
    assert observe_period([9, 0, 0, 0, 0]) == Period(preperiod=1, period=1, checked_upto=5)


def test_preperiod_whose_last_term_looks_periodic() -> None:
    # 2, 0 at the front: the 0 at index 1 fits the block (0, 1) but the 2 does not.
    seq = [2, 0, 1, 0, 1, 0, 1, 0, 1]
    found = observe_period(seq)
    assert found is not None
    assert (found.preperiod, found.period) == (1, 2)


def test_no_period_in_a_sequence_without_repeats() -> None:
    assert observe_period([0, 1, 2, 3, 4, 5]) is None


def test_empty_sequence_has_no_period() -> None:
    assert observe_period([]) is None


def test_too_few_repeats_is_not_convincing() -> None:
    seq = [1, 2, 3, 1, 2, 3]
    assert observe_period(seq) is None  # two repeats; the default asks for three
    assert observe_period(seq, min_repeats=2) == Period(preperiod=0, period=3, checked_upto=6)


def test_a_change_at_the_end_breaks_the_period() -> None:
    seq = [0, 1] * 10 + [1]
    # the (0, 1) block does not survive the final term, and no block repeats three times at the end
    assert observe_period(seq) is None


def test_smallest_period_is_preferred() -> None:
    found = observe_period([0, 1] * 8)
    assert found is not None
    assert found.period == 2  # also periodic with 4, 6, ...


def test_value_at_before_and_after_the_preperiod() -> None:
    seq = [5, 5, 0, 1, 2]
    period = Period(preperiod=2, period=3, checked_upto=5)
    assert [value_at(seq, period, n) for n in range(11)] == [5, 5, 0, 1, 2, 0, 1, 2, 0, 1, 2]
    # 10**18 ≡ 1 (mod 3), so 10**18 sits 2 places into the block (0, 1, 2) that starts at index 2
    assert value_at(seq, period, 10**18) == 2


def test_value_at_rejects_negative_index_and_short_sequences() -> None:
    period = Period(preperiod=2, period=3, checked_upto=5)
    with pytest.raises(ValueError, match="0 or more"):
        value_at([5, 5, 0, 1, 2], period, -1)
    with pytest.raises(ValueError, match="needs at least 5"):
        value_at([5, 5, 0, 1], period, 100)


def test_period_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        Period(preperiod=0, period=0, checked_upto=3)
    with pytest.raises(ValueError):
        Period(preperiod=-1, period=1, checked_upto=3)
