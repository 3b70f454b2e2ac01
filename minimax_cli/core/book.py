"""An opening book's file format: proven scores of positions, each with the source of its value.

A book is a text file, one entry a line, `position score source nodes`: the position in the game's
own notation (Connect Four: the columns played from the empty board; `-` for the start), its score
for the side to move in the game's proof-kernel units (core/proof.py), the id of the source the
value comes from and the nodes its proof visited (0 for a derived value). Each source is declared
once, before the entries, as `!source ID exact|weak DESCRIPTION`: `weak` sources prove only the
sign (win, draw or loss: the score is then 1, 0 or -1). `!game NAME` names the game and board; `#`
lines are comments.
Text, not binary: a reader sees what the book claims and can re-prove any line of it. What a proof
looks up is the book's compact index (core/book_index.py), derived from this text byte for byte.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from minimax_cli.core.i18n import _, ngettext

#: `MINIMAX_NO_BOOK=1` in the environment: every position is proven, none answered by a book (read
#: where a kernel is built: core/proof.py's ProofSwitches).
NO_BOOK_VARIABLE = "MINIMAX_NO_BOOK"


#: How the start position (no moves) is written in a book, where a line needs a word.
EMPTY = "-"


class BookFormatError(ValueError):
    """A book file that cannot be read: the message names the line and the problem."""


@dataclass(frozen=True)
class Source:
    """Where values come from, e.g. `exact proof by the minimax-cli proof search, table 2048 MB`."""

    ident: str
    exact: bool
    text: str


@dataclass(frozen=True)
class Entry:
    position: str
    score: int
    source: str  # a Source's ident
    nodes: int


@dataclass
class BookData:
    game: str
    sources: dict[str, Source] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def only_sign(self, entry: Entry) -> bool:
        return not self.sources[entry.source].exact


@dataclass(frozen=True)
class Summary:
    """What a book file holds: its size, and per source its entries' count and disc range."""

    path: str
    entries: int
    size: int  # bytes
    by_source: list[tuple[Source, int, int, int]]  # source, entries, fewest discs, most discs
    comments: list[str]
    game: str = ""  # the game and board it names (`!game`), empty if it names none


def summarize(path: str, plies_of: Callable[[str], int]) -> Summary | None:
    """The summary of the book at `path` (None if there is none); `plies_of` counts a position's
    plies (discs) from its notation. BookFormatError, naming the file, for one that is not a
    book (not UTF-8 text, or a line that does not read)."""
    if not os.path.isfile(path):
        return None
    with open(path, "rb") as handle:
        raw = handle.read()
    try:
        data = parse_book(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BookFormatError(_("{path}: not UTF-8 text, so not a book").format(
            path=path)) from None
    except BookFormatError as error:
        raise BookFormatError(f"{path}, {error}") from None
    spread: dict[str, list[int]] = {}
    for entry in data.entries:
        spread.setdefault(entry.source, []).append(plies_of(entry.position))
    by_source = [(source, len(spread[ident]), min(spread[ident]), max(spread[ident]))
                 for ident, source in data.sources.items() if ident in spread]
    return Summary(path, len(data.entries), len(raw), by_source, data.comments, data.game)


def parse_book(text: str) -> BookData:
    """The book in `text`; BookFormatError naming the first line that does not read."""
    data = BookData("")
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            data.comments.append(line[1:].strip())
            continue
        words = line.split(maxsplit=3)
        if words[0] == "!game" and len(words) >= 2:
            data.game = line.split(maxsplit=1)[1]
        elif words[0] == "!source" and len(words) == 4 and words[2] in ("exact", "weak"):
            data.sources[words[1]] = Source(words[1], words[2] == "exact", words[3])
        elif len(words) == 4 and words[2] in data.sources:
            try:
                score, nodes = int(words[1]), int(words[3])
            except ValueError:
                raise BookFormatError(f"line {number}: score and nodes must be whole numbers, "
                                      f"got {line!r}") from None
            if not data.sources[words[2]].exact and score not in (-1, 0, 1):
                raise BookFormatError(f"line {number}: a weak source's score is -1, 0 or 1, "
                                      f"got {score}")
            data.entries.append(Entry("" if words[0] == EMPTY else words[0], score, words[2],
                                      nodes))
        else:
            raise BookFormatError(f"line {number}: expected `position score source nodes` "
                                  f"(with a declared source), `!source ID exact|weak TEXT` or "
                                  f"`!game NAME`, got {line!r}")
    return data


def format_book(data: BookData) -> str:
    """The text of a book, which parse_book reads back to the same data."""
    lines = [f"# {comment}" for comment in data.comments]
    lines.append(f"!game {data.game}")
    lines += [f"!source {s.ident} {'exact' if s.exact else 'weak'} {s.text}"
              for s in data.sources.values()]
    lines += [f"{e.position or EMPTY} {e.score} {e.source} {e.nodes}" for e in data.entries]
    return "\n".join(lines) + "\n"


def source_words(count: int, low: int, high: int, source: str) -> str:
    """One source's line of a book's summary: how many entries, at how many discs, from what."""
    if low == high:
        return ngettext("{count} at {discs} disc: {source}", "{count} at {discs} discs: {source}",
                        low).format(count=count, discs=low, source=source)
    return _("{count} at {low} to {high} discs: {source}").format(count=count, low=low,
                                                                   high=high, source=source)


__all__ = ["NO_BOOK_VARIABLE", "BookData", "BookFormatError", "Entry", "Source", "Summary",
           "format_book", "parse_book", "source_words", "summarize"]
