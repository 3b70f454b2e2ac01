"""Monte Carlo tree search: UCT (Kocsis & Szepesvári 2006) with the MCTS-Solver (Winands, Björnsson
& Saito 2008), for two or more players and chance nodes.

One iteration walks down the tree from the root, at each node taking the child with the highest
UCB1 value `mean + c * span * sqrt(ln N / n)` (the first such child in the game's move order), until
a node with a move not yet tried; it adds that move's child (its moves tried in the game's order),
plays a playout from it to the end of the game and adds the result to every node on the way down.
`c` is `options.exploration`; `span` is the width of the reward range (high - low of the game's
type, or of the returns seen so far when the game states no bounds), so that `c` means what it
means for rewards scaled to [0, 1]: the default 1.4 is about the textbook sqrt(2).

- Rewards are the game's returns, one per player. Each node keeps the sum of the returns of the
  player who chose the move into it, so with any number of players every player picks the child
  best for itself (max^n's assumption, sampled).
- Chance nodes: an outcome is drawn with the game's probabilities (as floats) from the seeded
  generator, and each outcome has a child of its own (closed loop, not open loop).
- Playouts: "random" plays uniformly random legal moves; "eval" (two-player zero-sum games with an
  evaluation) plays, with probability 1 - EPSILON, the move after which the evaluation is best for
  the mover (a move that wins at once first; ties drawn at random), else a random move. Either
  way the reward is the real end of the game, so a mean is a sample estimate of the game under
  that playout policy, never a proof. A playout cut at ROLLOUT_CAP plies (a heap of a million
  bones) scores the middle of the reward range, and the result's notes say how many were cut.
- MCTS-Solver (`options.mcts_solver`, two-player zero-sum win/loss games without chance): a node
  whose mover has a child proven won is proven won; one whose children are all proven takes the
  best of them (a draw included, as in score-bounded MCTS). Proven-lost children are no longer
  selected; a proven node met on the way down gives its proven result instead of a playout; a
  proven root ends the search. Distances are plies to the end with the proving line; a win proven
  while some siblings were unproven is "at most" that long.

Budget: `options.iterations`, `limits.time` and `limits.nodes` in any combination, the first spent
ending the search; with none of them, DEFAULT_ITERATIONS. `limits.depth` is not used (playouts go to
the end of the game). Statistics: `nodes` counts the tree nodes each iteration walks through, the
root and the new node included (a node budget is exact: an iteration that would pass it does not
start its expansion); `leaves` counts playouts (an iteration ending on a finished or proven node
has none). The same seed and the same iteration or node budget give the same tree, choice and
visits; a time budget gives whatever the clock allowed, which is not reproducible.

MCTS is anytime: a search that spent its budget after at least one iteration finished as asked, so
its `stopped` is None and its values are estimates (or proofs). With no iteration done there is no
value, `stopped` names the budget and the best move is the first legal one. `iterate_mcts` yields a
result every SNAPSHOT seconds and a last one at the end: a caller that wants Ctrl-C to stop a
search catches KeyboardInterrupt around it and keeps the last snapshot (the core catches none).
"""

from __future__ import annotations

import random
import time
from bisect import bisect_right
from collections.abc import Callable, Iterator
from math import log, sqrt
from typing import Any

from minimax_cli.core.game import CHANCE, SearchError
from minimax_cli.core.i18n import _
from minimax_cli.core.result import STOP_NODES, STOP_TIME, Limits, SearchOptions, SearchResult
from minimax_cli.core.score import HEURISTIC_LIMIT
from minimax_cli.core.search.common import AnyGame, pick_evaluator
from minimax_cli.core.search.context import SearchContext
from minimax_cli.core.search.mcts_result import (
    REWARD_SCALE,
    Node,
    Simulation,
    no_value,
    prove,
    snapshot,
)

#: Iterations run when neither `iterations`, `time` nor `nodes` is given.
DEFAULT_ITERATIONS = 10_000
#: Plies after which a playout is cut and scored as the middle of the reward range.
ROLLOUT_CAP = 1_000
#: The chance of a random move in an "eval" playout.
EPSILON = 0.1
#: Seconds between two results yielded by `iterate_mcts`.
SNAPSHOT = 0.25
#: Iterations between two looks at the clock (a few milliseconds in the slowest playouts).
CLOCK_EVERY = 16


