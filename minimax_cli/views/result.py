"""A search's answer -> its report's Rich renderables (the JSON form is reports/json_form.py's).
Pure functions: no printing, no input."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import _, pgettext
from minimax_cli.core.result import (
    STOP_INTERRUPTED,
    STOP_NODES,
    STOP_TIME,
    SearchResult,
)
from minimax_cli.core.words import count, grouped
from minimax_cli.reports.model import Report, from_search
from minimax_cli.views import report as render_report


def _stop_words(stopped: str) -> str:
    """What ran out, as a clause: `Ctrl-C stopped the search`, `the time budget ran out`."""
    if stopped == STOP_INTERRUPTED:
        return _("Ctrl-C stopped the search")
    if stopped == STOP_TIME:
        return _("the time budget ran out")
    if stopped == STOP_NODES:
        return _("the node budget ran out")
    return _("the {limit} ran out").format(limit=stopped)


def stats_table(report: Report) -> Table:
    """The counts of a search's report: nodes, leaves, cutoffs, table use, depth, time."""
    count_of = report.count
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="dim")
    table.add_column(justify="right")
    elapsed = report.stats.get("time_s") or 0.0
    seconds = _("{seconds:.3f} s").format(seconds=elapsed)
    table.add_row(_("nodes (root included)"), grouped(count_of("nodes")))
    if report.iterations is not None:  # Monte Carlo: no cutoffs, no depth limit
        table.add_row(_("simulations"), grouped(report.iterations))
        table.add_row(_("random playouts"), grouped(count_of("leaves")))
        table.add_row(_("time"), seconds)
        table.add_row(_("simulations per second"),
                      grouped(round(report.iterations / elapsed)) if elapsed > 0 else "-")
        return table
    table.add_row(_("leaves evaluated"), grouped(count_of("leaves")))
    table.add_row(_("cutoffs"), grouped(count_of("cutoffs")))
    if count_of("tt_probes"):
        table.add_row(_("table probes / hits / answers"),
                      f"{grouped(count_of('tt_probes'))} / {grouped(count_of('tt_hits'))} / "
                      f"{grouped(count_of('tt_answers'))}")
    if count_of("pv_nodes"):
        table.add_row(_("nodes to complete the line"), grouped(count_of("pv_nodes")))
    if report.stopped is not None and report.score is None:
        depth = _("none completed")
    else:
        depth = _("to the end") if report.depth is None else count(report.depth, "ply")
    table.add_row(_("depth"), depth)
    table.add_row(_("time"), seconds)
    table.add_row(_("nodes per second"), grouped(count_of("nodes_per_s")))
    return table


def analysis(game: AnyGame, state: Any, result: SearchResult) -> RenderableType:
    """The position, the answer, the moves table and the statistics of one search."""
    rep = from_search(game, state, result)
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
    return Group(view, stats_table(rep))
