"""What the commands share: the game and position read from the words after the game's name,
the algorithm looked up by name, the options' help texts and parsers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import typer

from minimax_cli import registry
from minimax_cli.cli import options as cli_input
from minimax_cli.cli.base import fail, position_limit, read_position, user_errors
from minimax_cli.cli.help import help_text
from minimax_cli.core.i18n import N_, _, ngettext
from minimax_cli.core.memory import DEFAULT_MB, MAX_MB, MIN_MB
from minimax_cli.core.params import MAX_DEPTH, MAX_NODES, MAX_TIME, close_match

if TYPE_CHECKING:
    from minimax_cli.core.game import Game
    from minimax_cli.core.search import Algorithm

    AnyGame = Game[Any, Any]

EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}


def command_options(ctx: typer.Context) -> list[str]:
    """The command's own long options (`--level`), which a mistyped one may have meant."""
    return [o[2:] for p in ctx.command.params for o in p.opts if o.startswith("--")]


def other_commands(ctx: typer.Context, option: str) -> list[str]:
    """The other commands of `minimax` that take `option` (`--algorithm`, `-a`), in the order
    `minimax --help` lists them (each is built: asked only when a line is refused)."""
    parent = ctx.parent
    if parent is None or not isinstance(parent.command, typer.core.TyperGroup):
        return []
    group, found = parent.command, []
    for name in group.list_commands(parent):
        command = group.get_command(parent, name)
        if name != ctx.command.name and command is not None and any(
                option in param.opts or option in param.secondary_opts for param in command.params):
            found.append(name)
    return found


def elsewhere(ctx: typer.Context, option: str, game: str) -> str | None:
    """Why `option` is refused when this command lacks it and another has it: `minimax solve`
    has no --algorithm, `minimax analyze` takes it; None when no other command has it."""
    commands = other_commands(ctx, option)
    if not commands:
        return None
    accepted = ", ".join(f"--{p.name}" for p in registry.load(game).parameters)
    parameters = (_("its parameters: {accepted}").format(accepted=accepted) if accepted
                  else _("it has no parameters"))
    return ngettext("`minimax {command}` has no option {option}, nor has {game} ({parameters}); "
                    "`minimax {others}` takes it",
                    "`minimax {command}` has no option {option}, nor has {game} ({parameters}); "
                    "these commands take it: {others}", len(commands)).format(
        command=ctx.command.name, option=option, game=game, parameters=parameters,
        others=", ".join(f"minimax {name}" if len(commands) > 1 else name for name in commands))


def game_params(name: str, args: list[str], options: Sequence[str] = (),
                other: Callable[[str], str | None] | None = None) -> dict[str, str]:
    """`--rows 4 --k=3 --misere` -> {"rows": "4", "k": "3", "misere": "true"}, checked by name;
    an unknown name is refused with what `other` says of it (another command takes it), else
    with the closest of the game's parameters and the command's own `options`, if one is close."""
    cls = registry.load(name)
    declared = {p.name: p for p in cls.parameters}
    accepted = ", ".join(f"--{n}" for n in declared)
    params: dict[str, str] = {}
    given: dict[str, str] = {}  # as the user wrote them, for a complaint
    i = 0
    while i < len(args):
        word = args[i]
        # A game without parameters has its own sentence: "none" is not one word in Spanish.
        if not word.startswith("--"):
            fail((_("unexpected argument '{word}'; {game} parameters: {accepted}") if accepted
                  else _("unexpected argument '{word}'; {game} parameters: none"))
                 .format(word=word, game=name, accepted=accepted))
        key, eq, value = word[2:].partition("=")
        if key not in declared:
            said = other(f"--{key}") if other is not None else None
            if said is not None:  # another command's option, exactly: say which
                fail(said)
            close = close_match(key, [*declared, *options])
            if close is not None:
                fail((_("no such option '--{key}' for {game}; did you mean '--{close}'? its "
                        "parameters: {accepted}") if accepted
                      else _("no such option '--{key}' for {game}; did you mean '--{close}'? its "
                             "parameters: none"))
                     .format(key=key, game=name, close=close, accepted=accepted))
            fail((_("no such option '--{key}' for {game}; its parameters: {accepted}") if accepted
                  else _("no such option '--{key}' for {game}; its parameters: none"))
                 .format(key=key, game=name, accepted=accepted))
        written = word
        if not eq:
            is_flag = isinstance(declared[key].default, bool)
            if is_flag and (i + 1 >= len(args) or args[i + 1].startswith("--")):
                value = "true"
            elif i + 1 < len(args):
                i += 1
                value = args[i]
                written = f"{word} {value}"
            else:
                fail(_("--{key} needs a value: {help}").format(key=key,
                                                                 help=_(declared[key].help)))
        if key in params and params[key] != value:
            fail(_("{first} and {second} were both given: give {option} once, with the value you "
                   "mean").format(first=given[key], second=written, option=f"--{key}"))
        params[key] = value
        given[key] = written
        i += 1
    return params


