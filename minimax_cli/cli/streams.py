"""When the environment, not the input, stops a command: its output cannot be written.

- A closed pipe (`minimax games | head -c 10`): the reader has all it wanted. The command ends
  quietly with exit code 141, as a Unix tool killed by SIGPIPE does in a shell (128 + 13), so
  that `set -o pipefail` sees the same as for `yes | head -1`.
- A full disk, an I/O error, a terminal whose encoding cannot show the output (`PYTHONIOENCODING=
  ascii`, `LC_ALL=C` without UTF-8 mode): one line on stderr and exit code 1 (2 stays the code of
  bad input).

Either way stdout is pointed at /dev/null before exiting, so that Python's last flush of what is
still buffered cannot fail a second time ("Exception ignored ... BrokenPipeError").
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress

from minimax_cli.core.i18n import _

#: The exit code after a closed pipe: a shell's code for a process killed by SIGPIPE.
CLOSED_PIPE = 141
#: The exit code after output that could not be written.
OUTPUT_FAILED = 1
#: The errors of a write that no retry mends.
_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


class OutputClosed(Exception):
    """A closed pipe met inside a command, carried past Typer (which would exit 1 on it)."""


def _silence_stdout() -> None:
    with suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _say(message: str) -> None:
    """One line on stderr, written plainly: the terminal may not take Rich's output either."""
    from minimax_cli.cli.base import error_line

    with suppress(OSError, ValueError):
        sys.stderr.write(f"{error_line(message).plain}\n")
        sys.stderr.flush()


def unencodable(error: UnicodeEncodeError) -> str:
    char = error.object[error.start:error.end][:1] if isinstance(error.object, str) else "?"
    return _("the terminal's encoding ({encoding}) cannot show {char}: set PYTHONIOENCODING=utf-8 "
             "or a UTF-8 locale such as LANG=C.UTF-8").format(
                 encoding=error.encoding, char=ascii(char))


@contextmanager
def output_failures() -> Iterator[None]:
    """Around a command: a closed pipe ends it quietly, an output that cannot be written with one
    line (see the module's notes)."""
    try:
        yield
    except (BrokenPipeError, OutputClosed):
        _silence_stdout()
        sys.exit(CLOSED_PIPE)
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
        _silence_stdout()
        reason = error.strerror or str(error)
        _say(_("the output could not be written: {reason}").format(reason=reason)
             if error.errno in _WRITE_ERRORS else reason)
        sys.exit(OUTPUT_FAILED)


__all__ = ["CLOSED_PIPE", "OUTPUT_FAILED", "OutputClosed", "output_failures", "unencodable"]
