"""The `minimax play` session: a human against the AI, two humans, or the AI against itself.

Input comes through a prompt-toolkit `PromptSession` (completion of the legal moves and commands,
history) when standard input is a terminal, and line by line otherwise, so a game can be scripted:
`printf '5\\n1\\n' | minimax play --seed 1`. An entry that is neither a legal move nor a command is
checked after Enter: its reason is printed right under it, wrapped to the terminal's width, and a
new, empty prompt follows, so the next keys never add to the refused text. A scripted bad line is
reported on stderr with its line number, the game goes on with the next line, and the exit code at
the end is 2; end of input ends the session. Output goes to a Rich console. Everything is passed
in, so tests drive a session with prompt-toolkit's pipe input and a console writing to a string.

A game starts from the game's start position or from a position given (`PlayConfig.start`); by
default the human plays the side to move there.

How the AI chooses (level, time budget, solver, search) is the policy's job (minimax_cli.answer.policy);
this module asks it for moves and hints and prints what it says.

Every entry is checked before a game sees it (minimax_cli.play.lines: at most MAX_LINE printable
characters), and whatever a game's move reader raises, the entry is refused and the game goes on.

Ending: `quit` or Ctrl-D (end of input) ends with "bye" and exit code 0; Ctrl-C at a prompt with
"bye" and 130, the code of an interrupted program, as everywhere else in the CLI. Ctrl-C while the
AI thinks only stops that think (the AI plays its best move so far); a hint or the review it
abandons, and `why` shows the line found so far. Either way the game goes on, and a second Ctrl-C
before the human's next input quits. A Ctrl-C or Ctrl-D pressed between two prompts counts too
(minimax_cli.play.lines explains how they are kept).
"""

from __future__ import annotations

import io
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from functools import partial
from typing import Any, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from rich.console import Console
from rich.markup import escape

from minimax_cli.answer.levels import LEVELS, ConfigError, parse_level
from minimax_cli.answer.policy import Choice, Thinker
from minimax_cli.answer.thinks import think_report
from minimax_cli.core.game import CHANCE, AnyGame, GameError, Probability
from minimax_cli.core.i18n import _
from minimax_cli.play import commands as play_commands
from minimax_cli.play.claims import Verdict, write_record
from minimax_cli.play.commands import ALIASES, COMMANDS, command_name, command_names
from minimax_cli.play.config import (
    PlayConfig,
    intro_words,
    make_config,
    parse_side,
    winners_words,
)
from minimax_cli.play.lines import (
    EntryCompleter,
    LineReader,
    ctrl_c_kept_for_the_prompt,
    ctrl_c_typed_ahead,
    help_text,
    keep_ctrl_d,
    key_bindings,
    line_problem,
    refusal,
    shown,
)
from minimax_cli.play.words import ending_words, explain
from minimax_cli.reports.words import Party, the_ai, you
from minimax_cli.views import boards, game_tree
from minimax_cli.views.hanging import hanging_rows

#: Answers to "play again?": English and Spanish, in any language.
YES = ("y", "yes", "s", "si", "sí")
NO = ("n", "no")
INTERRUPTED = 130
#: The exit code of a scripted session with a bad line (the game went on without it).
BAD_INPUT = 2