def get_algorithm(name: str) -> Algorithm:
    """The algorithm named `name` (SearchError naming the known ones); loads the search core."""
    from minimax_cli.core.search import get_algorithm as lookup

    return lookup(name)


#: The metavars of GAME and POSITION, for the help pages (translated there).
GAME_METAVAR = N_("GAME")
POSITION_METAVAR = N_("POSITION")
GAME_HELP = N_("A game from `minimax games`.")
POSITION_HELP = help_text(N_("Position in the game's notation (default: the start); `-` reads "
                             "stdin, or a file; {limit}."), limit=position_limit)
ALGORITHM_HELP = N_("The search algorithm: one of the Algorithms below (the default is marked).")
EVAL_HELP = N_("The evaluation function at a depth cut, by name (default: the game's first).")
TABLE_MB_HELP = help_text(N_("Memory in megabytes for the engine's transposition table and for a "
                             "game's own solver's tables (bones' table and period proof) (default "
                             "{default}; {least} to {most})."),
                          default=f"{DEFAULT_MB:g}", least=f"{MIN_MB}", most=int(MAX_MB))
#: The least and most seconds a search may be given, and the longest pause between watched moves.
MIN_TIME = 0.001
MAX_DELAY = 60.0
#: The seeds `play --seed` takes: those of a 32-bit generator, enough to tell runs apart.
MAX_SEED = 2**32 - 1
#: The limits of --time, for `help_text(..., least=..., most=...)`.
TIME_LIMITS = {"least": f"{MIN_TIME:g}", "most": int(MAX_TIME)}
DEPTH_PARSER = cli_input.count_parser(0, MAX_DEPTH, N_("plies"))
NODES_PARSER = cli_input.count_parser(1, MAX_NODES)
TIME_PARSER = cli_input.seconds_parser(MIN_TIME, MAX_TIME)

def game_and_position(ctx: typer.Context, name: str, position: str | None) -> tuple[AnyGame, Any]:
    """The game with its parameters, and the state named by the position, in any word order.

    Click hands the first word it does not know, `--n` in `solve bones --n 10`, to the optional
    POSITION argument, and the rest to `ctx.args`. The words are put back in their order here, game
    parameters (`--name value`, `--name=value`, a bare `--flag`) are told from the one position
    word, and both are checked as `game_params` and `read_position` do.
    """
    words = ([] if position is None else [position]) + list(ctx.args)
    with user_errors():
        declared = registry.load(name).parameters
    flags = {p.name for p in declared if isinstance(p.default, bool)}
    starts = {p.name for p in declared if p.sets_start}
    options: list[str] = []
    bare: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if not (word.startswith("--") and len(word) > 2):
            bare.append(word)
        else:
            options.append(word)
            key, eq, _value = word[2:].partition("=")
            has_next = i + 1 < len(words)
            flag_alone = key in flags and (not has_next or words[i + 1].startswith("--"))
            if not eq and not flag_alone and has_next:
                i += 1
                options.append(words[i])
        i += 1
    for word in bare:  # `-a proof`: a short option of another command, not a position
        said = elsewhere(ctx, word, name) if word.startswith("-") and len(word) > 1 else None
        if said is not None:
            fail(said)
    if len(bare) > 1:
        fail(_("unexpected argument '{word}': give one position, then the game's parameters as "
               "--name value").format(word=bare[1]))
    with user_errors():
        params = game_params(name, options, command_options(ctx),
                             lambda option: elsewhere(ctx, option, name))
        game = registry.create(name, params)
    start = next((key for key in params if key in starts), None)
    if bare and start is not None:
        command = ctx.command.name
        option = f"--{start} {params[start]}"
        fail(_("both a position ({position}) and {option} were given, but --{name} only sets the "
               "start position, which the position replaces: give one, e.g. `{with_position}` or "
               "`{with_option}`").format(
                   position=bare[0], option=option, name=start,
                   with_position=f"minimax {command} {name} {bare[0]}",
                   with_option=f"minimax {command} {name} {option}"))
    # Whether the user named a position (or set the start), for commands that need not solve it.
    ctx.meta["position_given"] = bool(bare) or start is not None
    return read_position(game, bare[0] if bare else None)

