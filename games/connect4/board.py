"""Connect Four's board geometry as bitboards, shared by the rules, the notation and the evaluation.

Layout (Pascal Pons' solver is the model): a board of `cols` x `rows` uses `cols * (rows + 1)`
bits; bit `col * (rows + 1) + row` is the cell in column `col` (0 = leftmost) and row `row` (0 =
bottom). The extra bit on top of each column stays empty, so a line of four never runs from the
top of one column into the bottom of the next, and `mask + bottom` finds the next free cell of
every column at once. A direction is a shift: 1 up a column, `rows + 1` along a row, `rows` and
`rows + 2` along the two diagonals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: The smallest and largest number of columns or rows a board may have.
MIN_SIZE = 4
MAX_SIZE = 10


@dataclass(frozen=True)
class Shape:
    """The masks of one board size; everything the hot methods need, computed once."""

    cols: int
    rows: int
    height: int = field(init=False)  # rows + 1: bits per column
    bottom: int = field(init=False)  # the bottom cell of every column
    board: int = field(init=False)  # every cell of the board
    top: int = field(init=False)  # the top cell of every column
    column: tuple[int, ...] = field(init=False)  # column index -> its cells
    shifts: tuple[int, ...] = field(init=False)  # up, along a row, the two diagonals
    # The mirror image: (bits of a column incl. its spare bit, how far they move), for the
    # columns left of the centre and right of it, and the centre column that stays.
    mirror_left: tuple[tuple[int, int], ...] = field(init=False)
    mirror_right: tuple[tuple[int, int], ...] = field(init=False)
    mirror_centre: int = field(init=False)

    def __post_init__(self) -> None:
        height = self.rows + 1
        bottom = sum(1 << c * height for c in range(self.cols))
        column_cells = (1 << self.rows) - 1
        set_ = object.__setattr__  # a frozen dataclass fills its derived fields here
        set_(self, "height", height)
        set_(self, "bottom", bottom)
        set_(self, "board", bottom * column_cells)
        set_(self, "top", bottom << (self.rows - 1))
        set_(self, "column", tuple(column_cells << c * height for c in range(self.cols)))
        set_(self, "shifts", (1, height, height - 1, height + 1))
        whole = (1 << height) - 1
        last = self.cols - 1
        set_(self, "mirror_left", tuple((whole << c * height, (last - 2 * c) * height)
                                        for c in range(self.cols) if 2 * c < last))
        set_(self, "mirror_right", tuple((whole << c * height, (2 * c - last) * height)
                                         for c in range(self.cols) if 2 * c > last))
        set_(self, "mirror_centre", whole << last // 2 * height if self.cols % 2 else 0)

    @property
    def cells(self) -> int:
        return self.cols * self.rows

    def bit(self, col: int, row: int) -> int:
        """The bit of a cell: column 0 is the leftmost, row 0 the bottom."""
        return 1 << (col * self.height + row)

    def reading_index(self, bit_index: int) -> int:
        """The cell's index in reading order (top row first, left to right) of a bit index."""
        col, row = divmod(bit_index, self.height)
        return (self.rows - 1 - row) * self.cols + col

    def has_four(self, discs: int) -> bool:
        """True when `discs` hold four in a row in any direction."""
        for shift in self.shifts:
            pairs = discs & (discs >> shift)
            if pairs & (pairs >> 2 * shift):
                return True
        return False

    def fours(self, discs: int) -> int:
        """Every cell of `discs` that belongs to a line of four or more of them."""
        found = 0
        for shift in self.shifts:
            pairs = discs & (discs >> shift)
            starts = pairs & (pairs >> 2 * shift)  # the lowest cell of each four
            found |= starts | starts << shift | starts << 2 * shift | starts << 3 * shift
        return found

    def threats(self, discs: int, mask: int) -> int:
        """The empty cells that would complete a four for `discs` (anywhere, playable or not)."""
        # Up a column only the cell right above three can complete a four.
        found = (discs << 1) & (discs << 2) & (discs << 3)
        for shift in self.shifts[1:]:
            # The missing cell is the first, second, third or fourth of its line, both ways.
            two = (discs << shift) & (discs << 2 * shift)
            found |= two & (discs << 3 * shift)
            found |= two & (discs >> shift)
            two = (discs >> shift) & (discs >> 2 * shift)
            found |= two & (discs << shift)
            found |= two & (discs >> 3 * shift)
        return found & (self.board ^ mask)

    def mirror(self, bits: int) -> int:
        """`bits` with the columns in reverse order (the board seen in a mirror)."""
        mirrored = 0
        for cells, shift in self.mirror_left:
            mirrored |= (bits & cells) << shift
        for cells, shift in self.mirror_right:
            mirrored |= (bits & cells) >> shift
        return mirrored | (bits & self.mirror_centre)


__all__ = ["MAX_SIZE", "MIN_SIZE", "Shape"]
