"""Start-up time of `minimax` against a minimal two-command Typer app, measured in the same run.

    python scripts/bench_startup.py [--rounds 15] [--extra "solve --help" ...] [--as-is]
                                    [--instructions]

The reference is the least any Typer CLI pays: an app of two commands written to a temporary
directory by this script and started the way pip starts a console script. Pairs compared:

- `minimax --help` against the minimal app's `--help` (issue 19 asks for at most 1.1x);
- `minimax analyze tictactoe --json` against one of its commands given a value, `hello World`
  (at most 1.2x); a command given a value is the fair peer, since Typer converts every value it
  is given, and so loads what conversion needs, in both.

Each round runs every command once as a fresh subprocess, in turn (interleaved, so that a slow
moment of the machine touches all of them alike), and times it by the wall clock. Prints the
fastest and the median run of each command, their ratios to its reference's (the fastest runs are
the steadier figure on a busy machine), and how many modules it imports (`python -X importtime`).
Figures only; never pass/fail.

On a busy machine wall times wander; `--instructions` also counts the instructions each command
executes under valgrind's callgrind (once each, PYTHONHASHSEED=0; about 15 s a command), a figure
that the machine's load does not change.

Compiled byte-code is what an installed tool starts from (pip compiles it), so by default every
command is run once before timing and the runs write and read byte-code under a temporary
PYTHONPYCACHEPREFIX (the source tree stays clean) even where PYTHONDONTWRITEBYTECODE is set: the
timed runs are second runs, for minimax and the reference alike. `--as-is` keeps the caller's
environment instead: with PYTHONDONTWRITEBYTECODE every module of an editable install is compiled
on every start.
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
from dataclasses import dataclass, field
from pathlib import Path

#: The reference app: two commands, as Typer's tutorial writes them.
MINIMAL_APP = '''\
import typer

app = typer.Typer()


@app.command()
def hello(name: str) -> None:
    print(f"Hello {name}")


@app.command()
def goodbye(name: str, formal: bool = False) -> None:
    print(f"Goodbye Ms. {name}. Have a good day." if formal else f"Bye {name}!")
'''

#: The launcher pip writes for a console script (`minimal = minimal_app:app`).
LAUNCHER = '''\
import re
import sys
from minimal_app import app
if __name__ == "__main__":
    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
    sys.exit(app())
'''

#: (minimax's arguments, the reference's arguments, the ratio issue 19 allows).
PAIRS = [
    (["--help"], ["--help"], 1.1),
    (["analyze", "tictactoe", "--json"], ["hello", "World"], 1.2),
]


@dataclass
class Timed:
    """One command line and what its runs took."""

    command: list[str]
    seconds: list[float] = field(default_factory=list)
    exits: set[int] = field(default_factory=set)

    def run(self, env: dict[str, str]) -> None:
        start = time.perf_counter()
        done = subprocess.run(self.command, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env=env, check=False)
        self.seconds.append(time.perf_counter() - start)
        self.exits.add(done.returncode)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


def minimax_command() -> list[str]:
    """The console script installed beside this interpreter, else `python -m minimax_cli`."""
    script = Path(sys.executable).with_name("minimax")
    if script.is_file():
        return [sys.executable, str(script)]
    found = shutil.which("minimax")
    return [sys.executable, found] if found else [sys.executable, "-m", "minimax_cli"]


def write_minimal_app(folder: Path) -> list[str]:
    """The reference app and its launcher in `folder`; the command line that starts it."""
    (folder / "minimal_app.py").write_text(MINIMAL_APP, encoding="utf-8")
    launcher = folder / "minimal"
    launcher.write_text(LAUNCHER, encoding="utf-8")
    return [sys.executable, str(launcher)]


def modules_imported(command: list[str], env: dict[str, str]) -> int:
    """How many modules `command` imports, counted from `python -X importtime`."""
    done = subprocess.run([command[0], "-X", "importtime", *command[1:]], capture_output=True,
                          text=True, env=env, check=False)
    return sum(line.startswith("import time:") and "| imported package" not in line
               for line in done.stderr.splitlines())  # the header line names the columns


def instructions(command: list[str], env: dict[str, str]) -> int | None:
    """The instructions `command` executes, counted by callgrind; None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *command], capture_output=True, text=True,
                          env=dict(env, PYTHONHASHSEED="0"), check=False)
    counts = [line.split()[-1] for line in done.stderr.splitlines() if "Collected :" in line]
    return int(counts[-1]) if counts else None


