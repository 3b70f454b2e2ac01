"""The analysing service behind `minimax analyze`: a request (the position, the algorithm and its
options, the limits, what to record) -> the search, or with `compare` one search per algorithm
that computes the game's value (`services/compare.py`) -> an `Analysis`, which the views draw and
`reports/json_form.analysis_json` writes as JSON. No Rich, no Typer, no I/O.

`_search` is the one place that runs the search of a plain analysis: whatever decides how a
position is answered is asked there, and only there. `--compare` runs named algorithms by design
(`_run`, each with its own limits).

Every `analyze` loads this module, `--json` too: it imports the search core and the comparison
only when it runs them, and its classes are records, not dataclasses (`core.record` says why).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from minimax_cli.core.record import Record

if TYPE_CHECKING:
    from minimax_cli.core.game import AnyGame
    from minimax_cli.core.i18n import Words
    from minimax_cli.core.result import Limits, SearchResult
    from minimax_cli.reports.compare import Comparison
    from minimax_cli.services.compare import Progress

#: MCTS's seed when none is given: `analyze` output is the same run after run.
DEFAULT_MCTS_SEED = 0
#: The evaluation move ordering is measured with when none is named (the course's material).
ORDERING_EVALUATION = "material"


class AnalysisRequest(Record):
    """What to analyze and how: `algorithm` within `limits` (`user_budget`: the user gave --time or
    --nodes), with `evaluator` at a depth cut and `table_mb` for the table; `compare` runs every
    algorithm that computes the value instead; `mcts` are MCTS's own options and `engine` the
    switches of principal-variation search (SearchOptions' quiescence, ordering, use_table,
    null_move); `record` keeps the
    searched tree (for --tree, --trace, --step and figures), `steps` how many steps will be
    shown (None: none), `record_depth` the plies below the root it keeps (None: all; a figure of
    the top levels, drawn alone, needs those levels whole, not the search's first nodes)."""

    __slots__ = ("algorithm", "compare", "engine", "evaluator", "game", "limits", "mcts",
                 "record", "record_depth", "state", "steps", "table_mb", "user_budget")
    fields = ("game", "state", "algorithm", "limits", "user_budget", "evaluator", "table_mb",
              "compare", "mcts", "record", "steps", "record_depth", "engine")

    def __init__(self, game: AnyGame, state: Any, algorithm: str, limits: Limits, *,
                 user_budget: bool = False, evaluator: str | None = None,
                 table_mb: float | None = None, compare: bool = False,
                 mcts: Mapping[str, Any] | None = None, record: bool = False,
                 steps: int | None = None, record_depth: int | None = None,
                 engine: Mapping[str, Any] | None = None) -> None:
        self.game: Final = game
        self.state: Final = state
        self.algorithm: Final = algorithm
        self.limits: Final = limits
        self.user_budget: Final = user_budget
        self.evaluator: Final = evaluator
        self.table_mb: Final = table_mb
        self.compare: Final = compare
        self.mcts: Final[Mapping[str, Any]] = {} if mcts is None else mcts
        self.record: Final = record
        self.steps: Final = steps
        self.record_depth: Final = record_depth
        self.engine: Final[Mapping[str, Any]] = {} if engine is None else engine

    @property
    def depth_limited(self) -> bool:
        """Whether the search is cut at a depth (its numbers are then the engine's)."""
        return self.limits.depth is not None

    @property
    def trace_limit(self) -> int:
        """The nodes the search records: each gives a step or two, so at least the steps shown."""
        from minimax_cli.core.result import SearchOptions

        least = SearchOptions.trace_limit
        return least if self.steps is None else max(least, self.steps)


class Analysis(Record):
    """What an analysis found: the request, its searches (one; with --compare, one per algorithm,
    in the comparison's order) and the comparison."""

    __slots__ = ("comparison", "request", "results")
    fields = ("request", "results", "comparison")

    def __init__(self, request: AnalysisRequest, results: tuple[SearchResult, ...],
                 comparison: Comparison | None = None) -> None:
        self.request: Final = request
        self.results: Final = results
        self.comparison: Final = comparison

    @property
    def shown(self) -> SearchResult:
        """The search whose analysis is drawn: with --compare, the game's own algorithm's (the
        request's), if it was compared, else the first with a value, else the first."""
        algorithm = self.request.algorithm
        return next((r for r in self.results if r.algorithm == algorithm),
                    next((r for r in self.results if r.score is not None), self.results[0]))

    def run_notes(self) -> list[tuple[Words, ...]] | None:
        """With --compare, each run's own notes (stopped, exact root, estimate...), in the runs'
        order; what concerns the whole table follows from the list of reports itself."""
        if self.comparison is None:
            return None
        from minimax_cli.reports import compare as compared

        notes = compared.notes(self.comparison)
        return [tuple(note.text for note in notes if run.name in note.algorithms)
                for run in self.comparison.runs]


def default_algorithm(game: AnyGame) -> str:
    """The algorithm `analyze` runs when none is named: the one precedence's choice."""
    from minimax_cli.answer.precedence import algorithm_for

    return algorithm_for(game)


def default_seconds(game: AnyGame, algorithm: str, limited: bool) -> float | None:
    """The game's own time budget when no limit is given (`limited`: --depth, --time, --nodes or
    --iterations was): a game too large to search to the end by default has one. None: none;
    the proof search too: exact scores, searched to the end whatever the game's default time."""
    from minimax_cli.core.search import PROOF

    if limited or algorithm == PROOF:
        return None
    return game.analysis_seconds


def analyze(request: AnalysisRequest, progress: Progress | None = None) -> Analysis:
    """The analysis asked for; `progress` is told of each search of a comparison as it starts.
    Raises SearchError (or GameError) for what cannot be searched: an algorithm that does not
    serve the game, an unknown evaluation function."""
    if not request.compare:
        return Analysis(request, (_search(request),))
    from minimax_cli.core.search import compared_algorithms
    from minimax_cli.services import compare

    def run_one(algorithm: str, limits: Limits) -> SearchResult:
        return _run(request, algorithm, limits)

    if request.game.search_board(request.state) is not None:  # chess: move ordering measured
        comparison = compare.run_ordering(request.game, request.state, request.limits,
                                          request.user_budget, _ordering_row(request), progress)
    else:
        comparison = compare.run(request.game, request.state, compared_algorithms(request.game),
                                 request.limits, request.user_budget, run_one, progress)
    return Analysis(request, tuple(run.result for run in comparison.runs), comparison)


def _ordering_row(request: AnalysisRequest) -> Callable[[str, Limits], SearchResult]:
    """One row of the comparison of move orderings (core/search/ordering.py), with the request's
    evaluation (material when none is named: no quiescence, so leaves compare with perft's) and
    table size."""
    from minimax_cli.core.search import make_options
    from minimax_cli.core.search.ordering import ordering_row

    options = make_options(evaluator=request.evaluator or ORDERING_EVALUATION,
                           table_mb=request.table_mb)

    def run_row(row: str, limits: Limits) -> SearchResult:
        return ordering_row(request.game, request.state, row, limits, options)

    return run_row


def _search(request: AnalysisRequest) -> SearchResult:
    """The search of a plain analysis: the request's algorithm within its limits."""
    return _run(request, request.algorithm, request.limits)


def _run(request: AnalysisRequest, algorithm: str, limits: Limits) -> SearchResult:
    """One search of the request's position by `algorithm` within `limits`, with the request's
    evaluation, table, recording and the options only one algorithm takes (MCTS's; the switches
    of principal-variation search, the chess engine, and --quiescence of the textbook
    algorithm asked for, not of the others a comparison runs)."""
    from minimax_cli.core.search import MCTS, PVS, search

    return search(request.game, request.state, algorithm, limits, evaluator=request.evaluator,
                  trace=request.record, trace_limit=request.trace_limit,
                  trace_depth=request.record_depth,
                  table_mb=request.table_mb, **(request.mcts if algorithm == MCTS else {}),
                  **(request.engine if algorithm in (PVS, request.algorithm) else {}))


def json_answer(analysis: Analysis, trace_steps: int | None) -> Any:
    """The JSON answer of `analyze --json` (`reports/json_form.analysis_json`): with --trace
    (`trace_steps`) each report carries its steps."""
    from minimax_cli.reports.json_form import analysis_json

    request = analysis.request
    return analysis_json(request.game, request.state, analysis.results, analysis.run_notes(),
                         trace_steps, request.depth_limited)


__all__ = ["DEFAULT_MCTS_SEED", "Analysis", "AnalysisRequest", "analyze",
           "default_algorithm", "default_seconds", "json_answer"]
