"""`minimax analyze`: search a position and show every move's value, or several algorithms side by
side; Monte Carlo tree search's own options (iterations, exploration, seed, playouts) live here.

The command parses its options, builds the request, asks the service (services/analyze.py) and
hands the analysis to the views, or its JSON form to stdout; `--step` to the step player, `--quiz`
to the quiz (cli/quiz.py), `--save` to the figures (cli/save.py)."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from minimax_cli.cli import options as cli_input
from minimax_cli.cli import save as cli_save
from minimax_cli.cli.arguments import (
    AlgorithmOption,
    GameArgument,
    NoAspirationOption,
    NoNullMoveOption,
    NoQuiescenceOption,
    NoReductionsOption,
    NoTableOption,
    OrderingOption,
    PositionArgument,
    TableMbOption,
    depth_option,
    eval_option,
    json_option,
    nodes_option,
    seed_option,
    time_option,
)
from minimax_cli.cli.base import console, fail, user_errors
from minimax_cli.cli.game import (
    DEPTH_PARSER,
    EVAL_HELP,
    MAX_SEED,
    TIME_LIMITS,
    game_and_position,
    get_algorithm,
)
from minimax_cli.cli.help import help_text
from minimax_cli.cli.options import check_table_mb, engine_switches, make_limits
from minimax_cli.cli.terms import TermsOption, terms_in_analyze
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.params import MAX_DEPTH, MAX_NODES
from minimax_cli.core.result import MAX_MULTIPV
from minimax_cli.services import analyze as analyzing
from minimax_cli.services.analyze import DEFAULT_MCTS_SEED
from minimax_cli.services.limits import COMPARE_SECONDS
from minimax_cli.views.limits import DEFAULT_STEPS, MAX_STEPS, MAX_TREE_DEPTH

if TYPE_CHECKING:
    from rich.console import Console

    from minimax_cli.core.game import AnyGame
    from minimax_cli.services.compare import Progress

#: The exploration constant's range: 0 (pure exploitation) to far more exploration than is useful.
MAX_EXPLORATION = 100.0

#: `minimax analyze --help`'s description (given to Typer as `help=`, translated when drawn).
ANALYZE_HELP = N_(
    "Value of every legal move, the best move, the principal variation and node counts.\n\n"
    "Game parameters follow the game or the position, e.g. `minimax analyze tictactoe --rows 4 "
    "--cols 4 --k 4`. Counts (--depth, --nodes) may be written 1000000, 1_000_000, 10**6 or 1e6."
)

# --- analyze's options, in the order its page lists them --------------------------------------
Depth = Annotated[int | None, depth_option(DEPTH_PARSER, help_text(N_(
    "Cut the search this many plies below the root (0 to {most})."), most=MAX_DEPTH))]
Time = Annotated[float | None, time_option(help_text(N_(
    "Time budget in seconds, iterative deepening ({least} to {most})."), **TIME_LIMITS))]
Nodes = Annotated[int | None, nodes_option(help_text(N_(
    "Node budget: search at most N nodes (1 to {most})."), most=MAX_NODES))]
Evaluator = Annotated[str | None, eval_option(EVAL_HELP)]
MultiPv = Annotated[int | None, typer.Option(
    "--multipv", metavar="K", parser=cli_input.count_parser(1, MAX_MULTIPV),
    help=help_text(N_("pvs (the chess engine): the K best moves get exact scores and their own "
                      "lines, the others stay bounds (default 1: the best move alone; 1 to "
                      "{most}, at most the legal moves)."), most=MAX_MULTIPV))]
Tree = Annotated[bool, typer.Option("--tree", help=N_("Draw the search tree."))]
Compare = Annotated[bool, typer.Option("--compare", help=help_text(N_(
    "Run every algorithm that computes the game's value side by side (minimax, alphabeta, "
    "alphabeta-ordered, negamax; or those for chance or more players), MCTS last as an "
    "estimate; each gets at most {seconds} s unless --time or --nodes is given."),
    seconds=f"{COMPARE_SECONDS:g}"))]
Iterations = Annotated[int | None, typer.Option(
    "--iterations", metavar="N", parser=cli_input.count_parser(1, MAX_NODES),
    help=help_text(N_("mcts: simulations to run (default {default} when no --time or --nodes is "
                      "given; 1 to {most})."), default=10_000, most=MAX_NODES))]
Exploration = Annotated[float | None, typer.Option(
    "--exploration", metavar="C",
    parser=cli_input.decimal_parser(0.0, MAX_EXPLORATION, N_("an exploration constant"), "1.4"),
    help=help_text(N_("mcts: the UCT exploration constant c (default 1.4; 0 to {most})."),
                   most=f"{MAX_EXPLORATION:g}"))]
Seed = Annotated[int | None, seed_option(help_text(N_(
    "mcts: seed of the random playouts (default {default}; 0 to {most}): the same seed and "
    "budget give the same answer."), default=DEFAULT_MCTS_SEED, most=MAX_SEED))]
Rollout = Annotated[str | None, typer.Option("--rollout", metavar=N_("KIND"), help=N_(
    "mcts: playouts random (the default) or eval (guided by the game's evaluation function)."))]
Solver = Annotated[bool, typer.Option("--solver/--no-solver", help=N_(
    "mcts: back up proven wins and losses (MCTS-Solver; on by default)."))]
Trace = Annotated[bool, typer.Option("--trace", help=N_(
    "Show the search step by step, as the course narrates it: each node entered with its alpha "
    "and beta, each leaf and what it teaches the nodes above, each cut and what it prunes; "
    "with --json, the steps as a list of events."))]
MaxSteps = Annotated[int, typer.Option(
    "--max-steps", metavar="N", parser=cli_input.count_parser(1, MAX_STEPS),
    help=help_text(N_("--trace and --step show at most N steps (default {default}; 1 to "
                      "{most})."), default=DEFAULT_STEPS, most=MAX_STEPS))]
TreeDepth = Annotated[int | None, typer.Option(
    "--tree-depth", metavar="N", parser=cli_input.count_parser(0, MAX_TREE_DEPTH),
    help=help_text(N_("--tree, and a .tex or .dot figure of --save, draw N levels below the root "
                      "at most (0 to {most}); the search is not cut."), most=MAX_TREE_DEPTH))]
Boards = Annotated[bool, typer.Option("--boards", help=N_(
    "--tree draws the small board at each node (games played on a grid)."))]
Step = Annotated[bool, typer.Option("--step", help=N_(
    "Walk through the search step by step, full-screen: the tree with what each step has "
    "taught of every node, the step in words below; → or space the next step, ← the "
    "previous, Home the first, End the last, q to quit. Needs a terminal (--trace prints "
    "the steps as text)."))]
Json = Annotated[bool, json_option(N_("Print one JSON object."))]
Quiz = Annotated[bool, typer.Option("--quiz", help=N_(
    "An exercise on an explicit tree: the tree with its leaves numbered and the values "
    "hidden; you give the root's value and the leaves alpha-beta never evaluates, then see "
    "what was right and the worked steps. Answers are read from stdin when it is not a "
    "terminal, one a line."))]
Horizon = Annotated[str | None, typer.Option("--horizon", metavar=N_("FIRST-LAST"), help=N_(
    "The horizon effect on chess: for each depth of the range (e.g. 1-4, at most 6), the value "
    "of one move (a capture) and the best value, without and with quiescence search, with the "
    "material evaluation, and what happened in words."))]
QuiescenceOption = Annotated[bool, typer.Option("--quiescence", help=N_(
    "minimax and alphabeta: past the depth limit, go on with captures and promotions until the "
    "position is quiet (quiescence search; off by default, as the course gives them)."))]
FocusMove = Annotated[str | None, typer.Option("--move", help=N_(
    "With --horizon: the move to follow (default: the capture whose value changes most when "
    "quiescence follows it)."))]


def analyze(
    ctx: typer.Context,
    game_name: GameArgument,
    position: PositionArgument = None,
    algorithm: AlgorithmOption = None,
    depth: Depth = None,
    time_s: Time = None,
    nodes: Nodes = None,
    evaluator: Evaluator = None,
    table_mb: TableMbOption = None,
    show_tree: Tree = False,
    compare: Compare = False,
    iterations: Iterations = None,
    exploration: Exploration = None,
    seed: Seed = None,
    rollout: Rollout = None,
    solver: Solver = True,
    no_quiescence: NoQuiescenceOption = False,
    quiescence: QuiescenceOption = False,
    ordering: OrderingOption = None,
    no_table: NoTableOption = False,
    no_null_move: NoNullMoveOption = False,
    no_reductions: NoReductionsOption = False,
    no_aspiration: NoAspirationOption = False,
    multipv: MultiPv = None,
    trace: Trace = False,
    max_steps: MaxSteps = DEFAULT_STEPS,
    tree_depth: TreeDepth = None,
    show_boards: Boards = False,
    step: Step = False,
    as_json: Json = False,
    quiz: Quiz = False,
    horizon: Horizon = None,
    focus_move: FocusMove = None,
    save: cli_save.SaveOption = None,
    terms: TermsOption = False,
) -> None:
    """`minimax analyze` (its description for users: ANALYZE_HELP)."""
    _check_step(step, quiz=quiz, as_json=as_json, compare=compare, trace=trace, tree=show_tree)
    if quiz or terms or horizon is not None:  # an exercise, a table: not an analysis
        return _apart(ctx)
    figures = _figures(algorithm, compare, save, as_json)
    game, state = game_and_position(ctx, game_name, position)
    algorithm = algorithm or analyzing.default_algorithm(game)
    _check_steppable(step, algorithm)
    request, default_time = _request(ctx, game, state, algorithm, figures)
    out = None if as_json else console(record=bool(cli_save.terminal_figures(figures)))
    _note_default_time(out, game.name, default_time)
    _check_drawing(show_tree, tree_depth, show_boards, figures)
    with user_errors(), _comparing(compare, as_json) as progress:
        analysis = analyzing.analyze(request, progress)
    if step:
        return _step_through(analysis, max_steps)
    drawn = _draw_trees(analysis, figures, tree_depth)  # refused before anything is shown
    if out is None:  # Rich loads only to draw: a --json answer never needs it
        _print_json(analysis, max_steps if trace else None)
    else:
        _show(out, analysis, figures, trace=trace, max_steps=max_steps, tree=show_tree,
              tree_depth=tree_depth, boards=show_boards)
    cli_save.write_all(drawn)


def _apart(ctx: typer.Context) -> None:
    """--quiz (cli/quiz.py), --horizon (cli/horizon.py) or --terms (cli/terms.py), each
    refusing the options of analyze it does not take (read from `ctx.params`)."""
    given = ctx.params
    game_name, position, save = given["game_name"], given["position"], given["save"]
    as_json, horizon = given["as_json"], given["horizon"]
    if given["quiz"]:
        from minimax_cli.cli.quiz import quiz_in_analyze

        return quiz_in_analyze(ctx, game_name, position, save)
    if horizon is not None:
        from minimax_cli.cli.horizon import horizon_in_analyze

        return horizon_in_analyze(ctx, game_name, position, horizon, given["focus_move"],
                                  as_json, save)
    return terms_in_analyze(ctx, game_name, position, given["evaluator"], as_json, save)


def _request(ctx: typer.Context, game: "AnyGame", state: Any, algorithm: str,
             figures: list[cli_save.Figure]) -> tuple[analyzing.AnalysisRequest, float | None]:
    """The analysis asked for by the command line's options (`ctx.params`), and the default time
    it is given (None: a limit was given): one line and exit 2 for an option the algorithm does
    not take (MCTS's, the chess engine's switches)."""
    given = ctx.params
    depth, time_s, nodes, iterations = (given["depth"], given["time_s"], given["nodes"],
                                        given["iterations"])
    compare, trace, step = given["compare"], given["trace"], given["step"]
    mcts = _mcts_options(algorithm, compare, iterations, given["exploration"], given["seed"],
                         given["rollout"], given["solver"] if _given(ctx, "solver") else None)
    if given["focus_move"] is not None:
        fail(_("--move names the move that --horizon follows: add --horizon FIRST-LAST"))
    engine = {**engine_switches(algorithm, given), **_multipv(algorithm, given["multipv"])}
    default_time = analyzing.default_seconds(
        game, algorithm, limited=(depth, time_s, nodes, iterations) != (None,) * 4)
    limits = make_limits(depth, default_time if time_s is None else time_s, nodes)
    shown = given["show_tree"] or trace or step
    request = analyzing.AnalysisRequest(
        game, state, algorithm, limits, user_budget=time_s is not None or nodes is not None,
        evaluator=given["evaluator"], table_mb=check_table_mb(given["table_mb"]),
        compare=compare, mcts=mcts, engine=engine,
        **_recording(figures, shown=shown, steps=given["max_steps"] if trace or step else None,
                     tree_depth=given["tree_depth"]))
    return request, default_time


def _multipv(algorithm: str, lines: int | None) -> dict[str, int]:
    """--multipv for the engine's search options; one line and exit 2 for another algorithm."""
    if lines is None:
        return {}
    from minimax_cli.core.search import PVS  # a name: the search itself loads when it runs

    if algorithm != PVS:
        fail(_("--multipv gives the best moves of the chess engine (pvs) exact scores and "
               "lines, and the algorithm is {algorithm}: add --algorithm pvs, or leave it "
               "out").format(algorithm=algorithm))
    return {"multipv": lines}


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether the option `name` was given on the command line (not left at its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def _figures(algorithm: str | None, compare: bool, save: list[str] | None,
             as_json: bool) -> list[cli_save.Figure]:
    """The algorithm named and the figures asked for, checked before the position is read: one
    line and exit 2 for an unknown algorithm, one given with --compare, a file that cannot be
    written, or a terminal's view with --json."""
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
    return figures


def _recording(figures: list[cli_save.Figure], *, shown: bool, steps: int | None,
               tree_depth: int | None) -> dict[str, Any]:
    """What the search records: its tree for --tree, --trace, --step (`shown`) or a figure;
    the steps shown; and, for a figure drawn alone, only its levels (every node of them, then,
    where the first nodes of a large search would reach a few of the root's moves)."""
    return {"record": shown or bool(cli_save.tree_figures(figures)), "steps": steps,
            "record_depth": None if shown else tree_depth}


def _note_default_time(out: "Console | None", game: str, seconds: float | None) -> None:
    """On the terminal, a dim line saying that the game is searched for its own time by default."""
    if seconds is None or out is None:
        return
    from rich.text import Text

    out.print(Text(_("{game} is searched for {seconds} s by default: give --time, --depth or "
                     "--nodes for another limit, or --algorithm proof for exact scores").format(
                         game=game, seconds=f"{seconds:g}"), style="dim"))


def _check_drawing(tree: bool, tree_depth: int | None, boards: bool,
                   figures: list[cli_save.Figure]) -> None:
    """--tree-depth (but for a figure of the tree) and --boards need --tree."""
    if ((tree_depth is not None and not cli_save.tree_figures(figures)) or boards) and not tree:
        fail(_("--tree-depth and --boards say how --tree draws the search: add --tree"))


@contextmanager
def _comparing(compare: bool, as_json: bool) -> "Iterator[Progress | None]":
    """With --compare, the status line on stderr that names the search under way (none with
    --json, or off a terminal); Rich loads only for it."""
    if not compare:
        yield None
        return
    from minimax_cli.cli.compare import progress_line

    with progress_line(not as_json) as progress:
        yield progress


def _print_json(analysis: analyzing.Analysis, trace_steps: int | None) -> None:
    import json

    print(json.dumps(analyzing.json_answer(analysis, trace_steps), indent=2))


def _show(out: "Console", analysis: analyzing.Analysis, figures: list[cli_save.Figure], *,
          trace: bool, max_steps: int, tree: bool, tree_depth: int | None, boards: bool) -> None:
    """The analysis on the terminal: the steps, the tree and the moves of the search shown, then
    with --compare the table of every algorithm; what it showed saved as SVG or HTML."""
    from minimax_cli.views import analysis as analysis_view
    from minimax_cli.views import compare as render_compare

    request = analysis.request
    for part in analysis_view.views(request.game, request.state, analysis.shown, trace=trace,
                                    max_steps=max_steps, tree=tree, tree_depth=tree_depth,
                                    boards=boards, depth_limited=request.depth_limited):
        out.print(part)
    if analysis.comparison is not None:
        out.print(render_compare.comparison_view(analysis.comparison))
    cli_save.save_terminal(out, figures)


def _draw_trees(analysis: analyzing.Analysis, figures: list[cli_save.Figure],
                tree_depth: int | None) -> list[tuple[str, str]]:
    """The .tex and .dot figures' files and texts, and the boards' (.board.svg, .board.tex), drawn
    before the terminal shows anything, so that a figure refused (too large, incomplete) is one
    line and nothing else."""
    request, result = analysis.request, analysis.shown
    boards = cli_save.draw_boards(request.game, request.state, result, figures)
    if not cli_save.tree_figures(figures):
        return boards  # no tree to draw: the views (and Rich) stay unloaded, as --json wants
    from minimax_cli.reports.trace_words import engine_units

    return boards + cli_save.draw_trees(request.game, request.state, result, figures,
                               engine=engine_units(request.game, result, request.depth_limited),
                               depth=tree_depth)


def terminal_present() -> bool:
    """Whether the command reads keys from a terminal and draws on one (stdin and stdout)."""
    import sys

    return sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()


def _check_step(step: bool, *, quiz: bool, as_json: bool, compare: bool, trace: bool,
                tree: bool) -> None:
    """--step is a full-screen view of one search: one line and exit 2 with an option that
    shows something else, or without a terminal."""
    if not step:
        return
    given = {"--quiz": quiz, "--json": as_json, "--compare": compare, "--trace": trace,
             "--tree": tree}
    other = next((name for name, on in given.items() if on), None)
    if other is not None:
        fail(_("--step shows one search full-screen, step by step: leave out {option}").format(
            option=other))
    if not terminal_present():
        fail(_("--step needs a terminal (stdin and stdout): --trace prints the same steps as "
               "text"))


def _check_steppable(step: bool, algorithm: str) -> None:
    """--step with an algorithm that records no tree: one line and exit 2 before the search (the
    proof search may run for long), as after it (`_step_through`, for one that did not say)."""
    if step and not get_algorithm(algorithm).records_tree:
        fail(_no_tree(algorithm))


def _no_tree(algorithm: str) -> str:
    return _("{algorithm} records no search tree to step through: --trace shows what it "
             "records").format(algorithm=algorithm)


def _step_through(analysis: analyzing.Analysis, max_steps: int) -> None:
    """The step player on the terminal, for a search that recorded its tree; after Ctrl-C, exit
    130 as an interrupted command."""
    request, result = analysis.request, analysis.shown
    if result.trace is None:
        fail(_no_tree(result.algorithm))
    import sys

    from minimax_cli.play.stepper import step_through
    from minimax_cli.reports.trace_words import engine_units
    from minimax_cli.views.step import Walkthrough

    engine = engine_units(request.game, result, request.depth_limited)
    code = step_through(Walkthrough(request.game, request.state, result, engine=engine,
                                    max_steps=max_steps))
    if code:  # Ctrl-C: said as every command says it
        print(_("interrupted"), file=sys.stderr)
        raise typer.Exit(code)


def _mcts_options(algorithm: str, compare: bool, iterations: int | None,
                  exploration: float | None, seed: int | None, rollout: str | None,
                  solver: bool | None) -> dict[str, Any]:
    """MCTS's search options from the command line; one line and exit 2 when given to another
    algorithm or out of their form."""
    given = {"--iterations": iterations, "--exploration": exploration, "--seed": seed,
             "--rollout": rollout, "--solver/--no-solver": solver}
    named = [name for name, value in given.items() if value is not None]
    from minimax_cli.core.search import MCTS  # a lookup: the service runs the search

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
