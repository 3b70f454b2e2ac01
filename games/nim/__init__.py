"""Nim: the rules (`game.py`), moves and heaps as values (`moves.py`), the xor rule as its own exact
solver (`solver.py`)."""
