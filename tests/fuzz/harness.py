"""One fuzz case run in process, the way the installed `minimax` runs it, under a guard.

A command line goes through `minimax_cli.cli.app.main` (the console script's entry, which turns usage
errors into exit code 2) inside Typer's test runner isolation, so stdin, stdout and stderr are
captured and `sys.exit` gives the exit code. A play session goes through
`interactive.play_session` with prompt-toolkit's pipe input (as at a terminal) or a stream of lines
(as when stdin is not a terminal).

The guard measures and bounds each case:
- time: wall clock per case; past HARD_STOP seconds a signal stops the case (CaseTimeout), so a
  hang is reported instead of stalling the run.
- memory: the peak resident set during the case (VmHWM, reset before the case through
  /proc/self/clear_refs) minus the resident set before it. tracemalloc would count only Python's
  allocations and slows some solvers a hundredfold. Where the kernel refuses the reset, the growth of
  ru_maxrss is used (it sees only new process-wide peaks). The address space is capped at its size
  before the case plus ADDRESS_HEADROOM, so a runaway allocation fails with MemoryError in the case
  instead of exhausting a shared machine.
- Ctrl-C: a case may ask for SIGINT after a delay, as a user would (Watchdog).
"""

from __future__ import annotations

import contextlib
import io
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

#: A case slower than this many seconds is a failure (the issue asks for 5 s; twice that on a
#: loaded two-core machine).
TIME_CAP = 10.0
#: A case still running after this many seconds is stopped.
HARD_STOP = 12.0
#: Peak resident memory a case may add, in MiB, beyond the transposition table it asked for.
MEMORY_CAP_MB = 500.0
#: Address space a case may add before allocations fail with MemoryError.
ADDRESS_HEADROOM = 3 * 2**30
ENV = {"COLUMNS": "100", "LINES": "40", "FORCE_COLOR": None, "NO_COLOR": "1"}


class CaseTimeout(BaseException):
    """Raised in a case that runs past HARD_STOP (a BaseException: no `except Exception` eats it)."""


@dataclass(frozen=True)
class CliCase:
    """`minimax ARGV...` with `stdin`; Ctrl-C after `interrupt_after` seconds when set."""

    category: str
    argv: tuple[str, ...]
    stdin: bytes | None = None
    interrupt_after: float | None = None


@dataclass(frozen=True)
class PlayCase:
    """A play session of `game` (parameters as text) from `start` (position text, None: the
    game's start), with `make_config` keywords `options`, fed `keys`: typed through
    prompt-toolkit's pipe, or read as lines when `scripted`."""

    category: str
    game: str
    params: tuple[tuple[str, str], ...]
    start: str | None
    options: tuple[tuple[str, Any], ...]
    keys: str
    scripted: bool
    interrupt_after: float | None = None


@dataclass
class Outcome:
    """What a case did: exit code (None when an exception escaped), output, time and memory."""

    code: int | None = None
    stdout: str = ""
    stderr: str = ""
    error: BaseException | None = None
    seconds: float = 0.0
    memory_mb: float = 0.0
    leaked: str = ""  # text written to the real stdout/stderr around a session's consoles
    interrupted: bool = False  # the Ctrl-C asked for was delivered
    notes: list[str] = field(default_factory=list)


# --- the guard ---------------------------------------------------------------------------------
def _status_kb(key: str) -> int | None:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _reset_peak() -> bool:
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
            refs.write("5")
    except OSError:
        return False
    return _status_kb("VmHWM") is not None


def memory_method() -> str:
    return ("peak RSS (VmHWM reset per case via /proc/self/clear_refs) minus RSS before the case"
            if _reset_peak() else "growth of ru_maxrss (new process-wide peaks only)")


#: Functions run by the garbage collector or a weak reference: an exception raised there is
#: printed as "Exception ignored" and dropped.
_CALLBACKS = frozenset({"_remove", "gc_callback", "__del__", "_cleanup", "remove", "callback"})


class Watchdog:
    """Signals for the case from a thread: SIGINT `after` seconds in (a user's Ctrl-C) and
    SIGUSR1 at HARD_STOP (raising CaseTimeout). Real signals, so a sleep is cut short too (the
    product itself installs no signal handler of its own). Each raises only while the case runs
    (`armed`), so one landing as the case returns cannot escape into the harness; one landing
    in a garbage-collector or weak-reference callback is sent again a moment later."""

    def __init__(self, after: float | None) -> None:
        self.after = after
        self.armed = False
        self.delivered = False  # the case was sent Ctrl-C while it ran
        self.dropped = False  # the last signal landed in a callback
        self.done = threading.Event()
        self.main = threading.main_thread().ident
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        assert self.main is not None
        started = time.monotonic()
        plan = [(self.after, signal.SIGINT)] if self.after is not None else []
        for at, signum in [*plan, (HARD_STOP, signal.SIGUSR1)]:
            if self.done.wait(max(0.0, started + at - time.monotonic())):
                return
            while True:
                self.dropped = False
                if signum == signal.SIGINT:
                    # prompt-toolkit handles SIGINT itself while it prompts: sent is delivered.
                    self.delivered = self.delivered or self.armed
                signal.pthread_kill(self.main, signum)
                if self.done.wait(0.01) or not self.dropped:
                    break

    def _dropped(self, frame: FrameType | None) -> bool:
        if frame is not None and frame.f_code.co_name in _CALLBACKS:
            self.dropped = True
        return self.dropped

    def on_sigint(self, signum: int, frame: FrameType | None) -> None:
        if self.armed and not self._dropped(frame):
            raise KeyboardInterrupt

    def on_stop(self, signum: int, frame: FrameType | None) -> None:
        if self.armed and not self._dropped(frame):
            raise CaseTimeout(f"stopped after {HARD_STOP:g} s")

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.armed = False
        self.done.set()
        if self.thread.ident is not None:
            self.thread.join()


