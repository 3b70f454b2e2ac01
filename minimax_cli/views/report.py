"""A report (`report.Report`) as Rich renderables: the position, the answer, the moves table.

`analyze` and `solve` both print through here, so they say the same things in the same words: the
position drawn, who is to move (or that the game is over, with the result), the value from MAX's
point of view and the result for the player to move, the best move and the whole line, then every
move best first for the player to move. Text from a game or a user reaches Rich as `Text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import _, ngettext, pgettext, text_of
from minimax_cli.core.score import Bound, Kind, Score
from minimax_cli.core.words import grouped, in_plies
from minimax_cli.reports.model import Report
from minimax_cli.reports.words import (
    SIGNS,
    number_words,
    player_words,
    result_words,
    returns_words,
)
from minimax_cli.views import boards
from minimax_cli.views.moves import moves_table

#: The principal variation shows at most this many moves (the JSON has them all).
PV_MOVES = 40

def value_words(score: Score | None, win_loss: bool, sampled: bool = False) -> str:
    """The value from MAX's point of view in words: `+1: the first player (MAX) wins in 5 plies`,
    `0: a draw`, `≥ 0: at least a draw for MAX`, `23/3 ≈ 7.667`, `4 (heuristic estimate, not
    proven)`."""
    if score is None:
        return _("none: the search stopped before any depth was completed")
    sign = SIGNS[score.bound]
    lower = score.bound is Bound.LOWER
    if score.kind in (Kind.WIN, Kind.LOSS):
        win = score.kind is Kind.WIN
        if score.bound is Bound.EXACT:
            text = (_("+1: the first player (MAX) wins{distance}") if win else
                    _("-1: the second player (MIN) wins{distance}"))
            return text.format(distance=in_plies(score.plies, score.plies_at_most))
        if win:
            text = _("{bound}: at least a win for MAX") if lower else _(
                "{bound}: at most a win for MAX")
        else:
            text = _("{bound}: at least a loss for MAX") if lower else _(
                "{bound}: at most a loss for MAX")
        return text.format(bound=sign + ("+1" if win else "-1"))
    if score.kind is Kind.DRAW:
        if score.bound is Bound.EXACT:
            return _("0: a draw")
        text = _("{bound}: at least a draw for MAX") if lower else _(
            "{bound}: at most a draw for MAX")
        return text.format(bound=sign + "0")
    value = sign + number_words(score.number)
    if score.kind is Kind.VALUE:
        return value
    text = (_("{value} (Monte Carlo estimate, not proven)") if sampled else
            _("{value} (heuristic estimate, not proven)"))
    return text.format(value=value)


def position_view(game: AnyGame, state: Any) -> RenderableType:
    """The position as the play session draws it: the board, or the game's sketch, or its text."""
    return boards.board(game, state)


def _mover_name(report: Report) -> str:
    if report.to_move is None:
        return _("nobody: the game is over")
    side = report.idiom.side(report.to_move)
    if side is not None:
        return text_of(side)
    if report.players > 2 and report.to_move >= 0:
        return player_words(report.to_move, report.players)
    if report.to_move in (0, 1):
        return _("MAX (first player)") if report.to_move == 0 else _("MIN (second player)")
    if report.to_move < 0:
        return _("chance (a random outcome)")
    return player_words(report.to_move, report.players)