def measure(rounds: int, extra: list[str], env: dict[str, str], folder: Path,
            count_instructions: bool) -> None:
    minimax = minimax_command()
    minimal = write_minimal_app(folder)
    env = dict(env, PYTHONPATH=os.pathsep.join(filter(None, [str(folder),
                                                             env.get("PYTHONPATH")])))
    runs: dict[str, Timed] = {}
    for ours, theirs, _allowed in PAIRS:
        runs["minimax " + " ".join(ours)] = Timed([*minimax, *ours])
        runs["minimal " + " ".join(theirs)] = Timed([*minimal, *theirs])
    for words in extra:
        runs[f"minimax {words}"] = Timed([*minimax, *words.split()])
    for timed in runs.values():  # the first run compiles the byte-code; the timed ones read it
        timed.run(env)
        timed.seconds.clear()
    for _ in range(rounds):
        for timed in runs.values():
            timed.run(env)
    print(f"{rounds} interleaved rounds; minimax = {' '.join(minimax)}; reference = a two-command "
          f"Typer app in {folder}\n")
    print(f"{'command':<34} {'fastest':>8} {'median':>8} {'ratios':>11} {'target':>6} "
          f"{'modules':>7}  exit")
    references = {"minimax " + " ".join(ours): ("minimal " + " ".join(theirs), allowed)
                  for ours, theirs, allowed in PAIRS}
    for label, timed in runs.items():
        reference, allowed = references.get(label, (None, None))
        ratios = ""
        if reference is not None:
            peer = runs[reference]
            ratios = (f"{min(timed.seconds) / min(peer.seconds):.2f} "
                      f"{timed.median / peer.median:.2f}")
        target = f"{allowed:.1f}" if allowed else ""
        exits = ",".join(map(str, sorted(timed.exits)))
        print(f"{label:<34} {min(timed.seconds) * 1000:>6.0f}ms {timed.median * 1000:>6.0f}ms "
              f"{ratios:>11} {target:>6} {modules_imported(timed.command, env):>7}  {exits}")
    print("\nratios: fastest run against the reference's fastest, median against its median")
    if count_instructions:
        counts = {label: instructions(timed.command, env) for label, timed in runs.items()}
        print(f"\n{'command':<34} {'instructions':>14} {'ratio':>6}")
        for label, count in counts.items():
            reference = references.get(label, (None, None))[0]
            peer_count = counts.get(reference) if reference is not None else None
            ratio = f"{count / peer_count:.2f}" if count and peer_count else ""
            shown = f"{count / 1e6:,.0f}M" if count else "no valgrind"
            print(f"{label:<34} {shown:>14} {ratio:>6}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="timed runs of each command")
    parser.add_argument("--extra", action="append", default=[], metavar="ARGS",
                        help="another minimax command line to time, e.g. 'solve --help'")
    parser.add_argument("--as-is", action="store_true",
                        help="keep the environment's byte-code settings (see above)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions with valgrind's callgrind (see above)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="minimax-startup-") as folder:
        env = dict(os.environ, COLUMNS="80")
        if not args.as_is:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        app_folder = Path(folder) / "app"
        app_folder.mkdir()
        measure(args.rounds, args.extra, env, app_folder, args.instructions)


if __name__ == "__main__":
    main()
