"""Failures of the environment, not of the input (issue 20, defect 14), with the installed
`minimax`: a closed pipe ends quietly with 0 (on every run: issue 34), a full disk or
a terminal that cannot show the output gives one line and exit code 1, a closed stdin reads as an
empty input. No traceback in any of them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

MINIMAX = str(Path(sys.executable).with_name("minimax"))


def run(argv: list[str], env: dict[str, str] | None = None, **streams: object
        ) -> subprocess.CompletedProcess[str]:
    merged = {**os.environ, "COLUMNS": "100", **(env or {})}
    return subprocess.run([MINIMAX, *argv], capture_output="stdout" not in streams, text=True,
                          env=merged, timeout=60, **streams)  # type: ignore[call-overload]


@pytest.mark.parametrize("argv", [["games"], ["analyze", "tictactoe", "--json"],
                                  ["analyze", "tictactoe"], ["solve", "bones", "--upto", "2000"]])
def test_a_closed_pipe_ends_quietly_with_0(argv: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)  # nobody reads: the first write meets a closed pipe
    try:
        done = subprocess.run([MINIMAX, *argv], stdout=write, stderr=subprocess.PIPE, text=True,
                              timeout=60)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("argv", [["games"], ["analyze", "tictactoe", "--json"]])
def test_a_full_disk_is_one_line(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([MINIMAX, *argv], stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=60)
    assert done.returncode == 1
    assert done.stderr == ("error: the output could not be written: No space left on device\n")


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"},
                                 {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0",
                                  "PYTHONIOENCODING": ""}])
def test_a_terminal_that_cannot_show_the_output_is_one_line(env: dict[str, str]) -> None:
    done = run(["analyze", "tictactoe"], env=env)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "error: the terminal's encoding (ascii) cannot show '\\xb7': set PYTHONIOENCODING=utf-8 or "
        "a UTF-8 locale such as LANG=C.UTF-8"]


def test_play_with_stdin_closed_reads_an_empty_input() -> None:
    done = subprocess.run([MINIMAX, "play", "--no-review"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60, close_fds=True,
                          preexec_fn=lambda: os.close(0))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.rstrip().endswith("bye")
