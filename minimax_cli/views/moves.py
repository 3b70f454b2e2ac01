"""The one moves table: a report's root moves as a Rich table, for the player to move (`analyze`,
`solve`) or for one player of a `minimax play` session (`hint`, `why`).

The report's table says what each move means for the player to move, MAX's value (with ≥ / ≤
where only a bound is known), the returns per player, visits, probabilities and, where proven,
whether a move is optimal. A player's table (a `Reader`) speaks to that player: each move's value
from its side (`win in 2 moves` counting its own moves), best first for it with ties in the game's
order, the move it played marked, moves the search did not value listed as such. ★ marks the best
moves either way. Text from a game reaches Rich as `Text`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.game import CHANCE, MAX, Game
from minimax_cli.core.score import Bound, Kind, Number, format_number
from minimax_cli.i18n import _, ngettext
from minimax_cli.i18n.words import best_means, best_word, count, grouped, optimal_means
from minimax_cli.reports.model import MoveLine, Report, mover_view
from minimax_cli.reports.words import Party, cell_words, move_words, player_words, score_words

AnyGame = Game[Any, Any]

#: The report's table shows at most this many rows (the JSON has them all).
MOVE_ROWS = 60
#: A player's table shows at most this many rows (an 8x8 board's 64 fit), the rest are counted.
READER_ROWS = 64
#: Among moves of the same value for a player, exact ones first, then those that may be better.
_BOUND_RANK = {Bound.LOWER: 0, Bound.EXACT: 1, Bound.UPPER: 2}

SIGNS = {Bound.EXACT: "", Bound.LOWER: "≥ ", Bound.UPPER: "≤ "}


def signed(value: Number | None, win_loss: bool = True, bound: Bound = Bound.EXACT) -> str:
    """A value as the course writes it: +1 / 0 / -1 for results, with ≥ / ≤ for bounds; the
    numbers of other games as people write them; `?` for no value."""
    if value is None:
        return "?"
    text = format_number(value)
    if win_loss and value > 0:
        text = "+" + text
    return SIGNS[bound] + text



@dataclass(frozen=True)
class Reader:
    """The player a moves table is for (a hint, `why`): as the words speak of it, the side it
    plays (named in the heading when the party's name does not say it) and the move it played."""

    party: Party
    side: str | None = None
    played: Hashable | None = None


def moves_table(game: AnyGame, state: Any, report: Report,
                reader: Reader | None = None) -> RenderableType:
    """The moves of `report` (a report of `state`): for the player to move, or for `reader`."""
    if reader is None:
        return _report_table(report)
    return _reader_table(game, state, report, reader)


def _report_table(report: Report) -> RenderableType:
    """Every move, best first for the player to move: what it means for that player, MAX's value
    (with ≥ / ≤ where only a bound is known) and, where proven, whether it is optimal; ★ marks the
    best. A heading of its own line says whose view each column takes."""
    who = {0: "MAX", 1: "MIN"}.get(report.to_move if report.to_move is not None else -9)
    mover = None
    if report.returns is not None and report.to_move is not None and report.to_move >= 0:
        who = player_words(report.to_move, report.players)
        mover = report.to_move
    lines = report.moves
    per_player = any(m.returns is not None for m in lines)
    visits = any(m.visits is not None for m in lines)
    table = Table()
    table.add_column(ngettext("move", "moves", 1))  # the noun as ngettext has it (not _("move"))
    if mover is not None and report.players > 2:
        table.add_column(_("for player {number} (to move)").format(number=mover + 1))
    else:
        table.add_column(_("for {player} (to move)").format(player=who) if who else _("result"))
    if per_player:
        table.add_column(_("returns (players 1, 2, …)"), justify="right")
    else:
        table.add_column(_("value (MAX)"), justify="right")
    if visits:
        table.add_column(_("visits"), justify="right")
    chances = any(m.probability is not None for m in lines)
    if chances:
        table.add_column(_("probability"), justify="right")
    # At a chance node nobody chooses, so no outcome is optimal or not.
    show_optimal = report.to_move != CHANCE and any(m.optimal is not None for m in lines)
    if show_optimal:
        table.add_column(_("optimal"))
    answers = {True: _("yes"), False: _("no"), None: "?"}
    for m in lines[:MOVE_ROWS]:
        value = (", ".join(format_number(v) for v in m.returns) if m.returns is not None
                 else signed(m.score.number, report.win_loss, m.score.bound))
        row: list[Text] = [Text(m.text + (" ★" if m.best else "")),
                           Text(_for_mover(m, report)), Text(value)]
        if visits:
            row.append(Text("" if m.visits is None else grouped(m.visits)))
        if chances:
            row.append(Text("" if m.probability is None else format_number(m.probability)))
        if show_optimal:
            row.append(Text(answers[m.optimal]))
        table.add_row(*row, style="bold" if m.best else None)
    heading = Text(_("Moves, best first for the player to move"), style="italic")
    if len(lines) > MOVE_ROWS:
        rest = len(lines) - MOVE_ROWS
        table.caption = ngettext("… {count} more move; --json lists them all",
                                 "… {count} more moves; --json lists them all",
                                 rest).format(count=grouped(rest))
        table.caption_justify = "left"
    # Win/loss games searched for an expected value (chance) have no quickest win to rank by.
    results = report.win_loss and all(m.score.kind is not Kind.VALUE for m in lines)
    legend = Text(_("★ best: {meaning}").format(meaning=best_means()) if results else
                  _("★ best: the optimal moves"), style="dim")
    if any(m.best and not m.score.proven for m in lines):
        legend = Text(_("★ best by the estimate of the deepest completed search (not proven)"),
                      style="dim")
    if visits and not (report.score is not None and report.score.proven):
        legend = Text(_("★ the move Monte Carlo tree search plays: a win its solver proved, else "
                        "the most visited; values are the simulations' mean rewards, estimates "
                        "unless proven by its solver"), style="dim")
    if show_optimal and not any(m.best for m in lines) and report.chosen is not None:
        legend = Text(_("no move is marked best: the distances to the end are not known here, "
                        "only who wins"), style="dim")
    if report.to_move == CHANCE:
        legend = Text(_("chance picks the outcome: no move is best or optimal here"), style="dim")
    if show_optimal:
        legend.append("\n" + _("optimal: {meaning}").format(meaning=optimal_means()))
    return Group(heading, table, legend)


def _for_mover(line: MoveLine, report: Report) -> str:
    if line.returns is not None:
        return move_words(line, report.to_move)
    score = mover_view(line.score, report.to_move)
    if line.visits is not None and score.kind is Kind.ESTIMATE:
        return _("mean reward {value}").format(
            value=SIGNS[score.bound] + format_number(score.number))
    text = score_words(score)
    if score.kind is Kind.ESTIMATE:
        text = _("{estimate} (heuristic)").format(estimate=text)
    return text




# --- a table for one player ------------------------------------------------------------------------
def sorted_for(game: AnyGame, state: Any, lines: Sequence[MoveLine], player: int
               ) -> list[MoveLine]:
    """The valued moves, best first for `player`; ties in the game's move order."""
    valued = {line.move for line in lines}
    order = {move: i for i, move in enumerate(game.legal_moves(state)) if move in valued}

    def key(line: MoveLine) -> tuple[Any, ...]:
        assert line.pov_score is not None  # a search's report (from_search)
        score = line.pov_score.seen_by(player)
        rank, number = score.sort_key()
        return (-rank, -number, _BOUND_RANK[score.bound], order.get(line.move, len(order)))

    return sorted(lines, key=key)


def _reader_table(game: AnyGame, state: Any, report: Report, reader: Reader) -> RenderableType:
    """Every move with its value for the reader's party, best first; the best starred, the move
    played marked."""
    party = reader.party
    numeric = not game.win_loss
    column = _("value (MAX's view)") if numeric else party.says(_("for you"), _("for {name}"))
    table = Table()
    table.add_column(ngettext("move", "moves", 1))  # one msgid with words.count's plural
    table.add_column(column)
    lines = sorted_for(game, state, report.moves, party.player)
    scores = [line.pov_score for line in lines if line.pov_score is not None]
    for line in lines[:READER_ROWS]:
        assert line.pov_score is not None
        marks = (" ★" if line.best else "") + (_(" played") if line.move == reader.played else "")
        table.add_row(Text(line.text + marks),
                      cell_words(game, line.pov_score.seen_by(party.player), party.player),
                      style="bold" if line.best else None)
    valued = {line.move for line in lines}
    rows = min(len(lines), READER_ROWS)
    unvalued = 0
    for move in game.legal_moves(state):
        if move not in valued:
            unvalued += 1
            if rows < READER_ROWS:
                rows += 1
                table.add_row(Text(game.format_move(state, move)), _("not valued"), style="dim")
    hidden = len(lines) + unvalued - rows
    if hidden:
        table.add_row(Text("… " + count(hidden, "more move")), _("not shown"), style="dim")
    if reader.side in (None, party.name):
        heading = party.says(_("Moves for you, best first"), _("Moves for {name}, best first"))
    else:
        heading = party.says(_("Moves for you ({side}), best first"),
                             _("Moves for {name} ({side}), best first"), side=reader.side or "")
    distances = any(s.relative.result and s.relative.plies for s in scores)
    if not all(s.relative.proven for s in scores):
        meaning = _("by the estimate of the deepest search (not proven)")
    elif distances:
        meaning = _("keeps the game value, wins soonest or loses slowest")
    else:
        meaning = _("keeps the game value")
    notes = [f"★ {best_word()}: {meaning}"]
    if numeric:
        if party.player == MAX:
            better = party.says(_("higher values are better for you"),
                                _("higher values are better for {name}"))
        else:
            better = party.says(_("lower values are better for you"),
                                _("lower values are better for {name}"))
        notes.append(better)
    elif distances:
        notes.append(party.says(_("“in N moves” counts your own moves, this one included"),
                                _("“in N moves” counts its own moves, this one included")))
    return Group(Text(heading, style="italic"), table, Text("; ".join(notes), style="dim"))


__all__ = ["MOVE_ROWS", "READER_ROWS", "SIGNS", "Reader", "moves_table", "signed", "sorted_for"]
