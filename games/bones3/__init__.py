"""Three-player bones: the rules, its returns per player and its own exact solver (`game.py`)."""
