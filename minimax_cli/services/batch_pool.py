"""Batch lines proven by workers in chunks, the answers handed back in the input's order.

The unit of work is a chunk of consecutive input lines: a task's cost (sending the chunk, the
answers back, waking the caller) is paid once per chunk, not per line. Each worker keeps one
line answerer (`Answering.start`: a `LineProver`, one table within --table-mb, or a suite's
scorer) for the whole run and proves each line with it emptied, so a line's score and node
count do not depend on which worker proved it, with what before it, or how the lines were
chunked. At most two chunks per worker are out at once: the input is read as the work goes,
and a killed run loses at most the chunks out. Workers here are local processes
(`concurrent.futures`) or the caller itself (one job); cluster.py adds Ray's.

Local workers never outlive the run. Ctrl-C reaches the whole terminal's process group, but it is
the caller's to handle (the workers ignore it): a stopped run terminates its workers, mid-proof,
and so gives the prompt back at once instead of when their chunks end. A caller killed outright
(SIGTERM, SIGHUP, SIGKILL) cannot do so: each worker watches for its parent to go and ends then.
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Generic, Protocol, TypeVar

from minimax_cli.reports.batch import BatchLine
from minimax_cli.services.batch import Answering

#: An input line to prove: its number, its text, whether it was cut at MAX_LINE.
Item = tuple[int, str, bool]
#: Consecutive input lines proven by one task (a tuple: a list is answers already known).
Chunk = tuple[Item, ...]

#: Seconds of proving per chunk aimed at. Measured (2,000 lines of a 0.1 ms position, 2 workers,
#: machine loaded): a task costs about 0.5 ms with local processes and 1.1 ms with Ray, so 0.2 s
#: keeps that under 1 %, while a killed run loses at most 0.2 s per chunk out, and two workers
#: end within 0.2 s of each other. A line's time varies 10,000-fold between Pons' sets (0.1 ms to
#: seconds), so no fixed count of lines fits them all: the count follows the mean time per line
#: seen so far (`chunk_size`), one line per chunk until a time is known and for lines that long.
CHUNK_SECONDS = 0.2
#: The most lines in a chunk (lines of microseconds: the answers of a chunk come back together).
MAX_CHUNK = 256


def chunk_size(mean_seconds: float) -> int:
    """Lines per chunk for lines taking `mean_seconds` each (0: none timed yet)."""
    if mean_seconds <= 0:
        return 1
    return max(1, min(MAX_CHUNK, round(CHUNK_SECONDS / mean_seconds)))


Handle = TypeVar("Handle")


class Workers(Protocol, Generic[Handle]):
    """Where chunks are proven: `ahead` chunks out at once (enough to keep every worker busy
    while the caller takes an answer; no more, so that a kill loses little)."""

    ahead: int

    def submit(self, chunk: Chunk) -> Handle: ...

    def finished(self, handles: list[Handle]) -> list[Handle]:
        """Waits until at least one of `handles` is done; those done."""

    def result(self, handle: Handle) -> list[BatchLine]: ...

    def close(self, finished: bool) -> None: ...


class WorkersLost(RuntimeError):
    """A chunk could not be proven even after its retries (a worker died each time)."""


class InProcess:
    """One job: the caller proves each chunk itself, when it is submitted."""

    ahead = 1

    def __init__(self, answering: Answering) -> None:
        self.prove = answering.start()

    def submit(self, chunk: Chunk) -> list[BatchLine]:
        return [self.prove(item) for item in chunk]

    def finished(self, handles: list[list[BatchLine]]) -> list[list[BatchLine]]:
        return handles

    def result(self, handle: list[BatchLine]) -> list[BatchLine]:
        return handle

    def close(self, finished: bool) -> None:
        pass


_worker: Callable[[Item], BatchLine] | None = None

#: Seconds between a worker's checks that its parent is still there: how long a worker may
#: outlive a parent killed outright.
PARENT_CHECK_SECONDS = 0.2


def _parent_gone(parent: int, starter: int) -> bool:
    """Whether the process that started this worker is gone: the worker's parent changed (it
    was adopted), or the starter no longer exists (a start method with a server between them)."""
    if os.getppid() != parent:
        return True
    try:
        os.kill(starter, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # another user's process: the starter's pid, taken again
        return True
    return False


def _die_with_parent(starter: int) -> None:
    """In a worker: end it (at once, mid-proof) once its parent is gone (POSIX: elsewhere
    os.kill does not ask, it kills)."""
    if os.name != "posix":
        return
    parent = os.getppid()

    def watch() -> None:
        while not _parent_gone(parent, starter):
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _start_worker(answering: Answering, starter: int) -> None:
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _die_with_parent(starter)
    _worker = answering.start()


def _prove_chunk(chunk: Chunk) -> list[BatchLine]:
    assert _worker is not None
    return [_worker(item) for item in chunk]


class LocalProcesses:
    """`jobs` local processes, each with its own prover."""

    def __init__(self, answering: Answering, jobs: int) -> None:
        self.ahead = 2 * jobs
        self.pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=jobs, initializer=_start_worker,
            initargs=(answering, os.getpid()))

    def submit(self, chunk: Chunk) -> concurrent.futures.Future[list[BatchLine]]:
        return self.pool.submit(_prove_chunk, chunk)

    def finished(self, handles: list[concurrent.futures.Future[list[BatchLine]]],
                 ) -> list[concurrent.futures.Future[list[BatchLine]]]:
        done, _ = concurrent.futures.wait(handles, return_when=concurrent.futures.FIRST_COMPLETED)
        return [handle for handle in handles if handle in done]

    def result(self, handle: concurrent.futures.Future[list[BatchLine]]) -> list[BatchLine]:
        try:
            return handle.result()
        except concurrent.futures.process.BrokenProcessPool as error:
            raise WorkersLost(str(error)) from error

    def close(self, finished: bool) -> None:
        # Wait for the pool's manager thread to close its pipes before the interpreter exits.
        # Left running (wait=False), it closed them while exit woke it through them (Python
        # 3.11's _python_exit, unlocked): "Exception ignored ... Bad file descriptor" in about 1
        # run in 6. Interrupted (Ctrl-C, a closed stdout): the workers are terminated first, so
        # that this wait is not for their long proofs (27 s seen), and a second Ctrl-C meanwhile
        # cannot cut the stopping short and leave them running.
        if finished:
            self.pool.shutdown(wait=True)
            return
        with _ctrl_c_ignored():
            self._terminate_workers()
            self.pool.shutdown(wait=True, cancel_futures=True)

    def _terminate_workers(self) -> None:
        """SIGTERM to every worker (they keep its default: they end at once, even mid-proof).
        `concurrent.futures` names its processes only privately before Python 3.14's
        `terminate_workers`, which also shuts the pool down without waiting for its thread."""
        processes = getattr(self.pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.terminate()


@contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """Ctrl-C ignored within the block, where Python lets a program choose (its main thread):
    for the moment workers take to stop."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)


