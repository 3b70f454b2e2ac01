"""Chunked batches and the answers file (`--out`): the same answers in the same order whatever
the chunking and the number of workers, and a resumed run proves only what the file lacks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.connect4.game import ConnectFour
from minimax_cli.reports.batch import BatchLine
from minimax_cli.services.batch_out import AnswersError, header
from minimax_cli.services.batch_run import run

# Lines of Pons' Test_L2_R2 set with their published scores, the slowest of its first 200 here
# (each 30-200 ms: long enough that chunks are still out when a run is stopped).
HARD = ["555317266147361 -1", "361576644653612 0", "641725477335522 -1", "267621632652131 3",
        "274552224131661 0", "345474574325364321 1", "651173365733134 -3",
        "7611645722275266 -1", "5455174361263362 -1", "7714772136634341 -1"]


def answers(lines: list[str], **options: object) -> list[tuple[int, str, int | None, int]]:
    got: list[BatchLine] = []
    summary = run(ConnectFour(), lines, got.append, **options)  # type: ignore[arg-type]
    assert not summary.interrupted and not summary.mismatches
    return [(line.number, line.position, line.score,
             line.report.count("nodes") if line.report else -1) for line in got]


def published(lines: list[str]) -> list[tuple[int, str, int]]:
    return [(number, *(lambda w: (w[0], int(w[1])))(line.split())) for number, line in
            enumerate(lines, 1)]


@pytest.mark.slow  # twenty lines proven five times
def test_chunks_and_workers_change_nothing() -> None:
    lines = [*HARD, "4455 18", "# a comment", "44455554221 -15"]
    serial = answers(lines)
    rows = [row for row in lines if not row.startswith("#")]
    assert [row[:3] for row in serial] == [
        (n if n < 12 else n + 1, p, s) for n, p, s in published(rows)]
    for jobs, chunk in ((2, None), (2, 1), (2, 3), (2, 8), (3, 5)):
        assert answers(lines, jobs=jobs, chunk=chunk) == serial, (jobs, chunk)


def test_a_resumed_run_proves_only_what_the_file_lacks(tmp_path: Path) -> None:
    out = tmp_path / "answers.txt"
    lines = ["4455 18", "44455554221 -15", "5554224333234511764415115 4",
             "52753311433677442422121 8"]
    seen: list[BatchLine] = []

    def stop_after_two(line: BatchLine) -> None:
        seen.append(line)
        if len(seen) == 2:
            raise KeyboardInterrupt

    summary = run(ConnectFour(), lines, stop_after_two, out=str(out))
    assert summary.interrupted and summary.solved == 2
    head = header("connect4", weak=False)
    assert out.read_text() == f"{head}\n1 4455 18\n2 44455554221 -15\n"
    with out.open("a") as stream:
        stream.write("3 55542243")  # a write torn by a kill: dropped
    told: list[tuple[int, int]] = []
    again: list[BatchLine] = []
    summary = run(ConnectFour(), lines, again.append, out=str(out),
                  resuming=lambda held, to_go: told.append((held, to_go)))
    assert told == [(2, 2)]
    assert (summary.held, summary.solved, summary.checked) == (2, 2, 4)
    assert [(line.number, line.position, line.score) for line in again] == published(lines)
    assert [line.report is None for line in again] == [True, True, False, False]  # not re-solved
    rows = out.read_text().splitlines()
    assert rows[0] == head and sorted(rows[1:]) == [f"{n} {p} {s}" for n, p, s in
                                                    published(lines)]
    told.clear()
    run(ConnectFour(), lines, again.append, out=str(out),
        resuming=lambda held, to_go: told.append((held, to_go)))
    assert told == [(4, 0)]


def test_an_answers_file_of_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "answers.txt"
    out.write_text(header("connect4", weak=False) + "\n1 4455 18\n")
    with pytest.raises(AnswersError, match="another input"):
        run(ConnectFour(), ["4456"], lambda line: None, out=str(out))
    with pytest.raises(AnswersError, match="was not written by this command"):
        run(ConnectFour(), ["4455"], lambda line: None, out=str(out), weak=True)
    mine = tmp_path / "notes.txt"
    mine.write_text("my notes")  # no newline: not taken for a torn line, never truncated
    with pytest.raises(AnswersError):
        run(ConnectFour(), ["4455"], lambda line: None, out=str(mine))
    assert mine.read_text() == "my notes"


@pytest.mark.slow  # a subprocess stopped by SIGINT, then run again
def test_ctrl_c_says_how_to_resume_and_the_rerun_skips_the_done(tmp_path: Path) -> None:
    source, out = tmp_path / "set.txt", tmp_path / "answers.txt"
    source.write_text("\n".join(HARD * 6) + "\n")
    command = [sys.executable, "-m", "minimax_cli", "solve", "connect4", "--batch", str(source),
               "-j", "2", "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while (not out.exists() or len(out.read_text().splitlines()) < 4) and \
            time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    kept = out.read_text().splitlines()[1:]
    assert 3 <= len(kept) < 60
    assert f"lines done and kept in {out}; to resume, run again: minimax solve" in stderr
    assert "Traceback" not in stderr
    printed = stdout.splitlines()
    assert printed == (HARD * 6)[:len(printed)]  # in order, each as the set gives it
    again = subprocess.run(command, capture_output=True, text=True, timeout=600,
                           env={**os.environ})
    assert again.returncode == 0, again.stderr
    assert again.stderr.startswith(f"{len(kept)} lines already in {out}, {60 - len(kept)} to go")
    assert f"{60 - len(kept)} positions solved, {len(kept)} read from --out" in again.stderr
    assert again.stdout.splitlines() == HARD * 6
    numbers = [int(row.split()[0]) for row in out.read_text().splitlines()[1:]]
    assert sorted(numbers) == list(range(1, 61))  # every line once


@pytest.mark.parametrize(("args", "words"), [
    (["--out", "x.txt"], "--out is an option of --batch"),
    (["--batch", "-", "--backend", "spark"], "--backend 'spark': expected local or ray"),
    (["--batch", "-", "--address", "auto"], "give --backend ray too"),
    (["--batch", "-", "--backend", "ray", "--address", "nowhere"], "expected HOST:PORT"),
    (["--batch", "-", "--backend", "ray", "--address", "127.0.0.1:1"], "no Ray cluster answers"),
])
def test_batch_option_refusals_are_one_line(args: list[str], words: str) -> None:
    from tests.cli.entry import run_main

    done = run_main("solve", "connect4", *args, stdin="")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.stderr
