"""The end-of-game review: each move a player made, judged by proven values only, never a guess.

Every move's value at each position is asked of the one precedence (minimax_cli.answer.precedence,
EVERY_MOVE), so what judges a move depends on the game as it does everywhere else:
- two players, no chance: the game's own exact solver when it has one; in a game with a proof
  kernel (Connect Four), the proof search with its opening book (win, draw or loss); else the
  engine with an exact value for every root move. A move is a slip when its value for the player
  who made it is worse than the position's: it threw away a win (or a draw), or in a game of
  numbers gave away points;
- a game of chance: expectiminimax, whose values are exact expected values (fractions); a move
  that lowers its player's expected value is a slip. Chance outcomes (the rolls) are not moves
  and are not judged;
- more than two players: max^n, where each player's move is judged by that player's own return,
  under max^n's tie-break rule (the words say that the claim depends on it).

Positions too large to solve within the budget are not guessed. In a two-player win/loss game
with an evaluation (Connect Four, large tic-tac-toe boards) they are searched a few plies deep
instead: a forced win found within that depth is a proof all the same (the search reached the
end of the game on every line), so a move that let the opponent force a quick win, or missed one,
is still found; anything else there is left unjudged. The review says how many moves each check
covered (minimax_cli.play.review_words).

A game that no think searches to its end and whose engine deepens itself (chess) gets, beside
these proofs, the engine review (engine_review.py): the humans' moves the same engine as the AI
estimates were mistakes or blunders, said as estimates at the depth reached, never as proofs.

What it finds is a report part, plain data: `Review` and its `Slip`s (minimax_cli.reports.review,
with their JSON form in minimax_cli.reports.json_form).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from minimax_cli.answer.engine_review import Estimator, engine_judges, estimate_moves
from minimax_cli.answer.precedence import EVERY_MOVE, Answerer, Ask, answer
from minimax_cli.core.game import CHANCE, MAX, AnyGame, SearchError
from minimax_cli.core.result import SearchResult
from minimax_cli.core.score import Kind, Score

# The tie rule max^n's answers rest on among more players: the words of a review, a hint and
# `why` name it (play/), which so need no door of their own into the search.
from minimax_cli.core.search.maxn import TIE_RULE
from minimax_cli.core.solver import OutOfTime
from minimax_cli.reports.model import from_search
from minimax_cli.reports.review import (
    EXPECTED,
    FORCED_LOSS,
    LOST_DRAW,
    LOST_POINTS,
    LOST_WIN,
    MISSED_WIN,
    RETURNS,
    SOLVER,
    Review,
    Slip,
)

#: Node budget of the solver at one reviewed position, and for the whole review.
REVIEW_NODES = 100_000
REVIEW_TOTAL_NODES = 250_000
#: No new position is started after this many seconds (big boards are slow per node).
REVIEW_SECONDS = 3.0
#: The least time a position's search is given (a Limits time must be positive).
MIN_SECONDS = 0.001
#: Where the shallow check can follow, the solver's share of the seconds: the rest is kept for
#: the check, so that every position gets at least that.
SOLVER_SHARE = 0.6
#: Depths of the shallow check, in passes over the positions the solver left: every position is
#: searched 2 plies deep first (a win allowed or missed in one move), then 4 while time lasts.
CHECK_DEPTHS = (2, 4)
#: Node budget of one shallow search.
CHECK_NODES = 50_000


@dataclass(frozen=True)
class Position:
    ply: int
    state: Any
    move: Any


def review_game(game: AnyGame, states: Sequence[Any], moves: Sequence[Any],
                nodes: int = REVIEW_NODES, total: int = REVIEW_TOTAL_NODES,
                seconds: float | None = None, estimator: Estimator | None = None) -> Review:
    """Review a game: `states[i]` is the position where `moves[i]` was played.

    Positions are solved from the last one back, sharing one table, so the late (small) positions
    help the early ones; each gets at most `nodes` nodes and the review `total` in all, no
    position is started after `seconds`, and a game's own solver still working then is stopped at
    its next progress report; positions left out are counted in `unsolved`, never guessed (but
    searched by the shallow check where the game allows it, within the same seconds;
    `seconds` is REVIEW_SECONDS unless given). Where the game gets the engine review
    (engine_review.py), `estimator` says whose moves it estimates and with which of the AI's
    settings (every player's, the engine's defaults, unless given), after the proofs.
    """
    seconds = REVIEW_SECONDS if seconds is None else seconds
    start = time.perf_counter()
    positions = [Position(ply, state, move) for ply, (state, move) in enumerate(
        ((s, m) for s, m in zip(states, moves, strict=False) if game.to_move(s) != CHANCE),
        start=1)]
    checkable = can_check(game)
    judge = judge_of(game)
    solver_deadline = start + seconds * (SOLVER_SHARE if checkable else 1.0)
    answerer = Answerer(game)  # one table (and proof table) for every position
    slips: list[Slip] = []
    left: list[Position] = []
    for position in reversed(positions):
        if total <= 0 or time.perf_counter() > solver_deadline:
            solved, slip, used = False, None, 0
        else:
            solved, slip, used = _review_one(game, position, judge, min(nodes, total), answerer,
                                             solver_deadline)
        total -= used
        if slip is not None:
            slips.append(slip)
        if not solved:
            left.append(position)
    checked: dict[int, tuple[int, Slip | None]] = {}
    if checkable:
        checked = _check_all(game, left, start + seconds)
    slips += [slip for _, slip in checked.values() if slip is not None]
    engine = None
    if engine_judges(game):
        engine = estimate_moves(game, [(p.ply, p.state, p.move) for p in positions],
                                estimator or Estimator(), {slip.ply for slip in slips})
    return Review(sorted(slips, key=lambda slip: slip.ply), len(left), len(positions),
                  tuple(depth for depth, _ in checked.values()), judge, seconds, engine)


def judge_of(game: AnyGame) -> str:
    """What judges the moves of `game`: the solver, expected values, or each player's return."""
    if game.game_type.players > 2 or not game.game_type.zero_sum:
        return RETURNS
    return EXPECTED if game.game_type.chance else SOLVER


