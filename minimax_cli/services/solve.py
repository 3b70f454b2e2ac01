"""The solving service behind `minimax solve`: exact answers as the one report model
(minimax_cli.reports.model.Report), no I/O.

A position is solved by the way the one precedence (minimax_cli.answer.precedence.ways, asked for
EVERY_MOVE) puts first, carried out by the answering room with its progress (answer/solving.py,
answer/proof_stream.py); this module builds the request and turns the answer into the report:
- by the mate prover when the game has a mate board (chess, whose positions are too large to
  solve: the shortest mate, or none within --max-moves; solve_mate.py);
- by the core's proof search when the game has a proof kernel (Connect Four; solve_proof.py);
- by the game's own exact solver (`Game.exact_solver()`) when it has one and it answers: bones'
  bottom-up table and proven period, Nim's theorem (two-player games: a game of more players is
  searched, for its returns per player);
- for games the engine does not search (chance, more players), by one search with the game's
  default algorithm (solve_search.py);
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

import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from minimax_cli.answer.precedence import (
    DEFAULT_ALGORITHM,
    EVERY_MOVE,
    PROOF,
    SOLVER,
    search_algorithm,
    ways,
)
from minimax_cli.answer.solving import PLAIN_MINIMAX, each_move, own_solver, run
from minimax_cli.core.game import MAX, AnyGame, SearchError
from minimax_cli.core.i18n import M_, _
from minimax_cli.core.result import Limits, TraceNode
from minimax_cli.core.score import Number, PovScore, Score
from minimax_cli.core.solver import Progress, Solution
from minimax_cli.core.table import TranspositionTable
from minimax_cli.core.words import count_words, grouped
from minimax_cli.reports.answers import solution_result
from minimax_cli.reports.model import METHOD_SEARCH, METHOD_TREE, Report, from_solve
from minimax_cli.services.solve_mate import proves_mates, solve_by_mate

#: A move and its proven score from MAX's point of view.
Found = list[tuple[Hashable, Score]]

#: `--tree` draws the plain minimax tree when it has at most this many nodes.
TREE_NODE_LIMIT = 5_000


# --- entry point ---------------------------------------------------------------------------------
def solve(game: AnyGame, state: Any, *, tree: bool = False,
          progress: Progress | None = None, table_mb: float | None = None,
          weak: bool = False, limits: Limits | None = None,
          on_fact: Callable[[Any], None] | None = None, max_moves: int | None = None) -> Report:
    """Solve `state` exactly (see the module docstring). `table_mb` sizes the engine's table when
    a search is needed, and bounds the game's solver's own tables (`ExactSolver.memory_mb`).
    `limits` (time, nodes) and `on_fact` (each score as it is proven: reports.proven.ProvenFact)
    serve the proof search and the mate prover only (`check_budget` says so for the others);
    `max_moves` the mate prover (solve_mate.py: a game with a mate board, chess).
    Raises SearchError for what cannot be done (no family, a tree too large to draw, a game no
    search serves)."""
    if tree:
        return solve_by_tree(game, state)
    if proves_mates(game):
        return solve_by_mate(game, state, max_moves, limits)
    if streamed(game):
        from minimax_cli.services.solve_proof import solve_by_proof  # loads the prover

        return solve_by_proof(game, state, weak, progress, table_mb, limits, on_fact)
    if SOLVER in ways(game, EVERY_MOVE):  # the one precedence decides; its ways are run here
        solved = own_solver(game, state, table_mb, progress)  # table_mb bounds its tables too
        if solved is not None:
            return from_solution(game, state, *solved)
    if search_algorithm(game, EVERY_MOVE) != DEFAULT_ALGORITHM:
        from minimax_cli.services.solve_search import solve_by_algorithm

        return solve_by_algorithm(game, state)
    table = TranspositionTable() if table_mb is None else TranspositionTable(table_mb)
    return solve_by_search(game, state, progress, table)


def check_budget(game: AnyGame, other_work: bool) -> None:
    """SearchError (one line, exit 2 at the command line) when `--time`/`--nodes` cannot bound
    this solve: only the proof search of one position stops cleanly and keeps what it proved;
    `other_work` is --tree, --upto or --batch, which have no budget."""
    if other_work or not (streamed(game) or proves_mates(game)):
        raise SearchError(_(
            "--time and --nodes bound `solve` of one position of a game with a proof kernel "
            "(Connect Four), not --tree, --upto, --batch or {game}'s solver; drop them, or use "
            "`analyze` for a bounded search").format(game=game.name))


def streamed(game: AnyGame, *, tree: bool = False, family: bool = False) -> bool:
    """Whether `solve` proves the position with the game's proof kernel, which finds the
    position's score and then each move's one after the other, so that a command can show each
    as it is proven (cli/solve_stream.py) and stop within --time or --nodes: a game with a kernel,
    unless `tree` (--tree: plain minimax, drawn) or `family` (--upto: the game's family of
    positions, which such a game refuses). The one place this is decided."""
    return not tree and not family and PROOF in ways(game, EVERY_MOVE)


# --- the game's own solver -----------------------------------------------------------------------
def from_solution(game: AnyGame, state: Any, solution: Solution[Any], elapsed: float) -> Report:
    """The report of an answer from the game's own solver, with the engine's distances to the end
    where the solver gives none and it finds them quickly (`with_distances`)."""
    result = solution_result(game, state, solution, elapsed)
    assert result.max_score is not None  # a solution always holds a proven score
    found = [(m.move, m.max_score) for m in result.moves]
    score, found, pv = with_distances(game, state, result.max_score, found)
    return from_solve(game, state, score, found, method=solution.method,
                      explanation=solution.explanation, facts=solution.facts, nodes=0,
                      positions=solution.work, elapsed=elapsed, pv=pv, by_solver=True)


# --- the engine, every root move -----------------------------------------------------------------
def solve_by_search(game: AnyGame, state: Any, progress: Progress | None = None,
                    table: TranspositionTable | None = None) -> Report:
    """Search every root move of `state` to the end with the engine and one shared table.

    `progress` is called with (root moves done, root moves in all) after each one.
    """
    started = time.perf_counter()
    mover = game.to_move(state)
    outcome = game.outcome(state)
    explanation = (M_("Every move was searched to the end of the game by the engine (negamax: "
                      "alpha-beta with a transposition table shared by the moves), so every value "
                      "is proven."),)
    if outcome is not None:
        return from_solve(game, state, as_score(game, outcome, 0), (), method=METHOD_SEARCH,
                          explanation=explanation, nodes=1,
                          elapsed=time.perf_counter() - started)
    table = table if table is not None else TranspositionTable()
    nodes = 1
    found: Found = []
    for move, result in each_move(game, state, table, progress):
        if result.max_score is None or not result.exact:  # no limits were given: cannot happen
            raise SearchError(_("the search of move {move} was cut short").format(
                move=game.format_move(state, move)))
        nodes += result.stats.nodes
        child = result.max_score
        found.append((move, Score(child.kind, child.number, child.bound, _later(child.plies),
                                  child.plies_at_most)))
    elapsed, entries = time.perf_counter() - started, len(table)  # the proof's, not the line's
    # The table already holds the proof, so the line of best play costs little more.
    pv, score = principal_line(game, state, _best(found, mover), table)
    return from_solve(game, state, score, found, method=METHOD_SEARCH, explanation=explanation,
                      nodes=nodes, table_entries=entries, elapsed=elapsed, pv=pv)


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
        result = run(game, state, DEFAULT_ALGORITHM, Limits(nodes=PV_NODES), exact_root=False,
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


def with_distances(game: AnyGame, state: Any, score: Score, found: Found
                   ) -> tuple[Score, Found, tuple[Hashable, ...]]:
    """A game's solver may know who wins but not how soon: the engine, within DISTANCE_NODES nodes,
    adds the distance to the end where `score` or a move's (MAX's view) has none, and the line of
    best play. It must agree with every value the solver proved, or there is a bug. The answer
    stays as it was, with no line, when the nodes are not enough or the game is too deep to
    search recursively."""
    unchanged: tuple[Score, Found, tuple[Hashable, ...]] = (score, found, ())
    if game.outcome(state) is not None or not game.win_loss or len(found) > DISTANCE_MOVES:
        return unchanged
    try:
        result = run(game, state, DEFAULT_ALGORITHM, Limits(nodes=DISTANCE_NODES),
                     exact_root=True, table=TranspositionTable(1))
    except SearchError:
        return unchanged
    if result.max_score is None or not result.exact:
        return unchanged
    engine = {m.move: m.max_score for m in result.moves}
    moves: Found = []
    for move, proven in found:
        if engine[move].number != proven.number:  # two independent answers: a disagreement is a bug
            raise RuntimeError(f"move {game.format_move(state, move)}: the solver says {proven}, "
                               f"the engine {engine[move]}")
        moves.append((move, engine[move] if proven.plies is None else proven))
    if result.max_score.number != score.number:
        raise RuntimeError(f"the solver says {score}, the engine {result.max_score}: a bug")
    return (result.max_score if score.plies is None else score), moves, tuple(result.pv)


# --- the drawn tree ------------------------------------------------------------------------------
def solve_by_tree(game: AnyGame, state: Any) -> Report:
    """Plain minimax over the whole game tree, kept for drawing, and the engine beside it.

    The answer is the tree's: each move's value backed up in it, and the distance to the end (the
    quickest win, the slowest loss) read off it. SearchError when the tree has more than
    TREE_NODE_LIMIT nodes.
    """
    started = time.perf_counter()
    plain = run(game, state, PLAIN_MINIMAX, Limits(nodes=TREE_NODE_LIMIT + 1), trace=True,
                trace_limit=TREE_NODE_LIMIT + 1)
    if plain.timed_out or plain.stats.nodes > TREE_NODE_LIMIT or plain.trace is None:
        raise SearchError(_(
            "the game tree from this position has more than {limit} nodes, too large to draw; "
            "drop --tree, or give a position nearer the end").format(limit=grouped(TREE_NODE_LIMIT)))
    # A tree of at most TREE_NODE_LIMIT nodes fits a small table, which is quicker to set up.
    engine = run(game, state, DEFAULT_ALGORITHM, Limits(), exact_root=True, table_mb=1)
    if plain.value != engine.value:  # two independent searches: a disagreement is a bug
        raise RuntimeError(f"minimax says {plain.value}, negamax {engine.value}: a bug")
    distances = tree_distances(plain.trace, game.win_loss)
    root = plain.trace
    score = as_score(game, root.value, distances[id(root)])
    found = [(child.move, as_score(game, child.value, _later(distances[id(child)])))
             for child in root.children]
    nodes = count_words(plain.stats.nodes, "node")
    if game.win_loss:
        sentence = M_("Plain minimax visited every node of the game tree from this position "
                      "({nodes}) and backed the leaves' values up; the distance to the end is "
                      "read off the same tree (the quickest win, the slowest loss). The engine "
                      "searched the same position and agrees.", nodes=nodes)
    else:
        sentence = M_("Plain minimax visited every node of the game tree from this position "
                      "({nodes}) and backed the leaves' values up. The engine searched the same "
                      "position and agrees.", nodes=nodes)
    explanation = (sentence,)
    return from_solve(game, state, score, found, method=METHOD_TREE, explanation=explanation,
                      nodes=plain.stats.nodes, elapsed=time.perf_counter() - started,
                      searches=(plain, engine), pv=engine.pv)


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


__all__ = ["METHOD_SEARCH", "METHOD_TREE", "TREE_NODE_LIMIT", "check_budget", "solve",
           "solve_by_search", "solve_by_tree", "streamed", "tree_distances"]
