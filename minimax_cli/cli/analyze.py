"""`minimax analyze`: search a position and show every move's value, or several algorithms side by
side; Monte Carlo tree search's own options (iterations, exploration, seed, playouts) live here."""

from typing import TYPE_CHECKING, Any

import typer

from minimax_cli.cli import options as cli_input
from minimax_cli.cli import save as cli_save
from minimax_cli.cli.base import console, fail, user_errors
from minimax_cli.cli.game import (
    ALGORITHM_HELP,
    DEPTH_PARSER,
    EVAL_HELP,
    GAME_HELP,
    GAME_METAVAR,
    MAX_SEED,
    NODES_PARSER,
    POSITION_HELP,
    POSITION_METAVAR,
    TABLE_MB_HELP,
    TIME_LIMITS,
    TIME_PARSER,
    game_and_position,
    get_algorithm,
)
from minimax_cli.cli.help import help_text
from minimax_cli.cli.options import check_table_mb, make_limits
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.params import MAX_DEPTH, MAX_NODES
from minimax_cli.services.limits import COMPARE_SECONDS
from minimax_cli.views.limits import DEFAULT_STEPS, MAX_STEPS, MAX_TREE_DEPTH

if TYPE_CHECKING:
    from minimax_cli.core.game import Game
    from minimax_cli.core.result import Limits, SearchResult
    from minimax_cli.reports.compare import Comparison

MCTS = "mcts"
#: The exploration constant's range: 0 (pure exploitation) to far more exploration than is useful.
MAX_EXPLORATION = 100.0
#: MCTS's seed when none is given: `analyze` output is the same run after run.
DEFAULT_MCTS_SEED = 0

#: `minimax analyze --help`'s description (given to Typer as `help=`, translated when drawn).
ANALYZE_HELP = N_(
    "Value of every legal move, the best move, the principal variation and node counts.\n\n"
    "Game parameters follow the game or the position, e.g. `minimax analyze tictactoe --rows 4 "
    "--cols 4 --k 4`. Counts (--depth, --nodes) may be written 1000000, 1_000_000, 10**6 or 1e6."
)


