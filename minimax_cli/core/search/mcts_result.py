"""Monte Carlo tree search's nodes, the MCTS-Solver's backing up of proofs, and the results a
growing tree is read as (minimax_cli.core.search.mcts runs the loop)."""

from __future__ import annotations

import sys
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from minimax_cli.core.game import CHANCE, MAX
from minimax_cli.core.i18n import Grouped, nM_
from minimax_cli.core.result import SearchResult, SearchStats
from minimax_cli.core.score import WIN, Bound, Number
from minimax_cli.core.search.common import AnyGame, Scored, build_result
from minimax_cli.core.search.context import SearchContext

#: Rewards are summed in units of REWARD_SCALE, a power of two: a sum of up to 2**64 rewards of any
#: finite size (a tree's leaf may be 1.7e308) stays finite, and for rewards of ordinary size the
#: scaled sums, means and comparisons are exactly the unscaled ones (only magnitudes below about
#: 1e-288 lose digits, as subnormal numbers).
REWARD_SCALE = 2.0 ** -64
_LARGEST = sys.float_info.max


def mean_reward(total: float, visits: int) -> float:
    """The mean of `visits` rewards summed (in REWARD_SCALE units) to `total`, in the rewards'
    own units; rounding in the sum cannot carry it past the largest finite number."""
    return min(_LARGEST, max(-_LARGEST, total / visits / REWARD_SCALE))


class Node:
    """One node of the tree. `chooser` is the player who chose the move into it (the parent's
    mover; CHANCE below a chance node), `n` its visits and `w` the sum of the chooser's rewards
    (in REWARD_SCALE units, as `sums`).
    `reward` is set on a finished game and, with the solver, on a proven node: the returns every
    visit then backs up. `proof` is the proven result from the chooser's view (+1, 0, -1) and
    `plies` its distance to the end, `at_most` when a quicker end may exist. `sums` holds the
    returns per player (games that are not two-player zero-sum, root and its children only);
    `lost` the children proven lost for this node's mover, no longer selected."""

    __slots__ = ("at_most", "children", "chooser", "cumulative", "lost", "move", "mover", "n",
                 "outcomes", "plies", "proof", "reward", "state", "sums", "untried", "w")

    def __init__(self, state: Any, mover: int, chooser: int, move: Hashable) -> None:
        self.state = state
        self.mover = mover
        self.chooser = chooser
        self.move = move
        self.n = 0
        self.w = 0.0
        self.children: list[Any] = []
        self.untried: list[Any] = []
        self.reward: tuple[float, ...] | None = None
        self.proof: int | None = None
        self.plies = 0
        self.at_most = False
        self.outcomes: list[Any] = []
        self.cumulative: list[float] = []
        self.sums: list[float] | None = None
        self.lost: list[Node] = []


@dataclass(frozen=True)
class Simulation:
    """One simulation as `--trace` tells it: its number, the moves walked down from the root (the
    last one added to the tree when `expanded`), whether it ended on a finished or proven node
    (then no playout ran) and the returns backed up, one per player."""

    number: int
    moves: tuple[Hashable, ...]
    expanded: bool
    settled: bool
    reward: tuple[float, ...]


class Tree(Protocol):
    """What a result reads of a growing search tree (minimax_cli.core.search.mcts.Tree), so that
    this module need not import the loop that grows it."""

    game: AnyGame
    root: Node
    players: int
    pair: bool
    iterations: int
    nodes: int
    leaves: int
    cut: int
    cap: int
    simulations: list[Simulation] | None


def prove(path: list[Node]) -> None:
    """Back the proof of `path[-1]` (a finished game just added) up the path, as far as it proves
    the nodes above: a node is won when a child is won for its mover, and decided when every move
    has a proven child (the best of them: a draw, or the slowest loss)."""
    child = path[-1]
    for node in reversed(path[:-1]):
        proof = child.proof
        if proof is None or node.mover == CHANCE:
            return
        if proof > 0:
            # An unproven sibling may win sooner, unless this win is at once (1 ply).
            pending = bool(node.untried) or any(c.proof is None for c in node.children)
            _settle(node, 1, child.plies + 1, child.plies > 0 and (child.at_most or pending))
        else:
            if proof < 0 and child in node.children:
                node.children.remove(child)
                node.lost.append(child)
            if node.untried or any(c.proof is None for c in node.children):
                return
            if node.children:  # a draw at best
                longest = max(c.plies for c in node.children)
                _settle(node, 0, longest + 1, False)
            else:  # every move loses: the slowest loss
                slowest = max(node.lost, key=lambda c: c.plies)
                _settle(node, -1, slowest.plies + 1, any(c.at_most for c in node.lost))
        child = node


def _settle(node: Node, result: int, plies: int, at_most: bool) -> None:
    """Mark `node` proven: `result` for its mover, `plies` to the end."""
    first = result if node.mover == 0 else -result
    node.reward = (float(first), float(-first))
    node.proof = result if node.chooser == node.mover else -result
    node.plies = plies
    node.at_most = at_most


# --- results ---------------------------------------------------------------------------------
def _engine(proof: int, plies: int) -> Number:
    """A proven result as an engine number (wins as WIN - plies) from the same view."""
    if proof > 0:
        return WIN - plies
    if proof < 0:
        return plies - WIN
    return 0


