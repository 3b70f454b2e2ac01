"""Issue 34's hostile streams and signals, run against the installed `minimax`, with a verdict and
figures per run (the commands of issue 9 and 20 are scripts/hostile_commands.py's).

    python scripts/hostile_streams.py [--timeout 60] [--only TEXT] [--sweep]

- Streams, through hostile_commands.py's runner and verdict: a command of each kind with stdout
  closed (`>&-`), full (/dev/full, with Python's own buffering: PYTHONUNBUFFERED is taken out of
  the environment, as a user's shell has it) and a pipe whose reader has gone (`| head`). PASS:
  exit 1 and the one line that names the failure; for the pipe, exit 0 and nothing said.
- Signals: `solve connect4 --batch FILE --jobs 2` (lines of minutes each: one-disc positions
  without the book) sent one Ctrl-C, two, SIGTERM or SIGHUP once both workers prove. Figures: the
  seconds from the signal to the exit, the exit code, the workers still running after it (read
  from /proc, Linux). PASS: no traceback, no worker left, and after Ctrl-C exit 130 within
  PROMPT_S seconds (after SIGTERM, SIGHUP: the signal's own end).
- Ctrl-C at a known moment of start-up (when Typer starts to load) and as Python exits after the
  command: exit 130, at most one line, no traceback.
- `--sweep` adds figures only: Ctrl-C sent 0 to 300 ms after `minimax games connect4` starts,
  each outcome. A traceback there in the first tens of milliseconds is Python's own start-up
  (site, the console script's `import re`), before any code of this project runs.
Exit code 1 when a run fails.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import hostile_commands as hostile

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.processes import alive as running
from tests.processes import children, cpu_ticks, wait_until

#: Seconds from Ctrl-C to the prompt that issue 34 asks for at most.
PROMPT_S = 1.0
TIMEOUT_S = 60.0
LONG = ["1", "2", "3", "4", "5", "6"]  # without the book: proofs of minutes each
QUICK = ["4455 18", "44455554221 -15"]  # Pons' examples, proven at once
STREAMS = "Streams (issue 34)"


def prepare(files: Path) -> None:
    (files / "quick.txt").write_text("\n".join(QUICK) + "\n")
    (files / "long.txt").write_text("\n".join(LONG) + "\n")


def not_written(reason: str) -> hostile.Check:
    return hostile.contains(f"error: the output could not be written: {reason}")


def quiet(out: str, err: str) -> str | None:
    return f"stderr {err[-120:]!r}" if err else None


def stream_cases(files: Path) -> list[hostile.Case]:
    """Each kind of command with stdout closed, full, and piped to a reader that has gone."""
    commands: list[tuple[str, ...]] = [
        (), ("--version",), ("--help",), ("games",), ("games", "connect4"),
        ("analyze", "tictactoe"), ("analyze", "tictactoe", "--json"), ("solve", "tictactoe"),
        ("solve", "bones", "--upto", "20"), ("quiz", "--help"), ("play", "--help"),
        ("book", "show", "connect4"), ("solve", "connect4", "--batch", str(files / "quick.txt")),
        ("solve", "connect4", "--batch", str(files / "quick.txt"), "--jobs", "2")]
    cases = []
    for argv in commands:
        name = " ".join("FILE" if word.startswith(str(files)) else word for word in argv)
        name = name or "(no command)"
        cases += [
            hostile.Case(STREAMS, f"{name} >&-", argv, stdout_file=hostile.CLOSED_STDOUT,
                         codes=(1,), check=not_written("stdout is closed")),
            hostile.Case(STREAMS, f"{name} > /dev/full", argv, stdout_file="/dev/full",
                         codes=(1,), check=not_written("No space left on device")),
            hostile.Case(STREAMS, f"{name} | (a closed pipe)", argv,
                         stdout_file=hostile.CLOSED_PIPE, codes=(0,), check=quiet)]
    return cases


# --- signals ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Stopped:
    code: int | None  # None: still running at the timeout (killed then)
    seconds: float  # from the (first) signal to the exit
    left: list[int]  # workers running after the exit
    stderr: str


def stop_batch(files: Path, signals: list[signal.Signals], timeout: float) -> Stopped:
    """The long batch on two workers, sent `signals` once both workers prove."""
    argv = [*hostile.minimax_command(), "solve", "connect4", "--batch", str(files / "long.txt"),
            "--jobs", "2"]
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "MINIMAX_NO_BOOK": "1"})
    workers: list[int] = []

    def proving() -> bool:
        workers[:] = children(child.pid)
        return len(workers) == 2 and all(cpu_ticks(pid) > 30 for pid in workers)

    wait_until(proving, timeout)
    started = time.monotonic()
    for sent in signals:
        child.send_signal(sent)
    try:
        _, err = child.communicate(timeout=timeout)
        code: int | None = child.returncode
    except subprocess.TimeoutExpired:  # its workers too: left, they hold stderr open for hours
        for pid in [child.pid, *workers]:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        _, err = child.communicate(timeout=timeout)
        code = None
    seconds = time.monotonic() - started
    wait_until(lambda: not any(running(pid) for pid in workers), 2.0)  # a watcher's moment
    return Stopped(code, seconds, [pid for pid in workers if running(pid)], err)


def signal_verdict(signals: list[signal.Signals], stopped: Stopped) -> str | None:
    if stopped.code is None:
        return "still running at the timeout"
    if "Traceback" in stopped.stderr:
        return "traceback"
    if stopped.left:
        return f"workers left running: {stopped.left}"
    if signals[0] == signal.SIGINT:
        if stopped.code != 130:
            return f"exit code {stopped.code}"
        if stopped.seconds > PROMPT_S:
            return f"{stopped.seconds:.2f} s to the prompt"
    elif stopped.code != -signals[0]:
        return f"exit code {stopped.code}"
    return None


def ctrl_c_at(setup: str) -> subprocess.CompletedProcess[str]:
    """`minimax games connect4` through the installed console script, after `setup` prepared a
    Ctrl-C at a known moment."""
    script = hostile.minimax_command()[0]
    code = (f"import os, signal, sys\n{setup}\nsys.argv = [{script!r}, 'games', 'connect4']\n"
            f"exec(compile(open({script!r}).read(), {script!r}, 'exec'))\n")
    return subprocess.run([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)


LOADING = ("class CtrlC:\n    def find_spec(self, name, path=None, target=None):\n"
           "        if name == 'typer':\n            sys.meta_path.remove(self)\n"
           "            os.kill(os.getpid(), signal.SIGINT)\n        return None\n"
           "sys.meta_path.insert(0, CtrlC())\n")
EXITING = "import atexit\natexit.register(lambda: os.kill(os.getpid(), signal.SIGINT))\n"


def early_verdict(done: subprocess.CompletedProcess[str]) -> str | None:
    if "Traceback" in done.stderr or "Exception ignored" in done.stderr:
        return "traceback"
    if done.returncode != 130:
        return f"exit code {done.returncode}"
    if len(done.stderr.strip().splitlines()) > 1:
        return "more than one line"
    return None


def sweep() -> None:
    print("\nCtrl-C after N ms of `minimax games connect4` (figures)")
    for delay in (0, 10, 20, 30, 40, 50, 75, 100, 150, 200, 300):
        child = subprocess.Popen([*hostile.minimax_command(), "games", "connect4"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        time.sleep(delay / 1000)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=120)
        where = err.strip().splitlines()[-2:-1] if "Traceback" in err else []
        print(f"  {delay:>4} ms  exit {child.returncode:>4}  "
              f"{'traceback ' + where[0].strip()[:70] if where else repr(err.strip())[:60]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S, help="seconds per run")
    parser.add_argument("--only", default="", help="run those whose name contains this")
    parser.add_argument("--sweep", action="store_true", help="add the start-up sweep's figures")
    args = parser.parse_args()
    os.environ.pop("PYTHONUNBUFFERED", None)  # stdout buffered, as a user's shell has it
    failed: list[tuple[str, str]] = []
    total = 0
    with tempfile.TemporaryDirectory() as folder:
        files = Path(folder)
        prepare(files)
        print(f"minimax: {' '.join(hostile.minimax_command())}\n")
        print(f"{'run':<58} {'exit':>4} {'secs':>6}  verdict")
        for case in (c for c in stream_cases(files) if args.only in c.name):
            outcome = hostile.run(case.argv, case.stdin, args.timeout, hostile.MEMORY_MB,
                                  case.stdin_file, case.stdout_file)
            why = hostile.verdict(case, outcome, args.timeout)
            total += 1
            _report(case.name, outcome.code, outcome.seconds, why, failed)
        for signals in ([signal.SIGINT], [signal.SIGINT, signal.SIGINT], [signal.SIGTERM],
                        [signal.SIGHUP]):
            name = "--batch FILE --jobs 2, " + " + ".join(s.name for s in signals)
            if args.only in name:
                stopped = stop_batch(files, signals, args.timeout)
                total += 1
                _report(name, stopped.code, stopped.seconds, signal_verdict(signals, stopped),
                        failed)
        for name, setup in (("Ctrl-C as Typer loads", LOADING),
                            ("Ctrl-C as Python exits after the command", EXITING)):
            if args.only in name:
                done = ctrl_c_at(setup)
                total += 1
                _report(name, done.returncode, 0.0, early_verdict(done), failed)
    if args.sweep:
        sweep()
    print(f"\n{total - len(failed)} of {total} pass")
    for name, why in failed:
        print(f"  FAIL {name}: {why}")
    return 1 if failed else 0


def _report(name: str, code: int | None, seconds: float, why: str | None,
            failed: list[tuple[str, str]]) -> None:
    shown = "kill" if code is None else str(code)
    print(f"{name[:58]:<58} {shown:>4} {seconds:>6.2f}  {'PASS' if why is None else 'FAIL: ' + why}",
          flush=True)
    if why is not None:
        failed.append((name, why))


if __name__ == "__main__":
    sys.exit(main())
