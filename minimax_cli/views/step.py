"""The frames of the step player (`analyze --step`): the searched tree as one step left it (drawn by
views/tree.py), under it the step's sentence as `--trace` says it (views/trace.py), the small board
of the step's position in a game with a grid, and the keys. A frame is made for a terminal's size:
lines of text with ANSI styles for the screen, and the same lines plain (what a reader sees, what
the tests compare); when the tree is taller than its part of the screen, the lines shown are those
around the step's node."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from rich.color import ColorSystem
from rich.console import Console, Group, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import _
from minimax_cli.core.result import SearchResult
from minimax_cli.core.words import grouped
from minimax_cli.reports.replay import Moment, drawn_nodes, moment
from minimax_cli.reports.trace import Step, Walk
from minimax_cli.views import boards
from minimax_cli.views import trace as render_trace
from minimax_cli.views import tree as render_tree
from minimax_cli.views.analysis import plies_note

#: Rich's names of colour systems, as `Style.render` takes them.
_COLOR_SYSTEMS = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT,
                  "truecolor": ColorSystem.TRUECOLOR, "windows": ColorSystem.WINDOWS}


@dataclass(frozen=True)
class Frame:
    """One screen: `lines` with ANSI styles, `plain` the same text without them."""

    lines: list[str]
    plain: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.plain)


class Walkthrough:
    """A recorded search to be shown step by step: its steps (at most `max_steps`), and a frame
    for any of them. `engine` when its numbers are the engine's (see views.analysis)."""

    def __init__(self, game: AnyGame, state: Any, result: SearchResult, *, engine: bool,
                 max_steps: int) -> None:
        if result.trace is None:
            raise ValueError("the search recorded no trace")
        self.game, self.state, self.result, self.engine = game, state, result, engine
        self.walk = Walk(game, state, result.trace)
        steps = self.walk.steps(result.best_move)
        self.total = len(steps)
        self.steps: list[Step] = steps[:max_steps]
        self.drawn = drawn_nodes(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def tree(self, now: Moment) -> RenderableType:
        result = self.result
        assert result.trace is not None
        return render_tree.search_tree(
            self.game, self.state, result.trace, truncated=result.trace_truncated,
            engine=self.engine, pv=result.pv if now.finished else (), walk=self.walk,
            moment=now, drawn=self.drawn)

    def caption(self, now: Moment) -> RenderableType:
        """The step's number, its sentence (lettered as the slides letter it), the board of its
        position where the game has a grid, and the keys."""
        step = now.step
        heading = Text(_("step {number} of {total}").format(
            number=grouped(now.index + 1), total=grouped(len(self.steps))), style="bold")
        if self.total > len(self.steps):
            heading.append(_(" (the first {shown} of {total} steps: --max-steps shows more)")
                           .format(shown=grouped(len(self.steps)), total=grouped(self.total)),
                           style="dim")
        words = Text()
        if step.letter:
            words.append(f"({step.letter}) ", style="bold cyan")
        words.append(render_trace.sentence(step, self.engine, self.game.explicit_tree),
                     style="yellow" if step.kind == "cut" else "bold" if step.kind == "done"
                     else "")
        said: RenderableType = words
        node = now.current
        picture = None if node is None else boards.mini_board(self.game, self.walk.states[id(node)])
        if picture is not None:
            beside = Table.grid(padding=(0, 2))
            beside.add_column(no_wrap=True)
            beside.add_column(overflow="fold")
            beside.add_row(picture, words)
            said = beside
        parts: list[RenderableType] = [heading, said]
        note = plies_note(self.result, self.engine)
        if note is not None:
            parts.append(note)
        parts.append(Text(_("→ or space: next step   ←: previous   Home: first   End: last   "
                            "q: quit"), style="dim"))
        return Group(*parts)

    def frame(self, index: int, width: int, height: int, color_system: str | None = "auto",
              no_color: bool | None = None) -> Frame:
        """Step `index` (from 0) drawn for a terminal `width` × `height`: the heading, the tree
        (the lines around the step's node when it does not fit), a rule, the caption."""
        width, height = max(width, 20), max(height, 6)
        console = Console(file=io.StringIO(), width=width, force_terminal=True,
                          color_system=color_system,  # type: ignore[arg-type]
                          no_color=no_color, highlight=False, legacy_windows=False)
        now = moment(self.steps, index)
        heading = Text(_("The search step by step ({algorithm}); α is the value MAX can "
                         "already guarantee, β the value MIN can").format(
                             algorithm=self.result.algorithm), style="bold")
        top = _render(console, heading, width)
        bottom = [[Segment("─" * width, None)], *_render(console, self.caption(now), width)]
        tree = _render(console, self.tree(now), width)
        room = max(1, height - len(top) - len(bottom))
        current = next((i for i, line in enumerate(tree) if _is_current(line)), 0)
        start = max(0, min(current - room // 3, len(tree) - room))
        lines = [*top, *tree[start:start + room], *bottom][:height]
        system = None if console.color_system is None else _COLOR_SYSTEMS[console.color_system]
        return Frame([_ansi(line, system, console.no_color) for line in lines],
                     ["".join(s.text for s in line if not s.control).rstrip() for line in lines])


def _render(console: Console, renderable: RenderableType, width: int) -> list[list[Segment]]:
    return console.render_lines(renderable, console.options.update(width=width), pad=False)


def _is_current(line: list[Segment]) -> bool:
    return any(s.style is not None and s.style.meta.get(render_tree.CURRENT) for s in line)


def _ansi(line: list[Segment], system: ColorSystem | None, no_color: bool) -> str:
    if no_color:
        line = list(Segment.remove_color(line))
    return "".join(s.text if s.style is None else s.style.render(s.text, color_system=system)
                   for s in line if not s.control).rstrip()


__all__ = ["Frame", "Walkthrough"]
