"""What a move's value means, in words for the players of a `minimax play` session.

Every value is told from the side of one player, a `Party` ("you", "the AI", "X"), against the
other. Counts follow minimax_cli.core.words: "in 2 moves" counts the named player's own moves, and once
a move is played it no longer counts ("in 1 more move"). A heuristic value is called an estimate,
a bound says "at least" or "at most", and a game of numbers shows its values from MAX's side, as
the course does.

A hint is told here whole (`hint_words`) from its report (a `Think`: minimax_cli.reports.think),
`why` in minimax_cli.play.why_words from these words, the moves table in words from
minimax_cli.reports.table, once for minimax_cli.play.hints to draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from minimax_cli.answer.levels import level_name
from minimax_cli.answer.precedence import DEFAULT_ALGORITHM, PROOF_ALGORITHM
from minimax_cli.answer.review import TIE_RULE
from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import _, ngettext
from minimax_cli.core.result import STOP_NODES, STOP_TIME
from minimax_cli.core.score import Bound, Kind, Number, Score, format_number
from minimax_cli.core.words import count, grouped, in_own_moves, own_moves
from minimax_cli.reports.idiom import idiom_of
from minimax_cli.reports.model import Report, pv_text
from minimax_cli.reports.table import MovesTable, Reader, reader_table
from minimax_cli.reports.think import PlayLine, Think
from minimax_cli.reports.words import (
    Party,
    bounded_result,
    max_view,
    returns_words,
    scaled_message,
    score_words,
)
from minimax_cli.views.solve import method_name

if TYPE_CHECKING:
    from minimax_cli.answer.policy import Policy

def policy_words(policy: Policy) -> str:
    """`level 3: medium, 3 plies deep, up to 1 s a move` and the like."""
    name = level_name(policy.level, policy.perfect)
    parts = [_("level {level}: {name}").format(level=policy.level, name=name)]
    if policy.depth is not None:
        parts.append(_("{plies} deep").format(plies=count(policy.depth, "ply")))
    if policy.randomness:
        parts.append(_("a random move {percent} of the time").format(
            percent=f"{policy.randomness:.0%}"))
    if policy.algorithm != DEFAULT_ALGORITHM:
        parts.append(policy.algorithm)
    parts.append(_("up to {budget} s a move").format(budget=f"{policy.budget:g}"))
    return ", ".join(parts)


#: A line of equally good moves names at most LISTED of them.
LISTED = 20


def _for(party: Party, what: str) -> str:
    """`at least a draw for you`, `estimate 4 for the AI`."""
    return party.says(_("{what} for you"), _("{what} for {name}"), what=what)


def _more_moves(moves: int, at_most: bool) -> str:
    """` in 1 more move`, ` in at most 2 more moves`."""
    if at_most:
        text = ngettext(" in at most {count} more move", " in at most {count} more moves", moves)
    else:
        text = ngettext(" in {count} more move", " in {count} more moves", moves)
    return text.format(count=grouped(moves))


def _can_force(party: Party, distance: str) -> str:
    return party.says(_("you can force a win{distance}"), _("{name} can force a win{distance}"),
                      distance=distance)


def _wins_now(party: Party) -> str:
    return party.says(_("you win with this move"), _("{name} wins with this move"))


def _numeric(game: AnyGame, score: Score) -> bool:
    return not game.win_loss or score.kind is Kind.VALUE


def scaled_words(game: AnyGame, score: Score) -> str | None:
    """A score in the game's own scale (`estimate +0.38`, `mate in 2 (found, not proven)`), None
    where the scale has no words for it. A game with a scale is played by its engine (chess:
    pvs), whose mates are found, not proven (its null move and table are not proofs), so `play`
    never says they are."""
    said = scaled_message(score, idiom_of(game), proofs=False)
    return None if said is None else said.text()


def before_words(game: AnyGame, score: Score, mover: Party, other: Party) -> str:
    """What a move means before it is played, `score` from its mover's side: `you can force a win
    in 2 moves` (this move counted), `the AI can force a win in 1 move` (a loss for you), `a draw
    with best play`, `at least a draw for you`, `estimate 4 for you`, `value 3 (MAX's view)`."""
    if game.score_scale() is not None:  # the game's own words (chess: +0.38, mate in 2)
        said = scaled_words(game, score)
        if said is not None:
            return _for(mover, said)
    if _numeric(game, score):
        return max_view(score, mover.player)
    if score.kind is Kind.ESTIMATE:
        return _for(mover, score_words(score))
    if score.bound is not Bound.EXACT:
        return _for(mover, bounded_result(score))
    if score.kind is Kind.DRAW:
        return _("a draw with best play")
    if score.kind is Kind.WIN:
        return _can_force(mover, in_own_moves(score.plies, score.plies_at_most))
    rest = None if score.plies is None else score.plies - 1  # the opponent moves first after it
    return _can_force(other, in_own_moves(rest, score.plies_at_most))


def after_words(game: AnyGame, score: Score, mover: Party, other: Party) -> str:
    """What a move means once played, `score` from its mover's side as valued before it: `the AI
    wins with this move`, `the AI can force a win in 1 more move`, `you can force a win in 2
    moves` (the mover lost), and otherwise as `before_words`."""
    if _numeric(game, score) or score.kind is Kind.ESTIMATE or score.bound is not Bound.EXACT:
        return before_words(game, score, mover, other)
    if score.kind is Kind.WIN and score.plies is not None:
        if score.plies <= 1:
            return _wins_now(mover)
        return _can_force(mover, _more_moves(own_moves(score.plies) - 1, score.plies_at_most))
    return before_words(game, score, mover, other)


def ending_words(game: AnyGame, value: float, mover: Party) -> str:
    """The last move of a game, `value` the outcome (MAX's view): `the AI wins with this move`,
    `the game ends in a draw`, `the game ends with value 3 (MAX's view)`."""
    if not game.win_loss:
        return _("the game ends with value {value} (MAX's view)").format(
            value=format_number(value))
    if value == 0:
        return _("the game ends in a draw")
    if (value > 0) == (mover.player == 0):
        return _wins_now(mover)
    return mover.says(_("you lose with this move"), _("{name} loses with this move"))


def vector_words(vector: tuple[Number, ...], proven: bool, tie_broken: bool = False) -> str:
    """`returns: player 1 1, player 2 0, player 3 0` (proven), or the estimated returns; with
    `tie_broken`, said to hold if every player breaks ties by max^n's rule."""
    if tie_broken:
        return _("returns: {returns}, if every player breaks ties as max^n does ({rule})").format(
            returns=returns_words(vector), rule=_(TIE_RULE))
    text = _("returns: {returns}") if proven else _("estimated returns: {returns}")
    return text.format(returns=returns_words(vector))


def secured_words(score: Score, mover: Party) -> str:
    """A paranoid value among more than two players, the mover's own return whatever the others
    play: `at least 1 for you, whatever the others play`."""
    value = format_number(score.number)
    if score.bound is Bound.UPPER:
        return mover.says(_("at most {value} for you, whatever the others play"),
                          _("at most {value} for {name}, whatever the others play"), value=value)
    return mover.says(_("at least {value} for you, whatever the others play"),
                      _("at least {value} for {name}, whatever the others play"), value=value)


def how_words(thought: Think) -> str:
    """How the move was found: `a search to the end`, `best move at depth 6 of a search stopped
    after 1 s`, `no value found: ... before any depth was completed`..."""
    result = thought.report
    budget = f"{thought.budget:g}"
    if thought.method is not None:
        return _("the game's own solver ({method})").format(method=method_name(thought.method))
    if result.iterations is not None:
        runs = count(result.iterations, "simulation")
        if thought.solved:
            return _("Monte Carlo tree search with its solver ({runs})").format(runs=runs)
        return _("Monte Carlo tree search ({runs}, the most visited move)").format(runs=runs)
    proof = thought.proof_seconds
    if result.score is None:
        if thought.in_proof:
            return _("no value found: Ctrl-C stopped the proof search, which gives no value until "
                     "it finishes, before any depth-limited search began")
        if thought.interrupted:
            return _("no value found: Ctrl-C stopped the search before any depth was completed")
        return _("no value found: the {budget} s budget ran out before any depth was "
                 "completed").format(budget=budget)
    if thought.proof == "book":
        return _("the opening book")
    if thought.proof == "value":
        return _("a proof search of the moves' values (win, draw or loss; distances where "
                 "proven)")
    if thought.solved:
        if result.algorithm == PROOF_ALGORITHM:
            return _("an exact proof search")
        if table_answered(result):
            return _("a search {plies} deep and the table of positions already proven").format(
                plies=count(result.depth or 0, "ply"))
        return _("a search to the end")
    if thought.interrupted or result.stopped is not None:
        words = _stopped_words(result.depth, result.stopped, thought.interrupted, budget)
        if proof is None or thought.interrupted or result.stopped != STOP_TIME:
            return words
        # The clock stopped the search, which had only the time the proof left it.
        if result.depth is None:
            return words
        if thought.value is not None:
            text = _("best move at depth {depth} of a search in the time left of {budget} s (a "
                     "proof search took the first {proof} s: it proved the value, not a move)")
        else:
            text = _("best move at depth {depth} of a search in the time left of {budget} s (a "
                     "proof search took the first {proof} s and did not finish)")
        return text.format(depth=result.depth, budget=budget, proof=f"{proof:.2f}")
    if result.depth is None:
        return _("best move of a search to the end")
    return _("best move of a search {plies} deep").format(plies=count(result.depth, "ply"))


def table_answered(report: Report) -> bool:
    """Whether a proven search stopped short of the end of its own line: its last depth was
    shallower than the line it proved, so the positions at that depth were answered from the
    table of positions earlier thinks had proven to the end (a search of its own finds a line
    no longer than its depth)."""
    return report.depth is not None and len(report.pv) > report.depth


def _stopped_words(depth: int | None, stopped: str | None, interrupted: bool,
                   budget: str) -> str:
    """`best move at depth 6 of a search stopped after 1 s` (by Ctrl-C, by its nodes limit)."""
    if depth is None:
        if interrupted:
            text = _("best move at the end of a search stopped by Ctrl-C")
        elif stopped == STOP_TIME:
            text = _("best move at the end of a search stopped after {budget} s")
        elif stopped == STOP_NODES:
            text = _("best move at the end of a search stopped by its nodes limit")
        else:
            text = _("best move at the end of a search stopped by its {limit} limit")
    elif interrupted:
        text = _("best move at depth {depth} of a search stopped by Ctrl-C")
    elif stopped == STOP_TIME:
        text = _("best move at depth {depth} of a search stopped after {budget} s")
    elif stopped == STOP_NODES:
        text = _("best move at depth {depth} of a search stopped by its nodes limit")
    else:
        text = _("best move at depth {depth} of a search stopped by its {limit} limit")
    return text.format(depth=depth, budget=budget, limit=stopped)


def explain(game: AnyGame, thought: Think, move: Any, mover: Party, other: Party, *,
            played: bool = False) -> str:
    """`value, how · work` for `move` from its mover's side, as `after_words` says it once the move
    is `played`, else as `before_words`; never a value for a move the search did not value."""
    report = thought.report
    how = how_words(thought)
    if report.score is None:
        return _("{how}; the move is move ordering's first choice, not searched").format(how=how)
    entry = next((line for line in report.moves if line.move == move), None)
    nodes = report.count("nodes")
    if thought.interrupted:
        work = ""
    elif thought.method is not None:
        work = ngettext(" · {count} position solved", " · {count} positions solved",
                        nodes).format(count=grouped(nodes))
    else:
        work = " · " + count(nodes, "node")
    if entry is None:
        return _("{how}; this move was not valued{work}").format(how=how, work=work)
    assert entry.pov_score is not None  # a search's report (from_search)
    score = entry.pov_score.seen_by(mover.player)
    if entry.returns is not None:
        words = vector_words(entry.returns, score.proven, entry.tie_broken)
    elif game.game_type.players > 2:  # paranoid: the mover's own return
        words = secured_words(score, mover)
    else:
        words = (after_words if played else before_words)(game, score, mover, other)
    if thought.proof is not None and score.exact and score.kind in (Kind.WIN, Kind.LOSS) \
            and score.plies is None:
        # A weak proof: the result is proven, how long it takes is not.
        text = _("{how}: {value} (proven; distance not proven){work}")
    elif score.exact:
        if thought.solved:
            text = _("{value}, proven by {how}{work}")
        else:
            text = _("{how}: {value} (proven){work}")
    elif score.proven:
        text = _("{how}: {value} (a proven bound){work}")
    elif thought.value is not None:
        # The proven value first; the estimate only as the way the move was chosen (`why`
        # tells how the search went).
        text = (_("{claim}; chosen to make the win as hard as possible: {value}{work}")
                if thought.value < 0 else
                _("{claim}; no winning move was proven in time, so the search chose: "
                  "{value}{work}"))
        return text.format(claim=value_claim(thought.value, thought.value_proof, mover, other),
                           value=words, work=work)
    else:
        text = _("{how}; value not proven: {value}{work}")
    return text.format(value=words, how=how, work=work)


def value_claim(value: int, proof: str | None, mover: Party, other: Party) -> str:
    """The position's proven `value` (for `mover`, who is to move) when no move keeping it was
    proven, in one short sentence: `you can force a win (proven by the opening book)`."""
    # Never a draw: a drawn position's move is the one its not-lost proof found.
    winner = other if value < 0 else mover
    return _("{win} ({by})").format(win=can_force_a_win(winner), by=proven_by(proof))


def proven_by(proof: str | None) -> str:
    """`proven by the opening book` (`proof` "book"), else `proven by a proof search`."""
    return _("proven by the opening book") if proof == "book" else _("proven by a proof search")


def can_force_a_win(party: Party) -> str:
    """`you can force a win`, `the AI can force a win`: a proven win, its distance unknown."""
    return _can_force(party, "")


def line_text(game: AnyGame, state: Any, line: PlayLine, paranoid: bool = False) -> str:
    """`6 4 1 8 (then best play on both sides)`; `paranoid`: a line of more than two players
    where the others play against the first mover."""
    words = list(pv_text(game, state, line.moves)[0])
    if line.cut or (line.proven and not line.to_the_end):
        words.append("…")
    if line.to_the_end and len(line.moves) == 1:
        return _("{move} (it ends the game)").format(move=words[0])
    if line.proven and line.optimal_only:
        text = (_("{moves} (optimal play on both sides, to the end of the game: each move keeps "
                  "the game value)") if line.to_the_end else
                _("{moves} (then optimal play on both sides: each move keeps the game value)"))
    elif line.proven and paranoid:
        text = (_("{moves} (best play for the first mover, every other player playing against "
                  "it, to the end of the game)") if line.to_the_end else
                _("{moves} (then best play for the first mover, every other player playing "
                  "against it)"))
    elif line.proven and game.game_type.players > 2:
        text = (_("{moves} (each player's best play for itself, to the end of the game)")
                if line.to_the_end else _("{moves} (then each player's best play for itself)"))
    elif line.proven:
        text = (_("{moves} (best play on both sides, to the end of the game)") if line.to_the_end
                else _("{moves} (then best play on both sides)"))
    elif len(line.moves) == 1:
        text = _("{moves} (no line: nothing was searched beyond this move)")
    else:
        text = (_("{moves} (the play the search expects, to the end of the game; not proven)")
                if line.to_the_end else _("{moves} (then the play the search expects, not proven)"))
    return text.format(moves=" ".join(words))


def listed(game: AnyGame, state: Any, moves: Sequence[Any]) -> str:
    """`3, 7, 9`; past LISTED moves, `… and 12 more`."""
    names = ", ".join(game.format_move(state, m) for m in moves[:LISTED])
    if len(moves) <= LISTED:
        return names
    rest = len(moves) - LISTED
    return _("{moves} and {count} more").format(moves=names, count=grouped(rest))


@dataclass(frozen=True)
class HintWords:
    """A hint in words: the think's moves table (if it valued a move) and the line naming the
    best moves (if there are any)."""

    table: MovesTable | None
    line: str | None


def hint_words(game: AnyGame, state: Any, thought: Think, reader: Reader, other: Party
               ) -> HintWords:
    """Every word of a hint for `reader`, the player to move, against `other`."""
    report = thought.report
    line = best_line(game, state, thought, reader.party, other)
    table = (reader_table(game, state, report, reader, estimated=thought.value is not None)
             if report.moves else None)
    return HintWords(table, line)


def best_line(game: AnyGame, state: Any, thought: Think, mover: Party, other: Party
              ) -> str | None:
    """`best: 3, 7 (a draw with best play, proven by a search to the end · 576 nodes)`."""
    tied = thought.tied
    if not tied:
        return None
    text = (_("move ordering suggests: {moves} ({why})") if thought.report.score is None else
            _("best: {moves} ({why})"))
    # Among more than two players, moves as good for the mover may give the others other returns.
    alike = [m for m in thought.alike if m in tied] or list(tied)
    differ = [m for m in tied if m not in alike]
    line = text.format(moves=listed(game, state, alike),
                       why=explain(game, thought, alike[0], mover, other))
    if differ:
        line += "; " + mover.says(
            _("as good for you: {moves} (other returns for the other players: see the table)"),
            _("as good for {name}: {moves} (other returns for the other players: see the table)"),
            moves=listed(game, state, differ))
    return line


__all__ = ["LISTED", "HintWords", "after_words", "before_words", "best_line", "can_force_a_win",
           "ending_words", "explain", "hint_words", "how_words", "line_text", "listed",
           "proven_by", "table_answered", "value_claim", "vector_words"]
