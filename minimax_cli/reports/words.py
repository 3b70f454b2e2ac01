"""A report in words: the result for the player to move, each move for its mover, who is who; and
a move's value for one player of a `minimax play` session (`Party`: "you", "the AI", "X"), as a
table for that player says it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import M_, Joined, Message, Words, _, nM_, text_of
from minimax_cli.core.score import Bound, Kind, Number, PovScore, Score, format_number, mate_moves
from minimax_cli.core.words import in_own_moves, in_plies_words
from minimax_cli.reports.idiom import PLAIN, Idiom
from minimax_cli.reports.model import MoveLine, Report, mover_view

#: A bound's mark before a value: `≥ 0`, `≤ 3`.
SIGNS = {Bound.EXACT: "", Bound.LOWER: "≥ ", Bound.UPPER: "≤ "}


@dataclass(frozen=True)
class Party:
    """A player as the session speaks of it: `you` (you win, your moves) or `the AI` / `X` (wins,
    its moves)."""

    player: int
    name: str
    plural: bool = False

    def says(self, you_form: str, other_form: str, **values: str) -> str:
        """A sentence about this player, both forms already translated: `you_form` when it is
        you (your verbs differ: you win, ganas), else `other_form` with the player as {name}."""
        return (you_form if self.plural else other_form).format(name=self.name, **values)

    def move_of(self, move: str) -> str:
        """`your 5`, `the AI's 3`, `X's 5`."""
        return self.says(_("your {move}"), _("{name}'s {move}"), move=move)


def you(player: int) -> Party:
    return Party(player, _("you"), plural=True)


def the_ai(player: int) -> Party:
    return Party(player, _("the AI"))


def player_name(player: int | None, players: int = 2) -> str | None:
    """The player as JSON names it (`MAX`, `MIN`, `CHANCE`, `player 3`): a value scripts read,
    never translated; `player_words` is the same in the interface's language."""
    if player is None:
        return None
    if players > 2 and player >= 0:
        return f"player {player + 1}"
    return {MAX: "MAX", 1: "MIN", CHANCE: "CHANCE"}.get(player, f"player {player + 1}")


def player_words(player: int, players: int = 2) -> str:
    """`MAX`, `MIN`, `CHANCE` or `player 3`, in the interface's language."""
    return text_of(player_message(player, players))


def player_message(player: int, players: int = 2) -> Words:
    """`player_words` untranslated (a report's words)."""
    if players > 2 and player >= 0:
        return M_("player {number}", number=player + 1)
    if player in (MAX, 1):
        return "MAX" if player == MAX else "MIN"
    return M_("CHANCE") if player == CHANCE else M_("player {number}", number=player + 1)


def over_words(report: Report) -> str:
    """How a finished game ended, e.g. `the game is over: the first player (MAX) has won`."""
    return over_message(report).text()


def over_message(report: Report) -> Message:
    """`over_words` untranslated (a report's words)."""
    score = report.score
    if score is None:
        return M_("the game is over")
    if report.win_loss:
        # A search that averages (chance) gives a finished game's outcome as a plain number.
        won = score.kind is Kind.WIN or (score.kind is Kind.VALUE and score.number > 0)
        lost = score.kind is Kind.LOSS or (score.kind is Kind.VALUE and score.number < 0)
        winner = report.idiom.side(0 if won else 1)
        if winner is not None and (won or lost):  # the game's own names: White has won
            return M_("the game is over: {player} has won", player=winner)
        if won:
            return M_("the game is over: the first player (MAX) has won")
        if lost:
            return M_("the game is over: the second player (MIN) has won")
        return M_("the game is over: a draw")
    return M_("the game is over, with the value {value} for MAX",
              value=format_number(score.number))


def bounded_number(value: Number, bound: Bound) -> str:
    """`7`, `at least 7`, `at most 23/3 ≈ 7.667` (see `number_words`)."""
    return text_of(bounded_message(value, bound))


def bounded_message(value: Number, bound: Bound) -> Words:
    """`bounded_number` untranslated (a report's words)."""
    if bound is Bound.EXACT:
        return number_words(value)
    if bound is Bound.LOWER:
        return M_("at least {number}", number=number_words(value))
    return M_("at most {number}", number=number_words(value))


