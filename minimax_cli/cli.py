"""The `minimax` command: parse options, look up the game and algorithm, call the core, render.

Game parameters are given as options after the game name (`--rows 4`, `--take 1,3,4`) and checked
against the parameters the game declares. Every user error ends here as one red line on stderr and
exit code 2; prompt-toolkit is imported only by `play`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
from rich.console import Console

from minimax_cli import __version__, registry, render
from minimax_cli.core.game import Game, GameError, SearchError
from minimax_cli.core.result import Limits
from minimax_cli.core.search import ALGORITHMS, DEFAULT_ALGORITHM, DESCRIPTIONS, get_algorithm

AnyGame = Game[Any, Any]

EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}
USER_ERRORS = (GameError, SearchError, registry.UnknownGameError, registry.ParameterError)

app = typer.Typer(
    name="minimax",
    help="Play, analyze and solve two-player games with adversarial search.",
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)


def _console() -> Console:
    return Console(highlight=False)


def fail(message: str) -> NoReturn:
    """One red line on stderr and exit code 2."""
    Console(stderr=True, highlight=False).print(f"[bold red]error:[/] {message}", soft_wrap=True)
    raise typer.Exit(2)


@contextmanager
def user_errors() -> Iterator[None]:
    try:
        yield
    except USER_ERRORS as error:
        fail(str(error))


def _version(value: bool) -> None:
    if value:
        print(f"minimax-cli {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """Play, analyze and solve two-player games with adversarial search."""


def game_params(name: str, args: list[str]) -> dict[str, str]:
    """`--rows 4 --k=3 --misere` -> {"rows": "4", "k": "3", "misere": "true"}, checked by name."""
    cls = registry.load(name)
    declared = {p.name: p for p in cls.parameters}
    accepted = ", ".join(f"--{n}" for n in declared) or "none"
    params: dict[str, str] = {}
    i = 0
    while i < len(args):
        word = args[i]
        if not word.startswith("--"):
            fail(f"unexpected argument '{word}'; {name} parameters: {accepted}")
        key, eq, value = word[2:].partition("=")
        if key not in declared:
            fail(f"no such option '--{key}' for {name}; its parameters: {accepted}")
        if not eq:
            is_flag = isinstance(declared[key].default, bool)
            if is_flag and (i + 1 >= len(args) or args[i + 1].startswith("--")):
                value = "true"
            elif i + 1 < len(args):
                i += 1
                value = args[i]
            else:
                fail(f"--{key} needs a value: {declared[key].help}")
        params[key] = value
        i += 1
    return params


def make_game(ctx: typer.Context, name: str) -> AnyGame:
    with user_errors():
        return registry.create(name, game_params(name, list(ctx.args)))


def read_position(game: AnyGame, text: str | None) -> Any:
    """The state named by `text`: the start position when absent; `-` reads stdin; a path a file."""
    if text is None:
        return game.initial_state()
    if text == "-":
        text = sys.stdin.read()
    elif os.path.isfile(text):
        with open(text, encoding="utf-8") as handle:
            text = handle.read()
    with user_errors():
        return game.parse_position(text)


def make_limits(depth: int | None, time_s: float | None, nodes: int | None) -> Limits:
    try:
        return Limits(depth, time_s, nodes)
    except ValueError as error:
        fail(str(error))


ALGORITHM_HELP = "Search algorithm: " + "; ".join(f"{k} ({v})" for k, v in DESCRIPTIONS.items())


@app.command()
def games() -> None:
    """List the games: name, parameters, position and move notation."""
    with user_errors():
        classes = registry.load_all()
    _console().print(render.games_table(classes))


@app.command(context_settings=EXTRA)
def analyze(
    ctx: typer.Context,
    game_name: str = typer.Argument(..., metavar="GAME", help="A game from `minimax games`."),
    position: str | None = typer.Argument(None, help="Position in the game's notation "
                                          "(default: the start); `-` reads stdin, or a file."),
    algorithm: str = typer.Option(DEFAULT_ALGORITHM, "--algorithm", "-a", help=ALGORITHM_HELP),
    depth: int | None = typer.Option(None, "--depth", "-d", min=0,
                                     help="Cut the search this many plies below the root."),
    time_s: float | None = typer.Option(None, "--time", "-t", min=0.001,
                                        help="Time budget in seconds (iterative deepening)."),
    nodes: int | None = typer.Option(None, "--nodes", min=1, help="Node budget."),
    evaluator: str | None = typer.Option(None, "--eval", help="Evaluation function by name."),
    show_tree: bool = typer.Option(False, "--tree", help="Draw the search tree."),
    compare: bool = typer.Option(False, "--compare",
                                 help="Run minimax, alphabeta and negamax side by side."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Value of every legal move, the best move, the principal variation and node counts.

    Game parameters follow the position, e.g. `minimax analyze tictactoe .... --rows 4 --cols 4 --k 4`.
    """
    game = make_game(ctx, game_name)
    state = read_position(game, position)
    limits = make_limits(depth, time_s, nodes)
    with user_errors():
        names = ["minimax", "alphabeta", "negamax"] if compare else [algorithm]
        results = [get_algorithm(n)(game, state, limits, evaluator=evaluator, trace=show_tree)
                   for n in names]
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


def main() -> None:
    """Console-script entry: usage errors become one line and exit code 2, Ctrl-C a short note."""
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as error:  # usage errors: exit code 2
        Console(stderr=True, highlight=False).print(
            f"[bold red]error:[/] {error.format_message()} (see `minimax --help`)",
            soft_wrap=True, markup=True)
        sys.exit(error.exit_code)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


__all__ = ["ALGORITHMS", "app", "main"]
