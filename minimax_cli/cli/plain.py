"""Output to a file or a pipe without the spaces Rich pads each line with to the console's width:
what a script, `diff` or an editor reads carries no trailing blanks (a terminal keeps Rich's
layout, where the padding is invisible and carries a background colour)."""

from __future__ import annotations

from typing import IO, Any


class TrailingBlanksStripped:
    """A text stream that writes through to `stream` with the blanks before each line's end left
    out. Blanks at the end of one write are held back until the next: they are written if more
    text follows on their line, dropped if the line ends (Rich may write a line in pieces)."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self._held = ""

    def write(self, text: str) -> int:
        lines = (self._held + text).split("\n")
        last = lines.pop()
        body = "".join(line.rstrip(" ") + "\n" for line in lines)
        kept = last.rstrip(" ")
        self._held = last[len(kept):]
        if body or kept:
            self._stream.write(body + kept)
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return False

    def __getattr__(self, name: str) -> Any:  # encoding, fileno, errors: the stream's own
        return getattr(self._stream, name)
