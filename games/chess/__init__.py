"""Chess: python-chess (the optional extra, GPL-3.0) behind the game protocol, and the engine's
own parts (the search board and the evaluation)."""
