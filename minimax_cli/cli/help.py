"""The help pages and the overview of a bare `minimax`: plain text that fits 80 columns.

Built from each command's own parameters and from the registry, never written twice: options
show their value's name (`--depth PLIES`) and flags show none (`--tree`); no type tags. A command
that takes game parameters lists every game's (the registry's declared parameters), and one with
`--algorithm` lists the algorithms. Imports of the core and the registry happen only when a page
that needs them is drawn, so `minimax --help` starts as fast as Typer itself.

Help texts reach Typer at import, before `--lang` is read, so they are English there (marked N_
for the catalogue, or made by `help_text` when they hold values) and translated here, as the page
is drawn (`translated`): the English text is the catalogue's key.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from minimax_cli.core.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from typer._click import Context, HelpFormatter

OVERVIEW_EXAMPLES = (
    ("minimax play", N_("tic-tac-toe against the AI; you are X")),
    ("minimax analyze tictactoe X.O/.X./...", N_("the value of every move, the best line")),
    ("minimax solve bones --n 21", N_("who wins with perfect play, and how")),
    ("minimax games", N_("the games, their parameters, notation")),
)

OVERVIEW_HEAD = N_(
    "minimax plays, analyzes and solves games by adversarial search: minimax,\n"
    "alpha-beta, expectiminimax with dice, max^n for several players, Monte Carlo\n"
    "tree search, and a negamax engine for positions too big for the textbook ones."
)

OVERVIEW_NEXT = N_(
    "Next: `minimax games GAME` shows one game in full, with examples;\n"
    "`minimax COMMAND --help` shows a command's options; `minimax --help`, the rest.\n"
    "En español: --lang es."
)

LANG_HELP = N_("The interface's language: en (English) or es (español), given anywhere on the "
               "line; default: the locale's (LANG).")

GROUP_EPILOG = N_(
    "`minimax COMMAND --help` shows a command's options and the games' parameters; "
    "`minimax games` lists the games and `minimax games GAME` shows one in full, with examples. "
    "A bare `minimax` prints a short overview."
)

#: Typer's own words on the pages (its options' help, the usage line), for the catalogue.
TYPER_WORDS = (
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
    N_("[OPTIONS]"),
)

#: The order commands are listed in: the usual path of a new user.
COMMAND_ORDER = ("play", "analyze", "solve", "games", "quiz")


def overview() -> str:
    """What a bare `minimax` prints: what the tool does, one example per command, where next."""
    width = max(len(command) for command, _what in OVERVIEW_EXAMPLES) + 2
    lines = [f"  {command:<{width}}{_(what)}" for command, what in OVERVIEW_EXAMPLES]
    return "\n".join([_(OVERVIEW_HEAD), "", *lines, "", _(OVERVIEW_NEXT)])


# --- translation at draw time ----------------------------------------------------------------------
#: Help texts made by `help_text`, as Typer keeps them -> (the catalogue's template, its values).
_FILLED: dict[str, tuple[str, dict[str, Any]]] = {}


def _fill(template: str, values: dict[str, Any]) -> str:
    """`template` with `values`: whole numbers grouped as the interface's language writes them,
    functions called (a phrase that translates itself)."""
    from minimax_cli.i18n.words import grouped

    def shown(value: Any) -> Any:
        return grouped(value) if type(value) is int else value() if callable(value) else value

    return template.format(**{name: shown(value) for name, value in values.items()})


def help_text(template: str, **values: Any) -> str:
    """The English help text `template` (marked N_) filled with `values`, for Typer at import;
    remembered, so that `translated` fills the template's translation when the page is drawn.
    Whole numbers are grouped by language (`1,000,000`, `1 000 000`); a phrase that must be
    translated too is given as a function that returns it; give the rest as text."""
    text = _fill(template, values)
    _FILLED[inspect.cleandoc(text)] = (template, values)
    return text


def translated(text: str | None) -> str:
    """A help text, a metavar or a heading, given in English, in the interface's language."""
    if not text:
        return ""
    template, values = _FILLED.get(inspect.cleandoc(text), (text, None))
    return _(template) if values is None else _fill(_(template), values)


