"""`minimax size`: the size of a game measured on games played and by perft (services/size.py
measures, views/size.py draws); the course's 35, 100 and 10^154 computed, not quoted."""

from __future__ import annotations

from typing import Annotated

import typer

from minimax_cli.cli.arguments import GameArgument, PositionArgument, json_option
from minimax_cli.cli.base import console, user_errors
from minimax_cli.cli.game import game_and_position
from minimax_cli.cli.help import help_text
from minimax_cli.cli.options import count_parser
from minimax_cli.core.i18n import N_
from minimax_cli.reports.size import json_form
from minimax_cli.services import size as sizing

#: Perft's depth when neither --pgn nor --perft is given: instant on chess (8,902 at depth 3).
DEFAULT_PERFT = 3

SIZE_HELP = N_(
    "The size of a game, measured: moves per position, plies per game, perft and b^d.\n\n"
    "Legal moves per position and plies per game over a file of games (--pgn), perft from a "
    "position (--perft), and the game tree estimated as b^d. With neither --pgn nor --perft, "
    "perft to depth 3 from the position (the initial one when none is given), "
    "e.g. `minimax size chess --pgn games.pgn --perft 4`.")
Pgn = Annotated[str | None, typer.Option("--pgn", metavar=N_("FILE"), help=help_text(N_(
    "A file of games in the game's record format (chess: PGN, at most {limit} bytes): the mean "
    "legal moves per position (b) and plies per game (d), and b^d."),
    limit=f"{sizing.RECORDS_LIMIT:,}"))]
Perft = Annotated[int | None, typer.Option(
    "--perft", metavar="N", parser=count_parser(0, sizing.MAX_PERFT_DEPTH), help=help_text(N_(
        "Count the move sequences of 1 to N plies from the position (0 to {most}; chess from the "
        "start: depth 4 in about a second, depth 5 in several)."),
        most=sizing.MAX_PERFT_DEPTH))]
Json = Annotated[bool, json_option(N_("Print one JSON object."))]


def size(ctx: typer.Context, game_name: GameArgument, position: PositionArgument = None,
         pgn: Pgn = None, perft: Perft = None, as_json: Json = False) -> None:
    """`minimax size` (its description for users: SIZE_HELP)."""
    game, state = game_and_position(ctx, game_name, position)
    depth = (DEFAULT_PERFT if pgn is None else 0) if perft is None else perft
    with user_errors():
        records = None if pgn is None else sizing.read_records(pgn)
        measured = sizing.measure(game, state, records=records, source=pgn, perft_depth=depth)
    if as_json:
        import json

        from minimax_cli.reports.json_form import lesson_dict

        print(json.dumps(lesson_dict("size", game, "size", json_form(measured)), indent=2))
        return
    from minimax_cli.views.size import size_view

    console().print(size_view(measured))
