"""What the help pages show, row by row, for Click's formatting hooks in `cli.commands`.

Built from each command's own parameters and from the registry, never written twice: options
show their value's name (`--depth PLIES`) and flags show none (`--tree`); no type tags. A command
that takes game parameters lists every game's (the registry's declared parameters), and one with
`--algorithm` lists the algorithms. The registry and the search core load only when a page that
needs them is drawn. Every text is translated as it is drawn (`help.translated`).

Parameters are read through Click's documented attributes (`param_type_name`, `opts`,
`secondary_opts`, `is_flag`, `metavar`, `help`, `default`, `show_default`, `hidden`).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from minimax_cli.cli.help import translated
from minimax_cli.core.i18n import _, pgettext


class HelpWriter(Protocol):
    """The part of Click's `HelpFormatter` the pages use (the formatter Click hands the hooks)."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None: ...

    def write_paragraph(self) -> None: ...

    def write_text(self, text: str) -> None: ...

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None: ...

    def section(self, name: str) -> AbstractContextManager[None]: ...

    def indentation(self) -> AbstractContextManager[None]: ...


# --- parameters --------------------------------------------------------------------------------
def is_option(param: Any) -> bool:
    return getattr(param, "param_type_name", "") == "option" and not getattr(param, "hidden", False)


def is_argument(param: Any) -> bool:
    return getattr(param, "param_type_name", "") == "argument"


def value_name(param: Any) -> str:
    """The name shown for an option's value: its metavar, else its long name in capitals."""
    if param.metavar:
        return translated(param.metavar)
    long = next((name for name in param.opts if name.startswith("--")), param.opts[0])
    return str(long).lstrip("-").upper()


def argument_name(param: Any) -> str:
    return translated(str(param.metavar or param.name).upper())


def option_label(param: Any) -> str:
    """`-a, --algorithm NAME`, `--tree`, `--review / --no-review`."""
    names = sorted(param.opts, key=lambda name: (name.startswith("--"), name))
    label = ", ".join(names)
    if param.secondary_opts:
        label += " / " + ", ".join(param.secondary_opts)
    if not getattr(param, "is_flag", False):
        label += " " + value_name(param)
    return label


def shown_default(param: Any) -> str | None:
    """The default worth showing: a value, or which of a flag pair is on; not an unset value."""
    show = getattr(param, "show_default", False)
    if isinstance(show, str):
        return show
    default = param.default
    if not show or default is None or callable(default) or default == "":
        return None
    if getattr(param, "is_flag", False):
        if param.secondary_opts and isinstance(default, bool):
            return str((param.opts if default else param.secondary_opts)[0])
        return None
    return str(default)


def joined(text: str) -> str:
    """`text` on one line; no-break spaces (Spanish digit groups: `4 000 000`) are kept."""
    return re.sub(r"[ \t\r\n]+", " ", text).strip()


def option_help(param: Any) -> str:
    text = joined(translated(param.help))
    default = shown_default(param)
    if default is None:
        return text
    return _("{help} [default: {value}]").format(help=text, value=default)


def usage_pieces(params: Iterable[Any], options_metavar: str | None, extra: Iterable[str],
                 game_parameters: bool) -> list[str]:
    """`[OPTIONS] GAME [POSITION] [GAME PARAMETERS]`: arguments by name, optional ones bracketed."""
    pieces = [translated(options_metavar)] if options_metavar else []
    for param in params:
        if is_argument(param):
            name = argument_name(param)
            pieces.append(name if param.required else f"[{name}]")
    pieces.extend(translated(word) for word in extra)
    if game_parameters:
        pieces.append(_("[GAME PARAMETERS]"))
    return pieces


def write_usage(formatter: HelpWriter, command_path: str, pieces: Iterable[str]) -> None:
    formatter.write_usage(command_path, " ".join(pieces), prefix=_("Usage:") + " ")


def write_paragraph(formatter: HelpWriter, text: str | None) -> None:
    """A description or an epilog, translated, as Click writes one (up to a form feed)."""
    paragraph = inspect.cleandoc(translated(text)).partition("\f")[0]
    if paragraph:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(paragraph)


# --- sections ------------------------------------------------------------------------------------
def write_section(formatter: HelpWriter, title: str, rows: Sequence[tuple[str, str]]) -> None:
    if rows:
        with formatter.section(title):
            formatter.write_dl(list(rows))


def argument_rows(params: Iterable[Any],
                  extra: Iterable[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    for param in params:
        if is_argument(param):
            yield argument_name(param), joined(translated(param.help))
    for name, text in extra:
        yield translated(name), translated(text)


def option_rows(params: Iterable[Any]) -> list[tuple[str, str]]:
    return [(option_label(p), option_help(p)) for p in params if is_option(p)]


def algorithm_rows() -> list[tuple[str, str]]:
    from minimax_cli.core.search import ALGORITHMS, DEFAULT_ALGORITHM

    return [(name, _("{description} (the default)").format(
                description=translated(algorithm.description))
             if name == DEFAULT_ALGORITHM else translated(algorithm.description))
            for name, algorithm in ALGORITHMS.items()]


def parameter_words(parameters: Iterable[Any]) -> str:
    """`--n N  --take A,B,...  --misere`: a flag (a bool default) takes no value."""
    words = [f"--{p.name}" if isinstance(p.default, bool) else f"--{p.name} {p.metavar}"
             for p in parameters]
    return "  ".join(words) or pgettext("parameters", "none")


def game_parameter_rows() -> list[tuple[str, str]]:
    """One row per registered game: its name and its parameters as options."""
    from minimax_cli import registry

    rows = []
    for name in registry.names():
        try:
            rows.append((name, parameter_words(registry.load(name).parameters)))
        except registry.UnknownGameError as error:  # a broken plugin must not break the help
            rows.append((name, str(error)))
    return rows


def first_sentence(text: str | None) -> str:
    """The first sentence of a command's description, for the list of commands."""
    paragraph = inspect.cleandoc(text or "").split("\n\n")[0]
    line = joined(paragraph)
    head, dot, _rest = line.partition(". ")
    return head + "." if dot else line
