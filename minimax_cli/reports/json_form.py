"""A report's JSON form: the one schema of `analyze` and `solve`, `--upto` included
(reports/schema/report.schema.json)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from minimax_cli.core.game import Game
from minimax_cli.core.result import SearchResult
from minimax_cli.core.score import Number, Score
from minimax_cli.reports.model import (
    SCHEMA_ID,
    MoveLine,
    Report,
    exact_text,
    from_search,
    json_number,
    parameters,
    search_stats,
)
from minimax_cli.reports.words import move_words, player_name, result_words

if TYPE_CHECKING:
    from minimax_cli.reports.series import SeriesReport

AnyGame = Game[Any, Any]


def score_dict(score: Score) -> dict[str, Any]:
    """A score (MAX's view) for JSON: its kind, number, bound and plies."""
    return {"kind": score.kind.value, "number": json_number(score.number),
            "bound": score.bound.value, "plies": score.plies,
            "plies_at_most": score.plies_at_most}


def _move_dict(line: MoveLine, to_move: int | None) -> dict[str, Any]:
    s = line.score
    return {"move": line.text, "value": json_number(s.number), "value_exact": exact_text(s.number),
            "kind": s.kind.value, "bound": s.bound.value, "proven": s.proven, "exact": s.exact,
            "distance": s.plies, "distance_at_most": s.plies_at_most,
            "for_mover": move_words(line, to_move), "optimal": line.optimal, "best": line.best,
            "returns": _numbers(line.returns), "visits": line.visits,
            "probability": None if line.probability is None else json_number(line.probability),
            "probability_exact": None if line.probability is None else exact_text(
                line.probability)}


def _search_dict(result: SearchResult) -> dict[str, object]:
    """A search set beside a solve (`solve --tree`): its algorithm, value and counts."""
    return {"algorithm": result.algorithm,
            "value": None if result.value is None else json_number(result.value),
            "stats": search_stats(result)}


def _numbers(values: tuple[Number, ...] | None) -> list[int | float] | None:
    return None if values is None else [json_number(v) for v in values]


def report_dict(report: Report) -> dict[str, Any]:
    """The JSON form of a report: one schema for every command and game (values, bounds and
    distances from MAX's point of view; `result` and `for_mover` in words for the player to move)."""
    score = report.score
    best = report.best_moves()
    return {
        "schema": SCHEMA_ID,
        "command": report.command,
        "game": report.game,
        "parameters": dict(report.parameters),
        "position": report.position,
        "to_move": player_name(report.to_move, report.players),
        "over": report.over,
        "value": None if score is None else json_number(score.number),
        "value_exact": None if score is None else exact_text(score.number),
        "value_view": "MAX",
        "returns": _numbers(report.returns),
        "score": None if score is None else score_dict(score),
        "result": result_words(report),
        "proven": report.proven,
        "exact": report.exact,
        "distance": None if score is None else score.plies,
        "first_player_wins": report.first_player_wins,
        "best_move": report.chosen,
        "best_moves": [m.text for m in best],
        "optimal_moves": [m.text for m in report.optimal_moves()],
        "moves": [_move_dict(m, report.to_move) for m in report.moves],
        "pv": list(report.pv),
        "pv_complete": report.pv_complete,
        "method": report.method,
        "algorithm": report.algorithm,
        "depth": report.depth,
        "stopped": report.stopped,
        "best_searched": report.best_searched,
        "explanation": list(report.explanation),
        "facts": None if report.facts is None else dict(report.facts),
        "stats": dict(report.stats),
        "iterations": report.iterations,
        "notes": list(report.notes),
        "searches": [_search_dict(r) for r in report.searches],
    }


def search_dict(game: AnyGame, state: Any, result: SearchResult) -> dict[str, Any]:
    """The JSON form of one search of `state` (`analyze --json`): its report's."""
    return report_dict(from_search(game, state, result))


def header_dict(command: str, game: AnyGame) -> dict[str, Any]:
    """The keys every report starts with (alone, with `series`, for `solve --upto N` without a
    position)."""
    return {"schema": SCHEMA_ID, "command": command, "game": game.name,
            "parameters": parameters(game)}


def solve_dict(game: AnyGame, solved: Report | None,
               series: SeriesReport | None = None) -> dict[str, Any]:
    """The JSON form of any solve: the one report schema (see `report_dict`), plus `series` with
    --upto. Without a position (`solve GAME --upto N`), only the header keys and `series`."""
    data = header_dict("solve", game) if solved is None else report_dict(solved)
    if series is not None:
        # Here, not at the top: `analyze --json` need not load the series and the solvers.
        from minimax_cli.reports.series import series_dict

        data["series"] = series_dict(series)
    return data


__all__ = ["header_dict", "report_dict", "score_dict", "search_dict", "solve_dict"]
