"""`minimax uci`: the engine over the Universal Chess Interface on stdin and stdout (the protocol
itself is services/uci.py). Only this command loads python-chess (through the chess game); without
it, one line says how to install it and the exit code is 2."""

from __future__ import annotations

import io
import sys

from minimax_cli import registry
from minimax_cli.cli.base import user_errors
from minimax_cli.core.i18n import N_

# The first sentence is the row of `minimax --help` (one line, as every command's).
UCI_HELP = N_(
    "Play chess as a UCI engine on stdin and stdout, for chess GUIs and match runners.\n\n"
    "Speaks the Universal Chess Interface: uci, isready, ucinewgame, position, go (depth, nodes, "
    "movetime, wtime/btime/winc/binc/movestogo, infinite), stop, setoption (Hash, Level, "
    "Quiescence, Ordering, Table, NullMove, Reductions, Aspiration, Evaluation, Move Overhead) "
    "and quit; the end of the input is a quit. Needs the chess extra (python-chess).")


def _write(line: str) -> None:
    """One protocol line, flushed at once (the GUI waits for it). A GUI gone (a closed pipe) has
    nothing more to read: the end of its input ends the command."""
    try:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    except OSError:
        pass


def uci() -> None:
    """`minimax uci` (its description for users: UCI_HELP)."""
    with user_errors():
        game = registry.create("chess")
        from minimax_cli.services.uci import serve

        if isinstance(sys.stdin, io.TextIOWrapper):
            # A byte that is not UTF-8 is a line not understood, like any other: under a UTF-8
            # locale stdin is strict, and it ended the engine with a traceback (issue 35's fuzz).
            sys.stdin.reconfigure(errors="replace")

        serve(game, sys.stdin, _write)
