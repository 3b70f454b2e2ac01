"""Exercises: `minimax analyze tree TREE --quiz` asks a student, `minimax quiz` writes a set with
answer keys as Markdown for a teacher.

The quiz asks two questions, once each: the value of the root, and the leaves alpha-beta never
evaluates (by their numbers #1, #2 ... from the left, shown in the drawing). An answer that is not
of the accepted form is refused with one line and asked again; it costs no attempt. Then the
verdicts, the answer key and alpha-beta's worked steps.

On a terminal the answers are typed at a prompt-toolkit prompt; otherwise they are read from
stdin, one a line (`printf '3\\n5 6\\n' | minimax analyze tree @abcd --quiz`), each question and
answer echoed on stdout as a transcript, a refused line reported on stderr with its number (exit
code 2 at the end, as `play` does). Ctrl-D or the end of the input ends the quiz with a note and
exit code 0, nothing checked; Ctrl-C with 130.
"""

import io
import os
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from minimax_cli.cli import options as cli_input
from minimax_cli.cli.arguments import depth_option, out_option, seed_option
from minimax_cli.cli.base import console, error_line, escaped, fail, other_option
from minimax_cli.cli.help import help_text
from minimax_cli.core.i18n import N_, _, ngettext
from minimax_cli.core.params import grouped
from minimax_cli.services.limits import (
    BRANCHINGS,
    DEPTHS,
    LEAF_RANGE,
    MAX_ANSWER,
    MAX_COUNT,
    MAX_QUIZ_NODES,
    MAX_SEED,
)

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output
    from rich.console import Console

    from minimax_cli.core.bounded import BoundedLines
    from minimax_cli.reports.quiz import Exercise

Answer = TypeVar("Answer")
INTERRUPTED = 130
BAD_INPUT = 2
#: `minimax quiz` defaults: the course's NetLogo model draws leaves 0..10.
DEFAULTS = {"count": 5, "depth": 3, "branching": 3, "seed": 0, "low": 0, "high": 10}


# --- where answers come from ---------------------------------------------------------------------
class Answers:
    """Answers typed at a prompt (a terminal) or read line by line from a script."""

    def __init__(self, out: "Console", stdin: IO[str] | None = None,
                 errors: "Console | None" = None, input: "Input | None" = None,
                 output: "Output | None" = None) -> None:
        """Scripted from `stdin` (default: sys.stdin when it is not a terminal), else at a prompt
        on `input` and `output` (default: the terminal); tests pass prompt-toolkit's pipes."""
        self.out = out
        self.prompt: PromptSession[str] | None = None
        self.stream: IO[str] | None = None
        self.lines: BoundedLines | None = None
        self.line = 0
        self.bad = 0
        if stdin is None and input is None and sys.stdin is None:
            stdin = io.StringIO()  # started with stdin closed: read as an empty input
        if stdin is not None or (input is None and not sys.stdin.isatty()):
            from minimax_cli.core import bounded  # a scripted quiz only

            self.stream = stdin if stdin is not None else sys.stdin
            self.lines = bounded.BoundedLines(self.stream)
        else:
            import prompt_toolkit  # loaded for an interactive quiz only

            self.prompt = prompt_toolkit.PromptSession(input=input, output=output)
        if errors is None and self.stream is not None:
            from rich.console import Console

            errors = Console(stderr=True, highlight=False)
        self.errors = errors if errors is not None else out

    def ask(self, question: str, parse: Callable[[str], Answer]) -> Answer:
        """The first answer `parse` accepts; EOFError at the end of the input or Ctrl-D."""
        from minimax_cli.services.quiz import AnswerError

        while True:
            text, problem = self._read(question)
            if problem is None:
                try:
                    return parse(text)
                except AnswerError as error:
                    problem = str(error)
            self._refuse(problem)

    def _read(self, question: str) -> tuple[str, str | None]:
        if self.prompt is not None:
            return self.prompt.prompt(question + " "), None
        assert self.lines is not None
        self.line += 1
        text, problem = read_line(self.lines, MAX_ANSWER)
        from rich.text import Text

        # the transcript: a control character typed is shown escaped, never sent to the terminal
        self.out.print(Text(f"{question} {escaped(text)}"), soft_wrap=True)
        return text, problem

    def _refuse(self, problem: str) -> None:
        if self.stream is not None:
            self.bad += 1
            problem = _("line {line}: {problem}").format(line=self.line, problem=problem)
        self.errors.print(error_line(problem), soft_wrap=self.stream is not None)


def read_line(lines: "BoundedLines", limit: int) -> tuple[str, str | None]:
    """The next line of `lines` without its end, and why it is refused (None if it is not):
    longer than `limit` characters (refused once the limit is passed; its rest is skipped, never
    held in memory) or not UTF-8. EOFError at the end of the input."""
    if lines.raw is None:  # a text-only stream (an embedding caller): its characters count
        read = lines.read_text(limit)
        if read is None:
            raise EOFError
        text, cut = read
        if cut:
            return "", _too_long(limit)
    else:  # bytes, so that a line that is not UTF-8 is refused, not a crash
        got = lines.read_bytes(4 * limit)  # a character is at most 4 bytes
        if got is None:
            raise EOFError
        data, cut = got
        if cut:
            return "", _too_long(limit)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return "", _("the line is not UTF-8 text")
    text = text.removeprefix("\ufeff").rstrip("\r\n")
    if len(text) > limit:
        return "", _too_long(limit)
    return text.strip(), None


