"""A scripted line that never ends (issue 20, defect 13): `minimax play < /dev/zero` and
`analyze tree @abcd --quiz < /dev/zero` ran for ever. A line longer than the limit is now refused
as soon as the limit is passed, its rest is skipped in bounded chunks when the next line is asked
for, and a line running on past MAX_SKIP ends the input."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from games.connect4.game import ConnectFour
from minimax_cli.cli.quiz import Answers, run_quiz
from minimax_cli.core import bounded
from minimax_cli.core.bounded import CHUNK, MAX_SKIP, BoundedLines
from minimax_cli.play.lines import MAX_LINE, LineReader
from minimax_cli.reports.batch import BatchLine
from minimax_cli.services import batch, batch_run
from minimax_cli.services.limits import MAX_ANSWER
from tests.cli.test_quiz import COURSE, exercise_of

MINIMAX = [str(Path(sys.executable).with_name("minimax"))]


class Zeros(io.RawIOBase):
    """NUL bytes for ever, as /dev/zero, counting what was read; after `line` bytes, a newline
    and `then` when given (a long line that ends)."""

    def __init__(self, line: int | None = None, then: bytes = b"") -> None:
        self.served = 0
        self.line, self.then = line, then

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        if self.served > 2**29:  # twice what may be skipped: the reader would read for ever
            raise AssertionError(f"{self.served:,} bytes of an endless line read")
        size = len(buffer)
        if self.line is not None and self.served >= self.line:
            tail = (b"\n" + self.then)[self.served - self.line:][:size]
            buffer[:len(tail)] = tail
            self.served += len(tail)
            return len(tail)
        if self.line is not None:
            size = min(size, self.line - self.served)
        buffer[:size] = b"\0" * size
        self.served += size
        return size


def zeros(line: int | None = None, then: bytes = b"") -> tuple[io.TextIOWrapper, Zeros]:
    raw = Zeros(line, then)
    return io.TextIOWrapper(io.BufferedReader(raw, buffer_size=CHUNK), encoding="utf-8"), raw


def test_an_endless_line_is_refused_then_ends_the_input() -> None:
    stream, raw = zeros()
    reader = LineReader(stream)
    entry = reader.read()
    assert entry is not None and entry.problem == (
        f"the line has more than {4 * MAX_LINE} bytes; a move or command is at most {MAX_LINE} "
        "characters")
    assert raw.served <= 2 * CHUNK  # refused at the limit: the rest was not read yet
    assert reader.read() is None  # the rest ran on past MAX_SKIP: the input ends
    assert MAX_SKIP < raw.served <= MAX_SKIP + 3 * CHUNK
    assert reader.read() is None


def test_a_long_line_that_ends_is_skipped_and_the_next_line_read() -> None:
    stream, _ = zeros(line=10**6, then=b"5\n")
    reader = LineReader(stream)
    first = reader.read()
    assert first is not None and first.problem is not None
    following = reader.read()
    assert following is not None and (following.text, following.problem) == ("5", None)
    assert reader.read() is None


def test_a_text_stream_is_bounded_in_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounded, "MAX_SKIP", 1000)
    monkeypatch.setattr(bounded, "CHUNK", 100)
    lines = BoundedLines(io.StringIO("x" * 5000 + "\nnext\n"))
    assert lines.read_text(10) == ("x" * 10, True)
    assert lines.read_text(10) is None  # 4,990 more characters: past the 1,000 skipped
    ends = BoundedLines(io.StringIO("x" * 500 + "\nnext\n"))
    assert ends.read_text(10) == ("x" * 10, True)
    assert ends.read_text(10) == ("next\n", False)


def test_the_quiz_refuses_an_endless_answer_and_ends() -> None:
    stream, raw = zeros()
    out, errors = Console(file=io.StringIO(), width=200), Console(file=io.StringIO(), width=200)
    code = run_quiz(exercise_of(COURSE), Answers(out, stdin=stream, errors=errors), out)
    assert code == 2  # a refused line, then the end of the input: nothing checked
    refused = errors.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert refused == [f"error: line 1: the line is longer than {MAX_ANSWER} characters, the most "
                       "an answer may be"]
    assert "nothing was checked" in out.file.getvalue()  # type: ignore[attr-defined]
    assert raw.served <= MAX_SKIP + 3 * CHUNK


@pytest.mark.slow  # two subprocesses, each reading 256 MiB of zeros
@pytest.mark.parametrize("argv", [["play"], ["analyze", "tree", "@abcd", "--quiz"]])
def test_dev_zero_on_stdin_ends_with_one_line(argv: list[str]) -> None:
    with open("/dev/zero", "rb") as endless:
        done = subprocess.run([*MINIMAX, *argv], stdin=endless, capture_output=True, text=True,
                              timeout=60)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and "line 1:" in done.stderr


def test_a_batch_refuses_a_long_line_as_it_passes_the_limit() -> None:
    # `solve connect4 --batch -` read each line whole: < /dev/zero never ended (issue 20, 14).
    stream, raw = zeros(line=10**6, then=b"4455 18\n")
    items = batch.numbered(stream)
    number, text, cut = next(items)
    assert (number, cut) == (1, True) and text == "\0" * (4 * batch.MAX_LINE)  # bytes, at most
    assert raw.served <= 4 * batch.MAX_LINE + 2 * CHUNK  # refused at the limit, not at the end
    assert next(items) == (2, "4455 18", False)  # the rest skipped, the next line read
    answers: list[BatchLine] = []
    summary = batch_run.run(ConnectFour(), zeros(line=10**6, then=b"4455 18\n")[0], answers.append)
    assert [(a.number, a.error, a.score) for a in answers] == [
        (1, f"the line is longer than {batch.MAX_LINE:,} characters", None), (2, None, 18)]
    assert (summary.solved, summary.invalid, summary.checked) == (1, 1, 1)


def test_a_batch_of_an_endless_line_ends() -> None:
    stream, raw = zeros()
    answers: list[BatchLine] = []
    summary = batch_run.run(ConnectFour(), stream, answers.append)
    assert [a.number for a in answers] == [1] and summary.invalid == 1
    assert raw.served <= MAX_SKIP + 3 * CHUNK  # skipped up to MAX_SKIP, then the input ends


@pytest.mark.slow  # a subprocess reading 256 MiB of zeros
def test_solve_batch_from_dev_zero_ends_with_one_line() -> None:
    with open("/dev/zero", "rb") as endless:
        done = subprocess.run([*MINIMAX, "solve", "connect4", "--batch", "-"], stdin=endless,
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == "line 1: the line is longer than 10,000 characters"
