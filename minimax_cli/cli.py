"""The `minimax` command: parse options, look up the game and algorithm, call the core, render.

Game parameters are given as options after the game name (`--rows 4`, `--take 1,3,4`) and checked
against the parameters the game declares. Every user error ends here as one red line on stderr and
exit code 2; prompt-toolkit is imported only by `play`.
"""

from __future__ import annotations

import json
import shutil
import sys
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.text import Text

from minimax_cli import __version__, cli_help, cli_input, registry
from minimax_cli.cli_base import (
    POSITION_LIMIT_WORDS,
    GamesCommand,
    MinimaxGroup,
    MinimaxTyper,
    error_line,
    fail,
    progress_display,
    read_position,
    user_errors,
)
from minimax_cli.cli_base import console as _console
from minimax_cli.cli_input import check_table_mb, make_limits
from minimax_cli.core.params import MAX_DEPTH, MAX_NODES, MAX_TIME
from minimax_cli.core.table import DEFAULT_MB, MAX_MB, MIN_MB

if TYPE_CHECKING:
    from minimax_cli.core.game import Game
    from minimax_cli.core.search import Algorithm

    AnyGame = Game[Any, Any]

EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}


app = MinimaxTyper(
    name="minimax",
    cls=MinimaxGroup,
    help="Play, analyze and solve two-player games with adversarial search.",
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        print(f"minimax-cli {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """Play, analyze and solve two-player games with adversarial search."""
    if ctx.invoked_subcommand is None:  # a bare `minimax`: the overview
        print(cli_help.overview())


def game_params(name: str, args: list[str]) -> dict[str, str]:
    """`--rows 4 --k=3 --misere` -> {"rows": "4", "k": "3", "misere": "true"}, checked by name."""
    cls = registry.load(name)
    declared = {p.name: p for p in cls.parameters}
    accepted = ", ".join(f"--{n}" for n in declared) or "none"
    params: dict[str, str] = {}
    given: dict[str, str] = {}  # as the user wrote them, for a complaint
    i = 0
    while i < len(args):
        word = args[i]
        if not word.startswith("--"):
            fail(f"unexpected argument '{word}'; {name} parameters: {accepted}")
        key, eq, value = word[2:].partition("=")
        if key not in declared:
            fail(f"no such option '--{key}' for {name}; its parameters: {accepted}")
        written = word
        if not eq:
            is_flag = isinstance(declared[key].default, bool)
            if is_flag and (i + 1 >= len(args) or args[i + 1].startswith("--")):
                value = "true"
            elif i + 1 < len(args):
                i += 1
                value = args[i]
                written = f"{word} {value}"
            else:
                fail(f"--{key} needs a value: {declared[key].help}")
        if key in params and params[key] != value:
            fail(f"{given[key]} and {written} were both given: give --{key} once, with the value "
                 "you mean")
        params[key] = value
        given[key] = written
        i += 1
    return params


def make_game(ctx: typer.Context, name: str) -> AnyGame:
    with user_errors():
        return registry.create(name, game_params(name, list(ctx.args)))


def get_algorithm(name: str) -> Algorithm:
    """The algorithm named `name` (SearchError naming the known ones); loads the search core."""
    from minimax_cli.core.search import get_algorithm as lookup

    return lookup(name)


GAME_HELP = "A game from `minimax games`."
POSITION_HELP = ("Position in the game's notation (default: the start); `-` reads stdin, or a "
                 f"file; {POSITION_LIMIT_WORDS}.")
ALGORITHM_HELP = "The search algorithm: one of the Algorithms below (the default is marked)."
EVAL_HELP = "The evaluation function at a depth cut, by name (default: the game's first)."
TABLE_MB_HELP = (f"Memory in megabytes for the engine's transposition table and for a game's own "
                 f"solver's tables (bones' table and period proof) (default {DEFAULT_MB:g}; "
                 f"{MIN_MB} to {MAX_MB:,.0f}).")
#: The least and most seconds a search may be given, and the longest pause between watched moves.
MIN_TIME = 0.001
MAX_DELAY = 60.0
#: The seeds `play --seed` takes: those of a 32-bit generator, enough to tell runs apart.
MAX_SEED = 2**32 - 1
TIME_LIMITS = f"{MIN_TIME:g} to {MAX_TIME:,.0f}"
DEPTH_PARSER = cli_input.count_parser(0, MAX_DEPTH, " plies")
NODES_PARSER = cli_input.count_parser(1, MAX_NODES)
TIME_PARSER = cli_input.seconds_parser(MIN_TIME, MAX_TIME)


@app.command(cls=GamesCommand, context_settings={"allow_extra_args": True})
def games(ctx: typer.Context) -> None:
    """The games: each one's description and parameters; one game in full with examples."""
    from minimax_cli import render_games

    if len(ctx.args) > 1:
        fail(f"unexpected argument '{ctx.args[1]}': give one game, e.g. `minimax games "
             f"{ctx.args[0]}`")
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


@app.command(context_settings=EXTRA)
def analyze(
    ctx: typer.Context,
    game_name: str = typer.Argument(..., metavar="GAME", help=GAME_HELP,
                                    autocompletion=cli_input.complete_game),
    position: str | None = typer.Argument(None, help=POSITION_HELP),
    algorithm: str | None = typer.Option(None, "--algorithm", "-a", metavar="NAME",
                                         help=ALGORITHM_HELP,
                                         autocompletion=cli_input.complete_algorithm),
    depth: int | None = typer.Option(None, "--depth", "-d", metavar="PLIES", parser=DEPTH_PARSER,
                                     help="Cut the search this many plies below the root "
                                     f"(0 to {MAX_DEPTH:,})."),
    time_s: float | None = typer.Option(None, "--time", "-t", metavar="SECONDS", parser=TIME_PARSER,
                                        help="Time budget in seconds, iterative deepening "
                                        f"({TIME_LIMITS})."),
    nodes: int | None = typer.Option(None, "--nodes", metavar="N", parser=NODES_PARSER,
                                     help="Node budget: search at most N nodes "
                                     f"(1 to {MAX_NODES:,})."),
    evaluator: str | None = typer.Option(None, "--eval", metavar="NAME", help=EVAL_HELP,
                                         autocompletion=cli_input.complete_evaluator),
    table_mb: float | None = typer.Option(None, "--table-mb", metavar="MB", help=TABLE_MB_HELP),
    show_tree: bool = typer.Option(False, "--tree", help="Draw the search tree."),
    compare: bool = typer.Option(False, "--compare", help="Run every algorithm that computes the "
                                 "minimax value of this game side by side (minimax, alphabeta, "
                                 "negamax)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Value of every legal move, the best move, the principal variation and node counts.

    Game parameters follow the game or the position, e.g. `minimax analyze tictactoe --rows 4
    --cols 4 --k 4`. Counts (--depth, --nodes) may be written 1000000, 1_000_000, 10**6 or 1e6.
    """
    from minimax_cli import render
    from minimax_cli.core.search import compared_algorithms, default_algorithm, search

    if algorithm is not None:
        with user_errors():
            get_algorithm(algorithm)  # an unknown name is named as such, also with --compare
    if compare and algorithm is not None:
        fail(f"--compare runs every algorithm that computes the minimax value, and --algorithm "
             f"{algorithm} names one: give one of them")
    game, state = game_and_position(ctx, game_name, position)
    algorithm = algorithm or default_algorithm(game)
    default_time = None
    if depth is None and time_s is None and nodes is None and algorithm != "proof":
        default_time = game.analysis_seconds  # too large to search to the end by default
    limits = make_limits(depth, default_time if time_s is None else time_s, nodes)
    table_megabytes = check_table_mb(table_mb)
    if default_time is not None and not as_json:
        _console().print(Text(f"{game.name} is searched for {default_time:g} s by default: give "
                              "--time, --depth or --nodes for another limit, or --algorithm "
                              "proof for exact scores", style="dim"))
    with user_errors():
        names = compared_algorithms(game) if compare else [algorithm]
        results = [search(game, state, name, limits, evaluator=evaluator, trace=show_tree,
                          table_mb=table_megabytes)
                   for name in names]
    if as_json:
        payload: Any = [render.result_dict(game, state, r) for r in results]
        print(json.dumps(payload if compare else payload[0], indent=2))
        return
    console = _console()
    for result in results if not compare else results[-1:]:
        if show_tree and result.trace is not None:
            console.print(render.search_tree(game, state, result.trace, result.trace_truncated))
        console.print(render.analysis(game, state, result))
    if compare:
        console.print(render.comparison_table(results))


def game_and_position(ctx: typer.Context, name: str, position: str | None) -> tuple[AnyGame, Any]:
    """The game with its parameters, and the state named by the position, in any word order.

    Click hands the first word it does not know, `--n` in `solve bones --n 10`, to the optional
    POSITION argument, and the rest to `ctx.args`. The words are put back in their order here, game
    parameters (`--name value`, `--name=value`, a bare `--flag`) are told from the one position
    word, and both are checked as `make_game` and `read_position` do.
    """
    words = ([] if position is None else [position]) + list(ctx.args)
    with user_errors():
        declared = registry.load(name).parameters
    flags = {p.name for p in declared if isinstance(p.default, bool)}
    starts = {p.name for p in declared if p.sets_start}
    options: list[str] = []
    bare: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if not (word.startswith("--") and len(word) > 2):
            bare.append(word)
        else:
            options.append(word)
            key, eq, _ = word[2:].partition("=")
            has_next = i + 1 < len(words)
            flag_alone = key in flags and (not has_next or words[i + 1].startswith("--"))
            if not eq and not flag_alone and has_next:
                i += 1
                options.append(words[i])
        i += 1
    if len(bare) > 1:
        fail(f"unexpected argument '{bare[1]}': give one position, then the game's parameters "
             "as --name value")
    with user_errors():
        params = game_params(name, options)
        game = registry.create(name, params)
    start = next((key for key in params if key in starts), None)
    if bare and start is not None:
        command = ctx.command.name
        fail(f"both a position ({bare[0]}) and --{start} {params[start]} were given, but --{start} "
             f"only sets the start position, which the position replaces: give one, e.g. "
             f"`minimax {command} {name} {bare[0]}` or `minimax {command} {name} --{start} "
             f"{params[start]}`")
    # Whether the user named a position (or set the start), for commands that need not solve it.
    ctx.meta["position_given"] = bool(bare) or start is not None
    return read_position(game, bare[0] if bare else None)


@app.command(context_settings=EXTRA)
def solve(
    ctx: typer.Context,
    game_name: str = typer.Argument(..., metavar="GAME", help=GAME_HELP,
                                    autocompletion=cli_input.complete_game),
    position: str | None = typer.Argument(None, help=POSITION_HELP),
    upto: int | None = typer.Option(None, "--upto", metavar="N", parser=cli_input.count_parser(0),
                                    help="Also tabulate the game's family of positions 0..N (bones: "
                                    "every heap) and state the pattern (period) found in it."),
    show_tree: bool = typer.Option(False, "--tree", help="Solve by plain minimax and draw the "
                                   "whole game tree with its backed-up values, beside the node "
                                   "counts of minimax and the engine (up to 5,000 nodes)."),
    table_mb: float | None = typer.Option(None, "--table-mb", metavar="MB", help=TABLE_MB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object (no progress bar)."),
    weak: bool = typer.Option(False, "--weak", help="Prove only win, draw or loss, faster (games "
                              "with a proof kernel: Connect Four)."),
    batch: str | None = typer.Option(None, "--batch", metavar="FILE", help="Prove every "
                                     "`position [score]` line of FILE (- for stdin), printing "
                                     "`position score` as each is proven, then a summary "
                                     "(Connect Four; Pons' test-set format)."),
    jobs: int | None = typer.Option(None, "--jobs", "-j", metavar="N",
                             parser=cli_input.count_parser(1, 64, " processes"),
                             help="Spread a --batch over N processes (1 to 64; default 1)."),
) -> None:
    """Solve a position exactly: who wins with perfect play, every move's value, how it was found.

    A game with its own exact solver uses it: bones solves heaps bottom-up up to 10,000,000,
    stopping early once the outcomes prove a period, and reads larger ones (10**18) off the proven
    period; Nim uses Bouton's theorem.
    Other games: every root move is searched to the end by the engine with one shared table, e.g.
    `minimax solve tictactoe`, `minimax solve tictactoe --rows 4 --cols 4 --k 4`.

    Game parameters follow the game: `minimax solve bones --n 1000000 --take 1,3,4 --misere`.
    """
    # Imported here so other commands do not load the solver.
    from minimax_cli import render_solve
    from minimax_cli import series as series_mod
    from minimax_cli import solve as solving

    game, state = game_and_position(ctx, game_name, position)
    table_megabytes = check_table_mb(table_mb)
    if weak or batch is not None or jobs is not None:
        from minimax_cli.cli_batch import check_proof_options, run_batch

        check_proof_options(game, weak, batch, jobs,
                            position is not None or upto is not None or show_tree or as_json)
        if batch is not None:
            run_batch(game, batch, weak, jobs or 1, table_megabytes)
    # `--upto N` alone tabulates the family; the start position is solved only when asked for.
    solve_position = upto is None or ctx.meta["position_given"] or show_tree
    with user_errors(), progress_display(not as_json, f"solving {game.name}") as progress:
        if upto is not None:
            series_mod.check_upto(game, upto)  # before any long work
        solved = (solving.solve(game, state, tree=show_tree, progress=progress,
                                table_mb=table_megabytes, weak=weak) if solve_position else None)
        series = None if upto is None else series_mod.solve_series(game, upto, progress,
                                                                table_mb=table_megabytes)
    if as_json:
        print(json.dumps(render_solve.solve_dict(game, state, solved, series), indent=2))
        return
    _console().print(render_solve.solve_view(game, state, solved, series))


PLAY_LEVEL_HELP = (
    "AI strength: 1 weak, 2 easy, 3 medium, 4 strong, 5 perfect (number or name). Every level "
    "thinks within --time seconds a move. Perfect plays a proven best move when it solves the "
    "position in time, else the best move of its deepest completed search, and says which. Below "
    "perfect a game with an evaluation function is searched 1, 2, 3 or 5 plies deep; one without "
    "plays a random move 60, 40, 25 or 10 % of the time."
)


@app.command(context_settings=EXTRA)
def play(
    ctx: typer.Context,
    game_name: str = typer.Argument("tictactoe", metavar="GAME",
                                    help="A game from `minimax games` (default tictactoe).",
                                    autocompletion=cli_input.complete_game),
    position: str | None = typer.Argument(None, help="Start from this position, in the game's "
                                          "notation (default: the start), or a file; "
                                          f"{POSITION_LIMIT_WORDS}."),
    side: str | None = typer.Option(None, "--side", "-s", help="The side you play: first or "
                                    "second (x or o in tic-tac-toe); a seat number 1..n in games "
                                    "of more players. Default: the side to move."),
    ai_first: bool = typer.Option(False, "--ai-first",
                                  help="The AI makes the first move: you play the other side."),
    level: str = typer.Option("perfect", "--level", "-l", help=PLAY_LEVEL_HELP),
    algorithm: str | None = typer.Option(None, "--algorithm", "-a", metavar="NAME",
                                         help="The AI's search algorithm (default negamax; "
                                         "expectiminimax in games of chance, maxn with more "
                                         "than two players).",
                                         autocompletion=cli_input.complete_algorithm),
    depth: int | None = typer.Option(None, "--depth", "-d", metavar="PLIES",
                                     parser=cli_input.count_parser(1, MAX_DEPTH, " plies"),
                                     help="Cut the AI's search this many plies deep "
                                     f"(replaces the level's depth; needs an evaluation; 1 to "
                                     f"{MAX_DEPTH:,})."),
    time_s: float | None = typer.Option(None, "--time", "-t", metavar="SECONDS", parser=TIME_PARSER,
                                        help="Seconds the AI may think per move, at every level; "
                                        f"hints get the same (default 1; {TIME_LIMITS})."),
    evaluator: str | None = typer.Option(None, "--eval", metavar="NAME",
                                         help="Evaluation function for depth-limited levels.",
                                         autocompletion=cli_input.complete_evaluator),
    seed: int | None = typer.Option(None, "--seed", metavar="N",
                                    parser=cli_input.count_parser(0, MAX_SEED),
                                    help="Seed the AI's random choice among equally good moves "
                                    f"and the dice (0 to {MAX_SEED:,})."),
    vs: str = typer.Option("ai", "--vs", help="Your opponent: ai or human."),
    watch: bool = typer.Option(False, "--watch", help="Watch the AI play itself."),
    delay: float = typer.Option(0.8, "--delay", metavar="SECONDS",
                                parser=cli_input.seconds_parser(0.0, MAX_DELAY),
                                help=f"Seconds between moves with --watch (0 to {MAX_DELAY:g})."),
    review: bool = typer.Option(True, "--review/--no-review",
                                help="Review the game with the solver at the end."),
) -> None:
    """Play a game against the AI (default: tic-tac-toe, you are X, the AI is perfect).

    Game parameters follow the game: `minimax play tictactoe --rows 4 --cols 4 --k 4`. A position
    to start from follows the game: `minimax play tictactoe x.o/.x./...`, `minimax play tree
    @abcd`, `minimax play bones 10`, `minimax play nim 3,4,5`; you play the side to move there.

    Type a move, or hint, undo, why, board, help, quit. Tab completes.

    Scripted: with no terminal on stdin, moves are read one per line, and --seed makes the AI's
    choices reproducible: `printf '5\\n1\\n6\\n8\\n7\\n' | minimax play --seed 1`. A bad line is reported
    on stderr, the game goes on, and the exit code is 2.

    The AI thinks about one second a move (--time changes it). Ctrl-C while it thinks makes it
    play its best move so far (during a hint: gives the prompt back); the game goes on.

    quit and Ctrl-D exit with code 0; Ctrl-C at your prompt (or twice in a row) with 130.
    """
    if game_name.startswith("--"):  # `minimax play --rows 4`: parameters of the default game
        ctx.args[:0] = [game_name] + ([] if position is None else [position])
        game_name, position = "tictactoe", None
    if "-" in [position, *ctx.args]:  # stdin carries the moves
        fail("play reads your moves from stdin, so the position cannot come from there: give it "
             "as text or as a file")
    game, start = game_and_position(ctx, game_name, position)
    from minimax_cli import interactive  # prompt-toolkit loads only for `play`

    with user_errors():
        if algorithm is not None:
            get_algorithm(algorithm)  # an unknown name is a user error here, not mid-game
        try:
            config = interactive.make_config(
                game, side=side, ai_first=ai_first, vs=vs, watch=watch, level=level,
                algorithm=algorithm, depth=depth, budget=time_s, evaluator=evaluator, seed=seed,
                delay=delay, review=review, start=start)
        except interactive.ConfigError as error:
            fail(str(error))
        code = interactive.play_session(game, config, console=_console())
    if code:
        raise typer.Exit(code)


def main() -> None:
    """Console-script entry: usage errors become one line and exit code 2, Ctrl-C a short note."""
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as error:  # usage errors: exit code 2
        context = getattr(error, "ctx", None)
        command = context.command_path if context is not None else "minimax"
        Console(stderr=True, highlight=False).print(
            error_line(f"{error.format_message()} (see `{command} --help`)"), soft_wrap=True)
        sys.exit(error.exit_code)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


__all__ = ["app", "main"]
