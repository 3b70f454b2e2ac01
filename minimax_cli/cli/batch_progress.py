"""A batch's progress on stderr (`solve --batch`, `book build`): the positions done, of how many
when that is known, the rate, and an estimate of the time left, drawn from `batch_run.run`'s
progress callback, so for local processes and Ray alike.

Drawn on a terminal only: when stderr is not one, nothing is drawn and nothing is redirected.
While the bar is up, lines written to stderr are printed above it; answers written to stdout are
too when stdout is the same terminal (through Rich, onto the same device), and go untouched to
stdout when it is anything else (a file, a pipe). Rich is loaded when the bar starts.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from minimax_cli.core.i18n import _
from minimax_cli.core.words import grouped

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID


def done_words(done: int, total: int | None) -> str:
    """`120 of 4,000`, or `120 done` when the number to prove is not known (stdin)."""
    if total is None:
        return _("{done} done").format(done=grouped(done))
    return _("{done} of {total}").format(done=grouped(done), total=grouped(total))


def rate_words(per_second: float | None) -> str:
    """`3.4 positions/s`, `1,250 positions/s`; empty while no rate is measured yet."""
    if per_second is None or per_second <= 0:
        return ""
    shown = f"{per_second:.1f}" if per_second < 10 else grouped(round(per_second))
    return _("{rate} positions/s").format(rate=shown)


def per_second(done: float, elapsed: float | None) -> float | None:
    """The rate so far: the positions done over the whole time since the start (not a recent
    window: answers come a chunk at a time, and a long line must slow the rate while it lasts)."""
    if not done or not elapsed:
        return None
    return done / elapsed


def left_words(seconds: float | None) -> str:
    """The time left as the estimate it is (`about 40 s left`, `about 3 min left`, `about 2 h 05
    min left`): a rate measured so far, projected; empty when there is none to project."""
    if seconds is None or not math.isfinite(seconds) or seconds < 0:
        return ""
    if seconds < 60:
        return _("about {seconds} s left").format(seconds=max(1, math.ceil(seconds)))
    minutes = round(seconds / 60)
    if minutes < 60:
        return _("about {minutes} min left").format(minutes=minutes)
    return _("about {hours} h {minutes:02d} min left").format(hours=minutes // 60,
                                                             minutes=minutes % 60)


def so_far_words(seconds: float | None) -> str:
    """`0:02:05 so far`: the time since the start, where no time left can be estimated."""
    if seconds is None:
        return ""
    whole = int(seconds)
    return _("{time} so far").format(time=f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}")


def same_terminal(out: Any, err: Any) -> bool:
    """Whether `out` and `err` are one terminal (what is written to either shows in one place)."""
    try:
        return bool(out.isatty() and err.isatty()
                    and os.path.sameopenfile(out.fileno(), err.fileno()))
    except (AttributeError, OSError, ValueError):
        return False


class BatchProgress:
    """The bar: started at the first `update` on a terminal (shown `delay` seconds later, so that
    a quick batch leaves no trace), stopped by `close` (transient: it leaves no line behind)."""

    DELAY = 0.3

    def __init__(self, description: str, console: Console | None = None,
                 delay: float = DELAY) -> None:
        self.description, self.console, self.delay = description, console, delay
        self.bar: Progress | None = None
        self.task: TaskID | None = None
        self.off = False  # stderr is not a terminal: nothing to draw, ever

    def update(self, done: int, total: int | None) -> None:
        if self.off:
            return
        if self.bar is None:
            self.bar = self._start()
            if self.bar is None:
                self.off = True
                return
            self.task = self.bar.add_task(self.description, total=total)
        assert self.task is not None
        self.bar.update(self.task, completed=done, total=total)

    def _start(self) -> Progress | None:
        console = self.console
        if console is None:
            if not sys.stderr.isatty():
                return None  # no Rich loaded at all
            from rich.console import Console

            console = Console(stderr=True, highlight=False)
        if not console.is_terminal:
            return None
        bar = _bar(console, self.delay)
        bar.start()
        return bar

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


def _bar(console: Console, delay: float) -> Progress:
    """The Rich progress: `solving connect4 ━━━━╺━━━━ 28 of 100, 5.3 positions/s, about 14 s left`;
    with no total (stdin) the time so far instead of the time left."""
    from rich.progress import (
        BarColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
    )
    from rich.table import Column
    from rich.text import Text

    class Status(ProgressColumn):
        def render(self, task: Task) -> Text:
            total = None if task.total is None else int(task.total)
            rate, time_words = per_second(task.completed, task.elapsed), ""
            if total is None:
                time_words = so_far_words(task.elapsed)
            elif rate and not task.finished:
                time_words = left_words((total - task.completed) / rate)
            words = [done_words(int(task.completed), total), rate_words(rate), time_words]
            return Text(", ".join(word for word in words if word))

    class Delayed(Progress):
        """Nothing shown until `delay` seconds after the start."""

        started = time.monotonic()

        def get_renderables(self) -> Iterator[Any]:
            if time.monotonic() - self.started >= delay:
                yield from super().get_renderables()

    # A narrow bar, the words on one line cut at the edge: `solving connect4` and its words fit
    # in 80 columns, and a narrow terminal loses the end of the line, not its height.
    columns: list[ProgressColumn] = [TextColumn("{task.description}"), BarColumn(bar_width=20),
                                     Status(table_column=Column(no_wrap=True,
                                                                overflow="ellipsis"))]
    return Delayed(*columns, console=console, transient=True, redirect_stderr=True,
                   redirect_stdout=same_terminal(sys.stdout, console.file))


@contextmanager
def batch_progress(description: str, console: Console | None = None, enabled: bool = True,
                   ) -> Iterator[Callable[[int, int | None], None] | None]:
    """A progress callback for `batch_run.run`, drawing on stderr while the block runs; None
    when not `enabled`."""
    if not enabled:
        yield None
        return
    display = BatchProgress(description, console)
    try:
        yield display.update
    finally:
        display.close()


__all__ = ["BatchProgress", "batch_progress", "done_words", "left_words", "per_second",
           "rate_words", "same_terminal", "so_far_words"]
