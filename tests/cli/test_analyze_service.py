"""The services behind `analyze` and `solve`, asked without the command line: the analysis of a
request, the game's default time, and the one place that decides whether a solve is streamed."""

from __future__ import annotations

from typing import Any

from minimax_cli import registry
from minimax_cli.core.result import Limits, SearchOptions
from minimax_cli.core.search import PROOF
from minimax_cli.services import analyze as analyzing
from minimax_cli.services.solve import streamed

#: The course's slides tree: MAX's value 3; alpha-beta visits 11 nodes (7 leaves), minimax 13 (9).
SLIDES = "[[3,12,8],[2,4,6],[14,5,2]]"


def slides_request(algorithm: str, **options: Any) -> analyzing.AnalysisRequest:
    game = registry.create("tree").for_position(SLIDES)
    return analyzing.AnalysisRequest(game, game.parse_position(SLIDES), algorithm, Limits(),
                                     **options)


def test_one_search_answers_the_request() -> None:
    analysis = analyzing.analyze(slides_request("alphabeta"))
    assert analysis.comparison is None and analysis.run_notes() is None
    (result,) = analysis.results
    assert analysis.shown is result
    assert (result.algorithm, result.value, result.stats.nodes, result.stats.leaves) == (
        "alphabeta", 3, 11, 7)
    assert result.trace is None  # nothing asked it to record its tree


def test_a_request_to_record_keeps_the_tree_and_enough_nodes_for_the_steps() -> None:
    request = slides_request("minimax", record=True, steps=SearchOptions.trace_limit + 1)
    assert request.trace_limit == SearchOptions.trace_limit + 1
    assert slides_request("minimax", steps=1).trace_limit == SearchOptions.trace_limit
    result = analyzing.analyze(request).shown
    assert result.trace is not None and len(result.trace.children) == 3
    assert (result.value, result.stats.nodes) == (3, 13)


def test_a_comparison_shows_the_requested_algorithm_and_notes_each_run() -> None:
    analysis = analyzing.analyze(slides_request("alphabeta", compare=True))
    assert analysis.comparison is not None
    names = [result.algorithm for result in analysis.results]
    assert names[:2] == ["minimax", "alphabeta"] and len(set(names)) == len(names)
    assert analysis.shown.algorithm == "alphabeta"
    assert all(result.value == 3 for result in analysis.results if result.iterations is None)
    notes = analysis.run_notes()
    assert notes is not None and len(notes) == len(analysis.results)


def test_the_json_answer_is_the_report_with_its_steps() -> None:
    analysis = analyzing.analyze(slides_request("alphabeta", record=True, steps=3))
    answer = analyzing.json_answer(analysis, 3)
    assert answer["value"] == 3 and answer["stats"]["nodes"] == 11
    assert [step["step"] for step in answer["trace"]] == [1, 2, 3]
    assert answer["trace"][0]["kind"] == "enter" and answer["trace"][0]["node"] == "root"
    assert "trace" not in analyzing.json_answer(analysis, None)


def test_only_a_game_too_large_to_search_to_the_end_has_a_default_time() -> None:
    connect4, tictactoe = registry.create("connect4"), registry.create("tictactoe")
    assert analyzing.default_seconds(connect4, "negamax", limited=False) == 3.0
    assert analyzing.default_seconds(connect4, "negamax", limited=True) is None
    assert analyzing.default_seconds(connect4, PROOF, limited=False) is None
    assert analyzing.default_seconds(tictactoe, "negamax", limited=False) is None


def test_a_solve_is_streamed_for_a_game_with_a_proof_kernel_only() -> None:
    connect4 = registry.create("connect4")  # proven by its proof kernel, score by score
    assert streamed(connect4)
    assert not streamed(connect4, tree=True) and not streamed(connect4, family=True)
    for name in ("bones", "nim", "tictactoe", "tree"):  # an own solver, or the engine
        assert not streamed(registry.create(name))
