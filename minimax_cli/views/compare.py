"""`analyze --compare` as Rich renderables: one table of the runs and the notes under it. Pure
functions of a `compare.Comparison`: no printing, no input."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.i18n import _, text_of
from minimax_cli.core.params import grouped
from minimax_cli.reports.compare import Comparison, Note, Run, notes, value_text


def share_text(share: float) -> str:
    """A fraction of the baseline's nodes with the digits that tell small ones apart."""
    if share >= 0.01 or share == 0:
        return f"{share:.1%}"
    if share >= 0.0001:
        return f"{share:.2%}"
    return "<0.01%"


def _row(comparison: Comparison, run: Run) -> list[Text]:
    r, stats = run.result, run.result.stats
    value = Text(value_text(run), style="yellow" if r.score is None else "")
    share = comparison.share(run)
    if not run.finished:
        fraction = Text(_("stopped"), style="yellow")
    elif share is None:
        fraction = Text("-", style="dim")
    else:
        fraction = Text(share_text(share))
    return [Text(run.name), value, Text(grouped(stats.nodes)), Text(grouped(stats.leaves)),
            Text(grouped(stats.cutoffs)), Text(f"{stats.elapsed:.3f} s"), fraction]


def comparison_table(comparison: Comparison) -> Table:
    """The runs side by side: value, nodes, leaves, cutoffs, time and nodes as a fraction of the
    baseline's; on a uniform tree a last row with the Knuth–Moore best case in leaves (its
    yardstick when move ordering is measured)."""
    base = comparison.baseline
    table = Table(title=_("Algorithms compared on the same position"), title_justify="left",
                  box=box.SIMPLE_HEAD, show_edge=False, padding=0)  # one space between columns
    headers = [_("algorithm"), _("value"), _("nodes"), _("leaves"), _("cutoffs"), _("time"),
               _("nodes vs\n{base}").format(base=base.name) if base is not None else _("nodes vs")]
    for i, header in enumerate(headers):
        # On a terminal too narrow for the table, numbers fold rather than lose digits.
        table.add_column(header, justify="left" if i == 0 else "right", overflow="fold")
    for run in comparison.runs:
        table.add_row(*_row(comparison, run))
    best_case = (comparison.uniform.best_case if comparison.uniform is not None else
                 comparison.minimal.best_case if comparison.minimal is not None else None)
    if best_case is not None:
        style = "italic dim"
        table.add_row(Text(_("Knuth–Moore"), style=style), Text(""), Text(""),
                      Text(grouped(best_case), style=style), Text(""), Text(""), Text(""))
    return table


def comparison_view(comparison: Comparison) -> RenderableType:
    """The table and, under it, what its rows say together (`compare.notes`)."""
    lines = [Text(text_of(note.text), style="yellow" if _about_a_stop(comparison, note) else "")
             for note in notes(comparison)]
    return Group(Text(""), comparison_table(comparison), Text(""), *lines)


def _about_a_stop(comparison: Comparison, note: Note) -> bool:
    runs = [comparison.run_named(name) for name in note.algorithms]
    return any(run is not None and not run.finished for run in runs)


__all__ = ["comparison_table", "comparison_view", "share_text"]
