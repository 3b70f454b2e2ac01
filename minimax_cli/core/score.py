"""Scores: what a search proved or estimated about a position, and from whose point of view.

A `Score` is one of
- a proven result of a win/loss game: WIN, DRAW or LOSS, with the plies to the end when known;
- a proven number (VALUE): a leaf of an explicit tree backed up, or an average of outcomes;
- a heuristic ESTIMATE from an evaluation function, never a proof;
each possibly only a LOWER or UPPER bound on the true value. A `PovScore` pairs a score with the
player it is seen by and converts it to the other player's view (python-chess's `PovScore` is the
model).

The engine works on plain numbers for speed. This module is the one place that gives them meaning:
a finished win/loss game scores `+-(WIN - ply)` (so quicker wins rank first), heuristics stay inside
`+-HEURISTIC_LIMIT`, and `decode` / `encode` convert between engine numbers and Scores. Nothing else
reads meaning from a number's size.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Final, Union

from minimax_cli.core.record import Record

Number = Union[int, float, Fraction]  # noqa: UP007 -- a runtime alias, also for Python 3.10

#: Engine score of a win at the root; a win found `ply` plies below the root scores WIN - ply.
WIN = 10**12
#: The deepest win the encoding can tell apart from a heuristic.
MAX_PLIES = 10**9
#: Engine scores at least this large in absolute value are proven wins or losses.
WIN_BAND = WIN - MAX_PLIES
#: Evaluation functions must return numbers strictly inside +-HEURISTIC_LIMIT.
HEURISTIC_LIMIT = 10**9


class Kind(str, enum.Enum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    VALUE = "value"  # a proven number on the game's scale
    ESTIMATE = "estimate"  # a heuristic, not a proof


class Bound(str, enum.Enum):
    """How the true value relates to a reported one."""

    EXACT = "exact"
    LOWER = "lower"  # the true value is at least this
    UPPER = "upper"  # the true value is at most this

    def flip(self) -> Bound:
        return _FLIPPED_BOUND[self]


_FLIPPED_BOUND = {Bound.EXACT: Bound.EXACT, Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}
_FLIPPED_KIND = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN}


class Score(Record):
    """A result, number or estimate from one player's point of view.

    `number` is on the game's scale: +1 / 0 / -1 for a win / draw / loss, the value otherwise.
    `bound` says how the true value relates to it. For WIN and LOSS, `plies` counts the plies to
    the end of the game with best play (None when unknown); `plies_at_most` marks it as an upper
    limit (a quicker win, or a quicker loss, may exist: the search did not look everywhere).
    Scores are values (core.record), not dataclasses: every command loads them.
    """

    __slots__ = ("bound", "kind", "number", "plies", "plies_at_most")
    fields = ("kind", "number", "bound", "plies", "plies_at_most")

    def __init__(self, kind: Kind, number: Number, bound: Bound = Bound.EXACT,
                 plies: int | None = None, plies_at_most: bool = False) -> None:
        self.kind: Final = kind
        self.number: Final = number
        self.bound: Final = bound
        self.plies: Final = plies
        self.plies_at_most: Final = plies_at_most

    # --- constructors ---------------------------------------------------------------------------
    @classmethod
    def win(cls, plies: int | None = None, at_most: bool = False) -> Score:
        return cls(Kind.WIN, 1, Bound.EXACT, plies, at_most and plies is not None)

    @classmethod
    def loss(cls, plies: int | None = None, at_most: bool = False) -> Score:
        return cls(Kind.LOSS, -1, Bound.EXACT, plies, at_most and plies is not None)

    @classmethod
    def draw(cls, bound: Bound = Bound.EXACT) -> Score:
        return cls(Kind.DRAW, 0, bound)

    @classmethod
    def value(cls, number: Number, bound: Bound = Bound.EXACT) -> Score:
        return cls(Kind.VALUE, number, bound)

    @classmethod
    def estimate(cls, number: Number, bound: Bound = Bound.EXACT) -> Score:
        return cls(Kind.ESTIMATE, number, bound)

    # --- what it says ---------------------------------------------------------------------------
    @property
    def proven(self) -> bool:
        """True unless the score is a heuristic estimate."""
        return self.kind is not Kind.ESTIMATE

    @property
    def exact(self) -> bool:
        """A proven value that is not merely a bound."""
        return self.proven and self.bound is Bound.EXACT

    @property
    def result(self) -> bool:
        """True for the words of a win/loss game: win, draw or loss."""
        return self.kind in (Kind.WIN, Kind.DRAW, Kind.LOSS)

    def flip(self) -> Score:
        """The same score from the opponent's point of view (two players, zero-sum)."""
        return Score(_FLIPPED_KIND.get(self.kind, self.kind), -self.number, self.bound.flip(),
                     self.plies, self.plies_at_most)

    def __neg__(self) -> Score:
        return self.flip()

    def sort_key(self) -> tuple[int, Number]:
        """Larger is better for the player whose view this is: quicker wins first, slower losses
        before quicker ones, numbers and estimates in between."""
        if self.kind is Kind.WIN:
            return (1, -(self.plies if self.plies is not None else MAX_PLIES))
        if self.kind is Kind.LOSS:
            if self.plies is None:
                return (-1, MAX_PLIES)
            # A loss in at most p plies may come sooner: it ranks just below a loss in exactly p.
            return (-1, self.plies - 0.5 if self.plies_at_most else self.plies)
        return (0, self.number)

    def __str__(self) -> str:
        prefix = {Bound.EXACT: "", Bound.LOWER: "at least ", Bound.UPPER: "at most "}[self.bound]
        if self.kind in (Kind.WIN, Kind.LOSS):
            text = "win" if self.kind is Kind.WIN else "loss"
            if self.plies is not None:
                limit = "at most " if self.plies_at_most else ""
                text += f" in {limit}{self.plies} pl{'y' if self.plies == 1 else 'ies'}"
            return prefix + ("a " if prefix else "") + text
        if self.kind is Kind.DRAW:
            return prefix + ("a " if prefix else "") + "draw"
        word = "estimate" if self.kind is Kind.ESTIMATE else "value"
        return f"{word} {prefix}{format_number(self.number)}"


