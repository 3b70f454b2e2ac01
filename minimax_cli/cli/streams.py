"""When the environment, not the input, stops a command: its output cannot be written.

- A closed pipe (`minimax games | head -c 10`, `solve --batch FILE | head -1`): the reader has all
  it wanted. The command ends quietly with exit code 0, on every run: whether the write meets the
  closed pipe depends on which process the system runs first (an answer that fits the pipe's
  buffer is written whole before `head` closes it), so 141, a shell's code for a process killed
  by SIGPIPE, would come and go from run to run.
- A full disk, an I/O error, stdout closed (`>&-`) or opened for reading only, a terminal whose
  encoding cannot show the output (`PYTHONIOENCODING=ascii`, `LC_ALL=C` without UTF-8 mode): one
  line on stderr and exit code 1 (2 stays the code of bad input). A closed stdout is refused
  before the command runs: there is nowhere to put its answer.

What is still buffered is flushed here, inside the command, so that a failure to write it is
handled as any other; then stdout is pointed at /dev/null, so that Python's last flush at exit
cannot fail a second time ("Exception ignored ... OSError", exit code 120).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import NoReturn

from minimax_cli.core.i18n import _

#: The exit code after a closed pipe: the reader took what it wanted (see the module's notes).
CLOSED_PIPE = 0
#: The exit code after output that could not be written.
OUTPUT_FAILED = 1
#: The errors of a write that no retry mends.
_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF}


class OutputClosed(Exception):
    """A closed pipe met inside a command, carried past Typer (which would exit 1 on it)."""


class OutputFailed(Exception):
    """A write to stdout that failed, carried past the handlers of errors of the files a command
    writes (a --batch's answers file) to `output_failures`."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def _silence_stdout() -> None:
    with suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _say(message: str) -> None:
    """One line on stderr, written plainly: the terminal may not take Rich's output either."""
    from minimax_cli.cli.base import error_line

    with suppress(OSError, ValueError, AttributeError):  # stderr may be closed too
        sys.stderr.write(f"{error_line(message).plain}\n")
        sys.stderr.flush()


def unencodable(error: UnicodeEncodeError) -> str:
    char = error.object[error.start:error.end][:1] if isinstance(error.object, str) else "?"
    return _("the terminal's encoding ({encoding}) cannot show {char}: set PYTHONIOENCODING=utf-8 "
             "or a UTF-8 locale such as LANG=C.UTF-8").format(
                 encoding=error.encoding, char=ascii(char))


def _not_written(reason: str) -> NoReturn:
    _silence_stdout()
    _say(_("the output could not be written: {reason}").format(reason=reason))
    sys.exit(OUTPUT_FAILED)


def _stopped(error: OSError) -> NoReturn:
    """The end of a command whose output met `error`."""
    if isinstance(error, BrokenPipeError):
        _silence_stdout()
        sys.exit(CLOSED_PIPE)
    reason = error.strerror or str(error)
    if error.errno in _WRITE_ERRORS:
        _not_written(reason)
    _silence_stdout()
    _say(reason)
    sys.exit(OUTPUT_FAILED)


def _flush_stdout() -> None:
    if sys.stdout is not None:
        sys.stdout.flush()


@contextmanager
def output_failures() -> Iterator[None]:
    """Around a command: a closed pipe ends it quietly, an output that cannot be written with one
    line (see the module's notes)."""
    if sys.stdout is None:  # started with stdout closed (`>&-`): Python made print a no-op
        _not_written(_("stdout is closed"))
    try:
        try:
            yield
        finally:
            _flush_stdout()  # here, where a failure is handled, not at Python's exit
    except OutputClosed:
        _silence_stdout()
        sys.exit(CLOSED_PIPE)
    except OutputFailed as failure:
        _stopped(failure.error)
    except SystemExit as exit_:
        if isinstance(exit_.__context__, BrokenPipeError):  # Rich's end of a closed pipe: exit 1
            _silence_stdout()
            sys.exit(CLOSED_PIPE)
        raise
    except UnicodeEncodeError as error:
        _silence_stdout()
        _say(unencodable(error))
        sys.exit(OUTPUT_FAILED)
    except OSError as error:
        _stopped(error)


__all__ = ["CLOSED_PIPE", "OUTPUT_FAILED", "OutputClosed", "OutputFailed", "output_failures",
           "unencodable"]
