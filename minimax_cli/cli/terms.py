"""`minimax analyze GAME POSITION --terms`: the evaluation term by term, no search.

The game's `evaluation_terms` hook gives the terms (core/terms.py); this module checks the
evaluation's name, hands the terms to the view (views/evaluation_terms.py) or prints their JSON
(reports/evaluation_terms.py). A game whose evaluation has no terms to show: one line, exit 2.
"""

from typing import Annotated, Any

import typer

from minimax_cli.cli.base import console, fail, other_option, user_errors
from minimax_cli.cli.game import game_and_position
from minimax_cli.core.i18n import N_, _

TermsOption = Annotated[bool, typer.Option("--terms", help=N_(
    "Show the evaluation term by term instead of searching: each term's weight, White's and "
    "Black's share and the difference, the middlegame/endgame phase, and the total, the value "
    "the search uses for the position; with --eval material, the course's weighted sum written "
    "out."))]

#: analyze's options --terms goes with; any other is refused rather than ignored.
WITH_TERMS = ("game_name", "position", "terms", "evaluator", "as_json", "save")


def terms_in_analyze(ctx: typer.Context, game_name: str, position: str | None,
                     evaluator: str | None, as_json: bool, save: list[str] | None) -> None:
    """The terms of `evaluator` (None: the game's default) at the position, shown or as JSON;
    --save FILE.svg or .html keeps the table as the terminal shows it, FILE.board.svg or
    .board.tex the position's board."""
    from minimax_cli.cli import save as cli_save
    from minimax_cli.core.search.common import pick_evaluator

    option = other_option(ctx, WITH_TERMS)
    if option is not None:
        fail(_("--terms shows the evaluation without searching, and takes no {option}: leave it "
               "out").format(option=option))
    figures = cli_save.table_figures(save, as_json, "--terms")
    game, state = game_and_position(ctx, game_name, position)
    with user_errors():
        pick_evaluator(game, evaluator, needed=False)  # an unknown name: one line, exit 2
        terms = game.evaluation_terms(state, evaluator)
    if terms is None:
        fail(_("{game}'s evaluation has no terms to show").format(game=game.name))
    sides = _sides(game)
    if as_json:
        import json

        from minimax_cli.reports.evaluation_terms import terms_json
        from minimax_cli.reports.json_form import lesson_dict

        english = game.side_names() or ("MAX", "MIN")
        payload = terms_json(game.name, game.format_position(state), english, terms)
        print(json.dumps(lesson_dict("analyze", game, "terms", payload), indent=2))
        return
    from minimax_cli.views.evaluation_terms import terms_view

    mover = game.to_move(state)
    boards = cli_save.draw_board_line(game, state, [], figures)  # the position, no arrow
    out = console(record=bool(figures))
    out.print(terms_view(terms, sides, sides[mover] if mover in (0, 1) else sides[0]))
    cli_save.save_terminal(out, figures)
    cli_save.write_all(boards)


def _sides(game: Any) -> tuple[str, str]:
    """The two players' names in the reader's language (chess: White, Black; else MAX, MIN)."""
    named = game.side_names()
    return (_(named[0]), _(named[1])) if named is not None else ("MAX", "MIN")
