"""`--save FILE` (analyze, and the quiz's tree): figures for slides, the format told by the
file's ending, as a teacher names a file for a slide:

- `.svg`, `.html` (`.htm`): what the terminal shows, exactly (Rich's recorded console): the moves
  table, `--tree`, `--trace`, `--compare`, the quiz's tree;
- `.tex`: the searched tree as LaTeX (`forest`, TikZ), views.tikz;
- `.dot` (`.gv`): the searched tree as Graphviz DOT, views.dot;
- `.board.svg`, `.board.tex`: the position's board, with arrows for the principal variation's first
  moves, as the game draws it (its `board_figure` hook: chess's is python-chess's SVG and a LaTeX
  `chessboard` snippet); a game that draws no board refuses it in one line. The double ending
  keeps `.svg` what it has always been (the terminal's view) for every game.

One option, repeatable (`--save tree.svg --save tree.tex`), rather than one option a format: the
ending already says the format, as it does for every drawing program. The names are checked
before the search (an unknown ending, a missing folder, a folder, pipe or device given as the
file: one line, exit 2); a tree's figure is drawn (and refused when too large for a slide)
before the terminal shows anything, and the files written after it; each file written is named
on stderr, so that stdout stays what the terminal shows.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Final

import typer

from minimax_cli.cli.base import fail
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.record import Record

if TYPE_CHECKING:
    from rich.console import Console

    from minimax_cli.core.game import Game
    from minimax_cli.core.result import SearchResult

#: File endings and the format each one means.
ENDINGS = {".svg": "svg", ".html": "html", ".htm": "html", ".tex": "tex", ".dot": "dot",
           ".gv": "dot"}
#: Double endings that ask for the position's board (the game draws it), and their formats.
BOARD_ENDINGS = {".board.svg": "board-svg", ".board.tex": "board-tex"}
#: Formats that save the terminal's view; the board's; the others draw the searched tree.
TERMINAL = ("svg", "html")
BOARD = tuple(BOARD_ENDINGS.values())
#: Opening a file for a figure never waits for a pipe's reader (no such flag on Windows).
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
#: The title of a saved terminal (the window's title in the SVG, the page's in the HTML).
TITLE = "minimax"

SAVE_HELP = N_("Save the view as a figure for slides, the format from FILE's ending: .svg or "
             ".html, what the terminal shows; .tex, the searched tree in LaTeX (forest/TikZ); "
             ".dot, the searched tree in Graphviz; .board.svg or .board.tex, the position's board "
             "with arrows for the principal variation (chess). May be given more than once. A .tex figure "
             "shrinks to fit the line's width and 0.8 of the text height (a Beamer frame): "
             "define \\minimaxwidth and \\minimaxheight before \\input to change that.")
#: The option itself, for the commands that save (a list: it may be repeated).
SaveOption = Annotated[list[str] | None, typer.Option("--save", metavar=N_("FILE"), help=SAVE_HELP)]


class Figure(Record):
    """A file to save and its kind (svg, html, tex, dot). A record, not a dataclass: every
    `analyze` loads this module (core.record says why)."""

    __slots__ = ("kind", "path")
    fields = ("path", "kind")

    def __init__(self, path: str, kind: str) -> None:
        self.path: Final = path
        self.kind: Final = kind


def _shown(path: str) -> str:
    return repr(path)[:60]


def figures(paths: list[str] | None) -> list[Figure]:
    """The figures asked for, each checked before anything is searched: one line and exit 2 for
    an ending that names no format, a folder given as the file, or a folder that is not there."""
    found = []
    for path in paths or []:
        if os.path.isdir(path):
            fail(_("--save {file} is a folder: give a file name").format(file=_shown(path)))
        if os.path.exists(path) and not os.path.isfile(path):
            # A pipe would hold the command until something reads it, a device is no figure.
            fail(_("--save {file} is not a regular file (a pipe or a device): give the name of "
                   "a file").format(file=_shown(path)))
        kind = _kind(path)
        if kind is None:
            fail(_("--save {file}: the format comes from the file's ending: give .svg or .html "
                   "(what the terminal shows), .tex (LaTeX, forest) or .dot (Graphviz)").format(
                       file=_shown(path)))
        folder = os.path.dirname(path) or "."
        if not os.path.isdir(folder):
            fail(_("cannot write {file}: there is no folder {folder}").format(
                file=_shown(path), folder=_shown(folder)))
        if not os.access(folder, os.W_OK):
            fail(_("cannot write {file}: the folder {folder} is not writable").format(
                file=_shown(path), folder=_shown(folder)))
        found.append(Figure(path, kind))
    return found


def _kind(path: str) -> str | None:
    """The format a file's ending names (a board's double ending first); None: no format."""
    lowered = path.lower()
    for ending, kind in BOARD_ENDINGS.items():
        if lowered.endswith(ending):
            return kind
    return ENDINGS.get(os.path.splitext(lowered)[1])


def terminal_figures(found: list[Figure]) -> list[Figure]:
    return [f for f in found if f.kind in TERMINAL]


def table_figures(paths: list[str] | None, as_json: bool, option: str) -> list[Figure]:
    """The figures of a table kept as the terminal shows it (`--horizon`, `--terms`): .svg or
    .html, and the position's board (.board.svg, .board.tex), not beside --json; one line and
    exit 2 for anything else."""
    found = figures(paths)
    if any(f.kind not in TERMINAL and f.kind not in BOARD for f in found) or (as_json and found):
        fail(_("{option} saves its table as the terminal shows it (.svg, .html) and the "
               "position's board (.board.svg, .board.tex), without --json").format(option=option))
    return found


def tree_figures(found: list[Figure]) -> list[Figure]:
    return [f for f in found if f.kind not in TERMINAL and f.kind not in BOARD]


def draw_boards(game: Game[Any, Any], state: Any, result: SearchResult,
                found: list[Figure]) -> list[tuple[str, str]]:
    """The position's board for each .board.svg or .board.tex asked for, with arrows for the
    principal variation's first moves: each file and its text, to write with `write_all`; one
    line and exit 2 for a game that draws no board."""
    return draw_board_line(game, state, result.pv, found)


def draw_board_line(game: Game[Any, Any], state: Any, line: Sequence[Any],
                    found: list[Figure]) -> list[tuple[str, str]]:
    """The position's board for each .board.svg or .board.tex asked for, with arrows for the
    first moves of `line` (none when it is empty), as `draw_boards`."""
    drawn = []
    for figure in found:
        if figure.kind not in BOARD:
            continue
        text = game.board_figure(state, list(line), figure.kind.removeprefix("board-"))
        if text is None:
            fail(_("--save {file}: {game} draws no board for a slide: save .svg or .html (what "
                   "the terminal shows)").format(file=_shown(figure.path), game=game.name))
        drawn.append((figure.path, text))
    return drawn


def write(path: str, text: str) -> None:
    """`text` into `path` (replaced if it exists), named on stderr; one line and exit 2 if the
    system refuses."""
    try:
        # Opened without waiting: a pipe put in the file's place since the names were checked
        # has no reader, and the command must not wait for one (ENXIO, one line).
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | NONBLOCK, 0o666)
        os.set_blocking(descriptor, True)
        with open(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    except OSError as error:
        fail(_("cannot write {file}: {reason}").format(file=_shown(path),
                                                      reason=error.strerror or error))
    from rich.console import Console
    from rich.text import Text

    Console(stderr=True, highlight=False).print(
        Text(_("saved {file}").format(file=path), style="dim"), soft_wrap=True)


def save_terminal(recorded: Console, found: list[Figure]) -> None:
    """What `recorded` (a console made with `record=True`) has shown, saved as SVG or HTML."""
    for figure in terminal_figures(found):
        if figure.kind == "svg":
            from minimax_cli.views.svg import self_contained

            write(figure.path, self_contained(recorded.export_svg(title=TITLE, clear=False)))
        else:
            write(figure.path, recorded.export_html(clear=False))


def draw_trees(game: Game[Any, Any], state: Any, result: SearchResult, found: list[Figure], *,
               engine: bool, depth: int | None) -> list[tuple[str, str]]:
    """The searched tree of `result` as LaTeX or DOT: each file and its text, to write once the
    terminal has shown the analysis (`write_all`); one line and exit 2 when the search recorded
    no tree, or one too large for a figure or without every node of the levels asked for."""
    wanted = tree_figures(found)
    if not wanted:
        return []
    if result.trace is None:
        fail(_("--save {file} draws the searched tree, and {algorithm} records none: save the "
               "terminal's view as .svg or .html, or choose another --algorithm").format(
                   file=_shown(wanted[0].path), algorithm=result.algorithm))
    from minimax_cli.views.dot import dot
    from minimax_cli.views.figure import FigureIncomplete, FigureTooLarge, figure_tree
    from minimax_cli.views.tikz import tikz

    try:
        tree = figure_tree(game, state, result.trace, engine=engine, pv=result.pv, depth=depth,
                           truncated=result.trace_truncated)
    except (FigureTooLarge, FigureIncomplete) as error:
        fail(_("--save {file}: {reason}").format(file=_shown(wanted[0].path), reason=error))
    title = f"{game.name} · {result.algorithm}"
    return [(figure.path, tikz(tree, title) if figure.kind == "tex" else dot(tree, title))
            for figure in wanted]


def write_all(drawn: list[tuple[str, str]]) -> None:
    """Each (file, text) of `draw_trees` written, and named on stderr."""
    for path, text in drawn:
        write(path, text)


__all__ = ["SAVE_HELP", "Figure", "SaveOption", "draw_board_line", "draw_boards", "draw_trees",
           "figures", "save_terminal", "terminal_figures", "tree_figures", "write", "write_all"]
