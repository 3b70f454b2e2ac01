"""Connect Four's opening book (7x6): proven scores of early positions, looked up by the proof kernel.

The book is games/connect4/data/book.txt, in the format of minimax_cli/core/book.py (positions as
the columns played, scores in Pons' convention for the side to move, each value's source named),
written by `minimax book build connect4` together with its compact index, data/book.bin
(minimax_cli/core/book_index.py), derived from the text byte for byte. The text is the book as
people read and review it (kept in the repository); the package ships the index, and the kernel
looks positions up in it by the kernel's mirror-folded key, so a position and its mirror image are
one entry. Each kernel holds its own book (games/connect4/proof.py), opened at its first lookup:
never when the package is imported, and never for a proof it cannot answer.
"""

from __future__ import annotations

import os

#: The book's text (the builder's output, in the repository) and its index (what is looked up).
BOOK_TEXT = os.path.join(os.path.dirname(__file__), "data", "book.txt")
BOOK_PATH = os.path.join(os.path.dirname(__file__), "data", "book.bin")
#: The one board the packaged book is for.
BOOK_BOARD = (7, 6)

__all__ = ["BOOK_BOARD", "BOOK_PATH", "BOOK_TEXT"]