def _too_long(limit: int) -> str:
    return _("the line is longer than {limit} characters, the most an answer may be").format(
        limit=limit)


# --- the quiz --------------------------------------------------------------------------------------
def run_quiz(exercise: "Exercise", answers: Answers, out: "Console") -> int:
    """Ask, check, explain; the exit code (0; 2 after a refused scripted line; 130 on Ctrl-C)."""
    from rich.text import Text

    from minimax_cli.services.quiz import check_leaves, check_value, parse_leaves, parse_value
    from minimax_cli.views import quiz as show

    scripted = answers.stream is not None
    out.print(show.drawing(exercise), soft_wrap=True)
    out.print(Text(show.legend(), style="dim"), soft_wrap=scripted)
    try:
        value = answers.ask(show.value_question(), parse_value)
        leaves = answers.ask(show.leaves_question(),
                             lambda text: parse_leaves(text, len(exercise.leaves)))
    except EOFError:
        out.print(Text(_("The quiz ended before every question was answered: nothing was "
                         "checked. The same command without --quiz shows the values."),
                       style="yellow"), soft_wrap=scripted)
        return BAD_INPUT if answers.bad else 0
    except KeyboardInterrupt:
        out.print(Text(_("interrupted"), style="yellow"))
        return INTERRUPTED
    value_right = check_value(exercise, value)
    verdict = check_leaves(exercise, leaves)
    out.print(show.value_verdict(exercise, value, value_right), soft_wrap=scripted)
    out.print(show.leaves_verdict(exercise, leaves, verdict), soft_wrap=scripted)
    out.print(show.score_line(int(value_right) + int(verdict.right), 2))
    out.print(show.worked(exercise), soft_wrap=scripted)
    return BAD_INPUT if answers.bad else 0


def quiz_in_analyze(ctx: typer.Context, game_name: str, position: str | None,
                    save: list[str] | None = None) -> None:
    """`analyze ... --quiz`: refuses the other options of analyze, then runs the quiz; `--save`
    keeps the exercise's tree as the student sees it (SVG or HTML), without the answers."""
    from minimax_cli.cli import save as cli_save
    from minimax_cli.cli.game import game_and_position
    from minimax_cli.services.quiz import QuizRefusal, build

    option = other_option(ctx, ("game_name", "position", "quiz", "save"))
    if option is not None:
        fail(_("--quiz shows the tree and asks about it, and takes no other option of "
               "analyze: leave out {option}").format(option=option))
    if position == "-" or "-" in ctx.args:
        fail(_("--quiz reads your answers from stdin, so the tree cannot come from there: give "
               "it as text or as a file"))
    figures = cli_save.figures(save)
    if cli_save.tree_figures(figures):
        fail(_("--quiz saves its tree as the student sees it, values hidden: give a file ending "
               "in .svg or .html"))
    game, state = game_and_position(ctx, game_name, position)
    spec = position if position is not None and position.startswith("random") else None
    try:
        exercise = build(game, state, spec)
    except QuizRefusal as error:
        fail(str(error))
    out = console()
    if figures:
        _save_drawing(exercise, out, figures)
    code = run_quiz(exercise, Answers(out), out)
    if code:
        raise typer.Exit(code)


def _save_drawing(exercise: "Exercise", out: "Console", figures: list[Any]) -> None:
    """The exercise's tree and its legend as the quiz draws them on `out` (same width), saved
    before any answer is asked: a figure of the question, not of its answers."""
    from rich.console import Console
    from rich.text import Text

    from minimax_cli.cli import save as cli_save
    from minimax_cli.views import quiz as show

    recorded = Console(record=True, file=io.StringIO(), width=out.width, highlight=False,
                       color_system="truecolor")
    # wrapped at the width, as a terminal shows a long line (an SVG cuts it at the width)
    recorded.print(show.drawing(exercise))
    recorded.print(Text(show.legend(), style="dim"))
    cli_save.save_terminal(recorded, figures)


# --- minimax quiz ------------------------------------------------------------------------------------
def signed_parser(low: int, high: int) -> Callable[[str], int]:
    """A Typer `parser=` for a whole number from `low` to `high`, sign allowed."""
    def parse(text: str) -> int:
        import re

        from minimax_cli.core.params import quote

        written = str(text).strip().replace("−", "-")
        if not re.fullmatch(r"[+-]?[0-9]{1,6}", written) or not low <= int(written) <= high:
            raise typer.BadParameter(_("{value} is not a whole number from {low} to {high}")
                                     .format(value=quote(str(text)), low=low, high=high))
        return int(written)

    return parse


