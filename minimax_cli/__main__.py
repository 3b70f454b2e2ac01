"""The `minimax` command's entry: the console script's (`pyproject.toml`) and `python -m minimax_cli`'s.

Ctrl-C is taken in hand here, before anything heavy is imported: from the moment this module runs
(Python's own start-up before it is beyond any program's reach), a Ctrl-C while the command's
modules load (Typer, Rich: its first tenth of a second), while it runs, or while Python shuts down
after it, ends `minimax` with exit code 130 and at most the one line `interrupted` on stderr,
never a traceback. The command itself, and what a Ctrl-C does within it (a search that shows what
it found, a batch's summary), is `minimax_cli.cli.app.main`'s.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

#: The exit code after Ctrl-C, as a shell gives for a process stopped by SIGINT (128 + 2).
INTERRUPTED = 130


def _exit_at_once(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C once the command is over (its output flushed): nothing is left worth a traceback
    or a wait, such as Python joining a thread as it exits."""
    os._exit(INTERRUPTED)


def _language(argv: list[str]) -> str | None:
    """The language `--lang CODE` names, read plainly: the command's own reading of its options
    may not have been imported yet."""
    from minimax_cli.core.i18n import parse_language

    for i, word in enumerate(argv):
        if word == "--":
            break
        value = word.partition("=")[2] if word.startswith("--lang=") else (
            argv[i + 1] if word == "--lang" and i + 1 < len(argv) else None)
        if value is not None:
            try:
                return parse_language(value)
            except ValueError:
                return None
    return None


def _say_interrupted() -> None:
    from minimax_cli.core.i18n import _, speaking

    try:
        with speaking(_language(sys.argv[1:])):
            print("\n" + _("interrupted"), file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):  # stderr closed or gone
        pass


def main() -> None:
    """Run the command; exit 130 at a Ctrl-C that its own handling did not take (during start-up,
    between its parts), and at once at one after it is over."""
    try:
        from minimax_cli.cli.app import main as command

        command()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, _exit_at_once)  # first: a second Ctrl-C ends it here
        _say_interrupted()
        raise SystemExit(INTERRUPTED) from None
    finally:
        signal.signal(signal.SIGINT, _exit_at_once)


if __name__ == "__main__":
    main()
