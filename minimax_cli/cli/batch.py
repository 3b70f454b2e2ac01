"""The I/O of `minimax solve GAME --batch FILE|-`: lines out as they are proven, errors and the
summary on stderr, the exit code (0 all well, 1 a score differs from the one given, 2 a line could
not be read, 130 interrupted). The work itself is batch.py's."""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO

from minimax_cli.cli.base import fail, one_line
from minimax_cli.cli.streams import OutputFailed
from minimax_cli.core.game import Game
from minimax_cli.core.i18n import _, ngettext
from minimax_cli.core.params import quote
from minimax_cli.core.result import Limits
from minimax_cli.core.words import grouped
from minimax_cli.reports.batch import BatchLine, Summary
from minimax_cli.services.batch import count_lines
from minimax_cli.services.batch_pool import WorkersLost
from minimax_cli.services.batch_run import BACKENDS, run
from minimax_cli.services.resume_file import UnusableFile


@dataclass(frozen=True)
class BatchOptions:
    """How a --batch is run: processes, answers file, where (None where not given)."""

    jobs: int | None = None
    out: str | None = None
    backend: str | None = None
    address: str | None = None


def _emit(result: BatchLine) -> None:
    """One answer: its line on stdout, a problem with it on stderr."""
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
    if summary.held:
        head += ", " + ngettext("{count} read from --out", "{count} read from --out",
                                summary.held).format(count=grouped(summary.held))
    if summary.interrupted:
        head += " " + _("before Ctrl-C")
    if summary.unprinted:
        head += " " + ngettext("({count} not printed: it follows a line not proven yet)",
                               "({count} not printed: they follow a line not proven yet)",
                               summary.unprinted).format(count=grouped(summary.unprinted))
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


def _resume_hint(summary: Summary, out: str | None) -> str:
    """After Ctrl-C: how much is kept and how to go on."""
    if out is None:
        return _("nothing is kept: give --out FILE to make a batch resumable")
    done = summary.kept
    command = shlex.join(["minimax", *sys.argv[1:]]) if sys.argv[1:] else "the same command"
    return ngettext("{count} line done and kept in {file}; to resume, run again: {command}",
                    "{count} lines done and kept in {file}; to resume, run again: {command}",
                    done).format(count=grouped(done), file=out, command=command)


def _seconds(value: float) -> str:
    if value < 1e-3:
        return f"{value * 1e6:.0f} µs"
    if value < 1:
        return f"{value * 1e3:.1f} ms"
    return f"{value:.2f} s"


def check_proof_options(game: Game[Any, Any], weak: bool, batch: str | None,
                        options: BatchOptions, other_work: bool) -> None:
    """One line and exit 2 for --weak, --batch and its options where they do not apply;
    `other_work` is True when a position, --upto, --tree or --json was given too."""
    if (weak or batch is not None) and game.proof_kernel() is None:
        fail(_("{option} needs a game with a proof kernel (connect4); {game} has none").format(
            option="--weak" if weak else "--batch", game=game.name))
    if batch is None and options.jobs is not None:
        fail(_("--jobs spreads a --batch over processes: give --batch FILE too"))
    for name, value in (("--out", options.out), ("--backend", options.backend),
                        ("--address", options.address)):
        if batch is None and value is not None:
            fail(_("{option} is an option of --batch: give --batch FILE too").format(option=name))
    check_backend(options.backend, options.address)
    if batch is not None and other_work:
        fail(_("--batch reads its positions from the file: give no position, --upto, --tree or "
               "--json with it"))


def check_backend(backend: str | None, address: str | None) -> None:
    """One line and exit 2 for a --backend or --address that cannot be used (also `book build`)."""
    if backend is not None and backend not in BACKENDS:
        fail(_("--backend {backend}: expected local or ray").format(backend=quote(backend)))
    if address is not None and backend != "ray":
        fail(_("--address names a Ray cluster: give --backend ray too"))
    if backend == "ray":
        from minimax_cli.services.cluster import ClusterError, check_address

        try:
            check_address(address)
        except ClusterError as error:
            fail(str(error))


