"""The answering room: "what is this position worth, and which move, within this budget?"

One precedence (minimax_cli.answer.precedence) answers it for every front end: the game's own
exact solver, the proof kernel with its opening book, then a search, each with its share of the
deadline. The AI's levels (levels.py) and think policy (policy.py), the proof settling of a
think (proving.py) and the end-of-game review (review.py) ask it. Below the screens: the standard
library, the core and the reports only (no Rich, no prompt-toolkit), so scripts and judges take
their opponent from here.
"""
