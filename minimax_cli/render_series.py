"""`--upto` reports -> a Rich table of outcomes with the pattern, and a JSON-ready dict."""

from __future__ import annotations

import math
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.series import SeriesReport

#: `--upto` tables show at most this many rows (the JSON has them all).
DISPLAY_ROWS = 400
#: Rows per block of the outcome table; longer tables are laid out in blocks side by side.
BLOCK_ROWS = 25
MAX_BLOCKS = 4


def series_view(report: SeriesReport) -> RenderableType:
    """The outcome of every position 0..upto (W: the player to move wins, L: loses) with the
    winning moves, then the pattern observed in them and the proven period."""
    series = report.series
    count = len(series.outcomes)
    shown = min(count, DISPLAY_ROWS)
    blocks = min(MAX_BLOCKS, max(1, math.ceil(shown / BLOCK_ROWS)))
    per_block = math.ceil(shown / blocks)
    heading = Text(f"Outcomes for the player to move, n = 0..{series.upto:,}: ", style="bold")
    heading.append(series.description, style="dim")
    table = Table(caption="W: the player to move wins; L: loses", caption_justify="left")
    for _ in range(blocks):
        table.add_column("n", justify="right")
        table.add_column("", justify="center")
        table.add_column("winning moves")
    for r in range(per_block):
        cells: list[Text | str] = []
        for b in range(blocks):
            n = b * per_block + r
            if n >= shown:
                cells += ["", "", ""]
                continue
            wins = series.outcomes[n]
            cells.append(f"{n:,}")
            cells.append(Text("W", style="green") if wins else Text("L", style="bold red"))
            moves = "no move" if n in series.ended else ", ".join(series.moves[n]) or "-"
            cells.append(Text(moves))
        table.add_row(*cells)
    parts: list[RenderableType] = [heading, table]
    if count > DISPLAY_ROWS:
        parts.append(Text(f"… rows {DISPLAY_ROWS:,}..{series.upto:,} not shown; --json lists "
                          "them all", style="dim"))
    notes: list[tuple[str, Text]] = []
    pattern = report.pattern
    if pattern is None:
        notes.append(("pattern", Text(f"no period seen in 0..{series.upto:,} (a block must repeat "
                                      "3 times to be believed); try a larger --upto")))
    else:
        notes.append(("pattern", Text(pattern.sentence, style="bold")))
        notes.append(("", Text("found in the outcomes computed above, not assumed", style="dim")))
    proven = series.proven
    if proven is not None:
        notes.append(("proof", Text(series.proof or f"period {proven.period} from "
                                    f"n = {proven.preperiod}, proven")))
        if pattern is not None and (pattern.preperiod, pattern.period) != (proven.preperiod,
                                                                           proven.period):
            notes.append(("note", Text(f"0..{series.upto:,} is too short to tell the proven "
                                       "period from what these outcomes show; try a larger "
                                       "--upto", style="yellow")))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    for label, value in notes:
        grid.add_row(label, value)
    parts.append(grid)
    return Group(*parts)


def series_dict(report: SeriesReport) -> dict[str, Any]:
    series, pattern, proven = report.series, report.pattern, report.series.proven
    return {
        "description": series.description,
        "rows": [{"n": n, "outcome": "W" if wins else "L", "winning_moves": list(series.moves[n]),
                  "over": n in series.ended}
                 for n, wins in enumerate(series.outcomes)],
        "pattern": None if pattern is None else {
            "text": pattern.sentence, "preperiod": pattern.preperiod, "period": pattern.period,
            "losing_residues": list(pattern.losing_residues),
            "early_losses": list(pattern.early_losses), "checked_upto": pattern.checked_upto,
            "proven": False,
        },
        "proven_period": None if proven is None else {
            "preperiod": proven.preperiod, "period": proven.period,
            "checked_upto": proven.checked_upto, "proof": series.proof,
        },
        "time_s": round(report.elapsed, 6),
    }
