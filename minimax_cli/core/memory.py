"""One memory budget: `--table-mb` is the number of megabytes that each table, memo and solver
table a command builds may take, with one default; what one entry of each structure takes is
stated here, once, and every structure sizes itself from these figures.

The figures are sizes of CPython objects on a 64-bit build (what `sys.getsizeof` reports and a
dict's slot adds); scripts/bench.py measures the transposition table's.
"""

from __future__ import annotations

MEGABYTE = 2**20
DEFAULT_MB = 64.0
MIN_MB = 0.01
MAX_MB = 16_384.0

#: The transposition table (core/table.py): its slots are a dict filled as entries come, and one
#: entry (the dict's slot, an int key and a packed int) takes about 105 bytes. It sets the table's
#: slots, and so the nodes a search visits: a full 8 MB table (65,536 entries) measured 7.7 MB
#: with tracemalloc, search included.
TABLE_ENTRY_BYTES = 105
#: The proof search's table of bounds (core/search/proof.py's BucketTable): a slot of three lists,
#: an int key and a value, 127 bytes each measured with tracemalloc in a full table. Its slots are
#: the largest power of two within the budget; the C kernel keeps as many (so that both count the
#: same nodes) in 16 bytes each, an eighth of the budget, and a table that small stays in the
#: processor's cache, which made the C search faster than with eight times the slots
#: (docs/connect4.md).
PROOF_ENTRY_BYTES = 128
#: The PVS engine's table (core/search/pvs.py): a dict slot, an int key and a tuple of five (key,
#: depth, flag, score, move) measured 215 bytes with sys.getsizeof on a filled chess table, and
#: the move the table alone may keep alive (a python-chess Move and its __dict__, 352 bytes).
PVS_ENTRY_BYTES = 570
#: Expectiminimax's memo: a dict slot, a key and an entry of bounds and a move.
CHANCE_MEMO_ENTRY_BYTES = 200
#: max^n's and paranoid's memo: a dict slot, a key and a line (a vector of returns and moves).
VECTOR_MEMO_ENTRY_BYTES = 256
#: A game's solver's outcome table (bones): one byte a heap.
OUTCOME_ENTRY_BYTES = 1


def budget_bytes(megabytes: float | None) -> int:
    """The bytes of a budget of `megabytes` (None: the default)."""
    return int((DEFAULT_MB if megabytes is None else megabytes) * MEGABYTE)


def entries(megabytes: float | None, entry_bytes: int) -> int:
    """How many entries of `entry_bytes` fit a budget of `megabytes` (None: the default)."""
    return budget_bytes(megabytes) // entry_bytes


__all__ = ["CHANCE_MEMO_ENTRY_BYTES", "DEFAULT_MB", "MAX_MB", "MEGABYTE", "MIN_MB",
           "OUTCOME_ENTRY_BYTES", "PROOF_ENTRY_BYTES", "PVS_ENTRY_BYTES", "TABLE_ENTRY_BYTES",
           "VECTOR_MEMO_ENTRY_BYTES", "budget_bytes", "entries"]
