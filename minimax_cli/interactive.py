"""The `minimax play` session: a human against the AI, two humans, or the AI against itself.

Input comes through a prompt-toolkit `PromptSession` (completion of the legal moves and commands, a
validator that refuses an illegal move in place with the game's reason, history) when standard input
is a terminal, and line by line otherwise, so a game can be scripted: `printf '5\\n1\\n' | minimax
play`. A bad scripted line is reported on one line and the game goes on; end of input ends the
session. Output goes to a Rich console. Everything is passed in, so tests drive a session with
prompt-toolkit's pipe input and a console writing to a string.

How the AI chooses (level, time budget, solver, search) is the policy's job (minimax_cli.policy);
this module asks it for moves and hints and prints what it says.

Ending: `quit` or Ctrl-D (end of input) ends with "bye" and exit code 0; Ctrl-C at a prompt with
"bye" and 130, the code of an interrupted program, as everywhere else in the CLI. Ctrl-C while the
AI thinks only stops that think (the AI plays its best move so far; a hint gives the prompt back);
a second Ctrl-C before the human's next input quits.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from prompt_toolkit.utils import is_dumb_terminal
from prompt_toolkit.validation import ValidationError, Validator
from rich.console import Console
from rich.markup import escape

from minimax_cli import boards, render
from minimax_cli.core.game import MAX, Game, GameError
from minimax_cli.core.result import SearchResult
from minimax_cli.policy import LEVELS, ConfigError, Policy, Thinker, best_moves, explain, parse_level
from minimax_cli.review import describe_slip, review_game

AnyGame = Game[Any, Any]

COMMANDS = ("hint", "undo", "why", "board", "help", "quit")
ALIASES = {"q": "quit", "exit": "quit", "?": "help", "h": "help"}
INTERRUPTED = 130


@dataclass(frozen=True)
class PlayConfig:
    """Who plays what, and how the AI chooses."""

    ai: tuple[bool, bool] = (False, True)  # (MAX, MIN): True where the AI plays that side
    policy: Policy = field(default_factory=Policy)
    seed: int | None = None
    delay: float = 0.8
    review: bool = True

    @property
    def watch(self) -> bool:
        return all(self.ai)


def parse_side(game: AnyGame, text: str) -> int:
    """`first`/`second` (also `max`/`min`, `1`/`2`, and the players' symbols such as x/o)."""
    word = text.strip().lower()
    labels = [label.lower() for label in boards.player_labels(game)]
    for player, words in enumerate((("first", "max", "1"), ("second", "min", "2"))):
        if word in words or word == labels[player]:
            return player
    accepted = "first or second" + (f" ({labels[0]} or {labels[1]})"
                                    if labels != ["max", "min"] else "")
    raise ConfigError(f"unknown side {text!r}; use {accepted}")


def make_config(game: AnyGame, *, side: str | None = None, ai_first: bool = False,
                vs: str = "ai", watch: bool = False, level: str = "perfect",
                algorithm: str | None = None, depth: int | None = None,
                budget: float | None = None, evaluator: str | None = None,
                seed: int | None = None, delay: float = 0.8, review: bool = True) -> PlayConfig:
    """Check the play options against each other and the game; raises ConfigError."""
    opponent = vs.strip().lower()
    if opponent not in ("ai", "human"):
        raise ConfigError(f"unknown opponent {vs!r}; use --vs ai or --vs human")
    human = 0 if side is None else parse_side(game, side)
    if ai_first:
        if side is not None and human == MAX:
            raise ConfigError("--ai-first means you play second; it contradicts --side first")
        human = 1
    if watch and opponent == "human":
        raise ConfigError("--watch is the AI against itself; it cannot be combined with --vs human")
    if (watch or opponent == "human") and (side is not None or ai_first):
        mode = "--watch" if watch else "--vs human"
        raise ConfigError(f"--side and --ai-first choose your side against the AI; {mode} has none")
    ai = (True, True) if watch else (False, False) if opponent == "human" else (
        human != 0, human != 1)
    policy = Policy.make(game, level, budget=budget, depth=depth, algorithm=algorithm,
                         evaluator=evaluator)
    if delay < 0:
        raise ConfigError(f"--delay must be 0 or more seconds, got {delay}")
    return PlayConfig(ai, policy, seed, delay, review)


@contextmanager
def _announced(say: Callable[[str], None], text: str) -> Iterator[None]:
    """A plain line instead of a spinner (a dumb terminal shows no spinner)."""
    say(text)
    yield


class _Check(Validator):
    """Refuses input that is neither a command nor a legal move, with the game's reason."""

    def __init__(self, check: Callable[[str], str | None]) -> None:
        self.check = check

    def validate(self, document: Document) -> None:
        error = self.check(document.text)
        if error is not None:
            raise ValidationError(cursor_position=len(document.text), message=error)


class Session:
    """One sitting: games one after another until the player stops."""

    def __init__(self, game: AnyGame, config: PlayConfig, *, console: Console,
                 input: Input | None = None, output: Output | None = None,
                 stdin: TextIO | None = None, sleep: Callable[[float], None] = time.sleep) -> None:
        self.game, self.config, self.console, self.sleep = game, config, console, sleep
        self.names = boards.player_labels(game)
        self.on_grid = game.grid(game.initial_state()) is not None
        self.rng = random.Random(config.seed)
        self.lines: TextIO | None = None
        self.dumb = output is None and is_dumb_terminal()
        self.prompt: PromptSession[str] | None = None
        if stdin is not None or (input is None and not sys.stdin.isatty()):
            self.lines = stdin if stdin is not None else sys.stdin
        else:
            self.prompt = PromptSession(input=input, output=output, history=InMemoryHistory(),
                                        complete_while_typing=False)
        self.states: list[Any] = []
        self.moves: list[Any] = []
        self.analyses: dict[int, SearchResult] = {}  # ply index of an AI move -> its search
        self.shown = -1
        self.thinker = Thinker(game, config.policy, self.rng)  # its table lasts the sitting
        self.armed = False  # a think was stopped by Ctrl-C since the human's last input

    # --- the sitting ----------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the player stops; the exit code (0, or 130 after Ctrl-C)."""
        code = 0
        try:
            self.intro()
            while self.play_game():
                self.summary()
                if not self.again():
                    break
        except EOFError:
            pass
        except KeyboardInterrupt:
            code = INTERRUPTED
        self.say("bye")
        return code

    def say(self, text: str, markup: bool = False) -> None:
        """One message line (never wrapped: scripted output stays one line per event)."""
        self.console.print(text, markup=markup, highlight=False, soft_wrap=True)

    def who(self, player: int) -> str:
        name = self.names[player]
        if self.config.watch or not any(self.config.ai):
            return name
        return f"{name} (AI)" if self.config.ai[player] else f"{name} (you)"

    def intro(self) -> None:
        config = self.config
        level = config.policy.describe()
        if config.watch:
            line = f"the AI plays both sides ({level})"
        elif not any(config.ai):
            line = "two humans at one keyboard"
        else:
            human = 0 if config.ai[1] else 1
            order = "first" if human == MAX else "second"
            line = f"you play {self.names[human]} ({order}) against the AI ({level})"
        commands = "" if config.watch else " Type [bold]help[/] for commands."
        self.say(f"[bold]{escape(self.game.name)}[/]: {escape(line)}.{commands}", markup=True)

    def play_game(self) -> bool:
        """One game; False when the player quit."""
        game = self.game
        self.states, self.moves, self.shown = [game.initial_state()], [], -1
        self.analyses = {}
        if self.config.watch:
            self.show_board()
        while game.outcome(self.state) is None:
            player = game.to_move(self.state)
            if self.config.ai[player]:
                self.ai_turn(player)
                continue
            if self.shown != len(self.states):
                self.show_board()
            text = self.read(self.prompt_text(player), self.check_input)
            self.armed = False
            word = ALIASES.get(text.lower(), text.lower())
            if word == "quit":
                return False
            if word in COMMANDS:
                self.command(word)
                continue
            move = game.parse_move(self.state, text)
            if self.lines is not None:
                self.say(f"{self.who(player)} plays {game.format_move(self.state, move)}")
            self.push(move)
        self.show_board(final=True)
        return True

    @property
    def state(self) -> Any:
        return self.states[-1]

    def push(self, move: Any) -> None:
        self.moves.append(move)
        self.states.append(self.game.play(self.state, move))

    def thinking(self, text: str) -> AbstractContextManager[object] | None:
        """What shows while the AI thinks: a spinner on a terminal, a line on a dumb one, nothing
        when the output is not a terminal (scripted games stay one line per event)."""
        if not self.console.is_terminal:
            return None
        if self.console.is_dumb_terminal:
            return _announced(self.say, text)
        return self.console.status(text)

    def stopped_by_ctrl_c(self) -> None:
        """A think was interrupted: the game goes on, unless it is the second Ctrl-C in a row."""
        if self.armed:
            raise KeyboardInterrupt
        self.armed = True

    def ai_turn(self, player: int) -> None:
        state, budget = self.state, self.config.policy.budget
        display = self.thinking(f"{self.who(player)} is thinking (up to {budget:g} s; Ctrl-C: "
                                "play the best move found so far)…")
        choice = self.thinker.choose(state, display)
        if choice.thought.interrupted:
            self.stopped_by_ctrl_c()
        self.analyses[len(self.moves)] = choice.thought.result
        who = "the AI" if not self.config.watch else self.names[player]
        words = explain(self.game, choice.thought, choice.move, player, who)
        note = (f" (a random move: level {self.config.policy.level})" if choice.random else "")
        move_text = escape(self.game.format_move(state, choice.move))
        self.say(f"{escape(self.who(player))} plays [bold]{move_text}[/]: {escape(words)}"
                 f"{note}", markup=True)
        if choice.thought.interrupted:
            self.say("(Ctrl-C stopped the AI's think; the game goes on. Ctrl-C again quits.)")
        self.push(choice.move)
        if self.config.watch and self.game.outcome(self.state) is None:
            self.show_board()
            self.sleep(self.config.delay)

    def show_board(self, final: bool = False) -> None:
        previous = self.states[-2] if len(self.states) > 1 else None
        move = self.moves[-1] if self.moves else None
        self.console.print(boards.board(self.game, self.state, previous, move, show_line=final))
        self.shown = len(self.states)

    # --- input ------------------------------------------------------------------------------------
    def prompt_text(self, player: int) -> str:
        if any(self.config.ai):
            return f"your move ({self.names[player]}): "
        return f"{self.names[player]} to move: "

    def check_input(self, text: str) -> str | None:
        """None when `text` is a command or a legal move; otherwise why not."""
        word = text.strip().lower()
        if not word:
            return "type a move (" + (self.game.move_help or "see help") + ") or help"
        if ALIASES.get(word, word) in COMMANDS:
            return None
        try:
            self.game.parse_move(self.state, text)
        except GameError as error:
            return str(error)
        return None

    def read(self, message: str, check: Callable[[str], str | None],
             words: Sequence[str] | None = None) -> str:
        """One accepted line; raises EOFError at the end of input.

        A capable terminal refuses bad input in place (the validator); a dumb one (TERM=dumb, an
        editor's shell), where prompt-toolkit shows no validation message, and scripted input
        get one error line and a new prompt instead.
        """
        while True:
            if self.prompt is not None:
                if words is None:
                    words = [*(self.game.format_move(self.state, m)
                               for m in self.game.legal_moves(self.state)), *COMMANDS]
                completer = WordCompleter(list(words), ignore_case=True)
                validator = None if self.dumb else _Check(check)
                text = self.prompt.prompt(message, completer=completer, validator=validator,
                                          validate_while_typing=False).strip()
            else:
                assert self.lines is not None
                line = self.lines.readline()
                if not line:
                    raise EOFError
                text = line.strip()
            error = check(text)
            if error is None:
                return text
            self.say(f"[red]error:[/] {escape(error)}", markup=True)

    def again(self) -> bool:
        if self.prompt is None:
            return False

        def check(text: str) -> str | None:
            return None if text.strip().lower() in ("y", "yes", "n", "no") else "answer y or n"

        verb = "watch" if self.config.watch else "play"
        answer = self.read(f"{verb} again? (y/n) ", check, ["yes", "no"])
        return answer.lower().startswith("y")

    # --- commands ---------------------------------------------------------------------------------
    def command(self, word: str) -> None:
        game, console = self.game, self.console
        if word == "help":
            self.say(self.help_text())
        elif word == "board":
            self.show_board()
        elif word == "hint":
            self.hint()
        elif word == "why":
            plies = [i for i in self.analyses if i < len(self.moves)]
            if not plies:
                self.say("the AI has not moved yet in this game")
            else:
                console.print(render.analysis(game, self.states[max(plies)],
                                              self.analyses[max(plies)]))
        elif word == "undo":
            self.undo()

    def hint(self) -> None:
        """Every move with its value, found within the AI's time budget."""
        game, state = self.game, self.state
        budget = self.config.policy.budget
        thought = self.thinker.hint(state, self.thinking(
            f"thinking about a hint (up to {budget:g} s; Ctrl-C: stop)…"))
        if thought.interrupted:
            self.stopped_by_ctrl_c()
        result = thought.result
        if result.moves:
            self.console.print(render.moves_table(game, state, result))
        tied = best_moves(result)
        if not tied:
            return
        player = game.to_move(state)
        who = "you" if any(self.config.ai) else self.names[player]
        label = "best" if result.score is not None else "move ordering suggests"
        moves = ", ".join(game.format_move(state, m) for m in tied)
        self.say(f"{label}: {moves} ({explain(game, thought, tied[0], player, who)})")
        if thought.interrupted:
            self.say("(Ctrl-C stopped the hint; Ctrl-C again quits.)")

    def undo(self) -> None:
        """Take back the last full turn: the human's last move and the AI's replies after it."""
        human_turns = [i for i in range(len(self.states) - 1)
                       if not self.config.ai[self.game.to_move(self.states[i])]]
        if not human_turns:
            self.say("nothing to undo")
            return
        keep = human_turns[-1]
        taken = len(self.moves) - keep
        del self.states[keep + 1:]
        del self.moves[keep:]
        self.say(f"took back {taken} move{'s' if taken != 1 else ''}")
        self.shown = -1

    def help_text(self) -> str:
        return (
            "Type a move, or a command:\n"
            f"  moves  {self.game.move_help}\n"
            f"  hint   every move with its value, found within {self.config.policy.budget:g} s "
            "(MAX's view)\n"
            "  undo   take back your last move and the AI's reply\n"
            "  why    the AI's analysis of its last move\n"
            "  board  show the board again\n"
            "  help   this text\n"
            "  quit   leave (Ctrl-D too; Ctrl-C at this prompt quits, during a think it only\n"
            "         stops the think: the AI plays its best move so far)\n"
            "Tab completes moves and commands; up and down arrows recall earlier input."
        )

    # --- the end of a game ------------------------------------------------------------------------
    def summary(self) -> None:
        game, console = self.game, self.console
        value = game.outcome(self.state)
        assert value is not None
        if not game.win_loss:
            verdict = f"game over: value {render.fmt_value(value)} (MAX's view)"
        elif value == 0:
            verdict = "game over: a draw"
        else:
            verdict = f"game over: {self.who(MAX if value > 0 else 1 - MAX)} wins"
        self.say(f"[bold]{escape(verdict)}[/] after {len(self.moves)} moves", markup=True)
        if not self.config.review:
            return
        review = review_game(game, self.states[:-1], self.moves)
        names = [self.who(0), self.who(1)]
        if review.slips:
            self.say("review by the solver:")
            for slip in review.slips:
                self.say("  " + describe_slip(slip, names, self.on_grid))
        else:
            lost = "a win or a draw" if game.win_loss else "points"
            self.say(f"review by the solver: no move threw away {lost}")
        if review.unsolved:
            many = review.unsolved != 1
            console.print(f"  ({review.unsolved} position{'s' if many else ''} too large to solve "
                          f"quickly {'were' if many else 'was'} not reviewed)", style="dim")


def play_session(game: AnyGame, config: PlayConfig, *, console: Console,
                 input: Input | None = None, output: Output | None = None,
                 stdin: TextIO | None = None, sleep: Callable[[float], None] = time.sleep) -> int:
    """Run a play session; the exit code. `input`/`output` drive prompt-toolkit (tests pass a pipe
    input and a dummy output); `stdin` (or a standard input that is not a terminal) reads lines."""
    return Session(game, config, console=console, input=input, output=output, stdin=stdin,
                   sleep=sleep).run()


__all__ = ["LEVELS", "ConfigError", "PlayConfig", "Session", "make_config", "parse_level",
           "parse_side", "play_session"]
