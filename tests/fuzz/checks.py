"""What every fuzz case must show, failure keys for grouping, and reproduction commands.

Each case: an exit code of 0 or 2 (130 only when it was sent Ctrl-C; a play session at a terminal
ends with 0), no exception escaping and no "Traceback" anywhere in its output, an error as exactly
one short line on stderr starting `error:` (a scripted `play` may report one `error: line N:` line
per bad input line, `solve --batch` one `line N:` line per line not read, and its summary), no raw
control characters and no user text read as Rich markup in what it prints, valid JSON that matches
the published schema on stdout when `--json` succeeded, and time and memory under the harness's
caps.
"""

from __future__ import annotations

import json
import re
import traceback
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from minimax_cli.reports import SCHEMA_FILE
from tests.fuzz.harness import MEMORY_CAP_MB, TIME_CAP, CaseTimeout, CliCase, Outcome, PlayCase

#: The longest error line accepted: a message, an input cut short and the accepted form, in the
#: 400 characters docs/reference.md states (issue 20).
MAX_ERROR_CHARS = 400
#: Markup probes the strategies put in user text: when the word shows without its markup, Rich
#: read the text as markup (`[red]zqx` printed as `zqx`).
MARKUP_PROBES = {"[red]zqx": "zqx", "[bold]zqy[/bold]": "zqy",
                 "[link=https://example.com]zqz[/link]": "zqz", "[#ff0000]zqw": "zqw"}
#: Emoji codes are markup too (`:thumbs_up:` printed as the emoji).
EMOJI_PROBES = {":thumbs_up:": "\N{THUMBS UP SIGN}", ":cross_mark:": "\N{CROSS MARK}"}
#: What `solve --batch` writes on stderr besides an error: a line it could not read, by its number,
#: and the summary after the lines (English and Spanish).
_LINE_NOT_READ = re.compile(r"(?:line|línea) \d+: ")
_BATCH_SUMMARY = re.compile(r"(?m)^(?:time per position|tiempo por posición): [^\n]*(?:\n|$)")
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_PROJECT = ("minimax_cli", "games")
_SCHEMA = SCHEMA_FILE


@dataclass(frozen=True)
class Problem:
    """One broken promise: `kind` names it, `detail` says what was seen, `key` groups repeats."""

    kind: str
    detail: str
    key: tuple[str, ...]


class FuzzFailure(AssertionError):
    """A broken promise other than an escaped exception (which is re-raised as itself)."""


# One class per kind, so that Hypothesis tells the kinds apart as distinct bugs.
FAILURES: dict[str, type[FuzzFailure]] = {
    kind: type(kind.title().replace("-", "") + "Failure", (FuzzFailure,), {})
    for kind in ("exit-code", "traceback-text", "error-lines", "error-length", "silent-error",
                 "stderr-on-success", "control-characters", "markup", "json", "schema",
                 "time", "memory", "session-end")
}