def result_words(report: Report) -> str:
    """The result for the player to move in words, in the interface's language (see
    `result_message`)."""
    return result_message(report).text()


def result_message(report: Report) -> Message:
    """The result for the player to move, untranslated: `the player to move (MIN) loses in 4 plies
    with perfect play`, `at least a draw for the player to move (MAX) (a bound: ...)`, `23/3 ≈
    7.667 for MAX`, `4 for the player to move (MAX) (heuristic estimate, not proven)`."""
    if report.over:
        return over_message(report)
    score = report.mover_score
    if score is None and report.command == "solve":
        return M_("no value: the solve stopped before the position's score was proven")
    if score is None and report.stopped is None:  # minimax's tree counted (move ordering)
        return M_("no value: the tree was counted, not searched, and nothing was evaluated")
    if score is None:
        return M_("no value: the search stopped before any depth was completed")
    if report.returns is not None:
        returns = returns_message(report.returns)
        if score.kind is Kind.ESTIMATE:
            return M_("estimated returns (not proven): {returns}", returns=returns)
        if report.tie_broken:
            # Here, not at the top: a report's words load no search family.
            from minimax_cli.core.search.maxn import TIE_RULE
            return M_("returns with each player's best play, if every player breaks ties as "
                      "max^n does ({rule}): {returns}", rule=M_(TIE_RULE), returns=returns)
        return M_("returns with each player's best play: {returns}", returns=returns)
    assert report.to_move is not None  # the game is not over
    player = report.idiom.side(report.to_move) or player_message(report.to_move, report.players)
    distance = in_plies_words(score.plies, score.plies_at_most)
    if score.kind in (Kind.WIN, Kind.LOSS, Kind.DRAW) and score.bound is Bound.EXACT and (
            not report.proofs):
        return found_message(score, player, report.idiom)
    if score.kind in (Kind.WIN, Kind.LOSS) and score.bound is Bound.EXACT:
        if score.kind is Kind.WIN:
            return M_("the player to move ({player}) wins{distance} with perfect play",
                      player=player, distance=distance)
        return M_("the player to move ({player}) loses{distance} with perfect play",
                  player=player, distance=distance)
    if score.kind is Kind.DRAW and score.bound is Bound.EXACT:
        return M_("a draw with perfect play: neither player can force a win")
    if score.kind in (Kind.WIN, Kind.LOSS, Kind.DRAW):
        lower = score.bound is Bound.LOWER
        text = {
            Kind.WIN: M_("at least a win for the player to move ({player}) (a bound: the search "
                         "was cut)", player=player) if lower else
            M_("at most a win for the player to move ({player}) (a bound: the search was cut)",
               player=player),
            Kind.LOSS: M_("at least a loss for the player to move ({player}) (a bound: the "
                          "search was cut)", player=player) if lower else
            M_("at most a loss for the player to move ({player}) (a bound: the search was cut)",
               player=player),
            Kind.DRAW: M_("at least a draw for the player to move ({player}) (a bound: the "
                          "search was cut)", player=player) if lower else
            M_("at most a draw for the player to move ({player}) (a bound: the search was cut)",
               player=player),
        }
        return text[score.kind]
    scale = report.idiom.scale
    value = (bounded_message(score.number, score.bound) if scale is None or score.result
             else scale.text(score))
    if report.players > 2 and report.view == report.to_move:
        # Paranoid: the mover's own return, against a coalition of all the others.
        if score.kind is Kind.ESTIMATE:
            return M_("{value} for the player to move ({player}), an estimate of the most it can "
                      "secure when every other player plays against it (heuristic, not proven)",
                      value=value, player=player)
        return M_("{value} for the player to move ({player}), the most it can secure when every "
                  "other player plays against it", value=value, player=player)
    if report.to_move not in (0, 1):
        return M_("{value} for MAX", value=value)
    if score.kind is Kind.ESTIMATE:
        if report.iterations is not None:
            return M_("{value} for the player to move ({player}) (Monte Carlo estimate, not "
                      "proven)", value=value, player=player)
        return M_("{value} for the player to move ({player}) (heuristic estimate, not proven)",
                  value=value, player=player)
    return M_("{value} for the player to move ({player})", value=value, player=player)