def analyze(
    ctx: typer.Context,
    game_name: str = typer.Argument(..., metavar=GAME_METAVAR, help=GAME_HELP,
                                    autocompletion=cli_input.complete_game),
    position: str | None = typer.Argument(None, metavar=POSITION_METAVAR, help=POSITION_HELP,
                                          autocompletion=cli_input.game_parameter_candidates),
    algorithm: str | None = typer.Option(None, "--algorithm", "-a", metavar=N_("NAME"),
                                         help=ALGORITHM_HELP,
                                         autocompletion=cli_input.complete_algorithm),
    depth: int | None = typer.Option(None, "--depth", "-d", metavar=N_("PLIES"),
                                     parser=DEPTH_PARSER,
                                     help=help_text(N_("Cut the search this many plies below the "
                                                       "root (0 to {most})."), most=MAX_DEPTH)),
    time_s: float | None = typer.Option(None, "--time", "-t", metavar=N_("SECONDS"),
                                        parser=TIME_PARSER,
                                        help=help_text(N_("Time budget in seconds, iterative "
                                                          "deepening ({least} to {most})."),
                                                       **TIME_LIMITS)),
    nodes: int | None = typer.Option(None, "--nodes", metavar="N", parser=NODES_PARSER,
                                     help=help_text(N_("Node budget: search at most N nodes (1 "
                                                       "to {most})."), most=MAX_NODES)),
    evaluator: str | None = typer.Option(None, "--eval", metavar=N_("NAME"), help=EVAL_HELP,
                                         autocompletion=cli_input.complete_evaluator),
    table_mb: float | None = typer.Option(None, "--table-mb", metavar="MB", help=TABLE_MB_HELP),
    show_tree: bool = typer.Option(False, "--tree", help=N_("Draw the search tree.")),
    compare: bool = typer.Option(False, "--compare", help=help_text(N_(
        "Run every algorithm that computes the game's value side by side (minimax, alphabeta, "
        "alphabeta-ordered, negamax; or those for chance or more players), MCTS last as an "
        "estimate; each gets at most {seconds} s unless --time or --nodes is given."),
        seconds=f"{COMPARE_SECONDS:g}")),
    iterations: int | None = typer.Option(None, "--iterations", metavar="N",
                                          parser=cli_input.count_parser(1, MAX_NODES),
                                          help=help_text(N_(
                                              "mcts: simulations to run (default {default} when "
                                              "no --time or --nodes is given; 1 to {most})."),
                                              default=10_000, most=MAX_NODES)),
    exploration: float | None = typer.Option(
        None, "--exploration", metavar="C",
        parser=cli_input.decimal_parser(0.0, MAX_EXPLORATION, N_("an exploration constant"),
                                        "1.4"),
        help=help_text(N_("mcts: the UCT exploration constant c (default 1.4; 0 to {most})."),
                       most=f"{MAX_EXPLORATION:g}")),
    seed: int | None = typer.Option(None, "--seed", metavar="N",
                                    parser=cli_input.count_parser(0, MAX_SEED),
                                    help=help_text(N_(
                                        "mcts: seed of the random playouts (default {default}; 0 "
                                        "to {most}): the same seed and budget give the same "
                                        "answer."), default=DEFAULT_MCTS_SEED, most=MAX_SEED)),
    rollout: str | None = typer.Option(None, "--rollout", metavar=N_("KIND"),
                                       help=N_("mcts: playouts random (the default) or eval "
                                               "(guided by the game's evaluation function).")),
    solver: bool = typer.Option(True, "--solver/--no-solver",
                                help=N_("mcts: back up proven wins and losses (MCTS-Solver; on by "
                                        "default).")),
    trace: bool = typer.Option(False, "--trace", help=N_(
        "Show the search step by step, as the course narrates it: each node entered with its alpha "
        "and beta, each leaf and what it teaches the nodes above, each cut and what it prunes; "
        "with --json, the steps as a list of events.")),
    max_steps: int = typer.Option(DEFAULT_STEPS, "--max-steps", metavar="N",
                                  parser=cli_input.count_parser(1, MAX_STEPS),
                                  help=help_text(N_("--trace and --step show at most N "
                                                    "steps (default {default}; 1 to "
                                                    "{most})."),
                                                 default=DEFAULT_STEPS, most=MAX_STEPS)),
    tree_depth: int | None = typer.Option(None, "--tree-depth", metavar="N",
                                          parser=cli_input.count_parser(0, MAX_TREE_DEPTH),
                                          help=help_text(N_(
                                              "--tree, and a .tex or .dot figure of --save, "
                                              "draw N levels below the root at most (0 to "
                                              "{most}); the search is not cut."),
                                              most=MAX_TREE_DEPTH)),
    show_boards: bool = typer.Option(False, "--boards", help=N_(
        "--tree draws the small board at each node (games played on a grid).")),
    step: bool = typer.Option(False, "--step", help=N_(
        "Walk through the search step by step, full-screen: the tree with what each step has "
        "taught of every node, the step in words below; → or space the next step, ← the "
        "previous, Home the first, End the last, q to quit. Needs a terminal (--trace prints "
        "the steps as text).")),
    as_json: bool = typer.Option(False, "--json", help=N_("Print one JSON object.")),
    quiz: bool = typer.Option(False, "--quiz", help=N_(
        "An exercise on an explicit tree: the tree with its leaves numbered and the values "
        "hidden; you give the root's value and the leaves alpha-beta never evaluates, then see "
        "what was right and the worked steps. Answers are read from stdin when it is not a "
        "terminal, one a line.")),
    save: list[str] | None = cli_save.SAVE_OPTION,
) -> None:
    """`minimax analyze` (its description for users: ANALYZE_HELP)."""
    if step:
        _check_step(quiz=quiz, as_json=as_json, compare=compare, trace=trace, tree=show_tree)
    if quiz:  # an exercise, not an analysis: its own module reads the tree and asks
        from minimax_cli.cli.quiz import quiz_in_analyze

        return quiz_in_analyze(ctx, game_name, position, save)
    from minimax_cli.core.result import SearchOptions
    from minimax_cli.core.search import compared_algorithms, default_algorithm, search

    if algorithm is not None:
        with user_errors():
            get_algorithm(algorithm)  # an unknown name is named as such, also with --compare
    if compare and algorithm is not None:
        fail(_("--compare runs every algorithm that computes the minimax value, and --algorithm "
               "{algorithm} names one: give one of them").format(algorithm=algorithm))
    figures = cli_save.figures(save)
    if as_json and cli_save.terminal_figures(figures):
        fail(_("--save {file} saves what the terminal shows, and --json prints JSON: save .tex "
               "or .dot, or leave out --json").format(
                   file=cli_save.terminal_figures(figures)[0].path))
    game, state = game_and_position(ctx, game_name, position)
    algorithm = algorithm or default_algorithm(game)
    source = ctx.get_parameter_source("solver")
    given_solver = source is not None and source.name == "COMMANDLINE"
    mcts_options = _mcts_options(algorithm, compare, iterations, exploration, seed, rollout,
                                 solver if given_solver else None)
    default_time = None
    if (depth is None and time_s is None and nodes is None and iterations is None
            and algorithm != "proof"):
        default_time = game.analysis_seconds  # too large to search to the end by default
    limits = make_limits(depth, default_time if time_s is None else time_s, nodes)
    table_megabytes = check_table_mb(table_mb)
    # Rich loads only to draw: a --json answer never needs it.
    out = None if as_json else console(record=bool(cli_save.terminal_figures(figures)))
    if default_time is not None and out is not None:
        from rich.text import Text

        out.print(Text(_("{game} is searched for {seconds} s by default: give --time, "
                         "--depth or --nodes for another limit, or --algorithm proof for "
                         "exact scores").format(game=game.name, seconds=f"{default_time:g}"),
                       style="dim"))
    tree_figure = bool(cli_save.tree_figures(figures))
    if ((tree_depth is not None and not tree_figure) or show_boards) and not show_tree:
        fail(_("--tree-depth and --boards say how --tree draws the search: add --tree"))
    recorded = show_tree or trace or tree_figure or step
    # Each node gives a step or two: record enough of them for the steps asked for.
    trace_limit = (max(SearchOptions.trace_limit, max_steps) if trace or step
                   else SearchOptions.trace_limit)
    with user_errors():
        def search_one(name: str, given: "Limits") -> "SearchResult":
            return search(game, state, name, given, evaluator=evaluator, trace=recorded,
                          trace_limit=trace_limit, table_mb=table_megabytes,
                          **(mcts_options if name == MCTS else {}))

        comparison = None
        if compare:
            from minimax_cli.cli import compare as cli_compare

            comparison = cli_compare.run(
                game, state, compared_algorithms(game), limits,
                time_s is not None or nodes is not None, search_one, as_json)
        results = ([run.result for run in comparison.runs] if comparison is not None
                   else [search_one(algorithm, limits)])
    if step:
        return _step_through(game, state, results[0], max_steps, depth is not None)
    # With --compare, the analysis shown is the game's own algorithm's (the default), if compared.
    shown = results if not compare else [
        next((r for r in results if r.algorithm == algorithm), results[0])]
    if out is None:
        import json

        print(json.dumps(json_payload(game, state, results, comparison,
                                      max_steps if trace else None, depth is not None), indent=2))
        _save_tree(game, state, shown[0], figures, depth is not None, tree_depth)
        return
    from minimax_cli.views import analysis as analysis_view
    from minimax_cli.views import compare as render_compare

    for result in shown:
        for part in analysis_view.views(game, state, result, trace=trace, max_steps=max_steps,
                                        tree=show_tree, tree_depth=tree_depth,
                                        boards=show_boards, depth_limited=depth is not None):
            out.print(part)
    if comparison is not None:
        out.print(render_compare.comparison_view(comparison))
    cli_save.save_terminal(out, figures)
    _save_tree(game, state, shown[0], figures, depth is not None, tree_depth)


