"""The words of the help pages: the overview of a bare `minimax`, the group's own texts, help
texts with values, their translation, and Click's usage errors in the interface's language.

Help texts reach Typer at import, before `--lang` is read, so they are English there (marked N_
for the catalogue, or made by `help_text` when they hold values) and translated as the page is
drawn (`translated`, called by `cli.pages`): the English text is the catalogue's key.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

from minimax_cli.core.i18n import N_, _

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
    from minimax_cli.core.words import grouped

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
