"""The end-of-game review: the solver looks at every position where a move was made.

Each position is solved by the game's own exact solver when it has one, else searched by the
engine with an exact value for every root move. A move is a slip when its value for the player who
made it is worse than the position's: in a win/loss game that means it threw away a win (or a draw);
in a game of numbers (an explicit tree) that it gave away points. Only proven, exact values count:
positions too large to solve within the node budget are counted and left out, never guessed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from minimax_cli.core.game import MAX, AnyGame, SearchError
from minimax_cli.core.result import Limits, SearchResult
from minimax_cli.core.score import Number, format_number
from minimax_cli.core.search import search
from minimax_cli.core.solver import OutOfTime, stop_at
from minimax_cli.core.table import TranspositionTable
from minimax_cli.i18n import _, ngettext
from minimax_cli.i18n.words import grouped
from minimax_cli.reports.answers import solution_result
from minimax_cli.reports.model import from_search

#: Node budget of the solver at one reviewed position, and for the whole review.
REVIEW_NODES = 100_000
REVIEW_TOTAL_NODES = 250_000
#: No new position is started after this many seconds (big boards are slow per node).
REVIEW_SECONDS = 3.0
#: The least time a position's search is given (a Limits time must be positive).
MIN_SECONDS = 0.001


@dataclass(frozen=True)
class Slip:
    """One move that made things worse for its player, with a move that would have kept the value."""

    ply: int  # 1 for the first move played (from the start position or the position given)
    player: int
    played: str
    kept_by: str
    lost: str  # "the win", "the draw", or "points" for games of numbers (keys, not words)
    value_before: Number  # MAX's view
    value_after: Number  # MAX's view


@dataclass(frozen=True)
class Review:
    slips: list[Slip]
    unsolved: int  # positions the budget could not solve


def review_game(game: AnyGame, states: Sequence[Any], moves: Sequence[Any],
                nodes: int = REVIEW_NODES, total: int = REVIEW_TOTAL_NODES,
                seconds: float = REVIEW_SECONDS) -> Review:
    """Review a game: `states[i]` is the position where `moves[i]` was played.

    Positions are solved from the last one back, sharing one table, so the late (small) positions
    help the early ones; each gets at most `nodes` nodes and the review `total` in all, no
    position is started after `seconds`, and a game's own solver still working then is stopped at
    its next progress report; positions left out are counted in `unsolved`, never guessed.
    """
    deadline = time.perf_counter() + seconds
    table = TranspositionTable()
    slips: list[Slip] = []
    unsolved = 0
    played_positions = list(enumerate(zip(states, moves, strict=False), start=1))
    for ply, (state, move) in reversed(played_positions):
        if total <= 0 or time.perf_counter() > deadline:
            solved, slip, used = False, None, 0
        else:
            solved, slip, used = _review_one(game, state, move, ply, min(nodes, total), table,
                                             deadline)
        total -= used
        if slip is not None:
            slips.append(slip)
        unsolved += not solved
    return Review(sorted(slips, key=lambda slip: slip.ply), unsolved)


def _review_one(game: AnyGame, state: Any, move: Any, ply: int, nodes: int,
                table: TranspositionTable, deadline: float) -> tuple[bool, Slip | None, int]:
    """Whether the position was solved within `nodes` and by `deadline`, the slip `move` made
    there (None when it kept the value), and the nodes used. The position's answer is read as
    its report."""
    try:
        result = _solved(game, state, deadline) or search(
            game, state, "negamax", Limits(nodes=nodes, time=max(deadline - time.perf_counter(),
                                                                   MIN_SECONDS)),
            exact_root=True, table=table)
    except (OutOfTime, SearchError):
        return False, None, 0
    used = result.stats.nodes
    report = from_search(game, state, result, ranked=True)
    played = next((line for line in report.moves if line.move == move), None)
    if (report.stopped is not None or not report.exact or report.value is None or played is None
            or not played.score.exact):
        return False, None, used
    player = game.to_move(state)
    sign = 1 if player == MAX else -1
    if sign * played.value >= sign * report.value:
        return True, None, used
    best = report.best_moves()  # those the search ranked first, in its order
    if game.win_loss:
        lost = "the win" if sign * report.value > 0 else "the draw"
    else:
        lost = "points"
    return True, Slip(ply, player, played.text, best[0].text if best else "?", lost,
                      report.value, played.value), used


def _solved(game: AnyGame, state: Any, deadline: float) -> SearchResult | None:
    """The game's own solver's answer, when it has one that covers `state` (OutOfTime when it
    is still working at `deadline`)."""
    solver = game.exact_solver()
    solution = None if solver is None else solver.solve(state, stop_at(deadline))
    return None if solution is None else solution_result(game, state, solution)


def review_words(game: AnyGame, review: Review, names: Sequence[str],
                 on_grid: bool) -> tuple[list[str], str | None]:
    """The review's lines (`review by the solver:` and a line per slip, or that no move threw
    anything away) and a note on the positions left out, if any."""
    if review.slips:
        lines = [_("review by the solver:")]
        lines += ["  " + describe_slip(slip, names, on_grid) for slip in review.slips]
    elif game.win_loss:
        lines = [_("review by the solver: no move threw away a win or a draw")]
    else:
        lines = [_("review by the solver: no move threw away points")]
    note = None
    if review.unsolved:
        note = "  " + ngettext(
            "({count} position too large to solve quickly was not reviewed)",
            "({count} positions too large to solve quickly were not reviewed)",
            review.unsolved).format(count=grouped(review.unsolved))
    return lines, note


def describe_slip(slip: Slip, names: Sequence[str], on_grid: bool) -> str:
    """`ply 3, X at 7: threw away the draw; 5 kept it` (a ply is one player's turn; the plies are
    counted from the position the game started from)."""
    if on_grid:
        head = _("ply {ply}, {player} at {move}")
    else:
        head = _("ply {ply}, {player} played {move}")
    head = head.format(ply=slip.ply, player=names[slip.player], move=slip.played)
    if slip.lost == "points":
        return _("{head}: gave away points, {before} -> {after} (MAX's view); {kept} kept "
                 "{before}").format(head=head, before=format_number(slip.value_before),
                                    after=format_number(slip.value_after), kept=slip.kept_by)
    if slip.lost == "the win":
        text = _("{head}: threw away the win; {kept} kept it")
    else:
        text = _("{head}: threw away the draw; {kept} kept it")
    return text.format(head=head, kept=slip.kept_by)


__all__ = ["REVIEW_NODES", "REVIEW_SECONDS", "REVIEW_TOTAL_NODES", "Review", "Slip", "describe_slip",
           "review_game", "review_words"]
