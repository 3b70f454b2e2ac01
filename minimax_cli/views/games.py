"""The game registry for the terminal: `minimax games` (plain text) and `minimax games GAME`.

Everything shown comes from what each game declares (description, type, parameters, notation,
bundled positions, evaluation functions); the examples are built from the same, so a game added
through an entry point gets its page and its examples without writing either.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from minimax_cli.core.game import Game, Parameter
from minimax_cli.core.i18n import _, ngettext, pgettext
from minimax_cli.core.params import grouped

GameClass = type[Game[Any, Any]]

#: Pages are wrapped to the terminal, but no wider than this: long lines are hard to read.
MAX_WIDTH = 100
#: A position longer than this is not spelled out in an example command.
EXAMPLE_POSITION_LIMIT = 30


def is_flag(parameter: Parameter) -> bool:
    """A yes/no parameter, given as a bare `--misere` (or `--misere=false`)."""
    return isinstance(parameter.default, bool)


def parameter_words(parameters: Iterable[Parameter]) -> str:
    """`--n N  --take A,B,...  --misere`: each parameter as an option; a flag takes no value."""
    words = [f"--{p.name}" if is_flag(p) else f"--{p.name} {p.metavar}" for p in parameters]
    return "  ".join(words) or "none"


def default_text(value: object) -> str:
    """A default value as it would be typed: `1,2,3` for a tuple."""
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- all games -----------------------------------------------------------------------------------
def games_overview(classes: dict[str, GameClass], width: int = 80) -> str:
    """One block per game: name, description, parameters, bundled positions; then a pointer.

    Plain text wrapped here: this is the page `minimax games` prints, and a Rich table's import
    and layout, even Rich's first print, cost a tenth of the tool's start-up."""
    column = max((len(name) for name in classes), default=0) + 2
    wrap = max(width - column - 1, 20)
    lines = [_("Games")]
    for name, cls in classes.items():
        block = textwrap.wrap(_(cls.description), wrap) or [""]
        block.append(_("parameters: {parameters}").format(
            parameters=parameter_words(cls.parameters)) if cls.parameters else
            _("parameters: none"))
        named = cls.named_positions()
        if named:
            block.extend(textwrap.wrap(_("bundled positions: {positions}").format(
                positions=" ".join(named)), wrap))
        lines.append(name.ljust(column) + ("\n" + " " * column).join(block))
    lines.append("")
    lines.extend(textwrap.wrap(_(
        "`minimax games GAME` shows one game in full: its parameters, its position and move "
        "notation, and examples to run."), width - 1))
    return "\n".join(lines)


# --- one game ------------------------------------------------------------------------------------
def _section(title: str) -> Text:
    return Text.assemble("\n", (title, "bold underline"))


def _rows(rows: Sequence[tuple[str, str]], width: int) -> Text:
    """Labels in bold, each text wrapped beside its label with a hanging indent."""
    column = max(len(label) for label, _ in rows) + 2
    wrap = max(width - column - 1, 20)
    text = Text()
    for label, body in rows:
        text.append(label.ljust(column), style="bold")
        text.append(("\n" + " " * column).join(textwrap.wrap(body, wrap) or [""]) + "\n")
    text.rstrip()
    return text


def parameter_rows(parameters: Iterable[Parameter]) -> list[tuple[str, str]]:
    rows = []
    for p in parameters:
        help_text = _(p.help) if p.help else ""  # _("") is the catalogue's header
        if is_flag(p):
            label = f"--{p.name}"
            text = _("{help} (a flag: off unless given)").format(help=help_text)
        else:
            label = f"--{p.name} {p.metavar}"
            text = _("{help} (default {default})").format(help=help_text,
                                                           default=default_text(p.default))
        if p.sets_start:
            text += _("; it sets the start position: give it or a position, not both")
        rows.append((label, text))
    return rows


def _default_game(cls: GameClass) -> Game[Any, Any] | None:
    try:
        return cls()
    except ValueError:  # a game that needs parameters: no instance to ask
        return None


def examples(name: str, cls: GameClass) -> list[tuple[str, str]]:
    """Commands to run for this game, each with what it shows, built from its declarations."""
    import shlex  # only for one game's page

    rows = [(f"minimax play {name}", _("play against the AI from the start"))]
    game = _default_game(cls)
    named = list(cls.named_positions())
    if named:
        position = shlex.quote(named[0])
        rows.append((f"minimax analyze {name} {position} --algorithm alphabeta --tree",
                     _("alpha-beta on the bundled position {position}, with its search "
                       "tree").format(position=named[0])))
        rows.append((f"minimax solve {name} {position}", _("its value, proven")))
    elif cls.example_position is not None:
        # Too large to solve from the start: a position that is answered in a moment.
        position = shlex.quote(cls.example_position)
        rows.append((f"minimax analyze {name} {position}",
                     _("every move's value in a middle game")))
        rows.append((f"minimax solve {name} {position}", _("its value, proven")))
    else:
        start = game.initial_state() if game is not None else None
        moves = game.legal_moves(start) if game is not None else ()
        if game is not None and moves:
            after = game.format_position(game.play(start, moves[0]))
            if len(after) <= EXAMPLE_POSITION_LIMIT:
                move = game.format_move(start, moves[0])
                rows.append((f"minimax analyze {name} {shlex.quote(after)}",
                             _("every move's value one move in (after {move})").format(
                                 move=move)))
        rows.append((f"minimax solve {name}", _("who wins from the start with perfect play")))
    if cls.parameters:
        words = [f"--{p.name}" if is_flag(p) else f"--{p.name} {shlex.quote(default_text(p.default))}"
                 for p in cls.parameters]
        where = "" if cls.example_position is None else f" {shlex.quote(cls.example_position)}"
        rows.append((f"minimax solve {name}{where} {' '.join(words)}",
                     _("every parameter given, each at its default, the flags turned on")
                     if any(map(is_flag, cls.parameters)) else
                     _("every parameter given, each at its default")))
    evaluators = list(game.evaluators()) if game is not None else []
    if evaluators:
        rows.append((f"minimax analyze {name} --depth 2 --eval {evaluators[0]}",
                     _("a search cut 2 plies deep, scored by {evaluation}").format(
                         evaluation=evaluators[0])))
    return rows


def _example_lines(rows: Sequence[tuple[str, str]]) -> Text:
    """What each example shows, then the command on a line of its own: never cut or wrapped."""
    text = Text()
    for command, comment in rows:
        text.append(f"  {comment[:1].upper()}{comment[1:]}:\n", style="dim")
        text.append(f"    {command}\n", style="bold")
    text.rstrip()
    return text


def _book_lines(game: Any, kernel: Any, width: int) -> list[RenderableType]:
    """The game's opening book, where it has one: size, what it covers, where its values come
    from and how it was built (read from the book file itself)."""
    path = kernel.book_file() if kernel is not None else None
    if path is None:
        return []
    from minimax_cli.core.book import source_words
    from minimax_cli.core.book_index import summarize

    summary = summarize(path, lambda position: kernel.plies(game.parse_position(position)))
    if summary is None:
        return [Text.assemble((_("opening book: "), "dim"), _("none built"))]
    label = _("opening book: ")
    said_size = textwrap.fill(label + _("{entries} positions, {size} bytes ({command} shows them)")
                              .format(entries=grouped(summary.entries), size=grouped(summary.size),
                                      command=f"minimax book show {game.name}"),
                              width - 1, subsequent_indent="  ")
    lines: list[RenderableType] = [Text.assemble((label, "dim"), said_size[len(label):])]
    said = [source_words(count, low, high, source.text)
        for source, count, low, high in summary.by_source]
    return lines + [Text(textwrap.fill(line, width - 1, initial_indent="  ",
                                       subsequent_indent="    "))
                    for line in said + summary.comments]


def game_view(name: str, cls: GameClass, width: int = 80) -> RenderableType:
    """One game in full: what it is, its parameters, notation, positions and examples."""
    head = Text("\n".join(textwrap.wrap(f"{name}: {_(cls.description)}", width - 1)))
    head.stylize("bold", 0, len(name))
    game = _default_game(cls)
    kernel = game.proof_kernel() if game is not None else None
    parts: list[RenderableType] = [
        head,
        Text.assemble((_("type: "), "dim"), cls.game_type.describe()),
        # Which code proves its positions: the native kernel where it was built, or Python.
        *([Text.assemble((_("proof search: "), "dim"), _(kernel.kernel_name()))]
          if kernel is not None else []),
        *_book_lines(game, kernel, width),
        _section(_("Parameters (options after the game's name)")),
        _rows(parameter_rows(cls.parameters), width) if cls.parameters else Text(
            pgettext("parameters", "none")),
        _section(_("Notation")),
        # The nouns alone, as ngettext has them (a plain _("move") would miss their translation).
        _rows([(ngettext("position", "positions", 1),
                _(cls.position_help) if cls.position_help else "-"),
               (ngettext("move", "moves", 1), _(cls.move_help) if cls.move_help else "-")],
              width),
    ]
    evaluators = list(game.evaluators()) if game is not None else []
    if evaluators:
        parts.append(_section(_("Evaluation functions (--eval NAME)")))
        parts.append(Text(", ".join([_("{name} (the default)").format(name=evaluators[0]),
                                     *evaluators[1:]])))
        depths = cls.level_depths
        levels = _("play's levels 1 to 4 search {depths} plies deep with it; level 5 to the end "
                   "within the time budget").format(
            depths=", ".join(str(depths[level]) for level in sorted(depths)))
        parts.append(Text("\n".join(textwrap.wrap(levels, width - 1))))
    named = cls.named_positions()
    if named:
        parts.append(_section(_("Bundled positions")))
        parts.append(_rows([(position, _(text)) for position, text in named.items()], width))
    parts.append(_section(_("Examples")))
    parts.append(_example_lines(examples(name, cls)))
    return Group(*parts)
