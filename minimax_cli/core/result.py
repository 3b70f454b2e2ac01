"""What a search is asked (`Limits`) and what it answers (`SearchResult`), with its statistics and trace.

Values in results are on the game's own scale and from MAX's (the first player's) point of view:
for a win/loss game +1 / 0 / -1 when proven, the heuristic's number otherwise; for a game tree its
leaf numbers.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Hashable
from dataclasses import dataclass, field

#: Internal score of a proven win at the root; a win found `ply` plies deep scores WIN - ply.
WIN = 1_000_000
#: Scores at least this large (in absolute value) are proven wins or losses, never heuristics.
WIN_THRESHOLD = WIN - 100_000


class Bound(str, enum.Enum):
    """How a reported value relates to the true one (from MAX's point of view)."""

    EXACT = "exact"
    LOWER = "lower"  # the true value is at least this
    UPPER = "upper"  # the true value is at most this


@dataclass(frozen=True)
class Limits:
    """When a search must stop: plies below the root, seconds, nodes. None means no limit."""

    depth: int | None = None
    time: float | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.depth is not None and self.depth < 0:
            raise ValueError(f"depth must be 0 or more, got {self.depth}")
        if self.time is not None and self.time <= 0:
            raise ValueError(f"time must be a positive number of seconds, got {self.time}")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"nodes must be at least 1, got {self.nodes}")


@dataclass
class SearchStats:
    """Counts kept by every search. `nodes` counts every state the search was called on, the root
    included, also when the table answered it; `leaves` counts utility and evaluation calls."""

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    tt_probes: int = 0
    tt_hits: int = 0
    depth: int = 0
    elapsed: float = 0.0

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.elapsed if self.elapsed > 0 else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {
            "nodes": self.nodes,
            "leaves": self.leaves,
            "cutoffs": self.cutoffs,
            "tt_probes": self.tt_probes,
            "tt_hits": self.tt_hits,
            "depth": self.depth,
            "time_s": round(self.elapsed, 6),
            "nodes_per_s": round(self.nodes_per_second),
        }


@dataclass(frozen=True)
class MoveValue:
    """The value of one root move. `score` is the search's internal score (MAX's view), which also
    ranks quicker wins above slower ones; `distance` is plies to the forced end when proven."""

    move: Hashable
    value: float
    bound: Bound
    exact: bool
    score: float
    distance: int | None = None


@dataclass
class TraceNode:
    """One visited node of a recorded search, for the tree view.

    `alpha` and `beta` are the window the node was entered with (None for plain minimax); `pruned`
    lists the moves whose subtrees were never visited because of a cutoff here.
    """

    move: Hashable | None
    player: int
    alpha: float | None = None
    beta: float | None = None
    value: float | None = None
    kind: str = "inner"  # "inner", "terminal", "eval" (heuristic at the depth limit) or "table"
    children: list[TraceNode] = field(default_factory=list)
    pruned: list[Hashable] = field(default_factory=list)


@dataclass
class SearchResult:
    """Everything one search found; nothing of it comes back any other way."""

    algorithm: str
    best_move: Hashable | None
    value: float
    exact: bool
    pv: list[Hashable]
    moves: list[MoveValue]
    stats: SearchStats
    root_player: int
    depth: int | None = None  # completed depth; None when searched to the end of the game
    timed_out: bool = False
    distance: int | None = None
    trace: TraceNode | None = None
    trace_truncated: bool = False

    def best_moves(self) -> list[Hashable]:
        """Every root move whose value is exactly as good as the best one (for random tie-breaks)."""
        exact = [m for m in self.moves if m.bound is Bound.EXACT]
        if not exact:
            return [] if self.best_move is None else [self.best_move]
        pick = max if self.root_player == 0 else min
        best = pick(m.score for m in exact)
        return [m.move for m in exact if m.score == best]

    def choose_move(self, rng: random.Random | None = None) -> Hashable | None:
        """The best move; among equally good ones a random one when `rng` is given."""
        if rng is None:
            return self.best_move
        tied = self.best_moves()
        return rng.choice(tied) if tied else self.best_move
