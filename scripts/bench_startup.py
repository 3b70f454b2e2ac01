"""Start-up time of `minimax --help` and `minimax games` against `python -c "import typer, rich.console"`.

    python scripts/bench_startup.py [--rounds 21] [--extra "solve --help" ...] [--as-is]

Each round runs every command once as a fresh subprocess, in turn (interleaved, so that a slow
moment of the machine touches all of them alike), and times it by the wall clock. Prints the
median of the rounds per command and its ratio to the reference measured in the same run (issue 8
asks for at most 1.3). Figures only; never pass/fail.

Compiled byte-code is what an installed tool starts from (pip compiles it), so by default the
runs may write and read it, under a temporary PYTHONPYCACHEPREFIX (the source tree stays clean)
even where PYTHONDONTWRITEBYTECODE is set. `--as-is` keeps the caller's environment instead: with
PYTHONDONTWRITEBYTECODE every module of an editable install is compiled on every start.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REFERENCE = "import typer, rich.console"


def minimax_command() -> list[str]:
    """The console script installed beside this interpreter, else `python -m minimax_cli`."""
    script = Path(sys.executable).with_name("minimax")
    if script.is_file():
        return [str(script)]
    found = shutil.which("minimax")
    return [found] if found else [sys.executable, "-m", "minimax_cli"]


def wall_time(command: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Seconds the command took, and its exit code (shown, since a failing command starts fast)."""
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                          check=False)
    return time.perf_counter() - start, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21, help="runs of each command (median kept)")
    parser.add_argument("--extra", action="append", default=[], metavar="ARGS",
                        help="another minimax command line to time, e.g. 'solve --help'")
    parser.add_argument("--as-is", action="store_true",
                        help="keep the environment's byte-code settings (see above)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="minimax-pycache-") as cache:
        env = dict(os.environ, COLUMNS="80")
        if not args.as_is:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
        run(args, env)


def run(args: argparse.Namespace, env: dict[str, str]) -> None:
    base = minimax_command()
    commands: dict[str, list[str]] = {
        "reference": [sys.executable, "-c", REFERENCE],
        "minimax --help": [*base, "--help"],
        "minimax games": [*base, "games"],
        "minimax": base,
    }
    for extra in args.extra:
        commands[f"minimax {extra}"] = [*base, *extra.split()]
    for command in commands.values():  # warm the file cache and the byte-code
        wall_time(command, env)
    times: dict[str, list[float]] = {label: [] for label in commands}
    codes: dict[str, set[int]] = {label: set() for label in commands}
    for _ in range(args.rounds):
        for label, command in commands.items():
            seconds, code = wall_time(command, env)
            times[label].append(seconds)
            codes[label].add(code)
    medians = {label: statistics.median(values) for label, values in times.items()}
    reference = medians["reference"]
    bytecode = "as the environment has it" if args.as_is else "compiled once, then cached"
    print(f"median wall time of {args.rounds} interleaved rounds; reference: "
          f"python -c {REFERENCE!r}; minimax = {' '.join(base)}; byte-code {bytecode}\n")
    print(f"{'command':<28} {'median':>9} {'ratio':>6}  exit code")
    for label, median in medians.items():
        exits = ",".join(map(str, sorted(codes[label])))
        print(f"{label:<28} {median * 1000:>7.1f}ms {median / reference:>6.2f}  {exits}")


if __name__ == "__main__":
    main()
