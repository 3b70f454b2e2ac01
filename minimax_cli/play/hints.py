"""The views of a `minimax play` session that explain values: the moves table of a hint or of `why`,
and the `why` view. Pure functions of a think to Rich renderables.

A table is for one player (you, or the AI in `why`): the think's report drawn by the one moves table
(minimax_cli.views.moves) for that player: moves best first for it, each move's value from its
side, the best moves starred, bounds and estimates said to be what they are. A game of numbers
keeps the course's view: values from MAX's side, with the order best first for the player the
table is for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from minimax_cli.core.game import Game
from minimax_cli.core.result import SearchResult
from minimax_cli.i18n import _
from minimax_cli.i18n.words import grouped
from minimax_cli.play.policy import Choice, Line, Policy, Thought
from minimax_cli.play.words import explain
from minimax_cli.reports.answers import tied_moves
from minimax_cli.reports.model import from_search
from minimax_cli.reports.table import Reader
from minimax_cli.reports.words import Party
from minimax_cli.views import result as render
from minimax_cli.views.moves import moves_table

AnyGame = Game[Any, Any]

#: A line of equally good moves names at most LISTED of them.
LISTED = 20


def think_table(game: AnyGame, state: Any, result: SearchResult, party: Party,
                played: Any | None = None, side: str | None = None) -> RenderableType:
    """A think's moves as the one moves table draws them for `party` (who plays `side`, named in
    the heading): the think's report, its best moves those the AI chooses among."""
    report = from_search(game, state, result, ranked=True)
    return moves_table(game, state, report, Reader(party, side, played))


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
    report = from_search(game, state, result, ranked=True)
    if report.moves:
        lines.append(moves_table(game, state, report, Reader(mover, side, choice.move)))
    if thought.method is None:  # a solver's work is already counted in the head line
        lines.append(render.stats_table(report))
    return Group(*lines)


def hint_line(game: AnyGame, state: Any, thought: Thought, tied: Sequence[Any], mover: Party,
              other: Party) -> str:
    """`best: 3, 7 (a draw with best play, proven by a search to the end · 576 nodes)`."""
    moves = listed(game, state, tied)
    why = explain(game, thought, tied[0], mover, other)
    if thought.result.score is None:
        return _("move ordering suggests: {moves} ({why})").format(moves=moves, why=why)
    return _("best: {moves} ({why})").format(moves=moves, why=why)


__all__ = ["LISTED", "hint_line", "line_text", "listed", "think_table", "why_view"]
