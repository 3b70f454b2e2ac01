"""Boards as Rich renderables, for play, analyze and solve. Pure functions of the game and its states.

A game with a grid (`Game.grid`) is drawn cell by cell with column letters and row numbers around it
(a1 is the bottom-left corner), its empty cells showing the move that fills them (dim), the last move
in brackets and, at the end, the winning line between asterisks. A game whose moves pick a column
(Connect Four: from the start, each move fills one cell and each column has one move) has its
columns headed by those moves' names instead of letters, and names cells by column and row. Every
mark is readable without colour: the players' symbols differ by shape, and brackets and asterisks
do not depend on colour.
A grid of pieces (`PieceGrid`, chess) labels no empty cell, marks the squares the last move
left as well as those it reached, marks a king in check +K+, and shows its pieces as letters
where the terminal cannot show Unicode (Rich's `ascii_only`: an output encoding other than UTF).
Box lines fall back to ASCII when the terminal cannot show Unicode. A game without a grid is shown
as its sketch (`Game.sketch`: bones and Nim heaps as rows of sticks, plain ASCII), its position in
the game's notation and the moves it allows, the list cut short when it is long.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Protocol, runtime_checkable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from minimax_cli.core.game import MAX, PLAYER_NAMES, AnyGame, Grid, PieceGrid
from minimax_cli.core.i18n import _
from minimax_cli.core.words import count, grouped
from minimax_cli.views.hanging import BrokenBetweenTokens

PLAYER_STYLES = ("bold cyan", "bold magenta")
LAST_STYLE = "reverse"
LINE_STYLE = "bold green underline"
ALERT_STYLE = "bold red"

_UNICODE_BOX = "┌─┬┐│├┼┤└┴┘"
_ASCII_BOX = "+-++|++++++"


@runtime_checkable
class WinningLine(Protocol):
    """Optional hook: the cells (reading order) of the line that ended the game, or None."""

    def winning_line(self, state: Any) -> Sequence[int] | None: ...


def player_labels(game: AnyGame) -> tuple[str, ...]:
    """How the players are called: the game's own names where it has them (chess: White and
    Black), else their grid symbols when the game has a grid (X and O in
    tic-tac-toe, found by playing the first legal move of each), otherwise MAX and MIN; in a game
    of more than two players `player 1`, `player 2`..."""
    players = game.game_type.players
    sides = game.side_names() if players == 2 else None
    if sides is not None:  # the game's own names (chess: White, Black)
        return _(sides[0]), _(sides[1])
    if players != 2:
        return tuple(_("player {number}").format(number=i + 1) for i in range(players))
    names = list(PLAYER_NAMES)
    state = game.initial_state()
    seen: set[int] = set()
    for _turn in range(2):
        before = game.grid(state)
        moves = game.legal_moves(state)
        if before is None or not moves or game.outcome(state) is not None:
            break
        player = game.to_move(state)
        after_state = game.play(state, moves[0])
        after = game.grid(after_state)
        placed = _placed(before, after)
        if after is not None and placed and player not in seen:
            symbol = after.cells[placed[0]]
            if symbol:
                names[player] = symbol
                seen.add(player)
        state = after_state
    if names[0] == names[1]:
        return PLAYER_NAMES[0], PLAYER_NAMES[1]
    return names[0], names[1]


def _placed(before: Grid, after: Grid | None) -> list[int]:
    """Cells that were empty in `before` and hold a mark in `after`."""
    if after is None or len(after.cells) != len(before.cells):
        return []
    return [i for i, (a, b) in enumerate(zip(before.cells, after.cells, strict=True))
            if a is None and b is not None]


def move_cells(game: AnyGame, state: Any) -> dict[int, str]:
    """Empty cell -> the text of the legal move that fills it (for the numbers on empty cells)."""
    before = game.grid(state)
    if before is None or isinstance(before, PieceGrid):
        return {}
    labels: dict[int, str] = {}
    for move in game.legal_moves(state):
        for cell in _placed(before, game.grid(game.play(state, move))):
            labels.setdefault(cell, game.format_move(state, move))
    return labels


def column_moves(game: AnyGame) -> tuple[str, ...] | None:
    """The names of the moves that pick each column, left to right, for a game whose moves drop
    a mark into a column (seen at the start: every move fills one cell, each column has one move);
    None for other games."""
    start = game.initial_state()
    before = game.grid(start)
    if before is None or game.outcome(start) is not None:
        return None
    names: dict[int, str] = {}
    for move in game.legal_moves(start):
        placed = _placed(before, game.grid(game.play(start, move)))
        if len(placed) != 1 or placed[0] % before.cols in names:
            return None
        names[placed[0] % before.cols] = game.format_move(start, move)
    if len(names) != before.cols:
        return None
    return tuple(names[col] for col in range(before.cols))


def changed_cells(game: AnyGame, before: Any, after: Any) -> frozenset[int]:
    """The cells a move changed (the last move's mark)."""
    old, new = game.grid(before), game.grid(after)
    if old is None or new is None or len(old.cells) != len(new.cells):
        return frozenset()
    return frozenset(i for i, (a, b) in enumerate(zip(old.cells, new.cells, strict=True)) if a != b)


def _in_move_order(grid: Grid, cells: Collection[int]) -> list[int]:
    """The cells a move changed, where a piece moved (a PieceGrid) the squares it left first
    (`g1 f3` for Nf3, as a reader of moves expects), else in the grid's order."""
    if not isinstance(grid, PieceGrid):
        return sorted(cells)
    return sorted(cells, key=lambda cell: (bool(grid.cells[cell]), cell))


def winning_cells(game: AnyGame, state: Any) -> frozenset[int]:
    """The winning line's cells when the game offers the hook and someone has a line."""
    if isinstance(game, WinningLine):
        line = game.winning_line(state)
        if line:
            return frozenset(line)
    return frozenset()


def coordinate(grid: Grid, cell: int) -> str:
    """A cell as a coordinate: column letter from the left, row number from the bottom."""
    row, col = divmod(cell, grid.cols)
    return f"{chr(ord('a') + col)}{grid.rows - row}"


def line_words(grid: Grid, cells: Collection[int], columns: Sequence[str]) -> str:
    """Cells of a board whose columns are named `columns`, in words: `row 1, columns 1 to 4`,
    `column 3, rows 2 to 5`, `from column 1, row 1 to column 4, row 4`, or one by one."""
    spots = sorted((col, grid.rows - row) for row, col in (divmod(c, grid.cols) for c in cells))
    cols = sorted({col for col, _row in spots})
    rows = sorted({row for _col, row in spots})
    straight = len(spots) > 1 and all(
        (b[0] - a[0], b[1] - a[1]) == (spots[1][0] - spots[0][0], spots[1][1] - spots[0][1])
        for a, b in pairwise(spots))
    if straight and len(rows) == 1:
        return _("row {row}, columns {first} to {last}").format(
            row=rows[0], first=columns[cols[0]], last=columns[cols[-1]])
    if straight and len(cols) == 1:
        return _("column {column}, rows {first} to {last}").format(
            column=columns[cols[0]], first=rows[0], last=rows[-1])
    if straight:
        (c0, r0), (c1, r1) = spots[0], spots[-1]
        return _("from column {column}, row {row} to column {last_column}, row {last_row}").format(
            column=columns[c0], row=r0, last_column=columns[c1], last_row=r1)
    return "; ".join(_("column {column}, row {row}").format(column=columns[col], row=row)
                     for col, row in spots)


@dataclass(frozen=True)
class BoardView:
    """A grid drawn with coordinates; see the module docstring for the marks."""

    grid: Grid
    labels: Mapping[int, str] = field(default_factory=dict)
    last: Collection[int] = frozenset()
    line: Collection[int] = frozenset()
    styles: Mapping[str, str] = field(default_factory=dict)
    columns: Sequence[str] | None = None  # the column headings; None: letters a, b, c ...

    def cell_width(self) -> int:
        texts = [*(s for s in self.grid.cells if s), *self.labels.values()]
        return max(3, *(len(t) + 2 for t in texts)) if texts else 3

    def cell_text(self, cell: int, width: int, ascii_only: bool = False) -> Text:
        grid = self.grid
        pieces = grid if isinstance(grid, PieceGrid) else None
        symbol = (pieces.letters if pieces is not None and ascii_only else grid.cells)[cell]
        if symbol is None:
            if pieces is not None and cell in self.last:  # the square a piece left
                return Text("[ ]".center(width), style=LAST_STYLE)
            return Text(self.labels.get(cell, "").center(width), style="dim")
        style = self.styles.get(symbol, "bold")
        if pieces is not None and cell in pieces.alert:
            body, style = f"+{symbol}+", f"{style} {ALERT_STYLE}"
            if cell in self.last:
                style = f"{style} {LAST_STYLE}"
        elif cell in self.line:
            body, style = f"*{symbol}*", f"{style} {LINE_STYLE}"
        elif cell in self.last:
            body, style = f"[{symbol}]", f"{style} {LAST_STYLE}"
        else:
            body = symbol
        if cell in self.last and cell in self.line:
            style = f"{style} {LAST_STYLE}"
        return Text(body.center(width), style=style)

    def lines(self, ascii_only: bool) -> list[Text]:
        tl, h, tm, tr, v, ml, mm, mr, bl, bm, br = list(_ASCII_BOX if ascii_only else _UNICODE_BOX)
        rows, cols, width = self.grid.rows, self.grid.cols, self.cell_width()
        margin = len(str(rows))
        pad = " " * (margin + 1)
        names = self.columns or [chr(ord("a") + c) for c in range(cols)]
        letters = Text(pad + " " + "".join(names[c].center(width + 1) for c in range(cols)),
                       style="dim")

        def rule(left: str, mid: str, right: str) -> Text:
            return Text(pad + left + mid.join(h * width for _ in range(cols)) + right, style="dim")

        out = [letters, rule(tl, tm, tr)]
        for r in range(rows):
            number = str(rows - r).rjust(margin)
            text = Text(number + " ", style="dim")
            text.append(v, style="dim")
            for c in range(cols):
                text.append_text(self.cell_text(r * cols + c, width, ascii_only))
                text.append(v, style="dim")
            text.append(" " + number, style="dim")
            out.append(text)
            out.append(rule(ml, mm, mr) if r < rows - 1 else rule(bl, bm, br))
        out.append(letters)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.ascii_only)


