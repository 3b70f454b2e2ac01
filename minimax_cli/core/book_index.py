"""A book's compact index: what a proof looks up, without reading the book's text.

The text (core/book.py's format) is the book as people read, review and re-prove it, and what the
builder writes; beside it the builder writes its index (`index_bytes`, derived from the text and
the kernel's keys, the same bytes for the same text), which is what a game ships and looks
positions up in. Reading Connect Four's 68,018-line text into a dictionary took a fifth to a
third of a second and about 40 MiB; the index is mapped into memory at the first lookup, its
header read, and a lookup is a binary search over fixed-size records, so that only the pages it
touches are read (a few, of a file of about 600 kB).

Why fixed-size records sorted by key, mapped (mmap): no parsing at all before a lookup, no
dictionary of every entry, and after the mapping no system call per lookup (a file read lazily
by `pread` would make one for each of the ~16 probes). The records are grouped by plies (discs
played), and the header says, for each ply count, how many records it has and how many of them
are exact: a lookup at a ply count the book does not cover, or an exact-score request where the
book holds only signs (win, draw or loss), is answered "not in the book" without touching a
record (`covers`).

Layout: MAGIC (8 bytes), the header's length (4 bytes, little-endian), the header (JSON, ASCII),
then the records, each the key (`key_bytes` bytes, big-endian, so that keys compare as bytes do),
the score for the side to move (1 byte, signed) and its source's place in the header's list of
sources (1 byte), sorted by plies, then key. The header holds the game, the sources (ident,
exact, text), the comments, the number of the text's entries and, per source, their count and
fewest and most plies (what `book show` prints), `key_bytes`, and per ply count its number of
records and of exact ones, in the records' order. A position held twice (by two move orders)
is one record: an exact value beats a sign, else the first stands.
"""

from __future__ import annotations

import json
import mmap
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from minimax_cli.core.book import BookData, BookFormatError, Entry, Source, Summary
from minimax_cli.core.book import summarize as summarize_text

MAGIC = b"MMBOOK1\n"
#: The index's file name beside its text: `book.txt` -> `book.bin`.
INDEX_SUFFIX = ".bin"
TEXT_SUFFIX = ".txt"
_LENGTH_BYTES = 4


def book_paths(path: str) -> tuple[str, str]:
    """The text and the index of the book named by `path` (either of them): `b.txt` or `b.bin`
    -> (`b.txt`, `b.bin`); any other name is the text, its index the name plus `.bin`."""
    stem, suffix = os.path.splitext(path)
    if suffix == INDEX_SUFFIX:
        return stem + TEXT_SUFFIX, path
    return path, (stem if suffix == TEXT_SUFFIX else path) + INDEX_SUFFIX


def index_bytes(data: BookData, keys: Sequence[int], plies: Sequence[int]) -> bytes:
    """The index of the book `data`, whose entries have these book keys and plies (in order)."""
    chosen: dict[int, tuple[int, Entry]] = {}
    for entry, key, ply in zip(data.entries, keys, plies, strict=True):
        known = chosen.get(key)
        if known is None or (data.only_sign(known[1]) and not data.only_sign(entry)):
            chosen[key] = (ply, entry)
    places = {ident: place for place, ident in enumerate(data.sources)}
    if len(places) > 256:
        raise BookFormatError(f"an index holds at most 256 sources, the book has {len(places)}")
    key_bytes = max(1, max(keys, default=0).bit_length() + 7 >> 3)
    ordered = sorted((ply, key, entry) for key, (ply, entry) in chosen.items())
    sections: dict[int, list[int]] = {}
    records = bytearray()
    for ply, key, entry in ordered:
        if not -128 <= entry.score <= 127:
            raise BookFormatError(f"{entry.position or '-'}: the score {entry.score} does not "
                                  "fit an index record (-128 to 127)")
        records += key.to_bytes(key_bytes, "big")
        records += entry.score.to_bytes(1, "big", signed=True)
        records.append(places[entry.source])
        section = sections.setdefault(ply, [0, 0])
        section[0] += 1
        section[1] += not data.only_sign(entry)
    spread: dict[str, list[int]] = {}
    for entry, ply in zip(data.entries, plies, strict=True):
        spread.setdefault(entry.source, []).append(ply)
    header = {
        "game": data.game,
        "sources": [[s.ident, s.exact, s.text] for s in data.sources.values()],
        "comments": data.comments,
        "entries": len(data.entries),
        "by_source": [[ident, len(spread[ident]), min(spread[ident]), max(spread[ident])]
                      for ident in data.sources if ident in spread],
        "key_bytes": key_bytes,
        "plies": [[ply, count, exact] for ply, (count, exact) in sections.items()],
    }
    text = json.dumps(header, separators=(",", ":")).encode("ascii")
    return MAGIC + len(text).to_bytes(_LENGTH_BYTES, "little") + text + bytes(records)


def write_index(path: str, content: bytes) -> None:
    """Write an index whole, then put it in place: a process that has the old one mapped keeps
    reading the old one (rewriting a mapped file under it could crash it)."""
    partial = path + ".partial"
    with open(partial, "wb") as handle:
        handle.write(content)
    os.replace(partial, path)