def found_message(score: Score, player: Words, idiom: Idiom) -> Message:
    """A result a search found but did not prove (pvs: null move, a table), for the player to
    move: `mate in 2 for the player to move (White) (found by the search, not proven)`, or in the
    house's words `... wins in at most 3 plies (found ...)`."""
    moves = mate_moves(score)
    if score.kind is Kind.DRAW:
        return M_("a draw (found by the search, not proven)")
    if idiom.scale is not None and moves is not None:
        if moves > 0:
            return M_("mate in {count} for the player to move ({player}) (found by the search, "
                      "not proven)", player=player, count=moves)
        return M_("the player to move ({player}) is mated in {count} (found by the search, not "
                  "proven)", player=player, count=-moves)
    distance = in_plies_words(score.plies, score.plies_at_most)
    if score.kind is Kind.WIN:
        return M_("the player to move ({player}) wins{distance} (found by the search, not "
                  "proven)", player=player, distance=distance)
    return M_("the player to move ({player}) loses{distance} (found by the search, not proven)",
              player=player, distance=distance)


def signed(value: Number | None, win_loss: bool = True, bound: Bound = Bound.EXACT) -> str:
    """A value as the course writes it: +1 / 0 / -1 for results, with ≥ / ≤ for bounds; the
    numbers of other games as people write them; `?` for no value."""
    if value is None:
        return "?"
    text = format_number(value)
    if win_loss and value > 0:
        text = "+" + text
    return SIGNS[bound] + text


def number_words(value: Number) -> str:
    """`23/3 ≈ 7.667`; whole numbers as they are."""
    text = format_number(value)
    if isinstance(value, Fraction) and value.denominator != 1:
        text += f" ≈ {float(value):.4g}"
    return text


def score_words(score: Score) -> str:
    """A score as `Score` says it, in the interface's language (see `score_message`)."""
    return score_message(score).text()


def score_message(score: Score, idiom: Idiom = PLAIN, proofs: bool = True) -> Message:
    """A score as `Score` says it, untranslated: `win in 3 plies`, `at least a draw`, `value at
    most 2`, `estimate 4`; in a game's own scale `mate in 2`, `estimate +0.38`; what a search
    found without proving it says so (`mate in 2 (found, not proven)`)."""
    lower, upper = score.bound is Bound.LOWER, score.bound is Bound.UPPER
    if idiom.scale is not None:
        said = scaled_message(score, idiom, proofs)
        if said is not None:
            return said
    if score.kind in (Kind.WIN, Kind.LOSS):
        # ungrouped, as `Score` writes it (JSON's `for_mover`)
        distance: Words = "" if score.plies is None else (
            nM_(" in at most {count} ply", " in at most {count} plies", score.plies,
                count=score.plies)
            if score.plies_at_most else
            nM_(" in {count} ply", " in {count} plies", score.plies, count=score.plies))
        if score.kind is Kind.WIN:
            return (M_("at least a win{distance}", distance=distance) if lower else
                    M_("at most a win{distance}", distance=distance) if upper else
                    M_("win{distance}", distance=distance))
        return (M_("at least a loss{distance}", distance=distance) if lower else
                M_("at most a loss{distance}", distance=distance) if upper else
                M_("loss{distance}", distance=distance))
    if score.kind is Kind.DRAW:
        return M_("at least a draw") if lower else M_("at most a draw") if upper else M_("draw")
    number = format_number(score.number)
    if score.kind is Kind.ESTIMATE:
        return (M_("estimate at least {number}", number=number) if lower else
                M_("estimate at most {number}", number=number) if upper else
                M_("estimate {number}", number=number))
    return (M_("value at least {number}", number=number) if lower else
            M_("value at most {number}", number=number) if upper else
            M_("value {number}", number=number))


