"""Lines of a script (standard input that is not a terminal) or of a file read in bounded chunks,
for `minimax play`, the quiz and `solve --batch` (here, below every layer that reads lines).

A line longer than its limit is refused as soon as the limit is passed: the reader hands back the
part read and says it was cut, and skips the rest (keeping nothing) only when the next line is
asked for, so a refusal is shown at once even when the line never ends. The rest is skipped up to
MAX_SKIP bytes; a line that runs on past that (`< /dev/zero`) ends the input there, since no line
after it could ever be reached.

Bytes are read when the stream has them (a line that is not UTF-8 is then the caller's to refuse,
not a crash), else text; a limit of `n` characters is `4 * n` bytes, the most `n` characters take
in UTF-8.
"""

from __future__ import annotations

from typing import IO

#: The most of an over-long line skipped in the hope of the lines after it (256 MiB, read in about
#: a quarter of a second); a line longer still ends the input.
MAX_SKIP = 2**28
#: The size of one read while skipping.
CHUNK = 65_536


class BoundedLines:
    """The lines of `stream`, each read with a limit. `raw` is the stream's bytes, when it has
    them (then `read_bytes` is the method to call, else `read_text`)."""

    def __init__(self, stream: IO[str]) -> None:
        self.text = stream
        self.raw: IO[bytes] | None = getattr(stream, "buffer", None)
        #: The last line was cut at its limit: its rest is skipped before the next is read.
        self.cut = False
        #: A line ran on past MAX_SKIP: nothing more is read.
        self.ended = False

    def read_bytes(self, limit: int) -> tuple[bytes, bool] | None:
        """The next line with its end, at most `limit` bytes, and whether it was cut there (it is
        longer); None at the end of the input."""
        assert self.raw is not None
        if not self._skip_rest():
            return None
        data = self.raw.readline(limit + 1)
        if not data:
            return None
        self.cut = len(data) > limit and not data.endswith(b"\n")
        return (data[:limit], True) if self.cut else (data, False)

    def read_text(self, limit: int) -> tuple[str, bool] | None:
        """As `read_bytes`, in characters, for a stream of text only."""
        if not self._skip_rest():
            return None
        line = self.text.readline(limit + 1)
        if not line:
            return None
        self.cut = len(line) > limit and not line.endswith("\n")
        return (line[:limit], True) if self.cut else (line, False)

    def _skip_rest(self) -> bool:
        """Skip the rest of a line cut at its limit; False when the input has ended (here, or
        before, at a line that ran on past MAX_SKIP)."""
        if self.ended:
            return False
        if not self.cut:
            return True
        self.cut = False
        skipped = 0
        while skipped <= MAX_SKIP:
            if self.raw is not None:
                chunk = self.raw.readline(CHUNK)
                ended = not chunk or chunk.endswith(b"\n")
            else:
                text = self.text.readline(CHUNK)
                ended = not text or text.endswith("\n")
            if ended:  # at the end of the line, or of the input (the next read says so)
                return True
            skipped += CHUNK
        self.ended = True
        return False


__all__ = ["CHUNK", "MAX_SKIP", "BoundedLines"]