#: `minimax quiz --help`'s description (given to Typer as `help=`, translated when drawn).
QUIZ_HELP = N_(
    "Write alpha-beta exercises with answer keys as Markdown, for teachers.\n\n"
    "Each exercise is a random tree (MAX at the root, leaves numbered from the left) drawn and as "
    "JSON, with two questions: the root's value and MAX's move, and the leaves alpha-beta never "
    "evaluates. The answer key after them gives the answers, the node counts of minimax and "
    "alpha-beta, and alpha-beta's worked steps. The same options give the same file, byte for "
    "byte: `minimax quiz --count 5 --depth 3 --seed 7 --out quiz.md`."
)


# --- quiz's options, in the order its page lists them -----------------------------------------
Count = Annotated[int | None, typer.Option(
    "--count", "-n", metavar="N", parser=cli_input.count_parser(1, MAX_COUNT),
    help=help_text(N_("Exercises to write (default {default}; 1 to {most})."),
                   default=DEFAULTS["count"], most=MAX_COUNT))]
Depth = Annotated[int | None, depth_option(
    cli_input.count_parser(*DEPTHS, N_("levels")),
    help_text(N_("Levels below the root (default {default}; {least} to {most})."),
              default=DEFAULTS["depth"], least=DEPTHS[0], most=DEPTHS[1]),
    metavar=N_("LEVELS"))]
Branching = Annotated[int | None, typer.Option(
    "--branching", "-b", metavar="N", parser=cli_input.count_parser(*BRANCHINGS, N_("children")),
    help=help_text(N_("Children of every inner node (default {default}; {least} to {most}); a "
                      "tree has at most {nodes} nodes, e.g. depth 4 with 3 children or depth 6 "
                      "with 2."), default=DEFAULTS["branching"], least=BRANCHINGS[0],
                   most=BRANCHINGS[1], nodes=MAX_QUIZ_NODES))]
Seed = Annotated[int | None, seed_option(help_text(N_(
    "The set's seed (default {default}; 0 to {most}): the same options give the same file."),
    default=DEFAULTS["seed"], most=MAX_SEED))]
Low = Annotated[int | None, typer.Option(
    "--low", metavar="N", parser=signed_parser(*LEAF_RANGE),
    help=help_text(N_("Smallest leaf value (default {default}; {least} to {most})."),
                   default=DEFAULTS["low"], least=LEAF_RANGE[0], most=LEAF_RANGE[1]))]
High = Annotated[int | None, typer.Option(
    "--high", metavar="N", parser=signed_parser(*LEAF_RANGE),
    help=help_text(N_("Largest leaf value (default {default}; above --low, at most {most})."),
                   default=DEFAULTS["high"], most=LEAF_RANGE[1]))]
OutFile = Annotated[str | None, out_option(N_(
    "Write the Markdown to FILE (replaced if it exists) instead of stdout."), "-o")]


def quiz(count: Count = None, depth: Depth = None, branching: Branching = None, seed: Seed = None,
         low: Low = None, high: High = None, out_file: OutFile = None) -> None:
    """`minimax quiz` (its description for users: QUIZ_HELP)."""
    chosen = {"count": count, "depth": depth, "branching": branching, "seed": seed, "low": low,
              "high": high}
    options = {k: DEFAULTS[k] if v is None else v for k, v in chosen.items()}
    _check_set(options, out_file)
    from minimax_cli.services.quiz import exercise_set
    from minimax_cli.views.quiz import markdown

    command = "minimax quiz " + " ".join(f"--{k} {v}" for k, v in options.items())
    text = markdown(exercise_set(**options), options, command) + "\n"
    if out_file is None:
        sys.stdout.write(text)
        return
    _write(out_file, text, options["count"])


def _check_set(options: dict[str, int], out_file: str | None) -> None:
    """One line and exit 2 for a set that cannot be: leaves' range empty, trees too large, a
    folder given as the file."""
    if options["low"] >= options["high"]:
        fail(_("--low {low} must be below --high {high}: the leaves take values from --low to "
               "--high").format(low=options["low"], high=options["high"]))
    from minimax_cli.services.quiz import tree_nodes

    nodes = tree_nodes(options["depth"], options["branching"])
    if nodes > MAX_QUIZ_NODES:
        fail(_("a tree of depth {depth} with {branching} children per node has {nodes} nodes, "
               "and a quiz tree has at most {limit}: lower --depth or --branching").format(
                   depth=options["depth"], branching=options["branching"], nodes=grouped(nodes),
                   limit=grouped(MAX_QUIZ_NODES)))
    if out_file is not None and os.path.isdir(out_file):
        fail(_("--out {file} is a folder: give a file name").format(file=repr(out_file)[:60]))


def _write(out_file: str, text: str, count: int) -> None:
    """The set's Markdown into `out_file`, said on stdout; one line and exit 2 if it cannot be."""
    try:
        with open(out_file, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    except OSError as error:
        fail(_("cannot write {file}: {reason}").format(file=repr(out_file)[:60],
                                                      reason=error.strerror or error))
    from rich.text import Text

    console().print(Text(ngettext("wrote {count} exercise with its answer key to {file}",
                                  "wrote {count} exercises with their answer key to {file}",
                                  count).format(count=count, file=out_file)))


__all__ = ["Answers", "quiz", "quiz_in_analyze", "read_line", "run_quiz"]
