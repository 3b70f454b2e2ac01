"""A `solve connect4 --batch FILE --jobs 2` stopped by a signal (issue 34, item 5), as the installed
`minimax` in a real process with real workers: one Ctrl-C ends it with the summary and exit code
130 without waiting for the proofs under way, a second one changes nothing (no traceback, no
hang), and no worker outlives it after SIGINT, SIGTERM or SIGHUP. The summary and the resume hint
count the same answers.

The lines proven are positions of one or two discs without the opening book (MINIMAX_NO_BOOK=1):
each proof takes minutes, so a run that ends within the generous timeouts here did not wait for
one. Workers are found and watched through /proc (Linux)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests import processes
from tests.processes import alive, children, cpu_ticks

pytestmark = [pytest.mark.slow,  # each starts two workers and stops them mid-proof
              pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc here")]

MINIMAX = str(Path(sys.executable).with_name("minimax"))
#: Far longer than stopping takes, far shorter than any of the proofs below.
TIMEOUT_S = 60.0
#: Proofs of minutes each (without the book).
LONG = ["1", "2", "3", "4", "5", "6"]
#: Pons' examples, proven at once.
QUICK = ["4455 18", "44455554221 -15"]


def wait_until(condition: Callable[[], bool], timeout: float = TIMEOUT_S) -> bool:
    return processes.wait_until(condition, timeout)


def start(folder: Path, lines: list[str], out: Path | None = None) -> subprocess.Popen[str]:
    source = folder / "set.txt"
    source.write_text("\n".join(lines) + "\n")
    argv = [MINIMAX, "solve", "connect4", "--batch", str(source), "--jobs", "2"]
    if out is not None:
        argv += ["--out", str(out)]
    env = {**os.environ, "MINIMAX_NO_BOOK": "1"}
    return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def proving_workers(process: subprocess.Popen[str]) -> list[int]:
    """The two workers, once each has started proving (taken CPU time past its start-up)."""
    workers: list[int] = []

    def busy() -> bool:
        workers[:] = children(process.pid)
        return len(workers) == 2 and all(cpu_ticks(pid) > 30 for pid in workers)

    assert wait_until(busy), f"workers {workers} never got to work"
    return workers


@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_ends_the_batch_at_once_and_leaves_no_worker(tmp_path: Path, presses: int) -> None:
    out = tmp_path / "answers.txt"
    process = start(tmp_path, LONG, out)
    workers = proving_workers(process)
    for _ in range(presses):
        process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=TIMEOUT_S)
    assert "Traceback" not in stderr
    assert process.returncode == 130, stderr
    assert stdout == ""
    assert stderr.splitlines()[:2] == [
        "0 positions solved before Ctrl-C",
        f"0 lines done and kept in {out}; to resume, run again: minimax solve connect4 --batch "
        f"{tmp_path / 'set.txt'} --jobs 2 --out {out}"]
    assert [pid for pid in workers if alive(pid)] == []  # stopped and reaped before the exit


@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGHUP])
def test_a_killed_batch_leaves_no_worker(tmp_path: Path, sent: signal.Signals) -> None:
    process = start(tmp_path, LONG)
    workers = proving_workers(process)
    process.send_signal(sent)
    process.communicate(timeout=TIMEOUT_S)
    assert process.returncode == -sent  # its default: the parent ends at once
    assert wait_until(lambda: not any(alive(pid) for pid in workers)), \
        f"workers left running: {[pid for pid in workers if alive(pid)]}"


def test_the_summary_counts_what_the_answers_file_keeps(tmp_path: Path) -> None:
    """Lines 2 and 3 proven and kept while line 1's proof goes on: stopped then, the summary
    counts them as the resume hint does, and says they were not printed."""
    out = tmp_path / "answers.txt"
    process = start(tmp_path, [LONG[0], *QUICK, LONG[1]], out)
    assert wait_until(lambda: out.exists() and len(out.read_text().splitlines()) == 3)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=TIMEOUT_S)
    assert process.returncode == 130, stderr
    assert stdout == ""  # line 1 is not proven: nothing after it is printed
    lines = stderr.splitlines()
    assert lines[0] == ("2 positions solved before Ctrl-C (2 not printed: they follow a line not "
                        "proven yet)")
    assert lines[-1].startswith(f"2 lines done and kept in {out}; to resume")
    assert sorted(out.read_text().splitlines()[1:]) == ["2 4455 18", "3 44455554221 -15"]
