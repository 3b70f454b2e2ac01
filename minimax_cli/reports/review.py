"""The end-of-game review as a report part: the slips a game's moves made and what judged them.

Plain data, built by minimax_cli.answer.review (which asks the one precedence every move's value)
and said in words by minimax_cli.play.review_words; `json_form.review_dict` is its JSON form,
`$defs/review` in the report schema. A slip's `lost` and a review's `judge` are keys, never
words, so that the words and the JSON say them each their own way.

A game no think searches to its end (chess) gets an engine review beside (`EngineReview`): the
moves its engine ESTIMATES were mistakes or blunders at the depth it reached (`Estimate`), never
called proven; the slips above stay the proven findings.
"""

from __future__ import annotations

from dataclasses import dataclass

from minimax_cli.core.score import Number, Score

#: What a review judges by (`Review.judge`), and what an expected-value or own-return slip lost.
SOLVER, EXPECTED, RETURNS = "solver", "expected value", "own return"
#: What a slip lost (`Slip.lost`), besides EXPECTED and RETURNS: the solver's findings, then the
#: shallow check's.
LOST_WIN, LOST_DRAW, LOST_POINTS = "the win", "the draw", "points"
MISSED_WIN, FORCED_LOSS = "missed win", "forced loss"
#: How bad the engine estimates a move (`Estimate.grade`).
MISTAKE, BLUNDER = "mistake", "blunder"


@dataclass(frozen=True)
class Slip:
    """One move that made things worse for its player, with a move that would have kept the value.

    `lost` says what (keys, not words): "the win", "the draw", "points" (an explicit tree),
    "expected value" (a game of chance), "own return" (more than two players; the values are
    then the mover's own returns), or, found by the shallow check, "forced loss" (the move let
    the opponent force a win: `plies` from the move to the end) and "missed win" (`kept_by`
    wins by force in `plies`). `depth` is the shallow search's depth, None for the solver."""

    ply: int  # 1 for the first move played (from the start position or the position given)
    player: int
    played: str
    kept_by: str
    lost: str
    value_before: Number  # MAX's view, or the mover's own return for "own return"
    value_after: Number
    depth: int | None = None
    plies: int | None = None


@dataclass(frozen=True)
class Estimate:
    """A move the engine's search estimates lost at least a mistake's worth for its player: an
    estimate at `depth` (the position before the move searched that deep, the position after it
    a ply less), never a proof. `best` (after `better`, the engine's move) and `after` (after
    the move played) are MAX's view; `loss` is in the engine's units (centipawns) for the
    mover."""

    ply: int
    player: int
    played: str
    better: str
    grade: str  # MISTAKE or BLUNDER
    depth: int
    best: Score
    after: Score
    loss: int


@dataclass(frozen=True)
class EngineReview:
    """What the engine review did: of `positions` moves it was asked to judge (the humans'),
    `checked` were estimated (at the depths `depths`) and the others not (the budget of
    `seconds` ran out, or a search did not reach two plies within `nodes`); `estimates` are the
    mistakes and blunders found, graded by `mistake` and `blunder` (engine units for the
    mover), those at a ply with a proven slip left out (the proof says more)."""

    algorithm: str
    positions: int
    checked: int
    depths: tuple[int, ...]
    estimates: list[Estimate]
    nodes: int
    seconds: float
    mistake: int
    blunder: int

    @property
    def unchecked(self) -> int:
        return self.positions - self.checked


@dataclass(frozen=True)
class Review:
    """The slips found, and what was judged: `positions` moves of players (chance outcomes are
    not moves), of which the solver could not solve `unsolved`; `checked` holds the depth the
    shallow check reached at each of those it searched (the others were not reviewed); `judge`
    what judged the moves (SOLVER, EXPECTED, RETURNS) and `seconds` the review's time budget;
    `engine` the engine review's estimates, where the game has one (None elsewhere)."""

    slips: list[Slip]
    unsolved: int
    positions: int
    checked: tuple[int, ...]
    judge: str
    seconds: float
    engine: EngineReview | None = None

    @property
    def solved(self) -> int:
        return self.positions - self.unsolved

    @property
    def unreviewed(self) -> int:
        return self.unsolved - len(self.checked)


__all__ = ["BLUNDER", "EXPECTED", "FORCED_LOSS", "LOST_DRAW", "LOST_POINTS", "LOST_WIN",
           "MISSED_WIN", "MISTAKE", "RETURNS", "SOLVER", "EngineReview", "Estimate", "Review",
           "Slip"]
