"""Move ordering measured on Kiwipete (or a FEN given): the rows of `analyze chess --compare`
(core/search/ordering.py) at one depth with the material evaluation, each with its nodes, leaves,
cut-offs, table answers, time and nodes per second, and Knuth and Moore's b^⌈d/2⌉ + b^⌊d/2⌋ − 1
with b the root's legal moves. Figures, not pass/fail.

    python scripts/bench_ordering.py [--depth 4] [--fen FEN] [--eval material]
"""

from __future__ import annotations

import argparse
import time

from games.chess.game import Chess
from minimax_cli.core.result import Limits, SearchOptions
from minimax_cli.core.search.ordering import ROWS, ordering_row

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--fen", default=KIWIPETE)
    parser.add_argument("--eval", default="material")
    args = parser.parse_args()
    game = Chess()
    state = game.parse_position(args.fen)
    options = SearchOptions(evaluator=args.eval)
    print(f"{args.fen}  depth {args.depth}  evaluation {args.eval}")
    print(f"{'row':18} {'value':>6} {'nodes':>11} {'leaves':>11} {'cutoffs':>8} {'tt ans':>7} "
          f"{'CPU s':>7} {'nodes/s':>9}")
    for row in ROWS:
        started = time.process_time()
        result = ordering_row(game, state, row, Limits(depth=args.depth), options)
        seconds = time.process_time() - started
        stats = result.stats
        value = "-" if result.value is None else f"{result.value:g}"
        print(f"{row:18} {value:>6} {stats.nodes:>11,} {stats.leaves:>11,} {stats.cutoffs:>8,} "
              f"{stats.tt_answers:>7,} {seconds:>7.2f} {stats.nodes / max(seconds, 1e-9):>9,.0f}")
    b, d = len(game.legal_moves(state)), args.depth
    print(f"Knuth–Moore with b = {b} (the root's legal moves), d = {d}: "
          f"{b ** ((d + 1) // 2) + b ** (d // 2) - 1:,} leaves")


if __name__ == "__main__":
    main()
