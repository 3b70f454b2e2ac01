"""What every `minimax` command shares: the one-line error exit, the command classes and the
progress display.

The classes give each command a plain help page (cli_help), refuse an option given twice with
different values, complete the game's parameters after the game (cli_input), and keep Typer 0.29
from loading pydantic for flags nobody gave.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperCommand, TyperGroup

from minimax_cli import cli_help, cli_input, registry

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID
    from typer._click import Context, HelpFormatter
    from typer._click.shell_completion import CompletionItem

CommandFunction = TypeVar("CommandFunction", bound=Callable[..., Any])


def console() -> Console:
    return Console(highlight=False)


def fail(message: str) -> NoReturn:
    """One red line on stderr and exit code 2."""
    # The message quotes user input: it is plain text, never Rich markup.
    Console(stderr=True, highlight=False).print(
        Text.assemble(("error:", "bold red"), " ", message), soft_wrap=True)
    raise typer.Exit(2)


@contextmanager
def user_errors() -> Iterator[None]:
    from minimax_cli.core.game import GameError, SearchError  # loaded by then: no start-up cost

    try:
        yield
    except (GameError, SearchError, registry.UnknownGameError, registry.ParameterError) as error:
        fail(str(error))


def _plain_flag_defaults(params: list[Any]) -> list[Any]:
    """Unset flags (Typer's own --help and completion options) default to False: a bool flag
    then needs no conversion, which in Typer 0.29 would load pydantic (a tenth of a second)."""
    for param in params:
        if getattr(param, "is_flag", False) and param.default is None:
            param.default = False
    return params


class MinimaxCommand(TyperCommand):
    """A command with plain help pages (cli_help), options given twice refused, and completion of
    the game's parameters after the game."""

    #: Extra words for the usage line and rows for the arguments, for words read from ctx.args.
    usage_extra: tuple[str, ...] = ()
    extra_arguments: tuple[tuple[str, str], ...] = ()

    @property
    def takes_game_parameters(self) -> bool:
        return bool(self.context_settings.get("allow_extra_args"))

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        return cli_help.usage_pieces(self, ctx)

    def get_params(self, ctx: Context) -> list[Any]:
        return _plain_flag_defaults(super().get_params(ctx))

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        cli_help.format_command_help(self, ctx, formatter)

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing:
            complaint = cli_input.repeated_option(self.get_params(ctx), args)
            if complaint is not None:
                fail(complaint)
        return super().parse_args(ctx, args)

    def shell_complete(self, ctx: Context, incomplete: str) -> list[CompletionItem]:
        from typer._click.shell_completion import CompletionItem

        found = super().shell_complete(ctx, incomplete)
        if self.takes_game_parameters:
            found += [CompletionItem(word, help=text)
                      for word, text in cli_input.game_parameter_candidates(ctx, incomplete)]
        return found


class GamesCommand(MinimaxCommand):
    """`minimax games [GAME]`: the game's name is read from ctx.args, so that no value needs
    Typer's conversion (which loads pydantic) and the list of games starts fast."""

    usage_extra = ("[GAME]",)
    extra_arguments = (("GAME", "One game to show in full, with examples to run."),)

    @property
    def takes_game_parameters(self) -> bool:
        return False

    def shell_complete(self, ctx: Context, incomplete: str) -> list[CompletionItem]:
        from typer._click.shell_completion import CompletionItem

        found = super().shell_complete(ctx, incomplete)
        if not ctx.args and not incomplete.startswith("-"):
            found += [CompletionItem(name, help=text)
                      for name, text in cli_input.complete_game(incomplete)]
        return found


class MinimaxGroup(TyperGroup):
    """The `minimax` group: a plain help page, commands in a new user's order."""

    def get_params(self, ctx: Context) -> list[Any]:
        return _plain_flag_defaults(super().get_params(ctx))

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        cli_help.format_group_help(self, ctx, formatter)

    def list_commands(self, ctx: Context) -> list[str]:
        order = cli_help.COMMAND_ORDER
        return sorted(super().list_commands(ctx),
                      key=lambda name: order.index(name) if name in order else len(order))


class MinimaxTyper(typer.Typer):
    """Every command of this app is a MinimaxCommand unless it names its own class."""

    def command(self, name: str | None = None, *, cls: type[TyperCommand] | None = None,
                **settings: Any) -> Callable[[CommandFunction], CommandFunction]:
        return super().command(name, cls=cls or MinimaxCommand, **settings)


class _ProgressDisplay:
    """A transient Rich progress bar on stderr, shown only once a solve has run for a moment and
    only on a terminal, so quick answers, pipes and --json output stay clean."""

    DELAY = 0.3

    def __init__(self, description: str) -> None:
        self.description = description
        self.started = time.perf_counter()
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def update(self, done: int, total: int) -> None:
        if self.bar is None:
            if time.perf_counter() - self.started < self.DELAY:
                return
            console = Console(stderr=True)
            if not console.is_terminal:
                return
            from rich.progress import (  # loaded only when a solve runs long enough
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.bar = Progress(TextColumn("{task.description}"), BarColumn(),
                                MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                                transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=total)
        assert self.task is not None
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


@contextmanager
def progress_display(enabled: bool, description: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback (done, total) for a long computation, or None when not `enabled`."""
    if not enabled:
        yield None
        return
    display = _ProgressDisplay(description)
    try:
        yield display.update
    finally:
        display.close()
