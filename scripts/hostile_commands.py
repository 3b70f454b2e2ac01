"""Issue 9's hostile commands, each run as a subprocess of the installed `minimax` under a time and
memory cap, with a verdict per command.

    python scripts/hostile_commands.py [--timeout 5] [--memory-mb 500] [--only TEXT] [--list]

Every command the issue lists under "Tracebacks", "Memory and time blow-ups" and "Smaller" (the
huge arguments are built here). PASS means: exit code 0 or 2, no "Traceback" in the output, at
most one line on stderr and none longer than LINE_LIMIT characters, finished within the timeout
and within the address-space cap (set with setrlimit before the command starts; a run that needs
more fails with MemoryError), plus the command's own check where it has one. The peak resident
memory is read from the process's own rusage (os.wait4). tests/cli/test_limits.py runs the same
list with generous timeouts. Exit code 1 when a command fails.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

#: The longest stderr line a PASS allows: the CLI's ERROR_LIMIT, `error: ` and any
#: `(see ... --help)` pointer included (issue 20).
LINE_LIMIT = 400
TIMEOUT_S = 5.0
#: `Case.stdout_file` for a pipe whose reader has gone (`minimax games | head -c 10`).
CLOSED_PIPE = "closed pipe"
#: `Case.stdin_file` for a command started with stdin closed (`<&-`).
CLOSED_STDIN = "closed stdin"
#: `Case.stdout_file` for a command started with stdout closed (`>&-`).
CLOSED_STDOUT = "closed stdout"
MEMORY_MB = 500

#: A chance node of 10,000 outcomes (issue 20, defect 12), too long for an argument: on stdin.
WIDE_CHANCE = json.dumps({"chance": [["1/10000", i % 7] for i in range(10000)]})

Check = Callable[[str, str], "str | None"]  # (stdout, stderr) -> why it failed, or None


@dataclass(frozen=True)
class Case:
    """One command: its group in the issue, a short name, argv after `minimax`, stdin text."""

    group: str
    name: str
    argv: tuple[str, ...]
    stdin: str | None = None
    check: Check | None = None
    #: Which helper's change it waits for, when it is not the command line's to fix.
    owner: str = ""
    #: A file read as stdin instead of `stdin` (/dev/zero: a line that never ends).
    stdin_file: str | None = None
    #: Where stdout goes instead of a file read back: /dev/full, or CLOSED_PIPE.
    stdout_file: str | None = None
    #: The exit codes a PASS allows.
    codes: tuple[int, ...] = (0, 2)
    #: The most lines stderr may hold (a batch adds its summary to the line refused).
    stderr_lines: int = 1


@dataclass(frozen=True)
class Outcome:
    code: int | None  # None: killed at the timeout
    seconds: float
    max_rss_mb: float
    stdout: str
    stderr: str

    @property
    def stderr_lines(self) -> list[str]:
        return self.stderr.splitlines()


# --- the commands ---------------------------------------------------------------------------------
def digits(n: int, first: str = "9") -> str:
    return first + "9" * (n - 1)


def contains(text: str, where: str = "stderr") -> Check:
    def check(out: str, err: str) -> str | None:
        return None if text in (err if where == "stderr" else out) else f"{text!r} not in {where}"
    return check


def lacks(text: str) -> Check:
    def check(out: str, err: str) -> str | None:
        return f"{text!r} in the output" if text in out + err else None
    return check


def nodes_searched(limit: int) -> Check:
    def check(out: str, err: str) -> str | None:
        try:
            nodes = json.loads(out)["stats"]["nodes"]
        except (ValueError, KeyError, TypeError):
            return "no JSON with stats.nodes on stdout"
        return None if nodes <= limit else f"{nodes:,} nodes searched, budget {limit:,}"
    return check


def finite_json(out: str, err: str) -> str | None:
    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")
    try:
        json.loads(out, parse_constant=refuse)
    except ValueError as error:
        return f"stdout is not JSON: {error}"
    return None


def flat_tree(files: Path) -> Path:
    return files / "flat-tree.json"


def prepare(files: Path) -> None:
    """Write the position files the commands read into the directory `files`."""
    flat_tree(files).write_text("[" + ",".join(["1"] * 999_999) + "]")  # the issue's: 2 MB


def cases(files: Path) -> list[Case]:
    """The issue's commands; `files` is the directory `prepare` wrote their position files to."""
    flat = flat_tree(files)  # 999,999 leaves
    binary = Path(sys.executable).resolve()  # any executable is a binary file
    labelled = '[{"label":"[/]","value":1},2]'
    big_bound = "1" + "0" * 300
    take_1000 = ",".join(str(i) for i in range(1, 1001))
    heaps_1000 = ",".join(["1"] * 1000)
    t, m, s = "Tracebacks", "Memory and time blow-ups", "Smaller"
    play_helper, tree_helper = "play session", "tree sizes"
    nim_helper, bones_helper = "Nim sizes", "bones take sets"
    return [
        Case(t, "solve [/]", ("solve", "[/]"), check=contains("'[/]'")),
        Case(t, "analyze tictactoe [/]", ("analyze", "tictactoe", "[/]"), check=contains("'[/]'")),
        Case(t, "--algorithm [/]", ("analyze", "tictactoe", "--algorithm", "[/]"),
             check=contains("'[/]'")),
        Case(t, "--eval [/]", ("analyze", "tictactoe", "--eval", "[/]"), check=contains("'[/]'")),
        Case(t, "games [/]", ("games", "[/]"), check=contains("'[/]'")),
        Case(t, "analyze tree label [/]", ("analyze", "tree", labelled), check=contains("[/]", "stdout")),
        Case(t, "solve tree label [/]", ("solve", "tree", labelled), check=contains("[/]", "stdout")),
        Case(t, "analyze tictactoe [red]hello", ("analyze", "tictactoe", "[red]hello"),
             check=contains("[red]hello")),
        Case(t, "analyze bones 5,000-digit heap", ("analyze", "bones", digits(5000))),
        Case(t, "analyze tree 4,401-digit leaf", ("analyze", "tree", f"[1,{digits(4401)}]"),
             owner=tree_helper),
        Case(t, "analyze tree 10**400", ("analyze", "tree", "[1" + "0" * 400 + "]"), owner=tree_helper),
        Case(t, "analyze tree random bounds 10**300",
             ("analyze", "tree", f"random:low={big_bound},high={big_bound}5"), owner=tree_helper),
        Case(t, "analyze tree random bounds 10**300 --json",
             ("analyze", "tree", f"random:low={big_bound},high={big_bound}5", "--json"),
             owner=tree_helper),
        Case(t, "analyze tree BINARY-FILE", ("analyze", "tree", str(binary)),
             check=contains("is not UTF-8 text")),
        Case(t, "solve bones BINARY-FILE", ("solve", "bones", str(binary)),
             check=contains("is not UTF-8 text")),
        Case(t, "analyze tictactoe --depth 0 --time 1", ("analyze", "tictactoe", "--depth", "0",
                                                         "--time", "1")),
        Case(t, "solve bones --n 10**8 --take 10**30",
             ("solve", "bones", "--n", "100000000", "--take", "1" + "0" * 30), owner=bones_helper),
        Case(t, "solve bones --take 10**30 --upto 10",
             ("solve", "bones", "--take", "1" + "0" * 30, "--upto", "10"), owner=bones_helper),
        Case(t, "play --watch --delay inf", ("play", "--watch", "--delay", "inf"),
             check=contains("--delay")),
        Case(t, "play --watch --delay 1e308", ("play", "--watch", "--delay", "1e308"),
             check=contains("--delay")),
        Case(t, "play: a 5,000-digit move (tictactoe)", ("play", "--no-review"),
             stdin=digits(5000) + "\nquit\n", owner=play_helper),
        Case(t, "play: a 5,000-digit move (bones)", ("play", "bones", "--no-review"),
             stdin=digits(5000) + "\nquit\n", owner=play_helper),
        Case(t, "play: a move 1:999... (nim)", ("play", "nim", "--no-review"),
             stdin="1:" + digits(5000) + "\nquit\n", owner=play_helper),
        Case(t, "play: a 5,000-digit move (tree)", ("play", "tree", "--no-review"),
             stdin=digits(5000) + "\nquit\n", owner=play_helper),
        Case(t, "play: a coordinate a999...", ("play", "--no-review"),
             stdin="a" + digits(5000) + "\nquit\n", owner=play_helper),
        Case(t, "play: ² in a tree game", ("play", "tree", "--no-review"), stdin="²\nquit\n",
             owner=play_helper),
        Case(m, "analyze nim 1000000000", ("analyze", "nim", "1000000000"), owner=nim_helper),
        Case(m, "solve nim 10**18", ("solve", "nim", "10**18"), owner=nim_helper),
        Case(m, "analyze nim 3000", ("analyze", "nim", "3000"), owner=nim_helper),
        Case(m, "analyze nim (1,000 heaps of 1)", ("analyze", "nim", heaps_1000), owner=nim_helper),
        Case(m, "analyze nim (1,000 heaps of 1) --nodes 1000",
             ("analyze", "nim", heaps_1000, "--nodes", "1000"), owner=nim_helper),
        Case(m, "solve bones --n 20000000 --take 100000",
             ("solve", "bones", "--n", "20000000", "--take", "100000"), owner=bones_helper),
        Case(m, "solve bones --n 5 --take 100000 --upto 10",
             ("solve", "bones", "--n", "5", "--take", "100000", "--upto", "10"), owner=bones_helper),
        Case(m, "solve bones --take 1..1000 --n 10000000",
             ("solve", "bones", "--take", take_1000, "--n", "10000000"), owner=bones_helper),
        Case(m, "analyze tree (999,999 leaves) --json", ("analyze", "tree", str(flat), "--json"),
             owner=tree_helper),
        Case(m, "analyze tree (999,999 leaves) --compare", ("analyze", "tree", str(flat), "--compare"),
             owner=tree_helper),
        Case(m, "play: hint on an empty 5x5 k=4 board, --level weak",
             ("play", "tictactoe", "--rows", "5", "--cols", "5", "--k", "4", "--level", "weak",
              "--no-review"), stdin="hint\nquit\n", owner=play_helper),
        Case(s, "analyze tictactoe --nodes 1", ("analyze", "tictactoe", "--nodes", "1", "--json"),
             check=nodes_searched(1)),
        Case(s, "analyze tictactoe --cols 4,400 digits", ("analyze", "tictactoe", "--cols", digits(4400)),
             check=lacks("set_int_max_str_digits"), owner="tictactoe's parameters (lead)"),
        Case(s, "analyze tictactoe with a 5,000-digit position", ("analyze", "tictactoe", digits(5000))),
        Case(s, "solve $'\\n'", ("solve", "\n"), check=contains("'\\n'")),
        Case(s, "analyze nim 1,2 --time 0.5", ("analyze", "nim", "1,2", "--time", "0.5"),
             check=lacks("--depth")),
        Case(s, "analyze --compare --algorithm bogus",
             ("analyze", "tictactoe", "--compare", "--algorithm", "bogus"),
             check=contains("unknown algorithm 'bogus'")),
        # issue 20
        Case(t, "analyze tree [[1e308]] -a mcts", ("analyze", "tree", "[[1e308]]", "-a", "mcts")),
        Case(t, "analyze tree [[1e308]] -a mcts --iterations 10",
             ("analyze", "tree", "[[1e308]]", "-a", "mcts", "--iterations", "10")),
        Case(t, "analyze tree [[1e308,-1e308],[5]] --compare --nodes 100",
             ("analyze", "tree", "[[1e308,-1e308],[5]]", "--compare", "--nodes", "100", "--json"),
             check=finite_json),
        Case(s, "analyze tree [1e308,-1e308] -a mcts --json --nodes 100",
             ("analyze", "tree", "[1e308,-1e308]", "-a", "mcts", "--json", "--nodes", "100"),
             check=finite_json),
        Case(t, "play < /dev/zero", ("play",), stdin_file="/dev/zero", check=contains("line 1: ")),
        Case(t, "analyze tree @abcd --quiz < /dev/zero", ("analyze", "tree", "@abcd", "--quiz"),
             stdin_file="/dev/zero", check=contains("line 1: ")),
        Case(t, "solve connect4 --batch - < /dev/zero", ("solve", "connect4", "--batch", "-"),
             stdin_file="/dev/zero", stderr_lines=2,
             check=contains("line 1: the line is longer than")),
        Case(t, "analyze tree (a chance node of 10,000 outcomes) --tree --trace",
             ("analyze", "tree", "-", "--tree", "--trace", "--nodes", "20000"),
             stdin=WIDE_CHANCE, check=contains("4,960 more searched moves not drawn", "stdout")),
        Case(t, "analyze tree (a chance node of 10,000 outcomes) --trace -a expectiminimax",
             ("analyze", "tree", "-", "--trace", "-a", "expectiminimax", "--nodes", "20000"),
             stdin=WIDE_CHANCE, check=contains("the step limit (200) was reached", "stdout")),
        Case(s, "analyze tree [1] --quiz, answer ESC[2J", ("analyze", "tree", "[1]", "--quiz"),
             stdin="\x1b[2J\n", check=lacks("\x1b")),
        Case(s, "analyze tictactoe with 47 rows of X/", ("analyze", "tictactoe", "X/" * 47)),
        Case(s, "analyze tictactoe /proc/self/maps", ("analyze", "tictactoe", "/proc/self/maps")),
        Case(s, "analyze tictactoe with 212 leading spaces",
             ("analyze", "tictactoe", " " * 212 + "X")),
        Case(t, "games > /dev/full", ("games",), stdout_file="/dev/full", codes=(1,),
             check=contains("No space left on device")),
        Case(t, "analyze --json > /dev/full", ("analyze", "tictactoe", "--json"),
             stdout_file="/dev/full", codes=(1,), check=contains("No space left on device")),
        Case(t, "games | (a closed pipe)", ("games",), stdout_file=CLOSED_PIPE, codes=(0,),
             check=lambda out, err: f"stderr {err!r}" if err else None),
        Case(t, "analyze tictactoe | (a closed pipe)", ("analyze", "tictactoe"),
             stdout_file=CLOSED_PIPE, codes=(0,),
             check=lambda out, err: f"stderr {err!r}" if err else None),
        Case(t, "play --no-review <&- (stdin closed)", ("play", "--no-review"),
             stdin_file=CLOSED_STDIN, check=contains("bye", "stdout")),
        Case(s, "analyze tree labels A, A, 1",
             ("analyze", "tree", '[{"label":"A","value":1},{"label":"A","value":2},'
              '{"label":"1","value":3}]', "--json"), owner=tree_helper),
    ]


