"""Types of the C module built from games/connect4/_native.c (see games/connect4/native.py)."""

from collections.abc import Callable, Sequence
from typing import Any

class Search:
    nodes: int
    probes: int
    hits: int
    max_entries: int
    check_at: int

    def __init__(self, cols: int, rows: int, order: Sequence[int], symmetry_plies: int,
                 max_entries: int, check: Callable[[int], int], check_at: int,
                 lower_bound: int) -> None: ...
    def solve(self, state: Any, plies: int, weak: bool) -> int: ...
    def at_least(self, state: Any, plies: int, value: int) -> bool: ...
    def clear(self) -> None: ...
    def entries(self) -> int: ...