def scaled_message(score: Score, idiom: Idiom, proofs: bool) -> Message | None:
    """`mate in 2`, `mated in 1`, `estimate +0.38` in the game's scale; None: the house's words."""
    assert idiom.scale is not None
    moves = mate_moves(score)
    if moves is not None and score.bound is Bound.EXACT:
        said = (M_("mate in {count}", count=moves) if moves > 0 else
                M_("mated in {count}", count=-moves))
        return said if proofs else M_("{result} (found, not proven)", result=said)
    if score.kind is Kind.ESTIMATE:
        return M_("estimate {number}", number=idiom.scale.text(score))
    if score.kind is Kind.DRAW and score.bound is Bound.EXACT and not proofs:
        return M_("draw (found, not proven)")
    return None


def move_words(line: MoveLine, to_move: int | None, players: int = 2) -> str:
    """What a move means for the player to move, in the interface's language (see
    `move_message`)."""
    return move_message(line, to_move, players).text()


def move_message(line: MoveLine, to_move: int | None, players: int = 2,
                 idiom: Idiom = PLAIN, proofs: bool = True) -> Message:
    """What a move means for the player to move, untranslated: `win in 3 plies`, `at most a
    draw`, `estimate 4`; with returns per player, the mover's own (`value 1 for player 2`)."""
    if line.returns is not None and to_move is not None and to_move >= 0:
        estimate = line.score.kind is Kind.ESTIMATE
        value = format_number(line.returns[to_move])
        if len(line.returns) > 2:
            return (M_("estimate {value} for player {number}", value=value, number=to_move + 1)
                    if estimate else
                    M_("value {value} for player {number}", value=value, number=to_move + 1))
        player = player_message(to_move, len(line.returns))  # MAX or MIN
        return (M_("estimate {value} for {player}", value=value, player=player) if estimate else
                M_("value {value} for {player}", value=value, player=player))
    return score_message(mover_view(line.score, to_move, players), idiom, proofs)


def returns_words(returns: Sequence[Number]) -> str:
    """`player 1 1, player 2 0, player 3 0`."""
    return ", ".join(_("player {number} {value}").format(number=i + 1, value=format_number(v))
                     for i, v in enumerate(returns))


def returns_message(returns: Sequence[Number]) -> Joined:
    """`returns_words` untranslated (a report's words, inside a result's message)."""
    return Joined(tuple(M_("player {number} {value}", number=i + 1, value=format_number(v))
                        for i, v in enumerate(returns)))


def max_view(score: Score, player: int) -> str:
    """`value 3 (MAX's view)`: a number of a game of values, as the course shows it."""
    return _("{value} (MAX's view)").format(value=score_words(PovScore(score, player).max()))


def bounded_result(score: Score) -> str:
    """A proven bound on a result: `at least a draw`."""
    lower = score.bound is Bound.LOWER
    if score.kind is Kind.WIN:
        return _("at least a win") if lower else _("at most a win")
    if score.kind is Kind.LOSS:
        return _("at least a loss") if lower else _("at most a loss")
    return _("at least a draw") if lower else _("at most a draw")


def cell_words(game: AnyGame, score: Score, player: int) -> str:
    """A move's value in a table column headed `for you` (`player`'s side): `win in 2 moves`,
    `loss in 1 move` (counting that player's moves), `draw`, `at least a draw`, `estimate 4
    (heuristic)`; for a game of numbers the value from MAX's side, bare (the column says so)."""
    if not game.win_loss:
        max_score = PovScore(score, player).max()
        return SIGNS[max_score.bound] + format_number(max_score.number)
    if score.kind is Kind.VALUE:
        return max_view(score, player)
    if score.kind is Kind.ESTIMATE:
        return _("estimate {value} (heuristic)").format(
            value=SIGNS[score.bound] + format_number(score.number))
    if score.bound is not Bound.EXACT:
        return bounded_result(score)
    if score.kind is Kind.DRAW:
        return _("draw")
    distance = in_own_moves(score.plies, score.plies_at_most)
    if score.kind is Kind.WIN:
        return _("win{distance}").format(distance=distance)
    return _("loss{distance}").format(distance=distance)


__all__ = ["SIGNS", "Party", "bounded_message", "bounded_number", "bounded_result", "cell_words",
           "found_message", "max_view",
           "move_message", "move_words", "number_words", "over_message", "over_words",
           "player_message", "player_name", "player_words", "result_message", "result_words",
           "returns_message", "returns_words", "scaled_message", "score_message", "score_words",
           "signed", "the_ai", "you"]
