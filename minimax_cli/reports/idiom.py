"""How a game's own players speak of a position, as its reports say it: their names (chess: White
and Black) and how they write a score (core.score.Scale: centipawns as pawns, mates counted in
moves); the house's words (MAX and MIN, +1, a win in 3 plies) where a game has none of its own.
Plain data taken from the game's hooks (`Game.side_names`, `Game.score_scale`,
`Game.move_letters`) when its report is made, so that words and views stay generic."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import M_, Words
from minimax_cli.core.score import Scale


@dataclass(frozen=True)
class Idiom:
    """`sides`: the two players' names, untranslated; `scale`: how a score is written; `letters`:
    the letters of a move's text as the reader is shown them (`str.translate`'s table: chess in
    Spanish writes Cf3 for Nf3), None where the text is shown as written (JSON always is)."""

    sides: tuple[str, str] | None = None
    scale: Scale | None = None
    letters: Mapping[int, str] | None = None

    def said(self, text: str) -> str:
        """A move's (or a line's) text in the reader's letters."""
        return text if self.letters is None else text.translate(self.letters)

    def side(self, player: int | None) -> Words | None:
        """The player's own name (translated when shown), or None where the game has none."""
        if self.sides is None or player not in (0, 1):
            return None
        assert player is not None
        return M_(self.sides[player])


#: The house's words: MAX and MIN, values as numbers, results in plies.
PLAIN = Idiom()


def idiom_of(game: AnyGame) -> Idiom:
    """The game's own names and scale, where its hooks give them."""
    sides, scale, letters = game.side_names(), game.score_scale(), game.move_letters()
    if sides is None and scale is None and letters is None:
        return PLAIN
    return Idiom(sides, scale, letters)


__all__ = ["PLAIN", "Idiom", "idiom_of"]