# --- where an exception came from ----------------------------------------------------------------
def location(error: BaseException) -> str:
    """The innermost frame in the project's code (else the innermost), as path:function:line."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if any(f"/{p}/" in f.filename for p in _PROJECT)
            and "/tests/" not in f.filename]
    if not (ours or frames):
        return "?"
    frame = (ours or frames)[-1]
    parts = Path(frame.filename).parts
    short = "/".join(parts[-2:])
    return f"{short}:{frame.name}:{frame.lineno}"


def shape(text: str) -> str:
    """A message with its quoted input and numbers blurred, for grouping: `'x'` -> `Q`, 12 -> N."""
    text = re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "Q", text)
    text = re.sub(r"[0-9][0-9,_.]*", "N", text)
    return text[:90]


def _command(case: CliCase | PlayCase) -> str:
    if isinstance(case, PlayCase):
        return f"session:{case.game}"
    known = ("analyze", "solve", "play", "games", "uci")
    return next((w for w in case.argv if w in known), "other")  # after `--lang es`, if given


def _game(case: CliCase | PlayCase) -> str:
    if isinstance(case, PlayCase):
        return case.game
    known = ("tree", "tictactoe", "bones", "nim", "chess")
    return next((w for w in case.argv if w in known), "?")


# --- the checks ------------------------------------------------------------------------------------
def _table_mb(case: CliCase | PlayCase) -> float:
    """The transposition table the case asked for, which its memory may add to the cap."""
    if not isinstance(case, CliCase):
        return 0.0
    for i, word in enumerate(case.argv):
        value = None
        if word.startswith("--table-mb="):
            value = word.partition("=")[2]
        elif word == "--table-mb" and i + 1 < len(case.argv):
            value = case.argv[i + 1]
        if value is not None:
            try:
                number = float(value)
            except ValueError:
                continue
            if number == number and 0 < number < float("inf"):
                return number
    return 0.0


def _no_nan(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


@cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped,unused-ignore]

    return Draft202012Validator(json.loads(_SCHEMA.read_text(encoding="utf-8")))


def _json_problems(case: CliCase, outcome: Outcome, command: str) -> list[Problem]:
    try:
        document = json.loads(outcome.stdout, parse_constant=_no_nan)
    except ValueError as error:
        return [Problem("json", f"--json printed no valid JSON ({error})",
                        ("json", command, shape(str(error))))]
    documents = document if isinstance(document, list) else [document]
    for item in documents:
        found = next(iter(_validator().iter_errors(item)), None)
        if found is not None:
            path = "/".join(str(p) for p in found.absolute_path)
            return [Problem("schema", f"--json output breaks the schema at /{path}: "
                            f"{found.message[:200]}", ("schema", command, path, found.validator))]
    return []


def _error_line_problems(case: CliCase | PlayCase, stderr: str, command: str) -> list[Problem]:
    lines = stderr.rstrip("\n").split("\n")
    scripted_play = command == "play" or (isinstance(case, PlayCase) and case.scripted)
    if scripted_play and all(re.match(r"error: (?:line|línea) \d+: ", line) for line in lines):
        bad = lines
    elif "--batch" in _argv(case) and all(_LINE_NOT_READ.match(line) for line in lines):
        bad = ["error: " + line for line in lines]  # a batch says each line it could not read
    elif len(lines) != 1 or "\r" in stderr.rstrip("\n"):
        return [Problem("error-lines", f"the error is {len(lines)} lines: {stderr[:300]!r}",
                        ("error-lines", command, shape(lines[0])))]
    else:
        bad = lines
    problems = []
    for line in bad:
        if not line.startswith("error: "):
            problems.append(Problem("error-lines", f"stderr does not start with 'error: ': "
                                    f"{line[:300]!r}", ("error-lines", command, shape(line))))
        elif len(line) > MAX_ERROR_CHARS:
            problems.append(Problem("error-length", f"an error line of {len(line):,} characters: "
                                    f"{line[:200]!r}…", ("error-length", command, shape(line))))
    return problems[:1]


def _printed_problems(case: CliCase | PlayCase, outcome: Outcome, command: str) -> list[Problem]:
    """Control characters and markup read in what the case printed."""
    problems = []
    printed = outcome.stdout + outcome.stderr
    found = _CONTROL.search(outcome.stderr if "--json" in _argv(case) else printed)
    if found is not None:
        around = printed[max(0, found.start() - 40): found.end() + 40]
        problems.append(Problem("control-characters",
                                f"a raw control character {found.group()!r} was printed: {around!r}",
                                ("control-characters", command, repr(found.group()))))
    given = _given_text(case)
    for probe, word in MARKUP_PROBES.items():
        if probe in given and printed.count(word) > printed.count(probe.split("]")[0] + "]" + word):
            problems.append(Problem("markup", f"user text {probe!r} was read as markup (printed "
                                    f"{word!r} without it)", ("markup", command, probe)))
    for code, emoji in EMOJI_PROBES.items():
        if code in given and emoji in printed and emoji not in given:
            problems.append(Problem("markup", f"user text {code!r} was printed as an emoji",
                                    ("markup", command, code)))
    return problems


def _argv(case: CliCase | PlayCase) -> tuple[str, ...]:
    return case.argv if isinstance(case, CliCase) else ()


def _given_text(case: CliCase | PlayCase) -> str:
    from tests.fuzz.values import file_content

    if isinstance(case, PlayCase):
        return case.keys + (case.start or "")
    parts = [*case.argv, (case.stdin or b"").decode("utf-8", "replace")]
    parts += [content.decode("utf-8", "replace") for content in map(file_content, case.argv)
              if content is not None]
    return "\n".join(parts)


#: What Python prints when a Ctrl-C lands in a garbage-collector callback: Python's doing, not
#: the program's.
_DROPPED_CTRL_C = re.compile(r"Exception ignored in[^\n]*\n(?:Traceback[^\n]*\n(?:[ \t][^\n]*\n)*)?"
                             r"KeyboardInterrupt:? ?\n")


def check(case: CliCase | PlayCase, outcome: Outcome) -> list[Problem]:
    """Every broken promise in one case's outcome (empty when it kept them all)."""
    if outcome.interrupted:
        outcome.stderr = _DROPPED_CTRL_C.sub("", outcome.stderr)
        outcome.leaked = _DROPPED_CTRL_C.sub("", outcome.leaked)
    if "--batch" in _argv(case):
        outcome.stderr = _BATCH_SUMMARY.sub("", outcome.stderr)
    command, game = _command(case), _game(case)
    problems: list[Problem] = []
    error = outcome.error
    if error is not None and not isinstance(error, CaseTimeout | MemoryError):
        problems.append(Problem("exception", f"{type(error).__name__}: {str(error)[:300]}",
                                ("exception", type(error).__name__, location(error))))
    if isinstance(error, CaseTimeout) or outcome.seconds > TIME_CAP:
        problems.append(Problem("time", f"took {outcome.seconds:.1f} s (cap {TIME_CAP:g} s)",
                                ("time", command, game)))
    cap = MEMORY_CAP_MB + _table_mb(case)
    if isinstance(error, MemoryError) or outcome.memory_mb > cap:
        where = f" (MemoryError at {location(error)})" if isinstance(error, MemoryError) else ""
        problems.append(Problem("memory", f"peak memory grew {outcome.memory_mb:,.0f} MiB (cap "
                                f"{cap:,.0f}){where}", ("memory", command, game)))
    everything = outcome.stdout + outcome.stderr + outcome.leaked
    for sign in ("Traceback (most recent call last)", "Unhandled exception"):
        if sign in everything:
            at = everything.index(sign)
            problems.append(Problem("traceback-text", f"printed {everything[at:at + 300]!r}",
                                    ("traceback-text", command, sign)))
            break
    if error is None and outcome.code is not None:
        problems += _code_problems(case, outcome, command)
    problems += _printed_problems(case, outcome, command)
    return problems


