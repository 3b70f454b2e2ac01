"""A report (`report.Report`) as Rich renderables: the position, the answer, the moves table.

`analyze` and `solve` both print through here, so they say the same things in the same words: the
position drawn, who is to move (or that the game is over, with the result), the value from MAX's
point of view and the result for the player to move, the best move and the whole line, then every
move best first for the player to move. Text from a game or a user reaches Rich as `Text`.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli import boards
from minimax_cli.core.game import CHANCE, Game
from minimax_cli.core.score import Bound, Kind, Score, format_number
from minimax_cli.report import (
    PLAYERS,
    MoveLine,
    Report,
    move_words,
    mover_view,
    number_words,
    result_words,
    returns_words,
)
from minimax_cli.words import BEST_MEANS, OPTIMAL_MEANS, in_plies, plural

AnyGame = Game[Any, Any]

#: The moves table shows at most this many rows (the JSON has them all).
MOVE_ROWS = 60
#: The principal variation shows at most this many moves (the JSON has them all).
PV_MOVES = 40

_SIGNS = {Bound.EXACT: "", Bound.LOWER: "≥ ", Bound.UPPER: "≤ "}


def signed(score: Score, win_loss: bool) -> str:
    """A number as the course writes it: +1 / 0 / -1 for results, with ≥ / ≤ for bounds."""
    text = format_number(score.number)
    if win_loss and score.number > 0:
        text = "+" + text
    return _SIGNS[score.bound] + text


def value_words(score: Score | None, win_loss: bool, sampled: bool = False) -> str:
    """The value from MAX's point of view in words: `+1: the first player (MAX) wins in 5 plies`,
    `0: a draw`, `≥ 0: at least a draw for MAX`, `23/3 ≈ 7.667`, `4 (heuristic estimate, not
    proven)`."""
    if score is None:
        return "none: the search stopped before any depth was completed"
    sign = _SIGNS[score.bound]
    if score.kind in (Kind.WIN, Kind.LOSS):
        number = "+1" if score.kind is Kind.WIN else "-1"
        winner = PLAYERS[0 if score.kind is Kind.WIN else 1]
        if score.bound is Bound.EXACT:
            return f"{number}: {winner} wins{in_plies(score.plies, score.plies_at_most)}"
        limit = "at least" if score.bound is Bound.LOWER else "at most"
        return f"{sign}{number}: {limit} a {'win' if score.kind is Kind.WIN else 'loss'} for MAX"
    if score.kind is Kind.DRAW:
        if score.bound is Bound.EXACT:
            return "0: a draw"
        return f"{sign}0: {'at least' if score.bound is Bound.LOWER else 'at most'} a draw for MAX"
    if score.kind is Kind.VALUE:
        return sign + number_words(score.number)
    return f"{sign}{number_words(score.number)} ({estimate_kind(sampled)}, not proven)"


def estimate_kind(sampled: bool) -> str:
    """What an estimate is: simulations' mean reward (Monte Carlo) or an evaluation function's."""
    return "Monte Carlo estimate" if sampled else "heuristic estimate"


def position_view(game: AnyGame, state: Any) -> RenderableType:
    """The position as the play session draws it: the board, or the game's sketch, or its text."""
    return boards.board(game, state)


def _mover_name(report: Report) -> str:
    if report.to_move is None:
        return "nobody: the game is over"
    if report.players > 2 and report.to_move >= 0:
        return f"player {report.to_move + 1}"
    if report.to_move in (0, 1):
        return ("MAX (first player)", "MIN (second player)")[report.to_move]
    return "chance (a random outcome)" if report.to_move < 0 else f"player {report.to_move + 1}"


def summary_rows(report: Report) -> list[tuple[str, Text]]:
    """The answer as labelled lines: to move, result, value, best move, line."""
    rows: list[tuple[str, Text]] = [("to move", Text(_mover_name(report)))]
    result = result_words(report)
    style = "bold"
    mover = report.mover_score
    if mover is not None and mover.exact and mover.kind in (Kind.WIN, Kind.LOSS) and not report.over:
        style = "bold green" if mover.kind is Kind.WIN else "bold red"
    rows.append(("result", Text(result, style=style)))
    if report.returns is not None and not report.over:
        word = "estimated" if report.score is not None and not report.score.proven else "values"
        rows.append(("returns", Text(f"{returns_words(report.returns)}  ({word}, per player)")))
    elif not report.over:
        rows.append(("value", Text(value_words(report.score, report.win_loss,
                                                report.iterations is not None) + "  (MAX's view)")))
    if report.iterations is not None:
        how = ("its solver proved the value" if report.score is not None and report.score.proven
               else "the best move is the most visited")
        rows.append(("simulations", Text(f"{report.iterations:,} (Monte Carlo tree search; "
                                         f"{how})")))
    if report.chosen is not None:
        best = Text(report.chosen, style="bold green")
        if not report.best_searched:
            best.append("  (not searched: the first move by ordering)", style="yellow")
        rows.append(("best", best))
    if report.pv:
        line = Text(" ".join(report.pv[:PV_MOVES]))
        if len(report.pv) > PV_MOVES:
            rest = len(report.pv) - PV_MOVES
            line.append(f" … {rest:,} more {plural('ply', rest)}", style="dim")
        if report.pv_complete:
            line.append("  (to the end of the game)", style="dim")
        elif report.score is not None and report.score.exact:
            line.append("  (an optimal start; the rest of the line was not computed)", style="dim")
        rows.append(("line", line))
    rows.extend(("note", Text(note, style="yellow")) for note in report.notes)
    return rows


