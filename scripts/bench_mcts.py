"""Monte Carlo tree search: simulations per second against OpenSpiel's Python MCTS, and a match
against the alpha-beta engine in Connect Four.

    python scripts/bench_mcts.py                                   # speed only
    python scripts/bench_mcts.py --openspiel-python /tmp/os/bin/python --match 20

Speed: the same game, the same number of simulations asked from the start position, random playouts,
rates counted over the simulations each actually ran (a proven root stops early), with and without
the solver (MCTS-Solver here, `solve=` in OpenSpiel's MCTSBot), in turns within one run
(the machine is shared: only ratios from one run mean something); the median of --repeat runs.
OpenSpiel runs where `import open_spiel` works: in this interpreter, or in the one given by
--openspiel-python (a separate environment with `pip install open-spiel`); else it is skipped.
Its uct_c is set to 2 * c: its rewards span [-1, 1] while c here is scaled to a span of 1.

Match (--match N): MCTS at --seconds a move against the engine (iterative deepening alpha-beta with
its table, and the proof search first, as `minimax play` does) at the same time a move; each pair of
games starts from a seeded random opening of two plies, MCTS first in one and second in the other.
Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))
sys.path.insert(0, str(ROOT))

from tournament import random_opening  # noqa: E402

from minimax_cli import registry  # noqa: E402
from minimax_cli.answer.policy import Policy, Thinker  # noqa: E402
from minimax_cli.core.result import Limits  # noqa: E402
from minimax_cli.core.search import search  # noqa: E402

GAMES = {"tictactoe": "tic_tac_toe", "connect4": "connect_four"}
EXPLORATION = 1.4

OPENSPIEL = """
import json, sys, time
import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
name, sims, solve, seed, c = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", int(sys.argv[4]), \\
    float(sys.argv[5])
game = pyspiel.load_game(name)
rs = np.random.RandomState(seed)
bot = mcts.MCTSBot(game, c, sims, mcts.RandomRolloutEvaluator(1, rs), solve=solve, random_state=rs)
state = game.new_initial_state()
started = time.perf_counter()
root = bot.mcts_search(state)  # what bot.step runs; its root counts the simulations run
print(json.dumps({"seconds": time.perf_counter() - started, "simulations": root.explore_count}))
"""


def ours(name: str, sims: int, solver: bool, seed: int) -> tuple[float, int, int]:
    """Simulations per second (those actually run: a proven root stops early), the simulations
    run and the playouts."""
    game = registry.create(name, {})
    started = time.perf_counter()
    result = search(game, game.initial_state(), "mcts", Limits(), iterations=sims, seed=seed,
                    mcts_solver=solver, exploration=EXPLORATION)
    elapsed = time.perf_counter() - started
    run = result.iterations if result.iterations is not None else sims
    return run / elapsed, run, result.stats.leaves


def theirs(python: list[str], name: str, sims: int, solver: bool, seed: int) -> tuple[float, int]:
    """OpenSpiel's simulations per second (those its root counts) and the simulations run."""
    done = subprocess.run([*python, "-c", OPENSPIEL, GAMES[name], str(sims), str(int(solver)),
                           str(seed), str(2 * EXPLORATION)], capture_output=True, text=True,
                          check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return int(found["simulations"]) / float(found["seconds"]), int(found["simulations"])


def openspiel_python(given: str | None) -> list[str] | None:
    candidates = [[given]] if given else [[sys.executable]]
    for python in candidates:
        probe = subprocess.run([*python, "-c", "import open_spiel, pyspiel"], capture_output=True)
        if probe.returncode == 0:
            return python
    return None


def speed(args: argparse.Namespace) -> None:
    python = openspiel_python(args.openspiel_python)
    print("OpenSpiel:", " ".join(python) if python else "not found (speed of ours only)")
    print(f"{'game':10} {'solver':6} {'asked':>6} {'ran':>6} {'ours /s':>10} {'playouts':>9} "
          f"{'OS ran':>7} {'OpenSpiel /s':>13} {'ratio':>7}")
    for name, sims in (("tictactoe", args.ttt_sims), ("connect4", args.c4_sims)):
        for solver in (True, False):
            mine: list[float] = []
            other: list[float] = []
            playouts = ran = their_ran = 0
            for seed in range(args.repeat):
                rate, ran, playouts = ours(name, sims, solver, seed)
                mine.append(rate)
                if python:
                    rate, their_ran = theirs(python, name, sims, solver, seed)
                    other.append(rate)
            ours_rate = statistics.median(mine)
            their_rate = statistics.median(other) if other else None
            ratio = f"{ours_rate / their_rate:.1f}x" if their_rate else "-"
            print(f"{name:10} {'on' if solver else 'off':6} {sims:>6,} {ran:>6,} "
                  f"{ours_rate:>10,.0f} {playouts:>9,} {their_ran:>7,} {their_rate or 0:>13,.0f} "
                  f"{ratio:>7}", flush=True)


def match(args: argparse.Namespace) -> None:
    game = registry.create("connect4", {})
    rng = random.Random(args.seed)
    mcts_policy = Policy.make(game, budget=args.seconds, algorithm="mcts")
    engine_policy = Policy.make(game, budget=args.seconds)
    tally = {0: [0, 0, 0], 1: [0, 0, 0]}
    print(f"\nconnect4: mcts against the engine, {args.seconds:g} s a move each, {args.match} games")
    for _ in range(args.match // 2):
        opening = random_opening(game, rng, 2)
        for mcts_seat in (0, 1):
            players = {mcts_seat: Thinker(game, mcts_policy, random.Random(rng.random())),
                       1 - mcts_seat: Thinker(game, engine_policy, random.Random(rng.random()))}
            state: Any = game.initial_state()
            for move in opening:
                state = game.play(state, move)
            while game.outcome(state) is None:
                state = game.play(state, players[game.to_move(state)].choose(state).move)
            value = game.outcome(state)
            assert value is not None
            mine = value if mcts_seat == 0 else -value
            tally[mcts_seat][0 if mine > 0 else 1 if mine == 0 else 2] += 1
    for seat, (wins, draws, losses) in tally.items():
        print(f"mcts {'first' if seat == 0 else 'second'}: {wins} wins, {draws} draws, "
              f"{losses} losses", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--openspiel-python", help="an interpreter that imports open_spiel")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ttt-sims", type=int, default=5_000)
    parser.add_argument("--c4-sims", type=int, default=2_000)
    parser.add_argument("--match", type=int, default=0, help="games against the engine (even)")
    parser.add_argument("--seconds", type=float, default=1.0, help="a move, in the match")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    speed(args)
    if args.match:
        match(args)


if __name__ == "__main__":
    main()
