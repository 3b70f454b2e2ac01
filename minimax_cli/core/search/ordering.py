"""Move ordering, measured: the searches `analyze --compare` sets side by side on a game with a
mutable search board (chess), all at the same depth, so that each row says what one refinement of
the order saves.

- `count_minimax`: minimax visits every node down to the depth, so its nodes and leaves are counted
  by a walk of the legal moves (perft, the last ply counted from the number of moves, as perft
  programs do), with no evaluation: it is counted, not searched, and gives no value. Its leaves are
  the positions at the depth plus the finished ones above it (mate, stalemate, a draw by rule).
- `ordered_alphabeta`: plain alpha-beta (negamax, fail-soft, every node with the full window it
  is given: no null windows, no check extension, no quiescence, no null move, no reductions) whose
  rows differ only in the order of the moves, taken from the engine's own ordering
  (core/search/pvs.py's `Searcher.order`, killers, history and table, reused by subclassing):
  GENERATOR (the move generator's order), MVV (captures first, most valuable victim, least
  valuable attacker), KILLERS (and, among quiet moves, the ply's two killers, then the history),
  TABLE (and a transposition table, with iterative deepening from depth 1: its counts include every
  iteration). A finished position is a leaf whatever the depth (a mate at the depth is a mate), as
  in minimax, so the leaves of every row are counted alike.

Scores are the engine's: integers for the side to move inside the heuristic band, a mate -(WIN -
ply) for the side mated; the results give them from MAX's side, as every search does.
"""

from __future__ import annotations

from typing import Any

from minimax_cli.core.board import SearchBoard
from minimax_cli.core.game import SearchError
from minimax_cli.core.i18n import M_, Grouped, _
from minimax_cli.core.result import Limits, SearchOptions, SearchResult
from minimax_cli.core.score import WIN, Bound
from minimax_cli.core.search.common import AnyGame, Scored, Stop, build_result
from minimax_cli.core.search.context import SearchContext
from minimax_cli.core.search.pvs import EXACT, LOWER, ORDER_KILLERS, UPPER, Searcher
from minimax_cli.core.search.pvs_quiescence import INFINITE

#: The rows' names, in the order they are compared (`algorithm` in their results).
MINIMAX = "minimax"
GENERATOR = "alphabeta"
MVV = "alphabeta-mvv"
KILLERS = "alphabeta-killers"
TABLE = "alphabeta-table"
ROWS = (MINIMAX, GENERATOR, MVV, KILLERS, TABLE)
#: Each alpha-beta row's ordering (SearchOptions.ordering) and whether it keeps a table and
#: deepens iteratively.
SETTINGS = {GENERATOR: ("none", False), MVV: ("mvv", False), KILLERS: ("full", False),
            TABLE: ("full", True)}


class PlainSearcher(Searcher):
    """Plain alpha-beta on the engine's board with the engine's ordering, killers, history and
    table (pvs.Searcher's), and nothing else of the engine."""

    def node(self, depth: int, alpha: int, beta: int, ply: int, null_ok: bool = True) -> int:
        """The score of the board's position for the side to move, fail-soft (as pvs's `node`);
        `null_ok` is unused (no null move), kept for the signature it overrides."""
        self._visit()
        board = self.board
        self.pv[ply] = []
        if board.is_draw():
            self.leaves += 1
            return 0
        key: int | None = None
        hash_move = None
        if self.table is not None:
            key = board.key()
            answer, hash_move = self._probe(key, depth, alpha, beta, ply)
            if answer is not None:
                return answer
        if depth <= 0:  # a finished game is one whatever the depth: mate and stalemate first
            self.leaves += 1
            if any(True for _ in board.moves()):
                return board.evaluate()
            return ply - WIN if board.in_check() else 0
        moves = self.order(list(board.moves()), hash_move, ply)
        if not moves:
            self.leaves += 1
            return ply - WIN if board.in_check() else 0
        original, best, best_move = alpha, -INFINITE, None
        for move in moves:
            board.push(move)
            try:
                score = -self.node(depth - 1, -beta, -alpha, ply + 1)
            finally:
                board.pop()
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    self.pv[ply] = [move, *self.pv[ply + 1]]
                    if score >= beta:
                        self.cutoffs += 1
                        if self.ordering >= ORDER_KILLERS and not board.is_capture(move):
                            self._learn(move, depth, ply)
                        break
        if key is not None:
            flag = LOWER if best >= beta else EXACT if best > original else UPPER
            self._store(key, depth, flag, best, best_move, ply)
        return best

    def plain_root(self, depth: int, moves: list[Any]) -> tuple[int, Any, list[Scored], list[Any]]:
        """Every root move searched in the window (best so far, +inf): the best score and move,
        each move's score (exact when it beat the best before it, else an upper bound) and the
        principal variation."""
        board = self.board
        self._visit()
        alpha, best, best_move, line = -INFINITE, -INFINITE, None, []
        scored: list[Scored] = []
        for move in moves:
            board.push(move)
            try:
                score = -self.node(depth - 1, -INFINITE, -alpha, 1)
            finally:
                board.pop()
            scored.append(Scored(move, score, False, Bound.EXACT if score > alpha else Bound.UPPER))
            if score > best:
                best, best_move, line = score, move, [move, *self.pv[1]]
                alpha = max(alpha, score)
        if self.table is not None:
            self._store(board.key(), depth, EXACT, best, best_move, 0)
        return best, best_move, scored, line


