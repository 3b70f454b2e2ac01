"""Connect Four's proof kernel (minimax_cli.core.proof): what the core's exact search asks of it.

Where the C kernel is built (games/connect4/_native.c, by `pip install .`), the whole search runs
in C instead (`native_search`), step for step the same: same scores, same node counts. The kernel
is built with its switches (core/proof.py's ProofSwitches: the native search or not, the book or
not) and its book (the packaged 7x6 book by default, games/connect4/book.py), both fixed for its
life: nothing is read from the environment during a proof.

Positions are Pascal Pons' two bitboards: `mask` holds every disc, `cur` the discs of the side to
move; bit `col * (rows + 1) + row`, row 0 at the bottom, one spare bit above each column so that
shifts never wrap a line from one column into the next.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.connect4.book import BOOK_BOARD, BOOK_PATH
from minimax_cli.core.book_index import BookIndex
from minimax_cli.core.compiled import NATIVE_NAME, PURE_NAME
from minimax_cli.core.i18n import M_, Value, Words
from minimax_cli.core.proof import ExactSearch, ProofKernel, ProofSwitches

#: Below this many discs, a position and its mirror image share a table entry (further on, mirror
#: pairs almost never meet and the fold would only cost time).
SYMMETRY_PLIES = 10


class ConnectFourKernel(ProofKernel):
    def __init__(self, cols: int, rows: int, switches: ProofSwitches | None = None,
                 book_path: str | None = None) -> None:
        """`switches`: None, every one on; `book_path`: the book's index (core/book_index.py);
        None, the packaged one on its board (7x6) and none on any other. With `switches.book`
        off, no book is opened."""
        height = rows + 1
        self.switches = switches = switches if switches is not None else ProofSwitches()
        self.book_path = book_path if book_path is not None else (
            BOOK_PATH if (cols, rows) == BOOK_BOARD else None)
        self.opening_book = (BookIndex(self.book_path)
                             if switches.book and self.book_path is not None else None)
        self.cols = cols
        self.height = height
        self.up = height  # the shift to the neighbour one column over: a horizontal line
        self.rise = height + 1  # one over and one up
        self.fall = height - 1  # one over and one down
        self.bottom = sum(1 << (c * height) for c in range(cols))
        self.board = self.bottom * ((1 << rows) - 1)
        self.column = (1 << height) - 1
        # Centre first: the columns by distance from the middle, the left one first among equals.
        middle = sorted(range(cols), key=lambda c: abs(2 * c - (cols - 1)))
        self.order = [((1 << rows) - 1) << (c * height) for c in middle]
        self.max_plies = cols * rows
        self.convention = (
            "score in Pascal Pons' convention (22 minus the winner's discs at the end)"
            if (cols, rows) == (7, 6) else
            f"score in Pons' convention extended to {cols}x{rows} (({cols * rows} + 2 - P) // 2 for"
            " a win whose last disc is the P-th on the board)")

    def convention_words(self, capital: bool = False) -> Words:
        if (self.cols, self.max_plies) == (7, 42):
            return (M_("Score in Pascal Pons' convention (22 minus the winner's discs at the end)")
                    if capital else
                    M_("score in Pascal Pons' convention (22 minus the winner's discs at the end)"))
        rows = self.max_plies // self.cols
        values: dict[str, Value] = {"cols": self.cols, "rows": rows, "cells": self.max_plies}
        return (M_("Score in Pons' convention extended to {cols}x{rows} (({cells} + 2 - P) // 2 "
                   "for a win whose last disc is the P-th on the board)", **values) if capital else
                M_("score in Pons' convention extended to {cols}x{rows} (({cells} + 2 - P) // 2 "
                   "for a win whose last disc is the P-th on the board)", **values))

    def winning(self, own: int, mask: int) -> int:
        """The empty cells that would complete four for the discs `own`."""
        r = (own << 1) & (own << 2) & (own << 3)  # three below
        # For each other direction: a cell with three in line beyond it, two beyond and one
        # before, one beyond and two before, or three before (unrolled: the hot path).
        step = self.up
        a = own << step
        b = own >> step
        a2 = a & (a << step)
        b2 = b & (b >> step)
        r |= a2 & ((a << 2 * step) | b) | b2 & (a | (b >> 2 * step))
        step = self.rise
        a = own << step
        b = own >> step
        a2 = a & (a << step)
        b2 = b & (b >> step)
        r |= a2 & ((a << 2 * step) | b) | b2 & (a | (b >> 2 * step))
        step = self.fall
        a = own << step
        b = own >> step
        a2 = a & (a << step)
        b2 = b & (b >> step)
        r |= a2 & ((a << 2 * step) | b) | b2 & (a | (b >> 2 * step))
        return r & (self.board ^ mask)

    def plies(self, state: Any) -> int:
        mask: int = state[1]
        return mask.bit_count()

    def wins_now(self, state: Any) -> bool:
        cur: int = state[0]
        mask: int = state[1]
        return (self.winning(cur, mask) & (mask + self.bottom) & self.board) != 0

    def expand(self, state: Any, plies: int) -> list[Any] | None:
        cur: int = state[0]
        mask: int = state[1]
        opponent = cur ^ mask
        playable = (mask + self.bottom) & self.board
        threats = self.winning(opponent, mask)
        forced = playable & threats
        if forced:
            if forced & (forced - 1):  # two wins at once: one can be blocked, not both
                return None
            playable = forced
        playable &= ~(threats >> 1)  # never play just below an opponent's winning cell
        if not playable:
            return None
        if not playable & (playable - 1):
            return [(opponent, mask | playable)]
        # Most threats created first; among equals the order of `self.order`. Each move is ranked
        # by one int, threats * 16 + (15 - its place in that order), sorted by insertion.
        order = self.order
        ranked: list[int] = []
        for place in range(len(order)):
            move = playable & order[place]
            if move:
                rank = self.winning(cur | move, mask).bit_count() * 16 + 15 - place
                i = len(ranked)
                ranked.append(rank)
                while i > 0 and ranked[i - 1] < rank:
                    ranked[i] = ranked[i - 1]
                    i -= 1
                ranked[i] = rank
        return [(opponent, mask | (playable & order[15 - (rank & 15)])) for rank in ranked]

    def key(self, state: Any, plies: int) -> int:
        cur: int = state[0]
        mask: int = state[1]
        key = cur + mask  # unique: in each column, the discs plus one bit above them
        return key if plies >= SYMMETRY_PLIES else self.folded(key)

    def folded(self, key: int) -> int:
        """The smaller of a key and its mirror image's."""
        mirror = 0
        height, column, last = self.height, self.column, self.cols - 1
        for c in range(self.cols):
            mirror |= ((key >> (c * height)) & column) << ((last - c) * height)
        return key if key <= mirror else mirror

    def prepare(self) -> None:
        if self.opening_book is not None:
            self.opening_book.open()  # maps the index and reads its header: about a millisecond

    def with_switches(self, switches: ProofSwitches) -> ConnectFourKernel:
        if switches == self.switches:
            return self
        return ConnectFourKernel(self.cols, self.height - 1, switches, self.book_path)

    def book_key(self, state: Any) -> int:
        cur: int = state[0]
        mask: int = state[1]
        return self.folded(cur + mask)

    def book_file(self) -> str | None:
        return self.book_path

    def known_score(self, state: Any, plies: int, exact: bool = False) -> tuple[int, bool] | None:
        """The book's score of `state`, looked up in its index only when the index holds a
        position of as many discs (an exact one, with `exact`)."""
        book = self.opening_book
        if book is None:
            return None
        cur: int = state[0]
        mask: int = state[1]
        discs = mask.bit_count()
        if not book.covers(discs, exact):
            return None
        return book.known(self.folded(cur + mask), discs, exact)

    def book_key_of(self, moves: str) -> int:
        """`book_key` of the position reached by playing `moves` (columns from 1) from the empty
        board: how the book, which stores positions so, keys them."""
        return self.book_keys_of([moves])[0]

    def book_keys_of(self, positions: Sequence[str]) -> list[int]:
        """`book_key_of` of each of `positions`. A book lists most positions after their parent
        (one move shorter), whose board is kept, so that most keys cost one move, not a replay;
        the mirror image's board is played alongside (column c as column cols - 1 - c), so that
        folding a key is a comparison, not a bit-by-bit reflection."""
        height, last = self.height, self.cols - 1
        columns = [self.column << (c * height) for c in range(self.cols)]
        bottoms = [self.bottom & column for column in columns]
        index = {str(c + 1): c for c in range(self.cols)}
        boards: dict[str, tuple[int, int, int, int]] = {"": (0, 0, 0, 0)}
        keys = []
        for moves in positions:
            start = len(moves)
            while moves[:start] not in boards:
                start -= 1
            cur, mask, mirror_cur, mirror_mask = boards[moves[:start]]
            for move in moves[start:]:
                c = index[move]
                cur ^= mask  # the mover's discs become the opponent's: the other side is to move
                mask |= (mask + bottoms[c]) & columns[c]
                mirror_cur ^= mirror_mask
                mirror_mask |= (mirror_mask + bottoms[last - c]) & columns[last - c]
            boards[moves] = (cur, mask, mirror_cur, mirror_mask)
            key, mirror = cur + mask, mirror_cur + mirror_mask
            keys.append(key if key <= mirror else mirror)
        return keys

    def native_search(self, max_entries: int, check: Callable[[int], int]) -> ExactSearch | None:
        if not self.switches.native:
            return None
        from games.connect4 import native as connect4_native

        return connect4_native.search(self.cols, self.height - 1, self.order, SYMMETRY_PLIES,
                                      max_entries, check)

    def kernel_name(self) -> str:
        from games.connect4 import native as connect4_native

        native = self.switches.native and connect4_native.available(self.cols, self.height - 1)
        return NATIVE_NAME if native else PURE_NAME


__all__ = ["SYMMETRY_PLIES", "ConnectFourKernel"]
