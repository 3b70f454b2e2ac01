"""Text that wraps under its own start, not at the left margin: the in-game help's rows
(`  moves  a cell number ...`), and a position's notation after its label, broken only between
tokens (after a comma or a space), never inside one (`{"label"` / `:"D"`)."""

from __future__ import annotations

import re

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

#: A row of a command list: two spaces, the key (one or two words), a run of two or more spaces.
_ROW = re.compile(r"  \S+(?: \S+)?  +")


def _block(rows: list[tuple[str, str]], width: int) -> Table:
    grid = Table.grid()
    grid.add_column(width=width, no_wrap=True)
    grid.add_column()
    for key, words in rows:
        grid.add_row(key, Text(words))
    return grid


def hanging_rows(text: str) -> RenderableType:
    """`text` with each row `  key  description` as a two-column grid: a description too long for
    the line wraps under the description, not at the margin. The key column is as wide as the
    first row's (rows of one list are aligned); a line that starts with that many spaces is a
    continuation row; any other line is shown as it is."""
    parts: list[RenderableType] = []
    rows: list[tuple[str, str]] = []
    width = 0
    for line in text.split("\n"):
        match = _ROW.match(line)
        if match and (not rows or match.end() == width):
            width = match.end()
            rows.append((line[:width], line[width:]))
        elif rows and line[:width].isspace() and len(line) > width:
            rows.append(("", line[width:]))
        else:
            if rows:
                parts.append(_block(rows, width))
                rows = []
            parts.append(Text(line))
    if rows:
        parts.append(_block(rows, width))
    return Group(*parts)


#: Where a position's notation may break: after a comma or a run of spaces.
_TOKEN_END = re.compile(r"(?<=[,\s])(?=\S)")


class BrokenBetweenTokens:
    """`label` then `text` (in `style`; `after` on its last line), the text's continuation lines
    indented under its start and broken only after a comma or a space: a JSON position stays
    valid JSON when copied, line breaks and all. A token wider than the line is folded, as
    nothing else can be done."""

    def __init__(self, label: Text, text: str, style: str = "", after: Text | None = None) -> None:
        self.label = label
        self.text = text
        self.style = style
        self.after = after  # a remark after the text, on its last line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        indent = self.label.cell_len
        room = max(1, options.max_width - indent)
        lines: list[str] = [""]
        for piece in _TOKEN_END.split(self.text):
            if lines[-1] and len(lines[-1]) + len(piece.rstrip(" ")) > room:
                lines.append("")
            lines[-1] += piece
        first = self.label.copy()
        for i, line in enumerate(lines):
            row = first if i == 0 else Text(" " * indent)
            row.append(line.rstrip(" "), style=self.style)
            if i == len(lines) - 1 and self.after is not None:
                row.append_text(self.after)
            yield from console.render(row, options.update(overflow="fold"))


__all__ = ["BrokenBetweenTokens", "hanging_rows"]
