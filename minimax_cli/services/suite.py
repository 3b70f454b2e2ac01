"""A test suite's line answered (`solve chess --batch FILE.epd`, scripts/bench_wac.py): the
position searched within a budget by the game's own engine, and the move judged by the line.

The line is read by the game (`Game.test_line`: chess reads EPD, with its `bm` and `am` moves);
the search is the one of a plain `analyze` (services/analyze.py, the game's default algorithm:
chess's `pvs`), each position with a fresh table, so that a line's move and nodes do not depend on
the lines before it or on the worker that searched it. The answer is a `BatchLine` whose report
is the search's, with the line's facts: its name, the move played (SAN and UCI), whether it solves
the line, the score for the side to move, the depth and the nodes. One implementation for the
command and the benchmarks. No Rich, no I/O.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from minimax_cli.core.game import AnyGame, GameError, TestLine
from minimax_cli.core.i18n import _
from minimax_cli.core.result import Limits
from minimax_cli.core.score import Kind, Score
from minimax_cli.core.words import grouped
from minimax_cli.reports.batch import BatchLine
from minimax_cli.reports.model import Report, from_search

#: The longest suite line read (an EPD line is a FEN and a few operations).
MAX_SUITE_LINE = 2_000
#: Each position's budget when neither --nodes nor --time is given: a node count, so that a
#: suite's count is the same on a loaded machine as on an idle one.
DEFAULT_NODES = 100_000


def mover_score_text(game: AnyGame, score: Score | None) -> str:
    """The score for the side to move as the game's players write it (chess: `+0.35` pawns, `#3`
    mates in 3 moves, `#-2` is mated in 2; the game's Scale, as `analyze` shows it), `-` when a
    stopped search has none."""
    if score is None:
        return "-"
    scale = game.score_scale()
    if scale is not None:
        return scale.text(score)
    if score.kind is Kind.DRAW:
        return "0"
    return f"{round(score.number):+d}"


def search_line(game: AnyGame, line: TestLine[Any, Any], limits: Limits,
                table_mb: float | None = None) -> Report:
    """The report of `line`'s position searched within `limits` by the game's default engine
    (the analysis path of `analyze`), with the line's facts (`facts` keys: id, move, uci, solved,
    mover_score, depth, nodes; `move` None when a stopped search chose none)."""
    from minimax_cli.services.analyze import AnalysisRequest, analyze, default_algorithm

    state = line.state
    request = AnalysisRequest(game, state, default_algorithm(game), limits, user_budget=True,
                              table_mb=table_mb)
    result = analyze(request).shown
    report = from_search(game, state, result)
    move = result.best_move
    facts = {"id": line.name, "move": None if move is None else game.format_move(state, move),
             "uci": None if move is None else str(move), "solved": line.solved_by(move),
             "mover_score": mover_score_text(game, report.mover_score), "depth": result.depth,
             "nodes": result.stats.nodes}
    return dataclasses.replace(report, command="solve", facts=facts)


class SuiteScorer:
    """Answers suite lines of one game within one budget (one per process with --jobs)."""

    def __init__(self, game: AnyGame, limits: Limits, table_mb: float | None = None) -> None:
        self.game, self.limits, self.table_mb = game, limits, table_mb

    def __call__(self, item: tuple[int, str] | tuple[int, str, bool]) -> BatchLine:
        """The answer to a line: (its number, its text[, whether it was cut])."""
        number, text = item[0], item[1]
        if (len(item) == 3 and item[2]) or len(text) > MAX_SUITE_LINE:
            return BatchLine(number, text[:40] + "…", None, None, _(
                "the line is longer than {limit} characters").format(
                    limit=grouped(MAX_SUITE_LINE)))
        try:
            line = self.game.test_line(text)
        except GameError as error:
            return BatchLine(number, text[:40], None, None, str(error))
        report = search_line(self.game, line, self.limits, self.table_mb)
        return BatchLine(number, line.name or _("line {line}").format(line=number), None, report)


__all__ = ["DEFAULT_NODES", "MAX_SUITE_LINE", "SuiteScorer", "mover_score_text", "search_line"]
