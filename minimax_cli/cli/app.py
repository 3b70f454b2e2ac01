"""The `minimax` command: parse options, look up the game and algorithm, call the core, render.

Game parameters are given as options after the game name (`--rows 4`, `--take 1,3,4`) and checked
against the parameters the game declares. Every user error ends here as one red line on stderr and
exit code 2; prompt-toolkit is imported only by `play`.
"""

import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from minimax_cli import __version__, registry
from minimax_cli.cli import help as cli_help
from minimax_cli.cli import options as cli_input
from minimax_cli.cli.analyze import ANALYZE_HELP, analyze
from minimax_cli.cli.arguments import (
    AddressOption,
    BackendOption,
    GameArgument,
    NoAspirationOption,
    NoNullMoveOption,
    NoQuiescenceOption,
    NoReductionsOption,
    NoTableOption,
    OrderingOption,
    PositionArgument,
    TableMbOption,
    algorithm_option,
    depth_option,
    eval_option,
    game_argument,
    jobs_option,
    json_option,
    nodes_option,
    out_option,
    position_argument,
    seed_option,
    time_option,
)
from minimax_cli.cli.base import console as _console
from minimax_cli.cli.base import (
    error_line,
    fail,
    position_limit,
    progress_display,
    user_errors,
)
from minimax_cli.cli.book import BOOK_HELP, book
from minimax_cli.cli.commands import UNSET_FLAGS, GamesCommand, MinimaxCommand, MinimaxGroup
from minimax_cli.cli.game import (
    EXTRA,
    MAX_DELAY,
    MAX_SEED,
    TIME_LIMITS,
    game_and_position,
    get_algorithm,
)
from minimax_cli.cli.help import help_text, usage_message
from minimax_cli.cli.options import check_table_mb, engine_switches, take_language
from minimax_cli.cli.quiz import QUIZ_HELP, quiz
from minimax_cli.cli.streams import output_failures
from minimax_cli.cli.uci import UCI_HELP, uci
from minimax_cli.core.i18n import N_, _, speaking
from minimax_cli.core.params import MAX_DEPTH, MAX_NODES
from minimax_cli.core.result import Limits

if TYPE_CHECKING:
    from minimax_cli.core.game import AnyGame

APP_HELP = N_("Play, analyze and solve games with adversarial search.")

#: The commands, in the order `minimax --help` lists them (the usual path of a new user): each a
#: one-command Typer app, which the group builds into its command when first looked up, so that a
#: run builds only the command it runs (filled at the end of this module).
COMMANDS: dict[str, typer.Typer] = {}


class Minimax(MinimaxGroup):
    """The `minimax` group, with its commands."""

    sources = COMMANDS


# Rich markup is off: the pages are Click's plain ones, written by MinimaxGroup and MinimaxCommand.
app = typer.Typer(
    name="minimax",
    cls=Minimax,
    help=APP_HELP,
    epilog=cli_help.GROUP_EPILOG,
    context_settings={"default_map": UNSET_FLAGS},
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        print(f"minimax-cli {__version__}")
        # Which code proves Connect Four positions (this loads Connect Four, --version only).
        kernel = registry.create("connect4").proof_kernel()
        if kernel is not None:
            print(_("Connect Four's proof search: {kernel}").format(kernel=_(kernel.kernel_name())))
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help=N_("Show the version and exit.")),
) -> None:
    """A bare `minimax`: the overview (the group's description for users: APP_HELP)."""
    if ctx.invoked_subcommand is None:  # a bare `minimax`: the overview
        print(cli_help.overview())


SOLVE_TIME_HELP = help_text(N_("Stop after this many seconds and show what was proven ({least} "
                                "to {most}; games with a proof kernel: Connect Four)."),
                             **TIME_LIMITS)
SOLVE_NODES_HELP = help_text(N_("Stop after N nodes and show what was proven (1 to {most}; games "
                                "with a proof kernel: Connect Four)."), most=MAX_NODES)

