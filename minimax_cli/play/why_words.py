"""`why` in words: the AI's last move explained, from its report (a `Why`:
minimax_cli.reports.think), for minimax_cli.play.hints to draw.

The answer says the move's value as the AI's move line does (minimax_cli.play.words.explain),
then the line of play expected after it, the moves as good and the moves table. When the
position's value was proven but no move that keeps it, so that the search's estimate chose among
the moves, what is proven of every move comes first, then how the search chose, and the table is
headed as the estimate's: a heuristic, not a proof.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from minimax_cli.answer.review import TIE_RULE
from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import _
from minimax_cli.play.words import (
    can_force_a_win,
    explain,
    how_words,
    line_text,
    listed,
    proven_by,
)
from minimax_cli.reports.model import Report
from minimax_cli.reports.table import MovesTable, Reader, reader_table
from minimax_cli.reports.think import Think, Why
from minimax_cli.reports.words import Party, cell_words
from minimax_cli.views.game_tree import move_name


def proven_words(game: AnyGame, state: Any, thought: Think, mover: Party, other: Party
                 ) -> str | None:
    """What is proven of the moves when the search's estimate chose among them (the position's
    value proven, no move that keeps it): `proven by the opening book: every move loses (1, 2,
    3): you can force a win after any of them; how soon is not proven`; None otherwise."""
    value = thought.value
    if value is None:
        return None
    by = proven_by(thought.value_proof)
    moves = list(game.legal_moves(state))
    if value < 0:  # a lost position: every move loses, however far off the end
        return _("{by}: every move loses ({moves}): {win} after any of them; how soon is not "
                 "proven").format(by=by, moves=listed(game, state, moves),
                                  win=can_force_a_win(other))
    text = _("{by}: {win}, but no winning move was found in time").format(
        by=by, win=can_force_a_win(mover))
    ruled_out = []  # the moves proven not to win (a loss, at most a draw), in the game's order
    for move in moves:
        line = next((m for m in thought.report.moves if m.move == move), None)
        if line is None or line.pov_score is None or not line.pov_score.relative.proven:
            continue
        score = line.pov_score.seen_by(mover.player)
        ruled_out.append(_("{move} ({value})").format(
            move=game.format_move(state, move), value=cell_words(game, score, mover.player)))
    if ruled_out:
        text += "; " + _("proven not to win: {moves}").format(moves=", ".join(ruled_out))
    return text


@dataclass(frozen=True)
class WhyWords:
    """`why` in words: the question (`why 5? `), its answer, the random choice (if it was one),
    the line, the moves as good, the moves table, and the report whose statistics follow (none
    after a game's own solver: the answer counts its work). When the search's estimate chose
    among moves whose value was proven otherwise, `proven` says what was proven of them and
    `chosen` how the search that chose went; both come before the line and the table."""

    question: str
    answer: str
    random: str | None
    line: str
    as_good: str | None
    table: MovesTable | None
    stats: Report | None
    proven: str | None = None
    chosen: str | None = None


def why_words(game: AnyGame, state: Any, why: Why, reader: Reader, other: Party) -> WhyWords:
    """Every word of `why` the AI (`reader`, its move `reader.played`) played `why.move` at
    `why.ply`."""
    thought = why.think
    move_text = move_name(game, state, why.move)
    because = explain(game, thought, why.move, reader.party, other)
    report = thought.report
    paranoid = game.game_type.players > 2 and report.returns is None
    line_words = _("line: {line}").format(line=line_text(game, state, why.line, paranoid))
    random = None
    if why.random:
        random = _("a random move: at level {level} the AI plays a random legal move {percent} "
                   "of the time").format(level=why.level, percent=f"{why.randomness:.0%}")
    as_good = _as_good(game, state, why)
    answer = reader.party.says(_("you played {move} at ply {ply}: {why}"),
                               _("{name} played {move} at ply {ply}: {why}"), move=move_text,
                               ply=str(why.ply), why=because)
    proven = proven_words(game, state, thought, reader.party, other)
    chosen = None if proven is None else _("how the move was chosen: {how}").format(
        how=how_words(thought))
    table = (reader_table(game, state, report, reader, estimated=thought.value is not None)
             if report.moves else None)
    return WhyWords(_("why {move}? ").format(move=move_text), answer, random, line_words,
                    as_good, table, report if thought.method is None else None, proven, chosen)


def _as_good(game: AnyGame, state: Any, why: Why) -> str | None:
    """`as good: 3, 7 (the AI picks one of the best at random)`: the best moves but the one
    played, unless it was played at random."""
    if why.random:
        return None
    tied, alike = why.think.tied, why.think.alike
    others = [m for m in alike if m != why.move]
    differ = [m for m in tied if m not in alike and m != why.move]
    parts = []
    if others:
        parts.append(_("as good: {moves} (the AI picks one of the best at random)").format(
            moves=listed(game, state, others)))
    if differ:
        parts.append(_("as good for its own return: {moves} (not for the other players: the AI "
                       "breaks such ties as max^n does, {rule})").format(
            moves=listed(game, state, differ), rule=_(TIE_RULE)))
    return "; ".join(parts) or None


__all__ = ["WhyWords", "proven_words", "why_words"]
