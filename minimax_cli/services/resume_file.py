"""A file a run appends its results to, one line each, and a rerun reads back: `solve --batch`'s
`--out` and `book build`'s work file. Opened once for the whole run, checked, locked, read within
bounds, before any work starts.

Why each step:
- Only a regular file (or a new one). A device never ends (`--out /dev/zero` read back filled
  memory until a MemoryError) and a FIFO blocks until a writer comes: both are refused before
  anything is read or proven. The kind is checked by name, then again on the descriptor opened
  without blocking (a file swapped in between is caught too).
- An exclusive lock (`flock`) held while the run lasts: two runs on one file would each prove and
  append every line. The second is refused at once; the lock goes with the process that holds it,
  killed or not, so a stale lock never outlives a run.
- Lines read one at a time, each at most MAX_LINE_BYTES and UTF-8: a file that is not ours is
  named, with its line number, in one line, never a traceback or a read without end.
- A torn last line (no newline: the process died while writing it) is not a line; `cut_torn`
  cuts it off so that the next line appended starts a line of its own.
"""

from __future__ import annotations

import fcntl
import os
import stat
from collections.abc import Iterator
from typing import BinaryIO

from minimax_cli.core.i18n import _

#: Far longer than any line of ours (a position, a score, a few words): a longer one is not ours.
MAX_LINE_BYTES = 1 << 20


class UnusableFile(ValueError):
    """A file a run cannot use: the message names it (and its line) and says what to do."""


class ResumeFile:
    """The file `path` (given as `option`, e.g. `--out`), created if missing, open to read its
    lines (`lines`, once) and then to append (`append`); locked until `close`."""

    def __init__(self, path: str, option: str) -> None:
        self.path, self.option = path, option
        #: The bytes of the whole lines read, and a torn last line once `lines` has ended.
        self.whole_size = 0
        self.torn = b""
        try:
            self._refuse_other_kinds(os.stat(path).st_mode)
        except FileNotFoundError:
            pass  # created below
        except OSError as error:
            raise self._cannot(error) from None
        flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK | os.O_CLOEXEC
        try:
            descriptor = os.open(path, flags, 0o666)
        except OSError as error:
            raise self._cannot(error) from None
        try:
            self._refuse_other_kinds(os.fstat(descriptor).st_mode)
            self._lock(descriptor)
        except BaseException:
            os.close(descriptor)
            raise
        self._handle: BinaryIO = os.fdopen(descriptor, "r+b")

    def _refuse_other_kinds(self, mode: int) -> None:
        if stat.S_ISDIR(mode):
            raise UnusableFile(_("{option} {file} is a folder: give a file").format(
                option=self.option, file=self.path))
        if not stat.S_ISREG(mode):
            raise UnusableFile(_(
                "{option} {file} is not a regular file (a device, a pipe or a socket): give a "
                "file, which a rerun reads back").format(option=self.option, file=self.path))

    def _lock(self, descriptor: int) -> None:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise UnusableFile(_(
                "{option} {file} is in use by another run: wait for it to end, or give another "
                "file").format(option=self.option, file=self.path)) from None
        except OSError:
            pass  # a file system without locks (some network ones): the run goes on unlocked

    def _cannot(self, error: OSError) -> UnusableFile:
        return UnusableFile(_("cannot use {option} {file}: {reason}").format(
            option=self.option, file=self.path, reason=error.strerror or error))

    def refuse(self, line: int, problem: str) -> UnusableFile:
        """The error for line `line` of the file (from 1): what is wrong with it."""
        return UnusableFile(_("{option} {file}, line {line}: {problem}").format(
            option=self.option, file=self.path, line=line, problem=problem))

    def lines(self) -> Iterator[tuple[int, str]]:
        """Each whole line (numbered from 1, without its line end), read one at a time; a torn
        last line is kept in `torn`, not given. UnusableFile for a line that is not UTF-8 or is
        longer than MAX_LINE_BYTES."""
        number = 0
        while True:
            raw = self._handle.readline(MAX_LINE_BYTES + 1)
            if not raw.endswith(b"\n"):
                if len(raw) > MAX_LINE_BYTES:
                    raise self.refuse(number + 1, _("a line of over {size} bytes: not a file "
                                                    "this command wrote").format(
                                                        size=MAX_LINE_BYTES))
                self.torn = raw
                return
            number += 1
            try:
                text = raw[:-1].decode("utf-8")
            except UnicodeDecodeError:
                raise self.refuse(number, _("not UTF-8 text: not a file this command wrote; "
                                            "give another file")) from None
            self.whole_size += len(raw)
            yield number, text.removesuffix("\r")

    def cut_torn(self) -> None:
        """Cut off the torn last line found by `lines`, so that appending starts a new line."""
        if self.torn:
            os.ftruncate(self._handle.fileno(), self.whole_size)
            self.torn = b""

    def append(self, line: str) -> None:
        """`line` and its newline, in one write, flushed (a kill tears at most this line)."""
        self._handle.write((line + "\n").encode("utf-8"))
        self._handle.flush()

    def sync(self) -> None:
        """To the disk, not only to the system (against a reboot)."""
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        """Close the file, which ends the lock."""
        self._handle.close()


__all__ = ["MAX_LINE_BYTES", "ResumeFile", "UnusableFile"]
