"""The views of a `minimax play` session that explain values: the moves table of a hint or of `why`,
and the `why` view. Pure functions of core objects to Rich renderables.

A table is for one player (you, or the AI in `why`): moves sorted best first for that player,
each move's value from that player's side (minimax_cli.play.words), the best moves starred, bounds
and estimates said to be what they are. A game of numbers keeps the course's view: values from
MAX's side, with the order best first for the player the table is for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.game import MAX, Game
from minimax_cli.core.result import MoveValue, SearchResult
from minimax_cli.core.score import Bound
from minimax_cli.i18n import _, ngettext
from minimax_cli.i18n.words import best_word, count, grouped
from minimax_cli.play.policy import Choice, Line, Policy, Thought
from minimax_cli.play.words import Party, cell_words, explain
from minimax_cli.reports.answers import tied_moves
from minimax_cli.views import result as render

AnyGame = Game[Any, Any]

#: Among moves of the same value for a player, exact ones first, then those that may be better.
_BOUND_RANK = {Bound.LOWER: 0, Bound.EXACT: 1, Bound.UPPER: 2}
#: A moves table shows at most this many rows (an 8x8 board's 64 fit), the rest are counted; a
#: line of equally good moves names at most LISTED of them.
MAX_ROWS = 64
LISTED = 20


def sorted_moves(game: AnyGame, state: Any, result: SearchResult,
                 player: int) -> list[MoveValue]:
    """The valued moves, best first for `player`; ties in the game's move order."""
    valued = {entry.move for entry in result.moves}
    order = {move: i for i, move in enumerate(game.legal_moves(state)) if move in valued}

    def key(entry: MoveValue) -> tuple[Any, ...]:
        score = entry.score.seen_by(player)
        rank, number = score.sort_key()
        return (-rank, -number, _BOUND_RANK[score.bound], order.get(entry.move, len(order)))

    return sorted(result.moves, key=key)


def moves_table(game: AnyGame, state: Any, result: SearchResult, party: Party,
                played: Any | None = None, side: str | None = None) -> RenderableType:
    """Every move with its value for `party` (who plays `side`, named in the heading), best
    first; the best starred, `played` marked."""
    numeric = not game.win_loss
    column = _("value (MAX's view)") if numeric else party.says(_("for you"), _("for {name}"))
    table = Table()
    table.add_column(ngettext("move", "moves", 1))  # one msgid with words.count's plural
    table.add_column(column)
    best = set(result.best_moves())
    entries = sorted_moves(game, state, result, party.player)
    for entry in entries[:MAX_ROWS]:
        marks = (" ★" if entry.move in best else "") + (_(" played") if entry.move == played
                                                          else "")
        score = entry.score.seen_by(party.player)
        table.add_row(Text(game.format_move(state, entry.move) + marks),
                      cell_words(game, score, party.player),
                      style="bold" if entry.move in best else None)
    valued = {entry.move for entry in result.moves}
    rows = min(len(entries), MAX_ROWS)
    unvalued = 0
    for move in game.legal_moves(state):
        if move not in valued:
            unvalued += 1
            if rows < MAX_ROWS:
                rows += 1
                table.add_row(Text(game.format_move(state, move)), _("not valued"), style="dim")
    hidden = len(entries) + unvalued - rows
    if hidden:
        table.add_row(Text("… " + count(hidden, "more move")), _("not shown"), style="dim")
    if side in (None, party.name):
        heading = party.says(_("Moves for you, best first"), _("Moves for {name}, best first"))
    else:
        heading = party.says(_("Moves for you ({side}), best first"),
                             _("Moves for {name} ({side}), best first"), side=side or "")
    distances = any(m.score.relative.result and m.score.relative.plies for m in result.moves)
    if not all(m.score.relative.proven for m in result.moves):
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


def line_text(game: AnyGame, state: Any, line: Line) -> str:
    """`6 4 1 8 (then best play on both sides)`."""
    words, s = [], state
    for move in line.moves:
        words.append(game.format_move(s, move))
        s = game.play(s, move)
    if line.cut or (line.proven and not line.to_the_end):
        words.append("…")
    if line.to_the_end and len(line.moves) == 1:
        return _("{move} (it ends the game)").format(move=words[0])
    if line.proven and line.optimal_only:
        text = _("{moves} (then optimal play on both sides: each move keeps the game value)")
    elif line.proven:
        text = _("{moves} (then best play on both sides)")
    elif len(line.moves) == 1:
        text = _("{moves} (no line: nothing was searched beyond this move)")
    else:
        text = _("{moves} (then the play the search expects, not proven)")
    return text.format(moves=" ".join(words))


def listed(game: AnyGame, state: Any, moves: Sequence[Any]) -> str:
    """`3, 7, 9`; past LISTED moves, `… and 12 more`."""
    names = ", ".join(game.format_move(state, m) for m in moves[:LISTED])
    if len(moves) <= LISTED:
        return names
    rest = len(moves) - LISTED
    return _("{moves} and {count} more").format(moves=names, count=grouped(rest))


def why_view(game: AnyGame, state: Any, ply: int, choice: Choice, line: Line, mover: Party,
             other: Party, policy: Policy, side: str | None = None) -> RenderableType:
    """Why the AI played `choice.move` at `ply`: the value it saw, the line from that move on,
    the moves that were as good, its moves table and the search's statistics."""
    thought: Thought = choice.thought
    result = thought.result
    move_text = game.format_move(state, choice.move)
    head = Text()
    head.append(_("why {move}? ").format(move=move_text), style="bold")
    head.append(mover.says(_("you played {move} at ply {ply}: {why}"),
                           _("{name} played {move} at ply {ply}: {why}"), move=move_text,
                           ply=str(ply), why=explain(game, thought, choice.move, mover, other)))
    lines: list[RenderableType] = [head]
    if choice.random:
        lines.append(Text(_("a random move: at level {level} the AI plays a random legal move "
                            "{percent} of the time").format(level=policy.level,
                                                            percent=f"{policy.randomness:.0%}")))
    lines.append(Text(_("line: {line}").format(line=line_text(game, state, line))))
    tied = [m for m in tied_moves(game, state, result) if m != choice.move]
    if tied and not choice.random:
        others = listed(game, state, tied)
        lines.append(Text(_("as good: {moves} (the AI picks one of the best at random)").format(
            moves=others)))
    if result.moves:
        lines.append(moves_table(game, state, result, mover, played=choice.move, side=side))
    if thought.method is None:  # a solver's work is already counted in the head line
        lines.append(render.stats_table(result))
    return Group(*lines)


def hint_line(game: AnyGame, state: Any, thought: Thought, tied: Sequence[Any], mover: Party,
              other: Party) -> str:
    """`best: 3, 7 (a draw with best play, proven by a search to the end · 576 nodes)`."""
    moves = listed(game, state, tied)
    why = explain(game, thought, tied[0], mover, other)
    if thought.result.score is None:
        return _("move ordering suggests: {moves} ({why})").format(moves=moves, why=why)
    return _("best: {moves} ({why})").format(moves=moves, why=why)


__all__ = ["LISTED", "MAX_ROWS", "hint_line", "line_text", "listed", "moves_table", "sorted_moves",
           "why_view"]
