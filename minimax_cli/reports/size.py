"""The measured size of a game (`minimax size`, services/size.py measures it): the sample of games
played (games, positions, plies, legal moves), perft's counts from a position, the tree's size
estimated as b^d with its exponent, the course's figures beside them, and the JSON form. Plain
data: no Rich, no Typer."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: The course's figures for chess: 35 legal moves a position, 100 plies a game, 35^100 ≈ 10^154.
COURSE_BRANCHING = 35
COURSE_PLIES = 100


@dataclass(frozen=True)
class Sample:
    """What a file of games measured: how many games, positions (those where a move was played,
    one a ply), plies, and legal moves summed over those positions."""

    games: int
    positions: int
    moves: int
    plies: int

    @property
    def mean_moves(self) -> float:
        """The branching factor b: legal moves per position where a move was played."""
        return self.moves / self.positions if self.positions else 0.0

    @property
    def mean_plies(self) -> float:
        """The length d: plies per game."""
        return self.plies / self.games if self.games else 0.0


@dataclass(frozen=True)
class GameSize:
    """The measured size of a game: the sample of games (None without a file), its source, the
    position perft counted from and its counts at depths 1, 2, … (empty without perft)."""

    game: str
    sample: Sample | None
    source: str | None
    position: str
    perft: tuple[int, ...]


def power_of_ten(branching: float, plies: float) -> float:
    """log10 of branching^plies: the exponent of the game tree's size estimated as b^d."""
    return plies * math.log10(branching) if branching > 0 else 0.0


def json_form(size: GameSize) -> dict[str, Any]:
    """The size as JSON: plain numbers, the estimate's exponent rounded to 0.1."""
    answer: dict[str, Any] = {"game": size.game, "position": size.position,
                              "perft": [{"depth": depth, "count": count}
                                        for depth, count in enumerate(size.perft, start=1)],
                              "course": {"branching": COURSE_BRANCHING, "plies": COURSE_PLIES,
                                         "power_of_ten": round(power_of_ten(
                                             COURSE_BRANCHING, COURSE_PLIES), 1)}}
    if size.sample is not None:
        sample = size.sample
        answer["sample"] = {"source": size.source, "games": sample.games,
                            "positions": sample.positions, "legal_moves": sample.moves,
                            "plies": sample.plies, "mean_legal_moves": round(sample.mean_moves, 2),
                            "mean_plies": round(sample.mean_plies, 2),
                            "power_of_ten": round(power_of_ten(sample.mean_moves,
                                                               sample.mean_plies), 1)}
    return answer
