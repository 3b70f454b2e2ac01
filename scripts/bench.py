"""Search-core figures, each beside a reference measured in the same run (machines here are noisy).

    python scripts/bench.py [--repeat 3]

1. Plain minimax over the full tic-tac-toe tree through the Game protocol, against the naive
   string-board reference in ../shared/reference/naive_tictactoe.py: same value, same 549,946 nodes.
2. The engine's exact values for all nine first moves (nodes, target <= 765) and alpha-beta.
3. Solving 4x4 k=4 tic-tac-toe from the empty board.
Prints figures only; never pass/fail.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from games.tictactoe import TicTacToe
from minimax_cli.core.search import search

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "naive_tictactoe.py"


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept")
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
    print(f"   engine / minimax nodes: {ng.stats.nodes / core.stats.nodes:.5f};"
          f" time: {ng_t / core_t:.4f}")

    print("3. 4x4 k=4 from the empty board")
    big = TicTacToe(4, 4, 4)
    t4, r4 = best_time(lambda: search(big, big.initial_state(), "negamax"), 1)
    print(f"   value {r4.value} (0 = draw)  nodes {r4.stats.nodes:,}  table hits "
          f"{r4.stats.tt_hits:,}  {t4:.2f} s  = {t4 / core_t:.1f}x the 3x3 full-minimax time")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
