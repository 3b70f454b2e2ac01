"""Search-core figures, each beside a reference measured in the same run (machines here are noisy).

    python scripts/bench.py [--repeat 3] [--baseline REV]     (--repeat 15 for a steadier figure 3)

1. Plain minimax over the full tic-tac-toe tree through the Game protocol, against the naive
   string-board reference in ../shared/reference/naive_tictactoe.py: same value, same 549,946 nodes.
2. The engine's exact values for all nine first moves (nodes, target <= 765) and alpha-beta.
3. The engine on 4x4 k=4 from the empty board, now and at the baseline revision (the core before
   core v2, checked out from git into a temporary directory, with today's games/tictactoe/game.py copied
   over it so that only the core differs, run in a fresh interpreter that sees only the standard
   library and that tree), alternately, best of --repeat: nodes per second of CPU time (the
   process's own, which other programs on a shared machine disturb least) and of wall time.
4. The transposition table: bytes per stored entry (sizes of the stored ints), and the 4x4 draw
   proved with a 1 MB table against the default one.
5. Limits: a node budget of 50, and a time budget of 0.5 s on 5x5 k=4 (wall time of the call).
6. bones: heaps of 2,000 and 10,000 solved by the engine.
Prints figures only; never pass/fail.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from games.bones.game import Bones
from games.tictactoe.game import TicTacToe
from minimax_cli.core.memory import TABLE_ENTRY_BYTES as ENTRY_BYTES
from minimax_cli.core.result import Limits
from minimax_cli.core.search import search
from minimax_cli.core.table import TranspositionTable

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference" / "naive_tictactoe.py"
#: The last commit before core v2: the engine's speed is compared against it.
BASELINE = "2814dd2"

#: Run in a fresh interpreter (-S -E: no site packages) with one source tree on its path: the
#: same call works on the old and the new core.
ENGINE_PROBE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from games.tictactoe.game import TicTacToe
from minimax_cli.core.search import search
game = TicTacToe(4, 4, 4)
cpu = wall = float("inf")
for _ in range(int(sys.argv[2])):
    start, start_cpu = time.perf_counter(), time.process_time()
    result = search(game, game.initial_state(), "negamax")
    cpu = min(cpu, time.process_time() - start_cpu)
    wall = min(wall, time.perf_counter() - start)
print(json.dumps({"nodes": result.stats.nodes, "cpu": cpu, "wall": wall, "value": result.value}))
"""


