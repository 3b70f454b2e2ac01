"""The lines typed into a `minimax play` session, before any game sees them.

Every entry (a move, a command, a yes or no) is at most MAX_LINE characters of printable text;
a longer line, or one with a control or invisible character, is refused at once with a line that
names the limit, and no parser is run on it. Scripted input is read with the same limit, so a
longer line is refused as soon as the limit is passed and skipped without being held in memory
(one that never ends ends the input), and a line that is not UTF-8 is refused like any other bad
line.

On a terminal, two details of prompt-toolkit and the terminal driver are handled here:

- Ctrl-D pressed between two prompts (while the AI thinks, or on a dumb terminal the instant the
  prompt text appears, which prompt-toolkit writes before it switches the terminal to raw mode)
  reaches a terminal still in line mode. There the driver turns Ctrl-D into "end of file", which a
  raw-mode reader then sees as a NUL byte, and the key is lost. `keep_ctrl_d` turns that driver
  function off for the session, so Ctrl-D stays a key and the next prompt reads it.
- Keys pressed just after Enter, while prompt-toolkit is still winding up, are kept for the next
  prompt ("typeahead"). A Ctrl-C among them was meant for the think that follows Enter, not for
  the next prompt: `ctrl_c_typed_ahead` finds it.
"""

from __future__ import annotations

import os
import signal
import textwrap
import threading
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from itertools import islice
from typing import IO

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.input import Input
from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead
from prompt_toolkit.key_binding import KeyBindings, KeyPress, KeyPressEvent
from prompt_toolkit.keys import Keys
from rich.text import Text

from minimax_cli.core.bounded import BoundedLines
from minimax_cli.core.i18n import _
from minimax_cli.core.words import grouped

#: The longest entry, in characters: moves, commands and answers are all far shorter.
MAX_LINE = 100
#: Scripted input is read in bytes, a UTF-8 character taking at most four, so a line of up to
#: this many bytes (or characters, from a stream of text) is read whole and its length told.
_READ_LIMIT = 4 * MAX_LINE
#: An echoed entry in an error line is cut to this many characters.
ECHO_LIMIT = 40
#: Tab completion lists at most this many entries and looks at most at this many legal moves.
COMPLETIONS = 100
COMPLETION_SCAN = 5_000
#: Unicode categories refused in an entry: controls, format characters (bidirectional overrides,
#: zero-width marks), surrogates, private use, unassigned.
_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn"}
_BOM = "\ufeff"


def hidden(char: str) -> bool:
    return unicodedata.category(char) in _INVISIBLE


