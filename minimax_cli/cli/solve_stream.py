"""`minimax solve` of a position with a proof kernel (Connect Four), shown as it is proven: the
position's score first, then each move's, with a progress bar on a terminal, then the answer.
What the opening book proves only as win, draw or loss comes first of all, at once, under a line
saying that the exact scores follow in a time not known in advance (none is invented). A
`--time`/`--nodes` stop or Ctrl-C shows what was proven (the book's win, draw or loss included)
and names the rest as not proven.

Exit codes: 0 when solved or stopped by the budget the user gave (the answer is what was asked
for), 130 after Ctrl-C (the shell's convention for an interrupted command)."""

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.text import Text

from minimax_cli.cli.base import _ProgressDisplay
from minimax_cli.cli.base import console as _console
from minimax_cli.core.i18n import _
from minimax_cli.core.result import Limits
from minimax_cli.reports.model import Report

INTERRUPTED = 130


def fact_line(game: Any, state: Any, fact: Any) -> Text:
    """One proven score as a line: the position's or a move's, in the kernel's units for the
    player to move, and where it came from (the opening book or the proof search); only its
    win, draw or loss where that is all the book holds."""
    if fact.sign_only:
        return sign_line(game, state, fact)
    source = (_("from the opening book") if fact.from_book else
              _("proven by the proof search, {seconds:.2f} s").format(seconds=fact.elapsed))
    score = f"{fact.kernel_score:+d}" if fact.kernel_score else "0"
    if fact.move is None:
        return Text(_("score {score} for the side to move ({source})").format(
            score=score, source=source), style="bold")
    return Text(_("  move {move}: {score} ({source})").format(
        move=game.format_move(state, fact.move), score=score, source=source))


def sign_line(game: Any, state: Any, fact: Any) -> Text:
    """What the opening book proves at once of the position or a move: win, draw or loss."""
    sign = fact.kernel_score
    if fact.move is None:
        said = (_("a win for the side to move (proven by the opening book)") if sign > 0 else
                _("a loss for the side to move (proven by the opening book)") if sign < 0 else
                _("a draw for the side to move (proven by the opening book)"))
        return Text(said, style="bold")
    move = game.format_move(state, fact.move)
    said = (_("  move {move}: a win (proven by the opening book)") if sign > 0 else
            _("  move {move}: a loss (proven by the opening book)") if sign < 0 else
            _("  move {move}: a draw (proven by the opening book)"))
    return Text(said.format(move=move))


def signs_heading() -> Text:
    """Said before the book's signs: the exact scores come after them, in a time no one knows
    in advance (an exact proof of a position of few discs may take seconds or many minutes)."""
    return Text(_("The opening book proves win, draw or loss at once; exact scores follow as "
                  "each is proven, in a time not known in advance (--time bounds it; a stop "
                  "keeps what is shown)."), style="dim")


def _book_value(sign: int) -> str:
    return (_("a win for the side to move") if sign > 0 else
            _("a loss for the side to move") if sign < 0 else _("a draw for the side to move"))


def _book_moves(signs: dict[str, int]) -> str:
    """The moves by the book's sign for the player making them: `4, 5 win; 1, 2, 7 lose`."""
    groups = []
    for sign, words in ((1, _("{moves} win")), (0, _("{moves} draw")), (-1, _("{moves} lose"))):
        moves = [m for m, s in signs.items() if s == sign]
        if moves:
            groups.append(words.format(moves=", ".join(moves)))
    return "; ".join(groups)


def stop_words(stopped: str) -> str:
    return {"time": _("stopped by time"), "nodes": _("stopped by nodes")}.get(
        stopped, _("stopped by Ctrl-C"))


