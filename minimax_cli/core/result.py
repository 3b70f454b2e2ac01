"""What a search is asked (`Limits`, `SearchOptions`) and what it answers (`SearchResult`), with its
statistics and trace.

Values in results are Scores (minimax_cli.core.score) with their point of view; the conveniences
`value`, `exact` and `distance` read them from MAX's (the first player's) point of view, as the
course shows values.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from minimax_cli.core.i18n import Words
from minimax_cli.core.params import MAX_DEPTH, MAX_NODES, MAX_TIME
from minimax_cli.core.record import Record
from minimax_cli.core.score import Bound, Number, PovScore, Score

if TYPE_CHECKING:
    from minimax_cli.core.table import TranspositionTable

#: Why a search stopped before it finished.
STOP_TIME = "time"
STOP_NODES = "nodes"
STOP_INTERRUPTED = "interrupted"
#: The move orderings of the PVS engine (SearchOptions.ordering), each adding to the one before.
ORDERINGS = ("none", "mvv", "killers", "full")
#: The most root moves the PVS engine gives exact scores and lines (SearchOptions.multipv): more
#: than any chess position has legal moves (218).
MAX_MULTIPV = 256
#: Nodes a recorded search keeps by default (SearchOptions.trace_limit).
DEFAULT_TRACE_LIMIT = 5000
#: TraceNode.cut of a node the engine left at a win on the very next move: no result is better
#: for the player to move, whatever the window.
CUT_WIN_AT_ONCE = "win_at_once"


class Limits(Record):
    """When a search must stop: plies below the root, seconds, nodes. None means no limit.
    A value (core.record: not a dataclass, for start-up time)."""

    __slots__ = ("depth", "nodes", "time")
    fields = ("depth", "time", "nodes")

    def __init__(self, depth: int | None = None, time: float | None = None,
                 nodes: int | None = None) -> None:
        if depth is not None and not 0 <= depth <= MAX_DEPTH:
            raise ValueError(f"depth must be from 0 to {MAX_DEPTH:,} plies, got {depth:,}")
        if time is not None and not 0 < time <= MAX_TIME:  # also refuses NaN
            raise ValueError(f"time must be a positive number of seconds, at most {MAX_TIME:,.0f}, "
                             f"got {time:g}")
        if nodes is not None and not 1 <= nodes <= MAX_NODES:
            raise ValueError(f"nodes must be from 1 to {MAX_NODES:,}, got {nodes:,}")
        self.depth: Final = depth
        self.time: Final = time
        self.nodes: Final = nodes

    @property
    def budget(self) -> bool:
        """True when time or nodes may stop the search before it finishes a depth."""
        return self.time is not None or self.nodes is not None


class SearchOptions(Record):
    """Everything a search may be told besides its limits; an unknown option is an error.

    - `evaluator`: the evaluation function's name (default: the game's first);
    - `trace`, `trace_limit`: record the searched tree for drawing, up to so many nodes;
    - `trace_depth`: record only the nodes this many plies below the root at most (None: all), so
      that a drawing of the top levels holds all of them whatever the search's size;
    - `exact_root`: every root move gets an exact value (else moves that cannot be best get bounds);
    - `symmetry`: key the table by the game's canonical key;
    - `table`: a transposition table to use (and keep) instead of a fresh one;
    - `table_mb`: the size of a fresh table, in megabytes;
    - `window`: how the root is searched when `exact_root` is off: "full" (-inf, +inf),
      "aspiration" (a narrow window around the previous depth's score, widened on failure) or
      "bisection" (null windows halving the range of the score, MTD style; whole-number scores);
    - Monte Carlo tree search: `iterations` (a budget besides time and nodes), `exploration` (the
      UCT constant c), `seed` (the random generator; None: unseeded), `rollout` ("random" or
      "eval": guided by the evaluation function), `mcts_solver` (back up proven wins and losses);
    - PVS over a game's search board (core/search/pvs.py), each refinement switchable so that its
      effect can be shown: `quiescence` (search captures and promotions past the depth limit;
      None: each algorithm's own default, on for pvs, off for the textbook minimax and
      alpha-beta, core/search/textbook_quiet.py),
      `ordering` ("none": the generator's order; "mvv": hash move and captures by most valuable
      victim, least valuable attacker; "killers": and killer moves; "full": and the history of
      quiet moves), `use_table` (the transposition table), `null_move` (null-move pruning),
      `reductions` (late move reductions: quiet moves tried late searched a ply or two less
      first, again in full when they beat alpha), `aspiration` (each depth after the first
      searched first in a narrow window around the previous depth's score, widened on failure),
      `multipv` (the best so many root moves get exact scores and their own lines at every
      depth, MAX_MULTIPV at most; 1: the best move alone, the others bounds);
    - a front end's hold on a running search (another thread's, as `minimax uci`'s): `stop`, asked
      where the clock is read (True: stop now, as interrupted; the last completed depth stands),
      and `on_depth`, which the iterative deepening of `pvs` hands each completed depth's result;
    - `memory`: what a search of the same game left for the next one (`pvs`: its table and
      history, core/search/pvs_memory.py), kept by a front end that searches move after move;
    - `partial_root`: a search stopped in the middle of a depth may answer with a root move that
      depth has already proven better than the last completed depth's best (`pvs`; the result
      then says the depth is unfinished).

    A value (core.record), not a dataclass, for start-up time; the class keeps each option's
    default (`SearchOptions.trace_limit`).
    """

    fields = ("evaluator", "trace", "trace_limit", "trace_depth", "exact_root", "symmetry", "table",
              "table_mb", "window", "iterations", "exploration", "seed", "rollout", "mcts_solver",
              "quiescence", "ordering", "use_table", "null_move", "reductions", "aspiration",
              "stop", "on_depth", "memory", "partial_root", "multipv")
    #: Nodes a trace records unless told otherwise.
    trace_limit: int = DEFAULT_TRACE_LIMIT

    def __init__(self, evaluator: str | None = None, trace: bool = False,
                 trace_limit: int = DEFAULT_TRACE_LIMIT, trace_depth: int | None = None,
                 exact_root: bool = True, symmetry: bool = True, table: TranspositionTable | None = None,
                 table_mb: float | None = None, window: str = "full",
                 iterations: int | None = None, exploration: float = 1.4,
                 seed: int | None = None, rollout: str = "random",
                 mcts_solver: bool = True, quiescence: bool | None = None, ordering: str = "full",
                 use_table: bool = True, null_move: bool = True,
                 reductions: bool = True, aspiration: bool = True,
                 stop: Callable[[], bool] | None = None,
                 on_depth: Callable[[SearchResult], None] | None = None,
                 memory: Any = None, partial_root: bool = False, multipv: int = 1) -> None:
        self.evaluator: Final = evaluator
        self.trace: Final = trace
        self.trace_limit = trace_limit
        self.trace_depth: Final = trace_depth
        self.exact_root: Final = exact_root
        self.symmetry: Final = symmetry
        self.table: Final = table
        self.table_mb: Final = table_mb
        self.window: Final = window
        self.iterations: Final = iterations
        self.exploration: Final = exploration
        self.seed: Final = seed
        self.rollout: Final = rollout
        self.mcts_solver: Final = mcts_solver
        self.quiescence: Final = quiescence
        self.ordering: Final = ordering
        self.use_table: Final = use_table
        self.null_move: Final = null_move
        self.reductions: Final = reductions
        self.aspiration: Final = aspiration
        self.stop: Final = stop
        self.on_depth: Final = on_depth
        self.memory: Final = memory
        self.partial_root: Final = partial_root
        self.multipv: Final = multipv
        self._check()

    def _check(self) -> None:
        if self.iterations is not None and not 1 <= self.iterations <= MAX_NODES:
            raise ValueError(f"iterations must be from 1 to {MAX_NODES:,}, got {self.iterations:,}")
        if not 0 <= self.exploration <= 100:  # also refuses NaN
            raise ValueError(f"the exploration constant must be from 0 to 100, got {self.exploration}")
        if self.rollout not in ("random", "eval"):
            raise ValueError(f"rollout must be random or eval, not {self.rollout!r}")
        if self.window not in ("full", "aspiration", "bisection"):
            raise ValueError(f"window must be full, aspiration or bisection, not {self.window!r}")
        if self.ordering not in ORDERINGS:
            raise ValueError(f"ordering must be {', '.join(ORDERINGS)}, not {self.ordering!r}")
        if not 1 <= self.multipv <= MAX_MULTIPV:
            raise ValueError(f"multipv must be from 1 to {MAX_MULTIPV}, got {self.multipv}")
        if self.trace_limit < 0:
            raise ValueError(f"trace_limit must be 0 or more, got {self.trace_limit}")
        if self.trace_depth is not None and self.trace_depth < 0:
            raise ValueError(f"trace_depth must be 0 or more, got {self.trace_depth}")


class SearchStats(Record):
    """Counts kept by every search. `nodes` counts every state the search was called on, the root
    included, also when the table answered it; `leaves` counts utility and evaluation calls.
    `tt_probes` are table look-ups, `tt_hits` those that found the position, `tt_answers` the hits
    whose stored value answered the node without searching it. `pv_nodes` are nodes searched after
    the value was known, only to complete the principal variation. `depth` is the last completed
    depth (0 when none was completed or the search had no depth limit). Counts that change:
    equal by value, never hashed (core.record; not a dataclass, for start-up time)."""

    __slots__ = ("cutoffs", "depth", "elapsed", "leaves", "nodes", "pv_nodes", "tt_answers",
                 "tt_hits", "tt_probes")
    fields = ("nodes", "leaves", "cutoffs", "tt_probes", "tt_hits", "tt_answers", "pv_nodes",
              "depth", "elapsed")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, nodes: int = 0, leaves: int = 0, cutoffs: int = 0, tt_probes: int = 0,
                 tt_hits: int = 0, tt_answers: int = 0, pv_nodes: int = 0, depth: int = 0,
                 elapsed: float = 0.0) -> None:
        self.nodes = nodes
        self.leaves = leaves
        self.cutoffs = cutoffs
        self.tt_probes = tt_probes
        self.tt_hits = tt_hits
        self.tt_answers = tt_answers
        self.pv_nodes = pv_nodes
        self.depth = depth
        self.elapsed = elapsed

    def copy(self) -> SearchStats:
        """The counts as they are now, apart from those that go on changing."""
        return SearchStats(*self._values())

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.elapsed if self.elapsed > 0 else 0.0


class MoveValue(Record):
    """The score of one root move, as its player at the root sees it (`score.pov`).

    `vector`: one value per player, for games of more than two players (max^n, paranoid, MCTS),
    where a single number from MAX's view says too little; `visits`: how often Monte Carlo tree
    search tried the move (its `score` is then the mean reward, an estimate unless proven).
    A value (core.record)."""

    __slots__ = ("move", "pv", "score", "tie_broken", "vector", "visits")
    fields = ("move", "score", "vector", "visits", "tie_broken", "pv")

    def __init__(self, move: Hashable, score: PovScore, vector: tuple[Number, ...] | None = None,
                 visits: int | None = None, tie_broken: bool = False,
                 pv: tuple[Hashable, ...] | None = None) -> None:
        self.move: Final = move
        self.score: Final = score
        self.vector: Final = vector
        self.visits: Final = visits
        #: max^n: `vector` rests on a tie the rule broke (see SearchResult.tie_broken).
        self.tie_broken: Final = tie_broken
        #: The move's own principal variation (from the root, this move first) where the search
        #: gave it one: the lines of PVS's `multipv`; None otherwise.
        self.pv: Final = pv

    @property
    def max_score(self) -> Score:
        """The score from MAX's point of view."""
        return self.score.max()

    @property
    def value(self) -> Number:
        """The number from MAX's point of view (+1 / 0 / -1 for results)."""
        return self.max_score.number

    @property
    def bound(self) -> Bound:
        """How the true value relates to `value`, from MAX's point of view."""
        return self.max_score.bound

    @property
    def exact(self) -> bool:
        return self.score.relative.exact

    @property
    def distance(self) -> int | None:
        """Plies to the end of the game when the move's result is proven."""
        return self.score.relative.plies


class TraceNode(Record):
    """One visited node of a recorded search, for the tree view.

    `alpha` and `beta` are the window the node was entered with, from MAX's point of view (None for
    plain minimax); `pruned` lists the moves whose subtrees were never visited because of a cutoff.
    `value` is the backed-up engine or game number from MAX's point of view; `kind` is "inner",
    "terminal", "eval" (heuristic at the depth limit) or "table". `probability`: that of the edge
    into this node when its parent is a chance node; `vector`: one value per player (max^n,
    paranoid), where `value` alone says too little; `low` and `high`: the interval the search
    proved for the node's value (MAX's view), where it tracks one (textbook alpha-beta), None where
    only `value` and the window tell; `bound`: a table's answer, whether `value` is exact or a
    lower or upper bound (MAX's view); `cut`: why the moves of `pruned` were left, when it is not
the window (the value reaching beta, or falling to alpha): CUT_WIN_AT_ONCE for the engine's cut
at a win on the very next move, which no result betters. `quiet`: the node belongs to a
quiescence search (core/search/textbook_quiet.py: a depth cut searched on, kind "quiet", or a
noisy move below one), `stand` its stand-pat (static) value; a depth cut's `quiet_counts` are
the noisy moves tried from it and the nodes its quiet search counted below it, as the search's
own statistics count them (whether or not the trace holds them all). Equal by value, never hashed
(core.record, as SearchStats)."""

    __slots__ = ("alpha", "beta", "bound", "children", "cut", "high", "kind", "low", "move",
                 "player", "probability", "pruned", "quiet", "quiet_counts", "stand", "value",
                 "vector")
    fields = ("move", "player", "alpha", "beta", "value", "kind", "children", "pruned",
              "probability", "vector", "low", "high", "bound", "cut", "quiet", "stand",
              "quiet_counts")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, move: Hashable | None, player: int, alpha: Number | None = None,
                 beta: Number | None = None, value: Number | None = None, kind: str = "inner",
                 children: list[TraceNode] | None = None, pruned: list[Hashable] | None = None,
                 probability: Number | None = None, vector: tuple[Number, ...] | None = None,
                 low: Number | None = None, high: Number | None = None,
                 bound: str | None = None, cut: str | None = None, quiet: bool = False,
                 stand: Number | None = None,
                 quiet_counts: tuple[int, int] | None = None) -> None:
        self.move = move
        self.player = player
        self.alpha = alpha
        self.beta = beta
        self.value = value
        self.kind = kind
        self.children: list[TraceNode] = [] if children is None else children
        self.pruned: list[Hashable] = [] if pruned is None else pruned
        self.probability = probability
        self.vector = vector
        self.low = low
        self.high = high
        self.bound = bound
        self.cut = cut
        self.quiet = quiet
        self.stand = stand
        self.quiet_counts = quiet_counts


