"""The chess engine's speed: nodes per CPU-second on four positions.

    python scripts/bench_chess.py [--speed-nodes 60000] [--eval standard|material]

Nodes per CPU-second (the process's own time, which other programs on a shared machine disturb
least) of `pvs` on the four positions of the issue's research: the start, Kiwipete, WAC.001 and a
king-and-pawn endgame, each searched to a node budget (target: at least 40,000 on each, a
regression guard). Test suites (Win at Chess and others) are scripts/bench_wac.py's.
Prints figures only; never pass/fail. Uses python-chess (the `chess` extra).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.chess.game import Chess  # noqa: E402
from minimax_cli.core.result import Limits  # noqa: E402
from minimax_cli.core.search import search  # noqa: E402

SPEED_POSITIONS = {
    "start": chess.STARTING_FEN,
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "WAC.001": "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "endgame": "8/8/4k3/3p4/3P1K2/6P1/8/8 w - - 0 1",
}


def speed(nodes: int, evaluator: str) -> None:
    print(f"nodes per CPU-second, pvs to {nodes:,} nodes, evaluation {evaluator}:")
    game = Chess()
    for name, fen in SPEED_POSITIONS.items():
        started = time.process_time()
        state = game.parse_position(fen)
        result = search(game, state, "pvs", Limits(nodes=nodes), evaluator=evaluator)
        spent = time.process_time() - started
        best = result.best_move
        move = game.format_move(state, best) if isinstance(best, chess.Move) else "-"
        print(f"  {name:9} {result.stats.nodes / spent:9,.0f} n/s   depth {result.depth}, "
              f"{result.stats.nodes:,} nodes in {spent:.2f} s, best {move}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--speed-nodes", type=int, default=60_000)
    parser.add_argument("--eval", dest="evaluator", default="standard",
                        choices=["standard", "material"])
    arguments = parser.parse_args()
    speed(arguments.speed_nodes, arguments.evaluator)


if __name__ == "__main__":
    main()
