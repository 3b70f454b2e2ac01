"""Core objects -> Rich renderables and JSON-ready dicts. Pure functions: no printing, no input."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.game import Game
from minimax_cli.core.i18n import pgettext
from minimax_cli.core.result import (
    STOP_INTERRUPTED,
    STOP_NODES,
    STOP_TIME,
    SearchResult,
)
from minimax_cli.i18n import _
from minimax_cli.i18n.words import count, grouped
from minimax_cli.reports import json_form as report_json
from minimax_cli.reports import model as report
from minimax_cli.views import report as render_report

AnyGame = Game[Any, Any]

def _stop_words(stopped: str) -> str:
    """What ran out, as a clause: `Ctrl-C stopped the search`, `the time budget ran out`."""
    if stopped == STOP_INTERRUPTED:
        return _("Ctrl-C stopped the search")
    if stopped == STOP_TIME:
        return _("the time budget ran out")
    if stopped == STOP_NODES:
        return _("the node budget ran out")
    return _("the {limit} ran out").format(limit=stopped)


def result_dict(game: AnyGame, state: Any, result: SearchResult) -> dict[str, Any]:
    """The JSON form of an analysis: the one report schema (see `report_json.report_dict`)."""
    return report_json.report_dict(report.from_search(game, state, result))


def stats_table(result: SearchResult) -> Table:
    s = result.stats
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="dim")
    table.add_column(justify="right")
    seconds = _("{seconds:.3f} s").format(seconds=s.elapsed)
    table.add_row(_("nodes (root included)"), grouped(s.nodes))
    if result.iterations is not None:  # Monte Carlo: no cutoffs, no depth limit
        table.add_row(_("simulations"), grouped(result.iterations))
        table.add_row(_("random playouts"), grouped(s.leaves))
        table.add_row(_("time"), seconds)
        table.add_row(_("simulations per second"),
                      grouped(round(result.iterations / s.elapsed)) if s.elapsed > 0 else "-")
        return table
    table.add_row(_("leaves evaluated"), grouped(s.leaves))
    table.add_row(_("cutoffs"), grouped(s.cutoffs))
    if s.tt_probes:
        table.add_row(_("table probes / hits / answers"),
                      f"{grouped(s.tt_probes)} / {grouped(s.tt_hits)} / {grouped(s.tt_answers)}")
    if s.pv_nodes:
        table.add_row(_("nodes to complete the line"), grouped(s.pv_nodes))
    if result.stopped is not None and result.score is None:
        depth = _("none completed")
    else:
        depth = _("to the end") if result.depth is None else count(result.depth, "ply")
    table.add_row(_("depth"), depth)
    table.add_row(_("time"), seconds)
    table.add_row(_("nodes per second"), grouped(round(s.nodes_per_second)))
    return table


def analysis(game: AnyGame, state: Any, result: SearchResult) -> RenderableType:
    """The position, the answer, the moves table and the statistics of one search."""
    rep = report.from_search(game, state, result)
    notes: list[tuple[str, Text]] = []
    if result.stopped is not None:
        cause = _stop_words(result.stopped)
        if result.score is None:
            note = _("{cause} before any depth was completed: no value is given").format(
                cause=cause)
        else:
            note = _("{cause}; the last completed depth ({depth}) stands").format(
                cause=cause, depth=result.depth)
        notes.append((pgettext("search", "stopped"), Text(note, style="yellow")))
    view = render_report.report_view(game, state, rep, f"{game.name} · {result.algorithm}", notes)
    return Group(view, stats_table(result))
