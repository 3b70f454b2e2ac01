"""`pvs`: the engine for games with a mutable search board (core/board.py), such as chess.

Negamax alpha-beta with principal-variation search: the first move of a node with the full window,
the others with a null window, searched again when they beat it. Around it, each switchable
(SearchOptions) so that its effect can be shown:
- iterative deepening under the depth, time and node limits (the budget checked cooperatively by
  the skeleton's context; a stopped search keeps the last completed depth and invents no value,
  or, when asked (`partial_root`, for `minimax uci`), answers with a root move the unfinished
  depth has already proven better than that depth's best, saying the depth is unfinished);
- a front end's memory between searches of one game (`memory`, core/search/pvs_memory.py): the
  table and the history carried from one move's search to the next;
- a transposition table within `--table-mb` (`use_table`): one slot a bucket, indexed by the
  board's integer key, the newest entry kept unless a deeper one of the same position is there.
  It keeps its best move itself, in a tuple: core/table.py's packed entries keep the move's
  place in the game's move list, which here changes with the killers and the history;
- quiescence (`quiescence`, core/search/pvs_quiescence.py): past the depth limit, captures and
  promotions only, with stand-pat, delta pruning and losing captures skipped;
- move ordering (`ordering`): "none", "mvv" (the table's move, then captures by most valuable
  victim / least valuable attacker, those that lose material by static exchange after the
  killers), "killers" (and two quiet moves per ply that cut off before), "full" (and the history
  of quiet moves that cut off, by depth squared);
- late move reductions (`reductions`): at a depth of 3 or more, not in check, a quiet move (the
  board's `quiet`) tried after the first LMR_MOVES, not a killer and giving no check, is searched
  first a ply less (two when late among many) with a null window, and again at full depth when
  it beats alpha;
- aspiration windows (`aspiration`): each depth after the first is searched first in a window of
  ASPIRATION around the previous depth's score, widened on the side it fails;
- several exact lines (`multipv`, core/search/pvs_root.py): the best K root moves get exact
  scores and their own lines, the others stay bounds;
- check extension (a side in check is searched a ply deeper) and null-move pruning (`null_move`:
  passing and still failing high at a reduced depth prunes the node; never in check, in pawn
  endings, with a decisive window or twice in a row).

Scores are integers for the side to move: the board's evaluation inside the heuristic band, and a
finished game scoring -(WIN - ply) for the side that is mated (core/score.py), so quicker mates
rank first. Heuristics take part in every value, so a mate found is reported as a win in at most
so many plies (a shorter one may exist beyond what was searched).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from minimax_cli.core.board import SearchBoard
from minimax_cli.core.game import SearchError
from minimax_cli.core.i18n import _
from minimax_cli.core.memory import PVS_ENTRY_BYTES, entries
from minimax_cli.core.result import ORDERINGS, Limits, SearchOptions, SearchResult
from minimax_cli.core.score import WIN, WIN_BAND, Bound
from minimax_cli.core.search.common import AnyGame, Scored, Stop, build_result, pick_evaluator
from minimax_cli.core.search.context import SearchContext
from minimax_cli.core.search.pvs_memory import Entry, PvsMemory
from minimax_cli.core.search.pvs_quiescence import INFINITE, MAX_PLY, Quiescence
from minimax_cli.core.search.pvs_root import MultiPV

NAME = "pvs"
EXACT, LOWER, UPPER = 0, 1, 2
_BOUNDS = {EXACT: Bound.EXACT, LOWER: Bound.LOWER, UPPER: Bound.UPPER}
#: The deepest iteration a time or node budget alone may reach.
MAX_ITERATION = 64
NULL_REDUCTION = 2
#: Late move reductions: moves tried before these many are never reduced; from LMR_LATE on, two plies.
LMR_MOVES = 3
LMR_LATE = 6
ORDER_NONE, ORDER_MVV, ORDER_KILLERS, ORDER_FULL = range(4)
#: Ordering keys: the table's move, then captures (by gain), killers, losing captures, history.
HASH_KEY = 1 << 40
CAPTURE_KEY = 1 << 30
KILLER_KEY = 1 << 28
LOSING_KEY = 1 << 24
HISTORY_LIMIT = 1 << 20
#: Aspiration windows: the half-width around the previous depth's score (centipawns in chess),
#: the factor it grows by on a failure, and the width past which the window is the full one.
ASPIRATION = 40
ASPIRATION_WIDEN = 4
ASPIRATION_LIMIT = 1000


class Searcher(Quiescence, MultiPV):
    """One search of a board: the node routines, the table, the killers and the history."""

    def __init__(self, board: SearchBoard, context: SearchContext,
                 options: SearchOptions) -> None:
        self.board = board
        self.context = context
        self.quiescence = options.quiescence is not False  # None: pvs's default, on
        self.ordering = ORDERINGS.index(options.ordering)
        self.null_move = options.null_move
        self.ordered = self.ordering != ORDER_NONE
        self.reductions = options.reductions
        self.aspiration = options.aspiration
        capacity = 1
        while capacity * 2 <= entries(options.table_mb, PVS_ENTRY_BYTES):
            capacity *= 2
        self.mask = capacity - 1
        memory = options.memory if isinstance(options.memory, PvsMemory) else PvsMemory()
        #: Slot -> (key, depth, flag, score relative to the node, best move); None: no table.
        self.table: dict[int, Entry] | None = (
            memory.table_for(self.mask) if options.use_table else None)
        self.killers: list[list[Any]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history: dict[Hashable, int] = memory.aged_history()
        #: The unfinished depth's proof that a move beats the last completed depth's best: the
        #: move's score or bound and its line (None while no later root move has beaten the first).
        self.improved: tuple[Scored, list[Any]] | None = None
        self.pv: list[list[Any]] = [[] for _ in range(MAX_PLY + 2)]
        self.nodes = self.leaves = self.cutoffs = 0
        self.probes = self.hits = self.answers = 0
        self.check_at = context.budget.check_at
        self.multipv = options.multipv

    # --- counting ------------------------------------------------------------------------------
    def _visit(self) -> None:
        """Count a node; Stop (from the budget) when it may not be visited."""
        nodes = self.nodes + 1
        if nodes >= self.check_at:
            self.check_at = self.context.check(nodes)
        self.nodes = nodes

    def sync(self) -> None:
        stats = self.context.stats
        stats.nodes, stats.leaves, stats.cutoffs = self.nodes, self.leaves, self.cutoffs
        stats.tt_probes, stats.tt_hits, stats.tt_answers = self.probes, self.hits, self.answers
        stats.elapsed = self.context.budget.elapsed()

    # --- ordering ------------------------------------------------------------------------------
    def order(self, moves: list[Any], hash_move: Any, ply: int) -> list[Any]:
        """`moves` sorted best first by the ordering chosen (stable: ties keep their order)."""
        level = self.ordering
        if level == ORDER_NONE:
            return moves
        gain, losing = self.board.capture_gain, self.board.losing_capture
        killers = self.killers[ply] if level >= ORDER_KILLERS else [None, None]
        first, second = killers
        history = self.history if level == ORDER_FULL else None

        def key(move: Any) -> int:
            # `is not None` first: comparing a move with None may cost a Python-level __eq__.
            if hash_move is not None and move == hash_move:
                return HASH_KEY
            won = gain(move)
            if won:
                return LOSING_KEY + won if losing(move) else CAPTURE_KEY + won
            if first is not None:
                if move == first:
                    return KILLER_KEY + 1
                if second is not None and move == second:
                    return KILLER_KEY
            return 0 if history is None else history.get(move, 0)

        moves.sort(key=key, reverse=True)
        return moves

    def _learn(self, move: Any, depth: int, ply: int) -> None:
        """A quiet move cut off: remember it as a killer of `ply` and in the history."""
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1], killers[0] = killers[0], move
        history = self.history
        value = history.get(move, 0) + depth * depth
        history[move] = value
        if value > HISTORY_LIMIT:
            for known in history:
                history[known] //= 2

    # --- the table -----------------------------------------------------------------------------
    def _probe(self, key: int, depth: int, alpha: int, beta: int,
               ply: int) -> tuple[int | None, Any]:
        """The stored score when it answers this node (else None), and the stored move."""
        assert self.table is not None
        self.probes += 1
        entry = self.table.get(key & self.mask)
        if entry is None or entry[0] != key:
            return None, None
        self.hits += 1
        if entry[1] < depth or ply == 0:
            return None, entry[4]
        score, flag = entry[3], entry[2]
        if score >= WIN_BAND:
            score -= ply
        elif score <= -WIN_BAND:
            score += ply
        if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
            self.answers += 1
            return score, entry[4]
        return None, entry[4]

    def _store(self, key: int, depth: int, flag: int, score: int, move: Any, ply: int) -> None:
        assert self.table is not None
        slot = key & self.mask
        old = self.table.get(slot)
        if old is not None and old[0] == key and old[1] > depth:
            return  # a deeper search of the same position stays
        if score >= WIN_BAND:
            score += ply
        elif score <= -WIN_BAND:
            score -= ply
        self.table[slot] = (key, depth, flag, score, move)

    # --- the node routines ---------------------------------------------------------------------
    def node(self, depth: int, alpha: int, beta: int, ply: int, null_ok: bool) -> int:
        """The score of the board's position for the side to move, fail-soft: exact strictly
        inside (alpha, beta), an upper bound at or below alpha, a lower bound at or above beta."""
        self._visit()
        board = self.board
        self.pv[ply] = []
        if board.is_draw():
            return 0
        in_check = board.in_check()
        if in_check:
            depth += 1
        if depth <= 0 or ply >= MAX_PLY:
            if self.quiescence and ply < MAX_PLY:
                return self.quiesce(alpha, beta, ply)
            self.leaves += 1
            return board.evaluate()
        key: int | None = None
        hash_move = None
        if self.table is not None:
            key = board.key()
            answer, hash_move = self._probe(key, depth, alpha, beta, ply)
            if answer is not None:
                return answer
        if (null_ok and self.null_move and depth >= 3 and not in_check
                and -WIN_BAND < beta < WIN_BAND and board.null_move_allowed()
                and board.evaluate() >= beta):
            reduction = NULL_REDUCTION + (depth > 6)
            board.push_null()
            try:
                score = -self.node(depth - 1 - reduction, -beta, 1 - beta, ply + 1, False)
            finally:
                board.pop_null()
            if score >= beta:
                return beta
        moves = self.order(list(board.moves()), hash_move, ply)
        if not moves:
            return ply - WIN if in_check else 0
        return self._children(moves, depth, alpha, beta, ply, key, in_check)

    def _children(self, moves: list[Any], depth: int, alpha: int, beta: int, ply: int,
                  key: int | None, in_check: bool) -> int:
        """Search `moves` (ordered) by PVS, late quiet ones reduced; store and return the
        node's score."""
        board, node = self.board, self.node
        original = alpha
        best = -INFINITE
        best_move = None
        reducing = self.reductions and depth >= 3 and not in_check
        killer, second = self.killers[ply] if self.ordering >= ORDER_KILLERS else (None, None)
        for index, move in enumerate(moves):
            reduced = depth - 1
            if (reducing and index >= LMR_MOVES and board.quiet(move)
                    and (killer is None or move != killer)
                    and (second is None or move != second)):
                reduced -= 1 + (index >= LMR_LATE and depth >= 4)
            board.push(move)
            try:
                if index == 0:
                    score = -node(depth - 1, -beta, -alpha, ply + 1, True)
                else:
                    if reduced < depth - 1 and board.in_check():
                        reduced = depth - 1  # a move that gives check is searched in full
                    score = -node(reduced, -alpha - 1, -alpha, ply + 1, True)
                    if reduced < depth - 1 and score > alpha:
                        score = -node(depth - 1, -alpha - 1, -alpha, ply + 1, True)
                    if alpha < score < beta:
                        score = -node(depth - 1, -beta, -score, ply + 1, True)
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

    # --- the root ------------------------------------------------------------------------------
    def root(self, depth: int, moves: list[Any], low: int = -INFINITE,
             high: int = INFINITE) -> tuple[int, Any, list[Scored], list[Any]]:
        """Search the root moves to `depth` inside the window (low, high) (the first with the
        window, the others with a null window, searched again when they beat it): the best
        score and move, each move's score or bound (an upper bound when it could not beat the
        best before it), and the principal variation. A score at or above `high` ends the loop
        (the caller widens the window); the full window gives every move its value or bound."""
        board, node = self.board, self.node
        self._visit()
        alpha = low
        best, best_move, line = -INFINITE, None, []
        scored: list[Scored] = []
        for index, move in enumerate(moves):
            board.push(move)
            try:
                if index == 0:
                    score = -node(depth - 1, -high, -low, 1, True)
                else:
                    score = -node(depth - 1, -alpha - 1, -alpha, 1, True)
                    if score > alpha:
                        score = -node(depth - 1, -high, -alpha, 1, True)
            finally:
                board.pop()
            bound = (Bound.LOWER if score >= high else Bound.UPPER if score <= alpha
                     else Bound.EXACT)
            scored.append(Scored(move, score, False, bound))
            if score > best:
                best, best_move, line = score, move, [move, *self.pv[1]]
                if index and score > alpha:  # beats the first move, the last depth's best
                    self.improved = scored[-1], line
                alpha = max(alpha, score)
                if score >= high:
                    break
        if self.table is not None:
            flag = LOWER if best >= high else UPPER if best <= low else EXACT
            self._store(board.key(), depth, flag, best, best_move, 0)
        return best, best_move, scored, line

    def iteration(self, depth: int, moves: list[Any],
                  guess: int | None) -> tuple[int, Any, list[Scored], list[Any]]:
        """`root` at `depth`, in an aspiration window around `guess` (the previous depth's
        score) when there is one: a narrow window cuts more, and a score outside it is searched
        again in a window ASPIRATION_WIDEN times wider on that side (then the full window).
        With `multipv` lines, the full window, the best so many moves exact (pvs_root.py)."""
        self.improved = None
        if self.multipv > 1:
            return self.multipv_root(depth, moves, EXACT)
        if guess is None or not self.aspiration or abs(guess) >= WIN_BAND:
            return self.root(depth, moves)
        width = ASPIRATION
        low, high = guess - width, guess + width
        while True:
            found = self.root(depth, moves, low, high)
            best = found[0]
            if low < best < high:
                return found
            width *= ASPIRATION_WIDEN
            if best <= low:
                low = -INFINITE if width > ASPIRATION_LIMIT else max(best - width, -INFINITE)
            else:
                high = INFINITE if width > ASPIRATION_LIMIT else min(best + width, INFINITE)