# --- Click's usage errors --------------------------------------------------------------------------
#: The usage errors of Typer's vendored Click, which writes them in English: each template is
#: matched whole against an error's message, and its translation filled with the same fields.
USAGE_ERRORS = (
    N_("No such option: {option}"),
    N_("No such option: {option} (Possible options: {options})"),
    N_("No such command {command}."),
    N_("No such command {command}. Did you mean {suggestions}?"),
    N_("Missing argument {argument}."),
    N_("Missing option {option}."),
    N_("Missing command."),
    N_("Invalid value for {option}: {message}"),
    N_("Invalid value: {message}"),
    N_("Option {option} requires an argument."),
    N_("Option {option} does not take a value."),
    N_("Got unexpected extra argument(s) ({words})"),
)


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)  # literal, field, literal, field, ...
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                              for i, part in enumerate(parts)), re.DOTALL)


def usage_message(message: str) -> str:
    """A usage error of Click's in the interface's language (unchanged when none matches); an
    argument's name is translated as its page shows it (`'GAME'`, `'JUEGO'`)."""
    for template in USAGE_ERRORS:
        match = _pattern(template).fullmatch(message)
        if match is not None:
            fields = match.groupdict()
            if "argument" in fields:
                fields["argument"] = "'{}'".format(translated(fields["argument"].strip("'")))
            return _(template).format(**fields)
    return message


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


def usage_pieces(command: Any, ctx: Context) -> list[str]:
    """`[OPTIONS] GAME [POSITION] [GAME PARAMETERS]`: arguments by name, optional ones bracketed."""
    pieces = [translated(command.options_metavar)] if command.options_metavar else []
    for param in command.get_params(ctx):
        if is_argument(param):
            name = argument_name(param)
            pieces.append(name if param.required else f"[{name}]")
    pieces.extend(translated(word) for word in command.usage_extra)
    if command.takes_game_parameters:
        pieces.append(_("[GAME PARAMETERS]"))
    return pieces


def write_usage(formatter: HelpFormatter, ctx: Context, pieces: str) -> None:
    formatter.write_usage(ctx.command_path, pieces, prefix=_("Usage:") + " ")


def write_description(formatter: HelpFormatter, text: str | None) -> None:
    """A command's description, translated, as Click writes it (up to a form feed)."""
    description = inspect.cleandoc(translated(text)).partition("\f")[0]
    if description:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(description)


# --- sections ------------------------------------------------------------------------------------
def write_section(formatter: HelpFormatter, title: str, rows: Sequence[tuple[str, str]]) -> None:
    if rows:
        with formatter.section(title):
            formatter.write_dl(list(rows))


def argument_rows(command: Any, ctx: Context) -> list[tuple[str, str]]:
    rows = [(argument_name(p), joined(translated(p.help)))
            for p in command.get_params(ctx) if is_argument(p)]
    return rows + [(translated(name), translated(text)) for name, text in command.extra_arguments]


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


def format_command_help(command: Any, ctx: Context, formatter: HelpFormatter) -> None:
    """A command's page: usage, description, arguments, options, algorithms, game parameters."""
    write_usage(formatter, ctx, " ".join(usage_pieces(command, ctx)))
    write_description(formatter, command.help)
    params = command.get_params(ctx)
    write_section(formatter, _("Arguments"), argument_rows(command, ctx))
    write_section(formatter, _("Options"), option_rows(params))
    if any(getattr(p, "name", None) == "algorithm" for p in params):
        write_section(formatter, _("Algorithms (--algorithm NAME)"), algorithm_rows())
    if command.takes_game_parameters:
        write_section(formatter, _("Game parameters (after the game; `minimax games GAME` "
                                   "explains them)"), game_parameter_rows())
    command.format_epilog(ctx, formatter)


def first_sentence(text: str | None) -> str:
    """The first sentence of a command's description, for the list of commands."""
    paragraph = inspect.cleandoc(text or "").split("\n\n")[0]
    line = joined(paragraph)
    head, dot, _rest = line.partition(". ")
    return head + "." if dot else line


def format_group_help(group: Any, ctx: Context, formatter: HelpFormatter) -> None:
    """`minimax --help`: usage, description, the commands, the options, where to go next."""
    write_usage(formatter, ctx, _("[OPTIONS] COMMAND [ARGS]..."))
    write_description(formatter, group.help)
    rows = [(name, first_sentence(translated(group.get_command(ctx, name).help)))
            for name in group.list_commands(ctx)]
    write_section(formatter, _("Commands"), rows)
    # --lang is read before any parsing (cli_base.take_language), so it is listed here by hand.
    rows = option_rows(group.get_params(ctx))
    rows.insert(1, ("--lang CODE", _(LANG_HELP)))
    write_section(formatter, _("Options"), rows)
    formatter.write_paragraph()
    with formatter.indentation():
        formatter.write_text(_(GROUP_EPILOG))
