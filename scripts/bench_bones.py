"""Bones solving figures, each beside a reference loop measured in the same run (machines are noisy).

    python scripts/bench_bones.py [--repeat 3] [--take 1,2,3] [--max-exp 7]

1. The bottom-up table (`BonesSolver.outcome_table`, behind `Bones.exact_solver()`) for n = 10**5,
   10**6, 10**7, against a plain Python loop of the same length that reads and writes one byte per
   heap: the ratio says how many such trivial loop steps one heap costs.
2. The period method (`BonesSolver.solve` above the table limit) for n = 10**18: the proof of the
   period plus a short table, against the table at 10**7 and against the reference loop over the
   heaps the proof solved.
Prints figures only; never pass/fail.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from games.bones import Bones, parse_take
from minimax_cli.core.game import MAX

T = TypeVar("T")


def best_time(fn: Callable[[], T], repeat: int) -> tuple[float, T]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    assert out is not None
    return best, out


def reference_loop(n: int) -> bytearray:
    """The same length as the table, the least work per step: one byte read, one byte written."""
    table = bytearray(n + 1)
    for heap in range(1, n + 1):
        table[heap] = table[heap - 1] ^ 1
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept")
    parser.add_argument("--take", default="1,2,3", help="the allowed amounts (default 1,2,3)")
    parser.add_argument("--max-exp", type=int, default=7, help="largest table is 10**MAX_EXP")
    args = parser.parse_args()
    solver = Bones(take=parse_take(args.take)).exact_solver()
    print(f"bones, take {args.take}; best of {args.repeat} runs; reference = a plain Python loop "
          "of the same length (one byte read and written per step)\n")
    print(f"{'n':>12}  {'table':>10}  {'reference':>10}  {'ratio':>6}  {'ns/heap':>8}  outcome")
    table_time = {}
    for exp in range(5, args.max_exp + 1):
        n = 10**exp
        seconds, table = best_time(partial(solver.outcome_table, n), args.repeat)
        ref, _ = best_time(partial(reference_loop, n), args.repeat)
        table_time[n] = seconds
        outcome = "mover wins" if table[n] else "mover loses"
        print(f"{n:>12,}  {seconds:>9.3f}s  {ref:>9.3f}s  {seconds / ref:>5.2f}x  "
              f"{seconds / n * 1e9:>8.1f}  {outcome}")

    huge = 10**18
    seconds, solution = best_time(lambda: solver.solve((huge, MAX)), args.repeat)
    facts = solution.facts or {}
    assert solution.method == "period" and facts.get("proven") is True
    checked = int(str(facts["checked_upto"]))
    ref, _ = best_time(lambda: reference_loop(checked), args.repeat)
    winning = [m.move for m in solution.moves if m.value == 1]  # MAX moves: +1 wins for MAX
    print(f"\nperiod method, n = 10**18: {seconds * 1e6:.1f} µs "
          f"(period {facts['period']} from n = {facts['preperiod']}, proven over heaps "
          f"0..{checked - 1}); first player {'wins' if solution.value == 1 else 'loses'}"
          f", winning moves {winning or 'none'}")
    largest = max(table_time)
    print(f"  vs the table at n = {largest:,}: {table_time[largest] / seconds:,.0f}x faster")
    print(f"  vs the reference loop over the {checked} heaps it solved: "
          f"{seconds / ref:,.1f}x (the fixed cost of the proof and the report)")
    per_heap = table_time[largest] / largest
    years = per_heap * huge / (3600 * 24 * 365)
    print(f"  a table to 10**18 at {per_heap * 1e9:.0f} ns/heap would take about {years:,.0f} years "
          "(extrapolated, and 10**18 bytes of memory)")


if __name__ == "__main__":
    main()
