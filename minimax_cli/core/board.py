"""The mutable search board: what a game offers the core's PVS engine (core/search/pvs.py) when
copying an immutable state at every node costs too much (chess: python-chess's `copy()` + push
measured about 25 % dearer than push + pop, and the protocol's `play` copies).

A game hands one out through `Game.search_board(state)`; the engine then walks the tree by
`push` / `pop` on that one board and never calls the game's `play`. Moves are whatever the game
uses (hashable). Every method is called at every node or nearly, so implementations keep them
plain attribute reads and bound-method calls (measured: each extra Python call level costs about
3 % of the search's speed).

Scores are integers from the side to move's point of view, in the game's units (centipawns in
chess), strictly inside the core's heuristic band (core/score.py's HEURISTIC_LIMIT): the engine
adds the decisive scores itself (a mate is a loss for the side to move, -(WIN - ply)).

`MateBoard` adds what the mate prover needs: the checking moves and the draws that do not depend
on the line.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class SearchBoard(Protocol):
    """A position that the search changes in place and restores (push, then pop)."""

    def moves(self) -> Iterable[Any]:
        """The legal moves, in the game's generator order (the engine orders them)."""
        ...

    def noisy_moves(self) -> Iterable[Any]:
        """The legal moves that change the material (captures, promotions): quiescence's."""
        ...

    def push(self, move: Any) -> None:
        """Play a legal move."""
        ...

    def pop(self) -> None:
        """Take back the last move pushed."""
        ...

    def push_null(self) -> None:
        """Pass the move to the other side (null-move pruning); only when `null_move_allowed`."""
        ...

    def pop_null(self) -> None:
        """Take back the pass pushed last."""
        ...

    def null_move_allowed(self) -> bool:
        """True when passing is a sound test here: the side to move is not in check and has
        more than pawns (in pawn endings zugzwang makes the pass a lie)."""
        ...

    def key(self) -> int:
        """The position's key for the transposition table, the side to move included (equal
        keys: the same legal moves and the same value): an integer of about 64 random-looking
        bits (a hash), since the table indexes by its low bits and checks it whole."""
        ...

    def in_check(self) -> bool:
        """True when the side to move is in check (the engine extends the search by a ply)."""
        ...

    def is_draw(self) -> bool:
        """True when the position is drawn by a rule that needs no move generation: inside the
        search a position already met on the current line (one repetition is enough: the side
        that could avoid it would), the 50-move rule, insufficient material."""
        ...

    def outcome(self) -> int | None:
        """None while the game goes on; else its result for the side to move: -1 lost (mated),
        0 drawn (stalemate, insufficient material, the 50-move rule, a threefold repetition).
        Called at the root; inside the search `is_draw` and an empty move list say the same."""
        ...

    def evaluate(self) -> int:
        """The heuristic value of the position for the side to move."""
        ...

    def is_capture(self, move: Any) -> bool:
        """True when `move` takes something (killers and history learn only quiet moves)."""
        ...

    def capture_gain(self, move: Any) -> int:
        """The ordering key of a noisy move, most valuable victim / least valuable attacker
        (larger first); 0 for a quiet move."""
        ...

    def losing_capture(self, move: Any) -> bool:
        """True when a noisy move loses material by static exchange evaluation: once both sides
        have taken back on its square, least valuable piece first, each free to stop, the mover
        is behind. Quiescence skips such captures and the ordering tries them after the
        others (the game may answer False quickly where a capture cannot lose)."""
        ...

    def quiet(self, move: Any) -> bool:
        """True when `move` may be searched late at a reduced depth (late move reductions):
        it takes nothing and promotes nothing. A game whose moves are never safe to reduce
        answers False (the engine itself never reduces a move that gives check)."""
        ...


class MateBoard(SearchBoard, Protocol):
    """A search board the mate prover (core/search/mate.py) can walk: besides SearchBoard, the
    moves that give check and the draws that do not depend on the line that led to a position,
    so that what the prover keeps in its table stays true whatever line reaches the position."""

    def checking_moves(self) -> Iterable[Any]:
        """The legal moves that give check (only these can mate at once)."""
        ...

    def drawn_by_rule(self) -> bool:
        """True when the position is a draw, or one the side to move may claim, by a rule that
        looks at the position alone: insufficient material, the move-count rule (chess: 50
        moves), or a position met before the search began (a repetition the defender may steer
        into). Repetitions inside the search are not counted: the prover shows why none is
        needed."""
        ...

    def draw_clock(self) -> int:
        """Plies left before the move-count rule lets a draw be claimed (chess: 100 less the
        half-move clock); a position's value within fewer plies than this cannot depend on it."""
        ...


__all__ = ["MateBoard", "SearchBoard"]
