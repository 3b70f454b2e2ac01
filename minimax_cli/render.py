"""Core objects -> Rich renderables and JSON-ready dicts. Pure functions: no printing, no input."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli import render_report, report
from minimax_cli.core.game import Game
from minimax_cli.core.result import (
    STOP_INTERRUPTED,
    STOP_NODES,
    STOP_TIME,
    SearchResult,
)
from minimax_cli.core.score import Number, format_number
from minimax_cli.words import count

AnyGame = Game[Any, Any]



def fmt_value(value: Number | None) -> str:
    """A number as people write it: integers without a decimal point, fractions as p/q,
    infinities as ±∞; None (no value) as a dash."""
    if value is None:
        return "-"
    return format_number(value)


STOP_WORDS = {STOP_TIME: "time budget", STOP_NODES: "node budget"}


def result_dict(game: AnyGame, state: Any, result: SearchResult) -> dict[str, Any]:
    """The JSON form of an analysis: the one report schema (see `report.report_dict`)."""
    return report.report_dict(report.from_search(game, state, result))


def moves_table(game: AnyGame, state: Any, result: SearchResult) -> RenderableType:
    """Every root move, best first for the player to move (see `render_report.moves_table`)."""
    return render_report.moves_table(report.from_search(game, state, result))


def stats_table(result: SearchResult) -> Table:
    s = result.stats
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="dim")
    table.add_column(justify="right")
    table.add_row("nodes (root included)", f"{s.nodes:,}")
    if result.iterations is not None:  # Monte Carlo: no cutoffs, no depth limit
        table.add_row("simulations", f"{result.iterations:,}")
        table.add_row("random playouts", f"{s.leaves:,}")
        table.add_row("time", f"{s.elapsed:.3f} s")
        table.add_row("simulations per second",
                      f"{result.iterations / s.elapsed:,.0f}" if s.elapsed > 0 else "-")
        return table
    table.add_row("leaves evaluated", f"{s.leaves:,}")
    table.add_row("cutoffs", f"{s.cutoffs:,}")
    if s.tt_probes:
        table.add_row("table probes / hits / answers",
                      f"{s.tt_probes:,} / {s.tt_hits:,} / {s.tt_answers:,}")
    if s.pv_nodes:
        table.add_row("nodes to complete the line", f"{s.pv_nodes:,}")
    if result.stopped is not None and result.score is None:
        depth = "none completed"
    else:
        depth = "to the end" if result.depth is None else count(result.depth, "ply")
    table.add_row("depth", depth)
    table.add_row("time", f"{s.elapsed:.3f} s")
    table.add_row("nodes per second", f"{s.nodes_per_second:,.0f}")
    return table


def analysis(game: AnyGame, state: Any, result: SearchResult) -> RenderableType:
    """The position, the answer, the moves table and the statistics of one search."""
    rep = report.from_search(game, state, result)
    notes: list[tuple[str, Text]] = []
    if result.stopped is not None:
        cause = ("Ctrl-C stopped the search" if result.stopped == STOP_INTERRUPTED else
                 f"the {STOP_WORDS.get(result.stopped, result.stopped)} ran out")
        if result.score is None:
            note = f"{cause} before any depth was completed: no value is given"
        else:
            note = f"{cause}; the last completed depth ({result.depth}) stands"
        notes.append(("stopped", Text(note, style="yellow")))
    view = render_report.report_view(game, state, rep, f"{game.name} · {result.algorithm}", notes)
    return Group(view, stats_table(result))
