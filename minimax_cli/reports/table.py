"""The one moves table in words: a report's root moves as plain data (a heading, column titles,
rows of cells, a caption, a legend), every word decided here, for a view to lay out as it is.

The report's table (`analyze`, `solve`) speaks to the player to move: what each move means for
that player, MAX's value (with ≥ / ≤ where only a bound is known), the returns per player,
visits, probabilities, where proven whether a move is optimal and, with `analyze --multipv K`,
the K best moves' own lines. A player's table (a `Reader`:
a hint, `why`) speaks to that player: each move's value from its side (`win in 2 moves` counting
its own moves), best first for it with ties in the game's order, the move it played marked, moves
the search did not value listed as such. ★ marks the best moves either way.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import _, ngettext, text_of
from minimax_cli.core.score import Bound, Kind, Score, format_number
from minimax_cli.core.words import best_means, best_word, count, grouped, optimal_means
from minimax_cli.reports.model import MoveLine, Report, mover_view
from minimax_cli.reports.words import (
    SIGNS,
    Party,
    cell_words,
    move_words,
    player_words,
    scaled_message,
    score_message,
    score_words,
    signed,
)

#: The report's table shows at most this many rows (the JSON has them all).
MOVE_ROWS = 60
#: A player's table shows at most this many rows (an 8x8 board's 64 fit), the rest are counted.
READER_ROWS = 64
#: Among moves of the same value for a player, exact ones first, then those that may be better.
_BOUND_RANK = {Bound.LOWER: 0, Bound.EXACT: 1, Bound.UPPER: 2}


@dataclass(frozen=True)
class Reader:
    """The player a moves table is for (a hint, `why`): as the words speak of it, the side it
    plays (named in the heading when the party's name does not say it) and the move it played."""

    party: Party
    side: str | None = None
    played: Hashable | None = None


@dataclass(frozen=True)
class Column:
    """A column's title; `right` for numbers, justified to the right."""

    title: str
    right: bool = False


@dataclass(frozen=True)
class Row:
    """One row's cells in words; `best` (a best move: bold) or `dim` (a move not valued, or the
    count of those not shown)."""

    cells: tuple[str, ...]
    best: bool = False
    dim: bool = False


@dataclass(frozen=True)
class MovesTable:
    """A moves table in words: the heading above it, its columns and rows, the caption under it
    (the moves left out) and the legend (what ★ and the columns mean, one line or more)."""

    heading: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    legend: str
    caption: str | None = None


def table_words(game: AnyGame, state: Any, report: Report,
                reader: Reader | None = None) -> MovesTable:
    """The moves of `report` (a report of `state`) in words: for the player to move, or for
    `reader`."""
    if reader is None:
        return report_table(report)
    return reader_table(game, state, report, reader)


def report_table(report: Report) -> MovesTable:
    """Every move, best first for the player to move: what it means for that player, MAX's value
    (with ≥ / ≤ where only a bound is known) and, where proven, whether it is optimal; ★ marks the
    best. The heading says whose view each column takes."""
    lines = report.moves
    visits = any(m.visits is not None for m in lines)
    chances = any(m.probability is not None for m in lines)
    # At a chance node nobody chooses, so no outcome is optimal or not.
    show_optimal = report.to_move != CHANCE and any(m.optimal is not None for m in lines)
    lined = any(m.pv is not None for m in lines)  # PVS's multipv: the best K moves' lines
    columns = _report_columns(report, visits, chances, show_optimal) + (
        (Column(_("line")),) if lined else ())
    answers = {True: _("yes"), False: _("no"), None: "?"}
    rows = []
    for m in lines[:MOVE_ROWS]:
        scale = report.idiom.scale
        value = (", ".join(format_number(v) for v in m.returns) + (" †" if m.tie_broken else "")
                 if m.returns is not None
                 else scale.text(m.score) if scale is not None
                 else signed(m.score.number, report.win_loss, m.score.bound))
        cells = [report.idiom.said(m.text) + (" ★" if m.best else ""), _for_mover(m, report),
                 value]
        if visits:
            cells.append("" if m.visits is None else grouped(m.visits))
        if chances:
            cells.append("" if m.probability is None else format_number(m.probability))
        if show_optimal:
            cells.append(answers[m.optimal])
        if lined:
            cells.append("" if m.pv is None else report.idiom.said(" ".join(m.pv)))
        rows.append(Row(tuple(cells), best=m.best))
    caption = None
    if len(lines) > MOVE_ROWS:
        rest = len(lines) - MOVE_ROWS
        caption = ngettext("… {count} more move; --json lists them all",
                           "… {count} more moves; --json lists them all",
                           rest).format(count=grouped(rest))
    return MovesTable(_("Moves, best first for the player to move"), columns, tuple(rows),
                      _report_legend(report, visits, show_optimal), caption)


def _report_columns(report: Report, visits: bool, chances: bool, show_optimal: bool
                    ) -> tuple[Column, ...]:
    who = {0: "MAX", 1: "MIN"}.get(report.to_move if report.to_move is not None else -9)
    side, maximiser = report.idiom.side(report.to_move), report.idiom.side(MAX)
    if side is not None:
        who = text_of(side)
    mover = None
    if report.to_move is not None and report.to_move >= 0 and (
            report.returns is not None or report.players > 2):
        who = player_words(report.to_move, report.players)
        mover = report.to_move
    columns = [Column(ngettext("move", "moves", 1))]  # the noun as ngettext has it (not _("move"))
    if mover is not None and report.players > 2:
        columns.append(Column(_("for player {number} (to move)").format(number=mover + 1)))
    else:
        columns.append(Column(_("for {player} (to move)").format(player=who) if who else
                              _("result")))
    if any(m.returns is not None for m in report.moves):
        columns.append(Column(_("returns (players 1, 2, …)"), right=True))
    elif report.players > 2:  # paranoid: the root player's own return
        columns.append(Column(_("return of player {number}").format(number=report.view + 1),
                              right=True))
    elif maximiser is not None:
        columns.append(Column(_("value ({player})").format(player=text_of(maximiser)),
                              right=True))
    else:
        columns.append(Column(_("value (MAX)"), right=True))
    if visits:
        columns.append(Column(_("visits"), right=True))
    if chances:
        columns.append(Column(_("probability"), right=True))
    if show_optimal:
        columns.append(Column(_("optimal")))
    return tuple(columns)


def _report_legend(report: Report, visits: bool, show_optimal: bool) -> str:
    lines = report.moves
    # Win/loss games searched for an expected value (chance) have no quickest win to rank by.
    results = report.win_loss and all(m.score.kind is not Kind.VALUE for m in lines)
    legend = (_("★ best: {meaning}").format(meaning=best_means()) if results else
              _("★ best: the optimal moves"))
    if any(m.best and not (m.score.proven and report.proofs) for m in lines):
        legend = _("★ best by the estimate of the deepest completed search (not proven)")
    if visits and not (report.score is not None and report.score.proven):
        legend = _("★ the move Monte Carlo tree search plays: a win its solver proved, else the "
                   "most visited; values are the simulations' mean rewards, estimates unless "
                   "proven by its solver")
    if show_optimal and not any(m.best for m in lines):
        legend = _("no move is marked best: the distances to the end are not known here, only "
                   "who wins")
    if report.to_move == CHANCE:
        legend = _("chance picks the outcome: no move is best or optimal here")
    if any(m.pv is not None for m in lines):
        legend += "\n" + _("the moves with a line have exact values at the depth searched; the "
                           "others, marked ≤ or ≥, are bounds: no better for the player to move "
                           "than shown")
    if report.idiom.scale is not None:
        legend += "\n" + _(report.idiom.scale.legend)
    if show_optimal:
        legend += "\n" + _("optimal: {meaning}").format(meaning=optimal_means())
    if any(m.tie_broken for m in lines):
        from minimax_cli.core.search.maxn import TIE_RULE  # here: a report loads no search
        legend += "\n" + _("† these returns hold if every player breaks ties as max^n does "
                           "({rule}): a player who breaks them otherwise may change them").format(
            rule=_(TIE_RULE))
    return legend


def _for_mover(line: MoveLine, report: Report) -> str:
    if line.returns is not None:
        return move_words(line, report.to_move, report.players)
    score = mover_view(line.score, report.to_move, report.players)
    if report.idiom.scale is not None or not report.proofs:
        text = score_message(score, report.idiom, report.proofs).text()
        if score.kind is Kind.ESTIMATE:
            text = _("{estimate} (heuristic)").format(estimate=text)
        return text
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


def reader_table(game: AnyGame, state: Any, report: Report, reader: Reader,
                 estimated: bool = False) -> MovesTable:
    """Every move with its value for the reader's party, best first; the best starred, the move
    played marked, the moves not valued listed after them. `estimated`: the position's value was
    proven apart and the search's estimate only chose among the moves: the heading says the
    order is the estimate's (a heuristic, not a proof)."""
    party = reader.party
    side = reader.side not in (None, party.name)
    if estimated and side:
        heading = party.says(
            _("Moves for you ({side}), ranked by the search's estimate (heuristic, not proven)"),
            _("Moves for {name} ({side}), ranked by the search's estimate (heuristic, not "
              "proven)"), side=reader.side or "")
    elif estimated:
        heading = party.says(
            _("Moves for you, ranked by the search's estimate (heuristic, not proven)"),
            _("Moves for {name}, ranked by the search's estimate (heuristic, not proven)"))
    elif side:
        heading = party.says(_("Moves for you ({side}), best first"),
                             _("Moves for {name} ({side}), best first"), side=reader.side or "")
    else:
        heading = party.says(_("Moves for you, best first"), _("Moves for {name}, best first"))
    players = game.game_type.players > 2
    column = (party.says(_("your return"), _("return for {name}")) if players else
              _("value (MAX's view)") if not game.win_loss else
              party.says(_("for you"), _("for {name}")))
    returns = players and any(line.returns is not None for line in report.moves)
    columns = [Column(ngettext("move", "moves", 1)), Column(column, right=players)]
    if returns:
        columns.append(Column(_("returns (players 1, 2, …)"), right=True))
    legend = (_players_legend(report.moves, party) if players else
              _reader_legend(game, report.moves, party))
    lines = sorted_for(game, state, report.moves, party.player)
    rows = []
    for line in lines[:READER_ROWS]:
        assert line.pov_score is not None
        marks = (" ★" if line.best else "") + (_(" played") if line.move == reader.played else "")
        own = line.pov_score.seen_by(party.player)
        cells = [report.idiom.said(line.text) + marks,
                 _own_return(line, party.player) if players else
                 _scaled_cell(report, own) or cell_words(game, own, party.player)]
        if returns:
            cells.append("" if line.returns is None else
                         ", ".join(format_number(v) for v in line.returns)
                         + (" †" if line.tie_broken else ""))
        rows.append(Row(tuple(cells), best=line.best))
    valued = {line.move for line in lines}
    unvalued = 0
    for move in game.legal_moves(state):
        if move not in valued:
            unvalued += 1
            if len(rows) < READER_ROWS:
                rows.append(Row((game.format_move(state, move), _("not valued"),
                                 *([""] if returns else [])), dim=True))
    hidden = len(lines) + unvalued - len(rows)
    if hidden:
        rows.append(Row(("… " + count(hidden, "more move"), _("not shown"),
                         *([""] if returns else [])), dim=True))
    return MovesTable(heading, tuple(columns), tuple(rows), legend)


def _scaled_cell(report: Report, score: Score) -> str | None:
    """A value in the game's own scale (chess: `estimate +0.38 (heuristic)`, `mate in 2 (found,
    not proven)`), None for a game without one or a score the scale has no words for."""
    if report.idiom.scale is None:
        return None
    said = scaled_message(score, report.idiom, report.proofs)
    if said is None:
        return None
    text = said.text()
    return _("{estimate} (heuristic)").format(estimate=text) if score.kind is Kind.ESTIMATE else text


def _own_return(line: MoveLine, player: int) -> str:
    """The reader's own return after a move: its component of the returns (max^n, MCTS), else
    the score in its own view (paranoid), with ≥ / ≤ where only a bound is known."""
    if line.returns is not None:
        return format_number(line.returns[player])
    assert line.pov_score is not None
    score = line.pov_score.seen_by(player)
    return SIGNS[score.bound] + format_number(score.number)


def _players_legend(lines: Sequence[MoveLine], party: Party) -> str:
    """What ★ and the returns mean among more than two players: each player's own return, the
    assumption it rests on, and (†) the returns that rest on ties broken by max^n's rule."""
    scores = [line.pov_score for line in lines if line.pov_score is not None]
    if any(line.visits is not None for line in lines):
        notes = [_("★ best: the move Monte Carlo tree search plays (a proven win, else the most "
                   "visited)"), _("returns: the simulations' mean returns, estimates")]
    else:
        notes = [party.says(_("★ best: the highest return for you"),
                            _("★ best: the highest return for {name}"))]
        if not all(s.relative.proven for s in scores):
            notes.append(_("returns estimated, not proven"))
        if all(line.returns is None for line in lines):  # paranoid: the others against the reader
            notes.append(party.says(_("your return is what you secure whatever the others play"),
                                    _("its return is what {name} secures whatever the others "
                                      "play")))
        else:
            notes.append(_("returns with each player then taking the move best for its own "
                           "return (max^n)"))
    text = "; ".join(notes)
    if any(line.tie_broken for line in lines):
        # Here, not at the top: a report's words load no search family (start-up stays light).
        from minimax_cli.core.search.maxn import TIE_RULE

        text += "\n" + _("† these returns hold if every player breaks ties as max^n does ({rule}), "
                         "as the AI does: a player who breaks them otherwise may give another "
                         "player the win").format(rule=_(TIE_RULE))
    return text


def _reader_legend(game: AnyGame, lines: Sequence[MoveLine], party: Party) -> str:
    """What ★ means, and how to read the values: which way is better in a game of numbers, or
    what the distances count."""
    scores = [line.pov_score for line in lines if line.pov_score is not None]
    distances = any(s.relative.result and s.relative.plies for s in scores)
    if not all(s.relative.proven for s in scores):
        meaning = _("by the estimate of the deepest search (not proven)")
    elif any(line.best and line.pov_score is not None and not line.pov_score.relative.exact
             for line in lines):
        meaning = _("the best proven bound (whether it keeps the game value is not proven)")
    elif distances:
        meaning = _("keeps the game value, wins soonest or loses slowest")
    else:
        meaning = _("keeps the game value")
    notes = [f"★ {best_word()}: {meaning}"]
    if not game.win_loss:
        if party.player == MAX:
            notes.append(party.says(_("higher values are better for you"),
                                    _("higher values are better for {name}")))
        else:
            notes.append(party.says(_("lower values are better for you"),
                                    _("lower values are better for {name}")))
    elif distances:
        notes.append(party.says(_("“in N moves” counts your own moves, this one included"),
                                _("“in N moves” counts its own moves, this one included")))
    return "; ".join(notes)


__all__ = ["MOVE_ROWS", "READER_ROWS", "Column", "MovesTable", "Reader", "Row", "reader_table",
           "report_table", "sorted_for", "table_words"]