class _Slot(Generic[Handle]):
    """A place in the output: answers known already, or a chunk being proven."""

    def __init__(self, handle: Handle | None, lines: list[BatchLine] | None) -> None:
        self.handle, self.lines = handle, lines


def in_order(units: Iterable[list[BatchLine] | Chunk], workers: Workers[Handle],
             proven: Callable[[list[BatchLine]], None]) -> Iterator[BatchLine]:
    """The answers of every unit in the units' order. A unit is a list of answers already known
    or a chunk to prove; `proven` is called with each chunk's answers as soon as they come,
    whatever their order (the answers file takes them so)."""
    slots: deque[_Slot[Handle]] = deque()
    source = iter(units)
    exhausted = False
    while True:
        while not exhausted and sum(slot.lines is None for slot in slots) < workers.ahead:
            unit = next(source, None)
            if unit is None:
                exhausted = True
            elif isinstance(unit, tuple):
                slots.append(_Slot(workers.submit(unit), None))
            else:
                slots.append(_Slot(None, unit))
        if not slots:
            return
        if slots[0].lines is None:
            out = [(slot, slot.handle) for slot in slots if slot.handle is not None
                   and slot.lines is None]
            done = workers.finished([handle for _, handle in out])
            for slot, handle in out:
                if any(handle is finished for finished in done):
                    slot.lines = workers.result(handle)
                    proven(slot.lines)
        while slots and slots[0].lines is not None:
            lines = slots.popleft().lines
            assert lines is not None
            yield from lines


__all__ = ["CHUNK_SECONDS", "MAX_CHUNK", "Chunk", "InProcess", "Item", "LocalProcesses", "Workers",
           "WorkersLost", "chunk_size", "in_order"]
