"""The play session's commands that end or list rather than think: `moves` (the legal moves),
`resign` (the player to move gives the game up), `draw` (a draw claimed by the game's rules, where
a game has them: chess's threefold repetition and 50-move rule), and the game's record kept in a
file after every move (`--pgn FILE` for chess), so that an interrupted game loses nothing.

`Verdict` is how a game ended other than by its rules: the session's loop stops at one, and the
summary and the record take their result from it. This module does not import the session
(imports go one way); it uses what `Claimant` states of it.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import _
from minimax_cli.play.config import PlayConfig


@dataclass(frozen=True)
class Verdict:
    """A game ended by a player: its value from MAX's view and how it ended, in words."""

    value: float
    words: str


class Claimant(Protocol):
    """What these commands use of a play session."""

    game: AnyGame
    config: PlayConfig
    names: tuple[str, ...]
    verdict: Verdict | None

    @property
    def state(self) -> Any: ...

    def say(self, text: str, markup: bool = False) -> None: ...

    def who(self, player: int) -> str: ...

    def refuse(self, reason: str) -> None: ...


def list_moves(session: Claimant) -> None:
    """The legal moves here, in the game's notation, on one line."""
    game, state = session.game, session.state
    moves = [game.spoken_move(state, move) for move in game.legal_moves(state)]
    session.say(_("legal moves ({count}): {moves}").format(count=len(moves),
                                                          moves=" ".join(moves)))


def resign(session: Claimant) -> None:
    """The player to move gives the game up: the other player wins (two players only)."""
    game = session.game
    if len(session.names) != 2 or not game.win_loss:
        session.say(_("resigning needs a game of two players that one wins"))
        return
    player = game.to_move(session.state)
    session.verdict = Verdict(-1.0 if player == 0 else 1.0, _("{player} resigns").format(
        player=session.who(player)))
    session.say(session.verdict.words)


def claim_draw(session: Claimant) -> None:
    """A draw claimed by the player to move: granted where the game's rules allow it here, else
    refused with the reason."""
    claim = session.game.draw_claim_words(session.state)
    if claim is None:
        session.say(_("{game} has no draw to claim").format(game=session.game.name))
        return
    allowed, words = claim
    if not allowed:  # said, not refused: a claim turned down is no bad entry
        session.say(words)
        return
    session.verdict = Verdict(0.0, words)
    session.say(_("draw claimed: {words}").format(words=words))


def record_headers(session: Claimant) -> dict[str, str]:
    """The record's headers: the event, today's date, each player (you, the AI with its level,
    or a name when both are alike)."""
    config = session.config
    players = []
    for seat in range(len(session.names)):
        if config.ai[seat]:
            players.append(f"minimax (level {config.policy.level})")
        else:
            players.append("?" if all(config.ai) or not any(config.ai) else "You")
    return {"Event": "minimax play", "Site": "?",
            "Date": datetime.date.today().strftime("%Y.%m.%d"),
            "White": players[0], "Black": players[1]}


def write_record(session: Claimant, path: str) -> None:
    """The game so far written to `path` (replaced whole, through a file beside it, so a Ctrl-C
    leaves the last complete record); a file that cannot be written is said once a move."""
    game, state = session.game, session.state
    value = session.verdict.value if session.verdict is not None else game.outcome(state)
    text = game.game_record(state, record_headers(session), value)
    if text is None:
        return
    target = Path(path)
    partial = target.with_name(target.name + ".part")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, target)
    except OSError as error:
        session.refuse(_("the game record cannot be written to {file}: {error}").format(
            file=path, error=error.strerror or error))


__all__ = ["Claimant", "Verdict", "claim_draw", "list_moves", "record_headers", "resign",
           "write_record"]
