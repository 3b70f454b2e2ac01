"""A report's JSON form: the one schema of `analyze` and `solve`, `--upto` included
(reports/schema/report.schema.json), and `analyze`'s answer built on it: with --compare the list of
reports with each run's notes, with --trace each with the search's steps as events (read from the
report part reports/trace.py `Walk`). The forms of `play`'s reports are the schema's `$defs`: the
end-of-game review (`review_dict`, `$defs/review`), a hint's think (`think_dict`, `$defs/think`)
and `why` (`why_dict`, `$defs/why`), as is a quiz's exercise (`exercise_dict`, `$defs/exercise`);
`play` and `--quiz` show them in words only, so no command writes them yet.

Its words are English whatever the interface's language, because this writer never translates:
it writes the source form of a report's messages (`english_of`, `Message.english`), and no
command switches the language for it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import Words, english_of
from minimax_cli.core.result import SearchResult
from minimax_cli.core.score import Kind, Number, Score, mate_moves
from minimax_cli.reports.idiom import Idiom
from minimax_cli.reports.model import (
    METHOD_SERIES,
    SCHEMA_ID,
    MoveLine,
    Report,
    exact_text,
    from_search,
    json_number,
    parameters,
    pv_text,
    search_stats,
)
from minimax_cli.reports.words import move_message, player_name, result_message

if TYPE_CHECKING:  # the steps load only for --trace
    from minimax_cli.reports.quiz import Exercise
    from minimax_cli.reports.review import EngineReview, Review, Slip
    from minimax_cli.reports.think import PlayLine, Think, Why
    from minimax_cli.reports.trace import Step


def score_dict(score: Score) -> dict[str, Any]:
    """A score (MAX's view) for JSON: its kind, number, bound and plies."""
    return {"kind": score.kind.value, "number": json_number(score.number),
            "bound": score.bound.value, "plies": score.plies,
            "plies_at_most": score.plies_at_most}


def scaled(score: Score | None, idiom: Idiom) -> dict[str, int | None]:
    """A score (MAX's view) in the game's own scale, where it has one (chess): `cp` the engine's
    number (centipawns) for an estimate or a draw, `mate` the moves to mate (negative: MAX is
    mated); both null where they do not apply and in other games."""
    if idiom.scale is None or score is None:
        return {"cp": None, "mate": None}
    mate = mate_moves(score)
    plain = mate is None and score.kind in (Kind.ESTIMATE, Kind.DRAW, Kind.VALUE)
    return {"cp": round(score.number) if plain else None, "mate": mate}


def _move_dict(line: MoveLine, report: Report) -> dict[str, Any]:
    s, to_move, players, proofs = line.score, report.to_move, report.players, report.proofs
    return {"move": line.text,
            "value": json_number(s.number), "value_exact": exact_text(s.number),
            "kind": s.kind.value, "bound": s.bound.value, "proven": proofs and s.proven,
            "exact": proofs and s.exact,
            "distance": s.plies, "distance_at_most": s.plies_at_most,
            "for_mover": move_message(line, to_move, players, report.idiom, proofs).english(),
            "optimal": line.optimal,
            "best": line.best,
            "returns": _numbers(line.returns), "visits": line.visits,
            "probability": None if line.probability is None else json_number(line.probability),
            "probability_exact": None if line.probability is None else exact_text(
                line.probability),
            "uci": line.uci, **scaled(s, report.idiom),  # chess: g1f3 beside Nf3; else nulls
            "pv": None if line.pv is None else list(line.pv)}  # a multipv line


def _search_dict(result: SearchResult) -> dict[str, object]:
    """A search set beside a solve (`solve --tree`): its algorithm, value and counts."""
    return {"algorithm": result.algorithm,
            "value": None if result.value is None else json_number(result.value),
            "stats": search_stats(result)}


def _numbers(values: tuple[Number, ...] | None) -> list[int | float] | None:
    return None if values is None else [json_number(v) for v in values]


def report_dict(report: Report) -> dict[str, Any]:
    """The JSON form of a report: one schema for every command and game (values, bounds and
    distances from MAX's point of view; `result` and `for_mover` in words for the player to move),
    with `series` after them for `solve --upto N`; without a position (`solve GAME --upto N`) the
    first four keys and `series` only."""
    if report.method == METHOD_SERIES:
        return {"schema": SCHEMA_ID, "command": report.command, "game": report.game,
                "parameters": dict(report.parameters), "series": series_dict(report)}
    score = report.score
    best = report.best_moves()
    data: dict[str, Any] = {
        "schema": SCHEMA_ID,
        "command": report.command,
        "game": report.game,
        "parameters": dict(report.parameters),
        "position": report.position,
        "to_move": player_name(report.to_move, report.players),
        "over": report.over,
        "value": None if score is None else json_number(score.number),
        "value_exact": None if score is None else exact_text(score.number),
        "value_view": player_name(report.view, report.players),
        "returns": _numbers(report.returns),
        "score": None if score is None else score_dict(score),
        **scaled(score, report.idiom),
        "result": result_message(report).english(),
        "proven": report.proven,
        "exact": report.exact,
        "distance": None if score is None else score.plies,
        "first_player_wins": report.first_player_wins,
        "best_move": report.chosen,
        "best_moves": [m.text for m in best],
        "optimal_moves": [m.text for m in report.optimal_moves()],
        "moves": [_move_dict(m, report) for m in report.moves],
        "pv": list(report.pv),
        "pv_complete": report.pv_complete,
        "method": report.method,
        "algorithm": report.algorithm,
        "depth": report.depth,
        "stopped": report.stopped,
        "best_searched": report.best_searched,
        "explanation": [english_of(words) for words in report.explanation],
        "facts": None if report.facts is None else dict(report.facts),
        "stats": dict(report.stats),
        "iterations": report.iterations,
        "notes": [english_of(words) for words in report.notes],
        "searches": [_search_dict(r) for r in report.searches],
    }
    if report.series is not None:
        data["series"] = series_dict(report)
    return data


def search_dict(game: AnyGame, state: Any, result: SearchResult) -> dict[str, Any]:
    """The JSON form of one search of `state` (`analyze --json`): its report's."""
    return report_dict(from_search(game, state, result))


def series_dict(report: Report) -> dict[str, Any]:
    """The JSON form of a solve's `--upto` series. `pattern.proven` says whether it holds for
    every n (then `proven_period` has the proof) or was only observed; `pattern.observed_over` is
    the range of n whose outcomes show the pattern by themselves (null for a proven one they are
    too few to show); `checked_upto` counts the positions the claim rests on (solved for the
    proof, or observed)."""
    series, pattern = report.series, report.pattern
    assert series is not None
    proven = series.proven
    extra: dict[str, Any] = {}
    if series.standings is not None:
        extra = {"assumption": english_of(series.assumption), "standings": [
            {"n": n, "winner": None if s.winner is None else s.winner + 1,
             "returns": [json_number(v) for v in s.returns],
             "plays": series.moves[n][0] if series.moves[n] else None, "ties": s.ties,
             "tie_notes": [english_of(note) for note in s.notes]}
            for n, s in enumerate(series.standings)]}
    return {
        "description": english_of(series.description),
        "rows": [{"n": n, "outcome": "W" if wins else "L",
                  "winning_moves": list(series.moves[n]) if wins else [],
                  "over": n in series.ended}
                 for n, wins in enumerate(series.outcomes)],
        "pattern": None if pattern is None else {
            "text": english_of(pattern.sentence), "preperiod": pattern.preperiod,
            "period": pattern.period,
            "losing_residues": list(pattern.losing_residues),
            "early_losses": list(pattern.early_losses), "checked_upto": pattern.checked_upto,
            "proven": pattern.proven,
            "observed_over": None if pattern.observed_upto is None else {
                "from": 0, "to": pattern.observed_upto},
        },
        "proven_period": None if proven is None else {
            "preperiod": proven.preperiod, "period": proven.period,
            "checked_upto": proven.checked_upto, "proof": english_of(series.proof),
        },
        "time_s": round(report.series_time, 6),
        **extra,
    }


def analysis_json(game: AnyGame, state: Any, results: Sequence[SearchResult],
                  run_notes: Sequence[Sequence[Words]] | None, trace_steps: int | None,
                  depth_limited: bool) -> Any:
    """`analyze --json`: the report of the search, or with --compare (`run_notes`: each run's own
    notes, added to its report's) the list of reports; with --trace (`trace_steps`: at most that
    many) each with its steps as events."""
    payload = [search_dict(game, state, result) for result in results]
    if run_notes is not None:
        for entry, notes in zip(payload, run_notes, strict=True):
            entry["notes"].extend(english_of(words) for words in notes)
    if trace_steps is not None:
        for entry, result in zip(payload, results, strict=True):
            entry["trace"] = trace_dicts(game, state, result, trace_steps, depth_limited)
    return payload if run_notes is not None else payload[0]


def trace_dicts(game: AnyGame, state: Any, result: SearchResult, max_steps: int,
                depth_limited: bool) -> list[dict[str, Any]]:
    """The steps of a search as JSON events (an empty list for a search that records none)."""
    from minimax_cli.reports.trace import Walk
    from minimax_cli.reports.trace_words import engine_units

    if result.simulations:
        return simulation_dicts(game, state, result.simulations, max_steps)
    if result.trace is None:
        return []
    steps = Walk(game, state, result.trace).steps(result.best_move, max_steps)
    return step_dicts(steps, max_steps, engine_units(game, result, depth_limited),
                      game.explicit_tree)


def simulation_dicts(game: AnyGame, state: Any, simulations: Any,
                     limit: int) -> list[dict[str, Any]]:
    """Monte Carlo tree search's simulations as JSON events."""
    from minimax_cli.reports.trace_words import simulation_words

    events = []
    for simulation in list(simulations)[:limit]:
        moves = pv_text(game, state, simulation.moves)[0]
        events.append({"step": simulation.number, "letter": None, "kind": "simulation",
                       "node": " ".join(moves) or "root", "player": "", "parent": None,
                       "depth": len(moves), "alpha": None, "beta": None, "value": None,
                       "low": None, "high": None, "learned": [], "pruned": [], "cut": None,
                       "best": None,
                       "probability": None, "returns": list(simulation.reward),
                       "expanded": simulation.expanded, "settled": simulation.settled,
                       "text": english_of(simulation_words(game, state, simulation))})
    return events


def _step_number(value: Number | None) -> Any:
    """A number of a step: infinities as "+inf" and "-inf" (JSON has none)."""
    from minimax_cli.reports.intervals import INF

    if value is None:
        return None
    if value in (INF, -INF):
        return "+inf" if value > 0 else "-inf"
    return json_number(value)


def step_dicts(steps: list[Step], limit: int, engine: bool,
               explicit: bool = True) -> list[dict[str, Any]]:
    """The steps as JSON events: the same facts as the text, one object per step."""
    from minimax_cli.reports.trace_words import sentence_words

    events = []
    for i, step in enumerate(steps[:limit], 1):
        events.append({
            "step": i, "letter": step.letter or None, "kind": step.kind, "node": step.node,
            "player": step.player, "parent": step.parent, "depth": step.depth,
            "alpha": _step_number(step.alpha), "beta": _step_number(step.beta),
            "value": _step_number(step.value),
            "low": _step_number(step.interval.low), "high": _step_number(step.interval.high),
            "learned": [{"node": name, "low": _step_number(now.low),
                         "high": _step_number(now.high)} for name, now, _before in step.learned],
            "pruned": [{"node": p.name, "leaves": [_step_number(v) for v in p.leaves],
                        "more_leaves": p.more} for p in step.pruned],
            "cut": None if step.kind != "cut" else step.cut or "window",
            "best": step.best, "probability": _step_number(step.probability),
            "text": english_of(sentence_words(step, engine, explicit)),
        })
        if step.quiet:  # a quiescence search's step: at the depth cut, or below a capture
            events[-1]["quiet"] = step.quiet
    return events


def review_dict(review: Review) -> dict[str, Any]:
    """The end-of-game review as JSON (`$defs/review`): what judged the moves, how many were
    judged how, and each slip with its player numbered from 1."""
    return {"judge": review.judge, "positions": review.positions, "solved": review.solved,
            "unsolved": review.unsolved, "checked": list(review.checked),
            "unreviewed": review.unreviewed, "seconds": review.seconds,
            "slips": [_slip_dict(slip) for slip in review.slips],
            "engine": None if review.engine is None else _engine_dict(review.engine)}


def _engine_dict(engine: EngineReview) -> dict[str, Any]:
    """The engine review as JSON: its estimates (scores from MAX's view, in the game's own
    scale beside), each marked as an estimate, never proven."""
    return {"algorithm": engine.algorithm, "positions": engine.positions,
            "checked": engine.checked, "unchecked": engine.unchecked,
            "depths": list(engine.depths), "nodes": engine.nodes, "seconds": engine.seconds,
            "mistake": engine.mistake, "blunder": engine.blunder,
            "estimates": [{"ply": e.ply, "player": e.player + 1, "played": e.played,
                           "better": e.better, "grade": e.grade, "estimate": True,
                           "proven": False, "depth": e.depth, "loss": e.loss,
                           "best": score_dict(e.best), "after": score_dict(e.after),
                           "best_cp": _cp(e.best), "after_cp": _cp(e.after)}
                          for e in engine.estimates]}


def _cp(score: Score) -> int | None:
    """An estimate's engine number (centipawns in chess); None for a mate score."""
    return round(score.number) if score.kind is Kind.ESTIMATE else None


def _slip_dict(slip: Slip) -> dict[str, Any]:
    """A slip as JSON. One the shallow check found (`depth` set) proves a forced line, not
    values: its values are null."""
    values: dict[str, Any] = {}
    for when, value in (("before", slip.value_before), ("after", slip.value_after)):
        values[f"value_{when}"] = None if slip.depth is not None else json_number(value)
        values[f"value_{when}_exact"] = None if slip.depth is not None else exact_text(value)
    return {"ply": slip.ply, "player": slip.player + 1, "played": slip.played,
            "kept_by": slip.kept_by, "lost": slip.lost, **values, "depth": slip.depth,
            "plies": slip.plies}


def think_dict(game: AnyGame, state: Any, think: Think) -> dict[str, Any]:
    """A think of the AI (a hint's) as JSON (`$defs/think`): its report and how it was found."""
    def texts(moves: Sequence[Any]) -> list[str]:
        return [game.format_move(state, move) for move in moves]

    return {"report": report_dict(think.report), "budget": think.budget, "how": think.how,
            "steps": [{"way": way, "seconds": round(seconds, 6), "nodes": nodes}
                      for way, seconds, nodes in think.steps],
            "method": think.method, "solved": think.solved, "interrupted": think.interrupted,
            "in_proof": think.in_proof,
            "proof_seconds": None if think.proof_seconds is None else round(
                think.proof_seconds, 6),
            "proof": think.proof, "value_for_mover": think.value,
            "value_proof": think.value_proof, "tied": texts(think.tied),
            "alike": texts(think.alike)}


def why_dict(game: AnyGame, state: Any, why: Why) -> dict[str, Any]:
    """`why` the AI played a move, as JSON (`$defs/why`): the think, the move and the line."""
    return {"think": think_dict(game, state, why.think), "ply": why.ply,
            "move": game.format_move(state, why.move), "random": why.random,
            "level": why.level, "randomness": why.randomness,
            "line": _play_line_dict(game, state, why.line)}


def lesson_dict(command: str, game: AnyGame, key: str, payload: dict[str, Any]) -> dict[str, Any]:
    """The one schema's form of a report that is not a search's (`analyze --terms`, `--horizon`,
    `minimax size`): the header every report starts with, and the report under its own `key`
    (its shape documented in its reports module and under the schema's `$defs`)."""
    return {"schema": SCHEMA_ID, "command": command, "game": game.name,
            "parameters": parameters(game), key: payload}


def exercise_dict(exercise: Exercise) -> dict[str, Any]:
    """An alpha-beta exercise with its answers as JSON (`$defs/exercise`): the tree, its leaves
    numbered from the left, the root's value, the best moves, the leaves alpha-beta never
    evaluates, both searches' counts and alpha-beta's steps as `--trace` events."""
    return {"position": exercise.position, "spec": exercise.spec,
            "leaves": [{"number": leaf.number, "path": list(leaf.path),
                        "value": json_number(leaf.value)} for leaf in exercise.leaves],
            "root_value": json_number(exercise.root_value),
            "best_moves": list(exercise.best_moves), "pruned": list(exercise.pruned),
            "minimax": {"nodes": exercise.minimax_nodes, "leaves": exercise.minimax_leaves},
            "alphabeta": {"nodes": exercise.alphabeta_nodes,
                          "leaves": exercise.alphabeta_leaves},
            "steps": step_dicts(exercise.steps, len(exercise.steps), False)}


def _play_line_dict(game: AnyGame, state: Any, line: PlayLine) -> dict[str, Any]:
    return {"moves": list(pv_text(game, state, line.moves)[0]), "to_the_end": line.to_the_end,
            "proven": line.proven, "cut": line.cut, "optimal_only": line.optimal_only}


__all__ = ["analysis_json", "exercise_dict", "lesson_dict", "report_dict", "review_dict",
           "score_dict", "search_dict", "series_dict", "simulation_dicts", "step_dicts",
           "think_dict", "trace_dicts", "why_dict"]
