"""The `minimax` command: parse options, look up the game and algorithm, call the core, render.

Game parameters are given as options after the game name (`--rows 4`, `--take 1,3,4`) and checked
against the parameters the game declares. Every user error ends here as one red line on stderr and
exit code 2; prompt-toolkit is imported only by `play`.
"""

import shutil
import sys
from collections.abc import Callable
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
    PositionArgument,
    TableMbOption,
    jobs_option,
    json_option,
    nodes_option,
    out_option,
    time_option,
)
from minimax_cli.cli.base import console as _console
from minimax_cli.cli.base import (
    error_line,
    fail,
    progress_display,
    user_errors,
)
from minimax_cli.cli.book import BOOK_HELP, book
from minimax_cli.cli.commands import UNSET_FLAGS, GamesCommand, MinimaxCommand, MinimaxGroup
from minimax_cli.cli.game import (
    EXTRA,
    TIME_LIMITS,
    game_and_position,
)
from minimax_cli.cli.help import help_text, usage_message
from minimax_cli.cli.options import check_table_mb, take_language
from minimax_cli.cli.play import PLAY_HELP, play
from minimax_cli.cli.quiz import QUIZ_HELP, quiz
from minimax_cli.cli.size import SIZE_HELP, size
from minimax_cli.cli.streams import output_failures
from minimax_cli.cli.uci import UCI_HELP, uci
from minimax_cli.core.i18n import N_, _, speaking
from minimax_cli.core.params import MAX_NODES
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
_command(size, MinimaxCommand, EXTRA, SIZE_HELP)


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