def shown(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` for an error line: quoted, invisible characters written as escapes (\\x1b, \\u202e),
    cut to `limit` characters with an ellipsis."""
    cut = len(text) > limit
    text = text[:limit]
    safe = "".join(char.encode("unicode_escape").decode("ascii") if hidden(char) else char
                   for char in text)
    return f"'{safe}{'…' if cut else ''}'"


def length_problem(length: int) -> str:
    return _("the line has {count} characters; a move or command is at most {limit} "
             "characters").format(count=grouped(length), limit=MAX_LINE)


def cut_problem(unit: str) -> str:
    """Why a scripted line cut at its limit is refused (its length is not known: it was not
    read to its end)."""
    if unit == "byte":
        text = _("the line has more than {count} bytes; a move or command is at most {limit} "
                 "characters")
    else:
        text = _("the line has more than {count} characters; a move or command is at most "
                 "{limit} characters")
    return text.format(count=grouped(_READ_LIMIT), limit=MAX_LINE)


def line_problem(text: str, typed: int | None = None) -> str | None:
    """Why an entry is refused before any parsing, or None: the line as typed (`typed`
    characters, white space around it included) too long, or the entry not printable text."""
    length = len(text) if typed is None else typed
    if length > MAX_LINE:
        return length_problem(length)
    bad = next((char for char in text if hidden(char)), None)
    if bad is not None:
        name = unicodedata.name(bad, "").lower() or _("a control character")
        return _("the line {line} contains {code} ({name}); type a move or a command in "
                 "printable characters").format(line=shown(text), code=f"U+{ord(bad):04X}",
                                                name=name)
    return None


def wrapped(head: str, message: str, width: int) -> list[str]:
    """`head` and `message` in lines of at most `width` characters, words kept whole where they
    fit, continuation lines indented under the message: nothing is cut."""
    return textwrap.wrap(message, width=max(width, len(head) + 20), initial_indent=head,
                         subsequent_indent=" " * len(head), break_on_hyphens=False) or [head]


def refusal(reason: str, width: int | None = None) -> Text:
    """`error: reason` as Text (never markup), invisible characters escaped (a game's message may
    quote what was typed); wrapped to `width` with continuation lines indented, or one line."""
    reason, label = clean(reason), _("error:")
    if width is None:
        return Text.assemble((label, "bold red"), " " + reason)
    lines = wrapped(label + " ", reason, width)
    text = Text.assemble((label, "bold red"), lines[0][len(label):])
    for more in lines[1:]:
        text.append("\n" + more)
    return text


def clean(text: str) -> str:
    """Text from a game or the player made safe for a terminal line: invisible characters
    escaped (a game's message may quote what was typed)."""
    return "".join(char.encode("unicode_escape").decode("ascii") if hidden(char) else char
                   for char in text)


@dataclass(frozen=True)
class Entry:
    """One scripted line: its text (stripped), or why it is refused before any parsing."""

    text: str
    problem: str | None = None


class LineReader:
    """Lines from a script (standard input that is not a terminal), each read with the limit:
    a longer line is refused as soon as the limit is passed and skipped to its end without being
    kept (minimax_cli.core.bounded). Reads bytes when the stream has them (a line that is not
    UTF-8 is then refused, not a crash), else text."""

    def __init__(self, stream: IO[str]) -> None:
        self.lines = BoundedLines(stream)
        self.first = True

    def read(self) -> Entry | None:
        """The next line; None at the end of the input."""
        if self.lines.raw is not None:
            read = self.lines.read_bytes(_READ_LIMIT)
            if read is None:
                return None
            data, cut = read
            if cut:
                return Entry("", cut_problem("byte"))
            try:
                line = data.decode("utf-8")
            except UnicodeDecodeError as error:
                return Entry("", _("the line is not UTF-8 text (byte {number} is {byte}); type "
                                   "a move or a command").format(
                                       number=error.start + 1, byte=f"0x{data[error.start]:02x}"))
        else:
            text = self.lines.read_text(_READ_LIMIT)
            if text is None:
                return None
            line, cut = text
            if cut:
                return Entry("", cut_problem("character"))
        if self.first:
            self.first = False
            line = line.removeprefix(_BOM)  # a byte-order mark some editors put at the start
        line = line.rstrip("\r\n")
        return Entry(line.strip(), line_problem(line.strip(), len(line)))


class EntryCompleter(Completer):
    """Tab completion of the whole entry from the commands and the legal moves, generated only
    when Tab is pressed, and bounded: a position with a million moves completes as fast as one
    with nine. A game whose notation fails completes nothing rather than break the prompt."""

    def __init__(self, words: Callable[[], Iterable[str]]) -> None:
        self.words = words

    def get_completions(self, document: Document,
                        complete_event: CompleteEvent) -> Iterable[Completion]:
        typed = document.text_before_cursor.lstrip()
        if len(typed) > MAX_LINE:
            return
        prefix, found = typed.lower(), 0
        try:
            for word in islice(self.words(), COMPLETION_SCAN):
                if word.lower().startswith(prefix):
                    found += 1
                    yield Completion(word, start_position=-len(typed))
                    if found == COMPLETIONS:
                        return
        except Exception:  # a fault in the game's notation must not end the prompt
            return


def help_text(move_help: str, budget: float) -> str:
    """What `help` prints: the form of a move and the commands (in Spanish, their Spanish
    names: minimax_cli.play.session accepts them in every language, and the English ones too)."""
    return _(
        "Type a move, or a command:\n"
        "  moves  {move_help}\n"
        "  hint   every move with its value for you, best first, found within {budget} s\n"
        "  undo   take back your last move and the AI's reply\n"
        "  why    the AI's last move explained: its value and the line it expects\n"
        "  board  show the board again\n"
        "  help   this text\n"
        "  quit   leave (Ctrl-D too; Ctrl-C at this prompt quits, during a think it only\n"
        "         stops the think: the AI plays its best move so far)\n"
        "An entry is at most {limit} characters. Tab completes moves and commands; up and\n"
        "down arrows recall earlier input."
    ).format(move_help=move_help, budget=f"{budget:g}", limit=MAX_LINE) + "\n" + _(
        "More commands:\n"
        "  moves   the legal moves here\n"
        "  draw    claim a draw the rules allow here (chess: threefold repetition, 50 moves)\n"
        "  resign  give the game up")


def key_bindings() -> KeyBindings:
    """The session's own keys. The mouse is not used, so a key sequence that looks like a mouse
    report (`ESC [ 31 m`, pasted without bracketing, or a malformed report) is ignored:
    prompt-toolkit's reader of such reports fails on malformed ones, in the middle of the
    prompt's event loop."""
    bindings = KeyBindings()

    @bindings.add(Keys.Vt100MouseEvent)
    def _ignore(event: KeyPressEvent) -> None:
        return None

    return bindings


def ctrl_c_typed_ahead(input: Input) -> bool:
    """True when Ctrl-C was pressed after the last Enter, before the next prompt: that key (and
    what was typed before it on the same line) is taken; keys after it stay for the prompt.

    The keys are those prompt-toolkit read too early, and on a terminal also those that came while
    it was finishing and no longer reading: they wait in the terminal's buffer as plain bytes
    (raw mode sends no signal), so they are read here, in raw mode, without waiting."""
    keys = get_typeahead(input)
    if _is_terminal(input):
        with input.raw_mode():
            keys += input.read_keys()
            keys += input.flush_keys()
    for i, press in enumerate(keys):
        if press.key == Keys.ControlC:
            store_typeahead(input, keys[i + 1:])
            return True
        if press.key in (Keys.ControlM, Keys.ControlJ):  # a whole entry came first: not ours
            break
    store_typeahead(input, keys)
    return False


@contextmanager
def ctrl_c_kept_for_the_prompt(input: Input) -> Iterator[None]:
    """For one prompt: a Ctrl-C that comes before prompt-toolkit handles SIGINT itself becomes a
    Ctrl-C key waiting for the prompt, never a KeyboardInterrupt raised wherever Python is.

    On a dumb terminal prompt-toolkit writes the prompt before its application starts handling
    SIGINT; a Ctrl-C typed in between would raise KeyboardInterrupt in whatever code runs, and be
    lost if that is a garbage collector's callback. Kept as typeahead, the key reaches the
    prompt's own Ctrl-C binding when it starts reading. prompt-toolkit keeps this handler and
    puts it back around its own; where signals cannot be handled (not the main thread) nothing
    changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def keep(signum: int, frame: object) -> None:
        store_typeahead(input, [*get_typeahead(input), KeyPress(Keys.ControlC, "\x03")])

    previous = signal.signal(signal.SIGINT, keep)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _is_terminal(input: Input) -> bool:
    try:
        return os.isatty(input.fileno())
    except (OSError, ValueError, NotImplementedError):
        return False


@contextmanager
def keep_ctrl_d(input: Input) -> Iterator[None]:
    """While the session runs, Ctrl-D typed at a terminal in line mode stays a key (see the
    module's note); the terminal's settings are restored at the end. Nothing is changed when the
    input is not a terminal or the platform has no termios."""
    try:
        import termios
    except ImportError:
        yield
        return
    try:
        fd = input.fileno()
        if not os.isatty(fd):
            raise OSError("not a terminal")
        saved = termios.tcgetattr(fd)
        changed = termios.tcgetattr(fd)
        disabled = os.fpathconf(fd, "PC_VDISABLE")
        changed[6][termios.VEOF] = bytes([disabled]) if 0 <= disabled < 256 else b"\x00"
        termios.tcsetattr(fd, termios.TCSANOW, changed)
    except (OSError, ValueError, NotImplementedError, termios.error):
        yield
        return
    try:
        yield
    finally:
        with suppress(OSError, termios.error):
            termios.tcsetattr(fd, termios.TCSANOW, saved)


__all__ = ["COMPLETIONS", "COMPLETION_SCAN", "ECHO_LIMIT", "MAX_LINE", "Entry", "EntryCompleter",
           "LineReader", "clean", "ctrl_c_typed_ahead", "help_text", "keep_ctrl_d",
           "key_bindings", "line_problem", "refusal",
           "shown", "wrapped"]
