"""`--backend ray`: a local Ray started inside the test (2 CPUs, no dashboard) gives the serial
run's answers in its order, and a worker killed during a chunk has the chunk retried, nothing lost
or duplicated. Without Ray, asking for it is one line and exit 2. Skipped where Ray (the optional
extra `cluster`) is not installed, except the missing-extra test, which needs it absent."""

from __future__ import annotations

import importlib.util
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.connect4.game import ConnectFour
from minimax_cli.reports.batch import BatchLine
from minimax_cli.services.batch_run import run
from tests.cli.entry import run_main
from tests.cli.test_batch_resume import HARD, answers

HAS_RAY = importlib.util.find_spec("ray") is not None
needs_ray = pytest.mark.skipif(not HAS_RAY, reason="Ray (the extra `cluster`) is not installed")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def chunk_workers() -> list[int]:
    """Ray's worker processes busy with a chunk now (Ray names each after its task)."""
    busy = []
    for entry in os.listdir("/proc"):
        try:
            title = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if entry.isdigit() and title.startswith(b"ray::_prove_chunk"):
            busy.append(int(entry))
    return busy


@needs_ray
@pytest.mark.slow  # a local Ray cluster
def test_ray_gives_the_serial_answers_in_order(local_ray: None) -> None:
    lines = [*HARD, "4455 18", "44455554221 -15"]
    serial = answers(lines)
    for chunk in (1, 4):
        assert answers(lines, backend="ray", chunk=chunk) == serial, chunk


@needs_ray
@pytest.mark.slow  # a local Ray cluster, workers killed
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds Ray's workers through /proc")
def test_a_worker_killed_during_a_chunk_is_retried(local_ray: None, tmp_path: Path) -> None:
    lines = HARD * 3
    serial = answers(lines)
    killed: list[int] = []
    got: list[BatchLine] = []

    def kill_at_first(line: BatchLine) -> None:
        # A worker between two chunks is titled idle for a moment: look again until one is busy
        # (later chunks are still waiting when the first answer comes), up to a generous limit.
        give_up = time.monotonic() + 30
        while not got and not killed and time.monotonic() < give_up:
            for pid in chunk_workers():
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
        got.append(line)

    out = tmp_path / "answers.txt"
    summary = run(ConnectFour(), lines, kill_at_first, backend="ray", chunk=2, out=str(out))
    assert killed, "no chunk was out when the first answer came"
    assert not summary.interrupted and summary.solved == len(lines)
    assert [(line.number, line.position, line.score, line.report.count("nodes")
             if line.report else -1) for line in got] == serial
    numbers = [int(row.split()[0]) for row in out.read_text().splitlines()[1:]]
    assert sorted(numbers) == list(range(1, len(lines) + 1))  # each line once


@pytest.mark.skipif(HAS_RAY, reason="Ray is installed here: the extra is not missing")
def test_without_the_extra_ray_is_one_line() -> None:
    done = run_main("solve", "connect4", "--batch", "-", "--backend", "ray", stdin="4455\n")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "pip install '.[cluster]'" in lines[0], done.stderr


def test_a_missing_ray_is_one_line_even_where_it_is_installed(without_ray: None) -> None:
    done = run_main("solve", "connect4", "--batch", "-", "--backend", "ray", stdin="4455\n")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "pip install '.[cluster]'" in lines[0], done.stderr


@needs_ray
@pytest.mark.slow  # a local Ray cluster
def test_a_stopped_ray_run_resumes_without_proving_again(local_ray: None, tmp_path: Path) -> None:
    lines = HARD * 2
    out = tmp_path / "answers.txt"
    seen: list[BatchLine] = []

    def stop_at_first(line: BatchLine) -> None:
        seen.append(line)
        raise KeyboardInterrupt

    summary = run(ConnectFour(), lines, stop_at_first, backend="ray", chunk=1, out=str(out))
    # One line was shown before the stop; the summary counts every answer the file keeps, the
    # ones proven but not shown (a line before them was still out) included (issue 34, item 5).
    assert summary.interrupted and len(seen) == 1
    kept = summary.kept
    assert summary.solved == kept == 1 + summary.unprinted
    assert kept >= 1  # the chunks still out were cancelled, their answers not written
    again: list[BatchLine] = []
    summary = run(ConnectFour(), lines, again.append, backend="ray", chunk=1, out=str(out))
    assert (summary.held, summary.solved) == (kept, len(lines) - kept)
    assert [line.score for line in again] == [int(row.split()[1]) for row in lines]
    numbers = [int(row.split()[0]) for row in out.read_text().splitlines()[1:]]
    assert sorted(numbers) == list(range(1, len(lines) + 1))


@needs_ray
@pytest.mark.slow  # a local Ray cluster
def test_the_book_builder_proves_on_ray_as_locally(local_ray: None, tmp_path: Path) -> None:
    """`book build` proves through the same machinery: on Ray, a 4x4 book of every position of
    up to 3 discs holds the entries a brute-force negamax gives (the oracle of the book's tests)."""
    from minimax_cli.services import book as building
    from tests.games.test_connect4_book import oracle

    game = ConnectFour(cols=4, rows=4)
    positions = building.positions_upto(game, 3)
    work = building.Work(game, str(tmp_path / "work"))
    assert building.prove_positions(game, positions, work.add, weak=False, jobs=2,
                                    table_mb=None, backend="ray")
    data = building.book_data(game, work, "connect4 4x4", [])
    assert len(data.entries) == len(positions)
    for entry in data.entries:
        assert entry.score == oracle(4, 4, entry.position), entry.position


def test_book_build_names_a_bad_backend_in_one_line() -> None:
    done = run_main("book", "build", "connect4", "--cols", "4", "--rows", "4", "--backend",
                    "cloud")
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "local or ray" in done.stderr