# --- running one ----------------------------------------------------------------------------------
def minimax_command() -> list[str]:
    """The console script installed beside this interpreter, else the one on PATH."""
    script = Path(sys.executable).with_name("minimax")
    if script.is_file():
        return [str(script)]
    found = shutil.which("minimax")
    return [found] if found else [sys.executable, "-m", "minimax_cli"]


def run(argv: Sequence[str], stdin: str | None = None, timeout: float = TIMEOUT_S,
        memory_mb: int = MEMORY_MB, stdin_file: str | None = None,
        stdout_file: str | None = None) -> Outcome:
    """`minimax *argv` with `stdin` (else the file `stdin_file`, else an empty stdin, not a
    terminal), its stdout to `stdout_file` (CLOSED_PIPE: a pipe nobody reads) when given, its
    address space capped at `memory_mb`; killed at `timeout` seconds. Peak memory from the
    child's own rusage."""
    limit = memory_mb * 2**20

    closed_stdin = stdin_file == CLOSED_STDIN
    closed_stdout = stdout_file == CLOSED_STDOUT

    def cap() -> None:  # in the child, before the command starts
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        if closed_stdin:
            os.close(0)
        if closed_stdout:
            os.close(1)

    env = {**os.environ, "COLUMNS": "100", "PYTHONIOENCODING": "utf-8"}
    with tempfile.TemporaryFile() as source, tempfile.TemporaryFile() as out, \
            tempfile.TemporaryFile() as err:
        source.write((stdin or "").encode("utf-8", "surrogateescape"))
        source.seek(0)
        started = time.perf_counter()
        given = (open(stdin_file, "rb") if stdin_file is not None and not closed_stdin  # noqa: SIM115
                 else source)
        target = out.fileno()
        if stdout_file == CLOSED_PIPE:
            read_end, target = os.pipe()
            os.close(read_end)
        elif stdout_file is not None and not closed_stdout:
            target = os.open(stdout_file, os.O_WRONLY)
        with given:
            child = subprocess.Popen([*minimax_command(), *argv], stdin=given, stdout=target,
                                     stderr=err, env=env, preexec_fn=cap)
        if stdout_file is not None and not closed_stdout:
            os.close(target)
        code: int | None = None
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.perf_counter() - started > timeout:
                child.kill()
                _, _, usage = os.wait4(child.pid, 0)
                break
            time.sleep(0.005)
        seconds = time.perf_counter() - started
        child.returncode = -1 if code is None else code  # reaped here, not by Popen
        out.seek(0)
        err.seek(0)
        return Outcome(code, seconds, usage.ru_maxrss / 1024,
                       out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"))


def verdict(case: Case, outcome: Outcome, timeout: float = TIMEOUT_S,
            memory_mb: int = MEMORY_MB) -> str | None:
    """Why `outcome` fails the promise, or None when it passes."""
    if outcome.code is None:
        return f"still running after {timeout:g} s"
    if "Traceback" in outcome.stdout + outcome.stderr:
        last = outcome.stderr_lines[-1] if outcome.stderr_lines else ""
        return f"traceback: {last[:120]}"
    if outcome.code not in case.codes:
        return f"exit code {outcome.code}"
    if len(outcome.stderr_lines) > case.stderr_lines:
        return f"{len(outcome.stderr_lines)} lines on stderr"
    longest = max(map(len, outcome.stderr_lines), default=0)
    if longest > LINE_LIMIT:
        return f"an error line of {longest:,} characters"
    if outcome.max_rss_mb > memory_mb:
        return f"{outcome.max_rss_mb:,.0f} MB resident"
    return None if case.check is None else case.check(outcome.stdout, outcome.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S, help="seconds per command")
    parser.add_argument("--memory-mb", type=int, default=MEMORY_MB, help="address-space cap")
    parser.add_argument("--only", default="", help="run the commands whose name contains this")
    parser.add_argument("--list", action="store_true", help="list the commands and exit")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        chosen = [c for c in cases(Path(folder)) if args.only in c.name]
        if args.list:
            for case in chosen:
                print(f"{case.group:<26} {case.name}")
            return 0
        prepare(Path(folder))
        print(f"minimax: {' '.join(minimax_command())}; timeout {args.timeout:g} s, address space "
              f"{args.memory_mb} MB\n")
        print(f"{'command':<52} {'exit':>4} {'secs':>6} {'RSS MB':>7} {'err':>3} {'chars':>5}  "
              "verdict")
        failed: list[tuple[Case, str]] = []
        group = ""
        for case in chosen:
            if case.group != group:
                group = case.group
                print(f"-- {group}")
            outcome = run(case.argv, case.stdin, args.timeout, args.memory_mb, case.stdin_file,
                          case.stdout_file)
            why = verdict(case, outcome, args.timeout, args.memory_mb)
            code = "kill" if outcome.code is None else str(outcome.code)
            chars = max(map(len, outcome.stderr_lines), default=0)
            word = "PASS" if why is None else f"FAIL: {why}"
            print(f"{case.name[:52]:<52} {code:>4} {outcome.seconds:>6.2f} "
                  f"{outcome.max_rss_mb:>7.0f} {len(outcome.stderr_lines):>3} {chars:>5}  {word}",
                  flush=True)
            if why is not None:
                failed.append((case, why))
    print(f"\n{len(chosen) - len(failed)} of {len(chosen)} pass")
    for case, why in failed:
        waits = f" (waits for: {case.owner})" if case.owner else ""
        print(f"  FAIL {case.name}{waits}: {why}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
