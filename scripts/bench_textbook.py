"""Textbook alpha-beta and plain minimax over the full tic-tac-toe tree, beside OpenSpiel's Python
searches measured in the same run.

    python scripts/bench_textbook.py [--repeat 7] [--openspiel-python PATH]

Ours: `search(game, empty, "alphabeta")` and `"minimax"` through the Game protocol, timed in this
process. OpenSpiel's: `open_spiel.python.algorithms.minimax.alpha_beta_search` and its
`expectiminimax` (plain minimax on a game without chance) over pyspiel's tic-tac-toe, timed in a
worker process of the interpreter given by --openspiel-python (default: $OPENSPIEL_PYTHON, else
this interpreter), which is never a dependency of the project: install it in a scratch venv, e.g.
`python3 -m venv /tmp/ospiel && /tmp/ospiel/bin/pip install open-spiel`. Without OpenSpiel the
reference is ../shared/reference/naive_tictactoe.py (plain minimax only).

Each round times ours and theirs back to back, alternately; the figures are the best CPU time
(the process's own, which other programs on a shared machine disturb least) and best wall time,
and the median of the rounds' CPU ratios (ours / theirs: below 1.00 means ours is faster). Node
counts are counted by each side (OpenSpiel's in a separate, untimed run). Figures only, never
pass/fail.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.tictactoe.game import TicTacToe
from minimax_cli.core.search import search

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference" / "naive_tictactoe.py"

#: The worker run by the OpenSpiel interpreter: one line in ("alphabeta", "minimax", "count
#: NAME"), one JSON line out.
WORKER = r"""
import json, sys, time
try:
    import pyspiel
    from open_spiel.python.algorithms import minimax as osm
except ImportError as error:
    print(json.dumps({"error": str(error)}), flush=True)
    sys.exit(0)
game = pyspiel.load_game("tic_tac_toe")
print(json.dumps({"version": getattr(pyspiel, "__version__", "?")}), flush=True)

def alphabeta():
    return osm.alpha_beta_search(game, maximum_depth=9)[0]

def minimax():
    return osm.expectiminimax(game.new_initial_state(), 9, None, 0)[0]

RUN = {"alphabeta": alphabeta, "minimax": minimax}
PATCH = {"alphabeta": "_alpha_beta", "minimax": "expectiminimax"}

def count(name):
    # Every call of the recursive function is a state visited (its own recursion goes through
    # the module attribute, so a wrapper sees every call).
    original = getattr(osm, PATCH[name])
    calls = [0]
    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)
    setattr(osm, PATCH[name], counted)
    try:
        RUN[name]()
    finally:
        setattr(osm, PATCH[name], original)
    return calls[0]

for line in sys.stdin:
    words = line.split()
    if words[0] == "count":
        print(json.dumps({"nodes": count(words[1])}), flush=True)
        continue
    cpu, wall = time.process_time(), time.perf_counter()
    value = RUN[words[0]]()
    print(json.dumps({"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall,
                      "value": value}), flush=True)
"""


class OpenSpiel:
    """The worker process: start it, ask it, stop it."""

    def __init__(self, python: str) -> None:
        self.process = subprocess.Popen([python, "-c", WORKER], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        hello = self.read()
        self.error: str | None = hello.get("error")
        self.version: str = hello.get("version", "")

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        data: dict[str, Any] = json.loads(line) if line else {"error": "the worker ended"}
        return data

    def ask(self, command: str) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.read()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def timed(fn: Callable[[], Any]) -> dict[str, Any]:
    cpu, wall = time.process_time(), time.perf_counter()
    out = fn()
    return {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall, "out": out}


def naive_reference() -> Callable[[], tuple[int, int]] | None:
    if not REFERENCE.exists():
        return None
    spec = importlib.util.spec_from_file_location("naive_tictactoe", REFERENCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    full_minimax: Callable[[], tuple[int, int]] = module.full_minimax
    return full_minimax


def report(label: str, ours: list[dict[str, Any]], theirs: list[dict[str, Any]],
           our_nodes: int, their_nodes: int | None, their_name: str) -> None:
    print(f"{label}")
    for who, runs, nodes in (("ours", ours, our_nodes), (their_name, theirs, their_nodes)):
        shown = "?" if nodes is None else f"{nodes:,}"
        print(f"   {who:<22} nodes {shown:>8}  CPU {min(r['cpu'] for r in runs):.4f} s"
              f"  wall {min(r['wall'] for r in runs):.4f} s")
    ratios = [o["cpu"] / t["cpu"] for o, t in zip(ours, theirs, strict=True)]
    best = min(r["cpu"] for r in ours) / min(r["cpu"] for r in theirs)
    print(f"   ours / {their_name}: CPU median of {len(ratios)} paired rounds "
          f"{statistics.median(ratios):.2f}, of best times {best:.2f}  (below 1.00 = ours faster)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="paired rounds; best and median kept")
    parser.add_argument("--openspiel-python", default=os.environ.get("OPENSPIEL_PYTHON",
                                                                     sys.executable),
                        help="an interpreter with open-spiel installed (default $OPENSPIEL_PYTHON "
                             "or this one)")
    args = parser.parse_args()
    game = TicTacToe()
    empty = game.initial_state()
    ours = {name: lambda name=name: search(game, empty, name) for name in ("alphabeta", "minimax")}
    nodes = {name: ours[name]().stats.nodes for name in ours}
    values = {name: ours[name]().value for name in ours}

    spiel = OpenSpiel(args.openspiel_python)
    try:
        if spiel.error is None:
            print(f"OpenSpiel {spiel.version} ({args.openspiel_python}), best of {args.repeat} "
                  "paired rounds")
            for name, label in (("alphabeta", "alpha-beta (OpenSpiel alpha_beta_search)"),
                                ("minimax", "plain minimax (OpenSpiel expectiminimax)")):
                counted = spiel.ask(f"count {name}")["nodes"]
                mine: list[dict[str, Any]] = []
                theirs: list[dict[str, Any]] = []
                for _ in range(args.repeat):
                    mine.append(timed(ours[name]))
                    theirs.append(spiel.ask(name))
                print(f"   values: ours {values[name]}, OpenSpiel {theirs[0]['value']}")
                report(f"{label}:", mine, theirs, nodes[name], counted, "OpenSpiel")
            return
        print(f"OpenSpiel is not available to {args.openspiel_python} ({spiel.error}); the naive "
              "reference instead (plain minimax only)")
    finally:
        spiel.close()
    reference = naive_reference()
    if reference is None:
        print(f"(reference not found at {REFERENCE})")
        return
    mine, theirs = [], []
    for _ in range(args.repeat):
        mine.append(timed(ours["minimax"]))
        theirs.append(timed(reference))
    print(f"   alpha-beta: ours nodes {nodes['alphabeta']:,}  CPU "
          f"{min(timed(ours['alphabeta'])['cpu'] for _ in range(args.repeat)):.4f} s")
    report("plain minimax (naive reference):", mine, theirs, nodes["minimax"],
           theirs[0]["out"][1], "naive reference")


if __name__ == "__main__":
    main()
