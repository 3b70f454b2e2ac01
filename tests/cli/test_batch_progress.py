"""A batch's progress: what `batch_run.run` tells its callback (lines answered of how many, the
lines an answers file holds left out), the words the bar says, the bar drawn on a terminal only,
and the answers on stdout and in `--out` the same with a bar as without one."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from games.connect4.game import ConnectFour
from minimax_cli.cli.batch_progress import (
    BatchProgress,
    done_words,
    left_words,
    per_second,
    rate_words,
    so_far_words,
)
from minimax_cli.reports.batch import BatchLine
from minimax_cli.services.batch import count_lines
from minimax_cli.services.batch_run import run

# Positions with the scores Pons' test sets publish for them; one line that is not a position.
LINES = ["4455 18", "# a comment", "44455554221 -15", "not-a-position", "",
         "5554224333234511764415115 4"]
WORTH_READING = 4  # LINES without the comment and the blank line

# Lines of Pons' Test_L2_R2 that take 30-75 ms each here; three rounds of them, proven serially,
# last past the bar's delay (0.3 s) on any machine (here 1.3 s; a faster one is not 4 times faster).
SLOW = ["555317266147361 -1", "361576644653612 0", "641725477335522 -1", "267621632652131 3",
        "274552224131661 0", "345474574325364321 1", "651173365733134 -3",
        "7611645722275266 -1", "5455174361263362 -1", "7714772136634341 -1"]


def calls(lines: object, **options: object) -> list[tuple[int, int | None]]:
    seen: list[tuple[int, int | None]] = []
    got: list[BatchLine] = []
    run(ConnectFour(), lines, got.append,  # type: ignore[arg-type]
        progress=lambda done, total: seen.append((done, total)), **options)
    assert len(got) == WORTH_READING
    return seen


@pytest.mark.parametrize("jobs", [1, 2])
def test_each_answer_is_counted_of_the_lines_worth_reading(jobs: int) -> None:
    # Once when the work starts, then once an answer, the line that is not read included.
    assert calls(LINES, jobs=jobs) == [(done, WORTH_READING) for done in range(5)]


def test_a_stream_has_no_total_unless_it_is_given_one(tmp_path: Path) -> None:
    assert calls(io.StringIO("\n".join(LINES) + "\n")) == [(done, None) for done in range(5)]
    path = tmp_path / "lines.txt"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    assert count_lines(str(path)) == WORTH_READING
    with open(path, encoding="utf-8") as stream:
        assert calls(stream, total=count_lines(str(path)))[-1] == (WORTH_READING, WORTH_READING)


def test_lines_the_answers_file_holds_are_not_counted(tmp_path: Path) -> None:
    out = str(tmp_path / "answers.txt")
    first: list[BatchLine] = []

    def stop_after_one(line: BatchLine) -> None:
        first.append(line)
        if len(first) == 1:
            raise KeyboardInterrupt

    assert run(ConnectFour(), LINES, stop_after_one, out=out).interrupted
    held = len(Path(out).read_text().splitlines()) - 1  # the header
    assert held == 1
    seen = calls(LINES, out=out)
    to_go = WORTH_READING - held
    assert seen == [(done, to_go) for done in range(to_go + 1)]


def test_the_words_of_the_bar() -> None:
    assert done_words(120, 4000) == "120 of 4,000"
    assert done_words(7, None) == "7 done"
    assert per_second(30, 12.0) == 2.5
    assert per_second(0, 12.0) is None and per_second(5, 0.0) is None
    assert rate_words(3.44) == "3.4 positions/s"
    assert rate_words(1250.4) == "1,250 positions/s"
    assert rate_words(None) == ""
    # An estimate, said as one, rounded to what it can claim.
    assert left_words(40.2) == "about 41 s left"
    assert left_words(185) == "about 3 min left"
    assert left_words(2 * 3600 + 5 * 60 + 10) == "about 2 h 05 min left"
    assert left_words(None) == "" and left_words(float("inf")) == ""
    assert so_far_words(2 * 3600 + 125) == "2:02:05 so far"


def test_the_bar_on_a_terminal_and_not_elsewhere(capsys: pytest.CaptureFixture[str]) -> None:
    screen = io.StringIO()
    bar = BatchProgress("solving connect4", Console(file=screen, force_terminal=True, width=120),
                        delay=0)
    bar.update(0, 5)
    print("4455 18")  # an answer, while the bar is up: stdout is not the bar's terminal here
    bar.update(2, 5)
    bar.close()
    drawn = screen.getvalue()
    assert "solving connect4" in drawn and "2 of 5" in drawn and "positions/s" in drawn
    assert "4455" not in drawn
    assert capsys.readouterr().out == "4455 18\n"

    elsewhere = io.StringIO()
    bar = BatchProgress("solving connect4", Console(file=elsewhere, force_terminal=False))
    bar.update(0, 5)
    bar.update(5, 5)
    bar.close()
    assert elsewhere.getvalue() == "" and bar.bar is None


SCRIPT = Path(sys.executable).parent / "minimax"


@pytest.mark.slow  # thirty lines proven twice, once in a terminal
@pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not found at {SCRIPT}")
@pytest.mark.skipif(sys.platform == "win32", reason="pexpect.spawn needs a POSIX pty")
def test_a_terminal_sees_the_bar_and_the_answers_are_the_same(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    source = tmp_path / "slow.txt"
    source.write_text("\n".join(SLOW * 3) + "\n", encoding="utf-8")
    plain = subprocess.run([str(SCRIPT), "solve", "connect4", "--batch", str(source),
                            "--out", str(tmp_path / "plain.out")],
                           capture_output=True, text=True, check=True)
    assert "\x1b" not in plain.stderr and "positions/s" not in plain.stderr
    assert plain.stdout == "".join(f"{line}\n" for line in SLOW * 3)  # the published scores

    # stderr on a terminal, stdout into a file: the bar on the one, the answers untouched.
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1"}
    command = (f"{SCRIPT} solve connect4 --batch {source} --out {tmp_path / 'tty.out'} "
               f"> {tmp_path / 'tty.txt'}")
    child = pexpect.spawn("/bin/sh", ["-c", command], env=env, encoding="utf-8", timeout=600,
                          dimensions=(30, 120))
    try:
        child.expect(r"[0-9]+ of 30, [0-9.,]+ positions/s")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert (tmp_path / "tty.txt").read_text(encoding="utf-8") == plain.stdout
    assert sorted((tmp_path / "tty.out").read_text().splitlines()) == sorted(
        (tmp_path / "plain.out").read_text().splitlines())