def grid(rows: list[tuple[str, Text]]) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="dim", no_wrap=True)
    table.add_column()
    for label, value in rows:
        table.add_row(label, value)
    return table


def moves_table(report: Report) -> RenderableType:
    """Every move, best first for the player to move: what it means for that player, MAX's value
    (with ≥ / ≤ where only a bound is known) and, where proven, whether it is optimal; ★ marks the
    best. A heading of its own line says whose view each column takes."""
    who = {0: "MAX", 1: "MIN"}.get(report.to_move if report.to_move is not None else -9)
    if report.returns is not None and report.to_move is not None and report.to_move >= 0:
        who = f"player {report.to_move + 1}"
    lines = report.moves
    per_player = any(m.returns is not None for m in lines)
    visits = any(m.visits is not None for m in lines)
    table = Table()
    table.add_column("move")
    table.add_column(f"for {who} (to move)" if who else "result")
    if per_player:
        table.add_column("returns (players 1, 2, …)", justify="right")
    else:
        table.add_column("value (MAX)", justify="right")
    if visits:
        table.add_column("visits", justify="right")
    chances = any(m.probability is not None for m in lines)
    if chances:
        table.add_column("probability", justify="right")
    # At a chance node nobody chooses, so no outcome is optimal or not.
    show_optimal = report.to_move != CHANCE and any(m.optimal is not None for m in lines)
    if show_optimal:
        table.add_column("optimal")
    for m in lines[:MOVE_ROWS]:
        value = (", ".join(format_number(v) for v in m.returns) if m.returns is not None
                 else signed(m.score, report.win_loss))
        row: list[Text] = [Text(m.text + (" ★" if m.best else "")),
                           Text(_for_mover(m, report)), Text(value)]
        if visits:
            row.append(Text("" if m.visits is None else f"{m.visits:,}"))
        if chances:
            row.append(Text("" if m.probability is None else format_number(m.probability)))
        if show_optimal:
            row.append(Text({True: "yes", False: "no", None: "?"}[m.optimal]))
        table.add_row(*row, style="bold" if m.best else None)
    heading = Text("Moves, best first for the player to move", style="italic")
    if len(lines) > MOVE_ROWS:
        rest = len(lines) - MOVE_ROWS
        table.caption = f"… {rest:,} more {plural('move', rest)}; --json lists them all"
        table.caption_justify = "left"
    # Win/loss games searched for an expected value (chance) have no quickest win to rank by.
    results = report.win_loss and all(m.score.kind is not Kind.VALUE for m in lines)
    legend = Text("★ best: " + (BEST_MEANS if results else "the optimal moves"), style="dim")
    if any(m.best and not m.score.proven for m in lines):
        legend = Text("★ best by the estimate of the deepest completed search (not proven)",
                      style="dim")
    if visits and not (report.score is not None and report.score.proven):
        legend = Text("★ the move Monte Carlo tree search plays: a win its solver proved, else the "
                      "most visited; values are the simulations' mean rewards, estimates unless "
                      "proven by its solver", style="dim")
    if show_optimal and not any(m.best for m in lines) and report.chosen is not None:
        legend = Text("no move is marked best: the distances to the end are not known here, "
                      "only who wins", style="dim")
    if report.to_move == CHANCE:
        legend = Text("chance picks the outcome: no move is best or optimal here", style="dim")
    if show_optimal:
        legend.append(f"\noptimal: {OPTIMAL_MEANS}")
    return Group(heading, table, legend)


def _for_mover(line: MoveLine, report: Report) -> str:
    if line.returns is not None:
        return move_words(line, report.to_move)
    score = mover_view(line.score, report.to_move)
    if line.visits is not None and score.kind is Kind.ESTIMATE:
        return f"mean reward {_SIGNS[score.bound]}{format_number(score.number)}"
    text = str(score)
    if score.kind is Kind.ESTIMATE:
        text += " (heuristic)"
    return text


def report_view(game: AnyGame, state: Any, report: Report, title: str,
                extra_rows: list[tuple[str, Text]] | None = None) -> RenderableType:
    """The title, the position drawn, the answer and its extra lines, then the moves table."""
    parts: list[RenderableType] = [Text(title, style="bold"), position_view(game, state),
                                   grid(summary_rows(report) + (extra_rows or []))]
    if report.moves:
        parts.append(moves_table(report))
    return Group(*parts)


__all__ = ["MOVE_ROWS", "PV_MOVES", "grid", "moves_table", "position_view", "report_view",
           "signed", "summary_rows", "value_words"]
