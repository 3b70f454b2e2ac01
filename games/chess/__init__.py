"""Chess on python-chess (the optional extra `[chess]`): rules, FEN and notation (`game.py`,
`position.py`, `fen.py`, `notation.py`)."""