class Tree:
    """The search tree of one search and the loop that grows it."""

    def __init__(self, game: AnyGame, state: Any, options: SearchOptions) -> None:
        kind = game.game_type
        self.game = game
        self.players = kind.players
        #: Two-player zero-sum: rewards are (v, -v) from `outcome`; else `returns` vectors.
        self.pair = kind.players == 2 and kind.zero_sum
        self.chance = kind.chance
        self.solver = (options.mcts_solver and self.pair and kind.win_loss and not kind.chance)
        self.exploration = options.exploration
        self.bounded = kind.low is not None and kind.high is not None
        low = kind.low if kind.low is not None else 0.0
        high = kind.high if kind.high is not None else 0.0
        self.low, self.high = float(low), float(high)
        # (halves first: the sum of two bounds near 1.8e308 would overflow)
        self.middle = tuple([self.low / 2 + self.high / 2] * kind.players)
        self.rng = random.Random(options.seed)
        self.evaluate: Callable[[Any], float] | None = None
        if options.rollout == "eval":
            if not self.pair:
                raise SearchError(_("eval playouts need a two-player zero-sum game (the "
                                    "evaluation is MAX's view); {game} is not one: use random "
                                    "playouts").format(game=game.name))
            evaluate = pick_evaluator(game, options.evaluator, needed=False)
            if not game.evaluators():
                raise SearchError(_("{game} has no evaluation function for eval playouts; use "
                                    "random playouts").format(game=game.name))
            self.evaluate = evaluate or next(iter(game.evaluators().values()))
        elif options.evaluator is not None:
            pick_evaluator(game, options.evaluator, needed=False)  # an unknown name is an error
        self.iterations = self.nodes = self.leaves = self.cut = 0
        self.cap = ROLLOUT_CAP
        #: The first simulations, for `--trace` (None when not recording).
        self.simulations: list[Simulation] | None = [] if options.trace else None
        self.record_limit = options.trace_limit
        #: The range of the rewards seen, in REWARD_SCALE units (games stating no bounds).
        self.seen_low, self.seen_high = float("inf"), float("-inf")
        self.root = self.make_node(state, -2, None)
        self.root.chooser = self.root.mover  # the root's proof is from its mover's view

    # --- nodes ---------------------------------------------------------------------------------
    def make_node(self, state: Any, chooser: int, move: Any) -> Node:
        """A new node; a finished game gets its reward (and proof, with the solver) at once."""
        game = self.game
        mover = game.to_move(state)
        node = Node(state, mover, chooser, move)
        if mover == CHANCE:
            outcomes = list(game.chance_outcomes(state))
            total, cumulative = 0.0, []
            for _outcome, probability in outcomes:
                total += float(probability)
                cumulative.append(total)
            cumulative[-1] = 2.0  # float sums may fall short of 1: the last outcome takes the rest
            node.outcomes = [move for move, _ in outcomes]
            node.cumulative = cumulative
            node.children = [None] * len(outcomes)
            return node
        moves = game.legal_moves(state)
        if moves:
            node.untried = list(reversed(moves))  # popped from the end: the game's order
            return node
        node.reward = self.terminal_reward(state)
        if self.solver:
            # The root (no chooser) is proven from its mover's view, as `snapshot` reads it.
            proof = node.reward[chooser] if chooser >= 0 else node.reward[mover]
            node.proof = (proof > 0) - (proof < 0)
            node.plies = 0
        return node

    def terminal_reward(self, state: Any) -> tuple[float, ...]:
        if self.pair:
            value = self.game.outcome(state)
            assert value is not None
            return (value, -value)
        values = self.game.returns(state)
        assert values is not None
        return tuple(values)

    # --- the loop ------------------------------------------------------------------------------
    def grow(self, stop_at: int, deadline: float | None, max_nodes: int | None) -> str | None:
        """Iterate until `stop_at` iterations, the deadline, the node budget or a proven root;
        the budget that ended it (STOP_TIME, STOP_NODES) or None (iterations, or proven)."""
        root, perf, exploration = self.root, time.perf_counter, self.exploration
        # In REWARD_SCALE units, as the sums it is added to.
        span = (self.high * REWARD_SCALE - self.low * REWARD_SCALE if self.bounded
                else self.seen_span())
        cspan = exploration * span
        room = max_nodes - self.nodes if max_nodes is not None else -1
        while self.iterations < stop_at:
            if root.reward is not None:  # proven
                break
            if (deadline is not None and not self.iterations % CLOCK_EVERY
                    and perf() >= deadline):
                return STOP_TIME
            path, parent, move, slot = self.select(cspan)
            expand = parent is not None
            walked = len(path) + expand
            if room >= 0:
                if walked > room:
                    return STOP_NODES
                room -= walked
            reward = path[-1].reward if parent is None else self.expand(path, parent, move, slot)
            assert reward is not None  # a finished or proven node's, or a playout's
            self.nodes += walked
            self.iterations += 1
            self.back_up(path, reward, expand)
            if not self.bounded:
                cspan = exploration * self.observe(reward)
        return None

    def select(self, cspan: float) -> tuple[list[Node], Node | None, Any, int]:
        """Walk down from the root by UCB1 (chance nodes: a drawn outcome) to a node with a move
        not yet tried, a chance outcome not yet met, or a result. The path walked, and the node
        to expand with the move and its slot (-1: the next untried move); no node to expand when
        the walk ended on a finished or proven node."""
        rand = self.rng.random
        node = self.root
        path = [node]
        while node.reward is None:
            if node.mover == CHANCE:
                index = bisect_right(node.cumulative, rand())
                child = node.children[index]
                if child is None:
                    return path, node, node.outcomes[index], index
                node = child
                path.append(node)
                continue
            untried = node.untried
            if untried:
                return path, node, untried[-1], -1
            explore = cspan * sqrt(log(node.n))
            best = float("-inf")
            for candidate in node.children:
                visits = candidate.n
                value = candidate.w / visits + explore / sqrt(visits)
                if value > best:
                    best = value
                    child = candidate
            node = child  # a node with children has a best
            path.append(node)
        return path, None, None, 0

    def expand(self, path: list[Node], parent: Node, move: Any, slot: int) -> tuple[float, ...]:
        """Add the child `move` leads to below `parent` (at the end of `path`) and score it: its
        result (backing up its proof, with the solver) or a playout's."""
        if slot < 0:
            parent.untried.pop()
        child = self.make_node(self.game.play(parent.state, move), parent.mover, move)
        if slot < 0:
            parent.children.append(child)
        else:
            parent.children[slot] = child
        path.append(child)
        if child.reward is not None:
            if self.solver:
                prove(path)
            return child.reward
        self.leaves += 1
        if self.pair and not self.chance and self.evaluate is None:
            return self.random_playout(child.state)
        return self.playout(child.state)

    def back_up(self, path: list[Node], reward: tuple[float, ...], expanded: bool) -> None:
        """Add the iteration's returns to every node of `path` (and record it for `--trace`)."""
        record = self.simulations
        if record is not None and len(record) < self.record_limit:
            record.append(Simulation(self.iterations, tuple(n.move for n in path[1:]), expanded,
                                     path[-1].reward is not None, tuple(reward)))
        scaled = [part * REWARD_SCALE for part in reward]
        for node in path:
            node.n += 1
            node.w += scaled[node.chooser]
        if not self.pair:
            for node in path[:2]:
                sums = node.sums
                if sums is None:
                    sums = node.sums = [0.0] * len(reward)
                for player, part in enumerate(scaled):
                    sums[player] += part

    # --- playouts ------------------------------------------------------------------------------
    def random_playout(self, state: Any) -> tuple[float, ...]:
        """A uniformly random playout in a two-player zero-sum game without chance (the common
        case, kept short: no chance node, no evaluation, rewards from `outcome`)."""
        legal, play, rand = self.game.legal_moves, self.game.play, self.rng.random
        moves = legal(state)
        plies = 0
        while moves:
            state = play(state, moves[int(rand() * len(moves))])
            moves = legal(state)
            plies += 1
            if plies == ROLLOUT_CAP:
                break
        value = self.game.outcome(state)
        if value is None:
            self.cut += 1
            return self.middle
        return (value, -value)

    def playout(self, state: Any) -> tuple[float, ...]:
        """A playout from `state` (chance nodes, eval playouts, several players)."""
        game, rand = self.game, self.rng.random
        play, legal, to_move = game.play, game.legal_moves, game.to_move
        evaluate = self.evaluate
        for _ply in range(ROLLOUT_CAP):
            mover = to_move(state)
            if mover == CHANCE:
                draw = rand()
                outcomes = game.chance_outcomes(state)
                move = outcomes[-1][0]
                for option, probability in outcomes:
                    draw -= float(probability)
                    if draw < 0:
                        move = option
                        break
                state = play(state, move)
                continue
            moves = legal(state)
            if not moves:
                return self.terminal_reward(state)
            if evaluate is not None and rand() >= EPSILON:
                state = self.greedy(state, moves, mover, evaluate)
            else:
                state = play(state, moves[int(rand() * len(moves))])
        if game.outcome(state) is not None:
            return self.terminal_reward(state)
        self.cut += 1
        return self.middle

    def greedy(self, state: Any, moves: Any, mover: int, evaluate: Callable[[Any], float]) -> Any:
        """The state after the move best for `mover` by the evaluation (a win at once first)."""
        play, outcome = self.game.play, self.game.outcome
        sign = 1.0 if mover == 0 else -1.0
        best, chosen = -1e300, []
        for move in moves:
            after = play(state, move)
            result = outcome(after)
            value = sign * (result * HEURISTIC_LIMIT if result is not None else evaluate(after))
            if value > best:
                best, chosen = value, [after]
            elif value == best:
                chosen.append(after)
        return chosen[int(self.rng.random() * len(chosen))]

    # --- unbounded rewards ---------------------------------------------------------------------
    def observe(self, reward: tuple[float, ...]) -> float:
        """Widen the seen reward range by `reward`; the span the exploration term uses (both in
        REWARD_SCALE units)."""
        for part in reward:
            part *= REWARD_SCALE
            if part < self.seen_low:
                self.seen_low = part
            if part > self.seen_high:
                self.seen_high = part
        return self.seen_span()

    def seen_span(self) -> float:
        span = self.seen_high - self.seen_low
        return span if span > 0 else REWARD_SCALE


