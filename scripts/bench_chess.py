"""The chess engine's figures: nodes per CPU-second, and Win at Chess at a fixed node budget.

    python scripts/bench_chess.py [--nodes 100000] [--limit N] [--speed-nodes 60000]
                                  [--eval standard|material] [--epd FILE] [--skip-wac]

1. Nodes per CPU-second (the process's own time, which other programs on a shared machine disturb
   least) of `pvs` on the four positions of the issue's research: the start, Kiwipete, WAC.001 and
   a king-and-pawn endgame, each searched to a node budget (target: at least 40,000 on each).
2. Win at Chess (the shared `sunfish-win_at_chess_test.epd`) at a fixed node budget per position
   (load-independent), each line answered as `solve chess --batch` answers it (services/suite.py:
   solved when the move chosen is one of its `bm` moves and none of its `am` moves; --eval is
   the speed test's only). Prints each miss, the solved
   count (`N of M solved`) and the time. The target over all 300 at 100,000 nodes is 230.
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
from minimax_cli.services.suite import SuiteScorer  # noqa: E402
from tests.games.chess_fen_game import FenGame  # noqa: E402  # until the chess game lands

DATA = ROOT.parent.parent / "shared" / "data" / "chess"
if not DATA.exists():
    DATA = Path("/work/shared/data/chess")

SPEED_POSITIONS = {
    "start": chess.STARTING_FEN,
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "WAC.001": "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "endgame": "8/8/4k3/3p4/3P1K2/6P1/8/8 w - - 0 1",
}


def speed(nodes: int, evaluator: str) -> None:
    print(f"nodes per CPU-second, pvs to {nodes:,} nodes, evaluation {evaluator}:")
    game = FenGame()
    for name, fen in SPEED_POSITIONS.items():
        started = time.process_time()
        result = search(game, fen, "pvs", Limits(nodes=nodes), evaluator=evaluator)
        spent = time.process_time() - started
        move = chess.Board(fen).san(result.best_move) if result.best_move else "-"
        print(f"  {name:9} {result.stats.nodes / spent:9,.0f} n/s   depth {result.depth}, "
              f"{result.stats.nodes:,} nodes in {spent:.2f} s, best {move}")


def wac(path: Path, nodes: int, limit: int | None) -> None:
    """Win at Chess at `nodes` a position, each line answered as `solve chess --batch` answers it
    (services/suite.py: one implementation; its default evaluation)."""
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    if limit is not None:
        lines = lines[:limit]
    scorer = SuiteScorer(Chess(), Limits(nodes=nodes))
    count = total_nodes = 0
    started_cpu, started_wall = time.process_time(), time.perf_counter()
    for number, line in enumerate(lines, 1):
        answer = scorer((number, line, False))
        facts = answer.report.facts if answer.report is not None else None
        if facts is None:
            print(f"  line {number}: {answer.error}")
            continue
        total_nodes += int(str(facts["nodes"]))
        if answer.solved:
            count += 1
        else:
            print(f"  missed {answer.position}: played {facts['move']}, depth {facts['depth']}")
    cpu = time.process_time() - started_cpu
    wall = time.perf_counter() - started_wall
    print(f"{count} of {len(lines)} solved ({path.name}, {nodes:,} nodes a position); "
          f"{cpu:.1f} s CPU, {wall:.1f} s wall, {total_nodes / cpu:,.0f} nodes per CPU-second")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nodes", type=int, default=100_000, help="WAC budget per position")
    parser.add_argument("--speed-nodes", type=int, default=60_000)
    parser.add_argument("--limit", type=int, default=None, help="the first N positions of WAC")
    parser.add_argument("--eval", dest="evaluator", default="standard",
                        choices=["standard", "material"])
    parser.add_argument("--epd", type=Path, default=DATA / "sunfish-win_at_chess_test.epd")
    parser.add_argument("--skip-wac", action="store_true")
    arguments = parser.parse_args()
    speed(arguments.speed_nodes, arguments.evaluator)
    if not arguments.skip_wac:
        wac(arguments.epd, arguments.nodes, arguments.limit)


if __name__ == "__main__":
    main()