class PovScore(Record):
    """A score as seen by player `pov` (0 is MAX, the first player). A value (core.record)."""

    __slots__ = ("pov", "relative")
    fields = ("relative", "pov")

    def __init__(self, relative: Score, pov: int) -> None:
        self.relative: Final = relative
        self.pov: Final = pov

    def seen_by(self, player: int) -> Score:
        """The score from `player`'s point of view (two players, zero-sum)."""
        return self.relative if player == self.pov else self.relative.flip()

    def max(self) -> Score:
        """From MAX's (player 0's) point of view, as the course shows values."""
        return self.seen_by(0)

    def for_player(self, player: int) -> PovScore:
        """The same score held as `player` sees it (itself when `player` already holds it)."""
        return self if player == self.pov else PovScore(self.seen_by(player), player)


def tidy(number: Number) -> Number:
    """A Fraction that is a whole number becomes an int (so 1 is shown as 1, not 1/1)."""
    if isinstance(number, Fraction) and number.denominator == 1:
        return number.numerator
    return number


def format_number(number: Number) -> str:
    """A number as people write it: whole numbers without a point, fractions as p/q."""
    if isinstance(number, Fraction):
        if number.denominator == 1:
            return str(number.numerator)
        return f"{number.numerator}/{number.denominator}"
    if isinstance(number, float):
        if number != number or number in (float("inf"), float("-inf")):
            return {float("inf"): "+∞", float("-inf"): "-∞"}.get(number, "nan")
        if number.is_integer():
            return str(int(number))
        return f"{number:.4g}"
    return str(number)


class Scale(Record):
    """How a game's own players write its scores (chess): an estimate in units of `per` of the
    engine's numbers with `decimals` places and a sign (centipawns as pawns: 38 is `+0.38`), a
    win or a loss as a mate counted in the winner's moves (`#3`: the view's player mates in 3;
    `#-2`: it is mated in 2). `unit` names the engine's number (JSON's `cp`); `legend` says, in
    English marked for the catalogue (shown through `_`), what the figures mean."""

    __slots__ = ("decimals", "legend", "per", "unit")
    fields = ("per", "decimals", "unit", "legend")

    def __init__(self, per: int, decimals: int, unit: str, legend: str) -> None:
        self.per: Final = per
        self.decimals: Final = decimals
        self.unit: Final = unit
        self.legend: Final = legend

    def text(self, score: Score) -> str:
        """`+0.38`, `≤ -1.20`, `0.00`, `#3`, `#-2` (with ≥ / ≤ for a bound)."""
        sign = {Bound.EXACT: "", Bound.LOWER: "≥ ", Bound.UPPER: "≤ "}[score.bound]
        moves = mate_moves(score)
        if moves is not None:
            return f"{sign}#{moves}"
        if score.kind in (Kind.WIN, Kind.LOSS):  # no distance known
            return sign + ("#" if score.kind is Kind.WIN else "#-")
        return f"{sign}{float(score.number) / self.per:+.{self.decimals}f}".replace(
            f"+{0:.{self.decimals}f}", f"{0:.{self.decimals}f}")