def _code_problems(case: CliCase | PlayCase, outcome: Outcome, command: str) -> list[Problem]:
    code = outcome.code
    ctrl_c = outcome.interrupted or (isinstance(case, PlayCase) and "\x03" in case.keys)
    allowed = {0, 2} if isinstance(case, CliCase) or case.scripted else {0}
    if ctrl_c:
        allowed.add(130)
    if code not in allowed:
        return [Problem("exit-code", f"exit code {code} (expected {sorted(allowed)}); stderr "
                        f"{outcome.stderr[:300]!r}", ("exit-code", command, str(code)))]
    problems: list[Problem] = []
    if isinstance(case, PlayCase) and not outcome.stdout.rstrip().endswith("bye"):
        problems.append(Problem("session-end", "the session did not end with 'bye'",
                                ("session-end", command)))
    if code == 2:
        if not outcome.stderr.strip():
            problems.append(Problem("silent-error", "exit code 2 with nothing on stderr",
                                    ("silent-error", command)))
        else:
            problems += _error_line_problems(case, outcome.stderr, command)
    elif code == 0 and isinstance(case, CliCase):
        if outcome.stderr.strip():
            problems.append(Problem("stderr-on-success", f"exit code 0 with stderr "
                                    f"{outcome.stderr[:300]!r}",
                                    ("stderr-on-success", command, shape(outcome.stderr))))
        if "--json" in case.argv and command in ("analyze", "solve"):
            problems += _json_problems(case, outcome, command)
    elif isinstance(case, PlayCase) and case.scripted and outcome.stderr.strip():
        problems += _error_line_problems(case, outcome.stderr, command)
    elif isinstance(case, PlayCase) and not case.scripted:
        # At a terminal a refusal is wrapped to the width: short, but not one line.
        for block in re.split(r"(?m)^(?=error: )", outcome.stderr):
            text = " ".join(block.split())
            if len(text) > MAX_ERROR_CHARS:
                problems.append(Problem("error-length", f"a refusal of {len(text):,} characters: "
                                        f"{text[:200]!r}…", ("error-length", command, shape(text))))
                break
    return problems


