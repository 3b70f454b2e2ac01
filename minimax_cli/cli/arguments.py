"""The arguments and options more than one command takes, each declared once.

Where the commands take one alike (its name, metavar, parser, completion and help), it is a
`typing.Annotated` alias that Typer reads (`game_name: GameArgument`); where each command words the
help its own way (`--time` thinks per move in `play`, bounds a proof in `solve`), one function makes
it from that help, so that the rest stays the same in every command. A command's own options stay
in its module.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from minimax_cli.cli import options as cli_input
from minimax_cli.cli.game import (
    ALGORITHM_HELP,
    GAME_HELP,
    GAME_METAVAR,
    MAX_SEED,
    NODES_PARSER,
    POSITION_HELP,
    POSITION_METAVAR,
    TABLE_MB_HELP,
    TIME_PARSER,
)
from minimax_cli.core.i18n import N_


def game_argument(help_words: str, completion: bool = True) -> Any:
    """GAME: a game's name, completed from the registry (`completion`)."""
    return typer.Argument(metavar=GAME_METAVAR, help=help_words,
                          autocompletion=cli_input.complete_game if completion else None)


def position_argument(help_words: str) -> Any:
    """POSITION: a position in the game's notation; completion offers the game's parameters."""
    return typer.Argument(metavar=POSITION_METAVAR, help=help_words,
                          autocompletion=cli_input.game_parameter_candidates)


def algorithm_option(help_words: str) -> Any:
    """`--algorithm/-a NAME`, completed with the algorithms that serve the game."""
    return typer.Option("--algorithm", "-a", metavar=N_("NAME"), help=help_words,
                        autocompletion=cli_input.complete_algorithm)


def depth_option(parser: Any, help_words: str, metavar: str = N_("PLIES")) -> Any:
    """`--depth/-d`: plies for a search, levels for a quiz tree (`parser` says how many)."""
    return typer.Option("--depth", "-d", metavar=metavar, parser=parser, help=help_words)


def time_option(help_words: str) -> Any:
    """`--time/-t SECONDS`: a search's, a proof's or the AI's time."""
    return typer.Option("--time", "-t", metavar=N_("SECONDS"), parser=TIME_PARSER,
                        help=help_words)


def nodes_option(help_words: str) -> Any:
    """`--nodes N`: a search's or a proof's node budget."""
    return typer.Option("--nodes", metavar="N", parser=NODES_PARSER, help=help_words)


def eval_option(help_words: str) -> Any:
    """`--eval NAME`, completed with the game's evaluation functions."""
    return typer.Option("--eval", metavar=N_("NAME"), help=help_words,
                        autocompletion=cli_input.complete_evaluator)


def seed_option(help_words: str) -> Any:
    """`--seed N`: the seed of a random choice (0 to MAX_SEED)."""
    return typer.Option("--seed", metavar="N", parser=cli_input.count_parser(0, MAX_SEED),
                        help=help_words)


def json_option(help_words: str) -> Any:
    """`--json`: one JSON object instead of the view."""
    return typer.Option("--json", help=help_words)


def out_option(help_words: str, *short: str) -> Any:
    """`--out FILE`: where a command writes what it made."""
    return typer.Option("--out", *short, metavar=N_("FILE"), help=help_words)


def jobs_option(help_words: str) -> Any:
    """`--jobs/-j N`, processes on this machine (1 to MAX_JOBS)."""
    return typer.Option("--jobs", "-j", metavar="N",
                        parser=cli_input.count_parser(1, cli_input.MAX_JOBS, N_("processes")),
                        help=help_words)


#: The game and the position, as `analyze` and `solve` take them.
GameArgument = Annotated[str, game_argument(GAME_HELP)]
PositionArgument = Annotated[str | None, position_argument(POSITION_HELP)]
#: `analyze`'s algorithm (`play` words its own help).
AlgorithmOption = Annotated[str | None, algorithm_option(ALGORITHM_HELP)]
#: Memory for every table a command builds: `analyze`, `solve`, `book`.
TableMbOption = Annotated[float | None, typer.Option("--table-mb", metavar="MB",
                                                    help=TABLE_MB_HELP)]
#: Where a batch of proofs runs: `solve --batch`, `book build`.
BackendOption = Annotated[str | None, typer.Option("--backend", metavar=N_("WHERE"), help=N_(
    "Where the proofs run: local (processes on this machine; the default) or ray (a Ray "
    "cluster; the optional extra: pip install '.[cluster]' in the project's folder)."))]
AddressOption = Annotated[str | None, typer.Option("--address", metavar=N_("HOST:PORT"), help=N_(
    "The Ray cluster of --backend ray: its head's HOST:PORT, or auto (default: RAY_ADDRESS, "
    "else a Ray on this machine with --jobs CPUs)."))]
#: The switches of the chess engine (principal-variation search, `pvs`), each a part of it turned
#: off so that its effect can be seen: `analyze` and `play` (cli/options.engine_switches).
NoQuiescenceOption = Annotated[bool, typer.Option("--no-quiescence", help=N_(
    "pvs (the chess engine): stop at the depth limit, captures or not (no quiescence search)."))]
OrderingOption = Annotated[str | None, typer.Option("--ordering", metavar=N_("KIND"), help=N_(
    "pvs (the chess engine): move ordering none, mvv (hash move, then captures by most valuable "
    "victim, least valuable attacker), killers (and killer moves) or full (and the history of "
    "quiet moves; the default)."))]
NoTableOption = Annotated[bool, typer.Option("--no-table", help=N_(
    "pvs (the chess engine): search without the transposition table."))]
NoNullMoveOption = Annotated[bool, typer.Option("--no-null-move", help=N_(
    "pvs (the chess engine): no null-move pruning."))]
NoReductionsOption = Annotated[bool, typer.Option("--no-reductions", help=N_(
    "pvs (the chess engine): no late move reductions (every move searched to the full depth)."))]
NoAspirationOption = Annotated[bool, typer.Option("--no-aspiration", help=N_(
    "pvs (the chess engine): search each depth's root with the full window, not a narrow one "
    "around the last depth's score."))]


__all__ = [
    "AddressOption",
    "AlgorithmOption",
    "BackendOption",
    "GameArgument",
    "NoAspirationOption",
    "NoNullMoveOption",
    "NoQuiescenceOption",
    "NoReductionsOption",
    "NoTableOption",
    "OrderingOption",
    "PositionArgument",
    "TableMbOption",
    "algorithm_option",
    "depth_option",
    "eval_option",
    "game_argument",
    "jobs_option",
    "json_option",
    "nodes_option",
    "out_option",
    "position_argument",
    "seed_option",
    "time_option",
]