def _save_tree(game: "Game[Any, Any]", state: Any, result: "SearchResult",
               figures: "list[cli_save.Figure]", depth_limited: bool,
               tree_depth: int | None) -> None:
    if not cli_save.tree_figures(figures):
        return  # nothing to draw: the views (and Rich) stay unloaded, as --json wants
    from minimax_cli.views.analysis import engine_units

    cli_save.save_tree(game, state, result, figures,
                       engine=engine_units(game, result, depth_limited), depth=tree_depth)


def json_payload(game: "Game[Any, Any]", state: Any, results: "list[SearchResult]",
                 comparison: "Comparison | None", trace_steps: int | None,
                 depth_limited: bool) -> Any:
    """The JSON answer: the report (written by `reports.json_form`), or with --compare the list
    of reports with their notes; with --trace, each with its steps (at most `trace_steps`). No
    Rich: the views load only for the steps."""
    from minimax_cli.reports.json_form import search_dict

    payload = [search_dict(game, state, r) for r in results]
    if comparison is not None:
        from minimax_cli.cli import compare as cli_compare

        cli_compare.add_notes(payload, comparison)
    if trace_steps is not None:
        from minimax_cli.views import analysis as analysis_view

        for entry, result in zip(payload, results, strict=True):
            entry["trace"] = analysis_view.steps_json(game, state, result, trace_steps,
                                                      depth_limited)
    return payload if comparison is not None else payload[0]


