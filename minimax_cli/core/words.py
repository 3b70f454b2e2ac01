"""The tool's vocabulary, written once: counts that read right in the singular, plies versus moves.

- A *ply* is one player's turn; a *move* in "wins in 3 moves" counts only the turns of the player
  named (the winner's own moves): a win in 5 plies for the player to move is a win in 3 of its moves.
- An *optimal* move keeps the game value; the *best* moves are, among the optimal ones, those that
  win soonest or, when every move loses, hold out longest.
- A *bound* (≥, ≤) is what a cut-off search proves about a value without knowing it exactly; a
  *heuristic* value comes from an evaluation function and proves nothing.

docs/reference.md's "Words" section says the same to users.
"""

from __future__ import annotations

from minimax_cli.core.i18n import Grouped, Joined, Words, _, ngettext, nM_, text_of
from minimax_cli.core.params import grouped  # the core's, for its messages and ours alike

_PLURALS = {"ply": "plies", "entry": "entries", "this": "these", "is": "are", "was": "were"}


def _english(word: str, number: int) -> str:
    if number == 1:
        return word
    return _PLURALS.get(word, word + "s")


def plural(word: str, number: int) -> str:
    """`word` as it reads beside `number`: ply/plies, move/moves (translated for the nouns of
    `count`; other words, such as was/were, stay English)."""
    nouns = {
        "ply": lambda n: ngettext("ply", "plies", n),
        "move": lambda n: ngettext("move", "moves", n),
        "node": lambda n: ngettext("node", "nodes", n),
        "position": lambda n: ngettext("position", "positions", n),
    }
    form = nouns.get(word)
    return form(number) if form is not None else _english(word, number)


def count(number: int, word: str) -> str:
    """`1 ply`, `2 plies`, `1,000 nodes`: a count with its noun in agreement."""
    return text_of(count_words(number, word))


def count_words(number: int, word: str) -> Words:
    """`count` untranslated (a report's words)."""
    counts = {
        "ply": lambda n: nM_("{count} ply", "{count} plies", n, count=Grouped(n)),
        "move": lambda n: nM_("{count} move", "{count} moves", n, count=Grouped(n)),
        "more move": lambda n: nM_("{count} more move", "{count} more moves", n,
                                   count=Grouped(n)),
        "node": lambda n: nM_("{count} node", "{count} nodes", n, count=Grouped(n)),
        "position": lambda n: nM_("{count} position", "{count} positions", n, count=Grouped(n)),
        "entry": lambda n: nM_("{count} entry", "{count} entries", n, count=Grouped(n)),
        "line": lambda n: nM_("{count} line", "{count} lines", n, count=Grouped(n)),
        "simulation": lambda n: nM_("{count} simulation", "{count} simulations", n,
                                    count=Grouped(n)),
    }
    form = counts.get(word)
    if form is None:
        return Joined((Grouped(number), _english(word, number)), separator=" ")
    return form(number)


def own_moves(plies: int) -> int:
    """The moves of the player to move within `plies` plies from now: it plays the 1st, 3rd, ...
    ply, so a game that ends after 5 plies takes 3 of its moves, and after 4 plies 2 of them."""
    return (plies + 1) // 2


def in_plies(plies: int | None, at_most: bool = False) -> str:
    """` in 5 plies`, ` in at most 1 ply`, or nothing when the distance is unknown."""
    return text_of(in_plies_words(plies, at_most))


def in_plies_words(plies: int | None, at_most: bool = False) -> Words:
    """`in_plies` untranslated (a report's words)."""
    if plies is None:
        return ""
    if at_most:
        return nM_(" in at most {count} ply", " in at most {count} plies", plies,
                   count=Grouped(plies))
    return nM_(" in {count} ply", " in {count} plies", plies, count=Grouped(plies))


def in_own_moves(plies: int | None, at_most: bool = False) -> str:
    """` in 3 of your moves`-style distance, counted in the mover's own moves: ` in 3 moves`."""
    if plies is None:
        return ""
    moves = own_moves(plies)
    if at_most:
        text = ngettext(" in at most {count} move", " in at most {count} moves", moves)
    else:
        text = ngettext(" in {count} move", " in {count} moves", moves)
    return text.format(count=grouped(moves))


def best_word() -> str:
    """`best` in the interface's language."""
    return _("best")


def best_means() -> str:
    return _("among the optimal moves, the quickest win or the slowest loss")


def optimal_means() -> str:
    return _("keeps the game value")


__all__ = ["best_means", "best_word", "count", "count_words", "grouped", "in_own_moves", "in_plies",
           "in_plies_words", "optimal_means", "own_moves", "plural"]
