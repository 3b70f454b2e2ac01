"""Connect Four's proof search in C (games/connect4/_native.c), behind the interface of the Python
search (minimax_cli.core.search.proof.ProofSearch) that it mirrors step for step.

The C module exists where `pip install .` found a C compiler; `search(...)` returns None where it
does not, or for a board of more than 64 bits (cols x (rows + 1)), and the
Python search runs instead (as it does where the kernel's switches say so: MINIMAX_PURE, read when
the kernel is built). Scores and node counts are the same either way
(tests/core/test_proof_native.py).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from minimax_cli.core.compiled import usable
from minimax_cli.core.search.proof import CHECK_EVERY, LOWER_BOUND

if TYPE_CHECKING:
    from games.connect4._native import Search

#: The C search keeps a column's place in the move order in 4 bits, and a board in 64.
MAX_COLS = 16
MAX_BITS = 64


def native_module() -> ModuleType | None:
    """The C module, or None: not built (no C compiler at install), or a stale build."""
    try:
        from games.connect4 import _native as _connect4_native
    except ImportError:
        return None
    return _connect4_native if usable(_connect4_native) else None


class NativeTable:
    """The C search's table as the prover sees it: its size, and emptying it."""

    def __init__(self, core: Search) -> None:
        self._core = core

    def __len__(self) -> int:
        return int(self._core.entries())

    def clear(self) -> None:
        self._core.clear()


class NativeProofSearch:
    """ProofSearch over a ConnectFourKernel, run by the C module: the same methods and counters."""

    def __init__(self, core: Search) -> None:
        self._core = core
        self.table = NativeTable(core)

    @property
    def nodes(self) -> int:
        return int(self._core.nodes)

    @property
    def probes(self) -> int:
        return int(self._core.probes)

    @property
    def hits(self) -> int:
        return int(self._core.hits)

    @property
    def max_entries(self) -> int:
        return int(self._core.max_entries)

    @property
    def check_at(self) -> int:
        return int(self._core.check_at)

    @check_at.setter
    def check_at(self, nodes: int) -> None:
        self._core.check_at = nodes

    def clear(self) -> None:
        self._core.clear()

    def solve(self, state: Any, n: int, weak: bool) -> int:
        return int(self._core.solve(state, n, weak))

    def at_least(self, state: Any, n: int, value: int) -> bool:
        return bool(self._core.at_least(state, n, value))


def fits(cols: int, rows: int) -> bool:
    """Whether the C search takes a board of this size."""
    return cols <= MAX_COLS and cols * (rows + 1) <= MAX_BITS


def available(cols: int, rows: int) -> bool:
    """Whether a search of this board would run in C."""
    return fits(cols, rows) and native_module() is not None


def search(cols: int, rows: int, order: list[int], symmetry_plies: int, max_entries: int,
           check: Callable[[int], int]) -> NativeProofSearch | None:
    """The C search for a kernel of this board and move order, or None (see the docstring)."""
    module = native_module() if fits(cols, rows) else None
    if module is None:
        return None
    core = module.Search(cols, rows, order, symmetry_plies, max_entries, check, CHECK_EVERY,
                         LOWER_BOUND)
    return NativeProofSearch(core)


__all__ = ["NativeProofSearch", "NativeTable", "available", "fits", "native_module", "search"]
