"""The solving service behind `minimax solve`: exact answers as one report model, no I/O.

A position is solved
- by the game's own exact solver (`Game.exact_solver()`) when it has one and it answers: bones'
  bottom-up table and proven period, Nim's theorem;
- by the core's proof search when the game has a proof kernel (Connect Four; solve_proof.py);
- otherwise by searching every root move to the end with the engine (negamax), one after the other
  with one shared transposition table, so a progress display advances per root move and later
  moves reuse what earlier ones proved;
- with `tree`, by plain minimax over the whole game tree (at most TREE_NODE_LIMIT nodes), kept for
  drawing; the engine searches the same position beside it for comparison, and the answer is the
  drawn tree's.
`--upto` (the game's family of positions 0..N) is `series.py`'s.

Nothing here knows a game: a game's special powers reach it through the hook. Scores in reports
are from MAX's (the first player's) point of view.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from minimax_cli.core.game import MAX, Game, SearchError
from minimax_cli.core.result import Limits, SearchResult, TraceNode
from minimax_cli.core.score import Number, PovScore, Score
from minimax_cli.core.search import search
from minimax_cli.core.solver import Solution
from minimax_cli.core.table import TranspositionTable
from minimax_cli.i18n import _
from minimax_cli.i18n.words import count, grouped

AnyGame = Game[Any, Any]

#: Called with (work done, total work) while a solve runs; drives a progress bar.
ProgressFn = Callable[[int, int], None]

#: `--tree` draws the plain minimax tree when it has at most this many nodes.
TREE_NODE_LIMIT = 5_000

METHOD_SEARCH = "search"
METHOD_TREE = "minimax"


@dataclass(frozen=True)
class MoveReport:
    """One root move: its proven score from MAX's point of view and whether it is optimal (its
    value as good as the best move's for the player to move)."""

    move: Hashable
    text: str
    score: Score
    optimal: bool
    returns: tuple[Number, ...] | None = None  # one per player (more than two players)

    @property
    def value(self) -> Number:
        return self.score.number

    @property
    def distance(self) -> int | None:
        """Plies to the end of the game after this move is played, when known."""
        return self.score.plies


@dataclass(frozen=True)
class SolveReport:
    """The exact value of one position, every move's value, and how they were found.

    `score` is from MAX's point of view. `method` is "search" (the engine, every root move),
    "minimax" (the drawn tree) or the game's solver's word ("table", "period", "theorem");
    `by_solver` says the game's own solver answered. `nodes` counts the positions searched (the
    root included), `positions` those the game's solver computed; `searches` holds, when a tree
    was drawn, plain minimax (with its trace) and the engine on the same position.
    """

    game: str
    position: str
    to_move: int
    win_loss: bool
    score: Score
    moves: tuple[MoveReport, ...]
    method: str
    by_solver: bool
    explanation: tuple[str, ...]
    facts: Mapping[str, object] | None
    nodes: int
    positions: int
    table_entries: int | None
    elapsed: float
    searches: tuple[SearchResult, ...] = ()
    pv: tuple[Hashable, ...] = ()
    returns: tuple[Number, ...] | None = None  # the value per player (more than two players)

    @property
    def value(self) -> Number:
        return self.score.number

    @property
    def distance(self) -> int | None:
        return self.score.plies

    @property
    def terminal(self) -> bool:
        return not self.moves

    @property
    def mover_sign(self) -> int:
        """+1 when MAX is to move, -1 when MIN is: turns MAX's values into the mover's."""
        return 1 if self.to_move == MAX else -1

    def optimal_moves(self) -> list[MoveReport]:
        return [m for m in self.moves if m.optimal]

    def winning_moves(self) -> list[MoveReport]:
        """The optimal moves when they win for the player to move; empty otherwise."""
        if not self.win_loss:
            return []
        return [m for m in self.moves if m.optimal and self.mover_sign * m.value > 0]


