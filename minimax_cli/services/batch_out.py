"""The answers file of `solve --batch FILE --out ANSWERS`: what makes a batch resumable.

Its first line names what it holds, `# minimax solve GAME --batch: line position score` (with
`--weak` after GAME for a weak run); every other line is one proven input line, `NUMBER POSITION
SCORE` (the input line's number from 1, the position as given, the proven score), written and
flushed as soon as it is proven, so in the order the answers come, not the input's (`sort -n`
puts it in order; `diff` against another run's after sorting). Running the same command again
reads the file first and proves only the lines it does not hold. A process killed mid-write
leaves at most a torn last line (no newline): it is dropped when the file is read back.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import IO

from minimax_cli.core.i18n import _


class AnswersError(ValueError):
    """The answers file cannot be used for this run (another game, mode or input; not ours)."""


@dataclass(frozen=True)
class Stored:
    """An answer read back: the position it was given for and its proven score."""

    position: str
    score: int


def header(game_name: str, weak: bool) -> str:
    return f"# minimax solve {game_name}{' --weak' if weak else ''} --batch: line position score"


class AnswersFile:
    """The answers already in the file (`done`), and the file open to add more (`add`)."""

    def __init__(self, path: str, game_name: str, weak: bool) -> None:
        self.path = path
        self.done: dict[int, Stored] = {}
        head = header(game_name, weak)
        text = _read(path)
        # A torn last line (no newline: the process died while writing it) is dropped.
        whole = text[:text.rfind("\n") + 1]
        if whole or (text and not head.startswith(text)):  # never truncate a file not ours
            rows = whole.splitlines() or [text]
            if rows[0] != head:
                raise AnswersError(_(
                    "--out {file} was not written by this command (its first line should be "
                    "{header}); give another file").format(file=path, header=head))
            for row_number, row in enumerate(rows[1:], 2):
                self._take(row_number, row)
        if len(whole) < len(text):
            os.truncate(path, len(whole.encode("utf-8")))
        self._stream: IO[str] = open(path, "a", encoding="utf-8")  # noqa: SIM115
        if not whole:
            self._stream.write(head + "\n")
            self._stream.flush()

    def _take(self, row_number: int, row: str) -> None:
        words = row.split()
        try:
            number, position, score = int(words[0]), words[1], int(words[2])
            if len(words) != 3 or number < 1:
                raise ValueError(row)
        except (ValueError, IndexError):
            raise AnswersError(_("--out {file}, line {line}: expected `number position score`, "
                                 "got {row}").format(file=self.path, line=row_number,
                                                     row=row[:60])) from None
        self.done[number] = Stored(position, score)

    def check(self, number: int, position: str) -> Stored | None:
        """The stored answer to input line `number` if the file holds one; an AnswersError if it
        holds one for another position (the file was written for another input)."""
        stored = self.done.get(number)
        if stored is not None and stored.position != position:
            raise AnswersError(_(
                "--out {file} holds line {line} as {stored}, the input has {position}: it was "
                "written for another input; give another file").format(
                    file=self.path, line=number, stored=stored.position, position=position))
        return stored

    def add(self, number: int, position: str, score: int) -> None:
        """One answer, written and flushed at once (one write: a kill tears at most this line)."""
        self._stream.write(f"{number} {position} {score}\n")
        self._stream.flush()
        self.done[number] = Stored(position, score)

    def sync(self) -> None:
        """To the disk, not only to the system (against a reboot); once per chunk, not per line."""
        os.fsync(self._stream.fileno())

    def close(self) -> None:
        self._stream.close()


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as stream:
            return stream.read()
    except FileNotFoundError:
        return ""


__all__ = ["AnswersError", "AnswersFile", "Stored", "header"]
