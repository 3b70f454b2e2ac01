"""`minimax analyze --horizon`: the horizon effect on one position, and quiescence curing it.

For each depth of a range, the textbook alpha-beta (core/search/textbook.py; the values are
minimax's) searches the position without and with quiescence (core/search/textbook_quiet.py),
captures first (`alphabeta-ordered`: the values are the same in any order, and in the
generator's order the quiet searches of a position full of captures, Kiwipete, take minutes),
always with the material evaluation: once from the root for the best value and move, once from
the focus move's position for that move's exact value (alpha-beta at the root would give the
other moves only bounds). Depth d is the root move and d - 1 more plies. Returns a
`reports.horizon.Horizon`; nothing here prints.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from minimax_cli.core.game import AnyGame, SearchError
from minimax_cli.core.i18n import _
from minimax_cli.core.result import Limits, SearchOptions, SearchResult
from minimax_cli.core.score import Kind, Score
from minimax_cli.core.search.textbook import alphabeta_ordered
from minimax_cli.reports.horizon import Cell, Horizon, HorizonRow

#: The evaluation the table always uses: the course's material count.
MATERIAL = "material"
#: The deepest depth the table searches (each depth searches the whole tree below it).
MAX_HORIZON = 6


def check_game(game: AnyGame, state: Any) -> None:
    """SearchError unless the game has the material evaluation and the position a move."""
    if MATERIAL not in game.evaluators():
        raise SearchError(_("--horizon needs a game with the material evaluation (chess)"))
    if not game.legal_moves(state):
        raise SearchError(_("--horizon needs a position with a move to make"))


def _search(game: AnyGame, state: Any, depth: int, quiet: bool) -> SearchResult:
    options = SearchOptions(evaluator=MATERIAL, quiescence=quiet)
    return alphabeta_ordered(game, state, Limits(depth=depth), options)


def _score(result: SearchResult) -> Score:
    score = result.max_score
    assert score is not None  # no budget: every search completes
    return score


def _one_ply_up(score: Score) -> Score:
    """A score found from a child position, as its parent counts plies to a mate."""
    if score.kind in (Kind.WIN, Kind.LOSS) and score.plies is not None:
        return Score(score.kind, score.number, score.bound, score.plies + 1, score.plies_at_most)
    return score


def focus_move(game: AnyGame, state: Any) -> Hashable | None:
    """The noisy move (capture, promotion) whose value changes most when quiescence follows it:
    its position's static value against its quiet value (depth 1 without and with), the first
    of equals in the game's order; None where there is none."""
    best: Hashable | None = None
    change = -1.0
    for move in game.noisy_moves(state):
        child = game.play(state, move)
        plain = _score(_search(game, child, 0, False))
        quiet = _score(_search(game, child, 0, True))
        mates = {Kind.WIN, Kind.LOSS} & {plain.kind, quiet.kind}
        # A mate that quiescence finds or loses is the largest change.
        difference = float("inf") if mates else abs(float(plain.number) - float(quiet.number))
        if difference > change:
            best, change = move, difference
    return best


def row(game: AnyGame, state: Any, move: Hashable, depth: int) -> HorizonRow:
    """One depth of the table: the focus move's value and the best, without and with quiescence."""
    child = game.play(state, move)
    cells = []
    for quiet in (False, True):
        focus = Cell(_one_ply_up(_score(_search(game, child, depth - 1, quiet))))
        root = _search(game, state, depth, quiet)
        best = Cell(_score(root), game.format_move(state, root.best_move),
                    game.spoken_move(state, root.best_move))
        cells += [focus, best]
    return HorizonRow(depth, *cells)


def refuted_line(game: AnyGame, state: Any, move: Hashable) -> list[Hashable]:
    """`move` and the reply that the quiet search finds best against it (a depth-1 search with
    quiescence from its position: the recapture beyond the horizon), for the board's arrows;
    `move` alone where the game ends with it."""
    child = game.play(state, move)
    if game.outcome(child) is not None:
        return [move]
    reply = _search(game, child, 1, True).best_move
    return [move] if reply is None else [move, reply]


def horizon(game: AnyGame, state: Any, depths: Sequence[int], move: Hashable) -> Horizon:
    """The table for `depths` (each from 1 to MAX_HORIZON) with `move` as its focus."""
    check_game(game, state)
    rows = tuple(row(game, state, move, depth) for depth in depths)
    return Horizon(game.name, game.format_position(state), game.format_move(state, move),
                   game.spoken_move(state, move), game.to_move(state), rows)


__all__ = ["MATERIAL", "MAX_HORIZON", "check_game", "focus_move", "horizon", "refuted_line", "row"]