def _open_source(source: str) -> tuple[Iterable[str], TextIO | None]:
    """The lines of `source` (`-`: stdin), and the file opened for them (None: stdin) for the
    caller to close; one line and exit 2 when there is none or it cannot be read."""
    if source == "-":
        if sys.stdin is None:
            fail(_("`--batch -` reads positions from stdin, and there is none: give a file"))
        return sys.stdin, None
    if not os.path.isfile(source):
        fail(_("--batch {file}: no such file; give a file of `position [score]` lines, or - "
               "for stdin").format(file=quote(source)))
    try:
        handle = open(source, encoding="utf-8", errors="replace")  # noqa: SIM115
    except OSError as error:
        fail(_("cannot read {where}: {reason}").format(where=quote(source),
                                                      reason=error.strerror or error))
    return handle, handle


def run_batch(game: Game[Any, Any], source: str, weak: bool, options: BatchOptions,
              table_mb: float | None) -> NoReturn:
    """`solve --batch`: every line of `source` proven and printed, the summary on stderr; exits
    with 0, 1 (a score that disagrees with the file's, or workers lost), 2 (an invalid line) or
    130 (interrupted)."""
    summary = run_lines(game, source, options, table_mb, _emit, weak=weak,
                        description=_("solving {game}").format(game=game.name))
    for line in summary_lines(summary):
        print(line, file=sys.stderr, flush=True)
    if summary.interrupted:
        print(_resume_hint(summary, options.out), file=sys.stderr, flush=True)
    code = 130 if summary.interrupted else 2 if summary.invalid else 1 if summary.mismatches else 0
    raise SystemExit(code)


def run_lines(game: Game[Any, Any], source: str, options: BatchOptions, table_mb: float | None,
              emit: Callable[[BatchLine], None], *, weak: bool = False,
              budget: Limits | None = None, description: str) -> Summary:
    """Every line of `source` answered (`batch_run.run`: proven, or with `budget` searched as a
    test suite's, cli/suite.py) and handed to `emit`, under a progress bar named `description`;
    the summary. One line and exit 2 for a source or --out not usable, exit 1 for workers lost."""
    stream, handle = _open_source(source)
    out = options.out
    if out is not None and (os.path.isdir(out) or os.path.abspath(out) == os.path.abspath(source)):
        fail(_("--out {file}: give a file of its own for the answers").format(file=quote(out)))

    def resuming(held: int, to_go: int) -> None:
        if held:
            print(ngettext("{count} line already in {file}, {to_go} to go",
                           "{count} lines already in {file}, {to_go} to go", held).format(
                               count=grouped(held), file=out, to_go=grouped(to_go)),
                  file=sys.stderr, flush=True)

    from minimax_cli.cli.batch_progress import batch_progress
    from minimax_cli.services.cluster import ClusterError  # no Ray in it: Ray is loaded on use

    # A file is counted first, for "of how many", when a bar will say it (--out counts it anyway).
    total = None
    if handle is not None and out is None and sys.stderr.isatty():
        with contextlib.suppress(OSError):  # read once already: a failure here only costs that
            total = count_lines(source)
    try:
        # No bar over positions being typed at the terminal (`--batch -` from the keyboard).
        typed = handle is None and sys.stdin is not None and sys.stdin.isatty()
        with batch_progress(description, enabled=not typed) as progress:
            return run(game, stream, _carried(emit), weak=weak, jobs=options.jobs or 1,
                       table_mb=table_mb, out=out, backend=options.backend or "local",
                       address=options.address, resuming=resuming, progress=progress,
                       total=total, budget=budget)
    except (UnusableFile, ClusterError) as error:  # an --out not usable: before any proof
        fail(str(error))
    except OSError as error:
        fail(_("cannot write {where}: {reason}").format(where=quote(out or "-"),
                                                       reason=error.strerror or error))
    except WorkersLost as error:
        print(one_line(str(error)), file=sys.stderr, flush=True)
        if out is not None:
            print(_("run the same command again to prove the lines {file} does not hold").format(
                file=out), file=sys.stderr, flush=True)
        raise SystemExit(1) from None
    finally:
        if handle is not None:
            handle.close()


def _carried(emit: Callable[[BatchLine], None]) -> Callable[[BatchLine], None]:
    """`emit`, a failure to write stdout (a closed pipe, a full disk) carried past the answers
    file's errors to cli/streams.py."""
    def emitting(result: BatchLine) -> None:
        try:
            emit(result)
        except OSError as error:
            raise OutputFailed(error) from error

    return emitting


__all__ = ["BatchOptions", "check_backend", "check_proof_options", "run_batch", "run_lines",
           "summary_lines"]
