"""A game's own exact solver: the hook `Game.exact_solver` returns one, and `minimax solve` (and
anything else wanting a proven answer) asks it before searching.

A solver knows its game better than a search does: a bottom-up table and a proven period (bones),
a theorem (Nim's xor rule), an opening book. It answers with a `Solution`: the proven score of the
position and of every legal move, how it was found and why that is sound, in this position's
numbers. A game whose positions form a family indexed by one whole number n (bones heaps) may
also tabulate the family (`series`), for patterns to be found in it.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from minimax_cli.core.i18n import Words
from minimax_cli.core.memory import DEFAULT_MB
from minimax_cli.core.periodic import Period
from minimax_cli.core.result import MoveValue
from minimax_cli.core.score import Number, PovScore, Score

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

#: Called with (work done, total work) while a solver runs; drives a progress display, and is
#: where a caller with a deadline stops the solver (by raising from it, see `stop_at`).
Progress = Callable[[int, int], None]


class OutOfTime(Exception):
    """Raised from a solver's progress report once the caller's deadline has passed."""


def stop_at(deadline: float) -> Progress:
    """A progress report that stops the solver (OutOfTime) once `time.perf_counter()` reaches
    `deadline`: how a think keeps its budget without interrupting code from outside."""

    def progress(done: int, total: int) -> None:
        if time.perf_counter() >= deadline:
            raise OutOfTime

    return progress


@dataclass(frozen=True)
class Solution(Generic[M]):
    """What a game's own exact solver proved about one position.

    `score` is the position's proven score and `moves` the proven score of every legal move, in
    the game's move order, each with its point of view (`.max()` gives MAX's, as the course shows
    values). A score's `plies` is the distance to the end with best play when the solver knows it,
    None otherwise. `method` names how the answer was found in a word ("table", "period",
    "theorem"), `explanation` says in sentences why it is sound, with this position's numbers;
    `facts` are figures for scripts and the JSON output (the period, the heaps solved...). `work`
    counts the positions the solver computed.
    """

    score: PovScore
    moves: tuple[MoveValue, ...]
    method: str
    explanation: tuple[Words, ...]
    work: int
    facts: Mapping[str, object] | None = None

    def __post_init__(self) -> None:
        # A solver proves; a bound or an estimate here would be shown as a proof.
        for score in (self.score, *(m.score for m in self.moves)):
            if not score.relative.exact:
                raise ValueError(f"a solution holds exact, proven scores only, not {score.relative}")

    @property
    def max_score(self) -> Score:
        """The position's score from MAX's (player 0's) point of view."""
        return self.score.max()

    @property
    def value(self) -> Number:
        """The position's value from MAX's point of view (+1 / 0 / -1 in a win/loss game)."""
        return self.score.max().number

    @property
    def distance(self) -> int | None:
        """Plies to the end with best play, when the solver knows them."""
        return self.score.relative.plies


@dataclass(frozen=True)
class Standing:
    """One n of a family in a game of more than two players, where no single value says who
    wins: the returns (one per player) under the assumption the series states, the winner they
    make (a player index, None when the returns name none), how many ties the assumption's
    tie-break rule broke on the line of play (where another rule may give another winner) and
    the first of them in words."""

    returns: tuple[Number, ...]
    winner: int | None
    ties: int = 0
    notes: tuple[Words, ...] = ()


@dataclass(frozen=True)
class Series:
    """A family of positions indexed by a whole number n (the heap size in bones), solved together.

    For n = 0..len(outcomes) - 1: `outcomes[n]` is True when the player to move wins from
    position n, `moves[n]` the winning moves in notation (empty when there are none) and
    `ended` lists the n where the game is already over (no move at all). `description` names the
    family and its rules in a few words. `proven` is the period of the outcome sequence when the
    game proved one for the infinite sequence (with `proof` saying how), None otherwise.

    A game of more than two players gives `standings` (one per n: who wins and the returns) and
    the `assumption` that makes a single winner (max^n with its tie-break rule, say); then
    `outcomes[n]` says whether the player to move is that winner and `moves[n]` lists the move
    it plays under the assumption.
    """

    description: Words
    outcomes: tuple[bool, ...]
    moves: tuple[tuple[str, ...], ...]
    ended: frozenset[int]
    proven: Period | None = None
    proof: Words = ""
    standings: tuple[Standing, ...] | None = None
    assumption: Words = ""

    def __post_init__(self) -> None:
        if len(self.moves) != len(self.outcomes):
            raise ValueError(f"{len(self.outcomes)} outcomes but {len(self.moves)} move lists")
        if self.standings is not None and (len(self.standings) != len(self.outcomes)
                                           or not self.assumption):
            raise ValueError("standings need one entry per n and the assumption behind them")
        if self.proven is not None and not self.proven.proven:
            raise ValueError("a series' period must be proven; an observed one is found by callers")

    @property
    def upto(self) -> int:
        """The largest n in the series."""
        return len(self.outcomes) - 1


class ExactSolver(ABC, Generic[S, M]):
    """A game's own exact solver (see `Game.exact_solver`).

    `has_series` says whether `series` answers, so a caller can tell before computing anything.
    `memory_mb` is the memory the solver's own tables may take, in megabytes (given by
    `Game.exact_solver(memory_mb)`, from `--table-mb`:
    `minimax solve --table-mb`); a solve that would need more raises SearchError naming it.
    """

    has_series: ClassVar[bool] = False
    memory_mb: float = DEFAULT_MB

    @abstractmethod
    def solve(self, state: S, progress: Progress | None = None) -> Solution[M] | None:
        """The proven score of `state` and of every legal move, or None when this solver does not
        cover the state (then a search is used). A solver whose work can take more than a few
        milliseconds calls `progress(done, total)` at least every few milliseconds of it: that
        is where a caller's deadline stops it (OutOfTime raised from the call), as nothing
        interrupts it from outside.

        Raises SearchError when the state is covered but the answer cannot be had within the
        solver's limits (the message says why)."""

    def series(self, upto: int, progress: Progress | None = None) -> Series | None:
        """The family's positions 0..upto solved, when the game has such a family; else None."""
        return None


__all__ = ["ExactSolver", "Progress", "Series", "Solution", "Standing"]
