"""One score proven during `solve` of a game with a proof kernel (Connect Four), as the proof
hands it on: a named part of the report model (plain data), so that a front end can show each
score the moment it is proven (cli/solve_stream.py) and the service can build the report
(`from_solve`) from the same facts once the proof ends."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from minimax_cli.core.score import Score


@dataclass(frozen=True)
class ProvenFact:
    """One score proven: the position's (`move` None) or a move's, in the kernel's units for the
    player to move (`kernel_score`) and as a Score from MAX's view; `from_book` when the game's
    opening book answered it rather than the proof search; `elapsed` seconds and `nodes` spent
    proving it. `sign_only`: only win, draw or loss is known (`kernel_score` 1, 0 or -1): what
    the book proves at once of a position whose exact scores are still to be searched."""

    move: Hashable | None
    kernel_score: int
    score: Score
    from_book: bool
    elapsed: float
    nodes: int = 0
    sign_only: bool = False


#: Hears each fact as it is proven.
OnFact = Callable[[ProvenFact], None]

__all__ = ["OnFact", "ProvenFact"]
