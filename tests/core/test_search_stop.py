"""A search stopped from outside (core/search/common.py's Budget `stop`): asked where the clock is
read, every CHECK_INTERVAL nodes, also when the search has no time or node limit."""

from __future__ import annotations

import sys

import pytest

from minimax_cli.core.result import STOP_INTERRUPTED, Limits
from minimax_cli.core.search.common import CHECK_INTERVAL, Budget, Stop


def test_a_budget_without_limits_or_stop_never_checks() -> None:
    assert Budget(Limits()).check_at == sys.maxsize


def test_a_stop_request_is_heard_within_one_check_interval() -> None:
    requested = False
    budget = Budget(Limits(), stop=lambda: requested)
    assert budget.check_at == CHECK_INTERVAL  # the first check comes after CHECK_INTERVAL nodes
    budget.check(budget.check_at)  # not requested yet: the search goes on
    assert budget.check_at == 2 * CHECK_INTERVAL
    requested = True
    with pytest.raises(Stop) as stopped:
        budget.check(budget.check_at)
    assert stopped.value.reason == STOP_INTERRUPTED


def test_the_node_budget_stays_exact_with_a_stop() -> None:
    budget = Budget(Limits(nodes=10), stop=lambda: False)
    assert budget.check_at == 11