SOLVE_HELP = N_(
    "Solve a position exactly: who wins with perfect play, every move's value, how it was found."
    "\n\n"
    "A game with its own exact solver uses it: bones solves heaps bottom-up up to 10,000,000, "
    "stopping early once the outcomes prove a period, and reads larger ones (10**18) off the "
    "proven period; Nim uses Bouton's theorem. Other games: every root move is searched to the end "
    "by the engine with one shared table, e.g. `minimax solve tictactoe`, `minimax solve "
    "tictactoe --rows 4 --cols 4 --k 4`.\n\n"
    "Connect Four is proven by the proof search: the position's score first, then each column's "
    "as it is proven; --time or --nodes (or Ctrl-C) stops it and shows what was proven.\n\n"
    "Game parameters follow the game: `minimax solve bones --n 1000000 --take 1,3,4 --misere`."
)


# --- solve's options, in the order its page lists them ----------------------------------------
Upto = Annotated[int | None, typer.Option("--upto", metavar="N", parser=cli_input.count_parser(0), help=N_(
    "Also tabulate the game's family of positions 0..N (bones: every heap) and state the pattern "
    "(period) found in it."))]
SolveTree = Annotated[bool, typer.Option("--tree", help=N_(
    "Solve by plain minimax and draw the whole game tree with its backed-up values, beside the "
    "node counts of minimax and the engine (up to 5,000 nodes)."))]
SolveJson = Annotated[bool, json_option(N_("Print one JSON object (no progress bar)."))]
Weak = Annotated[bool, typer.Option("--weak", help=N_(
    "Prove only win, draw or loss, faster (games with a proof kernel: Connect Four)."))]
Batch = Annotated[str | None, typer.Option("--batch", metavar=N_("FILE"), help=N_(
    "Prove every `position [score]` line of FILE (- for stdin), printing `position score` as "
    "each is proven, then a summary (Connect Four; Pons' test-set format)."))]
Jobs = Annotated[int | None, jobs_option(N_(
    "Spread a --batch over N processes (1 to 64; default 1)."))]
MaxMoves = Annotated[int | None, typer.Option(
    "--max-moves", metavar="N", parser=cli_input.count_parser(1), help=N_(
        "Chess: look for a mate within N moves (1 to 10; default 4)."))]
SolveTime = Annotated[float | None, time_option(SOLVE_TIME_HELP)]
SolveNodes = Annotated[int | None, nodes_option(SOLVE_NODES_HELP)]
BatchOut = Annotated[str | None, out_option(N_(
    "Keep a --batch's answers in FILE as they are proven (`number position score` lines); the "
    "same command run again proves only the lines FILE does not hold."))]


def solve(
    ctx: typer.Context,
    game_name: GameArgument,
    position: PositionArgument = None,
    upto: Upto = None,
    show_tree: SolveTree = False,
    table_mb: TableMbOption = None,
    as_json: SolveJson = False,
    weak: Weak = False,
    batch: Batch = None,
    jobs: Jobs = None,
    time_s: SolveTime = None,
    nodes: SolveNodes = None,
    out: BatchOut = None,
    backend: BackendOption = None,
    address: AddressOption = None,
    max_moves: MaxMoves = None,
) -> None:
    """`minimax solve` (its description for users: SOLVE_HELP)."""
    # Imported here so other commands do not load the solver.
    from minimax_cli.services import solve as solving
    from minimax_cli.services.solve_mate import check_max_moves

    game, state = game_and_position(ctx, game_name, position)
    table_megabytes = check_table_mb(table_mb)
    if batch is not None and game.test_suite is not None:  # a test suite (chess: EPD)
        from minimax_cli.cli.batch import BatchOptions
        from minimax_cli.cli.suite import run_suite

        run_suite(game, batch, BatchOptions(jobs, out, backend, address), time_s, nodes,
                  table_megabytes, ctx.meta["position_given"] or upto is not None or show_tree
                  or as_json or weak)
    with user_errors():
        if time_s is not None or nodes is not None:  # before --batch, which would run without it
            solving.check_budget(game, upto is not None or show_tree or batch is not None)
        check_max_moves(game, max_moves)
    if weak or batch is not None or (jobs, out, backend, address) != (None,) * 4:
        from minimax_cli.cli.batch import BatchOptions, check_proof_options, run_batch

        options = BatchOptions(jobs, out, backend, address)
        # A position named by the user (not a game parameter's value Typer took for one).
        check_proof_options(game, weak, batch, options, ctx.meta["position_given"]
                            or upto is not None or show_tree or as_json)
        if batch is not None:
            run_batch(game, batch, weak, options, table_megabytes)
    if solving.streamed(game, tree=show_tree, family=upto is not None):
        from minimax_cli.cli.solve_stream import streamed_solve

        streamed_solve(game, state, time_s, nodes, weak=weak, table_mb=table_megabytes,
                       as_json=as_json)
    # `--upto N` alone tabulates the family; the start position is solved only when asked for.
    _solve_and_show(game, state, upto, upto is None or ctx.meta["position_given"] or show_tree,
                    tree=show_tree, weak=weak, table_mb=table_megabytes, as_json=as_json,
                    mate=(max_moves, Limits(time=time_s, nodes=nodes)))


