"""Chess: python-chess (the optional extra `[chess]`, GPL-3.0) behind the game protocol — rules,
FEN and notation (`game.py`, `position.py`, `fen.py`, `notation.py`) — and the engine's own parts
(the search board `board.py` and the evaluations `evaluation.py`)."""
