"""The frames of the step player (`analyze --step`): the searched tree as one step left it (drawn by
views/tree.py), under it the step's sentence as `--trace` says it (views/trace.py), the small board
of the step's position in a game with a grid, and the keys. A frame is made for a terminal's size:
lines of text with ANSI styles for the screen, and the same lines plain (what a reader sees, what
the tests compare); when the tree is taller than its part of the screen, the lines shown are those
around the step's node, a marker line saying where more of it is left out. Only those lines are
drawn (views/step_tree.py), so a frame costs the same at any size of tree: a key, q included, is
never kept waiting for a drawing of 100,000 nodes."""

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
from minimax_cli.reports.idiom import idiom_of
from minimax_cli.reports.replay import Moment, drawn_nodes, moment
from minimax_cli.reports.trace import Step, Walk
from minimax_cli.views import boards
from minimax_cli.views import trace as render_trace
from minimax_cli.views.analysis import plies_note
from minimax_cli.views.step_tree import StepTree

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
        self.walk = Walk(game, state, result.trace, idiom_of(game).letters)
        self.steps: list[Step] = self.walk.steps(result.best_move, max_steps)
        self.total = self.walk.step_count()
        self.drawn = drawn_nodes(self.steps)
        self.layout = StepTree(self.walk, result.trace, self.drawn,
                               truncated=result.trace_truncated, engine=engine, pv=result.pv)

    def __len__(self) -> int:
        return len(self.steps)

    def caption(self, now: Moment, note: bool = True) -> RenderableType:
        """The step's number, its sentence (lettered as the slides letter it), the board of its
        position where the game has a grid, the note on the engine's numbers (unless `note` is
        False) and the keys."""
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
        said_plies = plies_note(self.result, self.engine) if note else None
        if said_plies is not None:
            parts.append(said_plies)
        parts.append(Text(_("→ or space: next step   ←: previous   Home: first   End: last   "
                            "q: quit"), style="dim"))
        return Group(*parts)

    def frame(self, index: int, width: int, height: int, color_system: str | None = "auto",
              no_color: bool | None = None) -> Frame:
        """Step `index` (from 0) drawn for a terminal `width` × `height`: the heading, the tree
        (the lines around the step's node when it does not fit, with a marker where lines are
        left out), a rule, the caption. A screen with no room for three lines of the tree gives
        it the heading's lines, then the note's."""
        width, height = max(width, 20), max(height, 6)
        console = Console(file=io.StringIO(), width=width, force_terminal=True,
                          color_system=color_system,  # type: ignore[arg-type]
                          no_color=no_color, highlight=False, legacy_windows=False)
        now = moment(self.steps, index)
        # The windows drawn are those the nodes were entered with (reports/replay.py), as in
        # --tree: said here, so that a β of +∞ beside a node known to be ≤ 5 reads as it is.
        heading = Text(_("The search step by step ({algorithm}); α and β: what MAX and MIN could "
                         "already guarantee when each node was entered").format(
                             algorithm=self.result.algorithm), style="bold")
        top = _render(console, heading, width)
        rule = [Segment("─" * width, None)]
        bottom = [rule, *_render(console, self.caption(now), width)]
        if height - len(top) - len(bottom) < 3:
            top = []
        if height - len(top) - len(bottom) < 3:
            bottom = [rule, *_render(console, self.caption(now, note=False), width)]
        room = max(1, height - len(top) - len(bottom))
        tree = self.layout.window(console, now, width, room)
        lines = [*top, *tree, *bottom][:height]
        system = None if console.color_system is None else _COLOR_SYSTEMS[console.color_system]
        return Frame([_ansi(line, system, console.no_color) for line in lines],
                     ["".join(s.text for s in line if not s.control).rstrip() for line in lines])


def _render(console: Console, renderable: RenderableType, width: int) -> list[list[Segment]]:
    return console.render_lines(renderable, console.options.update(width=width), pad=False)


def _ansi(line: list[Segment], system: ColorSystem | None, no_color: bool) -> str:
    if no_color:
        line = list(Segment.remove_color(line))
    return "".join(s.text if s.style is None else s.style.render(s.text, color_system=system)
                   for s in line if not s.control).rstrip()


__all__ = ["Frame", "Walkthrough"]
