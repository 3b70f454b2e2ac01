"""How fast `minimax uci` answers `stop`: the milliseconds from writing `stop` to reading
`bestmove`, over many trials, through a raw pipe (the GUI's view).

    python scripts/bench_uci_stop.py [--trials 50] [--think 0.2]

Each trial sends a position (the start, Kiwipete, a middlegame and an endgame in turn),
`go infinite`, waits `--think` seconds (plus a little jitter, so the stop lands anywhere in the
search), sends `stop` and times the answer. Prints the median, the 95th percentile and the largest
latency, and the machine's load. The target is 100 ms. Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

POSITIONS = (
    "startpos",
    "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "fen 8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=50)
    parser.add_argument("--think", type=float, default=0.2)
    args = parser.parse_args()
    engine = subprocess.Popen([sys.executable, "-m", "minimax_cli", "uci"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)
    assert engine.stdin is not None and engine.stdout is not None

    def send(line: str) -> None:
        assert engine.stdin is not None
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def until(word: str) -> None:
        assert engine.stdout is not None
        while not engine.stdout.readline().startswith(word):
            pass

    send("uci")
    until("uciok")
    rng = random.Random(1)
    latencies = []
    for trial in range(args.trials):
        send(f"position {POSITIONS[trial % len(POSITIONS)]}")
        send("go infinite")
        time.sleep(args.think + rng.uniform(0, args.think))
        asked = time.perf_counter()
        send("stop")
        until("bestmove")
        latencies.append((time.perf_counter() - asked) * 1000)
    send("quit")
    engine.wait(timeout=30)
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, round(0.95 * len(latencies)) - 1)]
    print(f"stop -> bestmove over {len(latencies)} trials: median {statistics.median(latencies):.1f}"
          f" ms, 95th percentile {p95:.1f} ms, largest {latencies[-1]:.1f} ms "
          f"(load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
