"""The help pages and the overview of a bare `minimax`: plain text that fits 80 columns.

Built from each command's own parameters and from the registry, never written twice: options
show their value's name (`--depth PLIES`) and flags show none (`--tree`); no type tags. A command
that takes game parameters lists every game's (the registry's declared parameters), and one with
`--algorithm` lists the algorithms. Imports of the core and the registry happen only when a page
that needs them is drawn, so `minimax --help` starts as fast as Typer itself.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typer._click import Context, HelpFormatter

OVERVIEW_EXAMPLES = (
    ("minimax play", "tic-tac-toe against the AI; you are X"),
    ("minimax analyze tictactoe X.O/.X./...", "the value of every move, the best line"),
    ("minimax solve bones --n 21", "who wins with perfect play, and how"),
    ("minimax games", "the games, their parameters, notation"),
)

OVERVIEW_HEAD = (
    "minimax plays, analyzes and solves two-player games by adversarial search:\n"
    "minimax, alpha-beta, expectimax, and a negamax engine with a transposition table\n"
    "for positions too big for the textbook algorithms."
)

OVERVIEW_NEXT = (
    "Next: `minimax games GAME` shows one game in full, with examples;\n"
    "`minimax COMMAND --help` shows a command's options; `minimax --help`, the rest."
)

GROUP_EPILOG = (
    "`minimax COMMAND --help` shows a command's options and the games' parameters; "
    "`minimax games` lists the games and `minimax games GAME` shows one in full, with examples. "
    "A bare `minimax` prints a short overview."
)

#: The order commands are listed in: the usual path of a new user.
COMMAND_ORDER = ("play", "analyze", "solve", "games", "quiz")


def overview() -> str:
    """What a bare `minimax` prints: what the tool does, one example per command, where next."""
    width = max(len(command) for command, _ in OVERVIEW_EXAMPLES) + 2
    lines = [f"  {command:<{width}}{what}" for command, what in OVERVIEW_EXAMPLES]
    return "\n".join([OVERVIEW_HEAD, "", *lines, "", OVERVIEW_NEXT])


# --- parameters --------------------------------------------------------------------------------
def is_option(param: Any) -> bool:
    return getattr(param, "param_type_name", "") == "option" and not getattr(param, "hidden", False)


def is_argument(param: Any) -> bool:
    return getattr(param, "param_type_name", "") == "argument"


def value_name(param: Any) -> str:
    """The name shown for an option's value: its metavar, else its long name in capitals."""
    if param.metavar:
        return str(param.metavar)
    long = next((name for name in param.opts if name.startswith("--")), param.opts[0])
    return str(long).lstrip("-").upper()


def argument_name(param: Any) -> str:
    return str(param.metavar or param.name).upper()


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


def option_help(param: Any) -> str:
    text = " ".join((param.help or "").split())
    default = shown_default(param)
    return f"{text} [default: {default}]" if default is not None else text


def usage_pieces(command: Any, ctx: Context) -> list[str]:
    """`[OPTIONS] GAME [POSITION] [GAME PARAMETERS]`: arguments by name, optional ones bracketed."""
    pieces = [command.options_metavar] if command.options_metavar else []
    for param in command.get_params(ctx):
        if is_argument(param):
            name = argument_name(param)
            pieces.append(name if param.required else f"[{name}]")
    pieces.extend(command.usage_extra)
    if command.takes_game_parameters:
        pieces.append("[GAME PARAMETERS]")
    return pieces


# --- sections ------------------------------------------------------------------------------------
def write_section(formatter: HelpFormatter, title: str, rows: Sequence[tuple[str, str]]) -> None:
    if rows:
        with formatter.section(title):
            formatter.write_dl(list(rows))


def argument_rows(command: Any, ctx: Context) -> list[tuple[str, str]]:
    rows = [(argument_name(p), " ".join((p.help or "").split()))
            for p in command.get_params(ctx) if is_argument(p)]
    return rows + list(command.extra_arguments)


def option_rows(params: Iterable[Any]) -> list[tuple[str, str]]:
    return [(option_label(p), option_help(p)) for p in params if is_option(p)]


def algorithm_rows() -> list[tuple[str, str]]:
    from minimax_cli.core.search import ALGORITHMS, DEFAULT_ALGORITHM

    return [(name, algorithm.description + (" (the default)" if name == DEFAULT_ALGORITHM else ""))
            for name, algorithm in ALGORITHMS.items()]


def parameter_words(parameters: Iterable[Any]) -> str:
    """`--n N  --take A,B,...  --misere`: a flag (a bool default) takes no value."""
    words = [f"--{p.name}" if isinstance(p.default, bool) else f"--{p.name} {p.metavar}"
             for p in parameters]
    return "  ".join(words) or "none"


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
    formatter.write_usage(ctx.command_path, " ".join(usage_pieces(command, ctx)))
    command.format_help_text(ctx, formatter)
    params = command.get_params(ctx)
    write_section(formatter, "Arguments", argument_rows(command, ctx))
    write_section(formatter, "Options", option_rows(params))
    if any(getattr(p, "name", None) == "algorithm" for p in params):
        write_section(formatter, "Algorithms (--algorithm NAME)", algorithm_rows())
    if command.takes_game_parameters:
        write_section(formatter, "Game parameters (after the game; `minimax games GAME` explains "
                      "them)", game_parameter_rows())
    command.format_epilog(ctx, formatter)


def first_sentence(text: str | None) -> str:
    """The first sentence of a command's description, for the list of commands."""
    paragraph = inspect.cleandoc(text or "").split("\n\n")[0]
    joined = " ".join(paragraph.split())
    head, dot, _ = joined.partition(". ")
    return head + "." if dot else joined


def format_group_help(group: Any, ctx: Context, formatter: HelpFormatter) -> None:
    """`minimax --help`: usage, description, the commands, the options, where to go next."""
    formatter.write_usage(ctx.command_path, "[OPTIONS] COMMAND [ARGS]...")
    group.format_help_text(ctx, formatter)
    rows = [(name, first_sentence(group.get_command(ctx, name).help))
            for name in group.list_commands(ctx)]
    write_section(formatter, "Commands", rows)
    write_section(formatter, "Options", option_rows(group.get_params(ctx)))
    formatter.write_paragraph()
    with formatter.indentation():
        formatter.write_text(GROUP_EPILOG)
