"""`minimax analyze --compare`, the command-line side: run the comparison with a progress line on
stderr, and add its notes to the JSON reports. The rows and notes are `compare`'s, the table
`render_compare`'s."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.text import Text

from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import english_of
from minimax_cli.core.result import Limits
from minimax_cli.i18n import _
from minimax_cli.reports import compare as compared
from minimax_cli.services import compare


@contextmanager
def progress_line(enabled: bool, err: Console | None = None) -> Iterator[compare.Progress | None]:
    """A transient status line on stderr naming the search under way ("running alphabeta (2 of
    5)…"), on a terminal only: pipes, files and --json output get none."""
    err = err if err is not None else Console(stderr=True, highlight=False)
    if not enabled or not err.is_terminal:
        yield None
        return
    with err.status("", spinner="dots") as status:
        def show(name: str, number: int, total: int, seconds: float | None) -> None:
            line = (_("--compare: running {name} ({number} of {total})…") if seconds is None else
                    _("--compare: running {name} ({number} of {total}, at most {seconds:g} s)…"))
            # Naming the spinner redraws the line at once (a text alone waits for the next tick).
            status.update(Text(line.format(name=name, number=number, total=total, seconds=seconds)),
                          spinner="dots")

        yield show


def run(game: AnyGame, state: Any, names: list[str], limits: Limits, user_budget: bool,
        search_one: compare.SearchOne, as_json: bool) -> compared.Comparison:
    """The comparison of `names` on `state`, progress shown unless the output is JSON."""
    with progress_line(not as_json) as progress:
        return compare.run(game, state, names, limits, user_budget, search_one, progress)


def add_notes(payload: list[dict[str, Any]], comparison: compared.Comparison) -> None:
    """Each report's `notes` gain the notes about its own run (stopped, exact root, estimate...);
    what concerns the whole table follows from the list of reports itself."""
    for entry, run in zip(payload, comparison.runs, strict=True):
        entry["notes"].extend(english_of(note.text) for note in compared.notes(comparison)
                              if run.name in note.algorithms)


__all__ = ["add_notes", "progress_line", "run"]