@contextlib.contextmanager
def guarded(outcome: Outcome, interrupt_after: float | None) -> Iterator[Watchdog]:
    """Time, memory and Ctrl-C around one case; fills outcome.seconds, memory_mb, interrupted.
    The case arms the yielded watchdog while it runs (see `call`)."""
    rss_before = _status_kb("VmRSS") or 0
    exact_peak = _reset_peak()
    maxrss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    limit = resource.getrlimit(resource.RLIMIT_AS)
    size = _status_kb("VmSize")
    if size is not None:
        soft = size * 1024 + ADDRESS_HEADROOM
        if limit[1] != resource.RLIM_INFINITY:
            soft = min(soft, limit[1])
        resource.setrlimit(resource.RLIMIT_AS, (soft, limit[1]))
    watchdog = Watchdog(interrupt_after)
    in_main = threading.current_thread() is threading.main_thread()
    if in_main:
        previous_int = signal.signal(signal.SIGINT, watchdog.on_sigint)
        previous_usr1 = signal.signal(signal.SIGUSR1, watchdog.on_stop)
    started = time.perf_counter()
    try:
        yield watchdog
    finally:
        outcome.seconds = time.perf_counter() - started
        watchdog.stop()
        outcome.interrupted = watchdog.delivered
        if in_main:
            signal.signal(signal.SIGINT, previous_int)
            signal.signal(signal.SIGUSR1, previous_usr1)
        resource.setrlimit(resource.RLIMIT_AS, limit)
        if exact_peak:
            peak = _status_kb("VmHWM") or rss_before
        else:
            maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            peak = maxrss if maxrss > maxrss_before else rss_before
        outcome.memory_mb = max(0, peak - rss_before) / 1024


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    return code if isinstance(code, int) else 1


def call(outcome: Outcome, watchdog: Watchdog, target: Callable[[], int | None]) -> None:
    """Run the case's `target`, recording its exit code (its return value or SystemExit's) or
    the exception that escaped it."""
    watchdog.start()
    try:
        try:
            watchdog.armed = True
            code = target()
            outcome.code = _exit_code(code)
        finally:
            watchdog.armed = False
    except SystemExit as exit_:
        outcome.code = _exit_code(exit_.code)
    except BaseException as error:  # the case's own failure, reported by the checks
        outcome.error = error


# --- command lines -----------------------------------------------------------------------------
def run_cli(case: CliCase) -> Outcome:
    """Run `minimax ARGV` as the console script would, in this process."""
    from typer.testing import CliRunner

    from minimax_cli.cli import app as cli

    outcome = Outcome()
    saved_argv = sys.argv
    with CliRunner().isolation(input=case.stdin, env=ENV) as streams:
        sys.argv = ["minimax", *case.argv]
        try:
            with guarded(outcome, case.interrupt_after) as watchdog:
                call(outcome, watchdog, cli.main)
        finally:
            sys.argv = saved_argv
            sys.stdout.flush()
            sys.stderr.flush()
        outcome.stdout = streams[0].getvalue().decode("utf-8", "replace")
        outcome.stderr = streams[1].getvalue().decode("utf-8", "replace")
    return outcome


# --- play sessions -----------------------------------------------------------------------------
def run_play(case: PlayCase) -> Outcome:
    """Run one play session on the case's keys; the game and config are set up outside the guard
    (their errors are the strategy's, not the session's)."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from rich.console import Console

    from minimax_cli import registry
    from minimax_cli.play import session as interactive

    game = registry.create(case.game, dict(case.params))
    start = None if case.start is None else game.parse_position(case.start)
    config = interactive.make_config(game, start=start, **dict(case.options))
    out, err, leaked = io.StringIO(), io.StringIO(), io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    errors = Console(file=err, width=100, color_system=None)
    outcome = Outcome()
    with (contextlib.redirect_stdout(leaked), contextlib.redirect_stderr(leaked),
          create_pipe_input() as pipe, guarded(outcome, case.interrupt_after) as watchdog):
        if case.scripted:
            lines = io.StringIO(case.keys)
            call(outcome, watchdog, lambda: interactive.play_session(
                game, config, console=console, stdin=lines, errors=errors,
                sleep=lambda seconds: None))
        else:
            pipe.send_text(case.keys)
            pipe.close()
            call(outcome, watchdog, lambda: interactive.play_session(
                game, config, console=console, input=pipe, output=DummyOutput(),
                errors=errors, sleep=lambda seconds: None))
    outcome.stdout, outcome.stderr, outcome.leaked = out.getvalue(), err.getvalue(), leaked.getvalue()
    return outcome


def run(case: CliCase | PlayCase) -> Outcome:
    return run_cli(case) if isinstance(case, CliCase) else run_play(case)


__all__ = ["ENV", "HARD_STOP", "MEMORY_CAP_MB", "TIME_CAP", "CaseTimeout", "CliCase", "Outcome",
           "PlayCase", "Watchdog", "call", "guarded", "memory_method", "run", "run_cli", "run_play"]
