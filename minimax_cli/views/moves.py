"""The one moves table drawn: a report's root moves, for the player to move (`analyze`, `solve`) or
for one player of a `minimax play` session (`hint`, `why`), as a Rich table.

Every word of the table is decided in the reports layer (minimax_cli.reports.table); this view
only lays them out: the heading in italics, the best moves' rows in bold, the moves not valued
dimmed, the legend dimmed under it. Text from a game reaches Rich as `Text`.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.game import AnyGame
from minimax_cli.reports.model import Report
from minimax_cli.reports.table import MovesTable, Reader, table_words


def moves_table(game: AnyGame, state: Any, report: Report,
                reader: Reader | None = None) -> RenderableType:
    """The moves of `report` (a report of `state`): for the player to move, or for `reader`."""
    return drawn(table_words(game, state, report, reader))


def drawn(words: MovesTable) -> RenderableType:
    """A moves table in words as Rich draws it: the heading, the table, the legend."""
    table = Table()
    for column in words.columns:
        table.add_column(column.title, justify="right" if column.right else "left")
    for row in words.rows:
        table.add_row(*(Text(cell) for cell in row.cells),
                      style="bold" if row.best else "dim" if row.dim else None)
    if words.caption is not None:
        table.caption = words.caption
        table.caption_justify = "left"
    return Group(Text(words.heading, style="italic"), table, Text(words.legend, style="dim"))


__all__ = ["drawn", "moves_table"]
