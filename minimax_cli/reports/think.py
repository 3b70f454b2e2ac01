"""A think of the AI as a report part: what a hint, `why` and the AI's move line show.

`Think` is one think's report (`model.from_search`, ranked: its best moves are those the AI
chooses among) with how the answering room found it: the game's own solver, an opening book or a
proof, a search to the end or stopped, Ctrl-C, and the position's value when a proof settled it
but no move keeping it was proven. `Why` adds the move the AI played from that think, whether at
random, and the line of play it expects after it (`PlayLine`). Plain data: minimax_cli.answer
builds them from its answers (answer/thinks.py); minimax_cli.play.words and why_words say them,
and minimax_cli.play.hints draws them; `json_form.think_dict` and `why_dict` are their JSON form
(`$defs/think`, `$defs/why` in the report schema; `play` shows them in words only).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from minimax_cli.reports.model import Report


@dataclass(frozen=True)
class PlayLine:
    """A line of play from a position, its first move the one explained.

    `to_the_end`: it reaches the end of the game; `proven`: every value it follows is proven (no
    heuristic); `cut`: it was shortened to the policy's longest line; `optimal_only`: each move
    keeps the game value but the solver gave no distances, so it is not necessarily the quickest
    win."""

    moves: list[Any]
    to_the_end: bool
    proven: bool
    cut: bool = False
    optimal_only: bool = False


@dataclass(frozen=True)
class Think:
    """One think as its report and how it was found.

    `budget` the seconds it had; `how` the way that gave the answer ("solver", "book", "proof",
    "search"; None when nothing completed) and `steps` each way tried with its seconds and nodes
    (a solver's positions); `method` the game's own solver's (None: not answered so);
    `solved` every root move's score proven without a heuristic; `interrupted` by Ctrl-C
    (`in_proof`: during the proof search); `proof_seconds` what an unfinished proof search took
    before the searches; `proof` what settled the move by proof ("book", "exact", "value");
    `value` the position's value for the side to move (1 won, -1 lost) proven by `value_proof`
    when no move keeping it was; `tied` the best moves in the game's order (the AI picks among
    them) and `alike` those of them that give every player what the best move gives (more than
    two players; otherwise the same moves)."""

    report: Report
    budget: float
    how: str | None
    steps: tuple[tuple[str, float, int], ...]
    method: str | None
    solved: bool
    interrupted: bool
    in_proof: bool
    proof_seconds: float | None
    proof: str | None
    value: int | None
    value_proof: str | None
    tied: tuple[Hashable, ...]
    alike: tuple[Hashable, ...]


@dataclass(frozen=True)
class Why:
    """Why the AI played `move` at `ply` (a player's move; chance outcomes not counted): the think
    it came from, whether it was a random move instead (`randomness` the chance of one at the
    AI's `level`), and the line of play expected from it."""

    think: Think
    ply: int
    move: Hashable
    random: bool
    level: int
    randomness: float
    line: PlayLine


__all__ = ["PlayLine", "Think", "Why"]
