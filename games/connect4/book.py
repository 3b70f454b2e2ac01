"""Connect Four's opening book (7x6): proven scores of early positions, looked up by the proof kernel.

The book is games/connect4/data/book.txt, in the format of minimax_cli/core/book.py (positions as
the columns played, scores in Pons' convention for the side to move, each value's source named),
written by `minimax book build connect4`. It is read at the first lookup (`shipped`), never when the
package is imported, and keyed by the kernel's mirror-folded key, so a position and its mirror
image are one entry.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from minimax_cli.core.book import BookData, parse_book

BOOK_PATH = os.path.join(os.path.dirname(__file__), "data", "book.txt")


class ConnectFourBook:
    """The entries of a 7x6 book by folded key: (score, only_sign)."""

    def __init__(self, data: BookData, keys_of: Callable[[Sequence[str]], list[int]]) -> None:
        """`keys_of`: the kernel's folded keys of positions given as the columns played."""
        self.data = data
        self.scores: dict[int, tuple[int, bool]] = {}
        keys = keys_of([entry.position for entry in data.entries])
        for entry, key in zip(data.entries, keys, strict=True):
            known = self.scores.get(key)
            only_sign = data.only_sign(entry)
            if known is None or (known[1] and not only_sign):  # an exact value beats a sign
                self.scores[key] = (entry.score, only_sign)

    def known(self, key: int) -> tuple[int, bool] | None:
        return self.scores.get(key)

    def __len__(self) -> int:
        return len(self.scores)


_shipped: ConnectFourBook | None = None


def shipped(keys_of: Callable[[Sequence[str]], list[int]]) -> ConnectFourBook:
    """The packaged book, read at the first call (an empty one if the file is missing: the
    search then proves every position)."""
    global _shipped
    if _shipped is None:
        if os.path.isfile(BOOK_PATH):
            with open(BOOK_PATH, encoding="utf-8") as handle:
                _shipped = ConnectFourBook(parse_book(handle.read()), keys_of)
        else:
            _shipped = ConnectFourBook(BookData("connect4 7x6"), keys_of)
    return _shipped


__all__ = ["BOOK_PATH", "ConnectFourBook", "shipped"]
