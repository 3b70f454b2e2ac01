"""The PVS engine's root with several exact lines (`multipv`, SearchOptions): the best K root
moves get exact scores and their own principal variations at every depth, as UCI engines give
`info multipv` lines.

The classic way: the root's alpha is the K-th best score found so far (minus infinity while fewer
than K moves are scored), so the first K moves are searched with the open window, and each later
one with a null window at that alpha, again with the window (alpha, +infinity) when it beats it.
A move that beats the K-th best joins the top K with its exact score; one that does not keeps the
upper bound it failed low with. The root is searched with the full window (no aspiration): an
aspiration window narrow around the best score would leave the K-th best a bound.

With K = 1 this is the plain root (`pvs.Searcher.root`), which the engine keeps using then, so
that one line costs what it always did. A mixin of `pvs.Searcher`, as pvs_quiescence's is.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from minimax_cli.core.board import SearchBoard
from minimax_cli.core.score import Bound
from minimax_cli.core.search.common import Scored
from minimax_cli.core.search.pvs_quiescence import INFINITE


class MultiPV:
    """The root of `pvs.Searcher` with `multipv` exact lines (the searcher sets these)."""

    board: SearchBoard
    multipv: int
    pv: list[list[Any]]
    table: dict[int, tuple[int, int, int, int, Any]] | None

    def _visit(self) -> None:
        raise NotImplementedError

    def node(self, depth: int, alpha: int, beta: int, ply: int, null_ok: bool) -> int:
        raise NotImplementedError

    def _store(self, key: int, depth: int, flag: int, score: int, move: Any, ply: int) -> None:
        raise NotImplementedError

    def multipv_root(self, depth: int, moves: list[Any],
                     exact_flag: int) -> tuple[int, Any, list[Scored], list[Any]]:
        """Search the root moves to `depth` with the full window, the best `multipv` of them
        exact: the best score and move, each move's score (an upper bound for a move that could
        not beat the K-th best before it; the top K with their lines) and the principal
        variation. `exact_flag`: the table's flag for an exact score (the root is stored)."""
        board, node = self.board, self.node
        self._visit()
        wanted = min(self.multipv, len(moves))
        top: list[int] = []  # the best `wanted` scores so far, lowest first
        found: list[tuple[Any, int, Bound, list[Any]]] = []
        for move in moves:
            alpha = top[0] if len(top) >= wanted else -INFINITE
            board.push(move)
            try:
                if alpha == -INFINITE:
                    score = -node(depth - 1, -INFINITE, INFINITE, 1, True)
                else:
                    score = -node(depth - 1, -alpha - 1, -alpha, 1, True)
                    if score > alpha:
                        score = -node(depth - 1, -INFINITE, -alpha, 1, True)
            finally:
                board.pop()
            if score > alpha:
                found.append((move, score, Bound.EXACT, [move, *self.pv[1]]))
                insort(top, score)
                del top[:-wanted]
            else:
                found.append((move, score, Bound.UPPER, []))
        return self._lines(depth, found, wanted, exact_flag)

    def _lines(self, depth: int, found: list[tuple[Any, int, Bound, list[Any]]], wanted: int,
               exact_flag: int) -> tuple[int, Any, list[Scored], list[Any]]:
        """The root's answer from each move's score: the best `wanted` exact ones (best first,
        the search's order among equals) carry their lines; the best is stored in the table."""
        exact = [i for i, entry in enumerate(found) if entry[2] is Bound.EXACT]
        ranked = sorted(exact, key=lambda i: -found[i][1])[:wanted]
        lined = set(ranked)
        scored = [Scored(move, score, False, bound, pv=tuple(line) if i in lined else None)
                  for i, (move, score, bound, line) in enumerate(found)]
        best_move, best, _bound, line = found[ranked[0]]
        if self.table is not None:
            self._store(self.board.key(), depth, exact_flag, best, best_move, 0)
        return best, best_move, scored, line


__all__ = ["MultiPV"]