# --- reproductions -------------------------------------------------------------------------------
def _python_word(word: str) -> str:
    """A long word as a short Python expression: runs of a repeated unit written unit*count."""
    pieces: list[str] = []
    literal = ""
    i = 0
    while i < len(word):
        for period in range(1, 17):
            unit = word[i:i + period]
            repeats = 1
            while word.startswith(unit, i + repeats * period):
                repeats += 1
            if repeats >= 4 and len(unit) == period:
                break
        else:
            literal += word[i]
            i += 1
            continue
        if literal:
            pieces.append(json.dumps(literal))
            literal = ""
        pieces.append(f"{json.dumps(unit)}*{repeats}")
        i += period * repeats
    if literal:
        pieces.append(json.dumps(literal))
    return "+".join(pieces).replace("'", "\\u0027")


def spelled(word: str) -> str:
    """`word` as a python3 one-liner writing it (for long words), for a shell."""
    return (f"python3 -c 'import os,sys; sys.stdout.buffer.write(os.fsencode("
            f"{_python_word(word)}))'")


def shell_word(word: str) -> str:
    """`word` quoted for bash: plain, '...', $'...' for control characters, or $(python3 ...)
    for a long one."""
    import shlex

    if len(word) > 80:
        return f'"$({spelled(word)})"'
    if word and all(c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF for c in word):
        return shlex.quote(word)
    out = []
    for c in word:
        code = ord(c)
        if c in "\\'":
            out.append("\\" + c)
        elif 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogate escape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif c.isprintable():
            out.append(c)
        elif code < 0x100:
            out.append(f"\\x{code:02x}")
        else:
            out.append(f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "$'" + "".join(out) + "'"


def reproduction(case: CliCase | PlayCase) -> str:
    """A shell command that shows the case's failure with the installed `minimax`."""
    from tests.fuzz.values import file_content, file_recipe

    if isinstance(case, PlayCase):
        params = [w for key, value in case.params for w in (f"--{key}", value)]
        options = [w for key, value in case.options for w in _play_option(key, value)]
        argv = ["play", case.game, *([case.start] if case.start else []), *params, *options]
        keys = case.keys
        if not case.scripted:  # typed keys, as lines: Enter a newline, pasted text plain
            for mark, plain in (("\x1b[200~", ""), ("\x1b[201~", ""), ("\r", "\n")):
                keys = keys.replace(mark, plain)
        how = "" if case.scripted else "  # typed at a terminal in the fuzz case"
        return f"printf %s {shell_word(keys)} | minimax {' '.join(map(shell_word, argv))}{how}"
    prefix = []
    for word in case.argv:
        if file_content(word) is not None:
            prefix.append(f"{file_recipe(word)} > {shell_word(word)}; ")
    command = "minimax " + " ".join(shell_word(w) for w in case.argv)
    if case.stdin is not None:
        text = case.stdin.decode("utf-8", "surrogateescape")
        command = f"printf %s {shell_word(text)} | {command}"
    if case.interrupt_after is not None:
        command += f"  # Ctrl-C after {case.interrupt_after:.2f} s"
    return "".join(prefix) + command


def _play_option(key: str, value: Any) -> list[str]:
    if key == "budget":
        return ["--time", f"{value:g}"]
    if key == "evaluator":
        return ["--eval", str(value)]
    if isinstance(value, bool):
        flag = "--" + key.replace("_", "-")
        return [flag] if value else ([] if key != "review" else ["--no-review"])
    return ["--" + key.replace("_", "-"), str(value)]


def failure(case: CliCase | PlayCase, outcome: Outcome, problems: list[Problem]) -> BaseException:
    """The exception a test raises for a failed case: an escaped exception as itself, with the
    reproduction as a note; otherwise a FuzzFailure of the first problem's kind."""
    note = f"reproduce: {reproduction(case)}"
    error = outcome.error
    first = problems[0]
    if first.kind == "exception" and error is not None:
        if hasattr(error, "add_note"):
            error.add_note(note)
        return error
    others = "".join(f"\n  also {p.kind}: {p.detail}" for p in problems[1:])
    return FAILURES[first.kind](f"{first.kind}: {first.detail}{others}\n{note}")


__all__ = ["FAILURES", "MARKUP_PROBES", "MAX_ERROR_CHARS", "FuzzFailure", "Problem", "check",
           "failure", "location", "reproduction", "shape", "shell_word", "spelled", "verify"]


def verify(case: CliCase | PlayCase) -> None:
    """Run `case` and raise when it broke a promise (the test body of every fuzz test)."""
    from tests.fuzz.harness import run

    outcome = run(case)
    problems = check(case, outcome)
    if problems:
        raise failure(case, outcome, problems)
