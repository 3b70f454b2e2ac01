"""The one report model: `analyze`, `solve` (and `--batch`, `--upto`), in every game.

A `Report` is built from a search (`from_search`) or from a solve (`from_solve`; each line of a
`--batch` too; `--upto` adds the family of positions and its pattern, and `from_series` is that
family alone) and says the same things in the same words either way: the position and who is to
move (nobody when the game is over), the value from MAX's point of view and the result for the
player to move, whether it is proven and exact, the moves best first for the player to move with
which of them are optimal (keep the game value) and best (among the optimal, the quickest win or
the slowest loss), the principal variation, how it was found and the counts.
`json_form.report_dict` is its JSON form; the schema it follows is
`minimax_cli/reports/schema/report.schema.json` (tests validate every command and game against it).

With the core's SearchResult, one of the two result shapes; the rest are its named parts, with
their JSON in the same schema: --compare's runs (compare.py), a search's steps (trace.py), and
under `$defs` a quiz (quiz.py), a hint's or `why`'s think (think.py) and the review (review.py).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import Words
from minimax_cli.core.result import SearchResult
from minimax_cli.core.score import Bound, Kind, Number, PovScore, Score
from minimax_cli.core.search import ALGORITHMS, PLAIN_MINIMAX, PROOF
from minimax_cli.reports.idiom import PLAIN, Idiom, idiom_of
from minimax_cli.reports.numbers import exact_text, json_number

if TYPE_CHECKING:  # a solve's family and its pattern; an analysis never loads them
    from minimax_cli.core.solver import Series
    from minimax_cli.reports.pattern import Pattern

#: Version 2: `value_view` names a player among more than two (it was always "MAX"); a paranoid
#: search there values the root player's own return.
SCHEMA_ID = "minimax-cli/report/2"

#: The method of `solve GAME --upto N` without a position: only the family was tabulated.
METHOD_SERIES = "series"
#: The method of a solve that searched (no solver of the game's own answered it).
METHOD_SEARCH = "search"
#: The method of `solve tree ... --tree`: plain minimax, traced, drawn as the tree.
METHOD_TREE = PLAIN_MINIMAX
#: The method of a solve by the proof search (a game with a proof kernel: Connect Four).
METHOD_PROOF = PROOF


@dataclass(frozen=True)
class MoveLine:
    """One root move: its score from MAX's point of view; `optimal` is None when the search did not
    prove whether it keeps the game value; `best` marks the moves ranked first (proven best when the
    report is proven)."""

    move: Hashable
    text: str
    score: Score
    optimal: bool | None
    best: bool
    returns: tuple[Number, ...] | None = None  # one per player (more than two players)
    visits: int | None = None  # Monte Carlo tree search
    probability: Number | None = None  # the outcome's, at a chance node
    #: The score as the search gave it, with its point of view: a table for one player (a hint,
    #: `why`) reads it from that player's side. None in a solve's report.
    pov_score: PovScore | None = None
    #: max^n: `returns` rest on a tie its rule broke (SearchResult.tie_broken).
    tie_broken: bool = False
    uci: str | None = None  # the move in UCI beside `text` (chess: g1f3), else None
    pv: tuple[str, ...] | None = None  # its own line in the game's notation (PVS's multipv)

    @property
    def value(self) -> Number:
        """The move's value from MAX's point of view."""
        return self.score.number

    @property
    def distance(self) -> int | None:
        """Plies to the end of the game after this move, when known."""
        return self.score.plies


@dataclass(frozen=True)
class Report:
    command: str
    game: str
    parameters: Mapping[str, object]
    position: str
    to_move: int | None  # None: the game is over
    win_loss: bool
    score: Score | None  # `view`'s point of view; None when a stopped search has no value
    moves: tuple[MoveLine, ...]  # best first for the player to move
    pv: tuple[str, ...]
    pv_complete: bool  # the line reaches the end of the game
    method: str
    algorithm: str | None
    depth: int | None  # the completed depth limit; None: searched to the end
    stopped: str | None
    best_searched: bool
    chosen: str | None  # the move the search or solve would play
    explanation: tuple[Words, ...] = ()
    facts: Mapping[str, object] | None = None
    stats: Mapping[str, int | float | None] = field(default_factory=dict)  # see stats_dict
    searches: tuple[SearchResult, ...] = ()  # solve --tree: plain minimax (traced), the engine
    returns: tuple[Number, ...] | None = None  # the value per player (more than two players)
    iterations: int | None = None  # Monte Carlo tree search's simulations
    notes: tuple[Words, ...] = ()
    players: int = 2  # in a game of more, players are named by number, never MAX or MIN
    by_solver: bool = False  # the game's own exact solver answered (`method` is its word)
    #: `solve --upto N`: the game's family of positions 0..N solved by its solver, the pattern
    #: found in it (None: none seen) and the seconds that took. With method METHOD_SERIES the
    #: family is all the report has: no position was solved.
    series: Series | None = None
    pattern: Pattern | None = None
    series_time: float = 0.0
    #: Whose point of view `score` and the moves' scores are: MAX (player 1), except a paranoid
    #: search among more than two players, which values the root player's own return (no flip
    #: turns that into another player's).
    view: int = MAX
    #: max^n: on the line of play a player chose by the tie-break rule between moves equally
    #: good for itself and not for another: `returns` hold if every player breaks ties so.
    tie_broken: bool = False
    idiom: Idiom = PLAIN  # the game's own names and way of writing scores (reports/idiom.py)
    #: The search's results are proofs; False (pvs): what it found is not proven, none optimal.
    proofs: bool = True

    @property
    def value(self) -> Number | None:
        """The value from `view`'s point of view (MAX's but for paranoid among more than two
        players); None when a stopped search found none."""
        return None if self.score is None else self.score.number

    @property
    def distance(self) -> int | None:
        """Plies to the end with best play, when known."""
        return None if self.score is None else self.score.plies

    def count(self, key: str) -> int:
        """One of the counts of `stats` as a whole number (0 where the method keeps none)."""
        value = self.stats.get(key)
        return 0 if value is None else int(value)

    @property
    def over(self) -> bool:
        return self.to_move is None

    @property
    def proven(self) -> bool:
        return self.proofs and self.score is not None and self.score.proven

    @property
    def exact(self) -> bool:
        return self.proofs and self.score is not None and self.score.exact

    @property
    def mover_score(self) -> Score | None:
        """The score for the player to move (MAX's when the game is over or chance is to move)."""
        if self.score is None:
            return None
        return mover_view(self.score, self.to_move, self.players)

    @property
    def first_player_wins(self) -> bool | None:
        """Whether the first player wins with perfect play, where that is proven (win/loss games)."""
        if not self.win_loss or self.score is None or not self.exact:
            return None
        if not self.score.result:  # an expected value (chance) says nothing of who wins
            return None
        return self.score.kind is Kind.WIN

    def optimal_moves(self) -> list[MoveLine]:
        return [m for m in self.moves if m.optimal]

    def best_moves(self) -> list[MoveLine]:
        return [m for m in self.moves if m.best]


def mover_view(score: Score, to_move: int | None, players: int = 2) -> Score:
    """A score of MAX's view as the player to move sees it (two players, zero-sum). Among more
    players a score is never flipped: it is already the view its report names (`Report.view`)."""
    return PovScore(score, MAX).seen_by(to_move) if players == 2 and to_move in (0, 1) else score


def _rank(score: Score) -> tuple[tuple[int, Number], int]:
    """Order for the player whose view `score` is: better first; at one number, a lower bound
    (at least) before an exact value before an upper bound (at most)."""
    bound_rank = {Bound.LOWER: 2, Bound.EXACT: 1, Bound.UPPER: 0}[score.bound]
    return score.sort_key(), bound_rank


def _optimal(move: Score, root: Score | None) -> bool | None:
    """Whether a move (mover's view) keeps the root's value (mover's view): known only when the
    root's value is proven and exact and the move's is proven."""
    if root is None or not root.exact or not move.proven:
        return None
    if move.bound is Bound.EXACT:
        return move.number == root.number
    if move.bound is Bound.UPPER and move.number < root.number:
        return False
    if move.bound is Bound.LOWER and move.number >= root.number:
        return True
    return None


def _lines(game: AnyGame, state: Any, found: Sequence[tuple[Hashable, Score]], root: Score | None,
           to_move: int | None, ranked_first: set[Hashable] | None, players: int = 2
           ) -> tuple[MoveLine, ...]:
    """The moves best first for the player to move. `ranked_first`, when given, are the moves the
    search ranked first; otherwise (a proven root) the best are the exact optimal moves with the
    best distance."""
    views = [(move, score, mover_view(score, to_move, players)) for move, score in found]
    root_view = None if root is None else mover_view(root, to_move, players)
    if to_move is not None and to_move >= 0:
        views.sort(key=lambda item: _rank(item[2]), reverse=True)
    optimal = {i: _optimal(view, root_view) for i, (_, _, view) in enumerate(views)}
    if to_move == CHANCE:  # nobody chooses an outcome: none is optimal or best
        optimal, ranked_first = dict.fromkeys(optimal), set()
    if ranked_first is None:
        chosen = [i for i, (_, _, view) in enumerate(views) if optimal[i] and view.exact]
        # Among several optimal wins or losses, the best is the quickest win or slowest loss:
        # unknown when their distances are (a game's solver may know who wins but not how soon).
        unknown = len(chosen) > 1 and any(views[i][2].result and views[i][2].kind is not Kind.DRAW
                                          and views[i][2].plies is None for i in chosen)
        top = max((views[i][2].sort_key() for i in chosen), default=None)
        best = set() if unknown else {i for i in chosen if views[i][2].sort_key() == top}
    else:
        best = {i for i, (move, _, _) in enumerate(views) if move in ranked_first}
    return tuple(MoveLine(move, game.format_move(state, move), score, optimal[i], i in best,
                          uci=game.uci_move(state, move)) for i, (move, score, _) in enumerate(views))


STATS_KEYS = ("nodes", "leaves", "cutoffs", "tt_probes", "tt_hits", "tt_answers", "pv_nodes",
              "positions", "table_entries", "time_s", "nodes_per_s")


def stats_dict(**known: int | float | None) -> dict[str, int | float | None]:
    """The counts of a report, every key present (None where the method does not count it):
    `nodes` searched (root included), `leaves` evaluated, `cutoffs`, table `tt_probes`, `tt_hits`
    and `tt_answers`, `pv_nodes` spent completing the line, `positions` a game's own solver
    computed, `table_entries` kept, `time_s`, `nodes_per_s`."""
    unknown = set(known) - set(STATS_KEYS)
    if unknown:
        raise ValueError(f"unknown statistics: {sorted(unknown)}")
    return {key: known.get(key) for key in STATS_KEYS}


def parameters(game: AnyGame) -> dict[str, object]:
    """The game's parameters as set, JSON-ready (tuples as lists)."""
    values: dict[str, object] = {}
    for p in type(game).parameters:
        value = getattr(game, p.name, p.default)
        values[p.name] = list(value) if isinstance(value, tuple) else value
    return values


def _to_move(game: AnyGame, state: Any) -> int | None:
    return None if game.outcome(state) is not None else game.to_move(state)


def pv_text(game: AnyGame, state: Any, pv: Sequence[Any]) -> tuple[tuple[str, ...], bool]:
    """The moves of a line in the game's notation, and whether it reaches the end of the game."""
    words, s = [], state
    for move in pv:
        words.append(game.format_move(s, move))
        s = game.play(s, move)
    return tuple(words), game.outcome(s) is not None


def _own_line(game: AnyGame, state: Any, pv: Sequence[Any] | None) -> tuple[str, ...] | None:
    return None if pv is None else pv_text(game, state, pv)[0]


def _first_player(score: PovScore, returns: tuple[Number, ...] | None) -> Score:
    """A score as the first player (MAX) sees it: with returns per player (more than two players,
    where a score cannot be flipped to another's view), the first player's component."""
    if returns is None:
        return score.max()
    mine = score.relative
    return Score(mine.kind if mine.kind in (Kind.VALUE, Kind.ESTIMATE) else Kind.VALUE,
                 returns[0], mine.bound)


def from_search(game: AnyGame, state: Any, result: SearchResult, ranked: bool = False) -> Report:
    """The report of one search (`minimax analyze`; a think's, for `hint` and `why`). With
    `ranked`, the best moves are those the search ranked first (`SearchResult.best_moves`: the AI
    chooses among them) also where the root is proven."""
    to_move = _to_move(game, state)
    players = game.game_type.players
    # Paranoid among more than two players values the root player's own return: kept in its view.
    own = players > 2 and result.vector is None and result.root_player >= 0
    view = result.root_player if own else MAX

    def seen(score: PovScore, vector: tuple[Number, ...] | None) -> Score:
        return score.seen_by(view) if own else _first_player(score, vector)

    score = None if result.score is None else seen(result.score, result.vector)
    found = [(m.move, seen(m.score, m.vector)) for m in result.moves]
    extra = {m.move: m for m in result.moves}
    # A proven root: its best moves follow from the moves' proven values; otherwise they are the
    # moves this search ranked first.
    proofs = ALGORITHMS[result.algorithm].proves if result.algorithm in ALGORITHMS else True
    proven_root = proofs and score is not None and score.exact and any(s.exact for _, s in found)
    ranked_first = None if proven_root else set(result.best_moves())
    pv, complete = pv_text(game, state, result.pv)
    stats = search_stats(result)
    lines = tuple(replace(line, returns=extra[line.move].vector, visits=extra[line.move].visits,
                          pov_score=extra[line.move].score, optimal=line.optimal if proofs else None,
                          tie_broken=extra[line.move].tie_broken,
                          pv=_own_line(game, state, extra[line.move].pv))
                  for line in _lines(game, state, found, score, to_move, ranked_first, players))
    if result.vector is not None and to_move is not None and to_move >= 0:
        lines = _vector_lines(lines, result, to_move)
    lines = with_probabilities(game, state, lines)
    if ranked:
        first = set(result.best_moves())
        lines = tuple(replace(line, best=line.move in first) for line in lines)
    lines = chosen_first(lines, result.best_move, to_move)
    return Report("analyze", game.name, parameters(game), game.format_position(state), to_move,
                  game.win_loss and result.vector is None, score, lines, pv,
                  complete, "search", result.algorithm, result.depth, result.stopped,
                  result.best_searched,
                  None if result.best_move is None else game.format_move(state, result.best_move),
                  stats=stats, returns=result.vector, iterations=result.iterations,
                  notes=result.notes, players=players, view=view, tie_broken=result.tie_broken,
                  idiom=idiom_of(game), proofs=proofs)


def with_probabilities(game: AnyGame, state: Any, lines: Sequence[MoveLine]
                       ) -> tuple[MoveLine, ...]:
    """At a chance node, each outcome's line with its probability."""
    if game.outcome(state) is not None or game.to_move(state) != CHANCE:
        return tuple(lines)
    chances = dict(game.chance_outcomes(state))
    return tuple(replace(line, probability=chances.get(line.move)) for line in lines)


def _vector_lines(lines: Sequence[MoveLine], result: SearchResult, to_move: int
                  ) -> tuple[MoveLine, ...]:
    """Moves with returns per player, best first for the player to move by its own return (the
    game's order among equals, as max^n's tie-break rule takes them). Where the search proved
    the returns, a move is optimal, and best, when it gives the mover what the position does:
    the first player's view that `_lines` takes is another player's interest."""
    order = {m.move: i for i, m in enumerate(result.moves)}
    ranked = sorted(lines, key=lambda line: (-(line.returns or (0,) * (to_move + 1))[to_move],
                                             order.get(line.move, 0)))
    if result.vector is None or result.iterations is not None or not (
            result.exact and result.proven):
        return tuple(ranked)
    mine = result.vector[to_move]
    return tuple(replace(line, optimal=optimal, best=optimal) for line in ranked
                 for optimal in [line.returns is not None and line.returns[to_move] == mine])


def chosen_first(lines: Sequence[MoveLine], chosen: Hashable | None, to_move: int | None
                 ) -> tuple[MoveLine, ...]:
    """`lines` with the move the report names best (`chosen`) first among the moves as good as it
    (same value for the player to move, same marks), so that a table titled "best first" starts
    with the move the report names, where it can."""
    def rank(line: MoveLine) -> tuple[object, ...]:
        own = (line.returns[to_move] if line.returns is not None and to_move is not None
               and 0 <= to_move < len(line.returns) else line.score)
        return (own, line.best, line.optimal)

    at = next((i for i, line in enumerate(lines) if line.move == chosen), None)
    if at is None:
        return tuple(lines)
    start = at
    while start > 0 and rank(lines[start - 1]) == rank(lines[at]):
        start -= 1
    return (*lines[:start], lines[at], *lines[start:at], *lines[at + 1:])


def from_solve(game: AnyGame, state: Any, score: Score | None,
               found: Sequence[tuple[Hashable, Score]], *, method: str,
               explanation: Sequence[Words], nodes: int, elapsed: float,
               positions: int | None = None,
               table_entries: int | None = None, win_loss: bool | None = None,
               facts: Mapping[str, object] | None = None, pv: Sequence[Hashable] = (),
               searches: tuple[SearchResult, ...] = (), by_solver: bool = False,
               returns: tuple[Number, ...] | None = None,
               move_returns: Mapping[Hashable, tuple[Number, ...]] | None = None,
               stopped: str | None = None) -> Report:
    """The report of a solve (`minimax solve`): `score` and each move's in `found` proven, from
    MAX's point of view (in a game of more than two players, the first player's component of the
    `returns` per player, each move's in `move_returns`). `nodes` searched, `positions` a game's
    own solver computed, `table_entries` kept; `searches` the searches set beside the answer
    (`--tree`). `win_loss` defaults to the game's; without a line `pv`, the report names the
    first best move. A solve `stopped` by its budget or Ctrl-C holds only what it proved: `score`
    None when the position's was not, and the moves proven so far."""
    to_move = _to_move(game, state)
    if returns is not None and to_move is not None:  # more than two players
        assert score is not None  # their solve is never stopped
        mover = game.to_move(state)
        lines = tuple(sorted((_returns_line(game, state, move, s, score, returns, mover,
                                            (move_returns or {}).get(move))
                              for move, s in found),
                             key=lambda line: -(line.returns or ())[to_move]))
    else:
        lines = _lines(game, state, found, score, to_move, None)
    lines = with_probabilities(game, state, lines)
    first = next((m.move for m in lines if m.best), None)
    # Without the engine's line of best play, the report still names the first move of one.
    line = tuple(pv) or (() if first is None else (first,))
    lines = chosen_first(lines, line[0] if line else None, to_move)
    pv_words, complete = pv_text(game, state, line)
    stats = stats_dict(nodes=nodes, positions=positions, table_entries=table_entries,
                       time_s=round(elapsed, 6))
    return Report("solve", game.name, parameters(game), game.format_position(state), to_move,
                  game.win_loss if win_loss is None else win_loss, score, lines, pv_words,
                  complete or to_move is None, method, None, None, stopped,
                  stopped is None or first is not None,
                  pv_words[0] if pv_words else None, tuple(explanation), facts, stats, searches,
                  returns=returns, players=game.game_type.players, by_solver=by_solver,
                  idiom=idiom_of(game))


def from_series(game: AnyGame, state: Any, series: Series, pattern: Pattern | None,
                elapsed: float) -> Report:
    """The report of `solve GAME --upto N` without a position: the family alone; the start
    position `state` is not solved (no value, no moves)."""
    return Report("solve", game.name, parameters(game), game.format_position(state),
                  _to_move(game, state), game.win_loss, None, (), (), False, METHOD_SERIES, None,
                  None, None, False, None, players=game.game_type.players, series=series,
                  pattern=pattern, series_time=elapsed)


def _returns_line(game: AnyGame, state: Any, move: Hashable, score: Score, root: Score,
                  returns: tuple[Number, ...], mover: int,
                  move_returns: tuple[Number, ...] | None) -> MoveLine:
    """A move of a game of more than two players: optimal, and best, when it gives the mover what
    the position does."""
    optimal = (move_returns[mover] == returns[mover] if move_returns is not None
               else score.number == root.number)
    return MoveLine(move, game.format_move(state, move), score, optimal, optimal, move_returns)


def search_stats(result: SearchResult) -> dict[str, int | float | None]:
    """A search's counts, as a report keeps them (see `stats_dict`)."""
    st = result.stats
    return stats_dict(nodes=st.nodes, leaves=st.leaves, cutoffs=st.cutoffs, tt_probes=st.tt_probes,
                      tt_hits=st.tt_hits, tt_answers=st.tt_answers, pv_nodes=st.pv_nodes,
                      time_s=round(st.elapsed, 6), nodes_per_s=round(st.nodes_per_second))


__all__ = ["METHOD_PROOF", "METHOD_SEARCH", "METHOD_SERIES", "METHOD_TREE", "SCHEMA_ID", "MoveLine", "Report",
           "chosen_first", "exact_text", "from_search", "from_series", "from_solve", "json_number",
           "mover_view", "parameters", "search_stats", "stats_dict"]