# --- entry point ---------------------------------------------------------------------------------
def solve(game: AnyGame, state: Any, *, tree: bool = False,
          progress: ProgressFn | None = None, table_mb: float | None = None,
          weak: bool = False) -> SolveReport:
    """Solve `state` exactly (see the module docstring). `table_mb` sizes the engine's table when
    a search is needed, and bounds the game's solver's own tables (`ExactSolver.memory_mb`).
    Raises SearchError for what cannot be done (no family, a tree too large to draw, a game no
    search serves)."""
    if tree:
        report = solve_by_tree(game, state)
    elif game.proof_kernel() is not None:
        from minimax_cli.services.solve_proof import solve_by_proof

        report = solve_by_proof(game, state, weak, progress, table_mb)
    elif not engine_serves(game):
        from minimax_cli.services.solve_search import solve_by_algorithm

        report = solve_by_algorithm(game, state)
    else:
        solver = game.exact_solver()
        if solver is not None and table_mb is not None:
            solver.memory_mb = table_mb  # the budget bounds the solver's own tables too
        started = time.perf_counter()
        solution = None if solver is None else solver.solve(state, progress)
        if solution is not None:
            report = from_solution(game, state, solution, time.perf_counter() - started)
        else:
            table = TranspositionTable() if table_mb is None else TranspositionTable(table_mb)
            report = solve_by_search(game, state, progress, table)
        if solution is not None:
            report = with_distances(game, state, report)
    return report


def engine_serves(game: AnyGame) -> bool:
    """False for the games the engine does not search: chance, more than two players."""
    from minimax_cli.core.search import ALGORITHMS

    return ALGORITHMS["negamax"].refusal(game) is None


# --- the game's own solver -----------------------------------------------------------------------
def from_solution(game: AnyGame, state: Any, solution: Solution[Any], elapsed: float
                  ) -> SolveReport:
    """The report of an answer from the game's own solver."""
    root = solution.max_score
    moves = tuple(MoveReport(m.move, game.format_move(state, m.move), m.max_score,
                             m.max_score.number == root.number)
                  for m in solution.moves)
    return SolveReport(game.name, game.format_position(state), game.to_move(state), game.win_loss,
                       root, moves, solution.method, True, solution.explanation, solution.facts,
                       0, solution.work, None, elapsed)


# --- the engine, every root move -----------------------------------------------------------------
def solve_by_search(game: AnyGame, state: Any, progress: ProgressFn | None = None,
                    table: TranspositionTable | None = None) -> SolveReport:
    """Search every root move of `state` to the end with the engine and one shared table.

    `progress` is called with (root moves done, root moves in all) after each one.
    """
    started = time.perf_counter()
    mover = game.to_move(state)
    outcome = game.outcome(state)
    explanation = (_("Every move was searched to the end of the game by the engine (negamax: "
                     "alpha-beta with a transposition table shared by the moves), so every value "
                     "is proven."),)
    if outcome is not None:
        return _report(game, state, as_score(game, outcome, 0), (), METHOD_SEARCH, explanation,
                       1, None, time.perf_counter() - started)
    table = table if table is not None else TranspositionTable()
    moves = list(game.legal_moves(state))
    nodes = 1
    found: list[tuple[Hashable, Score]] = []
    for done, move in enumerate(moves, 1):
        # Only the child's value is needed, so its own root moves need not all be exact.
        result = search(game, game.play(state, move), "negamax", Limits(), exact_root=False,
                        table=table)
        if result.max_score is None or not result.exact:  # no limits were given: cannot happen
            raise SearchError(_("the search of move {move} was cut short").format(
                move=game.format_move(state, move)))
        nodes += result.stats.nodes
        child = result.max_score
        found.append((move, dataclasses.replace(child, plies=_later(child.plies))))
        if progress is not None:
            progress(done, len(moves))
    best = _best(found, mover)
    report = _report(game, state, best, found, METHOD_SEARCH, explanation, nodes, len(table),
                     time.perf_counter() - started)
    # The table already holds the proof, so the line of best play costs little more.
    pv, score = principal_line(game, state, best, table)
    return dataclasses.replace(report, pv=pv, score=score)


