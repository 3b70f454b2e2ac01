"""The examples of the documentation, read from README.md and the pages of docs/ it links to, and
what the tool prints for each, compared as a reader compares them (tests/test_readme_examples.py
runs them; `python -m tests.readme_examples [--full]` prints every difference at once, for whoever
brings the documentation up to date).

An example is a ```text block's line `$ minimax ...` (or `$ printf '...' | minimax ...`: the printf
is the input) with the lines the document shows under it, up to the next `$` line. Shown and printed
lines are compared one by one, except for:

- a line `...` in a document: any number of printed lines (the document leaves them out);
- trailing spaces (Rich pads a report to its width; a reader sees none) and runs of spaces inside
  a line (a column is as wide as its widest figure, and a masked figure may be wider);
- a transcript of `minimax play` at a terminal (lines `your move (X): 1`) is run piped, as
  `as_typed` says;
- the figures in MACHINE_FIGURES, which depend on the machine's speed. Everything else (node
  counts, values, moves, words) must be exactly what the document shows.

The tool runs with only its own games and algorithms registered (tests/registered.py), as the
README shows it: another installed package's game or algorithm is not the README's to list.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from minimax_cli.cli.app import app
from tests.registered import only_built_ins

ROOT = Path(__file__).resolve().parents[1]
README_PATH = ROOT / "README.md"
#: The reference pages the README links to; their examples are run as the README's are.
DOCS = ROOT / "docs"

#: What the documents' examples were printed in: a terminal 80 columns wide, no colour, English.
ENV = {"COLUMNS": "80", "LINES": "40", "NO_COLOR": "1", "FORCE_COLOR": None, "LANG": "C.UTF-8",
       "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}

#: The figures that depend on the machine's speed, each replaced by a placeholder on both sides
#: before comparing: times (`0.011 s`, `461.7 ms`, `took 326 s`), nodes per second, and a rule
#: line's length (a table with a wider time column has a longer rule).
MACHINE_FIGURES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b\d[\d,]*(?:\.\d+)? m?s\b"), "<time>"),
    (re.compile(r"(nodes per second|simulations per second)\s+[\d,]+"), r"\1 <speed>"),
    (re.compile(r"[\d,]+ nodes/s\b"), "<speed> nodes/s"),
    (re.compile(r"^─+$"), "<rule>"),
)

#: The in-game prompt of a terminal transcript, with what the user typed after it.
PROMPT = re.compile(r"^your move \((?P<side>\w+)\): (?P<entry>.*)$")
#: Entries at the prompt that are commands, not moves (the rest are moves).
PLAY_COMMANDS = frozenset({"hint", "undo", "why", "board", "help", "quit"})


@dataclass(frozen=True)
class Example:
    """One `$ ...` line of a document and the lines shown under it."""

    line: int  # the document's line number of the `$`
    command: str  # as written after `$ `, continuation lines joined
    shown: tuple[str, ...]
    source: str = "README.md"  # the document, relative to the repository's root

    @property
    def argv(self) -> list[str]:
        """The arguments after `minimax`."""
        return shlex.split(self.command.split(" | ")[-1], comments=True)[1:]

    @property
    def stdin(self) -> str | None:
        """What a `printf '...' |` before the command gives it, else None."""
        if " | " not in self.command:
            return None
        return printf_text(self.command.split(" | ")[0])

    @property
    def name(self) -> str:
        return f"{self.source} line {self.line}: {' '.join(self.command.split())[:70]}"


def printf_text(printf: str) -> str:
    """The text `printf 'FORMAT'` writes (the README's uses only escapes like \\n)."""
    words = shlex.split(printf)
    assert words[0] == "printf" and len(words) == 2, printf
    return words[1].encode().decode("unicode_escape")


def fenced_blocks(text: str) -> Iterator[tuple[str, int, list[str]]]:
    """(language, line number of the block's first line, lines) of each fenced block."""
    language: str | None = None
    start = 0
    lines: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            if language is None:
                language, start, lines = line[3:].strip(), number + 1, []
            else:
                yield language, start, lines
                language = None
        elif language is not None:
            lines.append(line)


def complete(command: str) -> bool:
    """Whether a command's quotes are closed (a long one continues on the next lines)."""
    try:
        shlex.split(command, comments=True)
    except ValueError:
        return False
    return True


def examples(text: str, source: str = "README.md") -> list[Example]:
    """Every `$ ...` example of every ```text block of one document (`source`), in its order."""
    found: list[Example] = []
    for language, start, lines in fenced_blocks(text):
        if language != "text":
            continue
        index = 0
        while index < len(lines):
            if not lines[index].startswith("$ "):
                index += 1
                continue
            line, command = start + index, lines[index][2:]
            index += 1
            while not complete(command):
                command += "\n" + lines[index]
                index += 1
            shown: list[str] = []
            while index < len(lines) and not lines[index].startswith("$ "):
                shown.append(lines[index])
                index += 1
            found.append(Example(line, command, tuple(shown), source))
    return found


def readme() -> str:
    return README_PATH.read_text(encoding="utf-8")


def documents() -> dict[str, str]:
    """The README and every page of docs/, by path relative to the repository: their text."""
    paths = [README_PATH, *sorted(DOCS.glob("*.md"))]
    return {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in paths}


def documented_examples() -> list[Example]:
    """Every example of the README, then of each page of docs/ in the order of their names."""
    return [example for source, text in documents().items()
            for example in examples(text, source)]


def masked(line: str) -> str:
    """A line as compared: machine figures masked, spacing as single spaces."""
    line = " ".join(line.split())
    for pattern, placeholder in MACHINE_FIGURES:
        line = pattern.sub(placeholder, line)
    return line


def matches(shown: Sequence[str], printed: Sequence[str]) -> bool:
    """Whether the printed lines are the shown ones, a shown `...` standing for any lines."""
    if not shown:
        return not printed
    if shown[0].strip() == "...":
        return any(matches(shown[1:], printed[skip:]) for skip in range(len(printed) + 1))
    return bool(printed) and masked(shown[0]) == masked(printed[0]) and matches(shown[1:],
                                                                                 printed[1:])


def difference(shown: Sequence[str], printed: Sequence[str]) -> str:
    """The first shown line that is not printed where the document puts it, for a failure
    message."""
    position = 0
    for wanted in shown:
        if wanted.strip() == "...":
            continue
        later = [i for i in range(position, len(printed)) if masked(printed[i]) == masked(wanted)]
        if not later:
            context = "\n".join(printed[position:position + 3])
            return f"shown: {wanted!r}; printed instead, from there:\n{context}"
        position = later[0] + 1
    return "every shown line is printed, but not in the order or with the lines around it shown"


def as_typed(shown: Sequence[str]) -> tuple[list[str], str]:
    """A terminal transcript of `minimax play` as the same session piped: the prompt lines
    (`your move (X): 1`) become what a piped session prints for them (`X (you) plays 1` for a
    move, nothing for a command such as `hint`), and the entries become the input. A transcript
    stops while the game goes on: what the session prints after it (at the end of the input,
    `bye`) is not shown."""
    lines: list[str] = []
    entries: list[str] = []
    for line in shown:
        prompt = PROMPT.match(line)
        if prompt is None:
            lines.append(line)
            continue
        entry = prompt.group("entry")
        entries.append(entry)
        if entry not in PLAY_COMMANDS:
            lines.append(f"{prompt.group('side')} (you) plays {entry}")
    return [*lines, "..."], "".join(f"{entry}\n" for entry in entries)


@dataclass(frozen=True)
class Printed:
    exit_code: int
    lines: list[str]  # stdout, then stderr (a terminal shows both; an error is one stderr line)


runner = CliRunner()


def run(argv: Sequence[str], stdin: str | None = None) -> Printed:
    """What the README's reader sees: minimax-cli as installed alone, its own games and algorithms
    (`minimax games` lists every game; a plug-in installed here would be a block more)."""
    with only_built_ins():
        result = runner.invoke(app, list(argv), input=stdin, env=ENV)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Printed(result.exit_code, result.stdout.splitlines() + result.stderr.splitlines())


def check(example: Example) -> str | None:
    """None when the tool prints what the document shows, else what differs."""
    shown, stdin = list(example.shown), example.stdin
    if example.argv[:1] == ["play"] and any(PROMPT.match(line) for line in shown):
        shown, stdin = as_typed(shown)
    printed = run(example.argv, stdin)
    if "--json" in example.argv:
        if printed.exit_code != 0:
            return f"exit code {printed.exit_code}: " + "\n".join(printed.lines[-5:])
        shown_json = elided_json("\n".join(shown))
        if json_matches(shown_json, json.loads("\n".join(printed.lines))):
            return None
        return "the JSON printed is not the one shown:\n" + "\n".join(printed.lines)[:2000]
    expected_code = 2 if shown and shown[-1].startswith("error: ") else 0
    if printed.exit_code != expected_code:
        return f"exit code {printed.exit_code}, expected {expected_code}:\n" + "\n".join(
            printed.lines[-5:])
    if matches(shown, printed.lines):
        return None
    return difference(shown, printed.lines)


# --- JSON shown with parts left out ------------------------------------------------------------
#: A document's JSON leaves out the rest of an object or list with `, ...}` / `, ...]`, and the end
#: of a string with `...`; these stand for "and more", and are read as this marker.
MORE = "\u2026more"
_JSON_TOKENS = re.compile(r'("(?:[^"\\]|\\.)*")|,\s*\.\.\.\s*([}\]])')


def elided_json(text: str) -> Any:
    """A document's JSON with its `...` read as MORE: `"…more": "…more"` in an object, a last
    item MORE in a list."""
    def token(match: re.Match[str]) -> str:
        if match.group(1) is not None:
            return match.group(1)
        more = json.dumps(MORE)
        return f", {more}: {more}}}" if match.group(2) == "}" else f", {more}]"
    return json.loads(_JSON_TOKENS.sub(token, text))


def json_matches(shown: Any, printed: Any) -> bool:
    """Whether the printed JSON is the shown one, where the shown one may leave parts out."""
    if isinstance(shown, dict):
        if not isinstance(printed, dict):
            return False
        keys = {key for key in shown if key != MORE}
        if MORE not in shown and keys != set(printed):
            return False
        in_order = [key for key in printed if key in keys] == [key for key in shown if key != MORE]
        return (keys <= set(printed) and in_order
                and all(json_matches(shown[key], printed[key]) for key in keys))
    if isinstance(shown, list):
        if not isinstance(printed, list):
            return False
        more = bool(shown) and shown[-1] == MORE
        items = shown[:-1] if more else shown
        if len(printed) < len(items) or (not more and len(printed) != len(items)):
            return False
        return all(json_matches(a, b) for a, b in zip(items, printed[:len(items)], strict=True))
    if isinstance(shown, str) and "..." in shown and isinstance(printed, str):
        return re.fullmatch(".*".join(map(re.escape, shown.split("..."))), printed) is not None
    return bool(shown == printed and type(shown) is type(printed))


def main(arguments: Sequence[str]) -> int:
    """Print every example that differs from what the tool prints now; with --full, also all
    that it prints (to paste into the document, marking with `...` what it leaves out)."""
    stale = 0
    for example in documented_examples():
        problem = check(example)
        print(("ok    " if problem is None else "STALE ") + example.name)
        if problem is not None:
            stale += 1
            print("      " + problem.replace("\n", "\n      "))
            if "--full" in arguments:
                stdin = example.stdin
                if example.argv[:1] == ["play"] and any(map(PROMPT.match, example.shown)):
                    stdin = as_typed(example.shown)[1]
                printed = run(example.argv, stdin)
                print("\n".join(line.rstrip() for line in printed.lines))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