class Session:
    """One sitting: games one after another until the player stops."""

    def __init__(self, game: AnyGame, config: PlayConfig, *, console: Console,
                 input: Input | None = None, output: Output | None = None,
                 stdin: TextIO | None = None, sleep: Callable[[float], None] = time.sleep,
                 errors: Console | None = None) -> None:
        self.game, self.config, self.console, self.sleep = game, config, console, sleep
        self.names = boards.player_labels(game)
        self.start = game.initial_state() if config.start is None else config.start
        self.on_grid = game.grid(self.start) is not None
        self.rng = random.Random(config.seed)
        self.lines: LineReader | None = None
        self.line_number = 0
        self.bad_lines = 0
        self.prompt: PromptSession[str] | None = None
        self.parsed: tuple[str, Any] | None = None  # the last entry read as a move, and the move
        if stdin is None and input is None and sys.stdin is None:
            stdin = io.StringIO()  # started with stdin closed: read as an empty input
        if stdin is not None or (input is None and not sys.stdin.isatty()):
            self.lines = LineReader(stdin if stdin is not None else sys.stdin)
        else:
            self.prompt = PromptSession(input=input, output=output, history=InMemoryHistory(),
                                        complete_while_typing=False, key_bindings=key_bindings())
        # Scripted sessions report bad lines on stderr: stdout stays the game's record.
        self.errors = errors if errors is not None else (
            Console(stderr=True, highlight=False) if self.lines is not None else console)
        self.states: list[Any] = []
        self.moves: list[Any] = []
        self.analyses: dict[int, Choice] = {}  # ply index of an AI move -> how it was chosen
        self.shown = -1
        self.thinker = Thinker(game, config.policy, self.rng)  # its table lasts the sitting
        self.armed = False  # a think was stopped by Ctrl-C since the human's last input
        self.verdict: Verdict | None = None  # a game resigned or drawn by a claim

    # --- the sitting ----------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the player stops; the exit code (0; 130 after Ctrl-C; 2 after a bad
        scripted line)."""
        code = 0
        try:
            with ExitStack() as stack:
                if self.prompt is not None:
                    stack.enter_context(keep_ctrl_d(self.prompt.input))
                self.intro()
                while self.play_game():
                    self.summary()
                    if not self.again():
                        break
        except EOFError:
            pass
        except KeyboardInterrupt:
            code = INTERRUPTED
        self.say(_("bye"))
        return code or (BAD_INPUT if self.bad_lines else 0)

    def say(self, text: str, markup: bool = False) -> None:
        """One message: wrapped between words on a terminal, one line per event otherwise (a
        scripted game's record)."""
        self.console.print(text, markup=markup, highlight=False,
                           soft_wrap=not self.console.is_terminal)

    def who(self, player: int) -> str:
        name = self.names[player]
        if self.config.watch or not any(self.config.ai):
            return name
        text = _("{name} (AI)") if self.config.ai[player] else _("{name} (you)")
        return text.format(name=name)

    def party(self, player: int) -> Party:
        """How the words speak of `player`: you, the AI, or by name when both are humans or
        both the AI."""
        if self.config.watch or not any(self.config.ai):
            return Party(player, self.names[player])
        return the_ai(player) if self.config.ai[player] else you(player)

    def intro(self) -> None:
        where, line = intro_words(self.game, self.config)
        commands = "" if self.config.watch else " " + _("Type {help} for commands.").format(
            help=f"[bold]{command_name('help')}[/]")
        self.say(f"[bold]{escape(self.game.name)}[/]{escape(where)}: {escape(line)}.{commands}",
                 markup=True)

    def play_game(self) -> bool:
        """One game; False when the player quit."""
        game = self.game
        self.states, self.moves, self.shown = [self.start], [], -1
        self.analyses, self.verdict = {}, None
        if self.config.watch:
            self.show_board()
        while game.outcome(self.state) is None and self.verdict is None:
            player = game.to_move(self.state)
            if player == CHANCE:
                self.chance_turn()
                continue
            if self.config.ai[player]:
                self.guarded(None, partial(self.ai_turn, player))
                continue
            if self.shown != len(self.states):
                self.show_board()
            text = self.read(self.prompt_text(player), self.check_input)
            self.armed = False
            word = ALIASES.get(text.lower(), text.lower())
            if word == "quit":
                return False
            if word in COMMANDS:
                self.guarded(word, partial(self.command, word))
                continue
            assert self.parsed is not None and self.parsed[0] == text  # set by check_input
            move = self.parsed[1]
            if self.lines is not None:
                self.say(_("{player} plays {move}").format(
                    player=self.who(player), move=game_tree.move_name(game, self.state, move)))
            self.push(move)
        self.show_board(final=True)
        self.keep_record()
        return True

    def guarded(self, command: str | None, action: Callable[[], None]) -> None:
        """Run a command (None: the AI's turn). Ctrl-C outside a think (which handles its own)
        stops it and the game goes on, unless it is the second in a row; a fault in a command is
        one line and the game goes on (a bug, but the game is not lost to it)."""
        try:
            action()
        except KeyboardInterrupt:
            self.stopped_by_ctrl_c()
            if command is None:
                self.say(_("(Ctrl-C stopped the AI's turn; the game goes on. Ctrl-C again "
                           "quits.)"))
            else:
                self.say(_("(Ctrl-C stopped {command}; the game goes on. Ctrl-C again "
                           "quits.)").format(command=command_name(command)))
        except Exception as error:
            if command is None:
                raise
            self.refuse(_("{command} failed ({error}); this is a bug in minimax or the game; the "
                          "game goes on").format(command=command_name(command),
                                                 error=f"{type(error).__name__}: {error}"))

    @property
    def state(self) -> Any:
        return self.states[-1]

    def push(self, move: Any) -> None:
        after = self.game.play(self.state, move)
        self.moves.append(move)
        self.states.append(after)
        self.keep_record()

    def keep_record(self) -> None:
        """The game so far written to the record file (`--pgn`), replaced after every move."""
        if self.config.record is not None:
            write_record(self, self.config.record)

    @contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        """Entered while the AI thinks: a spinner on a terminal, a line on a dumb one, nothing
        when the output is not a terminal (scripted games stay one line per event). A Ctrl-C
        pressed just after the Enter that started this think, and kept by prompt-toolkit for the
        next prompt, is this think's: it is raised here (minimax_cli.play.lines)."""
        if self.prompt is not None and ctrl_c_typed_ahead(self.prompt.input):
            raise KeyboardInterrupt
        if not self.console.is_terminal:
            yield
        elif self.console.is_dumb_terminal:
            self.say(text)
            yield
        else:
            with self.console.status(text):
                yield

    def stopped_by_ctrl_c(self) -> None:
        """A think was interrupted: the game goes on, unless it is the second Ctrl-C in a row."""
        if self.armed:
            raise KeyboardInterrupt
        self.armed = True

    def other(self, player: int) -> Party:
        """The opponent the words speak of: in two-player games the other player; with more
        players the next to move (the words then speak of each player's return instead)."""
        return self.party((player + 1) % len(self.names))

    def chance_turn(self) -> None:
        """Roll the dice (or whatever chance does here) with the sitting's generator, by the
        game's exact probabilities, and say what came up and for whom: the player who moves
        after it (in dice bones, the player whose roll it is)."""
        state = self.state
        outcomes = self.game.chance_outcomes(state)
        threshold = self.rng.random()
        cumulative: Probability = 0
        move = outcomes[-1][0]
        for outcome, probability in outcomes:
            cumulative += probability
            if threshold < cumulative:
                move = outcome
                break
        self.push(move)
        outcome = self.game.format_move(state, move)
        after = self.state
        player = None if self.game.outcome(after) is not None else self.game.to_move(after)
        if player is None or player == CHANCE:
            self.say(_("chance: {outcome}").format(outcome=outcome))
        else:
            self.say(_("chance for {player}: {outcome}").format(player=self.who(player),
                                                                 outcome=outcome))

    def ai_turn(self, player: int) -> None:
        state, budget = self.state, self.config.policy.budget
        display = self.thinking(_("{player} is thinking (up to {budget} s; Ctrl-C: play the best "
                                  "move found so far)…").format(player=self.who(player),
                                                                budget=f"{budget:g}"))
        choice = self.thinker.choose(state, display)
        if choice.thought.interrupted:
            self.stopped_by_ctrl_c()
        self.analyses[len(self.moves)] = choice
        self.push(choice.move)  # first: a Ctrl-C while the words print leaves the move played
        after = self.game.play(state, choice.move)
        ended = self.game.outcome(after)
        if ended is not None and len(self.names) != 2:
            words = _("the game ends: {result}").format(result=winners_words(self.game, after))
        elif ended is not None:  # nothing is left to prove or to play: say how it ended
            words = ending_words(self.game, ended, self.party(player))
        else:
            words = explain(self.game, think_report(self.game, state, choice.thought),
                            choice.move, self.party(player), self.other(player), played=True)
        note = (_(" (a random move: level {level})").format(level=self.config.policy.level)
                if choice.random else "")
        move_text = escape(game_tree.move_name(self.game, state, choice.move))
        self.say(_("{player} plays {move}: {why}").format(
            player=escape(self.who(player)), move=f"[bold]{move_text}[/]", why=escape(words))
            + escape(note), markup=True)
        if choice.thought.interrupted:
            self.say(_("(Ctrl-C stopped the AI's think; the game goes on. Ctrl-C again quits.)"))
        if self.config.watch and self.game.outcome(self.state) is None:
            self.show_board()
            self.sleep(self.config.delay)

    def show_board(self, final: bool = False) -> None:
        if self.game.explicit_tree:  # the tree drawn, the moves played marked (not its JSON)
            self.console.print(game_tree.game_tree(self.game, self.states))
            self.shown = len(self.states)
            return
        previous = self.states[-2] if len(self.states) > 1 else None
        move = self.moves[-1] if self.moves else None
        self.console.print(boards.board(self.game, self.state, previous, move, show_line=final))
        self.shown = len(self.states)

    # --- input ------------------------------------------------------------------------------------
    def prompt_text(self, player: int) -> str:
        if any(self.config.ai):
            return _("your move ({player}): ").format(player=self.names[player])
        return _("{player} to move: ").format(player=self.names[player])

    def check_input(self, text: str) -> str | None:
        """None when `text` is a command or a legal move; otherwise why not."""
        word = text.strip().lower()
        if not word:
            first = next(iter(self.game.legal_moves(self.state)), None)
            if first is None:
                return _("type a move, or {help} for the commands").format(
                    help=command_name("help"))
            return _("type a move such as {move}, or {help} for the commands").format(
                move=self.game.format_move(self.state, first), help=command_name("help"))
        if ALIASES.get(word, word) in COMMANDS:
            return None
        try:
            move = self.game.parse_move(self.state, game_tree.typed_move(self.game, text))
        except GameError as error:
            return str(error)
        except Exception as error:  # a game's reader should raise GameError only: a bug, survived
            return _("the move {move} was not understood (the game's move reader failed: "
                     "{error}); {move_help}").format(move=shown(text), error=type(error).__name__,
                                                     move_help=_(self.game.move_help))
        self.parsed = (text, move)
        return None

    def read(self, message: str, check: Callable[[str], str | None],
             words: tuple[str, ...] | None = None) -> str:
        """One accepted line; raises EOFError at the end of input.

        A refused entry is checked after Enter, never in place: the reason goes right under it
        and the next prompt starts empty, so typing never adds to the refused text. Scripted
        input skips blank lines and reports a bad line on stderr with its number.
        """
        while True:
            if self.prompt is not None:
                completer = EntryCompleter(self.entries if words is None else lambda: words)
                with ctrl_c_kept_for_the_prompt(self.prompt.input):
                    typed = self.prompt.prompt(message, completer=completer)
                text = typed.strip()
                problem = line_problem(text, len(typed))
            else:
                assert self.lines is not None
                entry = self.lines.read()
                if entry is None:
                    raise EOFError
                self.line_number += 1
                text, problem = entry.text, entry.problem
                if not text and problem is None:
                    continue
            error = problem if problem is not None else check(text)
            if error is None:
                return text
            self.refuse(error)

    def entries(self) -> Iterable[str]:
        """What Tab completes at a move prompt: the commands, then the legal moves (lazily)."""
        yield from command_names()
        for move in self.game.legal_moves(self.state):
            yield self.game.spoken_move(self.state, move)

    def refuse(self, reason: str) -> None:
        """Say why an entry was refused: on a terminal wrapped to its width, right under the
        prompt; scripted, one line on stderr with the line's number, counted for the exit code."""
        if self.lines is not None:
            self.bad_lines += 1
            self.errors.print(refusal(_("line {line}: {problem}").format(
                line=self.line_number, problem=reason)), soft_wrap=True, highlight=False)
        else:
            self.errors.print(refusal(reason, self.errors.width), soft_wrap=True, highlight=False)

    def again(self) -> bool:
        if self.prompt is None:
            return False

        def check(text: str) -> str | None:
            return None if text.strip().lower() in YES + NO else _("answer y or n")

        question = _("watch again? (y/n) ") if self.config.watch else _("play again? (y/n) ")
        answer = self.read(question, check, (_("yes"), _("no")))
        return answer.strip().lower() in YES

    # --- commands ---------------------------------------------------------------------------------
    def command(self, word: str) -> None:
        if word == "help":
            text = help_text(_(self.game.move_help), self.config.policy.budget)
            if self.console.is_terminal:  # a long row wraps under its own description
                self.console.print(hanging_rows(text), highlight=False)
            else:
                self.say(text)
        elif word == "board":
            self.show_board()
        else:  # hint, why, undo, moves, resign, draw
            play_commands.ACTIONS[word](self)
            self.keep_record()

    def summary(self) -> None:
        play_commands.summary(self)

def play_session(game: AnyGame, config: PlayConfig, *, console: Console,
                 input: Input | None = None, output: Output | None = None,
                 stdin: TextIO | None = None, sleep: Callable[[float], None] = time.sleep,
                 errors: Console | None = None) -> int:
    """Run a play session; the exit code. `input`/`output` drive prompt-toolkit (tests pass a pipe
    input and a dummy output); `stdin` (or a standard input that is not a terminal) reads lines;
    `errors` takes the reasons for refused entries (default: stderr when scripted)."""
    return Session(game, config, console=console, input=input, output=output, stdin=stdin,
                   sleep=sleep, errors=errors).run()


__all__ = ["BAD_INPUT", "LEVELS", "ConfigError", "PlayConfig", "Session", "make_config",
           "parse_level", "parse_side", "play_session"]