def terminal_present() -> bool:
    """Whether the command reads keys from a terminal and draws on one (stdin and stdout)."""
    import sys

    return sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()


def _check_step(*, quiz: bool, as_json: bool, compare: bool, trace: bool, tree: bool) -> None:
    """--step is a full-screen view of one search: one line and exit 2 with an option that
    shows something else, or without a terminal."""
    given = {"--quiz": quiz, "--json": as_json, "--compare": compare, "--trace": trace,
             "--tree": tree}
    other = next((name for name, on in given.items() if on), None)
    if other is not None:
        fail(_("--step shows one search full-screen, step by step: leave out {option}").format(
            option=other))
    if not terminal_present():
        fail(_("--step needs a terminal (stdin and stdout): --trace prints the same steps as "
               "text"))


def _step_through(game: "Game[Any, Any]", state: Any, result: "SearchResult", max_steps: int,
                  depth_limited: bool) -> None:
    """The step player on the terminal, for a search that recorded its tree."""
    if result.trace is None:
        fail(_("{algorithm} records no search tree to step through: --trace shows what it "
               "records").format(algorithm=result.algorithm))
    from minimax_cli.play.stepper import step_through
    from minimax_cli.views.analysis import engine_units
    from minimax_cli.views.step import Walkthrough

    step_through(Walkthrough(game, state, result, engine=engine_units(game, result, depth_limited),
                             max_steps=max_steps))


def _mcts_options(algorithm: str, compare: bool, iterations: int | None,
                  exploration: float | None, seed: int | None, rollout: str | None,
                  solver: bool | None) -> dict[str, Any]:
    """MCTS's search options from the command line; one line and exit 2 when given to another
    algorithm or out of their form."""
    given = {"--iterations": iterations, "--exploration": exploration, "--seed": seed,
             "--rollout": rollout, "--solver/--no-solver": solver}
    named = [name for name, value in given.items() if value is not None]
    if named and algorithm != MCTS and not compare:
        fail(_("{option} sets Monte Carlo tree search, and the algorithm is {algorithm}: add "
               "--algorithm mcts, or leave it out").format(option=named[0], algorithm=algorithm))
    if rollout is not None and rollout not in ("random", "eval"):
        fail(_("--rollout {value} is not a kind of playout: give random or eval").format(
            value=f"{rollout!r:.40}"))
    options: dict[str, Any] = {"seed": DEFAULT_MCTS_SEED if seed is None else seed}
    if iterations is not None:
        options["iterations"] = iterations
    if exploration is not None:
        options["exploration"] = exploration
    if rollout is not None:
        options["rollout"] = rollout
    if solver is not None:
        options["mcts_solver"] = solver
    return options


__all__ = ["analyze"]
