"""Connect Four positions as text: the columns played from the empty board, or a board diagram.

- A sequence: the columns played in turn from the empty board, X first, 1 = leftmost, as the
  published test sets write them (`4453`). On boards of up to 9 columns every digit is one column
  (commas and spaces between them are allowed and ignored); on wider boards the column numbers are
  separated by commas or spaces (`4,4,10`). The empty text, or `-`, is the empty board.
- A diagram: the rows from the top down, `X`, `O` and `.` (or `-`, `_`) for an empty cell, any
  case, rows separated by `/`: `......./......./......./......./...O.../..XX...`. It is read back
  from `format_diagram`, so every position can be written this way.

Every position read is one a game can reach: a sequence is played move by move (a column off the
board, a full column, a move after the game was won, each a clear error); a diagram is checked for
its size, characters, floating discs, the counts of X and O, who has four in a row, and whether the
discs can be played in turn at all (`play_order`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.connect4.board import Shape
from minimax_cli.core.game import InvalidPositionError
from minimax_cli.core.i18n import _, ngettext
from minimax_cli.core.params import quote

State = tuple[int, int]

_EMPTY = frozenset(".-_")
_DIGITS = frozenset("0123456789")
_SEPARATORS = frozenset(", \t\r\n")
#: Column heights the exhaustive search of `play_order` visits before it gives the position the
#: benefit of the doubt (a few thousand at most in every position tried; see play_order).
_SEARCH_LIMIT = 20_000


def sequence_form(shape: Shape) -> str:
    if shape.cols <= 9:
        return _("the columns played from the empty board, 1 (leftmost) to {cols}, X first, e.g. "
                 "4453").format(cols=shape.cols)
    return _("the columns played from the empty board, 1 (leftmost) to {cols}, X first, separated "
             "by commas or spaces, e.g. 4,4,10").format(cols=shape.cols)


def diagram_form(shape: Shape) -> str:
    return _("a diagram of {rows} rows of {cols} cells from the top row down, X, O and '.' for "
             "empty, rows separated by '/'").format(rows=shape.rows, cols=shape.cols)


def position_form(shape: Shape) -> str:
    return _("{sequence}; or {diagram}").format(sequence=sequence_form(shape),
                                                diagram=diagram_form(shape))


def _error(text: str, reason: str, form: str) -> InvalidPositionError:
    return InvalidPositionError(_("invalid position {text}: {reason}; use {form}").format(
        text=quote(text), reason=reason, form=form))


def parse(shape: Shape, text: str) -> State:
    """A position in either notation as `(discs of the player to move, all discs)`."""
    body = text.strip()
    if not body:
        return (0, 0)
    if all(char in _DIGITS or char in _SEPARATORS for char in body):
        return parse_sequence(shape, text)
    if "/" in body or any(char in "xXoO" or char in _EMPTY for char in body):
        return parse_diagram(shape, text)
    bad = next(char for char in body if char not in _DIGITS and char not in _SEPARATORS)
    raise _error(text, _("unknown character {char}").format(char=quote(bad)),
                 position_form(shape))


def _columns(shape: Shape, text: str) -> list[str]:
    """The column numbers of a sequence, as written (not yet checked)."""
    if shape.cols <= 9:
        return [char for char in text if char in _DIGITS]
    return text.replace(",", " ").split()


def parse_sequence(shape: Shape, text: str) -> State:
    form = sequence_form(shape)
    height, top = shape.height, shape.top
    cur = mask = 0
    for number, written in enumerate(_columns(shape, text), start=1):
        value = int(written) if len(written) <= 3 else 0  # long numbers are off the board anyway
        if not 1 <= value <= shape.cols:
            hint = ""
            if shape.cols > 9 and len(written) > 2:
                hint = _(" (on a board of {cols} columns separate the columns)").format(
                    cols=shape.cols)
            elif shape.cols <= 9 and any(char in _SEPARATORS for char in text.strip()):
                hint = _(" (each digit is one column)")
            shown = written if len(written) <= 6 else written[:5] + "…"
            raise _error(text, _("column {column} at move {number} is off the board; columns are "
                                 "1 to {cols}{hint}").format(column=shown, number=number,
                                                             cols=shape.cols, hint=hint), form)
        col = value - 1
        if shape.has_four(cur ^ mask):
            winner = "X" if mask.bit_count() % 2 else "O"
            raise _error(text, _("the game was over after move {last} ({winner} completed four in "
                                 "a row), yet it goes on with move {number}").format(
                last=number - 1, winner=winner, number=number), form)
        if mask & top & shape.column[col]:
            raise _error(text, _("move {number} plays column {column}, which is already full "
                                 "({rows} discs)").format(number=number, column=value,
                                                          rows=shape.rows), form)
        disc = (mask + (1 << col * height)) & shape.column[col]
        cur, mask = cur ^ mask, mask | disc
    return (cur, mask)


def parse_diagram(shape: Shape, text: str) -> State:
    form = diagram_form(shape)
    rows = "".join(text.split()).split("/")
    if len(rows) != shape.rows:
        raise _error(text, ngettext("it has {count} row, not {rows}", "it has {count} rows, not "
                                    "{rows}", len(rows)).format(count=len(rows), rows=shape.rows),
                     form)
    x = o = 0
    for index, row in enumerate(rows):
        if len(row) != shape.cols:
            raise _error(text, ngettext("row {row} from the top has {count} cell, not {cols}",
                                        "row {row} from the top has {count} cells, not {cols}",
                                        len(row)).format(row=index + 1, count=len(row),
                                                         cols=shape.cols), form)
        height = shape.rows - 1 - index
        for col, char in enumerate(row):
            if char in "xX":
                x |= shape.bit(col, height)
            elif char in "oO":
                o |= shape.bit(col, height)
            elif char not in _EMPTY:
                raise _error(text, _("unknown character {char} in row {row} from the top").format(
                    char=quote(char), row=index + 1), form)
    mask = x | o
    floating = mask & ~(mask << 1 | shape.bottom)
    if floating:
        col, level = divmod((floating & -floating).bit_length() - 1, shape.height)
        raise _error(text, _("the disc in column {column}, row {row} from the bottom floats over "
                             "an empty cell").format(column=col + 1, row=level + 1), form)
    nx, no = x.bit_count(), o.bit_count()
    if no > nx:
        raise _error(text, _("O has more discs than X ({o} to {x}), but X moves first").format(
            o=no, x=nx), form)
    if nx > no + 1:
        raise _error(text, _("X has {x} discs and O only {o}; the players take turns").format(
            x=nx, o=no), form)
    x_four, o_four = shape.has_four(x), shape.has_four(o)
    if x_four and o_four:
        raise _error(text, _("both X and O have four in a row, but the game ends at the first"),
                     form)
    if x_four and nx == no:
        raise _error(text, _("X has four in a row, so the game was over, yet O moved after it"),
                     form)
    if o_four and nx > no:
        raise _error(text, _("O has four in a row, so the game was over, yet X moved after it"),
                     form)
    if (x_four or o_four) and not last_discs(shape, x if x_four else o, mask):
        who = "X" if x_four else "O"
        raise _error(text, _("{player}'s fours could not all have been completed by one last "
                             "disc").format(player=who), form)
    if not reachable(shape, x, o):
        raise _error(text, _("no game reaches it: its discs cannot be played in turn from the "
                             "empty board, X first, each column from the bottom up"), form)
    return (o, mask) if nx > no else (x, mask)


def last_discs(shape: Shape, winner: int, mask: int) -> list[int]:
    """The winner's discs that could have been played last: on top of their column, and taking
    them away leaves no four."""
    tops = mask & ~(mask >> 1) & winner
    found = []
    while tops:
        disc = tops & -tops
        tops ^= disc
        if not shape.has_four(winner ^ disc):
            found.append(disc)
    return found


def format_diagram(shape: Shape, state: State) -> str:
    cur, mask = state
    x = cur if mask.bit_count() % 2 == 0 else cur ^ mask
    rows = []
    for row in range(shape.rows - 1, -1, -1):
        cells = []
        for col in range(shape.cols):
            bit = shape.bit(col, row)
            cells.append("X" if x & bit else "O" if mask & bit else ".")
        rows.append("".join(cells))
    return "/".join(rows)


def _stacks(shape: Shape, x: int, mask: int) -> list[str]:
    """Each column's discs from the bottom up, as a string of X and O."""
    stacks = []
    for col in range(shape.cols):
        cells = []
        for row in range(shape.rows):
            bit = shape.bit(col, row)
            if not mask & bit:
                break
            cells.append("X" if x & bit else "O")
        stacks.append("".join(cells))
    return stacks


