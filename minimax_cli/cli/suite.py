"""The I/O of `minimax solve GAME --batch FILE` for a game without a proof kernel (chess: an EPD
test suite): a line per position as it is searched (its name, the move played, solved or not by
the line's `bm`/`am`, the score, the depth, the nodes), a line not read on stderr with its number,
and last the count as EPD testers give it (`231 of 300 solved`). Exit 0, 2 when a line could not
be read, 130 when interrupted. The work is batch_run.py's (local processes, Ray, `--jobs`);
each line is services/suite.py's."""

from __future__ import annotations

import sys
from typing import Any, NoReturn

from minimax_cli.cli.base import fail, one_line
from minimax_cli.cli.batch import BatchOptions, check_backend, run_lines
from minimax_cli.core.game import Game
from minimax_cli.core.i18n import _, ngettext
from minimax_cli.core.result import Limits
from minimax_cli.core.words import grouped
from minimax_cli.reports.batch import BatchLine, Summary


def suite_line(line: BatchLine) -> str:
    """`WAC.001 Qg6 solved +523 depth 7 nodes 100,000`: one searched line, in words."""
    facts = line.report.facts if line.report is not None else None
    assert facts is not None
    verdict = _("solved") if line.solved else _("not solved")
    depth = facts["depth"]
    return _("{name} {move} {verdict} {score} depth {depth} nodes {nodes}").format(
        name=line.position, move=facts["move"] or "-", verdict=verdict,
        score=facts["mover_score"], depth="-" if depth is None else depth,
        nodes=grouped(int(str(facts["nodes"]))))


def _emit(line: BatchLine) -> None:
    if line.report is None:
        print(one_line(_("line {line}: {problem}").format(line=line.number, problem=line.error)),
              file=sys.stderr, flush=True)
        return
    print(suite_line(line), flush=True)


def count_line(summary: Summary) -> str:
    """The last line: `231 of 300 solved` (of the lines searched; those not read are told apart)."""
    text = ngettext("{found} of {total} solved", "{found} of {total} solved",
                    summary.judged).format(found=grouped(summary.found),
                                           total=grouped(summary.judged))
    if summary.invalid:
        text += ", " + ngettext("{count} line not read", "{count} lines not read",
                                summary.invalid).format(count=grouped(summary.invalid))
    if summary.interrupted:
        text += " " + _("before Ctrl-C")
    return text


def run_suite(game: Game[Any, Any], source: str, options: BatchOptions, time_s: float | None,
              nodes: int | None, table_mb: float | None, other_work: bool) -> NoReturn:
    """`solve --batch` of a test suite: each line searched within --nodes/--time (default
    DEFAULT_NODES nodes), judged and printed, then the count; `other_work` is True when a
    position, --upto, --tree, --json or --weak was given too."""
    from minimax_cli.services.suite import DEFAULT_NODES

    if other_work:
        fail(_("--batch reads its positions from the file: give no position, --upto, --tree, "
               "--weak or --json with it"))
    if options.out is not None:
        fail(_("--out keeps the answers of a proof batch (connect4); {game}'s test suites are "
               "searched again each run").format(game=game.name))
    check_backend(options.backend, options.address)
    budget = Limits(time=time_s, nodes=nodes if nodes is not None or time_s is not None
                    else DEFAULT_NODES)
    summary = run_lines(game, source, options, table_mb, _emit, budget=budget,
                        description=_("searching {game}").format(game=game.name))
    if summary.judged and not summary.interrupted:
        print(_("time per position: mean {mean:.2f} s; nodes: mean {mean_nodes}, total "
                "{nodes}").format(mean=summary.mean_time,
                                  mean_nodes=grouped(round(summary.mean_nodes)),
                                  nodes=grouped(summary.nodes)), file=sys.stderr, flush=True)
    print(count_line(summary), flush=True)
    raise SystemExit(130 if summary.interrupted else 2 if summary.invalid else 0)


__all__ = ["count_line", "run_suite", "suite_line"]