def can_check(game: AnyGame) -> bool:
    """Whether the shallow check serves `game`: two players, no chance, results won or lost (a
    forced win is a proof) and an evaluation for the depth cut."""
    kind = game.game_type
    return kind.players == 2 and not kind.chance and game.win_loss and bool(game.evaluators())


def _review_one(game: AnyGame, position: Position, judge: str, nodes: int,
                answerer: Answerer, deadline: float) -> tuple[bool, Slip | None, int]:
    """Whether the position was solved within `nodes` and by `deadline` (every move's value
    asked of the precedence), the slip its move made there (None when it kept the value), and
    the nodes used."""
    ask = Ask(EVERY_MOVE, seconds=max(deadline - time.perf_counter(), MIN_SECONDS), nodes=nodes)
    try:
        found = answerer.answer(position.state, ask)
    except (OutOfTime, SearchError):  # the solver out of time, or beyond its limits
        return False, None, 0
    if found.interrupted:  # Ctrl-C stops the whole review, as it always has
        raise KeyboardInterrupt
    result = found.result
    used = result.stats.nodes
    if judge == RETURNS:
        solved, slip = _own_return_slip(game, position, result)
    else:
        solved, slip = _value_slip(game, position, result, judge)
    return solved, slip, used


def _value_slip(game: AnyGame, position: Position, result: SearchResult,
                judge: str) -> tuple[bool, Slip | None]:
    """A two-player position's answer, read as its report: solved or not, and the slip."""
    state, move = position.state, position.move
    report = from_search(game, state, result, ranked=True)
    played = next((line for line in report.moves if line.move == move), None)
    if (report.stopped is not None or not report.exact or report.value is None or played is None
            or not played.score.exact):
        return False, None
    player = game.to_move(state)
    sign = 1 if player == MAX else -1
    if sign * played.value >= sign * report.value:
        return True, None
    best = report.best_moves()  # those the search ranked first, in its order
    if judge == EXPECTED:
        lost = EXPECTED
    elif game.win_loss:
        lost = LOST_WIN if sign * report.value > 0 else LOST_DRAW
    else:
        lost = LOST_POINTS
    return True, Slip(position.ply, player, played.text, best[0].text if best else "?", lost,
                      report.value, played.value)


