"""Connect Four: the rules and hooks (`game.py`), the bitboard shape (`board.py`), the notation
(`notation.py`), the evaluations and move ordering (`evaluation.py`), the proof kernel (`proof.py`),
its C twin (`_native.c`, loaded by `native.py`) and the opening book (`book.py`, data in `data/`)."""
