"""Connect Four: the proof search over the shared test sets, against the naive reference solver.

    python scripts/bench_connect4.py                     # every Test_* and Gen_* file
    python scripts/bench_connect4.py --files Test_L2_R2 --budget 60 --naive-lines 5

For each file, every line is solved in this process (compiled when scripts/build_fast.py has run,
else plain Python; the header says which) until the file's time budget is spent: solved, correct
(against the file's score), mean and maximum time, mean nodes. Then the reference
`../shared/reference/c4_naive.py` solves the first lines of the file in the same run, and the
ratio of its mean time to ours on those same lines is printed (the machine is shared: only ratios
from one run mean something). With `--pons BINARY` (Pascal Pons' solver, built from its public
source in a scratch folder: never part of this project), that solver is run in the same run on the
lines we solved (one process; its start-up, timed on no input, taken off), and the ratio of our
mean time to its mean is printed; no peer figure is ever typed into this script.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from minimax_cli.core.compiled import choose, is_compiled  # noqa: E402

choose()  # the compiled proof search, or its sources (MINIMAX_PURE=1, a stale build)

from games.connect4 import ConnectFour  # noqa: E402
from minimax_cli.core.search.prover import Prover  # noqa: E402

SHARED = ROOT.parent / "shared"
DATA = SHARED / "data" / "connect4"
REFERENCE = SHARED / "reference" / "c4_naive.py"

FILES = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3",
         "Gen_L3_R1", "Gen_L2_R1", "Gen_L2_R2", "Gen_L1_R1", "Gen_L1_R2", "Gen_L1_R3"]


def load_reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location("c4_naive", REFERENCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read(name: str) -> list[tuple[str, int]]:
    rows = [line.split() for line in (DATA / name).read_text().splitlines() if line.strip()]
    return [(r[0], int(r[1])) for r in rows]


def ours(game: ConnectFour, prover: Prover, moves: str) -> tuple[int, int, float]:
    state = game.parse_position(moves)
    prover.restart(fresh=True)
    started = time.perf_counter()
    proof = prover.prove(state)
    return proof.score, proof.nodes, time.perf_counter() - started


def naive(reference: ModuleType, moves: str, seconds: float) -> tuple[int, int, float] | None:
    """The reference's score, nodes and time; None when it ran out of `seconds`."""
    solver = reference.Solver(max(seconds, 0.01))
    position = reference.parse(moves)
    started = time.perf_counter()
    try:
        score = solver.solve(*position)
    except reference.Timeout:
        return None
    return score, solver.nodes, time.perf_counter() - started


def pons(binary: str, lines: list[str]) -> tuple[list[int], float]:
    """Pons' solver on `lines` (one process, positions on its standard input, as its `main.cpp`
    reads them): its scores, and its mean seconds per position: the whole run's wall time less
    that of a run with no position (start-up and its table's allocation)."""
    def run(text: str) -> tuple[str, float]:
        started = time.perf_counter()
        done = subprocess.run([binary], input=text, capture_output=True, text=True, check=True)
        return done.stdout, time.perf_counter() - started

    _, idle = min((run("") for _ in range(3)), key=lambda found: found[1])
    out, elapsed = run("\n".join(lines) + "\n")
    scores = [int(row.split()[1]) for row in out.splitlines() if row.strip()]
    return scores, max(elapsed - idle, 0.0) / len(lines)


def seconds(value: float) -> str:
    return f"{value * 1e6:.0f} µs" if value < 1e-3 else f"{value * 1e3:.2f} ms" if value < 1 \
        else f"{value:.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="*", default=FILES)
    parser.add_argument("--budget", type=float, default=600.0, help="seconds per file (600)")
    parser.add_argument("--naive-lines", type=int, default=10,
                        help="lines of each file given to the naive reference (10)")
    parser.add_argument("--naive-budget", type=float, default=60.0,
                        help="seconds the naive reference may spend per file (60)")
    parser.add_argument("--pons", metavar="BINARY",
                        help="Pons' solver (its `c4solver`), run on the same lines in this run")
    args = parser.parse_args()
    game = ConnectFour()
    prover = Prover(game)
    reference = load_reference()
    print(f"proof search: {'compiled (mypyc)' if is_compiled() else 'plain Python'}; "
          f"Python {sys.version.split()[0]}")
    header = (f"{'file':<11} {'solved':>9} {'correct':>8} {'mean':>10} {'max':>10} "
              f"{'mean nodes':>11} {'vs naive':>22} {'vs Pons (its mean)':>24}")
    print(header)
    for name in args.files:
        lines = read(name)
        times: list[float] = []
        nodes: list[int] = []
        solved: list[str] = []
        correct = 0
        started = time.perf_counter()
        for moves, expected in lines:
            if time.perf_counter() - started > args.budget:
                break
            score, count, elapsed = ours(game, prover, moves)
            times.append(elapsed)
            nodes.append(count)
            solved.append(moves)
            correct += score == expected
        peer = "-"
        if args.pons and solved:
            peer_scores, peer_mean = pons(args.pons, solved)
            if peer_scores != [expected for _, expected in lines[:len(solved)]]:
                raise SystemExit(f"Pons' solver disagrees with the file {name}")
            peer = f"{statistics.fmean(times) / peer_mean:.1f}x ({seconds(peer_mean)})"
        # The naive reference on the first lines, ours on the same lines, in this run.
        mine: list[float] = []
        theirs: list[float] = []
        naive_started = time.perf_counter()
        for moves, expected in lines[:args.naive_lines]:
            left = args.naive_budget - (time.perf_counter() - naive_started)
            found = naive(reference, moves, left) if left > 0 else None
            if found is None:
                break
            score, _, elapsed = found
            if score != expected:
                raise SystemExit(f"the reference disagrees with the file on {moves}")
            theirs.append(elapsed)
            mine.append(ours(game, prover, moves)[2])
        mean = statistics.fmean(times) if times else float("nan")
        ratio = (f"{statistics.fmean(theirs) / statistics.fmean(mine):.1f}x faster "
                 f"({len(mine)} lines)") if mine else "-"
        print(f"{name:<11} {len(times):>4}/{len(lines):<4} {correct:>8} {seconds(mean):>10} "
              f"{seconds(max(times)) if times else '-':>10} "
              f"{statistics.fmean(nodes) if nodes else 0:>11,.0f} {ratio:>22} {peer:>24}",
              flush=True)
    if args.pons:
        print("vs Pons: our mean time per position over Pons' solver's on the same lines, in "
              "this run; in brackets its mean")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