def _board(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchBoard:
    board = game.search_board(state, options.evaluator)
    if board is None:
        raise SearchError(_("move ordering is measured on a game with a mutable search board "
                            "(chess)"))
    if limits.depth is None:
        raise SearchError(_("move ordering is measured at a depth: give --depth"))
    return board


def ordered_alphabeta(game: AnyGame, state: Any, limits: Limits, options: SearchOptions,
                      row: str) -> SearchResult:
    """The alpha-beta row `row` (GENERATOR, MVV, KILLERS or TABLE) to `limits.depth`; `options`
    give the evaluation and the table's size. A search stopped by the budget has no value."""
    board = _board(game, state, limits, options)
    ordering, table = SETTINGS[row]
    plain = SearchOptions(evaluator=options.evaluator, table_mb=options.table_mb,
                          stop=options.stop, ordering=ordering, use_table=table,
                          quiescence=False, null_move=False, reductions=False, aspiration=False)
    context = SearchContext(game, state, limits, plain)
    searcher = PlainSearcher(board, context, plain)
    depth = limits.depth or 0
    common: dict[str, Any] = {"pov": context.root_player, "engine_scores": True}
    try:
        if depth == 0 or board.outcome() is not None:
            number = searcher.node(0, -INFINITE, INFINITE, 0)
            searcher.sync()
            return build_result(row, game, context.root_player, root=Scored(
                None, number, False, Bound.EXACT), moves=[], best_move=None, pv=[],
                stats=context.stats.copy(), depth=depth, **common)
        moves = searcher.order(list(board.moves()), None, 0)
        for iteration in range(1 if table else depth, depth + 1):
            best, best_move, scored, line = searcher.plain_root(iteration, moves)
            if table:  # the next depth tries the root moves best first (ties keep their order)
                ranked = sorted(range(len(moves)), key=lambda i: -scored[i].number)
                moves = [moves[i] for i in ranked]
    except Stop as stop:
        searcher.sync()
        return build_result(row, game, context.root_player, root=None, moves=[], best_move=None,
                            pv=[], stats=context.stats.copy(), depth=None, stopped=stop.reason,
                            best_searched=False, **common)
    searcher.sync()
    context.stats.depth = depth
    return build_result(row, game, context.root_player, root=Scored(None, best, False, Bound.EXACT),
                        moves=scored, best_move=best_move, pv=line, stats=context.stats.copy(),
                        depth=depth, **common)


class _Counter:
    """Minimax's nodes and leaves to a depth, counted on the board without evaluating."""

    def __init__(self, board: SearchBoard, context: SearchContext) -> None:
        self.board, self.context = board, context
        self.nodes = self.leaves = self.finished = 0
        self.check_at = context.budget.check_at

    def count(self, depth: int) -> None:
        """Count the board's position and every node below it down to `depth` plies: a finished
        position or one at the depth is a leaf; one ply above the depth, the moves are counted
        without being played (they all lead to leaves)."""
        if self.nodes >= self.check_at:
            self.check_at = self.context.check(self.nodes)
        board = self.board
        self.nodes += 1
        if depth <= 0:
            self.leaves += 1
            return
        if board.is_draw():
            self.leaves += 1
            self.finished += 1
            return
        moves = list(board.moves())
        if not moves:
            self.leaves += 1
            self.finished += 1
        elif depth == 1:
            self.nodes += len(moves)
            self.leaves += len(moves)
        else:
            for move in moves:
                board.push(move)
                try:
                    self.count(depth - 1)
                finally:
                    board.pop()


def count_minimax(game: AnyGame, state: Any, limits: Limits,
                  options: SearchOptions) -> SearchResult:
    """Minimax's nodes and leaves to `limits.depth`, counted (no value: nothing is evaluated);
    stopped, with the counts so far, when the budget runs out."""
    board = _board(game, state, limits, options)
    context = SearchContext(game, state, limits, options)
    counter = _Counter(board, context)
    stopped = None
    try:
        counter.count(limits.depth or 0)
    except Stop as stop:
        stopped = stop.reason
    stats = context.stats
    stats.nodes, stats.leaves = counter.nodes, counter.leaves
    stats.elapsed = context.budget.elapsed()
    stats.depth = 0 if stopped else limits.depth or 0
    result = build_result(MINIMAX, game, context.root_player, pov=context.root_player,
                          engine_scores=True, root=None, moves=[], best_move=None, pv=[],
                          stats=stats.copy(), depth=None if stopped else limits.depth,
                          stopped=stopped, best_searched=False)
    if stopped is None:  # perft counts only the positions at the depth: say where the rest are
        depth = limits.depth or 0
        result.notes = (M_("{leaves} leaves: {deep} positions at depth {depth} (perft({depth})) "
                           "and {early} finished before it (mate, stalemate or a draw by rule).",
                           leaves=Grouped(counter.leaves), deep=Grouped(counter.leaves -
                                                                         counter.finished),
                           depth=depth, early=Grouped(counter.finished)),)
    return result


def ordering_row(game: AnyGame, state: Any, row: str, limits: Limits,
                 options: SearchOptions) -> SearchResult:
    """The row named `row` (one of ROWS) of the comparison of move orderings."""
    if row == MINIMAX:
        return count_minimax(game, state, limits, options)
    return ordered_alphabeta(game, state, limits, options, row)


__all__ = ["GENERATOR", "KILLERS", "MINIMAX", "MVV", "ROWS", "TABLE", "PlainSearcher",
           "count_minimax", "ordered_alphabeta", "ordering_row"]
