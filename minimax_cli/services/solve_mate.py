"""`minimax solve` of a game whose positions are too large to solve but whose mates can be proven
(a game with `Game.mate_board`: chess). The mate prover (core/search/mate.py, run by the answering
room: answer/solving.py `mate`) proves the shortest mate in N of either side, or that there is
none within `--max-moves`, or runs out of its budget (`--nodes`, `--time`) and says so; this
module turns what it proved into the one report model, and claims nothing more.

The report's score is the mate's (a win or loss in so many plies, from MAX's point of view, as
every solve's), None when no mate was proven: "no mate within N moves" is no value of the
position. `facts` keep what was proven for scripts and JSON: `mate` (mates, mated, no-mate, over,
stopped), `moves` (N), `none_within` (the moves within which no mate exists, proven) and
`max_moves`.
"""

from __future__ import annotations

from typing import Any

from minimax_cli.answer.solving import mate
from minimax_cli.core.game import AnyGame, SearchError
from minimax_cli.core.i18n import M_, Message, _, nM_
from minimax_cli.core.result import Limits
from minimax_cli.core.score import PovScore, Score
from minimax_cli.core.search.mate import (
    DEFAULT_MAX_MOVES,
    MATED,
    MATES,
    MOST_MOVES,
    NAME,
    NO_MATE,
    OVER,
    Mate,
)
from minimax_cli.reports.model import Report, from_solve
from minimax_cli.reports.words import player_message

#: A solve by the mate prover: the report's method.
METHOD_MATE = NAME


def proves_mates(game: AnyGame) -> bool:
    """Whether `solve` proves mates in this game (it has a mate board) instead of solving."""
    return game.mate_board(game.initial_state()) is not None


def check_max_moves(game: AnyGame, max_moves: int | None) -> None:
    """SearchError (exit 2) when --max-moves is given where no mate is proven, or out of range."""
    if max_moves is None:
        return
    if not proves_mates(game):
        raise SearchError(_("--max-moves bounds the mate prover, which {game} does not have "
                            "(chess has)").format(game=game.name))
    if not 1 <= max_moves <= MOST_MOVES:
        raise SearchError(_("--max-moves must be from 1 to {most}, got {moves}").format(
            most=MOST_MOVES, moves=max_moves))


def solve_by_mate(game: AnyGame, state: Any, max_moves: int | None = None,
                  limits: Limits | None = None) -> Report:
    """Prove the shortest mate of `state` within `max_moves` moves (default DEFAULT_MAX_MOVES)
    and `limits`, as a report (see the module docstring)."""
    most = DEFAULT_MAX_MOVES if max_moves is None else max_moves
    proved = mate(game, state, most, limits)
    if proved is None:
        raise SearchError(_("{game} has no mate prover").format(game=game.name))
    mover = game.to_move(state)
    score: Score | None = None
    if proved.found == MATES:
        score = PovScore(Score.win(2 * proved.moves - 1), mover).max()
    elif proved.found == MATED:
        score = PovScore(Score.loss(2 * proved.moves), mover).max()
    elif proved.found == OVER:
        outcome = game.outcome(state)
        score = Score.draw() if not outcome else Score.win(0) if outcome > 0 else Score.loss(0)
    line = proved.line
    found = [(line[0], score)] if line and score is not None else []
    facts = {"mate": proved.found, "moves": proved.moves, "none_within": proved.none_within,
             "max_moves": proved.max_moves}
    explanation = (headline(game, state, proved, mover), soundness(proved))
    return from_solve(game, state, score, found, method=METHOD_MATE, explanation=explanation,
                      nodes=proved.nodes, elapsed=proved.seconds, pv=line, facts=facts,
                      stopped=proved.stopped)


def headline(game: AnyGame, state: Any, proved: Mate, mover: int) -> Message:
    """What was proven, in one sentence: `White mates in 3: Qxh7+ Kxh7 Rh3+ …`."""
    names = game.side_names()
    side, other = ((M_(names[mover]), M_(names[1 - mover])) if names is not None
                   else (player_message(mover), player_message(1 - mover)))
    words, position = [], state
    for move in proved.line:
        words.append(game.spoken_move(position, move))
        position = game.play(position, move)
    line = " ".join(words) + ("" if game.outcome(position) is not None else " …")
    if proved.found == MATES:
        return nM_("{side} mates in {count} move: {line}", "{side} mates in {count} moves: {line}",
                   proved.moves, side=side, count=proved.moves, line=line)
    if proved.found == MATED:
        return nM_("{side} is mated in {count} move: {line}",
                   "{side} is mated in {count} moves: {line}",
                   proved.moves, side=side, count=proved.moves, line=line)
    if proved.found == NO_MATE:
        return nM_("Neither {side} nor {other} mates within {count} move.",
                   "Neither {side} nor {other} mates within {count} moves.",
                   proved.max_moves, side=side, other=other, count=proved.max_moves)
    if proved.found == OVER:
        return M_("The game is already over: there is no mate to prove.")
    if proved.none_within == 0:
        return M_("The budget ran out before any mate was proven or ruled out: nothing is "
                  "claimed.")
    return nM_("The budget ran out first: only that neither side mates within {count} move is "
               "proven.",
               "The budget ran out first: only that neither side mates within {count} moves is "
               "proven.", proved.none_within, count=proved.none_within)


def soundness(proved: Mate) -> Message:
    """Why the answer is proven (the mate prover, core/search/mate.py)."""
    return M_("The mate prover searched every defence for 1, 2, … moves in turn, so the mate "
              "found is the shortest; it prunes only moves already refuted (no evaluation, no "
              "null move, no stand-pat). Stalemate, insufficient material and the 50-move claim "
              "count as escapes; within {most} moves at most.", most=proved.max_moves)


__all__ = ["METHOD_MATE", "check_max_moves", "proves_mates", "solve_by_mate"]
