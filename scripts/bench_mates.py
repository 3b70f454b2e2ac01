"""Benchmark: every position of the mate-in-1, -2 and -3 files proven by `solve chess` (the mate
prover, through services/solve_mate.py) with the right N, each within a time limit; prints, per
file, the count proven with the right N, the worst time, the nodes per second, and the machine's
load. Figures, never pass/fail.

    python scripts/bench_mates.py [--data DIR] [--time 10] [--max-moves 4]

The files (sunfish's) write some FENs with move number 0, which the game's FEN reader refuses
(the number must be from 1): it is read as 1, the position being the same.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from minimax_cli import registry
from minimax_cli.core.result import Limits
from minimax_cli.services.solve_mate import solve_by_mate

DATA = Path("/work/shared/data/chess")


def fen_of(line: str) -> str:
    fields = line.split()
    if len(fields) == 6 and fields[5] == "0":
        fields[5] = "1"
    return " ".join(fields)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--time", type=float, default=10.0)
    parser.add_argument("--max-moves", type=int, default=4)
    args = parser.parse_args()
    game = registry.create("chess")
    print(f"load before: {os.getloadavg()[0]:.2f}")
    for moves in (1, 2, 3):
        lines = [fen_of(line) for line in (args.data / f"sunfish-mate{moves}.fen")
                 .read_text().splitlines() if line.strip()]
        right, worst, nodes, seconds, cpu = 0, 0.0, 0, 0.0, time.process_time()
        for fen in lines:
            report = solve_by_mate(game, game.parse_position(fen), args.max_moves,
                                   Limits(time=args.time))
            facts = report.facts or {}
            took = float(report.stats["time_s"] or 0.0)
            if facts.get("mate") == "mates" and facts.get("moves") == moves and took <= args.time:
                right += 1
            else:
                print(f"  not proven as mate in {moves}: {fen} -> {facts}")
            worst, nodes, seconds = max(worst, took), nodes + report.count("nodes"), seconds + took
        cpu = time.process_time() - cpu
        print(f"mate in {moves}: {right}/{len(lines)} proven with N={moves}, worst {worst:.3f} s, "
              f"{nodes:,} nodes, {nodes / seconds if seconds else 0:,.0f} nodes/s "
              f"({nodes / cpu if cpu else 0:,.0f} per CPU-second)")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
