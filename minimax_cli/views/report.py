"""A report (`report.Report`) as Rich renderables: the position, the answer, the moves table.

`analyze` and `solve` both print through here, so they say the same things in the same words: the
position drawn, who is to move (or that the game is over, with the result), the value from MAX's
point of view and the result for the player to move, the best move and the whole line, then every
move best first for the player to move. Text from a game or a user reaches Rich as `Text`.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.game import CHANCE, Game
from minimax_cli.core.i18n import pgettext
from minimax_cli.core.score import Bound, Kind, Number, Score, format_number
from minimax_cli.i18n import _, ngettext
from minimax_cli.i18n.words import best_means, grouped, in_plies, optimal_means
from minimax_cli.reports.model import MoveLine, Report, mover_view
from minimax_cli.reports.words import (
    move_words,
    number_words,
    player_words,
    result_words,
    returns_words,
    score_words,
)
from minimax_cli.views import boards

AnyGame = Game[Any, Any]

#: The moves table shows at most this many rows (the JSON has them all).
MOVE_ROWS = 60
#: The principal variation shows at most this many moves (the JSON has them all).
PV_MOVES = 40

_SIGNS = {Bound.EXACT: "", Bound.LOWER: "≥ ", Bound.UPPER: "≤ "}


def signed(value: Number | None, win_loss: bool = True, bound: Bound = Bound.EXACT) -> str:
    """A value as the course writes it: +1 / 0 / -1 for results, with ≥ / ≤ for bounds; the
    numbers of other games as people write them; `?` for no value."""
    if value is None:
        return "?"
    text = format_number(value)
    if win_loss and value > 0:
        text = "+" + text
    return _SIGNS[bound] + text


def value_words(score: Score | None, win_loss: bool, sampled: bool = False) -> str:
    """The value from MAX's point of view in words: `+1: the first player (MAX) wins in 5 plies`,
    `0: a draw`, `≥ 0: at least a draw for MAX`, `23/3 ≈ 7.667`, `4 (heuristic estimate, not
    proven)`."""
    if score is None:
        return _("none: the search stopped before any depth was completed")
    sign = _SIGNS[score.bound]
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
        rows.append((_("value"), Text(_("{value}  (MAX's view)").format(value=value_words(
            report.score, report.win_loss, report.iterations is not None)))))
    if report.iterations is not None:
        proved = report.score is not None and report.score.proven
        text = (_("{count} (Monte Carlo tree search; its solver proved the value)") if proved
                else _("{count} (Monte Carlo tree search; the best move is the most visited)"))
        rows.append((_("simulations"), Text(text.format(count=grouped(report.iterations)))))
    if report.chosen is not None:
        best = Text(report.chosen, style="bold green")
        if not report.best_searched:
            best.append(_("  (not searched: the first move by ordering)"), style="yellow")
        rows.append((_("best"), best))
    if report.pv:
        line = Text(" ".join(report.pv[:PV_MOVES]))
        if len(report.pv) > PV_MOVES:
            rest = len(report.pv) - PV_MOVES
            line.append(ngettext(" … {count} more ply", " … {count} more plies", rest).format(
                count=grouped(rest)), style="dim")
        if report.pv_complete:
            line.append(_("  (to the end of the game)"), style="dim")
        elif report.score is not None and report.score.exact:
            line.append(_("  (an optimal start; the rest of the line was not computed)"),
                        style="dim")
        rows.append((_("line"), line))
    rows.extend((_("note"), Text(note, style="yellow")) for note in report.notes)
    return rows


def grid(rows: list[tuple[str, Text]]) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="dim", no_wrap=True)
    table.add_column()
    for label, value in rows:
        table.add_row(label, value)
    return table


def moves_table(report: Report) -> RenderableType:
    """Every move, best first for the player to move: what it means for that player, MAX's value
    (with ≥ / ≤ where only a bound is known) and, where proven, whether it is optimal; ★ marks the
    best. A heading of its own line says whose view each column takes."""
    who = {0: "MAX", 1: "MIN"}.get(report.to_move if report.to_move is not None else -9)
    mover = None
    if report.returns is not None and report.to_move is not None and report.to_move >= 0:
        who = player_words(report.to_move, report.players)
        mover = report.to_move
    lines = report.moves
    per_player = any(m.returns is not None for m in lines)
    visits = any(m.visits is not None for m in lines)
    table = Table()
    table.add_column(ngettext("move", "moves", 1))  # the noun as ngettext has it (not _("move"))
    if mover is not None and report.players > 2:
        table.add_column(_("for player {number} (to move)").format(number=mover + 1))
    else:
        table.add_column(_("for {player} (to move)").format(player=who) if who else _("result"))
    if per_player:
        table.add_column(_("returns (players 1, 2, …)"), justify="right")
    else:
        table.add_column(_("value (MAX)"), justify="right")
    if visits:
        table.add_column(_("visits"), justify="right")
    chances = any(m.probability is not None for m in lines)
    if chances:
        table.add_column(_("probability"), justify="right")
    # At a chance node nobody chooses, so no outcome is optimal or not.
    show_optimal = report.to_move != CHANCE and any(m.optimal is not None for m in lines)
    if show_optimal:
        table.add_column(_("optimal"))
    answers = {True: _("yes"), False: _("no"), None: "?"}
    for m in lines[:MOVE_ROWS]:
        value = (", ".join(format_number(v) for v in m.returns) if m.returns is not None
                 else signed(m.score.number, report.win_loss, m.score.bound))
        row: list[Text] = [Text(m.text + (" ★" if m.best else "")),
                           Text(_for_mover(m, report)), Text(value)]
        if visits:
            row.append(Text("" if m.visits is None else grouped(m.visits)))
        if chances:
            row.append(Text("" if m.probability is None else format_number(m.probability)))
        if show_optimal:
            row.append(Text(answers[m.optimal]))
        table.add_row(*row, style="bold" if m.best else None)
    heading = Text(_("Moves, best first for the player to move"), style="italic")
    if len(lines) > MOVE_ROWS:
        rest = len(lines) - MOVE_ROWS
        table.caption = ngettext("… {count} more move; --json lists them all",
                                 "… {count} more moves; --json lists them all",
                                 rest).format(count=grouped(rest))
        table.caption_justify = "left"
    # Win/loss games searched for an expected value (chance) have no quickest win to rank by.
    results = report.win_loss and all(m.score.kind is not Kind.VALUE for m in lines)
    legend = Text(_("★ best: {meaning}").format(meaning=best_means()) if results else
                  _("★ best: the optimal moves"), style="dim")
    if any(m.best and not m.score.proven for m in lines):
        legend = Text(_("★ best by the estimate of the deepest completed search (not proven)"),
                      style="dim")
    if visits and not (report.score is not None and report.score.proven):
        legend = Text(_("★ the move Monte Carlo tree search plays: a win its solver proved, else "
                        "the most visited; values are the simulations' mean rewards, estimates "
                        "unless proven by its solver"), style="dim")
    if show_optimal and not any(m.best for m in lines) and report.chosen is not None:
        legend = Text(_("no move is marked best: the distances to the end are not known here, "
                        "only who wins"), style="dim")
    if report.to_move == CHANCE:
        legend = Text(_("chance picks the outcome: no move is best or optimal here"), style="dim")
    if show_optimal:
        legend.append("\n" + _("optimal: {meaning}").format(meaning=optimal_means()))
    return Group(heading, table, legend)


def _for_mover(line: MoveLine, report: Report) -> str:
    if line.returns is not None:
        return move_words(line, report.to_move)
    score = mover_view(line.score, report.to_move)
    if line.visits is not None and score.kind is Kind.ESTIMATE:
        return _("mean reward {value}").format(
            value=_SIGNS[score.bound] + format_number(score.number))
    text = score_words(score)
    if score.kind is Kind.ESTIMATE:
        text = _("{estimate} (heuristic)").format(estimate=text)
    return text


def report_view(game: AnyGame, state: Any, report: Report, title: str,
                extra_rows: list[tuple[str, Text]] | None = None) -> RenderableType:
    """The title, the position drawn, the answer and its extra lines, then the moves table."""
    parts: list[RenderableType] = [Text(title, style="bold"), position_view(game, state),
                                   grid(summary_rows(report) + (extra_rows or []))]
    if report.moves:
        parts.append(moves_table(report))
    return Group(*parts)


__all__ = ["MOVE_ROWS", "PV_MOVES", "grid", "moves_table", "position_view", "report_view",
           "signed", "summary_rows", "value_words"]
