"""The end-of-game review in words (minimax_cli.answer.review finds the slips; the review is the
report part minimax_cli.reports.review).

A review that judged every move says so in one line, or lists its slips. One that did not says,
for each kind of check, how many moves it judged, and claims nothing about the others:

    review by the solver, 14 of 36 moves: no move threw away a win or a draw
    review by a search 2 to 4 plies deep, the other 22 moves (too large for the solver):
      ply 13, O at 4: let X force a win in 1 move; 5 does not lose within 4 plies

and one that judged nothing says that instead. Where the game got the engine review (chess),
its estimates follow, each said as the engine's estimate at the depth it reached, never as proven:

    engine review (estimates by the AI's engine, pvs, at depth 4 to 5; not proofs), 3 of 3 moves:
      ply 1, White (you) played Qf5: a blunder by the engine's estimate at depth 4: -6.50 for
      White (you) after it, +0.57 after exd5
      (a mistake: an estimated loss of at least 1.00 for its player; a blunder: at least 3.00)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from minimax_cli.answer.review import TIE_RULE
from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import _, ngettext
from minimax_cli.core.score import Scale, Score, format_number
from minimax_cli.core.words import count, grouped, in_own_moves
from minimax_cli.reports.idiom import idiom_of
from minimax_cli.reports.review import (
    BLUNDER,
    EXPECTED,
    FORCED_LOSS,
    LOST_POINTS,
    LOST_WIN,
    MISSED_WIN,
    RETURNS,
    EngineReview,
    Estimate,
    Review,
    Slip,
)
from minimax_cli.views.game_tree import branch_words


def review_words(game: AnyGame, review: Review, names: Sequence[str],
                 on_grid: bool) -> tuple[list[str], str | None]:
    """The review's lines (what judged how many moves, and a line per slip or that no move
    gave anything away; then the engine review's estimates, where there is one) and a note on
    the positions left out, if any."""
    lines, note = _proven_words(game, review, names, on_grid)
    if review.engine is not None and review.engine.positions:
        lines += engine_words(game, review.engine, names)
    return lines, note


def _proven_words(game: AnyGame, review: Review, names: Sequence[str],
                  on_grid: bool) -> tuple[list[str], str | None]:
    if review.positions and not review.solved and not review.checked:
        return [ngettext(
            "no review: the position before the only move was too large to judge within the "
            "review's {seconds} s",
            "no review: none of the positions before the {count} moves could be judged within "
            "the review's {seconds} s", review.positions).format(
            count=grouped(review.positions), seconds=f"{review.seconds:g}")], None
    if game.explicit_tree:  # a tree's move as play names it (`branch 2`), never read as a value
        slips = [replace(slip, played=branch_words(game, slip.played),
                              kept_by=branch_words(game, slip.kept_by)) for slip in review.slips]
        review = replace(review, slips=slips)
    by_solver = [slip for slip in review.slips if slip.depth is None]
    lines: list[str] = []
    if review.solved or not review.checked:
        head = _judge_name(review.judge)
        if review.unsolved:
            head = ngettext("{review}, {solved} of {count} move", "{review}, {solved} of {count} "
                            "moves", review.positions).format(
                review=head, solved=grouped(review.solved), count=grouped(review.positions))
        lines += _section(head, _nothing_given_away(game, review.judge), by_solver, names,
                          on_grid)
        if review.judge == RETURNS:
            lines.append("  " + _("(each move is judged by its player's own return under max^n, "
                                  "assuming every player breaks ties by {rule}: if the others "
                                  "break ties otherwise, a move may turn out better or worse)")
                         .format(rule=_(TIE_RULE)))
    if review.checked:
        lines += _section(_check_head(review), _("no move missed a forced win or allowed one "
                                                 "within that depth"),
                          [slip for slip in review.slips if slip.depth is not None], names,
                          on_grid)
    note = None
    if review.unreviewed:
        note = "  " + ngettext(
            "({count} position too large to solve quickly was not reviewed)",
            "({count} positions too large to solve quickly were not reviewed)",
            review.unreviewed).format(count=grouped(review.unreviewed))
    return lines, note


def engine_words(game: AnyGame, engine: EngineReview, names: Sequence[str]) -> list[str]:
    """The engine review's head (how many moves it checked, at what depths, never proofs), a
    line per estimate (or that it found no mistake) and what a mistake and a blunder are."""
    budget = _("{seconds} s, {nodes} a search").format(
        seconds=f"{engine.seconds:g}", nodes=count(engine.nodes, "node"))
    if not engine.checked:
        return [ngettext("engine review: the only move could not be checked within its budget "
                         "({budget})",
                         "engine review: none of the {count} moves could be checked within its "
                         "budget ({budget})", engine.positions).format(
            count=grouped(engine.positions), budget=budget)]
    low, high = min(engine.depths), max(engine.depths)
    depths = str(low) if low == high else _("{low} to {high}").format(low=low, high=high)
    head = ngettext("engine review (estimates by the AI's engine, {algorithm}, at depth {depths}; "
                    "not proofs), {checked} of {count} move",
                    "engine review (estimates by the AI's engine, {algorithm}, at depth {depths}; "
                    "not proofs), {checked} of {count} moves", engine.positions).format(
        algorithm=engine.algorithm, depths=depths, checked=grouped(engine.checked),
        count=grouped(engine.positions))
    if engine.unchecked:
        head += " " + ngettext("({count} not checked within the budget: {budget})",
                               "({count} not checked within the budget: {budget})",
                               engine.unchecked).format(count=grouped(engine.unchecked),
                                                        budget=budget)
    scale = idiom_of(game).scale
    mistake, blunder = (_loss_text(engine.mistake, scale), _loss_text(engine.blunder, scale))
    legend = "  " + _("(a mistake: an estimated loss of at least {mistake} for its player; a "
                      "blunder: at least {blunder})").format(mistake=mistake, blunder=blunder)
    if not engine.estimates:
        return [head + ": " + _("no mistake or blunder found"), legend]
    return ([head + ":"] + ["  " + describe_estimate(game, estimate, names)
                            for estimate in engine.estimates] + [legend])


def describe_estimate(game: AnyGame, estimate: Estimate, names: Sequence[str]) -> str:
    """`ply 1, White (you) played Qf5: a blunder by the engine's estimate at depth 4: -6.50 for
    White (you) after it, +0.57 after exd5` (the scores for the player who moved)."""
    idiom = idiom_of(game)
    player = names[estimate.player]
    head = _("ply {ply}, {player} played {move}").format(
        ply=estimate.ply, player=player, move=idiom.said(estimate.played))
    if estimate.grade == BLUNDER:
        text = _("{head}: a blunder by the engine's estimate at depth {depth}: {after} for "
                 "{player} after it, {best} after {better}")
    else:
        text = _("{head}: a mistake by the engine's estimate at depth {depth}: {after} for "
                 "{player} after it, {best} after {better}")
    return text.format(head=head, depth=estimate.depth, player=player,
                       after=_score_text(estimate.after, estimate.player, idiom.scale),
                       best=_score_text(estimate.best, estimate.player, idiom.scale),
                       better=idiom.said(estimate.better))


def _score_text(score: Score, player: int, scale: Scale | None) -> str:
    """A score (MAX's view) as `player` sees it, on the game's scale (chess: pawns)."""
    seen = score if player == 0 else score.flip()
    if scale is not None:
        return scale.text(seen)
    return format_number(seen.number)


def _loss_text(loss: int, scale: Scale | None) -> str:
    """A loss in the engine's units on the game's scale: 100 is `1.00` in chess."""
    if scale is None:
        return str(loss)
    return f"{loss / scale.per:.{scale.decimals}f}"


def _section(head: str, nothing: str, slips: Sequence[Slip], names: Sequence[str],
             on_grid: bool) -> list[str]:
    if not slips:
        return [f"{head}: {nothing}"]
    return [f"{head}:"] + ["  " + describe_slip(slip, names, on_grid) for slip in slips]


def _judge_name(judge: str) -> str:
    if judge == EXPECTED:
        return _("review by expectiminimax (exact expected values; chance outcomes are not "
                 "moves)")
    if judge == RETURNS:
        return _("review by max^n")
    return _("review by the solver")


def _nothing_given_away(game: AnyGame, judge: str) -> str:
    if judge == EXPECTED:
        return _("no move gave away expected value")
    if judge == RETURNS:
        return _("no move gave away its player's own return")
    if game.win_loss:
        return _("no move threw away a win or a draw")
    return _("no move threw away points")


def _check_head(review: Review) -> str:
    """`review by a search 2 to 4 plies deep, the other 22 moves (too large for the solver)`."""
    low, high = min(review.checked), max(review.checked)
    if low == high:
        search = ngettext("a search {depth} ply deep", "a search {depth} plies deep",
                          high).format(depth=high)
    else:
        search = _("a search {low} to {high} plies deep").format(low=low, high=high)
    count = len(review.checked)
    if review.solved:
        text = ngettext("review by {search}, the other move (too large for the solver)",
                        "review by {search}, the other {count} moves (too large for the solver)",
                        count)
    else:
        text = ngettext("review by {search}, {count} move (too large for the solver)",
                        "review by {search}, {count} moves (too large for the solver)", count)
    return text.format(search=search, count=grouped(count))


def describe_slip(slip: Slip, names: Sequence[str], on_grid: bool) -> str:
    """`ply 3, X at 7: threw away the draw; 5 kept it` (a ply is one player's turn; the plies are
    counted from the position the game started from, chance outcomes not counted)."""
    if on_grid:
        head = _("ply {ply}, {player} at {move}")
    else:
        head = _("ply {ply}, {player} played {move}")
    head = head.format(ply=slip.ply, player=names[slip.player], move=slip.played)
    before, after = format_number(slip.value_before), format_number(slip.value_after)
    if slip.lost == LOST_POINTS:
        text = _("{head}: gave away points, {before} -> {after} (MAX's view); {kept} kept "
                 "{before}")
    elif slip.lost == EXPECTED:
        text = _("{head}: gave away expected value, {before} -> {after} (MAX's view); {kept} "
                 "kept {before}")
    elif slip.lost == RETURNS:
        text = _("{head}: gave away its own return, {before} -> {after}; {kept} kept {before}")
    elif slip.lost == MISSED_WIN:
        return _("{head}: missed a forced win: {kept} wins{moves}").format(
            head=head, kept=slip.kept_by, moves=in_own_moves(slip.plies))
    elif slip.lost == FORCED_LOSS:
        plies = None if slip.plies is None else slip.plies - 1  # from after the move
        return _("{head}: let {opponent} force a win{moves}; {kept} does not lose within "
                 "{depth} plies").format(head=head, opponent=names[1 - slip.player],
                                         moves=in_own_moves(plies), kept=slip.kept_by,
                                         depth=slip.depth)
    elif slip.lost == LOST_WIN:
        text = _("{head}: threw away the win; {kept} kept it")
    else:
        text = _("{head}: threw away the draw; {kept} kept it")
    return text.format(head=head, before=before, after=after, kept=slip.kept_by)


__all__ = ["describe_estimate", "describe_slip", "engine_words", "review_words"]