def _own_return_slip(game: AnyGame, position: Position,
                     result: SearchResult) -> tuple[bool, Slip | None]:
    """A position of a game of more than two players under max^n: solved or not, and the slip
    (a move whose return to its player is below what the position gives that player)."""
    state, move = position.state, position.move
    player = game.to_move(state)
    vectors = {m.move: m.vector for m in result.moves}
    played = vectors.get(move)
    if (result.stopped is not None or not result.exact or result.vector is None
            or played is None):
        return False, None
    own = result.vector[player]
    if played[player] >= own:
        return True, None
    # The move max^n plays: the first in the game's order with the position's return.
    kept = next(m for m, v in vectors.items() if v is not None and v[player] == own)
    return True, Slip(position.ply, player, game.format_move(state, move),
                      game.format_move(state, kept), RETURNS, own, played[player])


# --- the shallow check ---------------------------------------------------------------------------
def _check_all(game: AnyGame, positions: Sequence[Position], deadline: float,
               ) -> dict[int, tuple[int, Slip | None]]:
    """The positions the solver left, searched CHECK_DEPTHS deep in passes (all at the first
    depth, then deeper) until `deadline`: by ply, the deepest depth completed and the slip it
    proved (None when it proved none)."""
    found: dict[int, tuple[int, Slip | None]] = {}
    for depth in CHECK_DEPTHS:
        for position in positions:
            if time.perf_counter() > deadline:
                return found
            checked = _check_one(game, position, depth, deadline)
            if checked is not None:
                found[position.ply] = (depth, checked[0])
    return found


def _check_one(game: AnyGame, position: Position, depth: int, deadline: float,
               ) -> tuple[Slip | None] | None:
    """The slip a search `depth` plies deep proves at `position` (in a 1-tuple, None inside when
    it proves none), or None when the search did not complete."""
    state, move = position.state, position.move
    ask = Ask(EVERY_MOVE, seconds=max(deadline - time.perf_counter(), MIN_SECONDS),
              nodes=CHECK_NODES, depth=depth)
    try:
        found = answer(game, state, ask)  # a table of its own
    except SearchError:
        return None
    if found.interrupted:
        raise KeyboardInterrupt
    result = found.result
    player = game.to_move(state)
    scores = {m.move: m.score.seen_by(player) for m in result.moves}
    played = scores.get(move)
    if result.stopped is not None or played is None:
        return None
    wins = [m for m, s in scores.items() if _proven(s, Kind.WIN)]
    holding = [m for m, s in scores.items() if not _proven(s, Kind.LOSS)]
    text = game.format_move
    if wins and not _proven(played, Kind.WIN):
        quickest = max(wins, key=lambda m: scores[m].sort_key())
        return (Slip(position.ply, player, text(state, move), text(state, quickest),
                     MISSED_WIN, 0, 0, depth, scores[quickest].plies),)
    if _proven(played, Kind.LOSS) and holding:
        best = max(holding, key=lambda m: scores[m].sort_key())
        return (Slip(position.ply, player, text(state, move), text(state, best), FORCED_LOSS,
                     0, 0, depth, played.plies),)
    return (None,)


def _proven(score: Score, kind: Kind) -> bool:
    return score.kind is kind and score.exact


__all__ = ["CHECK_DEPTHS", "REVIEW_NODES", "REVIEW_SECONDS", "REVIEW_TOTAL_NODES", "TIE_RULE",
           "can_check", "judge_of", "review_game"]
