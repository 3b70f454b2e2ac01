"""`solve --batch` spread over workers: the same file serially, on local processes and on Ray,
in one run, with positions per second, the ratios to the serial run and the node counts.

    python scripts/bench_batch.py                                   # Gen_L2_R2, first 60 lines
    python scripts/bench_batch.py --file /work/shared/data/connect4/Test_L2_R2 --lines 200
    python scripts/bench_batch.py --chunks 1,8,64                   # fixed chunk sizes too

The default file is one of the shared Connect Four test sets (Pascal Pons' `Test_L*_R*` and the
`Gen_*` files), which live beside the checkout in ../shared/data/connect4/, not in the repository:
in a clone without them the script says so in one line, and where they go, and exits 2.

Each run goes through `batch_run.run`, the code `minimax solve connect4 --batch` runs (in this
process: no start-up counted), and must give the serial run's answers line for line, node counts
included (each line is proven with an emptied table, so they do not depend on the worker):
a run that differs stops the benchmark. Ray (the optional extra `cluster`) is started here on
`--jobs` CPUs, its start counted apart from the run's time; without it its row is skipped.

The machine's load average (1, 5 and 15 minutes) is printed before and after the runs: on a
machine shared with other work, ratios to serial shrink (issue 22 measured 1.91x for `--jobs 2`
idle, 1.0-1.1x shared), so a warning says when the figures are not an idle machine's: the 1-minute
load above BUSY_PER_CPU per CPU before the runs, or after them once the benchmark's own share
(at most --jobs processes) is taken off. Only figures from one run are compared.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path
from typing import Any

from games.connect4.game import ConnectFour
from minimax_cli.reports.batch import BatchLine
from minimax_cli.services.batch_run import run

DEFAULT_FILE = Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4" / "Gen_L2_R2"
#: Serial seconds below which a run is too short for its ratios (60 lines of Gen_L2_R2 take
#: 0.3 s with the C kernel; they took 14 s when issue 22 was measured).
SHORT_S = 5.0
#: Load per CPU above which the machine is not idle: ratios measured then are a shared machine's.
BUSY_PER_CPU = 0.5


def load_average() -> tuple[float, float, float] | None:
    try:
        return os.getloadavg()
    except (AttributeError, OSError):  # not on every system
        return None


def load_words(load: tuple[float, float, float] | None) -> str:
    return "unknown" if load is None else " ".join(f"{value:.2f}" for value in load)


def busy_warning(before: tuple[float, float, float] | None,
                 after: tuple[float, float, float] | None, own: int) -> str | None:
    """A warning when the 1-minute load before the runs, or after them less `own` (the
    benchmark's own processes at most), is above BUSY_PER_CPU per CPU; None when the machine
    looked idle both times or its load is not known."""
    cpus = os.cpu_count() or 1
    limit = BUSY_PER_CPU * cpus
    busy = []
    if before is not None and before[0] > limit:
        busy.append(f"{before[0]:.2f} before the runs")
    if after is not None and after[0] - own > limit:
        busy.append(f"{after[0]:.2f} after them ({own} of it this benchmark's at most)")
    if not busy:
        return None
    return (f"warning: load average {' and '.join(busy)} on {cpus} CPUs, above {BUSY_PER_CPU} "
            "per CPU: other work shares the machine, and these ratios are not an idle machine's; "
            "rerun when it is idle")


def unreadable(file: Path, error: OSError | UnicodeDecodeError) -> str:
    """The one line said when the file of positions cannot be read: for the default file, where
    the shared test sets go; for a file named with --file, why it cannot be read."""
    if file == DEFAULT_FILE and not file.exists():
        return (f"bench_batch: no test set at {file}: put the shared Connect Four test sets "
                f"(Test_L*_R*, Gen_*) in {file.parent}, beside the checkout, or name a file of "
                "positions with --file")
    reason = error.strerror if isinstance(error, OSError) and error.strerror else (
        "not UTF-8 text" if isinstance(error, UnicodeDecodeError) else str(error))
    return f"bench_batch: cannot read {file}: {reason}; name a file of positions with --file"


def timed(lines: list[str], **options: Any) -> tuple[float, list[tuple[int, int | None, int]]]:
    got: list[BatchLine] = []
    start = time.perf_counter()
    run(ConnectFour(), lines, got.append, **options)
    elapsed = time.perf_counter() - start
    return elapsed, [(line.number, line.score, line.report.count("nodes") if line.report else -1)
                     for line in got]


def row(name: str, elapsed: float, answers: list[tuple[int, int | None, int]],
        serial: float | None) -> str:
    rate = len(answers) / elapsed
    ratio = f"{serial / elapsed:5.2f}x" if serial else "    1x"
    nodes = sum(nodes for _, _, nodes in answers)
    return f"{name:<24} {elapsed:8.2f} s {rate:9.1f} pos/s {ratio}   nodes {nodes:,}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--lines", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chunks", default="", help="chunk sizes to time with --jobs (1,4,8)")
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args(argv)
    try:
        lines = args.file.read_text(encoding="utf-8").splitlines()[:args.lines]
    except (OSError, UnicodeDecodeError) as error:
        print(unreadable(args.file, error), file=sys.stderr)
        raise SystemExit(2) from None
    before = load_average()
    print(f"{args.file.name}: {len(lines)} lines; {os.cpu_count()} CPUs, load average "
          f"{load_words(before)} before")
    try:
        measure(lines, args)
    finally:
        after = load_average()
        print(f"load average after: {load_words(after)}")
        warning = busy_warning(before, after, args.jobs)
        if warning is not None:
            print(warning)


def measure(lines: list[str], args: argparse.Namespace) -> None:
    serial, expected = timed(lines)
    print(row("serial", serial, expected, None))
    if serial < SHORT_S:  # start-up and the last chunk's wait weigh on ratios of so short a run
        print(f"warning: the serial run took {serial:.2f} s, under {SHORT_S:g} s: too short for "
              "the ratios to say much; give more --lines or a harder --file")
    runs: list[tuple[str, dict[str, Any]]] = [(f"--jobs {args.jobs}", {"jobs": args.jobs})]
    # The default sizes chunks by the time of the lines seen; fixed sizes for comparison.
    runs += [(f"--jobs {args.jobs}, chunk {size}", {"jobs": args.jobs, "chunk": int(size)})
             for size in args.chunks.split(",") if size]
    for name, options in runs:
        elapsed, answers = timed(lines, **options)
        assert answers == expected, f"{name} gave other answers than the serial run"
        print(row(name, elapsed, answers, serial))
    if args.no_ray:
        print("ray: skipped (--no-ray)")
        return
    if importlib.util.find_spec("ray") is None:
        print("ray: skipped (pip install '.[cluster]')")
        return
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=args.jobs, include_dashboard=False, log_to_driver=False)
    print(f"ray: started on {args.jobs} CPUs in {time.perf_counter() - start:.1f} s (not counted)")
    try:
        timed(lines[:2 * args.jobs], backend="ray")  # the workers' start, not counted either
        elapsed, answers = timed(lines, backend="ray")
        assert answers == expected, "Ray gave other answers than the serial run"
        print(row(f"ray, {args.jobs} CPUs", elapsed, answers, serial))
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
