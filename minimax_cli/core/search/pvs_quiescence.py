"""Quiescence for the PVS engine (core/search/pvs.py): past the depth limit, the captures and
promotions only, until the position is quiet.

- stand-pat: the side to move may decline every capture, so the evaluation is a lower bound;
- delta pruning: a capture that cannot lift the score to alpha even with a margin is skipped;
- losing captures skipped (with any ordering but "none"): a capture that the board's static
  exchange evaluation says loses material is not tried (the stand-pat covers declining it);
- in check every evasion is searched, never a stand-pat, and no move at all is a mate.

A mixin of `pvs.Searcher` (the same object, so no extra call level on the hot path).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from minimax_cli.core.board import SearchBoard
from minimax_cli.core.score import WIN

#: A window wider than any score.
INFINITE = WIN + 1
#: Plies below the root past which nothing is searched (the evaluation answers).
MAX_PLY = 128
#: Quiescence skips a capture that cannot bring the score within this much of alpha.
DELTA_MARGIN = 200
_FIRST = itemgetter(0)


class Quiescence:
    """The quiescence routines of `pvs.Searcher` (which sets these attributes)."""

    board: SearchBoard
    ordered: bool
    leaves: int
    cutoffs: int

    def _visit(self) -> None:
        raise NotImplementedError

    def order(self, moves: list[Any], hash_move: Any, ply: int) -> list[Any]:
        raise NotImplementedError

    def quiesce(self, alpha: int, beta: int, ply: int) -> int:
        """The score once the captures and promotions have been played out (fail-soft). Draws by
        rule are not looked for here: captures and promotions never repeat a position."""
        self._visit()
        board = self.board
        if board.in_check():
            return self._evasions(alpha, beta, ply)
        stand = board.evaluate()
        self.leaves += 1
        if stand >= beta or ply >= MAX_PLY:
            return stand
        if stand > alpha:
            alpha = stand
        best = stand
        gain = board.capture_gain
        noisy = [(gain(move), move) for move in board.noisy_moves()]
        ordered = self.ordered
        if ordered:
            noisy.sort(key=_FIRST, reverse=True)
        losing = board.losing_capture
        for won, move in noisy:
            if stand + won + DELTA_MARGIN <= alpha:
                continue  # delta pruning: even winning this cannot reach alpha
            if ordered and losing(move):
                continue  # it loses material: standing pat is at least as good
            board.push(move)
            try:
                score = -self.quiesce(-beta, -alpha, ply + 1)
            finally:
                board.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        self.cutoffs += 1
                        break
        return best

    def _evasions(self, alpha: int, beta: int, ply: int) -> int:
        """Quiescence in check: every move (no stand-pat), mate when there is none.

        Its loop is `quiesce`'s written out again on purpose: this is the search's innermost
        loop, and a shared helper would add a Python call for every move tried."""
        board = self.board
        moves = self.order(list(board.moves()), None, ply)
        if not moves:
            return ply - WIN
        best = -INFINITE
        for move in moves:
            board.push(move)
            try:
                score = -self.quiesce(-beta, -alpha, ply + 1)
            finally:
                board.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best


__all__ = ["DELTA_MARGIN", "INFINITE", "MAX_PLY", "Quiescence"]
