"""Processes watched through /proc (Linux): whether one still runs, its children, the processor
time it has used, and a wait for a condition. Shared by the batch-signal tests and the hostile run
of streams and signals (scripts/hostile_streams.py), which both check that no worker outlives
its batch."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state first), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rfind(")") + 2:].split()


def alive(pid: int) -> bool:
    """Running (not gone, not a zombie: an ended process nobody has reaped yet)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        fields = _stat(int(entry)) if entry.isdigit() else None
        if fields is not None and int(fields[1]) == pid:
            found.append(int(entry))
    return found


def cpu_ticks(pid: int) -> int:
    """The clock ticks of processor time `pid` has used (0 once it is gone)."""
    fields = _stat(pid)
    return 0 if fields is None else int(fields[11]) + int(fields[12])  # utime + stime


def wait_until(condition: Callable[[], bool], timeout: float) -> bool:
    """Whether `condition` came true within `timeout` seconds (polled every 20 ms)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True