# --- iterative deepening -------------------------------------------------------------------------
def pvs(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    """Deepen one ply at a time up to `limits.depth` (or until the time or node budget is spent,
    or a mate is found within the depth searched in full); the last completed depth stands."""
    pick_evaluator(game, options.evaluator, needed=False)  # an unknown name said as for the others
    board = game.search_board(state, options.evaluator)
    if board is None:
        raise SearchError(_("{name} needs a game with a mutable search board").format(name=NAME))
    if limits.depth is None and not limits.budget:
        raise SearchError(_("{name} needs a limit: --depth, --time or --nodes").format(name=NAME))
    context = SearchContext(game, state, limits, options)
    searcher = Searcher(board, context, options)
    outcome = board.outcome()
    if outcome is not None or limits.depth == 0:
        return _leaf(game, context, searcher, outcome)
    moves = searcher.order(list(board.moves()), None, 0)
    deepest = MAX_ITERATION if limits.depth is None else limits.depth
    completed: SearchResult | None = None
    guess: int | None = None
    for depth in range(1, deepest + 1):
        try:
            best, best_move, scored, line = searcher.iteration(depth, moves, guess)
        except Stop as stop:
            if options.partial_root and searcher.improved is not None and completed is not None:
                return _improved(game, context, searcher, depth, stop.reason)
            return _stopped(game, context, searcher, completed, stop.reason, moves)
        searcher.sync()
        context.stats.depth = depth
        completed = build_result(
            NAME, game, context.root_player, pov=context.root_player, engine_scores=True,
            root=Scored(None, best, False, Bound.EXACT), moves=scored, best_move=best_move,
            pv=line, stats=context.stats.copy(), depth=depth)
        if options.on_depth is not None:  # a front end's progress (`minimax uci`'s info lines)
            options.on_depth(completed)
        # The next depth tries the moves best first (a stable sort keeps ties in order).
        ranked = sorted(range(len(moves)), key=lambda i: -scored[i].number)
        moves = [moves[i] for i in ranked]
        guess = best
        if abs(best) >= WIN_BAND and WIN - abs(best) <= depth:
            break  # a mate within the full-width depth: deeper searches find no other result
    assert completed is not None
    return completed


def _stopped(game: AnyGame, context: SearchContext, searcher: Searcher,
             completed: SearchResult | None, reason: str, moves: list[Any]) -> SearchResult:
    """What stands when the budget ran out: the last completed depth, or no value at all."""
    searcher.sync()
    if completed is not None:
        context.stats.depth = completed.stats.depth
        completed.stats = context.stats.copy()
        completed.stopped = reason
        return completed
    context.stats.depth = 0
    return build_result(
        NAME, game, context.root_player, pov=context.root_player, engine_scores=True, root=None,
        moves=[], best_move=moves[0] if moves else None, pv=[], stats=context.stats.copy(),
        depth=None, stopped=reason, best_searched=False)


def _improved(game: AnyGame, context: SearchContext, searcher: Searcher, depth: int,
              reason: str) -> SearchResult:
    """A search stopped in the middle of `depth`, where a root move has already been proven to
    beat the first (the last completed depth's best): that move, with its score or lower bound
    at `depth` and its line. Only that move is reported, and the result says it was stopped."""
    assert searcher.improved is not None
    move, line = searcher.improved
    searcher.sync()
    context.stats.depth = depth
    return build_result(
        NAME, game, context.root_player, pov=context.root_player, engine_scores=True,
        root=Scored(None, move.number, False, move.bound), moves=[move], best_move=move.move,
        pv=line, stats=context.stats.copy(), depth=depth, stopped=reason)


def _leaf(game: AnyGame, context: SearchContext, searcher: Searcher,
          outcome: int | None) -> SearchResult:
    """A root that is over (`outcome` for the side to move), or a depth limit of 0."""
    searcher._visit()
    if outcome is not None:
        number, proven = (-WIN if outcome < 0 else 0), True
    else:
        number, proven = searcher.board.evaluate(), False
        searcher.leaves += 1
    searcher.sync()
    return build_result(
        NAME, game, context.root_player, pov=context.root_player, engine_scores=True,
        root=Scored(None, number, proven, Bound.EXACT), moves=[], best_move=None, pv=[],
        stats=context.stats.copy(), depth=0 if outcome is None else None)


__all__ = ["NAME", "Searcher", "pvs"]
