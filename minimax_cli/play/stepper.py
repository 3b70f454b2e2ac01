"""The step player (`analyze --step`): a full-screen prompt-toolkit application that shows a
recorded search one step at a time, the frames drawn by views/step.py (Rich, as ANSI text in one
window), the keys read here: → or space the next step, ← the previous one, Home the first, End the
last, q to quit, Ctrl-C (or a SIGINT) to quit as an interrupted command does (exit code 130),
Ctrl-L to draw the screen again. Quitting draws nothing more: the last frame stands.

Its input and output are parameters, as the play session's are, so that tests drive it with
prompt-toolkit's pipe input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import Output

from minimax_cli.views.step import Frame, Walkthrough

#: The exit code of a walk ended by Ctrl-C: the shell's code for an interrupted command.
INTERRUPTED: Final = 130


class StepPlayer:
    """One walk through a search's steps; `index` the step shown (from 0), `shown` the last frame
    drawn, `keys_read` how many keys it has acted on (a test waits for a key's frame by it),
    `interrupted` when Ctrl-C ended it."""

    def __init__(self, walkthrough: Walkthrough, *, input: Input | None = None,
                 output: Output | None = None) -> None:
        self.walkthrough = walkthrough
        self.index = 0
        self.keys_read = 0
        self.shown: Frame | None = None
        self.interrupted = False
        self._quitting = False
        control = FormattedTextControl(self._screen, focusable=True, show_cursor=False)
        self.app: Application[None] = Application(
            layout=Layout(Window(control, wrap_lines=False, always_hide_cursor=True)),
            key_bindings=self._keys(), full_screen=True, input=input, output=output)

    def _screen(self) -> ANSI:
        if self._quitting and self.shown is not None:  # prompt-toolkit draws once more on exit
            return ANSI("\n".join(self.shown.lines))
        size = self.app.output.get_size()
        # The frame is drawn in full colour; prompt-toolkit brings it down to what the terminal
        # shows (its colour depth, NO_COLOR).
        self.shown = self.walkthrough.frame(self.index, size.columns, size.rows,
                                            color_system="truecolor", no_color=False)
        return ANSI("\n".join(self.shown.lines))

    def go(self, index: int) -> None:
        """Show step `index`, kept within the steps."""
        self.index = max(0, min(index, len(self.walkthrough) - 1))

    def _keys(self) -> KeyBindings:
        keys = KeyBindings()
        last = len(self.walkthrough) - 1
        for name, delta in (("right", 1), (" ", 1), ("left", -1)):
            keys.add(name)(self._mover(delta=delta))
        keys.add("home")(self._mover(to=0))
        keys.add("end")(self._mover(to=last))

        @keys.add("q")
        @keys.add("Q")
        def _quit(event: KeyPressEvent) -> None:
            self.keys_read += 1
            self._quitting = True
            event.app.exit()

        @keys.add("c-c")
        @keys.add("<sigint>")
        def _interrupt(event: KeyPressEvent) -> None:
            self.interrupted = True
            _quit(event)

        @keys.add("c-l")
        def _redraw(event: KeyPressEvent) -> None:
            self.keys_read += 1
            event.app.renderer.clear()

        return keys

    def _mover(self, *, delta: int = 0, to: int | None = None) -> Callable[[KeyPressEvent], None]:
        """A key's action: `delta` steps on, or to step `to`."""
        def move(event: KeyPressEvent) -> None:
            self.keys_read += 1
            self.go(self.index + delta if to is None else to)

        return move

    def run(self) -> int:
        """Walk until the user quits; the exit code (0, or INTERRUPTED after Ctrl-C)."""
        self.app.run()
        return INTERRUPTED if self.interrupted else 0


def step_through(walkthrough: Walkthrough) -> int:
    """The player on the terminal, until the user quits; the exit code (see StepPlayer.run)."""
    return StepPlayer(walkthrough).run()


__all__ = ["INTERRUPTED", "StepPlayer", "step_through"]