def play_order(shape: Shape, x: int, o: int) -> list[int] | None:
    """Columns (1 = leftmost) that play the discs `x` and `o` in turn from the empty board, X
    first, with no four before the last disc; None when there is none (or, past _SEARCH_LIMIT,
    none was found). The discs must stand on each other, X must have as many discs as O or one
    more, and a four, if any, must be the last mover's.

    A disc is played by the player whose turn it is, from a column whose next disc is theirs.
    The greedy order prefers a disc with the opponent's disc right above it (it gives the
    opponent a move), then the disc that must be played soonest for the rest of its column to
    fit in the turns left. It usually finds an order when there is one, not always (a tall
    column such as O O X X O can need X's moves kept for later), so when it finds none a
    depth-first search over the column heights, remembering the heights that led nowhere,
    decides, up to _SEARCH_LIMIT of them.
    """
    order, _decided = _find(shape, x, o)
    return order


def reachable(shape: Shape, x: int, o: int) -> bool:
    """Whether some game reaches these discs (the same premises as `play_order`); a position the
    search cannot decide within _SEARCH_LIMIT is given the benefit of the doubt."""
    order, decided = _find(shape, x, o)
    return order is not None or not decided


def _find(shape: Shape, x: int, o: int) -> tuple[list[int] | None, bool]:
    """An order of play or None, and whether the search decided it."""
    mask = x | o
    stacks = _stacks(shape, x, mask)
    last = x if x.bit_count() > o.bit_count() else o
    if not shape.has_four(last):
        return _order(stacks)
    decided = True
    for disc in last_discs(shape, last, mask):  # the four came with the last disc
        col = (disc.bit_length() - 1) // shape.height
        order, sure = _order([*stacks[:col], stacks[col][:-1], *stacks[col + 1:]])
        if order is not None:
            return [*order, col + 1], True
        decided = decided and sure
    return None, decided


