"""Connect Four: the proof search over the shared test sets, against Pons' solver, plain Python and
the naive reference solver, in one run.

    python scripts/bench_connect4.py                     # every Test_* and Gen_* file
    python scripts/bench_connect4.py --files Test_L2_R2 --budget 60 --naive-lines 5
    python scripts/bench_connect4.py --pons /scratch/c4solver --naive-lines 0

For each file, every line is solved in this process, as installed (the native C kernel where
`pip install .` built it, else plain Python; the header says which), until the file's time budget
is spent: solved, correct (against the file's score), mean and maximum time, mean nodes. Then the
plain-Python search (what runs with MINIMAX_PURE=1 or without a C compiler) solves the first
`--pure-lines` of those lines, and its mean time and its ratio to ours on the same lines are
printed; its node counts must equal ours. Then the reference `../shared/reference/c4_naive.py`
solves the first lines of the file, and the ratio of its mean time to ours on those lines is
printed. With `--pons BINARY` (Pascal Pons' solver, built from its public source in a scratch
folder: never part of this project), that solver is run in the same run on the lines we solved
(one process; its start-up, timed on no input, taken off), and its mean time and the ratio of
ours to it are printed; where the binary prints its node count after the score (a scratch build
whose main.cpp also writes `solver.getNodeCount()`), its mean nodes too (its count runs on from
line to line; the differences are taken). The machine is shared: only figures from one run are
compared, and no peer figure is ever typed into this script.
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

from games.connect4.game import ConnectFour  # noqa: E402
from minimax_cli.core.search.prover import Prover  # noqa: E402

# The shared folder beside the checkout (or beside the folder of worktrees it sits in).
SHARED = next((folder / "shared" for folder in ROOT.parents if (folder / "shared").is_dir()),
              ROOT.parent / "shared")
DATA = SHARED / "data" / "connect4"
REFERENCE = SHARED / "reference" / "c4_naive.py"

#: The test sets' names on Pons' site.
NAMES = {"Test_L3_R1": "End-Easy", "Test_L2_R1": "Middle-Easy", "Test_L2_R2": "Middle-Medium",
         "Test_L1_R1": "Begin-Easy", "Test_L1_R2": "Begin-Medium", "Test_L1_R3": "Begin-Hard"}

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


def pons(binary: str, lines: list[str]) -> tuple[list[int], list[int] | None, float]:
    """Pons' solver on `lines` (one process, positions on its standard input, as its `main.cpp`
    reads them): its scores, its nodes per position (None unless it prints its running count
    after each score), and its mean seconds per position: the whole run's wall time less that of
    a run with no position (start-up and its table's allocation)."""
    def run(text: str) -> tuple[str, float]:
        started = time.perf_counter()
        done = subprocess.run([binary], input=text, capture_output=True, text=True, check=True)
        return done.stdout, time.perf_counter() - started

    _, idle = min((run("") for _ in range(3)), key=lambda found: found[1])
    out, elapsed = run("\n".join(lines) + "\n")
    rows = [row.split() for row in out.splitlines() if row.strip()]
    scores = [int(row[1]) for row in rows]
    nodes: list[int] | None = None
    if rows and all(len(row) >= 3 for row in rows):
        running = [int(row[2]) for row in rows]
        nodes = [b - a for a, b in zip([0, *running[:-1]], running, strict=True)]
    return scores, nodes, max(elapsed - idle, 0.0) / len(lines)


def seconds(value: float) -> str:
    return f"{value * 1e6:.0f} µs" if value < 1e-3 else f"{value * 1e3:.2f} ms" if value < 1 \
        else f"{value:.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="*", default=FILES)
    parser.add_argument("--budget", type=float, default=600.0, help="seconds per file (600)")
    parser.add_argument("--pure-lines", type=int, default=20,
                        help="lines of each file given to the plain-Python search (20)")
    parser.add_argument("--pure-budget", type=float, default=120.0,
                        help="seconds the plain-Python search may spend per file (120)")
    parser.add_argument("--naive-lines", type=int, default=10,
                        help="lines of each file given to the naive reference (10)")
    parser.add_argument("--naive-budget", type=float, default=60.0,
                        help="seconds the naive reference may spend per file (60)")
    parser.add_argument("--table-mb", type=float, default=None,
                        help="our table's megabytes, as `--table-mb` (default: the tool's)")
    parser.add_argument("--pons", metavar="BINARY",
                        help="Pons' solver (its `c4solver`), run on the same lines in this run")
    args = parser.parse_args()
    missing = [name for name in args.files if not (DATA / name).is_file()]
    if missing:
        parser.error(f"no test set {missing[0]} in {DATA} (the sets: {', '.join(FILES)})")
    game = ConnectFour()
    prover = Prover(game, table_mb=args.table_mb)
    plain = Prover(game, table_mb=args.table_mb, native=False)
    reference = load_reference()
    # Once a process, not a position's cost (as Pons' start-up, taken off below): the first proof
    # reads the opening book and loads the C module.
    for warm in (prover, plain):
        ours(game, warm, "4")
    print(f"proof search as installed: {game.proof_kernel().kernel_name()}; table "
          f"{prover.search.max_entries:,} entries; Python {sys.version.split()[0]}")
    header = (f"{'file':<11} {'set':<13} {'solved':>9} {'correct':>7} {'mean':>9} {'max':>9} "
              f"{'mean nodes':>11} {'Pons mean':>9} {'Pons nodes':>11} {'vs Pons':>7} "
              f"{'plain Python':>21} {'vs naive':>20}")
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
        peer_mean = peer_nodes = ratio_pons = "-"
        if args.pons and solved:
            peer_scores, peer_counts, peer_time = pons(args.pons, solved)
            if peer_scores != [expected for _, expected in lines[:len(solved)]]:
                raise SystemExit(f"Pons' solver disagrees with the file {name}")
            peer_mean = seconds(peer_time)
            peer_nodes = f"{statistics.fmean(peer_counts):,.0f}" if peer_counts else "-"
            ratio_pons = f"{statistics.fmean(times) / peer_time:.2f}x" if peer_time else "-"
        # The plain-Python search on the first lines we solved: same nodes, its time beside ours.
        pure_times: list[float] = []
        pure_started = time.perf_counter()
        for index, moves in enumerate(solved[:args.pure_lines]):
            if time.perf_counter() - pure_started > args.pure_budget:
                break
            score, count, elapsed = ours(game, plain, moves)
            if count != nodes[index]:
                raise SystemExit(f"plain Python and the kernel count different nodes on {moves}")
            pure_times.append(elapsed)
        pure = (f"{seconds(statistics.fmean(pure_times))} "
                f"{statistics.fmean(pure_times) / statistics.fmean(times[:len(pure_times)]):.0f}x"
                f" ({len(pure_times)})") if pure_times else "-"
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
        ratio = (f"{statistics.fmean(theirs) / statistics.fmean(mine):.0f}x faster "
                 f"({len(mine)})") if mine else "-"
        print(f"{name:<11} {NAMES.get(name, ''):<13} {len(times):>4}/{len(lines):<4} "
              f"{correct:>7} {seconds(mean):>9} {seconds(max(times)) if times else '-':>9} "
              f"{statistics.fmean(nodes) if nodes else 0:>11,.0f} {peer_mean:>9} {peer_nodes:>11} "
              f"{ratio_pons:>7} {pure:>21} {ratio:>20}", flush=True)
    print("vs Pons: our mean time per position over Pons' solver's on the same lines; plain Python:"
          " its mean time, its ratio to ours on the same lines (and how many); vs naive: the naive"
          " reference's time over ours on its lines (and how many); all in this run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