# --- the principal variation --------------------------------------------------------------------
#: The engine may spend this many nodes to find the line of best play of a solved position.
PV_NODES = 200_000


def principal_line(game: AnyGame, state: Any, score: Score,
                   table: TranspositionTable | None = None
                   ) -> tuple[tuple[Hashable, ...], Score]:
    """The line of best play from `state` (the quickest win, the slowest loss) found by the engine
    within PV_NODES nodes, and `score` with the engine's distance to the end where it had none (a
    game's solver may know who wins but not how soon). No line when the nodes are not enough (the
    report then names the first move only). The engine must agree with the value already proven,
    or there is a bug."""
    if game.outcome(state) is not None:
        return (), score
    try:
        result = search(game, state, "negamax", Limits(nodes=PV_NODES), exact_root=False,
                        table=table if table is not None else TranspositionTable(1))
    except SearchError:  # e.g. a game too deep to search recursively: the solve stands alone
        return (), score
    found = result.max_score
    if found is None or not result.exact:
        return (), score
    if found.number != score.number:  # two independent answers: a disagreement is a bug
        raise RuntimeError(f"the solve says {score}, the engine {found}: a bug")
    if score.plies is None and found.kind is score.kind and not found.plies_at_most:
        score = found
    return tuple(result.pv), score


#: Distances for a game's solver's answer are looked for within this many engine nodes, and only
#: where the position has at most DISTANCE_MOVES moves (a wide game costs more per node).
DISTANCE_NODES = 20_000
DISTANCE_MOVES = 64


def with_distances(game: AnyGame, state: Any, report: SolveReport) -> SolveReport:
    """A game's solver may know who wins but not how soon: the engine, within DISTANCE_NODES nodes,
    adds every move's distance to the end and the line of best play. It must agree with every
    value the solver proved, or there is a bug. The report stays as it was when the nodes are not
    enough or the game is too deep to search recursively."""
    if game.outcome(state) is not None or not game.win_loss or len(report.moves) > DISTANCE_MOVES:
        return report
    try:
        result = search(game, state, "negamax", Limits(nodes=DISTANCE_NODES), exact_root=True,
                        table=TranspositionTable(1))
    except SearchError:
        return report
    if result.max_score is None or not result.exact:
        return report
    found = {m.move: m.max_score for m in result.moves}
    moves = []
    for m in report.moves:
        engine = found[m.move]
        if engine.number != m.score.number:  # two independent answers: a disagreement is a bug
            raise RuntimeError(f"move {m.text}: the solver says {m.score}, the engine {engine}")
        moves.append(dataclasses.replace(m, score=engine) if m.score.plies is None else m)
    score = result.max_score
    if score.number != report.score.number:
        raise RuntimeError(f"the solver says {report.score}, the engine {score}: a bug")
    return dataclasses.replace(report, moves=tuple(moves), pv=tuple(result.pv),
                               score=score if report.score.plies is None else report.score)


