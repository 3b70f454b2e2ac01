"""The I/O of `minimax solve GAME --batch FILE|-`: lines out as they are proven, errors and the
summary on stderr, the exit code (0 all well, 1 a score differs from the one given, 2 a line could
not be read, 130 interrupted). The work itself is batch.py's."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import Any, NoReturn, TextIO

from minimax_cli.cli.base import fail, one_line
from minimax_cli.core.game import Game
from minimax_cli.core.params import quote
from minimax_cli.i18n import _, ngettext
from minimax_cli.i18n.words import grouped
from minimax_cli.services.batch import BatchLine, Summary, run


def _emit(result: BatchLine) -> None:
    if result.score is None:
        print(one_line(_("line {line}: {problem}").format(line=result.number,
                                                          problem=result.error)),
              file=sys.stderr, flush=True)
        return
    print(f"{result.position} {result.score}", flush=True)
    if result.mismatch:
        print(_("line {line}: {position} scores {score}, the file says {expected}").format(
            line=result.number, position=result.position, score=result.score,
            expected=result.expected), file=sys.stderr, flush=True)


def summary_lines(summary: Summary) -> list[str]:
    head = ngettext("{count} position solved", "{count} positions solved",
                    summary.solved).format(count=grouped(summary.solved))
    if summary.weak:
        head += " " + _("(--weak: win, draw or loss only)")
    if summary.invalid:
        head += ", " + ngettext("{count} line not read", "{count} lines not read",
                                summary.invalid).format(count=grouped(summary.invalid))
    if summary.interrupted:
        head += " " + _("before Ctrl-C")
    lines = [head]
    if summary.checked:
        wrong = len(summary.mismatches)
        checked = _("checked against the given scores: {agree} of {checked} agree").format(
            agree=grouped(summary.checked - wrong), checked=grouped(summary.checked))
        if wrong:
            checked += ", " + ngettext("{count} differs", "{count} differ", wrong).format(
                count=grouped(wrong))
        lines.append(checked)
    if summary.solved:
        lines.append(_("time per position: mean {mean}, max {max}; nodes: mean {mean_nodes}, "
                       "total {nodes}").format(mean=_seconds(summary.mean_time),
                                               max=_seconds(summary.max_time),
                                               mean_nodes=grouped(round(summary.mean_nodes)),
                                               nodes=grouped(summary.nodes)))
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
        fail(_("{option} needs a game with a proof kernel (connect4); {game} has none").format(
            option="--weak" if weak else "--batch", game=game.name))
    if batch is None and jobs is not None:
        fail(_("--jobs spreads a --batch over processes: give --batch FILE too"))
    if batch is not None and other_work:
        fail(_("--batch reads its positions from the file: give no position, --upto, --tree or "
               "--json with it"))


def run_batch(game: Game[Any, Any], source: str, weak: bool, jobs: int,
              table_mb: float | None) -> NoReturn:
    stream: Iterable[str]
    handle: TextIO | None = None
    if source == "-":
        if sys.stdin is None:
            fail(_("`--batch -` reads positions from stdin, and there is none: give a file"))
        stream = sys.stdin
    else:
        if not os.path.isfile(source):
            fail(_("--batch {file}: no such file; give a file of `position [score]` lines, or - "
                   "for stdin").format(file=quote(source)))
        try:
            handle = open(source, encoding="utf-8", errors="replace")  # noqa: SIM115
        except OSError as error:
            fail(_("cannot read {where}: {reason}").format(where=quote(source),
                                                          reason=error.strerror or error))
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