def load_reference() -> ModuleType | None:
    if not REFERENCE.exists():
        return None
    spec = importlib.util.spec_from_file_location("naive_tictactoe", REFERENCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def best_time(fn: Any, repeat: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def checkout(revision: str, into: Path) -> bool:
    """The tree of `revision` extracted into `into` (git archive); False if git cannot."""
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True,
                                 capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    path = into / "tree.tar"
    path.write_bytes(archive)
    with tarfile.open(path) as tar:
        tar.extractall(into, filter="data")
    return True


def engine_probe(tree: Path, repeat: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-S", "-E", "-c", ENGINE_PROBE, str(tree), str(repeat)],
                         check=True, capture_output=True, text=True).stdout
    data: dict[str, Any] = json.loads(out)
    return data


def table_bytes_per_entry() -> tuple[float, int]:
    """Fill a table by solving 4x4 k=4: the mean size of its stored entries (each a Python int,
    sys.getsizeof) plus the 8-byte slot that points to it, and the number of entries."""
    game = TicTacToe(4, 4, 4)
    table = TranspositionTable(8)
    search(game, game.initial_state(), "negamax", table=table)
    stored = [e for e in table.slot_list() if e is not None]
    return sum(sys.getsizeof(e) + 8 for e in stored) / len(stored), len(stored)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept")
    parser.add_argument("--baseline", default=BASELINE, help="git revision to compare the engine "
                        f"against (default {BASELINE}, the core before core v2)")
    args = parser.parse_args()
    game = TicTacToe()
    empty = game.initial_state()

    print("1. full tic-tac-toe tree, plain minimax (best of", args.repeat, "runs)")
    reference = load_reference()
    core_t, core = best_time(lambda: search(game, empty, "minimax"), args.repeat)
    print(f"   core minimax    value {core.value}  nodes {core.stats.nodes:,}  {core_t:.3f} s")
    if reference is None:
        print(f"   (reference not found at {REFERENCE})")
    else:
        ref_t, (ref_value, ref_nodes) = best_time(reference.full_minimax, args.repeat)
        print(f"   naive reference value {ref_value}  nodes {ref_nodes:,}  {ref_t:.3f} s")
        print(f"   core / reference time: {core_t / ref_t:.2f}  (below 1.00 = core faster)")

    print("2. exact values of all nine first moves")
    ab_t, ab = best_time(lambda: search(game, empty, "alphabeta"), args.repeat)
    ng_t, ng = best_time(lambda: search(game, empty, "negamax"), args.repeat)
    print(f"   alphabeta (natural order)  nodes {ab.stats.nodes:,}  {ab_t * 1000:.1f} ms"
          "  (bounds only after the first move)")
    print(f"   negamax engine             nodes {ng.stats.nodes:,}  {ng_t * 1000:.1f} ms"
          f"  exact moves {sum(m.exact for m in ng.moves)}/9  (target <= 765 nodes)")

    print(f"3. engine on 4x4 k=4, now and at {args.baseline} with today's tic-tac-toe (fresh "
          "interpreters, alternately)")
    with tempfile.TemporaryDirectory() as tmp:
        old_tree = Path(tmp)
        have_old = checkout(args.baseline, old_tree)
        if have_old:
            shutil.copy(ROOT / "games" / "tictactoe.py", old_tree / "games" / "tictactoe.py")
        now: list[dict[str, Any]] = []
        old: list[dict[str, Any]] = []
        for _ in range(args.repeat):
            now.append(engine_probe(ROOT, 3))
            if have_old:
                old.append(engine_probe(old_tree, 3))
    rows = [("now", now)] + ([("baseline", old)] if old else [])
    rates: dict[str, tuple[float, float]] = {}
    for label, runs in rows:
        cpu = min(r["cpu"] for r in runs)
        wall = min(r["wall"] for r in runs)
        nodes = runs[0]["nodes"]
        rates[label] = (nodes / cpu, nodes / wall)
        print(f"   {label:<9} value {runs[0]['value']}  nodes {nodes:,}  CPU {cpu:.3f} s "
              f"({nodes / cpu:,.0f} nodes/s)  wall {wall:.3f} s ({nodes / wall:,.0f} nodes/s)")
    if old:
        # Each round ran both, back to back: the median of the rounds' ratios resists the spikes
        # of a shared machine better than a ratio of two best times.
        paired = [(o["cpu"] / n["cpu"], o["wall"] / n["wall"]) for n, o in zip(now, old, strict=True)]
        cpu_median = statistics.median(r[0] for r in paired)
        wall_median = statistics.median(r[1] for r in paired)
        print(f"   nodes per second, now / baseline, median of {len(paired)} paired rounds: CPU "
              f"{cpu_median:.2f}, wall {wall_median:.2f}  (at least 1.00 = not slower)")
    else:
        print(f"   (git could not check out {args.baseline}; no baseline figure)")

    print("4. the transposition table")
    per_entry, entries = table_bytes_per_entry()
    print(f"   bytes per stored entry: {per_entry:.1f} over {entries:,} entries "
          f"(the budget assumes {ENTRY_BYTES}; the old table kept about 400)")
    big = TicTacToe(4, 4, 4)
    default = search(big, big.initial_state(), "negamax")
    small = search(big, big.initial_state(), "negamax", table_mb=1)
    print(f"   4x4 k=4 draw: default table {default.stats.nodes:,} nodes, 1 MB table "
          f"{small.stats.nodes:,} nodes  (ratio {small.stats.nodes / default.stats.nodes:.2f}, "
          "target <= 2.00); both exact:", default.exact and small.exact)

    print("5. limits")
    budget = search(game, empty, "negamax", Limits(nodes=50))
    plain = search(game, empty, "minimax", Limits(nodes=50))
    print(f"   --nodes 50: engine visited {budget.stats.nodes}, minimax {plain.stats.nodes} "
          f"(no value: {plain.score is None})")
    five = TicTacToe(5, 5, 4)
    start = time.perf_counter()
    timed = search(five, five.initial_state(), "negamax", Limits(time=0.5))
    wall = time.perf_counter() - start
    print(f"   --time 0.5 on 5x5 k=4: returned after {wall:.3f} s of wall time (target <= 0.600), "
          f"depth {timed.depth} completed, {timed.stats.nodes:,} nodes")

    print("6. bones by the engine")
    for n in (2000, 10_000):
        seconds, result = best_time(lambda n=n: search(Bones(), (n, 0), "negamax"), 1)
        print(f"   n = {n:,}: {result.max_score}, {result.stats.nodes:,} nodes, {seconds:.3f} s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
