"""The tool's vocabulary, written once: counts that read right in the singular, plies versus moves.

- A *ply* is one player's turn; a *move* in "wins in 3 moves" counts only the turns of the player
  named (the winner's own moves): a win in 5 plies for the player to move is a win in 3 of its moves.
- An *optimal* move keeps the game value; the *best* moves are, among the optimal ones, those that
  win soonest or, when every move loses, hold out longest.
- A *bound* (≥, ≤) is what a cut-off search proves about a value without knowing it exactly; a
  *heuristic* value comes from an evaluation function and proves nothing.

README.md's "Words" section says the same to users.
"""

from __future__ import annotations

OPTIMAL = "optimal"
BEST = "best"
OPTIMAL_MEANS = "keeps the game value"
BEST_MEANS = "among the optimal moves, the quickest win or the slowest loss"

_PLURALS = {"ply": "plies", "entry": "entries", "this": "these", "is": "are", "was": "were"}


def plural(word: str, number: int) -> str:
    """`word` as it reads beside `number`: ply/plies, move/moves."""
    if number == 1:
        return word
    return _PLURALS.get(word, word + "s")


def count(number: int, word: str) -> str:
    """`1 ply`, `2 plies`, `1,000 nodes`: a count with its noun in agreement."""
    return f"{number:,} {plural(word, number)}"


def own_moves(plies: int) -> int:
    """The moves of the player to move within `plies` plies from now: it plays the 1st, 3rd, ...
    ply, so a game that ends after 5 plies takes 3 of its moves, and after 4 plies 2 of them."""
    return (plies + 1) // 2


def in_plies(plies: int | None, at_most: bool = False) -> str:
    """` in 5 plies`, ` in at most 1 ply`, or nothing when the distance is unknown."""
    if plies is None:
        return ""
    return f" in {'at most ' if at_most else ''}{count(plies, 'ply')}"


def in_own_moves(plies: int | None, at_most: bool = False) -> str:
    """` in 3 of your moves`-style distance, counted in the mover's own moves: ` in 3 moves`."""
    if plies is None:
        return ""
    return f" in {'at most ' if at_most else ''}{count(own_moves(plies), 'move')}"


__all__ = ["BEST", "BEST_MEANS", "OPTIMAL", "OPTIMAL_MEANS", "count", "in_own_moves", "in_plies",
           "own_moves", "plural"]