def mate_moves(score: Score) -> int | None:
    """A win or loss as chess counts it, in the winner's moves: positive when the score's player
    mates (a win in 1, 3 or 5 plies is a mate in 1, 2, 3), negative when it is mated (a loss in 2
    or 4 plies: mated in 1, 2); None for other scores or no known distance."""
    if score.kind not in (Kind.WIN, Kind.LOSS) or score.plies is None:
        return None
    moves = (score.plies + 1) // 2
    return moves if score.kind is Kind.WIN else -moves


# --- the engine's numbers ----------------------------------------------------------------------------
def terminal_score(value: Number, ply: int, win_loss: bool) -> Number:
    """The engine score of a finished game `ply` plies below the root, for MAX, from the game's
    value for MAX: +-(WIN - ply) in a win/loss game (quicker wins rank first), the value otherwise."""
    if not win_loss:
        return value
    if value > 0:
        return WIN - ply
    if value < 0:
        return ply - WIN
    return 0


def is_decisive(score: Number) -> bool:
    """True when an engine score (of a win/loss game) is in the band of proven wins and losses."""
    return score >= WIN_BAND or score <= -WIN_BAND


def decode(score: Number, proven: bool, bound: Bound, win_loss: bool) -> Score:
    """The Score meant by an engine score, relative to the node it was found for.

    `proven` says no heuristic took part in it. A score in the win band is a proven win or loss
    even when heuristics took part elsewhere in the search (they stay below the band), but then
    only its length is uncertain: a quicker win (or loss) may exist, so `plies_at_most` is set.
    """
    if win_loss and is_decisive(score):
        plies = int(WIN - (score if score > 0 else -score))
        if score > 0:
            if bound is Bound.UPPER:  # at most a win in `plies`: not a proof of anything
                return Score(Kind.WIN, 1, Bound.UPPER, plies)
            return Score.win(plies, at_most=not proven or bound is Bound.LOWER)
        if bound is Bound.LOWER:
            return Score(Kind.LOSS, -1, Bound.LOWER, plies)
        return Score.loss(plies, at_most=not proven or bound is Bound.UPPER)
    if not proven:
        return Score.estimate(score, bound)
    if win_loss:
        if score != 0:
            raise ValueError(f"a proven score of a win/loss game is 0 or decisive, not {score}")
        return Score.draw(bound)
    return Score.value(score, bound)


def decode_raw(value: Number, proven: bool, bound: Bound, win_loss: bool) -> Score:
    """The Score of a value on the game's own scale (textbook searches without a heuristic back up
    raw utilities, +1 / 0 / -1, so their node counts match the course)."""
    if not proven:
        return Score.estimate(value, bound)
    if win_loss:
        if value > 0:
            return Score.win() if bound is not Bound.UPPER else Score(Kind.WIN, 1, Bound.UPPER)
        if value < 0:
            return Score.loss() if bound is not Bound.LOWER else Score(Kind.LOSS, -1, Bound.LOWER)
        return Score.draw(bound)
    return Score.value(value, bound)


def encode(score: Score) -> Number:
    """The engine score of a Score (inverse of `decode` for exact scores)."""
    if score.kind is Kind.WIN:
        return WIN - (score.plies if score.plies is not None else MAX_PLIES - 1)
    if score.kind is Kind.LOSS:
        return (score.plies if score.plies is not None else MAX_PLIES - 1) - WIN
    return score.number


__all__ = [
    "HEURISTIC_LIMIT",
    "MAX_PLIES",
    "WIN",
    "WIN_BAND",
    "Bound",
    "Kind",
    "Number",
    "PovScore",
    "Scale",
    "Score",
    "decode",
    "decode_raw",
    "encode",
    "format_number",
    "is_decisive",
    "mate_moves",
    "terminal_score",
    "tidy",
]
