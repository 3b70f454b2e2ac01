"""The step player's tree (`analyze --step`), drawn a window at a time.

`views/tree.py` draws a whole tree through Rich; a recorded search of 100,000 nodes takes seconds to
draw so, and the step player drew it for every frame (and once more when it quit): a key waited
for the frame before it. Here the tree is laid out once as rows (a node, or the line under a node:
more children not drawn, the moves a cut pruned, the trace's limit), and a frame draws only the
rows around the step's node, each with the guides Rich's tree gives it (`├── `, `└── `, `│   `),
so a frame costs the same at any size of tree. A pruned line is drawn from its cut on, which
changes the guides of the rows above it: each row knows which rows follow it under its parent.
What a window leaves out above or below is said by a marker line. The rows are the ones
`tree.search_tree` draws for the same moment (a test holds the two to the same lines).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.styled import Styled

from minimax_cli.core.i18n import _
from minimax_cli.core.result import TraceNode
from minimax_cli.reports.replay import Moment
from minimax_cli.reports.trace import Walk
from minimax_cli.views import tree as render_tree

#: The guides of one level, as Rich's tree draws them: nothing below, a line going on, a fork, the
#: last branch.
SPACE, CONTINUE, FORK, END = "    ", "│   ", "├── ", "└── "
NODE, HIDDEN, PRUNED, TRUNCATED = "node", "hidden", "pruned", "truncated"

Line = list[Segment]


class Row(NamedTuple):
    """One entry of the tree: `kind` NODE (`node` itself) or the line of HIDDEN children, PRUNED
    moves or the TRUNCATED trace under `node`; `parent` the index of the parent node's row (-1 for
    the root); `followed` when a row drawn at every step follows it under the same parent;
    `before_cut` the node whose pruned line follows it there, drawn once that node's cut happened;
    `on_pv` on the principal variation (marked at the last step). A named tuple: a tree of
    100,000 nodes makes as many, and a tuple is the quickest to make."""

    kind: str
    node: TraceNode
    parent: int
    depth: int
    followed: bool = False
    before_cut: TraceNode | None = None
    on_pv: bool = False
    hidden: int = 0


def layout(trace: TraceNode, drawn: set[int], truncated: bool,
           pv: Sequence[Hashable]) -> list[Row]:
    """The rows in the order the tree draws them, depth first (without recursion: a game may be
    thousands of plies deep)."""
    rows: list[Row] = []
    stack: list[Row] = [Row(NODE, trace, -1, 0, on_pv=bool(pv))]
    while stack:
        row = stack.pop()
        rows.append(row)
        if row.kind != NODE:
            continue
        node, here, level = row.node, len(rows) - 1, row.depth + 1
        children = [child for child in node.children if id(child) in drawn]
        shown = children[:render_tree.TREE_CHILDREN]
        hidden = len(children) - len(shown)
        ends = row.parent == -1 and truncated  # the trace's line closes the root's
        cut = node if node.pruned else None
        next_move = pv[row.depth] if row.on_pv and row.depth < len(pv) else None
        under = [Row(NODE, child, here, level, i < len(shown) - 1 or hidden > 0 or ends, cut,
                     row.on_pv and child.move == next_move) for i, child in enumerate(shown)]
        if hidden > 0:
            under.append(Row(HIDDEN, node, here, level, ends, cut, hidden=hidden))
        if cut is not None:
            under.append(Row(PRUNED, node, here, level, ends))
        if ends:
            under.append(Row(TRUNCATED, node, here, level))
        stack.extend(reversed(under))
    return rows


class StepTree:
    """The tree of one recorded search, laid out once, drawn a window at a time."""

    def __init__(self, walk: Walk, trace: TraceNode, drawn: set[int], *, truncated: bool,
                 engine: bool, pv: Sequence[Hashable]) -> None:
        self.walk, self.trace, self.engine = walk, trace, engine
        self.rows = layout(trace, drawn, truncated, pv)
        self.where = {id(row.node): i for i, row in enumerate(self.rows) if row.kind == NODE}
        self._pruned_rows = [i for i, row in enumerate(self.rows) if row.kind == PRUNED]

    # --- what a moment shows -------------------------------------------------------------------
    def _shown(self, row: Row, moment: Moment) -> bool:
        return row.kind != PRUNED or id(row.node) in moment.cut

    def _last(self, row: Row, moment: Moment) -> bool:
        return not row.followed and (row.before_cut is None or id(row.before_cut) not in moment.cut)

    def _guides(self, row: Row, moment: Moment) -> tuple[list[str], list[str]]:
        """The guides before a row's first line and before the lines its label wraps onto."""
        if row.parent == -1:
            return [], []
        above: list[str] = []
        at = row.parent
        while self.rows[at].parent != -1:  # the root draws no guide of its own
            above.append(SPACE if self._last(self.rows[at], moment) else CONTINUE)
            at = self.rows[at].parent
        above.reverse()
        last = self._last(row, moment)
        return [*above, END if last else FORK], [*above, SPACE if last else CONTINUE]

    def _label(self, row: Row, moment: Moment) -> RenderableType:
        if row.kind == NODE:
            return render_tree.label_at(self.walk, row.node, self.engine,
                                        row.on_pv and moment.finished, moment)
        if row.kind == HIDDEN:
            return render_tree.hidden_line(row.hidden)
        if row.kind == PRUNED:
            return render_tree.pruned_line(self.walk, row.node)
        return render_tree.truncated_line(self.trace)

    def render(self, console: Console, row: Row, moment: Moment, width: int) -> list[Line]:
        """One row's lines, as Rich's tree draws them at `width`."""
        first, rest = self._guides(row, moment)
        guide = console.get_style("dim") + Style(bold=False, underline2=False)
        options = console.options.update(width=width - 4 * len(first), highlight=False,
                                         height=None)
        lines = console.render_lines(Styled(self._label(row, moment), console.get_style("tree")),
                                     options, pad=False)
        drawn = []
        for number, line in enumerate(lines):
            guides = first if number == 0 else rest
            drawn.append([Segment(level, guide) for level in guides] + line)
        return drawn

    # --- a window ------------------------------------------------------------------------------
    def window(self, console: Console, moment: Moment, width: int, room: int) -> list[Line]:
        """At most `room` lines of the tree around the step's node (a third of them above it),
        a marker line where rows above or below are left out (when `room` allows one)."""
        current = self.where.get(id(moment.current), 0) if moment.current is not None else 0
        lines = self.render(console, self.rows[current], moment, width)
        at = 0  # the step's line among `lines`
        up, down = current - 1, current + 1
        while up >= 0 and at < room:
            if self._shown(self.rows[up], moment):
                above = self.render(console, self.rows[up], moment, width)
                lines[:0] = above
                at += len(above)
            up -= 1
        while down < len(self.rows) and len(lines) - at < room:
            if self._shown(self.rows[down], moment):
                lines.extend(self.render(console, self.rows[down], moment, width))
            down += 1
        more_above = any(self._shown(self.rows[i], moment) for i in range(up, -1, -1)) \
            if up >= 0 else False
        more_below = any(self._shown(self.rows[i], moment) for i in range(down, len(self.rows)))
        return _cut(lines, at, room, more_above, more_below)


def _cut(lines: list[Line], at: int, room: int, more_above: bool, more_below: bool) -> list[Line]:
    """`room` lines of `lines` around line `at` (a third of them above it), with a marker line
    where lines are left out above or below; on a screen too small for a marker, the tree's
    lines come first."""
    if len(lines) <= room and not more_above and not more_below:
        return lines
    inner = max(1, room - 2)
    start = max(0, min(at - inner // 3, len(lines) - inner))

    def marks() -> tuple[bool, bool]:
        return start > 0 or more_above, start + inner < len(lines) or more_below

    above, below = marks()
    while inner < len(lines) and inner + above + below < room:  # a marker not needed: more tree
        if start + inner < len(lines):
            inner += 1
        else:
            start, inner = start - 1, inner + 1
        above, below = marks()
    shown = lines[start:start + inner]
    if below and len(shown) < room:
        shown.append(_marker(_("↓ the tree goes on below")))
    if above and len(shown) < room:
        shown.insert(0, _marker(_("↑ the tree goes on above")))
    return shown


def _marker(words: str) -> Line:
    return [Segment(words, Style(dim=True, italic=True))]


__all__ = ["Row", "StepTree", "layout"]
