"""Write a book's compact index from its text, with the code the builder writes it with.

    python scripts/book_index.py                          # games/connect4/data/book.txt -> book.bin
    python scripts/book_index.py --book path/to/book.txt --cols 4 --rows 4

`minimax book build` writes the text and its index together; this is for a text edited or merged by
hand (or an index lost): the index is derived from the text byte for byte
(tests/games/test_connect4_book.py checks that the packaged one is).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.connect4.book import BOOK_TEXT
from games.connect4.game import ConnectFour
from minimax_cli.core.book import parse_book
from minimax_cli.core.book_index import book_paths, write_index
from minimax_cli.services.book import book_index


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", default=BOOK_TEXT, help="the book's text")
    parser.add_argument("--cols", type=int, default=7)
    parser.add_argument("--rows", type=int, default=6)
    args = parser.parse_args()
    text, index = book_paths(args.book)
    data = parse_book(Path(text).read_text(encoding="utf-8"))
    content = book_index(ConnectFour(args.cols, args.rows), data)
    write_index(index, content)
    print(f"{index}: {len(content):,} bytes, from {len(data.entries):,} entries of {text}")


if __name__ == "__main__":
    main()