@dataclass
class SearchResult:
    """Everything one search found; nothing of it comes back any other way.

    `score` is None when no value was found: a limit stopped the search before it completed a
    depth. Then `best_move` (when not None) was chosen by move ordering, not by a search, and
    `best_searched` is False. `depth` is the completed depth limit, None for a search to the end
    of the game; `stopped` says which limit cut the search short, if any.
    """

    algorithm: str
    root_player: int
    score: PovScore | None
    best_move: Hashable | None
    moves: list[MoveValue]
    pv: list[Hashable]
    stats: SearchStats
    depth: int | None = None
    stopped: str | None = None
    best_searched: bool = True
    trace: TraceNode | None = None
    trace_truncated: bool = False
    #: The root's value per player (games of more than two players); see MoveValue.vector.
    vector: tuple[Number, ...] | None = None
    #: Monte Carlo tree search: the iterations (playouts) run.
    iterations: int | None = None
    #: Remarks the search makes about its own answer that a user must see (a tie broken by rule
    #: that changed another player's outcome, say), in plain words.
    notes: tuple[Words, ...] = ()
    #: Monte Carlo tree search with `trace`: its first simulations (mcts_result.Simulation).
    simulations: tuple[Any, ...] = ()
    #: max^n: on the line of play from the root, a player chose by the tie-break rule between
    #: moves equally good for itself and not for another, so `vector` holds only when every
    #: player breaks ties by that rule.
    tie_broken: bool = False

    @property
    def max_score(self) -> Score | None:
        return None if self.score is None else self.score.max()

    @property
    def value(self) -> Number | None:
        """The value from MAX's point of view; None when the search found none."""
        return None if self.score is None else self.score.max().number

    @property
    def exact(self) -> bool:
        return self.score is not None and self.score.relative.exact

    @property
    def proven(self) -> bool:
        return self.score is not None and self.score.relative.proven

    @property
    def distance(self) -> int | None:
        return None if self.score is None else self.score.relative.plies

    @property
    def timed_out(self) -> bool:
        return self.stopped is not None

    def best_moves(self) -> list[Hashable]:
        """Every root move scored as well as the best one, for the player at the root, among the
        moves whose score is not a mere bound (proven, or estimated at the same depth): the moves
        to choose among at random. The best move alone when none qualifies, and always for Monte
        Carlo tree search, whose move is the one its rule picks (a proven win, else the most
        visited), not the best mean, and when the best move's own score is a bound (at least a
        draw: no other move can be known to be as good)."""
        scored = [m for m in self.moves if m.score.relative.bound is Bound.EXACT]
        best_bounded = any(m.move == self.best_move and m.score.relative.bound is not Bound.EXACT
                           for m in self.moves)
        if not scored or self.score is None or self.iterations is not None or best_bounded:
            return [] if self.best_move is None else [self.best_move]
        player = self.root_player if self.root_player >= 0 else 0
        best = max(m.score.seen_by(player).sort_key() for m in scored)
        return [m.move for m in scored if m.score.seen_by(player).sort_key() == best]