def _solve_and_show(game: "AnyGame", state: Any, upto: int | None, solve_position: bool, *,
                    tree: bool, weak: bool, table_mb: float | None, as_json: bool,
                    mate: tuple[int | None, Limits] = (None, Limits())) -> None:
    """`solve` of a position without a proof kernel, and its family with --upto: solved with a
    progress bar (not with --json), then shown or printed as JSON. `mate`: the mate prover's
    --max-moves and budget (chess)."""
    from minimax_cli.reports.json_form import report_dict
    from minimax_cli.services import series as series_mod
    from minimax_cli.services import solve as solving
    from minimax_cli.views import solve as render_solve

    with user_errors(), progress_display(not as_json,
                                         _("solving {game}").format(game=game.name)) as progress:
        if upto is not None:
            series_mod.check_upto(game, upto)  # before any long work
        solved = (solving.solve(game, state, tree=tree, progress=progress, table_mb=table_mb,
                                weak=weak, max_moves=mate[0], limits=mate[1])
                  if solve_position else None)
        if upto is not None:
            solved = series_mod.solve_series(game, upto, progress, table_mb, solved)
    assert solved is not None  # a position was solved, or --upto was given
    if as_json:
        import json

        print(json.dumps(report_dict(solved), indent=2))
        return
    _console().print(render_solve.solve_view(game, state, solved))


PLAY_LEVEL_HELP = N_(
    "AI strength: 1 weak, 2 easy, 3 medium, 4 strong, 5 perfect (number or name). Every level "
    "thinks within --time seconds a move. Perfect plays a proven best move when it solves the "
    "position in time, else the best move of its deepest completed search, and says which. Below "
    "perfect a game with an evaluation function is searched 1, 2, 3 or 5 plies deep (Connect "
    "Four: 1, 2, 4 or 6; `minimax games GAME` shows them); one without plays a random move 60, "
    "40, 25 or 10 % of the time."
)

PLAY_HELP = N_(
    "Play a game against the AI (default: tic-tac-toe, you are X, the AI is perfect).\n\n"
    "Game parameters follow the game: `minimax play tictactoe --rows 4 --cols 4 --k 4`. A position "
    "to start from follows the game: `minimax play tictactoe x.o/.x./...`, `minimax play tree "
    "@abcd`, `minimax play bones 10`, `minimax play nim 3,4,5`; you play the side to move there."
    "\n\n"
    "Type a move, or hint, undo, why, board, help, quit. Tab completes.\n\n"
    "Scripted: with no terminal on stdin, moves are read one per line, and --seed makes the AI's "
    "choices reproducible: `printf '5\\n1\\n6\\n8\\n7\\n' | minimax play --seed 1`. A bad line is "
    "reported on stderr, the game goes on, and the exit code is 2.\n\n"
    "The AI thinks about one second a move (--time changes it). Ctrl-C while it thinks makes it "
    "play its best move so far (during a hint: gives the prompt back); the game goes on.\n\n"
    "quit and Ctrl-D exit with code 0; Ctrl-C at your prompt (or twice in a row) with 130."
)


