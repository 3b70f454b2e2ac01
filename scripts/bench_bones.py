"""Bones solving figures, each as a ratio to a reference loop measured in the same run (machines
are noisy, ratios less so).

    python scripts/bench_bones.py [--repeat 3] [--max-exp 7] [--quick]

The reference is a plain Python loop that reads and writes one byte per step (`reference_loop`):
"12.0x ref" means the work took as long as 12 such steps per heap. Sections:
1. Tables (`outcome_table`, the sweep) for several take sets at n = 10**5.. 10**MAX_EXP, and at
   n = 10**5 the look-back loop the solver used before (every heap tries the amounts in turn).
2. Proofs of the period (`BonesSolver.proven_period`): heaps solved and time per heap.
3. The cases issue 9 reported (`--n 20000000 --take 100000`, `--take 100000 --upto 10`,
   `--take 1,...,1000 --n 10000000`, `--n 10**18`) through the solver, with their peak Python
   memory (tracemalloc, a separate untimed run).
Prints figures only; never pass/fail.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable
from typing import TypeVar

from games.bones.solver import BonesSolver, outcome_table
from minimax_cli.core.game import MAX

T = TypeVar("T")

TAKE_SETS: dict[str, tuple[int, ...]] = {
    "1,2,3": (1, 2, 3),
    "1,3,4": (1, 3, 4),
    "1..1000": tuple(range(1, 1001)),
    "odd 1..1999": tuple(range(1, 2000, 2)),
    "100000": (100_000,),
}


def best_time(fn: Callable[[], T], repeat: int) -> tuple[float, T]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    assert out is not None
    return best, out


def reference_loop(n: int) -> bytearray:
    """The least work per step over n steps: one byte read, one byte written."""
    table = bytearray(n + 1)
    for heap in range(1, n + 1):
        table[heap] = table[heap - 1] ^ 1
    return table


def look_back_table(take: tuple[int, ...], upto: int) -> bytearray:
    """The former method, for comparison: each heap tries the amounts until one leaves a lost
    heap (normal play): heaps x amounts in the worst case."""
    table = bytearray(upto + 1)
    for heap in range(upto + 1):
        for amount in take:
            if amount > heap:
                break
            if not table[heap - amount]:
                table[heap] = 1
                break
    return table


def peak_mb(fn: Callable[[], object]) -> float:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept")
    parser.add_argument("--max-exp", type=int, default=7, help="largest table is 10**MAX_EXP")
    parser.add_argument("--quick", action="store_true", help="tables to 10**6, one run each")
    args = parser.parse_args()
    repeat, max_exp = (1, min(args.max_exp, 6)) if args.quick else (args.repeat, args.max_exp)
    ref_n = 10**6
    ref, _ = best_time(lambda: reference_loop(ref_n), repeat)
    per_step = ref / ref_n
    print(f"reference: {per_step * 1e9:.1f} ns a step (a plain loop over {ref_n:,} bytes); best "
          f"of {repeat} run{'s' * (repeat != 1)}\n")

    def ratio(seconds: float, steps: int) -> str:
        return f"{seconds / (per_step * max(steps, 1)):8.2f}x ref"

    print("1. tables (the sweep), time per heap as a ratio to one reference step")
    print(f"{'take':>12}  {'n':>12}  {'time':>9}  {'per heap':>13}")
    for name, take in TAKE_SETS.items():
        for exp in range(5, max_exp + 1):
            n = 10**exp
            seconds, _ = best_time(lambda: outcome_table(take, False, n), repeat)  # noqa: B023
            print(f"{name:>12}  {n:>12,}  {seconds:>8.3f}s  {ratio(seconds, n)}")
        n = 10**5
        seconds, old = best_time(lambda: look_back_table(take, n), 1)  # noqa: B023
        assert old == outcome_table(take, False, n)
        print(f"{name:>12}  {n:>12,}  {seconds:>8.3f}s  {ratio(seconds, n)}  (the former look-back "
              "loop)")

    print("\n2. proofs of the period: heaps solved, time per heap solved")
    for name, take in TAKE_SETS.items():
        def prove(t: tuple[int, ...] = take) -> tuple[object, int]:
            solution = BonesSolver(t, False).solve((10**18, MAX))
            return solution.facts, solution.work
        seconds, (facts, work) = best_time(prove, repeat)
        assert isinstance(facts, dict)
        print(f"{name:>12}  period {facts['period']:>7,} from {facts['preperiod']:>3}: "
              f"{work:>10,} heaps, {seconds:8.4f}s  {ratio(seconds, work)}")

    print("\n3. the cases issue 9 reported (the solver alone; the command adds start-up)")
    thousand = TAKE_SETS["1..1000"]
    cases: dict[str, Callable[[], object]] = {
        "--n 20000000 --take 100000": lambda: BonesSolver((100_000,), False).solve(
            (20_000_000, MAX)),
        "--n 5 --take 100000 --upto 10": lambda: BonesSolver((100_000,), False).series(10),
        "--take 1,...,1000 --n 10000000": lambda: BonesSolver(thousand, False).solve(
            (10_000_000, MAX)),
        "--take 1,...,1000 --n 1000000": lambda: BonesSolver(thousand, False).solve(
            (1_000_000, MAX)),
        "--n 10000000": lambda: BonesSolver((1, 2, 3), False).solve((10_000_000, MAX)),
        "--n 10**18": lambda: BonesSolver((1, 2, 3), False).solve((10**18, MAX)),
    }
    for label, case in cases.items():
        seconds, _ = best_time(case, repeat)
        print(f"{label:>34}: {seconds:8.3f}s = {seconds / ref:8.2f}x the reference over "
              f"{ref_n:,} steps; peak {peak_mb(case):6.1f} MB (tracemalloc)")


if __name__ == "__main__":
    main()