def board(game: AnyGame, state: Any, previous: Any | None = None, move: Any | None = None, *,
          show_line: bool = True) -> RenderableType:
    """The board of `state`; `previous` and `move` (the last move, played from `previous`) mark it.

    For a game without a grid: its sketch, when it has one, above its position text and moves.
    """
    grid = game.grid(state)
    if grid is None:
        lines = game.sketch(state)
        if not lines:
            return position_text(game, state)
        return Group(*(Text(line, style="bold") for line in lines), position_text(game, state))
    labels = player_labels(game)
    styles = {labels[MAX]: PLAYER_STYLES[0], labels[1 - MAX]: PLAYER_STYLES[1]}
    last = changed_cells(game, previous, state) if previous is not None else frozenset()
    line = winning_cells(game, state) if show_line else frozenset()
    columns = column_moves(game)
    view = BoardView(grid, move_cells(game, state), last, line, styles, columns)
    caption = caption_text(game, grid, previous, move, last, line, columns)
    return Group(view, caption) if caption else view


def caption_text(game: AnyGame, grid: Grid, previous: Any | None, move: Any | None,
                 last: Collection[int], line: Collection[int],
                 columns: Sequence[str] | None = None) -> Text:
    """One line under the board naming what the marks show, for readers without colour; cells
    by coordinate, or by column and row where the moves name the columns (`columns`)."""
    parts: list[str] = []
    if last:
        text = game.spoken_move(previous, move) if previous is not None and move is not None else ""
        if columns is not None:
            where = line_words(grid, last, columns)
            if len(last) == 1:  # the move names the column: the row says where the mark fell
                where = _("row {row}").format(row=grid.rows - min(last) // grid.cols)
        else:
            where = " ".join(coordinate(grid, c) for c in _in_move_order(grid, last))
        if line and set(last) <= set(line):  # drawn *X* in the line, not [X]: no [ ] to name
            parts.append(_("last move: {move} ({where})").format(move=text, where=where)
                         if text and text != where else _("last move: {where}").format(where=where))
        else:
            parts.append(_("last move [ ]: {move} ({where})").format(move=text, where=where)
                         if text and text != where else
                         _("last move [ ]: {where}").format(where=where))
    if line:
        cells = (line_words(grid, line, columns) if columns is not None
                 else " ".join(coordinate(grid, c) for c in sorted(line)))
        parts.append(_("winning line * *: {cells}").format(cells=cells))
    if isinstance(grid, PieceGrid) and grid.alert:
        parts.append(_("in check + +: {cells}").format(
            cells=" ".join(coordinate(grid, c) for c in grid.alert)))
    return Text("   ".join(parts), style="dim")


def mini_board(game: AnyGame, state: Any) -> Text | None:
    """A grid game's position in a few characters a row (`X . O`), for drawing beside each node
    of a searched tree; None for a game without a grid."""
    grid = game.grid(state)
    if grid is None:
        return None
    labels = player_labels(game)
    styles = {labels[MAX]: PLAYER_STYLES[0], labels[1 - MAX]: PLAYER_STYLES[1]}
    text = Text()
    for r in range(grid.rows):
        if r:
            text.append("\n")
        for c in range(grid.cols):
            symbol = grid.cells[r * grid.cols + c]
            if c:
                text.append(" ")
            text.append(symbol or ".", style=styles.get(symbol or "", "dim"))
    return text


#: The most moves `position_text` lists; beyond, the first few, the last and how many there are.
LISTED_MOVES = 12


#: A position's text is shown up to this many characters.
POSITION_CHARS = 200


def position_text(game: AnyGame, state: Any) -> RenderableType:
    """A game without a grid: its position in the game's notation and the moves it allows (all
    of them up to LISTED_MOVES), or that the game is over. Each wraps under its own start,
    between tokens (see `BrokenBetweenTokens`)."""
    # The two labels are padded to the same width, so that the values line up.
    label = Text(_("position: "), style="dim")
    position = game.format_position(state)
    if len(position) <= POSITION_CHARS:
        shown_position = BrokenBetweenTokens(label, position, style="bold")
    else:  # a 4 MB tree would bury the report: the JSON has it whole
        shown_position = BrokenBetweenTokens(
            label, position[:POSITION_CHARS] + "…", style="bold",
            after=Text(_(" ({count} characters; --json has it all)").format(
                count=grouped(len(position))), style="dim"))
    label = Text(_("moves:    "), style="dim")
    moves = game.legal_moves(state)
    if not moves:
        return Group(shown_position, label.append(_("none, the game is over")))
    shown = [game.format_move(state, m) for m in
             (moves if len(moves) <= LISTED_MOVES else moves[: LISTED_MOVES - 2])]
    if len(moves) > LISTED_MOVES:
        shown += ["...", game.format_move(state, moves[-1])]
    after = (Text(" (" + count(len(moves), "move") + ")", style="dim")
             if len(moves) > LISTED_MOVES else None)
    return Group(shown_position, BrokenBetweenTokens(label, ", ".join(shown), after=after))


__all__ = [
    "BoardView",
    "WinningLine",
    "board",
    "changed_cells",
    "column_moves",
    "coordinate",
    "line_words",
    "mini_board",
    "move_cells",
    "player_labels",
    "position_text",
]
