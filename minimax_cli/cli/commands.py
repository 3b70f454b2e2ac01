"""The command classes of `minimax`, given to Typer as `cls=` (Typer documents it: `Typer(cls=...)`
takes a `TyperGroup`, `command(cls=...)` a `TyperCommand`).

They override only Click's documented hooks of a command: the help page is drawn by Click's own
`format_help`, which calls `format_usage` (with `collect_usage_pieces`), `format_help_text`,
`format_options` and `format_epilog`; here each writes its part in the interface's language
(`cli.pages`). `parse_args` takes `--lang` out of the line (the group) and refuses an option given
twice (a command); `shell_complete` adds the game's parameters and, for `games`, the game names.

Click hands the hooks its context and its help formatter; Typer names neither class publicly
(`typer.Context` is a subclass Click does not build here), so the context is typed `Any` and the
formatter by the part of it the pages use (`pages.HelpWriter`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any, ClassVar

import typer.main
from typer.core import TyperCommand, TyperGroup

from minimax_cli.cli import pages
from minimax_cli.cli.base import fail
from minimax_cli.cli.help import LANG_HELP, translated
from minimax_cli.cli.options import repeated_option, take_language
from minimax_cli.cli.streams import OutputClosed
from minimax_cli.core.i18n import N_, _

#: Flags nobody gave read False from the context's default map (Click's `default_map`): a bool
#: needs no conversion, and Typer's conversion of an unset value loads pydantic (a tenth of a
#: second), which the list of games and a bare `minimax` do without. Typer's own flags included.
UNSET_FLAGS: dict[str, Any] = {"install_completion": False, "show_completion": False,
                               "help": False, "games": {"help": False}}


class TranslatedTexts:
    """The description and the epilog of a page, translated as it is drawn (Typer holds them in
    English, given before `--lang` is read)."""

    help: str | None
    epilog: str | None

    def format_help_text(self, ctx: Any, formatter: pages.HelpWriter) -> None:
        pages.write_paragraph(formatter, self.help)

    def format_epilog(self, ctx: Any, formatter: pages.HelpWriter) -> None:
        pages.write_paragraph(formatter, self.epilog)


class MinimaxCommand(TranslatedTexts, TyperCommand):
    """A command whose page lists its arguments and options as `minimax` writes them (no type
    tags), the algorithms when it has `--algorithm`, and every game's parameters when it takes
    them (its context allows extra arguments)."""

    #: Extra words for the usage line and rows for the arguments, for words read from ctx.args.
    usage_extra: tuple[str, ...] = ()
    extra_arguments: tuple[tuple[str, str], ...] = ()

    @property
    def takes_game_parameters(self) -> bool:
        return bool(self.context_settings.get("allow_extra_args"))

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError as error:  # past Typer, which would exit 1 (cli/streams.py)
            raise OutputClosed from error

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return pages.usage_pieces(self.get_params(ctx), self.options_metavar, self.usage_extra,
                                  self.takes_game_parameters)

    def format_usage(self, ctx: Any, formatter: pages.HelpWriter) -> None:
        pages.write_usage(formatter, ctx.command_path, self.collect_usage_pieces(ctx))

    def format_options(self, ctx: Any, formatter: pages.HelpWriter) -> None:
        """Arguments, options, algorithms, game parameters."""
        params = self.get_params(ctx)
        pages.write_section(formatter, _("Arguments"),
                            list(pages.argument_rows(params, self.extra_arguments)))
        pages.write_section(formatter, _("Options"), pages.option_rows(params))
        if any(param.name == "algorithm" for param in params):
            pages.write_section(formatter, _("Algorithms (--algorithm NAME)"),
                                pages.algorithm_rows())
        if self.takes_game_parameters:
            pages.write_section(formatter, _("Game parameters (after the game; `minimax games "
                                             "GAME` explains them)"), pages.game_parameter_rows())

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing:
            complaint = repeated_option(self.get_params(ctx), args)
            if complaint is not None:
                fail(complaint)
        return super().parse_args(ctx, args)

    def shell_complete(self, ctx: Any, incomplete: str) -> list[Any]:
        """Click offers the options for a word that starts with a dash; the game's parameters
        follow the game and look like options, so the arguments' completions are asked too (the
        position's offers them: `options.game_parameter_candidates`)."""
        found = super().shell_complete(ctx, incomplete)
        if incomplete.startswith("-"):
            for param in self.get_params(ctx):
                if pages.is_argument(param):
                    found += param.shell_complete(ctx, incomplete)
        return found


