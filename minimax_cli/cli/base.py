"""What every `minimax` command shares: the one-line error exit, reading the position (within its
size limit, as UTF-8 text) and the progress display.

Rich loads only when something is drawn: a `--json` answer that goes well never needs it.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, NoReturn, cast

import typer

from minimax_cli import registry
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.words import grouped

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID
    from rich.text import Text

    from minimax_cli.core.game import Game


def console(record: bool = False) -> Console:
    """The console a command draws on (stdout); into a file or a pipe, without the blanks Rich
    pads each line with (see `plain`). With `record`, it also keeps what it shows, to save as SVG
    or HTML (`--save`)."""
    from rich.console import Console

    from minimax_cli.cli.plain import TrailingBlanksStripped

    terminal = Console(highlight=False, record=record)
    if terminal.is_terminal:
        return terminal
    # A stream by duck typing (write, flush, isatty; the rest the stdout's own), as Rich uses it.
    stripped = cast("IO[str]", TrailingBlanksStripped(sys.stdout))
    return Console(highlight=False, file=stripped, record=record)


#: An error line, `error: ` included, is at most this many characters; a run of text without
#: spaces longer than WORD_LIMIT (an echoed input a message did not cut itself) is cut to
#: WORD_KEEP, with an ellipsis. WORD_LIMIT is above the length of a file's path as people write
#: them, so an error names the whole path, one that can be copied.
ERROR_LIMIT = 400
WORD_LIMIT = 200
WORD_KEEP = 160
_CLOSING = "'\")]}.,:;!?"


def _escaped(char: str) -> str:
    """A character that would break or hide part of the line (newline, escape, bidi control)
    as Python writes it in a string: \\n, \\x1b, \\u202e. Spaces stay, the no-break one too
    (Spanish digit groups: 4 000 000)."""
    return char if char.isprintable() or char in " \u00a0" else repr(char)[1:-1]


def escaped(text: str) -> str:
    """`text` with every character that would break or hide part of a line escaped (`_escaped`):
    what a user typed, echoed on a terminal."""
    return "".join(map(_escaped, text))


def _cut_word(word: str) -> str:
    if len(word) <= WORD_LIMIT:
        return word
    closing = word[len(word.rstrip(_CLOSING)):][-3:]  # keep a closing quote and its colon
    return word[:WORD_KEEP] + "…" + closing


def one_line(message: str, limit: int = ERROR_LIMIT) -> str:
    """`message` as one short line: control characters escaped, overlong words cut, and at most
    `limit` characters (the middle cut out, so the accepted form at the end stays)."""
    text = escaped(message)
    text = " ".join(_cut_word(word) for word in text.split(" "))
    if len(text) <= limit:
        return text
    head_room = limit * 3 // 5
    head = text[:head_room].rsplit(" ", 1)[0]
    tail_room = limit - len(head) - 3
    tail = text[-tail_room:]
    tail = tail.split(" ", 1)[1] if " " in tail[1:] else tail
    return f"{head} … {tail}"


def error_line(message: str) -> Text:
    """`error: message` for stderr: plain text (user input is never Rich markup), one line of at
    most ERROR_LIMIT characters."""
    from rich.text import Text

    label = _("error:")
    return Text.assemble((label, "bold red"), " ",
                         one_line(message, ERROR_LIMIT - len(label) - 1))


def other_option(ctx: typer.Context, allowed: tuple[str, ...]) -> str | None:
    """The first option given on the command line (or by the environment) whose parameter is not
    in `allowed`, by its longest name (`--depth`); None when there is none. A mode of a command
    that takes none of its other options refuses them by it rather than ignoring them."""
    for param in ctx.command.params:
        source = ctx.get_parameter_source(param.name or "")
        if (param.name not in allowed and source is not None
                and source.name in ("COMMANDLINE", "ENVIRONMENT")):
            return max(param.opts, key=len)
    return None


def fail(message: str) -> NoReturn:
    """One red line on stderr (see `one_line`) and exit code 2."""
    from rich.console import Console

    Console(stderr=True, highlight=False).print(error_line(message), soft_wrap=True)
    raise typer.Exit(2)


@contextmanager
def user_errors() -> Iterator[None]:
    from minimax_cli.core.game import GameError, SearchError  # loaded by then: no start-up cost

    try:
        yield
    except (GameError, SearchError, registry.UnknownGameError, registry.ParameterError) as error:
        fail(str(error))


# --- the position ----------------------------------------------------------------------------------
#: The largest position text, from the command line, stdin or a file: as long as the tree game's
#: own limit on its text, far beyond any board or list of heaps.
MAX_POSITION_BYTES = 4_000_000
_POSITION_LIMIT = N_("at most {bytes} bytes (4 MB)")


def position_limit() -> str:
    """The limit on a position's size, in the interface's language (`help_text(..., limit=
    position_limit)` in a help text)."""
    return _(_POSITION_LIMIT).format(bytes=grouped(MAX_POSITION_BYTES))


def position_text(where: str, data: bytes) -> str:
    """`data` read from `where` (a file's name, or stdin) as text: UTF-8 within the size limit."""
    if len(data) > MAX_POSITION_BYTES:
        fail(_("{where} is larger than a position may be: {limit}").format(
            where=where, limit=position_limit()))
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark is no part of the position
    except UnicodeDecodeError as error:
        fail(_("{where} is not UTF-8 text (byte {number} is {byte}): give a position as text")
             .format(where=where, number=grouped(error.start), byte=f"0x{data[error.start]:02x}"))
    if "\0" in text:
        fail(_("{where} is not text (it holds a NUL byte): give a position as text").format(
            where=where))
    return text


def read_position(game: Game[Any, Any], text: str | None) -> tuple[Game[Any, Any], Any]:
    """The game that reads `text` (Game.for_position: an explicit tree's kind depends on it) and
    the state it names: the start position when absent; `-` reads stdin; a path a file. Text is
    checked against MAX_POSITION_BYTES before the game reads it."""
    from minimax_cli.core.params import QUOTE_LIMIT, quote

    if text is None:
        return game, game.initial_state()
    if text == "-":
        if sys.stdin is None:  # started with stdin closed
            fail(_("`-` reads the position from stdin, and there is none: give it as text or a "
                   "file"))
        stream = getattr(sys.stdin, "buffer", None)
        raw = stream.read(MAX_POSITION_BYTES + 1) if stream is not None else None
        if raw is None:  # a text-only stdin (an embedding caller): its characters count
            try:
                raw = sys.stdin.read(MAX_POSITION_BYTES + 1).encode("utf-8", "surrogatepass")
            except UnicodeDecodeError:
                fail(_("the position on stdin is not text in stdin's encoding: give it as "
                       "text"))
        text = position_text(_("the position on stdin"), raw)
    elif os.path.isfile(text):
        name = text if len(text) <= QUOTE_LIMIT else "…" + text[1 - QUOTE_LIMIT:]  # the file's end
        where = _("the position file {name}").format(name=quote(name))
        try:
            with open(text, "rb") as handle:
                data = handle.read(MAX_POSITION_BYTES + 1)
        except OSError as error:
            fail(_("cannot read {where}: {reason}").format(where=where,
                                                          reason=error.strerror or error))
        text = position_text(where, data)
    elif len(text) > MAX_POSITION_BYTES // 4:  # only a long text can be too large in UTF-8
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_POSITION_BYTES:
            fail(_("the position is {size} bytes long: {limit}").format(
                size=grouped(size), limit=position_limit()))
    with user_errors():
        game = game.for_position(text)
        return game, game.parse_position(text)


# --- the progress display ----------------------------------------------------------------------
class _ProgressDisplay:
    """A transient Rich progress bar on stderr, shown only once a solve has run for a moment and
    only on a terminal, so quick answers, pipes and --json output stay clean."""

    DELAY = 0.3

    def __init__(self, description: str) -> None:
        self.description = description
        self.started = time.perf_counter()
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def update(self, done: int, total: int) -> None:
        if self.bar is None:
            if time.perf_counter() - self.started < self.DELAY:
                return
            from rich.console import Console

            console = Console(stderr=True)
            if not console.is_terminal:
                return
            from rich.progress import (  # loaded only when a solve runs long enough
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.bar = Progress(TextColumn("{task.description}"), BarColumn(),
                                MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                                transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=total)
        assert self.task is not None
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


@contextmanager
def progress_display(enabled: bool, description: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback (done, total) for a long computation, or None when not `enabled`."""
    if not enabled:
        yield None
        return
    display = _ProgressDisplay(description)
    try:
        yield display.update
    finally:
        display.close()