# --- the drawn tree ------------------------------------------------------------------------------
def solve_by_tree(game: AnyGame, state: Any) -> SolveReport:
    """Plain minimax over the whole game tree, kept for drawing, and the engine beside it.

    The answer is the tree's: each move's value backed up in it, and the distance to the end (the
    quickest win, the slowest loss) read off it. SearchError when the tree has more than
    TREE_NODE_LIMIT nodes.
    """
    started = time.perf_counter()
    plain = search(game, state, "minimax", Limits(nodes=TREE_NODE_LIMIT + 1), trace=True,
                   trace_limit=TREE_NODE_LIMIT + 1)
    if plain.timed_out or plain.stats.nodes > TREE_NODE_LIMIT or plain.trace is None:
        raise SearchError(_(
            "the game tree from this position has more than {limit} nodes, too large to draw; "
            "drop --tree, or give a position nearer the end").format(limit=grouped(TREE_NODE_LIMIT)))
    # A tree of at most TREE_NODE_LIMIT nodes fits a small table, which is quicker to set up.
    engine = search(game, state, "negamax", Limits(), exact_root=True, table_mb=1)
    if plain.value != engine.value:  # two independent searches: a disagreement is a bug
        raise RuntimeError(f"minimax says {plain.value}, negamax {engine.value}: a bug")
    distances = tree_distances(plain.trace, game.win_loss)
    root = plain.trace
    score = as_score(game, root.value, distances[id(root)])
    found = [(child.move, as_score(game, child.value, _later(distances[id(child)])))
             for child in root.children]
    if game.win_loss:
        sentence = _("Plain minimax visited every node of the game tree from this position "
                     "({nodes}) and backed the leaves' values up; the distance to the end is read "
                     "off the same tree (the quickest win, the slowest loss). The engine searched "
                     "the same position and agrees.")
    else:
        sentence = _("Plain minimax visited every node of the game tree from this position "
                     "({nodes}) and backed the leaves' values up. The engine searched the same "
                     "position and agrees.")
    explanation = (sentence.format(nodes=count(plain.stats.nodes, "node")),)
    report = _report(game, state, score, found, METHOD_TREE, explanation, plain.stats.nodes, None,
                     time.perf_counter() - started)
    return dataclasses.replace(report, searches=(plain, engine), pv=tuple(engine.pv))


def tree_distances(root: TraceNode, win_loss: bool) -> dict[int, int | None]:
    """Plies to the end with best play at every node of a complete minimax tree (keyed by id):
    0 at a leaf; the quickest win for a winner, the slowest loss for a loser; None for a draw and
    for games whose values are not win/loss. Iterative: the tree may be thousands of plies deep."""
    distances: dict[int, int | None] = {}
    stack: list[tuple[TraceNode, bool]] = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if not expanded and node.children:
            stack.append((node, True))
            stack.extend((child, False) for child in node.children)
            continue
        value = node.value
        if not node.children:
            distances[id(node)] = 0 if win_loss else None
        elif not win_loss or value is None or value == 0:
            distances[id(node)] = None
        else:
            sign = 1 if node.player == MAX else -1
            best = [distances[id(c)] for c in node.children if c.value == value]
            known = [d for d in best if d is not None]
            if len(known) != len(best) or not known:
                distances[id(node)] = None
            else:  # the winner ends it soonest; the loser (all moves lose) holds out longest
                distances[id(node)] = 1 + (min(known) if sign * value > 0 else max(known))
    return distances


# --- scores --------------------------------------------------------------------------------------
def as_score(game: AnyGame, value: Number | None, plies: int | None) -> Score:
    """A proven value on the game's scale (MAX's view: a finished game's outcome, or one backed up
    by plain minimax) as a Score; `plies` to the end count for wins and losses only."""
    if value is None:
        raise SearchError(_("the minimax tree has a node without a value"))
    if not game.win_loss:
        return Score.value(value)
    return Score.win(plies) if value > 0 else Score.loss(plies) if value < 0 else Score.draw()


def _later(plies: int | None) -> int | None:
    """Plies to the end from the parent, one move earlier."""
    return None if plies is None else plies + 1


def _best(found: Sequence[tuple[Hashable, Score]], mover: int) -> Score:
    """The best score for `mover` among the moves' (MAX's view): the quickest win, the slowest
    loss, the largest value."""
    return max((s for _, s in found), key=lambda s: PovScore(s, MAX).seen_by(mover).sort_key())


def _report(game: AnyGame, state: Any, score: Score, found: Sequence[tuple[Hashable, Score]],
            method: str, explanation: tuple[str, ...], nodes: int, table_entries: int | None,
            elapsed: float) -> SolveReport:
    moves = tuple(MoveReport(move, game.format_move(state, move), s, s.number == score.number)
                  for move, s in found)
    return SolveReport(game.name, game.format_position(state), game.to_move(state), game.win_loss,
                       score, moves, method, False, explanation, None, nodes, 0, table_entries,
                       elapsed)


__all__ = ["TREE_NODE_LIMIT", "MoveReport", "ProgressFn", "SolveReport", "engine_serves", "solve",
           "solve_by_search", "solve_by_tree", "tree_distances"]
