"""`minimax analyze --compare`, the command-line side: the progress line on stderr while the
comparison runs (services/analyze.py runs it). The rows and notes are `services/compare.py`'s, the
table `views/compare.py`'s."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.text import Text

from minimax_cli.core.i18n import _
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


__all__ = ["progress_line"]