class GamesCommand(MinimaxCommand):
    """`minimax games [GAME]`: the game's name is read from ctx.args, so that no value needs
    Typer's conversion (which loads pydantic) and the list of games starts fast.

    Its completion is that of the GAME argument Typer builds for `analyze` (`autocompletion=
    options.complete_game`), asked through Click's `Parameter.shell_complete`: the candidates are
    Click's own completion items, made by Typer."""

    usage_extra = (N_("[GAME]"),)
    extra_arguments = ((N_("GAME"), N_("One game to show in full, with examples to run.")),)

    @property
    def takes_game_parameters(self) -> bool:
        return False

    def shell_complete(self, ctx: Any, incomplete: str) -> list[Any]:
        found = super().shell_complete(ctx, incomplete)
        if not ctx.args and not incomplete.startswith("-") and ctx.parent is not None:
            analyze = ctx.parent.command.get_command(ctx.parent, "analyze")
            for param in analyze.params if analyze is not None else []:
                if param.name == "game_name":
                    found += param.shell_complete(ctx, incomplete)
        return found


class LazyCommands(MutableMapping[str, Any]):
    """A group's subcommands by name, each built by Typer (`typer.main.get_command`) from its
    one-command app the first time it is looked up: Click's "lazily loading subcommands", through
    the group's `commands` mapping, which Click's and Typer's groups read (`get_command`, the list
    for help and completion, the names for 'did you mean'). A run builds only the command it
    runs; the names keep the order of `sources`."""

    def __init__(self, sources: Mapping[str, typer.Typer]) -> None:
        self.sources = sources
        self.built: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self.built:
            self.built[name] = typer.main.get_command(self.sources[name])  # KeyError: no such
        return self.built[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self.built[name] = command

    def __delitem__(self, name: str) -> None:
        raise TypeError(f"the command {name!r} cannot be removed")

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*self.sources, *self.built]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*self.sources, *self.built]))


class MinimaxGroup(TranslatedTexts, TyperGroup):
    """The `minimax` group: `--lang` read from anywhere on the line before anything else, and a
    page that lists the commands (in the order they are declared in `sources`) by the first
    sentence of each description. Its commands are built when first looked up (`LazyCommands`)."""

    #: Each command's one-command Typer app, by name, in the order `minimax --help` lists them.
    sources: ClassVar[Mapping[str, typer.Typer]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lazy = LazyCommands(self.sources)
        lazy.update(self.commands)  # any Typer built itself (none: the app registers none)
        self.commands = lazy

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        from minimax_cli.core.i18n import speaking

        args, chosen = take_language(args, ctx.resilient_parsing)
        ctx.with_resource(speaking(chosen))  # for this command only; None: the environment's
        return super().parse_args(ctx, args)

    def format_usage(self, ctx: Any, formatter: pages.HelpWriter) -> None:
        pages.write_usage(formatter, ctx.command_path, [_("[OPTIONS] COMMAND [ARGS]...")])

    def format_options(self, ctx: Any, formatter: pages.HelpWriter) -> None:
        """The commands, then the options (`--lang` among them: it is read before any parsing,
        by `take_language`, so it is listed here by hand)."""
        commands = [(name, pages.first_sentence(translated(command.help)))
                    for name in self.list_commands(ctx)
                    if (command := self.get_command(ctx, name)) is not None]
        pages.write_section(formatter, _("Commands"), commands)
        options = pages.option_rows(self.get_params(ctx))
        options.insert(1, ("--lang CODE", _(LANG_HELP)))
        pages.write_section(formatter, _("Options"), options)


__all__ = ["UNSET_FLAGS", "GamesCommand", "LazyCommands", "MinimaxCommand", "MinimaxGroup"]