def summary_rows(report: Report) -> list[tuple[str, Text]]:
    """The answer as labelled lines: to move, result, value, best move, line."""
    rows: list[tuple[str, Text]] = [(pgettext("report", "to move"), Text(_mover_name(report)))]
    result = result_words(report)
    style = "bold"
    mover = report.mover_score
    if mover is not None and mover.exact and mover.kind in (Kind.WIN, Kind.LOSS) and not report.over:
        style = "bold green" if mover.kind is Kind.WIN else "bold red"
    rows.append((_("result"), Text(result, style=style)))
    if report.returns is not None and not report.over:
        estimated = report.score is not None and not report.score.proven
        text = _("{returns}  (estimated, per player)") if estimated else _(
            "{returns}  (values, per player)")
        rows.append((_("returns"), Text(text.format(returns=returns_words(report.returns)))))
    elif not report.over:
        rows.append((_("value"), Text(_value_row(report))))
    if report.iterations is not None:
        proved = report.score is not None and report.score.proven
        text = (_("{count} (Monte Carlo tree search; its solver proved the value)") if proved
                else _("{count} (Monte Carlo tree search; the best move is the most visited)"))
        rows.append((_("simulations"), Text(text.format(count=grouped(report.iterations)))))
    # Several optimal moves, none ranked first: who wins is known, not how soon (alpha-beta on
    # the game's own +1 / 0 / -1), so the move the search chose is one of them, not the best.
    unranked = (bool(report.optimal_moves()) and not report.best_moves()
                and report.to_move != CHANCE)
    if report.chosen is not None and not unranked:
        best = Text(report.idiom.said(report.chosen), style="bold green")
        if not report.best_searched:
            best.append(_("  (not searched: the first move by ordering)"), style="yellow")
        rows.append((_("best"), best))
    elif unranked:
        rows.append((_("best"), Text(_unranked_words(report))))
    if report.pv:
        line = Text(report.idiom.said(" ".join(report.pv[:PV_MOVES])))
        if len(report.pv) > PV_MOVES:
            rest = len(report.pv) - PV_MOVES
            line.append(ngettext(" … {count} more ply", " … {count} more plies", rest).format(
                count=grouped(rest)), style="dim")
        if report.pv_complete and unranked:
            line.append(_("  (to the end of the game; each move keeps the game value, not "
                          "necessarily the quickest)"), style="dim")
        elif report.pv_complete:
            line.append(_("  (to the end of the game)"), style="dim")
        elif report.score is not None and report.score.exact:
            line.append(_("  (an optimal start; the rest of the line was not computed)"),
                        style="dim")
        rows.append((_("line"), line))
    rows.extend((_("note"), Text(text_of(note), style="yellow")) for note in report.notes)
    return rows


def _value_row(report: Report) -> str:
    """The value from MAX's view (or the paranoid player's); in the game's own scale and names
    where it has them: `+0.38  (White's view, heuristic estimate, not proven)`, `#2  (White's
    view, found by the search, not proven)`."""
    scale, side = report.idiom.scale, report.idiom.side(MAX)
    score = report.score
    if scale is not None and side is not None and score is not None and report.players == 2:
        if score.kind is Kind.ESTIMATE:
            how = _("{player}'s view, heuristic estimate, not proven")
        elif report.proofs:
            how = _("{player}'s view")
        else:
            how = _("{player}'s view, found by the search, not proven")
        return f"{scale.text(score)}  ({how.format(player=text_of(side))})"
    value = value_words(report.score, report.win_loss, report.iterations is not None)
    seen = (_("{value}  (MAX's view)") if report.players == 2 else
            _("{value}  (the return of player {number})"))
    return seen.format(value=value, number=report.view + 1)


def _unranked_words(report: Report) -> str:
    """The best-move line where several moves keep the value and none is known to be quicker."""
    optimal = [report.idiom.said(line.text) for line in report.optimal_moves()]
    if report.chosen is None or report.chosen not in optimal:
        return _("none marked: the distances to the end are not known here, only who wins; "
                 "every optimal move keeps the game value")
    return _("none marked: the distances to the end are not known here, only who wins; the "
             "search chose {move}, one of the optimal moves").format(move=report.chosen)


def grid(rows: Sequence[tuple[str, RenderableType]]) -> Table:
    """Labelled rows: the label dim, the value beside it."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="dim", no_wrap=True)
    table.add_column()
    for label, value in rows:
        table.add_row(label, value)
    return table


def report_view(game: AnyGame, state: Any, report: Report, title: str,
                extra_rows: list[tuple[str, Text]] | None = None) -> RenderableType:
    """The title, the position drawn, the answer and its extra lines, then the moves table."""
    parts: list[RenderableType] = [Text(title, style="bold"), position_view(game, state),
                                   grid(summary_rows(report) + (extra_rows or []))]
    if report.moves:
        parts.append(moves_table(game, state, report))
    return Group(*parts)


__all__ = ["PV_MOVES", "grid", "position_view", "report_view", "summary_rows", "value_words"]
