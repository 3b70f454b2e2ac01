"""Heaps drawn as sticks, for the sketches of bones and Nim (`Game.sketch`), and take sets
written short for sentences."""

from __future__ import annotations

from minimax_cli.core.i18n import M_, Grouped, Joined, Value, Words, _, ngettext, nM_, text_of
from minimax_cli.core.params import grouped

#: Heaps up to this size are drawn stick by stick; larger ones as their first sticks and a count.
SKETCH_WIDTH = 30
#: Sticks drawn before the "..." of a larger heap.
SKETCH_HEAD = 20
#: Heap sizes written out in full (with thousands separators) below this; larger ones as 10**k.
SPELLED_BELOW = 10**21


def sticks(size: int) -> str:
    """A heap as sticks in groups of five, plain ASCII: `||||| ||` for 7. Above SKETCH_WIDTH only
    the first SKETCH_HEAD sticks and `...`, so a heap of 10**18 costs a few characters."""
    if size <= 0:
        return ""
    shown = size if size <= SKETCH_WIDTH else SKETCH_HEAD
    groups = ["|" * min(5, shown - start) for start in range(0, shown, 5)]
    return " ".join(groups) + (" ..." if shown < size else "")


def size_text(size: int) -> str:
    """A heap size for a sketch: `1,000,000` in full below SPELLED_BELOW; beyond, `10**k` for a
    power of ten and `more than 10**k` otherwise (the position line has every digit)."""
    if size < SPELLED_BELOW:
        return grouped(size)
    # From the bit length, not str(): str() of an int fails past 4,300 digits.
    power = max(20, (size.bit_length() - 1) * 30103 // 100000 - 1)
    while 10 ** (power + 1) <= size:
        power += 1
    return f"10**{power}" if size == 10**power else _("more than {power}").format(
        power=f"10**{power}")


#: Take sets longer than this are written as their first amounts, `...` and the last.
AMOUNTS_LISTED = 12


def amounts_text(amounts: tuple[int, ...]) -> str:
    """Allowed amounts for a sentence: `1, 2, 3`; a long set as its first amounts and the last
    with the count, `1, 2, 3, ..., 1000 (1,000 amounts)`, so no message grows with the set."""
    return text_of(amounts_words(amounts))


def amounts_words(amounts: tuple[int, ...]) -> Words:
    """`amounts_text` untranslated (a report's words)."""
    if len(amounts) <= AMOUNTS_LISTED:
        return ", ".join(map(str, amounts))
    head = ", ".join(map(str, amounts[:AMOUNTS_LISTED - 2]))
    count = nM_("{count} amount", "{count} amounts", len(amounts), count=Grouped(len(amounts)))
    return Joined((f"{head}, ..., {amounts[-1]} (", count, ")"), separator="")


def listed(items: list[Value]) -> Words:
    """`a, b, c`; past AMOUNTS_LISTED items the first ones and `and 990 more` (untranslated)."""
    if len(items) <= AMOUNTS_LISTED:
        return Joined(tuple(items))
    return M_("{items} and {count} more", items=Joined(tuple(items[:AMOUNTS_LISTED - 2])),
              count=Grouped(len(items) - AMOUNTS_LISTED + 2))


def bones_text(count: int, size: str | None = None) -> str:
    """`7 bones`, `1 bone` (`size`: `count` written short, for a huge heap)."""
    return ngettext("{count} bone", "{count} bones", min(count, 2)).format(
        count=str(count) if size is None else size)


def bones_left(heap: int) -> str:
    """`no bones left`, `only 2 bones left`."""
    if heap == 0:
        return _("no bones left")
    return ngettext("only {count} bone left", "only {count} bones left", min(heap, 2)).format(
        count=heap)