# --- play's options, in the order its page lists them -----------------------------------------
PlayGame = Annotated[str, game_argument(N_("A game from `minimax games` (default tictactoe)."))]
PlayPosition = Annotated[str | None, position_argument(help_text(N_(
    "Start from this position, in the game's notation (default: the start), or a file; "
    "{limit}."), limit=position_limit))]
Side = Annotated[str | None, typer.Option("--side", "-s", "--as", metavar=N_("SIDE"), help=N_(
    "The side you play: first or second (x or o in tic-tac-toe); a seat number 1..n in games of "
    "more players. Default: the side to move."))]
PgnOption = Annotated[str | None, typer.Option("--pgn", metavar=N_("FILE"), help=N_(
    "Keep the game's record in FILE (chess: PGN), written again after every move, so that "
    "quitting or Ctrl-C loses nothing."))]
FromPgnOption = Annotated[str | None, typer.Option("--from-pgn", metavar=N_("FILE"), help=N_(
    "Continue the game recorded in FILE (chess: PGN) from its last position."))]
AiFirst = Annotated[bool, typer.Option("--ai-first", help=N_(
    "The AI makes the first move: you play the other side."))]
Level = Annotated[str, typer.Option("--level", "-l", metavar=N_("LEVEL"), help=PLAY_LEVEL_HELP)]
PlayAlgorithm = Annotated[str | None, algorithm_option(N_(
    "The AI's search algorithm (default negamax; expectiminimax in games of chance, maxn with "
    "more than two players)."))]
PlayDepth = Annotated[int | None, depth_option(
    cli_input.count_parser(1, MAX_DEPTH, N_("plies")), help_text(N_(
        "Cut the AI's search this many plies deep (replaces the level's depth; needs an "
        "evaluation; 1 to {most})."), most=MAX_DEPTH))]
PlayTime = Annotated[float | None, time_option(help_text(N_(
    "Seconds the AI may think per move, at every level; hints get the same (default 1; {least} "
    "to {most})."), **TIME_LIMITS))]
PlayEvaluator = Annotated[str | None, eval_option(N_(
    "Evaluation function for depth-limited levels."))]
PlaySeed = Annotated[int | None, seed_option(help_text(N_(
    "Seed the AI's random choice among equally good moves and the dice (0 to {most})."),
    most=MAX_SEED))]
Versus = Annotated[str, typer.Option("--vs", metavar=N_("VS"), help=N_(
    "Your opponent: ai or human."))]
Watch = Annotated[bool, typer.Option("--watch", help=N_("Watch the AI play itself."))]
Delay = Annotated[float, typer.Option(
    "--delay", metavar=N_("SECONDS"), parser=cli_input.seconds_parser(0.0, MAX_DELAY),
    help=help_text(N_("Seconds between moves with --watch (0 to {most})."),
                   most=f"{MAX_DELAY:g}"))]
Review = Annotated[bool, typer.Option("--review/--no-review", help=N_(
    "Review the game with the solver at the end."))]


def play(
    ctx: typer.Context,
    game_name: PlayGame = "tictactoe",
    position: PlayPosition = None,
    side: Side = None,
    ai_first: AiFirst = False,
    level: Level = "perfect",
    algorithm: PlayAlgorithm = None,
    depth: PlayDepth = None,
    time_s: PlayTime = None,
    evaluator: PlayEvaluator = None,
    seed: PlaySeed = None,
    vs: Versus = "ai",
    watch: Watch = False,
    delay: Delay = 0.8,
    review: Review = True,
    no_quiescence: NoQuiescenceOption = False,
    ordering: OrderingOption = None,
    no_table: NoTableOption = False,
    no_null_move: NoNullMoveOption = False,
    no_reductions: NoReductionsOption = False,
    no_aspiration: NoAspirationOption = False,
    pgn: PgnOption = None,
    from_pgn: FromPgnOption = None,
) -> None:
    """`minimax play` (its description for users: PLAY_HELP)."""
    if game_name.startswith("--"):  # `minimax play --rows 4`: parameters of the default game
        ctx.args[:0] = [game_name] + ([] if position is None else [position])
        game_name, position = "tictactoe", None
    if "-" in [position, *ctx.args]:  # stdin carries the moves
        fail(_("play reads your moves from stdin, so the position cannot come from there: give "
               "it as text or as a file"))
    game, start = game_and_position(ctx, game_name, position)
    start = start if from_pgn is None else _read_record(game, from_pgn, position)
    from minimax_cli.play import session as interactive  # prompt-toolkit loads only for `play`

    with user_errors():
        if algorithm is not None:
            get_algorithm(algorithm)  # an unknown name is a user error here, not mid-game
        from minimax_cli.answer.precedence import algorithm_for

        engine = engine_switches(algorithm_for(game, algorithm), ctx.params)
        try:
            config = interactive.make_config(
                game, side=side, ai_first=ai_first, vs=vs, watch=watch, level=level,
                algorithm=algorithm, depth=depth, budget=time_s, evaluator=evaluator, seed=seed,
                delay=delay, review=review, start=start, engine=engine, record=pgn)
        except interactive.ConfigError as error:
            fail(str(error))
        code = interactive.play_session(game, config, console=_console())
    if code:
        raise typer.Exit(code)


