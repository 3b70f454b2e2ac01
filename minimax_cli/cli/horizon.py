"""`minimax analyze GAME POSITION --horizon 1-4 [--move Qxd5]`, the command-line side: the depth
range and the move read and checked, the table computed (services/horizon.py), printed
(views/horizon.py) or given as JSON (reports/horizon.py's `json_form`), and saved as SVG or HTML
as the terminal shows it, and the board with the move and its refutation drawn as arrows."""

from __future__ import annotations

import re

import typer

from minimax_cli.cli.base import console, fail, other_option, user_errors
from minimax_cli.core.i18n import _

#: analyze's options --horizon goes with; any other is refused rather than ignored.
WITH_HORIZON = ("game_name", "position", "horizon", "focus_move", "as_json", "save")


def depth_range(text: str, most: int) -> list[int]:
    """`1-4` as [1, 2, 3, 4] (`3` alone: [3]); one line and exit 2 unless 1 <= first <= last <=
    most."""
    found = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    first = int(found.group(1)) if found else 0
    last = int(found.group(2) or first) if found else 0
    if not found or not 1 <= first <= last <= most:
        fail(_("--horizon {value} is not a range of depths: give FIRST-LAST from 1 to {most}, "
               "e.g. 1-4").format(value=f"{text!r:.40}", most=most))
    return list(range(first, last + 1))


def _refuse_others(ctx: typer.Context) -> None:
    option = other_option(ctx, WITH_HORIZON)
    if option is not None:
        fail(_("--horizon always searches with alpha-beta and the material evaluation, "
               "without and with quiescence, and takes no {option}: leave it out").format(
                   option=option))


def horizon_in_analyze(ctx: typer.Context, game_name: str, position: str | None, depths: str,
                       move_text: str | None, as_json: bool, save: list[str] | None) -> None:
    """`analyze ... --horizon`: the table, or its JSON; --save FILE.svg or .html keeps it,
    FILE.board.svg or .board.tex the board with arrows for the move and its refutation."""
    from minimax_cli.cli import save as cli_save
    from minimax_cli.cli.game import game_and_position
    from minimax_cli.services import horizon as service

    _refuse_others(ctx)
    wanted = depth_range(depths, service.MAX_HORIZON)
    figures = cli_save.table_figures(save, as_json, "--horizon")
    game, state = game_and_position(ctx, game_name, position)
    with user_errors():
        service.check_game(game, state)
        move = (game.parse_move(state, move_text) if move_text is not None
                else service.focus_move(game, state))
        if move is None:
            fail(_("--horizon: no capture or promotion here to follow; name a move with --move"))
        report = service.horizon(game, state, wanted, move)
        boards = cli_save.draw_board_line(game, state, service.refuted_line(game, state, move),
                                          figures)
    if as_json:
        import json

        from minimax_cli.reports.horizon import json_form
        from minimax_cli.reports.json_form import lesson_dict

        print(json.dumps(lesson_dict("analyze", game, "horizon", json_form(report)), indent=2))
        return
    from minimax_cli.views.horizon import horizon_view

    out = console(record=bool(figures))
    out.print(horizon_view(report))
    cli_save.save_terminal(out, figures)
    cli_save.write_all(boards)


__all__ = ["WITH_HORIZON", "depth_range", "horizon_in_analyze"]
