"""`minimax analyze --horizon` as a report: the horizon effect, and quiescence curing it.

A `Horizon` holds, for one position and a range of depths, the value of one root move (the focus:
a capture, say) and the best value, each searched without and with quiescence, all with the
material evaluation (100/300/300/500/900 centipawns) and in MAX's (White's) view. `sentences`
says in words what the rows show, the same on the screen and in the JSON (`json_form`), so both
make the same claims. Plain data and words: services/horizon.py runs the searches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from minimax_cli.core.i18n import _, ngettext
from minimax_cli.core.score import Kind, Score, mate_moves


@dataclass(frozen=True)
class Cell:
    """A value at one depth, without or with quiescence: the move's (or the best one's) score in
    MAX's view, and for the best the move that reaches it (the first in the game's order), in the
    game's notation (`move`: SAN for chess, as JSON gives it) and in the reader's (`spoken`)."""

    score: Score
    move: str | None = None
    spoken: str | None = None


@dataclass(frozen=True)
class HorizonRow:
    """One depth: the focus move's value and the best, each without and with quiescence."""

    depth: int
    focus_plain: Cell
    best_plain: Cell
    focus_quiet: Cell
    best_quiet: Cell


@dataclass(frozen=True)
class Horizon:
    """The table: the game, the position's text, the focus move (in the game's notation and in
    the reader's: Dxd5 in Spanish), the player to move (0: MAX) and the rows, shallowest first."""

    game: str
    position: str
    focus: str
    focus_spoken: str
    to_move: int
    rows: tuple[HorizonRow, ...]


def cell_text(score: Score) -> str:
    """A value as the table writes it: centipawns with a sign (+300, −600, 0), a mate as `#3`
    (MAX mates in 3 moves) or `#-2`."""
    moves = mate_moves(score)
    if moves is not None:
        return f"#{moves}"
    if score.kind is Kind.WIN or score.kind is Kind.LOSS:
        return "#" if score.kind is Kind.WIN else "#-"
    number = round(score.number)
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def cell_json(cell: Cell) -> dict[str, Any]:
    """{"cp": -600} or {"mate": 3} (MAX's view, mates in moves), with "move" for a best."""
    moves = mate_moves(cell.score)
    form: dict[str, Any] = ({"mate": moves} if moves is not None
                            else {"cp": round(cell.score.number)})
    if cell.move is not None:
        form["move"] = cell.move
    return form


def _flattered(row: HorizonRow, to_move: int) -> bool:
    """Whether the focus move looks better to the player to move without quiescence than with."""
    plain, quiet = row.focus_plain.score.sort_key(), row.focus_quiet.score.sort_key()
    return plain > quiet if to_move == 0 else plain < quiet


def _depths(depths: Sequence[int]) -> str:
    """1 / 1 and 3 / 1, 3 and 5."""
    if len(depths) == 1:
        return str(depths[0])
    return _("{first} and {last}").format(first=", ".join(str(d) for d in depths[:-1]),
                                          last=depths[-1])


def sentences(horizon: Horizon) -> list[str]:
    """What the table shows, in words: where the focus move looks better without quiescence
    (the horizon effect), what quiescence makes of it, how the best value moves, and how it was
    measured."""
    rows, focus = horizon.rows, horizon.focus_spoken
    fooled = [r.depth for r in rows if _flattered(r, horizon.to_move)]
    said = []
    if fooled:
        said.append(ngettext(
            "Horizon effect: at depth {depths} the search stops right after a capture and "
            "evaluates that position as it stands, so {move} looks better than it is: the "
            "recapture falls beyond the horizon.",
            "Horizon effect: at depths {depths} the search stops right after a capture and "
            "evaluates that position as it stands, so {move} looks better than it is: the "
            "recapture falls beyond the horizon.", len(fooled)).format(
                depths=_depths(fooled), move=focus))
    else:
        said.append(_("No horizon effect on {move} at these depths: without quiescence it is "
                      "valued as with it.").format(move=focus))
    quiet = {cell_text(r.focus_quiet.score) for r in rows}
    if len(quiet) == 1:
        said.append(_(
            "Quiescence search goes on past the depth limit with captures and promotions only, "
            "each side free to stand pat on the static evaluation, until the position is quiet: "
            "with it {move} is worth {value} at every depth.").format(
                move=focus, value=quiet.pop()))
    else:
        said.append(_(
            "Quiescence search goes on past the depth limit with captures and promotions only, "
            "each side free to stand pat on the static evaluation, until the position is quiet: "
            "with it {move} is worth {values} from depth to depth.").format(
                move=focus, values=", ".join(cell_text(r.focus_quiet.score) for r in rows)))
    plain_best = [cell_text(r.best_plain.score) for r in rows]
    quiet_best = [cell_text(r.best_quiet.score) for r in rows]
    if len(set(plain_best)) > 1:
        said.append(_("Without quiescence the best value swings with the depth ({plain}); with it "
                      "it is {quiet}.").format(plain=", ".join(plain_best),
                                               quiet=", ".join(quiet_best)))
    said.append(_("Evaluation: material only, pawn 100, knight and bishop 300, rook 500, queen "
                  "900 centipawns, from White's side; depth d is the first move and d − 1 more "
                  "plies."))
    return said


def json_form(horizon: Horizon) -> dict[str, Any]:
    """The report as JSON: each row's depth and its four cells (see `cell_json`), the words."""
    return {
        "game": horizon.game, "position": horizon.position, "focus": horizon.focus,
        "evaluation": "material", "weights": {"P": 100, "N": 300, "B": 300, "R": 500, "Q": 900},
        "rows": [{"depth": r.depth, "focus_without": cell_json(r.focus_plain),
                  "best_without": cell_json(r.best_plain),
                  "focus_with": cell_json(r.focus_quiet), "best_with": cell_json(r.best_quiet)}
                 for r in horizon.rows],
        "notes": sentences(horizon),
    }


__all__ = ["Cell", "Horizon", "HorizonRow", "cell_json", "cell_text", "json_form", "sentences"]
