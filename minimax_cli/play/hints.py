"""The views of a `minimax play` session that explain values: a hint, the moves table of a think,
and the `why` view. Pure functions of a think's report (minimax_cli.reports.think: a `Think`, a
`Why`) to Rich renderables.

A table is for one player (you, or the AI in `why`): its words decided once in the reports layer
(minimax_cli.reports.table) and laid out by the one moves table (minimax_cli.views.moves): moves
best first for that player, each move's value from its side, the best moves starred, bounds and
estimates said to be what they are. A game of numbers keeps the course's view: values from MAX's
side, with the order best first for the player the table is for.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from minimax_cli.core.game import AnyGame
from minimax_cli.play.why_words import why_words
from minimax_cli.play.words import hint_words
from minimax_cli.reports.table import Reader, reader_table
from minimax_cli.reports.think import Think, Why
from minimax_cli.reports.words import Party
from minimax_cli.views import result as render
from minimax_cli.views.moves import drawn


def hint_view(game: AnyGame, state: Any, thought: Think, mover: Party, other: Party,
              side: str | None = None) -> tuple[RenderableType | None, str | None]:
    """A hint for `mover` (who plays `side`): the think's moves table drawn, and the line naming
    the best moves (`best: 3, 7 (a draw with best play, proven by a search to the end · 576
    nodes)`), either none when the think has none."""
    words = hint_words(game, state, thought, Reader(mover, side), other)
    return (None if words.table is None else drawn(words.table)), words.line


def think_table(game: AnyGame, state: Any, thought: Think, party: Party,
                played: Any | None = None, side: str | None = None) -> RenderableType:
    """A think's moves as the one moves table draws them for `party` (who plays `side`, named in
    the heading): the think's report, its best moves those the AI chooses among."""
    return drawn(reader_table(game, state, thought.report, Reader(party, side, played)))


def why_view(game: AnyGame, state: Any, why: Why, mover: Party, other: Party,
             side: str | None = None) -> RenderableType:
    """Why the AI played `why.move` at `why.ply`: the value it saw (what was proven first, then
    how the search chose, where an estimate chose among moves proven alike), the line from that
    move on, the moves that were as good, its moves table and the search's statistics."""
    words = why_words(game, state, why, Reader(mover, side, why.move), other)
    head = Text()
    head.append(words.question, style="bold")
    head.append(words.answer)
    lines: list[RenderableType] = [head]
    if words.random is not None:
        lines.append(Text(words.random))
    lines.extend(Text(said) for said in (words.proven, words.chosen) if said is not None)
    lines.append(Text(words.line))
    if words.as_good is not None:
        lines.append(Text(words.as_good))
    if words.table is not None:
        lines.append(drawn(words.table))
    if words.stats is not None:
        lines.append(render.stats_table(words.stats))
    return Group(*lines)


__all__ = ["hint_view", "think_table", "why_view"]
