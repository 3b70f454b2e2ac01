"""`analyze --horizon` as Rich renderables: the table of values by depth, without and with
quiescence, and the sentences under it (reports/horizon.py). Pure: no printing, no input."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.i18n import _
from minimax_cli.reports.horizon import Cell, Horizon, cell_text, sentences


def _best(cell: Cell) -> str:
    return f"{cell.spoken}, {cell_text(cell.score)}" if cell.spoken else cell_text(cell.score)


def horizon_table(horizon: Horizon) -> Table:
    """One row a depth: the focus move's value and the best move's, without and with
    quiescence, in centipawns from White's side."""
    table = Table(title=_("The horizon effect, and quiescence search curing it"),
                  title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1))
    move = horizon.focus_spoken
    headers = [_("depth"), _("{move}\nwithout quiescence").format(move=move),
               _("best\nwithout"), _("{move}\nwith quiescence").format(move=move),
               _("best\nwith")]
    for i, header in enumerate(headers):
        table.add_column(header, justify="right" if i in (0, 1, 3) else "left")
    for row in horizon.rows:
        flattered = row.focus_plain.score != row.focus_quiet.score
        table.add_row(Text(str(row.depth)),
                      Text(cell_text(row.focus_plain.score), style="yellow" if flattered else ""),
                      Text(_best(row.best_plain)), Text(cell_text(row.focus_quiet.score)),
                      Text(_best(row.best_quiet)))
    return table


def horizon_view(horizon: Horizon) -> RenderableType:
    """The table and, under it, what it shows in words."""
    return Group(Text(""), horizon_table(horizon), Text(""),
                 *(Text(line) for line in sentences(horizon)))


__all__ = ["horizon_table", "horizon_view"]
