"""What Connect Four's opening book costs: its first lookup, a solve, and `solve --batch` with and
without it, each in a fresh process, in one run.

    python scripts/bench_book.py                       # 100 End-Easy lines, 3 rounds
    python scripts/bench_book.py --lines 200 --file Test_L2_R1 --rounds 5

Printed (the fastest and the median of the rounds, each round running every case once in turn,
so that a slow moment of the machine touches them all alike):

- the AI's first move of a game (X on the empty board, `play`'s think with a 1 s budget): the
  book answers it, so its time is the wait before the AI's search could start;
- the first lookup: building the kernel, `prepare()` (what a game of `play` does before the AI's
  first clock starts: it maps the book's index and reads its header), the first `known_score`,
  and the process's peak memory before and after them; beside it what reading the book's text
  into a dictionary costs (what the first lookup cost before the index: 68,018 lines parsed);
- `minimax solve connect4 4455` with the book and with MINIMAX_NO_BOOK=1: wall time and peak
  memory (the child's maximum resident set);
- `minimax solve connect4 --batch` of the first `--lines` lines of a shared set: with the book,
  with the book's file missing (the kernel pointed at a path that does not exist) and with
  MINIMAX_NO_BOOK=1: wall time, peak memory, and the total nodes the summary reports, which must
  be the same in all three (the answers too: the script says so if they differ).

Figures only, never pass/fail; only figures of one run are compared.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = next((folder / "shared" for folder in ROOT.parents if (folder / "shared").is_dir()),
              ROOT.parent / "shared")
DATA = SHARED / "data" / "connect4"

LOOKUP = """
import json, resource, time
started = time.perf_counter()
from games.connect4.game import ConnectFour
game = ConnectFour()
kernel = game.proof_kernel()
state = game.parse_position("4455")
built = time.perf_counter()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
kernel.prepare()
prepared = time.perf_counter()
found = kernel.known_score(state, 4)
looked = time.perf_counter()
print(json.dumps({"kernel_s": built - started, "prepare_s": prepared - built,
                  "lookup_s": looked - prepared, "found": found, "rss_before_kb": before,
                  "rss_after_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""

TEXT = """
import json, resource, time
from games.connect4.book import BOOK_TEXT
from games.connect4.game import ConnectFour
from minimax_cli.core.book import parse_book
kernel = ConnectFour().proof_kernel()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
started = time.perf_counter()
with open(BOOK_TEXT, encoding="utf-8") as handle:
    data = parse_book(handle.read())
keys = kernel.book_keys_of([entry.position for entry in data.entries])
scores = {key: (entry.score, data.only_sign(entry)) for entry, key in zip(data.entries, keys)}
read = time.perf_counter()
print(json.dumps({"read_s": read - started, "entries": len(scores), "rss_before_kb": before,
                  "rss_after_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""

#: The AI's first move of a game on the empty board, as `play` asks for it (1 s budget): the book
#: answers it, so its time is what the AI spends before its search could start.
FIRST_MOVE = """
import json, random, resource, time
from games.connect4.game import ConnectFour
from minimax_cli.answer.policy import Policy, Thinker
game = ConnectFour()
thinker = Thinker(game, Policy(budget=1.0), random.Random(1))
started = time.perf_counter()
choice = thinker.choose(game.initial_state())
print(json.dumps({"move_s": time.perf_counter() - started, "move": choice.move,
                  "rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""

#: The CLI with the kernel's book pointed at a file that does not exist (its file "missing").
NO_FILE = """
import sys
import games.connect4.proof as proof
proof.BOOK_PATH = "/nonexistent/book.bin"
from minimax_cli.cli.app import main
sys.argv = ["minimax", *sys.argv[1:]]
main()
"""


def measured(argv: Sequence[str], env: dict[str, str]) -> tuple[float, int, str, str]:
    """Wall seconds, the child's peak memory (kB), its stdout and stderr."""
    import time

    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        child = subprocess.Popen(argv, stdout=out, stderr=err, env=env, cwd=ROOT)
        _pid, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {stderr}")
    return seconds, usage.ru_maxrss, stdout, stderr


def nodes_total(stderr: str) -> str:
    for line in stderr.splitlines():
        if "total" in line and "nodes" in line:
            return line.rpartition("total")[2].strip()
    return "-"  # not a batch: no summary


def figures(values: list[float], unit: str = "s") -> str:
    scale, fmt = (1000.0, "{:.2f} ms") if unit == "ms" else (1.0, "{:.3f} s")
    return (f"fastest {fmt.format(min(values) * scale)}, "
            f"median {fmt.format(statistics.median(values) * scale)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", default="Test_L3_R1", help="a shared set (default End-Easy)")
    parser.add_argument("--lines", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("MINIMAX_NO_BOOK", "MINIMAX_PURE")}
    off = {**env, "MINIMAX_NO_BOOK": "1"}
    python = sys.executable
    lines = (DATA / args.file).read_text().splitlines()[:args.lines]
    folder = tempfile.TemporaryDirectory()
    batch_file = Path(folder.name) / "lines.txt"
    batch_file.write_text("\n".join(lines) + "\n")
    cli = [python, "-m", "minimax_cli"]
    batch = ["solve", "connect4", "--batch", str(batch_file)]
    cases = {
        "solve 4455, book": ([*cli, "solve", "connect4", "4455"], env),
        "solve 4455, MINIMAX_NO_BOOK=1": ([*cli, "solve", "connect4", "4455"], off),
        f"batch {len(lines)} {args.file}, book": ([*cli, *batch], env),
        f"batch {len(lines)} {args.file}, book file missing": ([python, "-c", NO_FILE, *batch],
                                                              env),
        f"batch {len(lines)} {args.file}, MINIMAX_NO_BOOK=1": ([*cli, *batch], off),
    }
    load_before = os.getloadavg()
    lookups: list[dict[str, float]] = []
    texts: list[dict[str, float]] = []
    moves: list[dict[str, float]] = []
    runs: dict[str, list[tuple[float, int, str, str]]] = {name: [] for name in cases}
    try:
        for _round in range(args.rounds):
            lookups.append(json.loads(measured([python, "-c", LOOKUP], env)[2]))
            texts.append(json.loads(measured([python, "-c", TEXT], env)[2]))
            moves.append(json.loads(measured([python, "-c", FIRST_MOVE], env)[2]))
            for name, (argv, environment) in cases.items():
                runs[name].append(measured(argv, environment))
    finally:
        folder.cleanup()
    print("load average (1, 5, 15 min) before: {:.2f} {:.2f} {:.2f}, after: {:.2f} {:.2f} {:.2f}"
          .format(*load_before, *os.getloadavg()))
    print(f"the AI's first move (empty board, 1 s budget): "
          f"{figures([r['move_s'] for r in moves], 'ms')} -> column {moves[0]['move']}; "
          f"peak memory {max(r['rss_kb'] for r in moves) / 1024:.1f} MiB")
    print("first lookup (index), in a fresh process:")
    print(f"  kernel built: {figures([r['kernel_s'] for r in lookups], 'ms')}")
    print(f"  prepare() (maps the index, reads its header): "
          f"{figures([r['prepare_s'] for r in lookups], 'ms')}")
    print(f"  first known_score(4455): {figures([r['lookup_s'] for r in lookups], 'ms')}"
          f" -> {lookups[0]['found']}")
    print(f"  prompt to the AI's clock (prepare + first lookup): "
          f"{figures([r['prepare_s'] + r['lookup_s'] for r in lookups], 'ms')}")
    grown = [(r["rss_after_kb"] - r["rss_before_kb"]) / 1024 for r in lookups]
    print(f"  peak memory {lookups[0]['rss_before_kb'] / 1024:.1f} MiB before, "
          f"{lookups[0]['rss_after_kb'] / 1024:.1f} MiB after (grown by at most "
          f"{max(grown):.2f} MiB)")
    print(f"reading the text into a dictionary (the first lookup before the index), "
          f"{texts[0]['entries']:,} positions:")
    print(f"  {figures([r['read_s'] for r in texts])}; peak memory grown by "
          f"{max((r['rss_after_kb'] - r['rss_before_kb']) / 1024 for r in texts):.1f} MiB")
    answers: dict[str, str] = {}
    for name, measures in runs.items():
        seconds = [m[0] for m in measures]
        memory = max(m[1] for m in measures) / 1024
        nodes = {nodes_total(m[3]) for m in measures}
        print(f"{name}: {figures(seconds)}; peak memory {memory:.1f} MiB; "
              f"nodes total {', '.join(sorted(nodes))}")
        if name.startswith("batch"):
            answers[name] = measures[0][2]
    if len(set(answers.values())) > 1:
        print("the batch answers differ between the cases")


if __name__ == "__main__":
    main()
