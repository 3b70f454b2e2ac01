"""The built-in games, one folder a game (its rules, notation, evaluation, solver, kernel, book and
data), each importing only minimax_cli.core; `heaps.py` holds the words the heap games share."""