def _scored(tree: Tree, child: Node, pov: int) -> Scored:
    """A root child's Scored from player `pov`'s view: proven, or the mean of its playouts."""
    vector = None
    if child.sums is not None:
        vector = tuple(mean_reward(s, child.n) for s in child.sums) if child.n else None
    if child.proof is not None:
        own = child.proof if child.chooser % 2 == pov % 2 else -child.proof
        bound = Bound.LOWER if (own > 0 and child.at_most) else (
            Bound.UPPER if (own < 0 and child.at_most) else Bound.EXACT)
        return Scored(child.move, _engine(own, child.plies + 1), True, bound, vector, child.n)
    if vector is not None:
        mean: Number = vector[pov]
    elif child.n:
        mean = mean_reward(child.w, child.n)
        if (child.chooser % tree.players) != pov:  # two players, zero-sum: the other side
            mean = -mean
    else:
        mean = 0.0
    return Scored(child.move, mean, False, Bound.EXACT, vector, child.n)


def _all_children(node: Node) -> list[Node]:
    return [c for c in node.children if c is not None] + node.lost


def chosen_child(node: Node) -> Node | None:
    """The move MCTS plays: a proven win (the quickest), else the most visited child not proven
    lost (the first in the game's order on a tie), else the slowest proven loss."""
    children = [c for c in node.children if c is not None]
    won = [c for c in children if c.proof is not None and c.proof > 0]
    chosen: Node | None = None
    if won:
        chosen = min(won, key=lambda c: c.plies)
    elif children:
        chosen = max(children, key=lambda c: c.n)  # max keeps the first of equals
    elif node.lost:
        chosen = max(node.lost, key=lambda c: c.plies)
    return chosen


def snapshot(tree: Tree, started: float) -> SearchResult:
    """The tree as it stands, read as a result: each root move's visits and mean reward (or
    proof), the most visited move and the line of most visited moves below it."""
    game, root = tree.game, tree.root
    pov = root.mover if root.mover != CHANCE else MAX
    stats = SearchStats(nodes=tree.nodes, leaves=tree.leaves)
    stats.elapsed = time.perf_counter() - started
    order = {m: i for i, m in enumerate(game.legal_moves(root.state))} if root.mover != CHANCE \
        else {m: i for i, m in enumerate(root.outcomes)}
    children = sorted(_all_children(root), key=lambda c: order.get(c.move, len(order)))
    moves = [_scored(tree, c, pov) for c in children]
    notes = []
    if tree.cut:
        notes.append(nM_("{count} playout reached no end within {cap} plies and scored the "
                         "middle of the reward range",
                         "{count} playouts reached no end within {cap} plies and scored the "
                         "middle of the reward range", tree.cut,
                         count=Grouped(tree.cut), cap=Grouped(tree.cap)))
    vector: tuple[Number, ...] | None = None
    if root.reward is not None and root.proof is not None:  # proven by the solver
        own = root.proof
        root_score = Scored(None, _engine(own, root.plies), True,
                            Bound.LOWER if own > 0 and root.at_most else
                            Bound.UPPER if own < 0 and root.at_most else Bound.EXACT)
    elif root.reward is not None and not root.children:  # the game is over
        final = root.reward
        root_score = Scored(None, final[pov], True, Bound.EXACT)
        if not tree.pair:
            vector = tuple(final)
        return build_result("mcts", game, root.mover, pov=pov, engine_scores=False,
                            root=root_score, moves=[], best_move=None, pv=[], stats=stats,
                            depth=None, numbers=not game.win_loss, vector=vector,
                            iterations=tree.iterations)
    elif root.mover == CHANCE:
        mean = mean_reward(root.w, root.n) if root.n else 0.0
        if root.sums is not None and root.n:
            vector = tuple(mean_reward(s, root.n) for s in root.sums)
            mean = vector[pov]
        elif (root.chooser % tree.players) != pov:
            mean = -mean
        root_score = Scored(None, mean, False, Bound.EXACT)
    else:
        best = chosen_child(root)
        assert best is not None  # a search of an unfinished game ran at least one iteration
        root_score = next(s for s in moves if s.move == best.move)
        vector = root_score.vector
        # The root is not settled, so its value is not proven even when the move played is (a
        # proven draw while a sibling is still open may yet be beaten): an estimate.
        root_score = Scored(None, root_score.number, False, root_score.bound)
    pv: list[Hashable] = []
    node: Node | None = root
    while node is not None and node.mover != CHANCE and (node.children or node.lost):
        node = chosen_child(node)
        if node is None or node.n == 0:
            break
        pv.append(node.move)
    result = build_result("mcts", game, root.mover, pov=pov, engine_scores=True,
                          root=root_score, moves=moves, best_move=pv[0] if pv else None, pv=pv,
                          stats=stats, depth=None, numbers=False, vector=vector,
                          iterations=tree.iterations)
    result.notes = tuple(notes)
    if tree.simulations is not None:
        result.simulations = tuple(tree.simulations)
    return result


def no_value(tree: Tree, context: SearchContext, reason: str) -> SearchResult:
    """A search stopped before its first iteration: no value, the first legal move."""
    root = tree.root
    context.stats.nodes, context.stats.leaves = tree.nodes, tree.leaves
    context.stats.elapsed = context.budget.elapsed()
    context.stopped = reason
    return context.result("mcts", pov=root.mover if root.mover != CHANCE else MAX,
                          engine_scores=True, root=None, iterations=0)


__all__ = ["REWARD_SCALE", "Node", "Simulation", "chosen_child", "mean_reward", "no_value",
           "prove", "snapshot"]
