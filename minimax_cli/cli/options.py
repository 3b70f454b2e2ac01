"""Reading the command line: `--lang` anywhere, counts in any written form, options given twice,
completion.

- Counts (`--depth`, `--nodes`, `--upto`, `--seed`) take the forms of `core.params.parse_count`:
  1000000, 1_000_000, 10**6, 1e6, exactly; seconds (`--time`, `--delay`) are finite decimals.
  Each is checked against its stated limits before any work.
- `--lang CODE` may stand anywhere on the line; it is taken out before Click parses the rest.
- An option given twice with different values is refused (Click would keep the last silently).
- Completion offers the game names, the algorithms that serve the game, its evaluation functions
  and, after the game, its parameters. The registry and the core load only when asked.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import typer

from minimax_cli.cli.base import fail
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.words import grouped

if TYPE_CHECKING:
    from minimax_cli.core.game import Game
    from minimax_cli.core.result import Limits


# --- the interface's language --------------------------------------------------------------------
LANG_OPTION = "--lang"


def take_language(args: list[str], quiet: bool = False) -> tuple[list[str], str | None]:
    """`args` without `--lang CODE` (or `--lang=CODE`), which may stand anywhere on the line, and
    the language it names (None: not given), for the command to speak from the start, before any
    output (also of help pages and errors); `quiet` (completion) ignores a missing or unknown
    language instead of failing."""
    from minimax_cli.core.i18n import parse_language

    kept: list[str] = []
    chosen: str | None = None
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":  # what follows is not options
            kept.extend(args[i:])
            break
        if word == LANG_OPTION or word.startswith(LANG_OPTION + "="):
            value = word.partition("=")[2] if "=" in word else (
                args[i + 1] if i + 1 < len(args) else None)
            i += 1 if "=" in word else 2
            if value is None:
                if not quiet:
                    fail(_("--lang needs a language: en (English) or es (español)"))
                continue
            try:
                chosen = parse_language(value)
            except ValueError as error:
                if not quiet:
                    fail(f"--lang: {error}")
            continue
        kept.append(word)
        i += 1
    return kept, chosen


# --- counts and seconds ------------------------------------------------------------------------
def count_parser(minimum: int, maximum: int | None = None,
                 unit: str = "") -> Callable[[str], int]:
    """A Typer `parser=` for a count from `minimum` to `maximum` (of `unit`, a plural noun marked
    N_); a bad value is one line naming the accepted forms or the limits (Typer adds which option
    it was)."""
    def parse(text: str | int) -> int:
        from minimax_cli.core.params import parse_count, quote

        text = str(text)  # Click passes a default as it is written in the code: an int
        try:
            value = parse_count(text)
        except ValueError as error:
            raise typer.BadParameter(str(error)) from None
        if value < minimum:
            raise typer.BadParameter(_("{value} is too small: give a whole number, {least} or "
                                       "more").format(value=quote(text), least=minimum))
        if maximum is not None and value > maximum:
            message = (_("{value} is too large: give a whole number from {least} to {most} {unit}")
                       if unit else
                       _("{value} is too large: give a whole number from {least} to {most}"))
            raise typer.BadParameter(message.format(value=quote(text), least=minimum,
                                                    most=grouped(maximum), unit=_(unit)))
        return value

    return parse


#: A number of seconds: digits with an optional fraction and exponent (no inf, nan, hex or sign).
_SECONDS = r"[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?"
_SECONDS_DIGITS = 30  # enough for any written duration; longer text is a mistake


def seconds_parser(minimum: float, maximum: float) -> Callable[[str], float]:
    """A Typer `parser=` for seconds from `minimum` to `maximum` (0.5, 2, 1e-3); a value outside,
    or not a finite decimal number, is one line naming the limits."""
    return decimal_parser(minimum, maximum, N_("a number of seconds"), "0.5")


def decimal_parser(minimum: float, maximum: float, noun: str,
                   example: str) -> Callable[[str], float]:
    """A Typer `parser=` for a decimal number from `minimum` to `maximum`; a value outside, or
    not a finite decimal number, is one line naming `noun` (marked N_), the limits and an
    `example`."""
    def parse(text: str | float) -> float:
        import re

        from minimax_cli.core.params import quote

        text = str(text)  # Click passes a default as it is written in the code: a float
        written = text.strip()
        fields = {"value": quote(text), "noun": _(noun), "least": f"{minimum:g}",
                  "most": grouped(round(maximum)), "example": example}
        if len(written) > _SECONDS_DIGITS or not re.fullmatch(_SECONDS, written):
            raise typer.BadParameter(_("{value} is not {noun}: give a decimal number from {least} "
                                       "to {most}, e.g. {example}").format(**fields))
        value = float(written)
        if not minimum <= value <= maximum:
            raise typer.BadParameter(_("{value} is out of range: give {noun} from {least} to "
                                       "{most}").format(**fields))
        return value

    return parse


# --- where a batch of proofs runs (solve --batch, book build; cli/arguments.py: --jobs) ----------
#: The most --jobs (services.batch.MAX_JOBS, not imported here: it loads the prover).
MAX_JOBS = 64


# --- options given twice -------------------------------------------------------------------------
def _option_table(params: Sequence[Any]) -> dict[str, tuple[Any, str | None]]:
    """Option string -> (parameter, the value a flag spelling stands for, or None if it takes one)."""
    table: dict[str, tuple[Any, str | None]] = {}
    for param in params:
        if getattr(param, "param_type_name", "") != "option":
            continue
        flag = bool(getattr(param, "is_flag", False))
        for name in param.opts:
            table[name] = (param, name if flag else None)
        for name in param.secondary_opts:
            table[name] = (param, name)
    return table


def repeated_option(params: Sequence[Any], args: Sequence[str]) -> str | None:
    """The complaint when one of `params` (a command's options) is given twice in `args` with
    different values, or as both spellings of a flag pair (`--review --no-review`); else None."""
    table = _option_table(params)
    given: dict[str, tuple[str, str]] = {}  # parameter name -> (as written, its value)
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            break
        name, eq, value = word.partition("=") if word.startswith("--") else (word, "", "")
        if name not in table and not word.startswith("--") and word[:2] in table:
            name, value, eq = word[:2], word[2:], "="  # a short option with its value: -d3
        if name in table:
            param, spelling = table[name]
            if spelling is not None:
                written, value = name, spelling
            elif eq or i + 1 < len(args):
                if not eq:
                    i += 1
                    value = args[i]
                written = f"{name} {value}"
            else:
                break
            # An option meant to be repeated (`--save a.svg --save a.tex`) is not a slip.
            if param.name in given and given[param.name][1] != value and not param.multiple:
                first = given[param.name][0]
                if spelling is not None:
                    return _("{first} and {second} were both given: give one of them").format(
                        first=first, second=written)
                long = next((o for o in param.opts if o.startswith("--")), name)
                return _("{first} and {second} were both given: give {option} once, with the "
                         "value you mean").format(first=first, second=written, option=long)
            given[param.name] = (written, value)
        i += 1
    return None


# --- completion ----------------------------------------------------------------------------------
def _game_name(ctx: typer.Context) -> str | None:
    """The game named on the command line being completed, if any.

    While an option still waits for its value (`analyze bones --eval <TAB>`), Click's resilient
    parse leaves GAME unset (or at its default) and the game's name first in ctx.args."""
    from minimax_cli import registry

    name = ctx.params.get("game_name")
    source = ctx.get_parameter_source("game_name")
    given = source is not None and source.name == "COMMANDLINE"
    if not given and ctx.args and ctx.args[0] in registry.names():
        return ctx.args[0]
    return name if isinstance(name, str) else None


def _game(name: str | None) -> "Game[Any, Any] | None":
    """The game with its default parameters, or None when there is none of that name."""
    from minimax_cli import registry

    if name is None:
        return None
    try:
        return registry.create(name)
    except ValueError:  # an unknown game, or one that cannot be built: nothing to offer
        return None


def complete_game(incomplete: str) -> list[tuple[str, str]]:
    """Every registered game whose name starts with `incomplete`, with its description."""
    from minimax_cli import registry

    found = []
    for name in registry.names():
        if name.startswith(incomplete):
            try:
                found.append((name, _(registry.load(name).description)))
            except registry.UnknownGameError:
                continue
    return found


def complete_algorithm(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """The algorithms, only those that serve the game when the game is known."""
    from minimax_cli.core.search import ALGORITHMS

    game = _game(_game_name(ctx))
    return [(name, _(algorithm.description)) for name, algorithm in ALGORITHMS.items()
            if name.startswith(incomplete) and (game is None or algorithm.refusal(game) is None)]


def complete_evaluator(ctx: typer.Context, incomplete: str) -> list[str]:
    """The game's evaluation functions; every game's when the game is not known."""
    from minimax_cli import registry

    game = _game(_game_name(ctx))
    games = [game] if game is not None else [g for g in map(_game, registry.names()) if g]
    names = dict.fromkeys(name for g in games for name in g.evaluators())
    return [name for name in names if name.startswith(incomplete)]


def game_parameter_candidates(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """After the game, its parameters (`--n`, `--take`) not given yet that start with `incomplete`:
    the position argument's completion (Typer's `autocompletion=`), which `MinimaxCommand` also
    asks for words that start with a dash."""
    from minimax_cli import registry

    name = _game_name(ctx)
    if name is None or not incomplete.startswith("-"):
        return []
    try:
        parameters = registry.load(name).parameters
    except registry.UnknownGameError:
        return []
    # Click may have handed the first `--name` to an optional argument (POSITION), the rest to args.
    words = [*(value for value in ctx.params.values() if isinstance(value, str)), *ctx.args]
    given = {word[2:].partition("=")[0] for word in words if word.startswith("--")}
    return [(f"--{p.name}", _(p.help)) for p in parameters
            if p.name not in given and f"--{p.name}".startswith(incomplete)]


def make_limits(depth: int | None, time_s: float | None, nodes: int | None) -> "Limits":
    """The search limits asked for (one line and exit 2 when they cannot be)."""
    from minimax_cli.core.result import Limits

    try:
        return Limits(depth, time_s, nodes)
    except ValueError as error:
        fail(str(error))


def check_table_mb(megabytes: float | None) -> float | None:
    """The table size asked for, checked against its limits (one line and exit 2 if outside)."""
    from minimax_cli.core.memory import DEFAULT_MB, MAX_MB, MIN_MB

    if megabytes is not None and not MIN_MB <= megabytes <= MAX_MB:
        fail(_("--table-mb {value} is out of range: give megabytes from {least} to {most} "
               "(default {default})").format(value=f"{megabytes:g}", least=MIN_MB,
                                             most=grouped(round(MAX_MB)), default=f"{DEFAULT_MB:g}"))
    return megabytes


def engine_switches(algorithm: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The chess engine's switches (SearchOptions' quiescence, ordering, use_table, null_move,
    reductions, aspiration) from a command's options (`given`: its parameters by name), empty
    when none is given; one line and exit 2 for an unknown ordering, or when given to an
    algorithm other than pvs, which would not use them (as MCTS's options are refused elsewhere)."""
    if given.get("quiescence"):
        switched = _quiescence_on(algorithm, given)
        if switched is not None:
            return switched
    ordering = given.get("ordering")
    off = {option: bool(given.get(name)) for option, name in SWITCHES_OFF.items()}
    named = [name for name, value in off.items() if value]
    if ordering is not None:
        named.insert(0, "--ordering")
    if not named:
        return {}
    from minimax_cli.core.result import ORDERINGS
    from minimax_cli.core.search import PVS  # a name: the search itself loads when it runs

    if ordering is not None and ordering not in ORDERINGS:
        fail(_("--ordering {value} is not a move ordering: give {choices}").format(
            value=f"{ordering!r:.40}", choices=", ".join(ORDERINGS)))
    if algorithm != PVS:
        fail(_("{option} switches off a part of the chess engine (pvs), and the algorithm is "
               "{algorithm}: add --algorithm pvs, or leave it out").format(
                   option=named[0], algorithm=algorithm))
    return {"ordering": ordering or "full",
            **{SWITCH_FIELDS[option]: not value for option, value in off.items()}}


def _quiescence_on(algorithm: str, given: Mapping[str, Any]) -> dict[str, Any] | None:
    """`--quiescence` (analyze): quiescence search in a textbook algorithm (minimax, alpha-beta),
    plain without it as the course gives them; None for pvs, which has it unless told
    --no-quiescence; one line and exit 2 with --no-quiescence, --compare or another algorithm."""
    from minimax_cli.core.search import PVS, TEXTBOOK  # names: the searches load when they run

    if given.get("no_quiescence"):
        fail(_("--quiescence and --no-quiescence say opposite things: give one"))
    if given.get("compare"):
        fail(_("--quiescence turns quiescence search on in one textbook algorithm, and --compare "
               "runs each as it is: leave out one of them"))
    if algorithm == PVS:
        return None
    if algorithm not in TEXTBOOK:
        fail(_("--quiescence goes on past the depth limit in {textbook} (pvs always does), and "
               "the algorithm is {algorithm}").format(textbook=", ".join(TEXTBOOK),
                                                      algorithm=algorithm))
    return {"quiescence": True}


#: The engine's off switches: each option and its parameter's name in a command.
SWITCHES_OFF = {"--no-quiescence": "no_quiescence", "--no-table": "no_table",
                "--no-null-move": "no_null_move", "--no-reductions": "no_reductions",
                "--no-aspiration": "no_aspiration"}
#: The SearchOptions field each off switch turns off.
SWITCH_FIELDS = {"--no-quiescence": "quiescence", "--no-table": "use_table",
                 "--no-null-move": "null_move", "--no-reductions": "reductions",
                 "--no-aspiration": "aspiration"}
