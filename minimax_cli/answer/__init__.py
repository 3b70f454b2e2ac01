"""The answering room: "what is this position worth, and which move, within this budget?"

One precedence (minimax_cli.answer.precedence) answers it for every front end: the game's own
exact solver, the proof kernel with its opening book, then a search, each with its share of the
deadline. The AI's levels (levels.py) and think policy (policy.py), the proof settling of a
think (proving.py) and the end-of-game review (review.py) ask it. The exact answers `solve` and
`solve --batch` carry to the end run here too, with their progress, within their budget: the
proof that hands on each score as it is proven (proof_stream.py), the game's own solver, the
engine per root move and the named searches (solving.py); the services only build the request and
make the report of what comes back. Below the screens: the standard library, the core and the
reports only (no Rich, no prompt-toolkit), so scripts and judges take their opponent from here.
"""
