"""Explicit game trees: the game (`game.py`), their nodes and JSON forms (`kinds.py`), where trees
come from: the bundled textbook trees in `data/trees.json` and random ones (`sources.py`)."""
