"""A solve report's `--upto` series -> a Rich table of outcomes with the pattern."""

from __future__ import annotations

import math

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.i18n import _, pgettext, text_of
from minimax_cli.core.periodic import DEFAULT_MIN_REPEATS
from minimax_cli.core.score import format_number
from minimax_cli.core.solver import Series
from minimax_cli.core.words import grouped
from minimax_cli.reports.model import Report
from minimax_cli.reports.pattern import Pattern
from minimax_cli.views.report import grid

#: `--upto` tables show at most this many rows (the JSON has them all).
DISPLAY_ROWS = 400
#: Rows per block of the outcome table; longer tables are laid out in blocks side by side.
BLOCK_ROWS = 25
MAX_BLOCKS = 4


def series_view(report: Report) -> RenderableType:
    """A solve's `--upto` series: the outcome of every position 0..upto (W: the player to move
    wins, L: loses) with the winning moves, then the pattern (proven for every n, or observed in
    these outcomes only) and how it is known."""
    series, pattern = report.series, report.pattern
    assert series is not None, "a solve without --upto has no series"
    if series.standings is not None:
        return standings_view(series, pattern)
    count = len(series.outcomes)
    shown = min(count, DISPLAY_ROWS)
    blocks = min(MAX_BLOCKS, max(1, math.ceil(shown / BLOCK_ROWS)))
    per_block = math.ceil(shown / blocks)
    heading = Text(_("Outcomes for the player to move, n = 0..{upto}: ").format(
        upto=grouped(series.upto)), style="bold")
    heading.append(text_of(series.description), style="dim")
    win, loss = _("W"), _("L")
    table = Table()
    for _block in range(blocks):
        table.add_column("n", justify="right")
        table.add_column(f"{win}/{loss}", justify="center")  # headed as its cells read: W or L
        table.add_column(_("winning moves"))
    for r in range(per_block):
        cells: list[Text | str] = []
        for b in range(blocks):
            n = b * per_block + r
            if n >= shown:
                cells += ["", "", ""]
                continue
            wins = series.outcomes[n]
            cells.append(grouped(n))
            cells.append(Text(win, style="green") if wins else Text(loss, style="bold red"))
            moves = _("no move") if n in series.ended else ", ".join(series.moves[n]) or "-"
            cells.append(Text(moves))
        table.add_row(*cells)
    # The legend under the table, not its caption: a caption wraps at the table's width.
    legend = Text(_("W: the player to move wins; L: loses"))
    return Group(heading, table, legend,
                 *_notes(series, count, list(pattern_notes(series, pattern))))


def standings_view(series: Series, pattern: Pattern | None) -> RenderableType:
    """A game of more players: who wins each position 0..upto, the returns, the move the player
    to move makes and the ties broken on the way, under the assumption the series states; then
    the pattern, the assumption and the first tie in words."""
    standings = series.standings or ()
    count = len(standings)
    shown = min(count, DISPLAY_ROWS)
    blocks = min(2, max(1, math.ceil(shown / BLOCK_ROWS)))
    per_block = math.ceil(shown / blocks)
    players = len(standings[0].returns) if standings else 0
    heading = Text(_("Who wins under the assumption below, n = 0..{upto}: ").format(
        upto=grouped(series.upto)), style="bold")
    heading.append(text_of(series.description), style="dim")
    table = Table()
    legend = Text(_("winner: the player who wins; returns: players 1..{players}; plays: the move "
                    "made at n; ties: ties broken on the line of play, where another tie-break "
                    "rule may give another winner").format(players=players))
    for _block in range(blocks):
        for name, justify in (("n", "right"), (_("winner"), "center"), (_("returns"), "center"),
                              (_("plays"), "right"), (_("ties"), "right")):
            table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for r in range(per_block):
        cells: list[Text | str] = []
        for b in range(blocks):
            n = b * per_block + r
            if n >= shown:
                cells += ["", "", "", "", ""]
                continue
            standing = standings[n]
            who = pgettext("winner", "none") if standing.winner is None else f"{standing.winner + 1}"
            cells += [grouped(n), Text(who, style="green" if series.outcomes[n] else ""),
                      ",".join(format_number(v) for v in standing.returns),
                      Text("-" if n in series.ended else ", ".join(series.moves[n])),
                      grouped(standing.ties) if standing.ties else "-"]
        table.add_row(*cells)
    notes: list[tuple[str, RenderableType]] = [(_("assumption"), Text(text_of(series.assumption))),
                                               *pattern_notes(series, pattern)]
    first = next(((n, s.notes[0]) for n, s in enumerate(standings) if s.notes), None)
    if first is not None:
        notes.append((_("first tie"), Text(_("n = {n}: {tie} (--json has them for every n)").format(
            n=grouped(first[0]), tie=first[1]))))
    return Group(heading, table, legend, *_notes(series, count, notes))


def _notes(series: Series, count: int,
           rows: list[tuple[str, RenderableType]]) -> list[RenderableType]:
    """Under a series' table: how many rows were left out, then the notes, label by label."""
    parts: list[RenderableType] = []
    if count > DISPLAY_ROWS:
        parts.append(_rows_not_shown(series.upto))
    parts.append(grid(rows))
    return parts


def _rows_not_shown(upto: int) -> Text:
    return Text(_("… rows {first}..{last} not shown; --json lists them all").format(
        first=grouped(DISPLAY_ROWS), last=grouped(upto)), style="dim")


def pattern_notes(series: Series, pattern: Pattern | None) -> list[tuple[str, Text]]:
    """The pattern, then how it is known: the proof and whether the outcomes show it too, or that
    it was only observed in them."""
    proven = series.proven
    upto = grouped(series.upto)
    notes: list[tuple[str, Text]] = []
    if pattern is None:
        notes.append((_("pattern"), Text(_(
            "no period seen in n = 0..{upto} (a block must repeat {repeats} times to be seen); "
            "try a larger --upto").format(upto=upto, repeats=DEFAULT_MIN_REPEATS))))
    else:
        notes.append((_("pattern"), Text(text_of(pattern.sentence), style="bold")))
    if proven is not None:
        notes.append((_("proof"), Text(text_of(series.proof) or _(
            "period {period} from n = {start}, proven").format(period=proven.period,
                                                               start=proven.preperiod))))
        if pattern is not None and pattern.observed_upto is not None:
            notes.append((_("observed"), Text(_(
                "the outcomes for n = 0..{upto} show this period by themselves too").format(
                    upto=upto), style="dim")))
        else:
            notes.append((_("note"), Text(_(
                "the outcomes for n = 0..{upto} are too few to show this period by themselves (a "
                "block must repeat {repeats} times to be seen); the proof covers every n").format(
                    upto=upto, repeats=DEFAULT_MIN_REPEATS), style="yellow")))
    elif pattern is not None:
        notes.append(("", Text(_("seen in the outcomes for n = 0..{upto} only; larger n may "
                                 "differ").format(upto=upto), style="dim")))
    return notes
