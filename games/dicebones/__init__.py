"""Dice bones: roll a die, then take up to the roll from a heap; a game of chance (`game.py`)."""
