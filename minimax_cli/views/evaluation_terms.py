"""`analyze GAME POSITION --terms` as Rich renderables: the evaluation's table, term by term (term,
weight, the first player's share, the second's, the difference), then the phase, the total, the
weighted sums written out for an evaluation whose features are counts, and the notes. A pure
function of an `EvaluationTerms`: no printing, no input."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.i18n import _
from minimax_cli.core.params import grouped
from minimax_cli.core.terms import EvaluationTerms
from minimax_cli.reports.evaluation_terms import number_text, phase_text, signed_text, written_sum


def terms_table(terms: EvaluationTerms, sides: tuple[str, str]) -> Table:
    """One row a term; the total in the footer row."""
    table = Table(title=_("evaluation: {name}").format(name=terms.evaluator), box=box.SIMPLE,
                  show_footer=True, title_justify="left")
    table.add_column(_("term"), footer=_("total"))
    table.add_column(_("weight"), justify="right")
    table.add_column(sides[0], justify="right")
    table.add_column(sides[1], justify="right")
    table.add_column(_("difference"), justify="right", footer=signed_text(terms.total))
    for term in terms.terms:
        table.add_row(Text(_(term.label)), Text(grouped(term.weight)),
                      Text(number_text(term.first)), Text(number_text(term.second)),
                      Text(signed_text(term.value), style="" if term.value else "dim"))
    return table


def _counted_sums(terms: EvaluationTerms, sides: tuple[str, str]) -> list[Text]:
    """Σ w_i f_i for each side and their difference, for an evaluation of whole counts (the
    course's material)."""
    first = sum(t.first * t.weight for t in terms.terms)
    second = sum(t.second * t.weight for t in terms.terms)
    return [Text(f"{sides[0]}: {written_sum(terms, True)}"),
            Text(f"{sides[1]}: {written_sum(terms, False)}"),
            Text(_("difference: {first} − {second} = {total}").format(
                first=number_text(first), second=number_text(second),
                total=signed_text(terms.total)))]


def terms_view(terms: EvaluationTerms, sides: tuple[str, str], mover: str) -> RenderableType:
    """The table, the phase (tapered) or each side's weighted sum (untapered), the total
    for the first player and for `mover` (the engine's static value), and the notes."""
    lines: list[RenderableType] = [terms_table(terms, sides)]
    phase = phase_text(terms)
    if phase is not None:
        lines.append(Text(phase))
    if terms.phase is None:  # untapered: each side's sum is plain counts times weights
        lines.extend(_counted_sums(terms, sides))
    lines.append(Text(_("total for {first}: {total}; for the side to move ({mover}): {to_move}, "
                        "the value the search uses for this position").format(
        first=sides[0], total=signed_text(terms.total), mover=mover,
        to_move=signed_text(terms.to_move))))
    lines.extend(Text(_(note), style="dim") for note in terms.notes)
    return Group(*lines)


__all__ = ["terms_table", "terms_view"]