def _read_record(game: Any, path: str, position: str | None) -> Any:
    """The position at the end of the game record (a PGN) in the file `path`; one line and exit
    2 when it cannot be read, is broken, or a position is given too."""
    if position is not None:
        fail(_("--from-pgn gives the position to continue from; leave out {position}").format(
            position=repr(position[:40])))
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        fail(_("{file} cannot be read: {error}").format(
            file=path, error=getattr(error, "strerror", None) or error))
    with user_errors():
        return game.read_game_record(text)


GAMES_HELP = N_("The games: each one's description and parameters; one game in full with "
                "examples.")


def games(ctx: typer.Context) -> None:
    """`minimax games [GAME]`."""
    from minimax_cli.views import games as render_games

    if len(ctx.args) > 1:
        fail(_("unexpected argument '{word}': give one game, e.g. `{example}`").format(
            word=ctx.args[1], example=f"minimax games {ctx.args[0]}"))
    with user_errors():
        if ctx.args:
            name = ctx.args[0]
            width = min(shutil.get_terminal_size().columns, render_games.MAX_WIDTH)
            _console().print(render_games.game_view(name, registry.load(name), width),
                             soft_wrap=True)
            return
        classes = registry.load_all()
    print(render_games.games_overview(
        classes, min(shutil.get_terminal_size().columns, render_games.MAX_WIDTH)))


def _command(function: Callable[..., None], cls: type[MinimaxCommand],
             context_settings: dict[str, Any] | None, help: str) -> None:
    """Declare `function` as the command of its name, built as the group's are (no completion
    options of its own, plain pages)."""
    single = typer.Typer(add_completion=False, rich_markup_mode=None)
    single.command(cls=cls, context_settings=context_settings, help=help)(function)
    COMMANDS[function.__name__] = single


_command(play, MinimaxCommand, EXTRA, PLAY_HELP)
_command(analyze, MinimaxCommand, EXTRA, ANALYZE_HELP)
_command(solve, MinimaxCommand, EXTRA, SOLVE_HELP)
_command(games, GamesCommand, {"allow_extra_args": True}, GAMES_HELP)
_command(quiz, MinimaxCommand, None, QUIZ_HELP)
_command(book, MinimaxCommand, EXTRA, BOOK_HELP)
_command(uci, MinimaxCommand, None, UCI_HELP)


def main() -> None:
    """Console-script entry: usage errors become one line and exit code 2, Ctrl-C a short note."""
    # The command speaks its language from its own context; this scope is for what main itself
    # says after the command's context has closed (a usage error, Ctrl-C).
    with speaking(take_language(sys.argv[1:], quiet=True)[1]), output_failures():
        _run()


def _run() -> None:
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as error:  # usage errors: exit code 2
        context = getattr(error, "ctx", None)
        command = context.command_path if context is not None else "minimax"
        from rich.console import Console

        Console(stderr=True, highlight=False).print(
            error_line(_("{message} (see `{command} --help`)").format(
                message=usage_message(error.format_message()), command=command)), soft_wrap=True)
        sys.exit(error.exit_code)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        print("\n" + _("interrupted"), file=sys.stderr)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


__all__ = ["app", "main"]
