"""A hard stop for the AI's thinks in `minimax play`, behind the checks the work makes itself.

The search looks at its time budget as it goes, but not everything it calls does: a game's own
solver checks the clock only when it reports progress, and generating or ordering the moves of a
huge position is one long call. `HardStop` arms a timer signal that raises `Overtime` in whatever
runs once the deadline and a grace have passed, so a think ends close to its budget whatever the
game does. The stop works where timer signals do (POSIX, the main thread); elsewhere it does
nothing and the work's own checks are all there is.

Like Ctrl-C, the stop may land anywhere: whoever catches it keeps only results that were complete
before it (the last finished depth) and throws away state the work was updating (the caller
clears its transposition table).
"""

from __future__ import annotations

import signal
import sys
import threading
from types import FrameType, TracebackType
from typing import Any

#: The stop fires this long after the budget: 10 % of it, at least 0.1 s, at most 1 s. The search
#: normally stops itself well within this.
GRACE_SHARE = 0.1
GRACE_MIN = 0.1
GRACE_MAX = 1.0
#: A stop that landed in a finalizer (where no exception can propagate) is tried again this soon.
RETRY = 0.005


def grace(budget: float) -> float:
    return min(max(GRACE_SHARE * budget, GRACE_MIN), GRACE_MAX)


class Overtime(BaseException):
    """The hard stop fired. A BaseException, as KeyboardInterrupt is, so that no `except
    Exception` on the way swallows it."""


class HardStop:
    """`with HardStop(seconds): work()`: `Overtime` is raised in `work` after `seconds` (at most
    once); leaving the block disarms it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.armed = False
        self.fired = False
        self._previous: Any = None
        self._installed = False
        self._hook: Any = None

    @staticmethod
    def available() -> bool:
        return (hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")
                and threading.current_thread() is threading.main_thread())

    def __enter__(self) -> HardStop:
        if self.available() and self.seconds > 0:
            self._previous = signal.signal(signal.SIGALRM, self._fire)
            self._installed = self.armed = True
            self._hook, sys.unraisablehook = sys.unraisablehook, self._unraisable
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def _unraisable(self, info: Any) -> None:
        """A stop raised inside a finalizer or weakref callback cannot propagate, and Python would
        print it as a traceback: say nothing and fire again shortly, in ordinary code."""
        if isinstance(info.exc_value, Overtime):
            if self._installed:
                self.armed, self.fired = True, False
                signal.setitimer(signal.ITIMER_REAL, RETRY)
            return
        self._hook(info)

    def _fire(self, signum: int, frame: FrameType | None) -> None:
        if self.armed:  # once only, and never after the block was left
            self.armed = False
            self.fired = True
            raise Overtime

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if not self._installed:
            return
        self.armed = self._installed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        sys.unraisablehook = self._hook
        # None: the previous handler was not set from Python; the default is the closest.
        signal.signal(signal.SIGALRM, signal.SIG_DFL if self._previous is None else self._previous)


__all__ = ["GRACE_MAX", "GRACE_MIN", "GRACE_SHARE", "RETRY", "HardStop", "Overtime", "grace"]
