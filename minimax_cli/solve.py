"""The solving service behind `minimax solve`: exact answers as report dataclasses, no I/O.

Two kinds of solve:

- any game (`solve_game`): every root move is searched to the end by the engine (`negamax`), one
  after the other with one shared transposition table, so a progress display can advance per root
  move and later moves reuse what earlier ones proved. The report gives the value, every optimal
  move and the positions examined.
- the game of bones (`solve_bones`, `bones_outcomes`): a subtraction game needs no game tree. Small
  heaps are searched (plain minimax beside the engine, with the whole tree kept for drawing),
  heaps up to `TABLE_MAX_N` are solved bottom-up, and larger ones are read off the proven period of
  the outcome sequence.

This module sits in the CLI layer, which may depend on the games through the registry; it imports
`games.bones` directly for the bones-only part (the table, the period and its proof are bones
methods, not part of the generic Game protocol), and dispatches on the game's class explicitly.
Every value reported is from MAX's (the first player's) point of view unless a field says it is the
mover's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from games.bones import Bones  # the bones-specific solver (see the module docstring)
from minimax_cli.core.game import MAX, Game, SearchError
from minimax_cli.core.periodic import Period, find_period, value_at
from minimax_cli.core.result import Limits, SearchResult
from minimax_cli.core.search import search
from minimax_cli.core.table import DEFAULT_SIZE, TranspositionTable

AnyGame = Game[Any, Any]

#: Called with (work done, total work) while a solve runs; drives a progress bar.
ProgressFn = Callable[[int, int], None]

#: Bones heaps up to this size are also searched, and their game tree drawn.
SEARCH_MAX_N = 8
#: `--tree` draws bones trees up to this heap size (take 1,2,3: 2,031 nodes at 12).
TREE_MAX_N = 12
#: Bones heaps up to this size are solved bottom-up; larger ones from the proven period.
TABLE_MAX_N = 10**7
#: Bottom-up solves larger than this are worth a progress bar.
PROGRESS_MIN_N = 200_000
#: The proof of the period may solve at most this many heaps (its memory grows with them).
PERIOD_PROOF_LIMIT = 1_000_000
#: The most heaps `--upto` tabulates.
UPTO_MAX = 100_000
#: For other games, `--tree` draws the plain minimax tree when it has at most this many nodes.
TREE_NODE_LIMIT = 5_000

BonesMethod = Literal["search", "table", "period"]


# --- bones ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TreeSearch:
    """The actual game-tree searches of a small heap: plain minimax (every node, trace kept) and
    the engine (`negamax`, memoised by its transposition table)."""

    minimax: SearchResult
    negamax: SearchResult
    tree_size: int  # nodes of the full game tree, counted by recursion over heap sizes


@dataclass(frozen=True)
class BonesReport:
    """Who wins the game of bones from one heap with perfect play, and how that was found.

    `mover_wins` is from the point of view of the player to move (`to_move`); `value` is from MAX's
    (the first player's): +1 when MAX wins, -1 when MAX loses. `positions` counts the heaps solved
    (table and period) or the nodes plain minimax visited (search).
    """

    n: int
    take: tuple[int, ...]
    misere: bool
    to_move: int
    mover_wins: bool
    winning_moves: tuple[int, ...]
    method: BonesMethod
    positions: int
    elapsed: float
    period: Period | None = None
    tree: TreeSearch | None = None

    @property
    def value(self) -> int:
        return 1 if self.mover_wins == (self.to_move == MAX) else -1

    @property
    def first_player_wins(self) -> bool:
        return self.value == 1

    @property
    def terminal(self) -> bool:
        return self.n < self.take[0]


@dataclass(frozen=True)
class OutcomeRow:
    n: int
    mover_wins: bool
    winning_moves: tuple[int, ...]


@dataclass(frozen=True)
class Pattern:
    """The period `find_period` observed in the outcomes of heaps 0..checked_upto - 1, in words.

    `losing_residues` are the values of n mod period at which the player to move loses, for
    n >= preperiod; `early_losses` the losing heaps below the preperiod. Observed, not proven.
    """

    preperiod: int
    period: int
    checked_upto: int
    losing_residues: tuple[int, ...]
    early_losses: tuple[int, ...]
    sentence: str


@dataclass(frozen=True)
class OutcomeTable:
    """Outcomes of heaps 0..upto for the player to move, the pattern seen in them, and the proven
    period for comparison (None when it could not be proven within `PERIOD_PROOF_LIMIT`)."""

    upto: int
    take: tuple[int, ...]
    misere: bool
    rows: tuple[OutcomeRow, ...]
    pattern: Pattern | None
    proven: Period | None
    elapsed: float


def bones_game(game: AnyGame) -> Bones | None:
    """The game as a `Bones`, when it is one (bones gets its own solver); None otherwise."""
    return game if isinstance(game, Bones) else None


def tree_size(n: int, take: Sequence[int]) -> int:
    """Nodes of the full bones game tree from heap n: count(h) = 1 + sum of count(h - t) over the
    amounts t <= h. Computed bottom-up, so any n is fine (the number grows exponentially)."""
    counts: list[int] = []
    for heap in range(n + 1):
        counts.append(1 + sum(counts[heap - t] for t in take if t <= heap))
    return counts[n]


def solve_bones(game: Bones, state: tuple[int, int], *, tree: bool = False,
                progress: ProgressFn | None = None) -> BonesReport:
    """Solve the bones position `state` = (heap, player to move).

    Heaps up to SEARCH_MAX_N (or up to TREE_MAX_N with `tree`) are searched by plain minimax and by
    the engine; heaps up to TABLE_MAX_N are solved bottom-up by `Bones.outcome_table`, calling
    `progress` (heaps done, heaps in all) when there are more than PROGRESS_MIN_N; larger heaps are
    answered from `Bones.proven_period`. Raises SearchError for `tree` above TREE_MAX_N.
    """
    heap, mover = state
    if tree and heap > TREE_MAX_N:
        size = f"{tree_size(heap, game.take):,}" if heap <= 1000 else "astronomically many"
        raise SearchError(
            f"the game tree from n = {heap} has {size} nodes, too large to draw; --tree works up "
            f"to n = {TREE_MAX_N}"
        )
    if tree or heap <= SEARCH_MAX_N:
        return _bones_by_search(game, state)
    started = time.perf_counter()
    if heap <= TABLE_MAX_N:
        report_to = None
        if progress is not None and heap > PROGRESS_MIN_N:
            def report_to(done: int) -> None:
                progress(done, heap)
        table = game.outcome_table(heap, report_to)
        return BonesReport(heap, game.take, game.misere, mover, bool(table[heap]),
                           tuple(game.winning_moves(heap, table)), "table", heap + 1,
                           time.perf_counter() - started)
    period = game.proven_period(PERIOD_PROOF_LIMIT)
    table = game.outcome_table(period.checked_upto - 1)
    return BonesReport(heap, game.take, game.misere, mover, bool(value_at(table, period, heap)),
                       tuple(game.winning_moves(heap, table, period)), "period",
                       period.checked_upto, time.perf_counter() - started, period=period)


def _bones_by_search(game: Bones, state: tuple[int, int]) -> BonesReport:
    heap, mover = state
    size = tree_size(heap, game.take)
    started = time.perf_counter()
    plain = search(game, state, "minimax", Limits(), trace=True, trace_limit=size + 1)
    engine = search(game, state, "negamax", Limits(), exact_root=True)
    elapsed = time.perf_counter() - started
    if plain.value != engine.value:  # two independent searches: a disagreement is a bug
        raise AssertionError(f"minimax says {plain.value}, negamax {engine.value} at {state}")
    sign = 1 if mover == MAX else -1
    winning = tuple(sorted(int(m.move) for m in engine.moves  # type: ignore[call-overload]
                           if sign * m.value > 0))  # bones moves are ints
    return BonesReport(heap, game.take, game.misere, mover, sign * plain.value > 0, winning,
                       "search", plain.stats.nodes, elapsed,
                       tree=TreeSearch(plain, engine, size))


def bones_outcomes(game: Bones, upto: int, progress: ProgressFn | None = None) -> OutcomeTable:
    """The outcome of every heap 0..upto, with the period observed in them and the proven one."""
    if not 0 <= upto <= UPTO_MAX:
        raise SearchError(f"--upto must be from 0 to {UPTO_MAX:,}, got {upto:,}")
    started = time.perf_counter()
    report_to = None
    if progress is not None and upto > PROGRESS_MIN_N:
        def report_to(done: int) -> None:
            progress(done, upto)
    table = game.outcome_table(upto, report_to)
    rows = tuple(OutcomeRow(n, bool(table[n]), tuple(game.winning_moves(n, table)))
                 for n in range(upto + 1))
    observed = observe_period(list(table))
    try:
        proven: Period | None = game.proven_period(PERIOD_PROOF_LIMIT)
    except SearchError:
        proven = None
    return OutcomeTable(upto, game.take, game.misere, rows,
                        None if observed is None else describe_pattern(table, observed), proven,
                        time.perf_counter() - started)


#: How many trailing outcomes `observe_period` may set aside when looking for a period.
MAX_CUT = 64


def observe_period(seq: Sequence[int]) -> Period | None:
    """The period the outcomes `seq` show, found with `find_period`, or None.

    `find_period` answers with the smallest period that fits the last few blocks, so a short run
    at the very end can pass for a period: outcomes 0..27 of take 1,3,4 end W W W W, which period 1
    fits, while period 7 from n = 0 explains all 28. So the question is also put with stricter
    repeat counts (3, 4, 6, 9, ...) and, when the answer so far leaves more than half of `seq`
    unexplained, to prefixes that set aside up to MAX_CUT trailing terms. Every answer must hold
    over the whole of `seq`; the one that explains the most wins: the smallest preperiod + period,
    then the smallest period. Still an observation over `seq`, never a proof.
    """
    length = len(seq)
    best: Period | None = None
    for cut in range(min(MAX_CUT, length // 2) + 1):
        if cut and best is not None and 2 * (best.preperiod + best.period) <= length:
            break
        prefix = seq[:length - cut]
        repeats = 3
        while (found := find_period(prefix, repeats)) is not None:
            start, period = found.preperiod, found.period
            holds = all(seq[i] == seq[i + period] for i in range(length - cut - period,
                                                                 length - period))
            if holds and (best is None or (start + period, period) < (
                    best.preperiod + best.period, best.period)):
                best = Period(start, period, checked_upto=length)
            repeats = repeats + 1 if repeats < 4 else repeats * 3 // 2
    return best


def describe_pattern(outcomes: Sequence[int], period: Period) -> Pattern:
    """The observed period of `outcomes` (1 = the player to move wins) as a sentence such as
    "the player to move loses exactly when n mod 4 = 0 (period 4 from n = 0; verified for 0..20)".
    """
    start, length = period.preperiod, period.period
    residues = tuple(sorted(n % length for n in range(start, start + length) if not outcomes[n]))
    early = tuple(n for n in range(start) if not outcomes[n])
    where = f"period {length} from n = {start}; verified for 0..{period.checked_upto - 1}"
    if residues:
        rule = f"loses exactly when n mod {length} = {_or_list(residues)}"
    else:
        rule = "always wins"
    if start == 0:
        sentence = f"the player to move {rule} ({where})"
    else:
        before = (f"below n = {start} they lose at n = {_or_list(early)}" if early
                  else f"below n = {start} they never lose")
        sentence = f"from n = {start} on, the player to move {rule}; {before} ({where})"
    return Pattern(start, length, period.checked_upto, residues, early, sentence)


def _or_list(numbers: Sequence[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


# --- any game ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveReport:
    """One root move: its exact value (MAX's view), plies to the end when known, and whether it is
    optimal (as good as the best move for the player to move)."""

    move: Hashable
    text: str
    value: float
    distance: int | None
    optimal: bool
    nodes: int


@dataclass(frozen=True)
class GameReport:
    """The exact value of a position of any game and every optimal move.

    `value` is from MAX's point of view; `distance` is the number of plies to the end with perfect
    play, when the game is a win/loss game and the result is not a draw. `nodes` counts every
    position the searches were called on (the root included), `table_entries` the positions kept in
    the shared transposition table.
    """

    game: str
    position: str
    to_move: int
    win_loss: bool
    value: float
    distance: int | None
    moves: tuple[MoveReport, ...]
    nodes: int
    table_entries: int
    elapsed: float
    tree: SearchResult | None = None

    @property
    def terminal(self) -> bool:
        return not self.moves

    def optimal_moves(self) -> list[MoveReport]:
        return [m for m in self.moves if m.optimal]

    def winning_moves(self) -> list[MoveReport]:
        """The optimal moves when they win for the player to move; empty otherwise."""
        sign = 1 if self.to_move == MAX else -1
        return [m for m in self.moves if m.optimal and sign * m.value > 0] if self.win_loss else []


def solve_game(game: AnyGame, state: Any, *, tree: bool = False,
               progress: ProgressFn | None = None,
               table_size: int = DEFAULT_SIZE) -> GameReport:
    """Search every root move of `state` to the end with the engine and one shared table.

    `progress` is called with (root moves done, root moves in all) after each one. With `tree`, the
    plain minimax tree is also recorded, if it has at most TREE_NODE_LIMIT nodes (SearchError
    otherwise).
    """
    if game.chance_outcomes(state) is not None:
        raise SearchError(f"{game.name} has chance moves; solve handles games without chance")
    drawn = _small_tree(game, state) if tree else None
    started = time.perf_counter()
    mover = game.to_move(state)
    position = game.format_position(state)
    outcome = game.outcome(state)
    if outcome is not None:
        return GameReport(game.name, position, mover, game.win_loss, outcome, 0 if outcome else None,
                          (), 1, 0, time.perf_counter() - started, drawn)

    table = TranspositionTable(table_size)
    moves = list(game.legal_moves(state))
    nodes = 1
    found: list[tuple[Hashable, float, int | None, int]] = []
    for done, move in enumerate(moves, 1):
        # Only the child's value is needed, so its own root moves need not all be exact.
        result = search(game, game.play(state, move), "negamax", Limits(), exact_root=False,
                        table=table)
        if not result.exact:  # no limits were given, so this cannot happen
            raise SearchError(f"the search of move {game.format_move(state, move)} was cut short")
        nodes += result.stats.nodes
        distance = None if result.distance is None else result.distance + 1
        found.append((move, result.value, distance, result.stats.nodes))
        if progress is not None:
            progress(done, len(moves))

    sign = 1 if mover == MAX else -1
    best = max(sign * value for _, value, _, _ in found)
    reports = tuple(MoveReport(move, game.format_move(state, move), value, distance,
                               sign * value == best, count)
                    for move, value, distance, count in found)
    return GameReport(game.name, position, mover, game.win_loss, sign * best,
                      _root_distance(reports, sign, best, game.win_loss), reports, nodes, len(table),
                      time.perf_counter() - started, drawn)


def _root_distance(moves: Sequence[MoveReport], sign: int, best: float,
                   win_loss: bool) -> int | None:
    """Plies to the end under perfect play: the quickest win, or the slowest loss; None for a draw
    or a game whose values are not win/loss."""
    if not win_loss or best == 0:
        return None
    distances = [m.distance for m in moves if m.optimal and m.distance is not None]
    if not distances:
        return None
    return min(distances) if best > 0 else max(distances)


def _small_tree(game: AnyGame, state: Any) -> SearchResult:
    """Plain minimax with its whole tree recorded, refused when the tree is too big to draw."""
    result = search(game, state, "minimax", Limits(nodes=TREE_NODE_LIMIT + 1), trace=True,
                    trace_limit=TREE_NODE_LIMIT + 1)
    if result.timed_out or result.stats.nodes > TREE_NODE_LIMIT:
        raise SearchError(
            f"the game tree from this position has more than {TREE_NODE_LIMIT:,} nodes, too large "
            "to draw; drop --tree, or give a position nearer the end"
        )
    return result


__all__ = [
    "PROGRESS_MIN_N",
    "SEARCH_MAX_N",
    "TABLE_MAX_N",
    "TREE_MAX_N",
    "BonesReport",
    "GameReport",
    "MoveReport",
    "OutcomeRow",
    "OutcomeTable",
    "Pattern",
    "ProgressFn",
    "TreeSearch",
    "bones_game",
    "bones_outcomes",
    "describe_pattern",
    "observe_period",
    "solve_bones",
    "solve_game",
    "tree_size",
]
