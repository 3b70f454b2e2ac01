"""Bones: take 1, 2 or 3 (or any allowed amount) from a heap. The rules (`game.py`), the exact
solver by the table and its period (`solver.py`, with the sweep over heap sizes in `sweep.py`)."""