@dataclass(frozen=True)
class _Section:
    start: int  # the offset of its first record
    count: int
    exact: int


class BookIndex:
    """The index at `path`, opened at the first question (a missing file: an empty book)."""

    path: str
    _view: mmap.mmap | bytes
    _header: dict[str, Any] | None  # None until opened; empty for a missing file
    _sources: list[Source]
    _sections: dict[int, _Section]
    _key_bytes: int
    _record: int  # bytes a record

    def __init__(self, path: str) -> None:
        self._closed(path)

    def _closed(self, path: str) -> None:
        self.path, self._view, self._header = path, b"", None
        self._sources, self._sections, self._key_bytes, self._record = [], {}, 0, 0

    def __getstate__(self) -> dict[str, str]:
        return {"path": self.path}  # a mapping does not travel to another process: reopened

    def __setstate__(self, state: dict[str, str]) -> None:
        self._closed(state["path"])

    def open(self) -> None:
        """Map the file and read its header (once; nothing else is read until a lookup)."""
        if self._header is not None:
            return
        try:
            with open(self.path, "rb") as handle:
                try:
                    self._view = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
                except (OSError, ValueError):  # an empty file, or no mapping here: read it whole
                    self._view = handle.read()
        except FileNotFoundError:
            self._header = {}
            return
        self._read_header()

    def _read_header(self) -> None:
        view, start = self._view, len(MAGIC) + _LENGTH_BYTES
        if view[:len(MAGIC)] != MAGIC:
            raise BookFormatError(f"{self.path}: not a book index (it does not start with "
                                  f"{MAGIC!r})")
        length = int.from_bytes(view[len(MAGIC):start], "little")
        try:
            header = json.loads(bytes(view[start:start + length]))
            self._sources = [Source(ident, bool(exact), text)
                             for ident, exact, text in header["sources"]]
            self._key_bytes = int(header["key_bytes"])
            self._record = self._key_bytes + 2
            offset = start + length
            for ply, count, exact in header["plies"]:
                self._sections[int(ply)] = _Section(offset, int(count), int(exact))
                offset += count * self._record
        except (ValueError, KeyError, TypeError) as error:
            raise BookFormatError(f"{self.path}: its header does not read: {error}") from None
        if offset != len(view):
            raise BookFormatError(f"{self.path}: {len(view)} bytes where its header says "
                                  f"{offset}")
        self._header = header

    def covers(self, plies: int, exact: bool = False) -> bool:
        """Whether the book holds any position of `plies` plies (an exact one, with `exact`)."""
        self.open()
        section = self._sections.get(plies)
        return section is not None and (section.exact if exact else section.count) > 0

    def entry(self, key: int, plies: int) -> tuple[int, Source] | None:
        """The score and source of the position of `plies` plies with book key `key`, or None."""
        self.open()
        section = self._sections.get(plies)
        if section is None or key.bit_length() > 8 * self._key_bytes:
            return None
        wanted = key.to_bytes(self._key_bytes, "big")
        view, size, width = self._view, self._record, self._key_bytes
        low, high = 0, section.count
        while low < high:
            middle = (low + high) // 2
            at = section.start + middle * size
            if view[at:at + width] < wanted:
                low = middle + 1
            else:
                high = middle
        at = section.start + low * size
        if low == section.count or view[at:at + width] != wanted:
            return None
        score = int.from_bytes(view[at + width:at + width + 1], "big", signed=True)
        return score, self._sources[view[at + width + 1]]

    def known(self, key: int, plies: int, exact: bool = False) -> tuple[int, bool] | None:
        """(score, only_sign) of the position, as ProofKernel.known_score answers; with `exact`,
        None unless the book holds its exact score."""
        if not self.covers(plies, exact):
            return None
        found = self.entry(key, plies)
        if found is None or (exact and not found[1].exact):
            return None
        return found[0], not found[1].exact

    def __len__(self) -> int:
        """The positions it holds."""
        self.open()
        return sum(section.count for section in self._sections.values())

    def summary(self) -> Summary | None:
        """What `book show` prints of it (None for a missing file)."""
        self.open()
        if not self._header:
            return None
        sources = {source.ident: source for source in self._sources}
        by_source = [(sources[ident], count, low, high)
                     for ident, count, low, high in self._header["by_source"]]
        return Summary(self.path, int(self._header["entries"]), len(self._view), by_source,
                       list(self._header["comments"]), str(self._header.get("game", "")))


def summarize(path: str, plies_of: Callable[[str], int]) -> Summary | None:
    """The summary of the book at `path`, its text or its index (None if there is none);
    `plies_of` counts a position's plies from its notation (for a text)."""
    if not os.path.isfile(path):
        return None
    with open(path, "rb") as handle:
        index = handle.read(len(MAGIC)) == MAGIC
    return BookIndex(path).summary() if index else summarize_text(path, plies_of)


__all__ = ["INDEX_SUFFIX", "MAGIC", "TEXT_SUFFIX", "BookIndex", "book_paths", "index_bytes",
           "summarize", "write_index"]