@contextmanager
def _display(enabled: bool, description: str
             ) -> Iterator[tuple[Callable[[int, int], None] | None, Callable[[Text], None]]]:
    """The progress callback (on a terminal only: stdout and stderr both, so the lines printed
    above the bar land where they belong) and a printer of lines for stdout."""
    out = _console()
    shown = enabled and sys.stdout.isatty()
    display = _ProgressDisplay(description) if shown else None

    def say(line: Text) -> None:
        if display is not None and display.bar is not None:
            display.bar.console.print(line)  # above the live bar, on the same terminal
        else:
            out.print(line)
        sys.stdout.flush()

    try:
        yield (None if display is None else display.update), say
    finally:
        if display is not None:
            display.close()


def solve_streaming(game: Any, state: Any, *, weak: bool, table_mb: float | None,
                    limits: Limits | None, as_json: bool) -> int:
    """Solve and print (see the module docstring); the exit code."""
    from minimax_cli.core.result import STOP_INTERRUPTED
    from minimax_cli.services.solve_proof import solve_by_proof

    with _display(not as_json, _("solving {game}").format(game=game.name)) as (progress, say):
        headed: list[bool] = []

        def on_fact(fact: Any) -> None:
            if as_json:
                return
            if fact.sign_only and not headed:
                headed.append(True)
                say(signs_heading())
            say(fact_line(game, state, fact))

        solved = solve_by_proof(game, state, weak, progress, table_mb, limits, on_fact)
    show(game, state, solved, as_json)
    return INTERRUPTED if solved.stopped == STOP_INTERRUPTED else 0


def show(game: Any, state: Any, solved: Report, as_json: bool) -> None:
    if as_json:
        import json

        from minimax_cli.reports.json_form import report_dict

        print(json.dumps(report_dict(solved), indent=2))
        return
    from minimax_cli.views import solve as render_solve

    out = _console()
    if solved.stopped is None:
        out.print(render_solve.solve_view(game, state, solved))
        return
    if solved.score is not None:
        out.print(render_solve.solve_view(game, state, solved))
    facts = solved.facts or {}
    unproven = list(facts.get("unproven_moves", ()))  # type: ignore[call-overload]
    why = stop_words(solved.stopped)
    if solved.score is None:
        out.print(Text(_("the position's score: not proven ({why})").format(why=why),
                       style="yellow"))
    signs: dict[str, int] = dict(facts.get("book_signs", {}))  # type: ignore[call-overload]
    exact: dict[str, int] = dict(facts.get("move_scores", {}))  # type: ignore[call-overload]
    if facts.get("score") is None and "position" in signs:
        out.print(Text(_("the position's exact score: not proven ({why}); the opening book "
                         "proves {value}").format(why=why, value=_book_value(signs["position"])),
                       style="yellow"))
    inexact = {m: sign for m, sign in signs.items() if m != "position" and m not in exact}
    if inexact:
        out.print(Text(_("exact score not proven ({why}); the opening book proves: {moves}")
                       .format(why=why, moves=_book_moves(inexact)), style="yellow"))
    unproven = [m for m in unproven if m not in inexact]  # the book's sign is said just above
    if unproven:
        out.print(Text(_("not proven ({why}): {moves}").format(why=why,
                                                              moves=", ".join(unproven)),
                       style="yellow"))





def streamed_solve(game: Any, state: Any, time_s: float | None, nodes: int | None, *,
                   weak: bool, table_mb: float | None, as_json: bool) -> None:
    """`solve` of a position of a game with a proof kernel, within --time/--nodes when given
    (checked by `services.solve.check_budget` first): solved, shown, and exits with the code."""
    import typer

    from minimax_cli.cli.base import user_errors
    from minimax_cli.cli.options import make_limits

    bounded = time_s is not None or nodes is not None
    limits = make_limits(None, time_s, nodes) if bounded else None
    with user_errors():
        code = solve_streaming(game, state, weak=weak, table_mb=table_mb, limits=limits,
                               as_json=as_json)
    raise typer.Exit(code)


__all__ = ["INTERRUPTED", "fact_line", "sign_line", "signs_heading", "solve_streaming",
           "stop_words", "streamed_solve"]
