"""`minimax size`: the game's measured size as the terminal shows it (services/size.py measures,
reports/size.py holds the measure): the sample's means b and d beside the course's, the tree's
size estimated as b^d, and perft's counts by depth. A pure function of the measure: no printing."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.i18n import _
from minimax_cli.core.words import grouped
from minimax_cli.reports.size import COURSE_BRANCHING, COURSE_PLIES, GameSize, power_of_ten


def _sample_table(size: GameSize) -> Table:
    """The sample's counts, its means beside the course's, and b^d written out."""
    sample = size.sample
    assert sample is not None
    b, d = sample.mean_moves, sample.mean_plies
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 0))
    table.add_column()
    table.add_column(justify="right")
    table.add_column(style="dim")
    course = _("the course: {value}")
    table.add_row(_("games"), grouped(sample.games), Text(size.source or ""))
    table.add_row(_("positions where a move was played"), grouped(sample.positions), "")
    table.add_row(_("legal moves per position, b"), f"{b:.1f}",
                  course.format(value=COURSE_BRANCHING))
    table.add_row(_("plies per game, d"), f"{d:.1f}", course.format(value=COURSE_PLIES))
    table.add_row(_("game tree, b^d"), f"{b:.1f}^{d:.1f} ≈ 10^{power_of_ten(b, d):.1f}",
                  course.format(value=f"{COURSE_BRANCHING}^{COURSE_PLIES} ≈ 10^"
                                      f"{power_of_ten(COURSE_BRANCHING, COURSE_PLIES):.0f}"))
    return table


def _perft_table(size: GameSize) -> Table:
    """Perft's counts by depth, each with the branching it implies (the count's d-th root)."""
    table = Table(box=None, padding=(0, 2, 0, 0))
    table.add_column(_("depth"), justify="right")
    table.add_column(_("move sequences"), justify="right")
    table.add_column(_("per ply"), justify="right", style="dim")
    for depth, count in enumerate(size.perft, start=1):
        table.add_row(str(depth), grouped(count), f"{count ** (1 / depth):.1f}")
    return table


def size_view(size: GameSize) -> RenderableType:
    """The measured size: the sample (when a file was given) and perft (when asked)."""
    parts: list[RenderableType] = []
    if size.sample is not None:
        parts.append(Text(_("The size of {game}, measured on {games} games").format(
            game=size.game, games=grouped(size.sample.games)), style="bold"))
        parts.append(_sample_table(size))
        parts.append(Text(_("An estimate from the sample: b^d counts the lines of play as if "
                            "every position had b legal moves and every game lasted d plies."),
                          style="dim"))
    if size.perft:
        if parts:
            parts.append(Text(""))
        parts.append(Text(_("Perft from {position}: the move sequences of each length").format(
            position=size.position), style="bold"))
        parts.append(_perft_table(size))
    return Group(*parts)
