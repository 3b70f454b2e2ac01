"""What a move's value means, in words for the players of a `minimax play` session.

Every value is told from the side of one player, a `Party` ("you", "the AI", "X"), against the
other. Counts follow minimax_cli.words: "in 2 moves" counts the named player's own moves, and once
a move is played it no longer counts ("in 1 more move"). A heuristic value is called an estimate,
a bound says "at least" or "at most", and a game of numbers shows its values from MAX's side, as
the course does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from minimax_cli.core.game import Game
from minimax_cli.core.result import STOP_TIME
from minimax_cli.core.score import Bound, Kind, Number, PovScore, Score, format_number
from minimax_cli.words import count, in_own_moves, own_moves

if TYPE_CHECKING:
    from minimax_cli.policy import Thought

AnyGame = Game[Any, Any]

_AT = {Bound.EXACT: "", Bound.LOWER: "at least ", Bound.UPPER: "at most "}
_SIGN = {Bound.EXACT: "", Bound.LOWER: "≥ ", Bound.UPPER: "≤ "}


@dataclass(frozen=True)
class Party:
    """A player as the session speaks of it: `you` (you win, your moves) or `the AI` / `X` (wins,
    its moves)."""

    player: int
    name: str
    possessive: str = "its"
    plural: bool = False

    def wins(self) -> str:
        return f"{self.name} {'win' if self.plural else 'wins'}"

    def whose(self) -> str:
        """`your`, `the AI's`, `X's`."""
        return self.possessive if self.plural else f"{self.name}'s"


def you(player: int) -> Party:
    return Party(player, "you", "your", plural=True)


def max_view(score: Score, player: int) -> str:
    """`value 3 (MAX's view)`: a number of a game of values, as the course shows it."""
    return f"{PovScore(score, player).max()} (MAX's view)"


def _numeric(game: AnyGame, score: Score) -> bool:
    return not game.win_loss or score.kind is Kind.VALUE


def _bound_words(score: Score, party: Party) -> str:
    """A proven bound on a result: `at least a draw for you`."""
    word = {Kind.WIN: "win", Kind.LOSS: "loss", Kind.DRAW: "draw"}[score.kind]
    return f"{_AT[score.bound]}a {word} for {party.name}"


def before_words(game: AnyGame, score: Score, mover: Party, other: Party) -> str:
    """What a move means before it is played, `score` from its mover's side: `you can force a win
    in 2 moves` (this move counted), `the AI can force a win in 1 move` (a loss for you), `a draw
    with best play`, `at least a draw for you`, `estimate 4 for you`, `value 3 (MAX's view)`."""
    if _numeric(game, score):
        return max_view(score, mover.player)
    if score.kind is Kind.ESTIMATE:
        return f"{score} for {mover.name}"
    if score.bound is not Bound.EXACT:
        return _bound_words(score, mover)
    if score.kind is Kind.DRAW:
        return "a draw with best play"
    if score.kind is Kind.WIN:
        return f"{mover.name} can force a win{in_own_moves(score.plies, score.plies_at_most)}"
    rest = None if score.plies is None else score.plies - 1  # the opponent moves first after it
    return f"{other.name} can force a win{in_own_moves(rest, score.plies_at_most)}"


def after_words(game: AnyGame, score: Score, mover: Party, other: Party) -> str:
    """What a move means once played, `score` from its mover's side as valued before it: `the AI
    wins with this move`, `the AI can force a win in 1 more move`, `you can force a win in 2
    moves` (the mover lost), and otherwise as `before_words`."""
    if _numeric(game, score) or score.kind is Kind.ESTIMATE or score.bound is not Bound.EXACT:
        return before_words(game, score, mover, other)
    if score.kind is Kind.WIN and score.plies is not None:
        if score.plies <= 1:
            return f"{mover.wins()} with this move"
        at_most = "at most " if score.plies_at_most else ""
        return (f"{mover.name} can force a win in {at_most}"
                f"{count(own_moves(score.plies) - 1, 'more move')}")
    return before_words(game, score, mover, other)


def ending_words(game: AnyGame, value: float, mover: Party) -> str:
    """The last move of a game, `value` the outcome (MAX's view): `the AI wins with this move`,
    `the game ends in a draw`, `the game ends with value 3 (MAX's view)`."""
    if not game.win_loss:
        return f"the game ends with value {format_number(value)} (MAX's view)"
    if value == 0:
        return "the game ends in a draw"
    if (value > 0) == (mover.player == 0):
        return f"{mover.wins()} with this move"
    return f"{mover.name} {'lose' if mover.plural else 'loses'} with this move"


def cell_words(game: AnyGame, score: Score, player: int) -> str:
    """A move's value in a table column headed `for you` (`player`'s side): `win in 2 moves`,
    `loss in 1 move` (counting that player's moves), `draw`, `at least a draw`, `estimate 4
    (heuristic)`; for a game of numbers the value from MAX's side, bare (the column says so)."""
    if not game.win_loss:
        max_score = PovScore(score, player).max()
        return _SIGN[max_score.bound] + format_number(max_score.number)
    if score.kind is Kind.VALUE:
        return max_view(score, player)
    if score.kind is Kind.ESTIMATE:
        return f"estimate {_SIGN[score.bound]}{format_number(score.number)} (heuristic)"
    word = {Kind.WIN: "win", Kind.LOSS: "loss", Kind.DRAW: "draw"}[score.kind]
    if score.bound is not Bound.EXACT:
        return f"{_AT[score.bound]}a {word}"
    if score.kind is Kind.DRAW:
        return word
    return word + in_own_moves(score.plies, score.plies_at_most)


def vector_words(vector: tuple[Number, ...], proven: bool) -> str:
    """`returns: player 1 1, player 2 0, player 3 0` (proven), or the estimated returns."""
    shown = ", ".join(f"player {i + 1} {format_number(v)}" for i, v in enumerate(vector))
    return f"{'returns' if proven else 'estimated returns'}: {shown}"


def how_words(thought: Thought) -> str:
    """How the move was found: `a search to the end`, `best move at depth 6 of a search stopped
    after 1 s`, `no value found: ... before any depth was completed`..."""
    result = thought.result
    if thought.method is not None:
        return f"the game's own solver ({thought.method})"
    if result.iterations is not None:
        runs = count(result.iterations, "simulation")
        if thought.solved:
            return f"Monte Carlo tree search with its solver ({runs})"
        return f"Monte Carlo tree search ({runs}, the most visited move)"
    if result.score is None:
        cause = "Ctrl-C stopped the search" if thought.interrupted else (
            f"the {thought.budget:g} s budget ran out")
        return f"no value found: {cause} before any depth was completed"
    if thought.solved:
        return "an exact proof search" if result.algorithm == "proof" else "a search to the end"
    depth = "the end" if result.depth is None else f"depth {result.depth}"
    if thought.interrupted:
        return f"best move at {depth} of a search stopped by Ctrl-C"
    if result.stopped == STOP_TIME:
        return f"best move at {depth} of a search stopped after {thought.budget:g} s"
    if result.stopped is not None:
        return f"best move at {depth} of a search stopped by its {result.stopped} limit"
    if result.depth is None:
        return "best move of a search to the end"
    return f"best move of a search {count(result.depth, 'ply')} deep"


def explain(game: AnyGame, thought: Thought, move: Any, mover: Party, other: Party, *,
            played: bool = False) -> str:
    """`value, how · work` for `move` from its mover's side, as `after_words` says it once the move
    is `played`, else as `before_words`; never a value for a move the search did not value."""
    result = thought.result
    how = how_words(thought)
    if result.score is None:
        return f"{how}; the move is move ordering's first choice, not searched"
    entry = next((m for m in result.moves if m.move == move), None)
    unit = "position" if thought.method is not None else "node"
    work = "" if thought.interrupted else (
        f" · {count(result.stats.nodes, unit)}{' solved' if thought.method else ''}")
    if entry is None:
        return f"{how}; this move was not valued{work}"
    score = entry.score.seen_by(mover.player)
    if entry.vector is not None:
        words = vector_words(entry.vector, score.proven)
    else:
        words = (after_words if played else before_words)(game, score, mover, other)
    if score.exact:
        if thought.solved:
            return f"{words}, proven by {how}{work}"
        return f"{how}: {words} (proven){work}"
    if score.proven:
        return f"{how}: {words} (a proven bound){work}"
    return f"{how}; value not proven: {words}{work}"


__all__ = ["Party", "after_words", "before_words", "cell_words", "ending_words", "explain",
           "how_words", "max_view", "vector_words", "you"]