def iterate_mcts(game: AnyGame, state: Any, limits: Limits = Limits(),
                 options: SearchOptions | None = None,
                 every: float = SNAPSHOT) -> Iterator[SearchResult]:
    """Results of one growing search: one every `every` seconds and the final one last."""
    options = options if options is not None else SearchOptions()
    context = SearchContext(game, state, limits, options)
    started, budget = context.budget.started, context.budget
    tree = Tree(game, state, options)
    if tree.root.reward is not None:  # the game is over: nothing to search
        yield snapshot(tree, started)
        return
    iterations = options.iterations
    if iterations is None and limits.time is None and limits.nodes is None:
        iterations = DEFAULT_ITERATIONS
    stop_at = iterations if iterations is not None else 1 << 62
    deadline = budget.deadline
    while True:
        pause = time.perf_counter() + every
        if deadline is not None and deadline <= pause:
            reason = tree.grow(stop_at, deadline, budget.max_nodes)
            done = True
        else:
            reason = tree.grow(stop_at, pause, budget.max_nodes)
            done = reason != STOP_TIME
            if not done:
                reason = None
        if tree.iterations == 0 and done:
            yield no_value(tree, context, reason or STOP_TIME)
            return
        yield snapshot(tree, started)
        if done:
            return


def mcts(game: AnyGame, state: Any, limits: Limits, options: SearchOptions) -> SearchResult:
    """The final result of `iterate_mcts`."""
    result = None
    for result in iterate_mcts(game, state, limits, options):  # noqa: B007 -- keep the last one
        pass
    assert result is not None
    return result


__all__ = ["DEFAULT_ITERATIONS", "EPSILON", "ROLLOUT_CAP", "Tree", "iterate_mcts", "mcts"]