def _deadlines(stacks: Sequence[str]) -> list[list[int]]:
    """For each disc, the last turn it can be played in (turn t is X's when t is even) and still
    leave a turn of the right colour for every disc above it."""
    total = sum(map(len, stacks))
    found = []
    for stack in stacks:
        latest, turns = total, []
        for disc in reversed(stack):
            latest -= 1
            if latest % 2 != (disc == "O"):
                latest -= 1
            turns.append(latest)
        found.append(turns[::-1])
    return found


def _order(stacks: Sequence[str]) -> tuple[list[int] | None, bool]:
    """An order of play of the stacks or None, and whether that is decided."""
    deadlines = _deadlines(stacks)
    total = sum(map(len, stacks))

    def choices(heights: Sequence[int]) -> list[int]:
        player = "XO"[sum(heights) % 2]
        ready = [c for c, stack in enumerate(stacks)
                 if heights[c] < len(stack) and stack[heights[c]] == player]

        def rank(c: int) -> tuple[bool, int, int]:
            h, stack = heights[c], stacks[c]
            gives = h + 1 < len(stack) and stack[h + 1] != player
            return (not gives, deadlines[c][h], c)

        return sorted(ready, key=rank)

    heights = [0] * len(stacks)
    order: list[int] = []
    while len(order) < total:
        ready = choices(heights)
        if not ready:
            return _search(stacks, total, choices)
        heights[ready[0]] += 1
        order.append(ready[0] + 1)
    return order, True


def _search(stacks: Sequence[str], total: int,
            choices: Callable[[Sequence[int]], list[int]]) -> tuple[list[int] | None, bool]:
    """Depth-first search over the column heights, remembering heights that lead nowhere."""
    dead: set[tuple[int, ...]] = set()
    tried = 0
    path: list[int] = []

    def walk(heights: tuple[int, ...]) -> bool | None:  # None: gave up
        nonlocal tried
        if len(path) == total:
            return True
        if heights in dead:
            return False
        tried += 1
        if tried > _SEARCH_LIMIT:
            return None
        for c in choices(heights):
            path.append(c + 1)
            found = walk((*heights[:c], heights[c] + 1, *heights[c + 1:]))
            if found is not False:
                return found
            path.pop()
        dead.add(heights)
        return False

    found = walk(tuple(0 for _ in stacks))
    return (path if found else None), found is not None


__all__ = ["diagram_form", "format_diagram", "parse", "play_order", "position_form", "reachable",
           "sequence_form"]
