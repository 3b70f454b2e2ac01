"""Random layered DAG games and an independent oracle for them (depth-limited minimax in engine
units, the full value, exact expectimax), shared by the engine's property tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, cast

from hypothesis import strategies as st

from minimax_cli.core.game import CHANCE, TWO_PLAYER_NUMERIC, Evaluator, Game, GameType
from minimax_cli.core.result import SearchResult
from minimax_cli.core.score import WIN, WIN_BAND, Bound, Kind, Number, Score, encode

# --- random layered DAGs ---------------------------------------------------------------------------
# A state is (layer, index). A node's children lie in the next layer and are shared between
# parents, so transpositions occur, always at the same ply. Player 0 (MAX) moves at even layers.
DagState = tuple[int, int]
INF = float("inf")


@dataclass(frozen=True)
class Spec:
    children: tuple[int, ...]  # indices in the next layer; empty at a terminal node
    outcome: int | None  # MAX's value at a terminal node
    evaluation: int  # the heuristic, defined everywhere
    weights: tuple[int, ...] | None = None  # a chance node's outcome weights


@dataclass(frozen=True)
class Dag:
    layers: tuple[tuple[Spec, ...], ...]

    def states(self) -> list[DagState]:
        return [(layer, i) for layer, specs in enumerate(self.layers) for i in range(len(specs))]


@st.composite
def dags(draw: st.DrawFn, win_loss: bool, chance: bool = False) -> Dag:
    depth = draw(st.sampled_from([5, 6, 7, 4, 3, 2, 1]))
    widths = [1, *(draw(st.sampled_from([2, 3, 4, 1])) for _ in range(depth - 1))]
    outcomes = st.sampled_from([-1, 0, 1]) if win_loss else st.integers(-10, 10)
    layers = []
    for layer, width in enumerate(widths):
        specs = []
        for _ in range(width):
            evaluation = draw(st.integers(-9, 9))
            if layer == depth - 1 or draw(st.integers(0, 4)) == 0:
                specs.append(Spec((), draw(outcomes), evaluation))
                continue
            below = widths[layer + 1]
            children = tuple(draw(st.lists(st.integers(0, below - 1), min_size=1,
                                           max_size=below, unique=True)))
            weights = None
            if chance and draw(st.booleans()):
                weights = tuple(draw(st.integers(1, 3)) for _ in children)
            specs.append(Spec(children, None, evaluation, weights))
        layers.append(tuple(specs))
    return Dag(tuple(layers))


class DagGame(Game[DagState, int]):
    """A test-only game over a Dag; moves are child indices in the next layer."""

    name = "dag"
    description = "a random layered DAG"

    def __init__(self, dag: Dag) -> None:
        self.dag = dag

    def spec(self, state: DagState) -> Spec:
        return self.dag.layers[state[0]][state[1]]

    def initial_state(self) -> DagState:
        return (0, 0)

    def to_move(self, state: DagState) -> int:
        return CHANCE if self.spec(state).weights is not None else state[0] % 2

    def legal_moves(self, state: DagState) -> Sequence[int]:
        return self.spec(state).children

    def play(self, state: DagState, move: int) -> DagState:
        assert move in self.spec(state).children, (state, move)
        return (state[0] + 1, move)

    def outcome(self, state: DagState) -> float | None:
        return self.spec(state).outcome

    def chance_outcomes(self, state: DagState) -> Sequence[tuple[int, Fraction]]:
        spec = self.spec(state)
        assert spec.weights is not None
        total = sum(spec.weights)
        return [(c, Fraction(w, total)) for c, w in zip(spec.children, spec.weights, strict=True)]

    def evaluators(self) -> Mapping[str, Evaluator[DagState]]:
        return {"table": lambda state: self.spec(state).evaluation}

    def parse_position(self, text: str) -> DagState:
        layer, index = text.split(".")
        return (int(layer), int(index))

    def format_position(self, state: DagState) -> str:
        return f"{state[0]}.{state[1]}"

    def parse_move(self, state: DagState, text: str) -> int:
        return int(text)

    def format_move(self, state: DagState, move: int) -> str:
        return str(move)


class WinLossDag(DagGame):
    pass  # the default type: outcomes -1 / 0 / 1, wins scored by distance


class NumericDag(DagGame):
    game_type = TWO_PLAYER_NUMERIC


class ChanceDag(DagGame):
    game_type: ClassVar[GameType] = GameType(chance=True, win_loss=False, low=None, high=None)


class Oracle:
    """Minimax from the definition, in engine units from MAX's view: a win/loss game's terminal
    `ply` plies below the search root scores +-(WIN - ply), other outcomes their value."""

    def __init__(self, game: DagGame) -> None:
        self.game, self.win_loss = game, game.win_loss
        self.memo: dict[tuple[DagState, int | None, int], int] = {}

    def terminal(self, spec: Spec, ply: int) -> int:
        assert spec.outcome is not None
        if not self.win_loss or spec.outcome == 0:
            return spec.outcome
        return WIN - ply if spec.outcome > 0 else ply - WIN

    def children(self, state: DagState) -> list[DagState]:
        return [(state[0] + 1, c) for c in self.game.spec(state).children]

    def value(self, state: DagState, depth: int | None, ply: int = 0) -> int:
        """V_depth (depth None: the game's full value V)."""
        key = (state, depth, ply)
        if key not in self.memo:
            spec = self.game.spec(state)
            if spec.outcome is not None:
                result = self.terminal(spec, ply)
            elif depth == 0:
                result = spec.evaluation
            else:
                below = None if depth is None else depth - 1
                values = [self.value(c, below, ply + 1) for c in self.children(state)]
                result = max(values) if state[0] % 2 == 0 else min(values)
            self.memo[key] = result
        return self.memo[key]

    def interval(self, state: DagState, horizon: float, ply: int = 0) -> tuple[float, float]:
        """The range of the minimax value when every non-terminal node at layer `horizon` may take
        any value it could have: what terminal states within the horizon alone prove. (In a
        win/loss game a node that is not over ends a ply later at the soonest.)"""
        spec = self.game.spec(state)
        if spec.outcome is not None:
            v = self.terminal(spec, ply)
            return (v, v)
        if state[0] >= horizon:
            return (ply + 1 - WIN, WIN - ply - 1) if self.win_loss else (-INF, INF)
        ranges = [self.interval(c, horizon, ply + 1) for c in self.children(state)]
        pick = max if state[0] % 2 == 0 else min
        return (pick(r[0] for r in ranges), pick(r[1] for r in ranges))

    def evaluates(self, state: DagState, depth: int) -> bool:
        """True when the depth-limited tree below `state` has a non-terminal frontier node."""
        if self.game.spec(state).outcome is not None:
            return False
        return depth == 0 or any(self.evaluates(c, depth - 1) for c in self.children(state))

    def tree_size(self, state: DagState, depth: int | None) -> int:
        """Nodes of the depth-limited tree, unfolded (no transpositions merged)."""
        if self.game.spec(state).outcome is not None or depth == 0:
            return 1
        below = None if depth is None else depth - 1
        return 1 + sum(self.tree_size(c, below) for c in self.children(state))

    def expectimax(self, state: DagState, depth: int | None) -> Fraction:
        """MAX maximises, MIN plays uniformly at random, chance by its weights; raw outcomes."""
        spec = self.game.spec(state)
        if spec.outcome is not None:
            return Fraction(spec.outcome)
        if depth == 0:
            return Fraction(spec.evaluation)
        below = None if depth is None else depth - 1
        values = [self.expectimax(c, below) for c in self.children(state)]
        if spec.weights is not None:
            weighted = sum((w * v for w, v in zip(spec.weights, values, strict=True)), Fraction(0))
            return weighted / sum(spec.weights)
        if state[0] % 2 == 0:
            return max(values)
        return sum(values, Fraction(0)) / len(values)


def claim(score: Score) -> tuple[Number, Number] | None:
    """The range of engine-unit values (MAX's view) a score asserts; None for an estimate."""
    if score.kind is Kind.ESTIMATE:
        return None
    if score.kind in (Kind.WIN, Kind.LOSS):
        edge = encode(score)
        win = score.kind is Kind.WIN
        if score.bound is Bound.EXACT and not score.plies_at_most:
            return (edge, edge)
        if (score.bound is Bound.UPPER) or (score.bound is Bound.EXACT and not win):
            return (-INF, edge)  # at most: a loss in at most p plies, or an upper bound
        return (edge, INF)  # a win in at most p plies, or a lower bound
    number = score.number
    return {Bound.EXACT: (number, number), Bound.LOWER: (number, INF),
            Bound.UPPER: (-INF, number)}[score.bound]


def check_claim(oracle: Oracle, score: Score, state: DagState, ply: int, depth: int,
                horizon: float) -> None:
    """What a score says proven must be true (the full value V lies in its range) and justified
    by the information the table can hold (terminals up to layer `horizon`); a tree without any
    evaluation must come back proven."""
    asserted = claim(score)
    if not oracle.evaluates(state, depth):
        assert asserted is not None, f"{score} for {state}: no evaluation took part"
    if asserted is None:
        return
    low, high = asserted
    truth = oracle.value(state, None, ply)
    assert low <= truth <= high, f"{score} for {state} claims [{low}, {high}]; V = {truth}"
    known = oracle.interval(state, horizon, ply)
    assert low <= known[0] and known[1] <= high, (
        f"{score} for {state} claims [{low}, {high}]; terminals up to layer {horizon} "
        f"only show {known}")


def check_exact(game: DagGame, score: Score, expected: int) -> None:
    """An exact score is the oracle's number, and a result word exactly in the win band."""
    assert score.bound is Bound.EXACT
    assert encode(score) == expected, f"{score} should be {expected}"
    decisive = game.win_loss and abs(expected) >= WIN_BAND
    assert (score.kind in (Kind.WIN, Kind.LOSS)) == decisive
    if not decisive:
        assert score.kind in ((Kind.ESTIMATE, Kind.DRAW) if game.win_loss
                              else (Kind.ESTIMATE, Kind.VALUE))


def check_result(oracle: Oracle, result: SearchResult, state: DagState, depth: int,
                 horizon: float, exact_value: bool, exact_moves: bool) -> None:
    """Root and root moves of a negamax result: claims always; values equal V_depth when asked."""
    assert result.score is not None and result.max_score is not None
    root = result.max_score
    check_claim(oracle, root, state, 0, depth, horizon)
    if exact_value:
        check_exact(oracle.game, root, oracle.value(state, depth))
    for move in result.moves:
        child = (state[0] + 1, cast(int, move.move))
        check_claim(oracle, move.max_score, child, 1, depth - 1, horizon)
        if not exact_value:
            continue
        expected = oracle.value(child, depth - 1, 1)
        if exact_moves:
            check_exact(oracle.game, move.max_score, expected)
            continue
        # Outside the window a move gets a bound; a bound in the win band reads as a win (loss)
        # in at most p plies, which is exact about the result and a bound on the number.
        bound, kind = move.max_score.bound, move.max_score.kind
        if move.max_score.plies_at_most:
            bound = Bound.LOWER if kind is Kind.WIN else Bound.UPPER
        if bound is Bound.EXACT:
            check_exact(oracle.game, move.max_score, expected)
        elif bound is Bound.UPPER:
            assert expected <= encode(move.max_score)
        else:
            assert expected >= encode(move.max_score)
    if result.moves:
        assert {m.move for m in result.moves} <= set(oracle.game.spec(state).children)


def make_game(dag: Dag, win_loss: bool) -> DagGame:
    return WinLossDag(dag) if win_loss else NumericDag(dag)


def roots_and_depths(dag: Dag) -> st.SearchStrategy[tuple[DagState, int]]:
    """The start or any node, at any depth up to past the last layer."""
    roots = st.one_of(st.just((0, 0)), st.sampled_from(dag.states()))
    return st.tuples(roots, st.integers(0, len(dag.layers) + 1))


def draw_case(data: st.DataObject, win_loss: bool) -> tuple[DagGame, Oracle, DagState, int]:
    game = make_game(data.draw(dags(win_loss)), win_loss)
    state, depth = data.draw(roots_and_depths(game.dag))
    return game, Oracle(game), state, depth
