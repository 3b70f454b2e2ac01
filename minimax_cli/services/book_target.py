"""Where `book build` writes its book, checked before any proof is run.

A build that found its book file unusable only after its proofs (a folder, a device, a path whose
folder is missing) wasted them, and one that wrote over the game's packaged book by default
destroyed it (68,018 positions replaced by 5). So the book's text and its index (`book_paths`) are
checked first: a regular file or a new one, in a folder that exists and can be written, not the
work file, and, if one is there already, a book (a file of anything else is never written over).
What an existing book holds is said before the proofs, and whether it is the game's packaged
book: the builder writes there only when the user named it (`--book`).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass

from minimax_cli.core.book import BookFormatError
from minimax_cli.core.book import summarize as summarize_text
from minimax_cli.core.book_index import MAGIC, BookIndex, book_paths
from minimax_cli.core.i18n import _
from minimax_cli.services.resume_file import UnusableFile


@dataclass(frozen=True)
class Replaced:
    """A book the build will write over: its path, its positions, whether it is the packaged one
    (the package's, or the same file of another copy of the game's folder, e.g. a checkout)."""

    path: str
    entries: int
    packaged: bool


def check_target(path: str, work_path: str, packaged: str | None) -> Replaced | None:
    """UnusableFile unless the book `path` (its text and its index) can be written by a build whose
    work file is `work_path`; the book it would replace (None: none there yet). `packaged` is the
    game's packaged book on this board (None: it has none)."""
    text, index = book_paths(path)
    for target in (text, index):
        if _same_file(target, work_path):
            raise UnusableFile(_("--book {file} and --out {work} are one file: give the book and "
                                 "the work file different names").format(file=target,
                                                                         work=work_path))
        _check_writable(target)
    entries = _entries_of(text, index)
    if entries is None:
        return None
    return Replaced(text, entries, packaged is not None and any(
        _same_book(target, shipped) for target in (text, index) for shipped in book_paths(packaged)))


def _check_writable(target: str) -> None:
    """UnusableFile unless `target` is a regular file or none, in a folder that can be written
    (the index is written beside it and then moved in place: core/book_index.py)."""
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise UnusableFile(_("cannot use {option} {file}: {reason}").format(
            option="--book", file=target, reason=error.strerror or error)) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise UnusableFile(_("{option} {file} is a folder: give a file").format(
            option="--book", file=target))
    if mode is not None and not stat.S_ISREG(mode):
        raise UnusableFile(_("--book {file} is not a regular file (a device, a pipe or a "
                             "socket): give a file").format(file=target))
    folder = os.path.dirname(target) or os.curdir
    if not os.path.isdir(folder):
        raise UnusableFile(_("--book {file}: there is no folder {folder} to write it in").format(
            file=target, folder=folder))
    if not os.access(folder, os.W_OK | os.X_OK) or (mode is not None
                                                   and not os.access(target, os.W_OK)):
        raise UnusableFile(_("--book {file} cannot be written here (permission denied): give "
                             "another file").format(file=target))


def _entries_of(text: str, index: str) -> int | None:
    """The positions of the book already at `text` or `index` (None: neither holds one yet);
    UnusableFile for a file there that is not a book."""
    try:
        held = [_index_entries(index), _text_entries(text)]
    except (BookFormatError, OSError) as error:
        raise UnusableFile(_("--book: {problem}; a file that is not a book is never written "
                             "over: give another file, or remove it").format(
                                 problem=error)) from None
    found = [entries for entries in held if entries is not None]
    return max(found) if found else None


def _index_entries(index: str) -> int | None:
    if not os.path.isfile(index) or not os.path.getsize(index):
        return None
    with open(index, "rb") as handle:
        if handle.read(len(MAGIC)) != MAGIC:
            raise BookFormatError(_("{path}: not a book index").format(path=index))
    summary = BookIndex(index).summary()
    return None if summary is None else summary.entries


def _text_entries(text: str) -> int | None:
    if not os.path.isfile(text) or not os.path.getsize(text):
        return None
    summary = summarize_text(text, lambda _position: 0)  # only the count is wanted
    return None if summary is None else summary.entries


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:  # one of them is not there yet
        return os.path.realpath(one) == os.path.realpath(other)


def _same_book(target: str, shipped: str) -> bool:
    """`target` is the packaged book `shipped`, or the same file of another copy of the game's
    folder (`games/connect4/data/book.txt` of a checkout beside an installed package)."""
    if _same_file(target, shipped):
        return True
    tail = 4  # games/<game>/data/<file>
    return (os.path.realpath(target).split(os.sep)[-tail:]
            == os.path.realpath(shipped).split(os.sep)[-tail:])


__all__ = ["Replaced", "check_target"]
