"""The I/O of `minimax solve GAME --batch FILE|-`: lines out as they are proven, errors and the
summary on stderr, the exit code (0 all well, 1 a score differs from the one given, 2 a line could
not be read, 130 interrupted). The work itself is batch.py's."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import Any, NoReturn, TextIO

from minimax_cli.batch import LineResult, Summary, run
from minimax_cli.cli_base import fail, one_line
from minimax_cli.core.game import Game
from minimax_cli.core.params import quote
from minimax_cli.words import count


def _emit(result: LineResult) -> None:
    if result.score is None:
        print(one_line(f"line {result.number}: {result.error}"), file=sys.stderr, flush=True)
        return
    print(f"{result.position} {result.score}", flush=True)
    if result.mismatch:
        print(f"line {result.number}: {result.position} scores {result.score}, the file says "
              f"{result.expected}", file=sys.stderr, flush=True)


def summary_lines(summary: Summary) -> list[str]:
    lines = [f"{count(summary.solved, 'position')} solved"
             + (" (--weak: win, draw or loss only)" if summary.weak else "")
             + (f", {count(summary.invalid, 'line')} not read" if summary.invalid else "")
             + (" before Ctrl-C" if summary.interrupted else "")]
    if summary.checked:
        wrong = len(summary.mismatches)
        lines.append(f"checked against the given scores: {summary.checked - wrong} of "
                     f"{summary.checked} agree" + (f", {wrong} differ" if wrong else ""))
    if summary.solved:
        lines.append(f"time per position: mean {_seconds(summary.mean_time)}, max "
                     f"{_seconds(summary.max_time)}; nodes: mean {summary.mean_nodes:,.0f}, "
                     f"total {summary.nodes:,}")
    return lines


def _seconds(value: float) -> str:
    if value < 1e-3:
        return f"{value * 1e6:.0f} µs"
    if value < 1:
        return f"{value * 1e3:.1f} ms"
    return f"{value:.2f} s"


def check_proof_options(game: Game[Any, Any], weak: bool, batch: str | None, jobs: int | None,
                        other_work: bool) -> None:
    """One line and exit 2 for --weak, --batch and --jobs where they do not apply; `other_work`
    is True when a position, --upto, --tree or --json was given too."""
    if (weak or batch is not None) and game.proof_kernel() is None:
        fail(f"--{'weak' if weak else 'batch'} needs a game with a proof kernel (connect4); "
             f"{game.name} has none")
    if batch is None and jobs is not None:
        fail("--jobs spreads a --batch over processes: give --batch FILE too")
    if batch is not None and other_work:
        fail("--batch reads its positions from the file: give no position, --upto, --tree or "
             "--json with it")


def run_batch(game: Game[Any, Any], source: str, weak: bool, jobs: int,
              table_mb: float | None) -> NoReturn:
    stream: Iterable[str]
    handle: TextIO | None = None
    if source == "-":
        if sys.stdin is None:
            fail("`--batch -` reads positions from stdin, and there is none: give a file")
        stream = sys.stdin
    else:
        if not os.path.isfile(source):
            fail(f"--batch {quote(source)}: no such file; give a file of `position [score]` "
                 "lines, or - for stdin")
        try:
            handle = open(source, encoding="utf-8", errors="replace")  # noqa: SIM115
        except OSError as error:
            fail(f"cannot read {quote(source)}: {error.strerror or error}")
        stream = handle
    try:
        summary = run(game, stream, _emit, weak=weak, jobs=jobs, table_mb=table_mb)
    finally:
        if handle is not None:
            handle.close()
    for line in summary_lines(summary):
        print(line, file=sys.stderr, flush=True)
    code = 130 if summary.interrupted else 2 if summary.invalid else 1 if summary.mismatches else 0
    raise SystemExit(code)


__all__ = ["check_proof_options", "run_batch", "summary_lines"]
