"""`solve --batch` spread over workers: the same file serially, on local processes and on Ray,
in one run, with positions per second, the ratios to the serial run and the node counts.

    python scripts/bench_batch.py                                   # Gen_L2_R2, first 60 lines
    python scripts/bench_batch.py --file /work/shared/data/connect4/Test_L2_R2 --lines 200
    python scripts/bench_batch.py --chunks 1,8,64                   # fixed chunk sizes too

Each run goes through `batch_run.run`, the code `minimax solve connect4 --batch` runs (in this
process: no start-up counted), and must give the serial run's answers line for line, node counts
included (each line is proven with an emptied table, so they do not depend on the worker):
a run that differs stops the benchmark. Ray (the optional extra `cluster`) is started here on
`--jobs` CPUs, its start counted apart from the run's time; without it its row is skipped. The
load average is printed beside the figures: on a machine shared with other work, ratios to serial
shrink, and only figures from one run are compared.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import time
from pathlib import Path
from typing import Any

from games.connect4 import ConnectFour
from minimax_cli.services.batch import BatchLine
from minimax_cli.services.batch_run import run

DEFAULT_FILE = Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4" / "Gen_L2_R2"


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--lines", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chunks", default="", help="chunk sizes to time with --jobs (1,4,8)")
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    lines = args.file.read_text().splitlines()[:args.lines]
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{args.file.name}: {len(lines)} lines; {os.cpu_count()} CPUs, load average {load}")
    serial, expected = timed(lines)
    print(row("serial", serial, expected, None))
    runs: list[tuple[str, dict[str, Any]]] = [(f"--jobs {args.jobs}", {"jobs": args.jobs})]
    # The default sizes chunks by the time of the lines seen; fixed sizes for comparison.
    runs += [(f"--jobs {args.jobs}, chunk {size}", {"jobs": args.jobs, "chunk": int(size)})
             for size in args.chunks.split(",") if size]
    for name, options in runs:
        elapsed, answers = timed(lines, **options)
        assert answers == expected, f"{name} gave other answers than the serial run"
        print(row(name, elapsed, answers, serial))
    if args.no_ray or importlib.util.find_spec("ray") is None:
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
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"load average after: {load}")


if __name__ == "__main__":
    main()
