"""`minimax play`: its options, a game's record read back (`--from-pgn`), and the session
started (minimax_cli.play: prompt-toolkit, loaded only when the command runs)."""

from pathlib import Path
from typing import Annotated, Any

import typer

from minimax_cli.cli import options as cli_input
from minimax_cli.cli.arguments import (
    NoAspirationOption,
    NoNullMoveOption,
    NoQuiescenceOption,
    NoReductionsOption,
    NoTableOption,
    OrderingOption,
    algorithm_option,
    depth_option,
    eval_option,
    game_argument,
    position_argument,
    seed_option,
    time_option,
)
from minimax_cli.cli.base import console as _console
from minimax_cli.cli.base import (
    fail,
    position_limit,
    user_errors,
)
from minimax_cli.cli.game import (
    MAX_DELAY,
    MAX_SEED,
    TIME_LIMITS,
    game_and_position,
    get_algorithm,
)
from minimax_cli.cli.help import help_text
from minimax_cli.cli.options import engine_switches
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.params import MAX_DEPTH

PLAY_LEVEL_HELP = N_(
    "AI strength: 1 weak, 2 easy, 3 medium, 4 strong, 5 perfect (number or name). Every level "
    "thinks within --time seconds a move. Perfect plays a proven best move when it solves the "
    "position in time, else the best move of its deepest completed search, and says which. Below "
    "perfect a game with an evaluation function is searched 1, 2, 3 or 5 plies deep (Connect "
    "Four: 1, 2, 4 or 6; `minimax games GAME` shows them); one without plays a random move 60, "
    "40, 25 or 10 % of the time. In chess, never searched to its end, 5 is called strongest."
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
