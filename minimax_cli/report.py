"""One report model for `analyze` and `solve`, in every game, and its JSON form.

A `Report` is built from a search (`from_search`) or from a solve (`from_solve`) and says the same
things in the same words either way: the position and who is to move (nobody when the game is
over), the value from MAX's point of view and the result for the player to move, whether it is
proven and exact, the moves best first for the player to move with which of them are optimal (keep
the game value) and best (among the optimal, the quickest win or the slowest loss), the principal
variation, how it was found and the counts. `report_dict` is its JSON form; the schema it follows
is `minimax_cli/schema/report.schema.json` (tests validate every command and game against it).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from minimax_cli.core.game import CHANCE, MAX, Game
from minimax_cli.core.result import SearchResult
from minimax_cli.core.score import Bound, Kind, Number, PovScore, Score, format_number
from minimax_cli.i18n import _, ngettext
from minimax_cli.words import count, in_plies

AnyGame = Game[Any, Any]

SCHEMA_ID = "minimax-cli/report/1"


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


@dataclass(frozen=True)
class Report:
    command: str
    game: str
    parameters: Mapping[str, object]
    position: str
    to_move: int | None  # None: the game is over
    win_loss: bool
    score: Score | None  # MAX's view; None when a stopped search has no value
    moves: tuple[MoveLine, ...]  # best first for the player to move
    pv: tuple[str, ...]
    pv_complete: bool  # the line reaches the end of the game
    method: str
    algorithm: str | None
    depth: int | None  # the completed depth limit; None: searched to the end
    stopped: str | None
    best_searched: bool
    chosen: str | None  # the move the search or solve would play
    explanation: tuple[str, ...] = ()
    facts: Mapping[str, object] | None = None
    stats: Mapping[str, object] = field(default_factory=dict)
    searches: tuple[Mapping[str, object], ...] = ()  # solve --tree: minimax and the engine
    returns: tuple[Number, ...] | None = None  # the value per player (more than two players)
    iterations: int | None = None  # Monte Carlo tree search's simulations
    notes: tuple[str, ...] = ()
    players: int = 2  # in a game of more, players are named by number, never MAX or MIN

    @property
    def over(self) -> bool:
        return self.to_move is None

    @property
    def proven(self) -> bool:
        return self.score is not None and self.score.proven

    @property
    def exact(self) -> bool:
        return self.score is not None and self.score.exact

    @property
    def mover_score(self) -> Score | None:
        """The score for the player to move (MAX's when the game is over or chance is to move)."""
        if self.score is None:
            return None
        return mover_view(self.score, self.to_move)

    @property
    def first_player_wins(self) -> bool | None:
        """Whether the first player wins with perfect play, where that is proven (win/loss games)."""
        if not self.win_loss or self.score is None or not self.score.exact:
            return None
        if not self.score.result:  # an expected value (chance) says nothing of who wins
            return None
        return self.score.kind is Kind.WIN

    def optimal_moves(self) -> list[MoveLine]:
        return [m for m in self.moves if m.optimal]

    def best_moves(self) -> list[MoveLine]:
        return [m for m in self.moves if m.best]


def mover_view(score: Score, to_move: int | None) -> Score:
    """A score of MAX's view as the player to move sees it (two players; others keep MAX's)."""
    return PovScore(score, MAX).seen_by(to_move) if to_move in (0, 1) else score


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
           to_move: int | None, ranked_first: set[Hashable] | None) -> tuple[MoveLine, ...]:
    """The moves best first for the player to move. `ranked_first`, when given, are the moves the
    search ranked first; otherwise (a proven root) the best are the exact optimal moves with the
    best distance."""
    views = [(move, score, mover_view(score, to_move)) for move, score in found]
    root_view = None if root is None else mover_view(root, to_move)
    if to_move in (0, 1):
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
    return tuple(MoveLine(move, game.format_move(state, move), score, optimal[i], i in best)
                 for i, (move, score, _) in enumerate(views))


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


def _first_player(score: PovScore, returns: tuple[Number, ...] | None) -> Score:
    """A score as the first player (MAX) sees it: with returns per player (more than two players,
    where a score cannot be flipped to another's view), the first player's component."""
    if returns is None:
        return score.max()
    mine = score.relative
    return Score(mine.kind if mine.kind in (Kind.VALUE, Kind.ESTIMATE) else Kind.VALUE,
                 returns[0], mine.bound)


def from_search(game: AnyGame, state: Any, result: SearchResult) -> Report:
    """The report of one search (`minimax analyze`)."""
    to_move = _to_move(game, state)
    score = None if result.score is None else _first_player(result.score, result.vector)
    found = [(m.move, _first_player(m.score, m.vector)) for m in result.moves]
    extra = {m.move: (m.vector, m.visits) for m in result.moves}
    # A proven root: its best moves follow from the moves' proven values; otherwise they are the
    # moves this search ranked first.
    proven_root = score is not None and score.exact and any(s.exact for _, s in found)
    ranked = None if proven_root else set(result.best_moves())
    pv, complete = pv_text(game, state, result.pv)
    stats = _search_stats(result)
    lines = tuple(replace(line, returns=extra[line.move][0], visits=extra[line.move][1])
                  for line in _lines(game, state, found, score, to_move, ranked))
    if result.vector is not None and to_move is not None and to_move >= 0:
        lines = _vector_lines(lines, result, to_move)
    lines = with_probabilities(game, state, lines)
    return Report("analyze", game.name, parameters(game), game.format_position(state), to_move,
                  game.win_loss and result.vector is None, score, lines, pv,
                  complete, "search", result.algorithm, result.depth, result.stopped,
                  result.best_searched,
                  None if result.best_move is None else game.format_move(state, result.best_move),
                  stats=stats, returns=result.vector, iterations=result.iterations,
                  notes=result.notes, players=game.game_type.players)


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


def from_solve(game: AnyGame, state: Any, solved: Any) -> Report:
    """The report of a solve (`minimax solve`); `solved` is a `solve.SolveReport`."""
    to_move = _to_move(game, state)
    found = [(m.move, m.score) for m in solved.moves]
    if solved.returns is not None and to_move is not None:  # more than two players
        lines = tuple(sorted((MoveLine(m.move, m.text, m.score, m.optimal, m.optimal, m.returns)
                              for m in solved.moves),
                             key=lambda line: -(line.returns or ())[to_move]))
    else:
        lines = _lines(game, state, found, solved.score, to_move, None)
    lines = with_probabilities(game, state, lines)
    first = next((m.move for m in lines if m.best), None)
    # Without the engine's line of best play, the report still names the first move of one.
    line = solved.pv or (() if first is None else (first,))
    pv, complete = pv_text(game, state, line)
    stats = stats_dict(nodes=solved.nodes, positions=solved.positions,
                       table_entries=solved.table_entries, time_s=round(solved.elapsed, 6))
    searches = tuple(_search_dict(r) for r in solved.searches)
    return Report("solve", game.name, parameters(game), game.format_position(state), to_move,
                  solved.win_loss, solved.score, lines, pv, complete or to_move is None,
                  solved.method, None, None, None, True,
                  pv[0] if pv else None, tuple(solved.explanation),
                  solved.facts, stats, searches, returns=solved.returns,
                  players=game.game_type.players)


def _search_stats(result: SearchResult) -> dict[str, int | float | None]:
    st = result.stats
    return stats_dict(nodes=st.nodes, leaves=st.leaves, cutoffs=st.cutoffs, tt_probes=st.tt_probes,
                      tt_hits=st.tt_hits, tt_answers=st.tt_answers, pv_nodes=st.pv_nodes,
                      time_s=round(st.elapsed, 6), nodes_per_s=round(st.nodes_per_second))


def _search_dict(result: SearchResult) -> dict[str, object]:
    return {"algorithm": result.algorithm,
            "value": None if result.value is None else json_number(result.value),
            "stats": _search_stats(result)}


# --- words ---------------------------------------------------------------------------------------
def player_name(player: int | None, players: int = 2) -> str | None:
    """The player as JSON names it (`MAX`, `MIN`, `CHANCE`, `player 3`): a value scripts read,
    never translated; `player_words` is the same in the interface's language."""
    if player is None:
        return None
    if players > 2 and player >= 0:
        return f"player {player + 1}"
    return {MAX: "MAX", 1: "MIN", CHANCE: "CHANCE"}.get(player, f"player {player + 1}")


def player_words(player: int, players: int = 2) -> str:
    """`MAX`, `MIN`, `CHANCE` or `player 3`, in the interface's language."""
    if players > 2 and player >= 0:
        return _("player {number}").format(number=player + 1)
    if player in (MAX, 1):
        return "MAX" if player == MAX else "MIN"
    return _("CHANCE") if player == CHANCE else _("player {number}").format(number=player + 1)


def over_words(report: Report) -> str:
    """How a finished game ended, e.g. `the game is over: the first player (MAX) has won`."""
    score = report.score
    if score is None:
        return _("the game is over")
    if report.win_loss:
        # A search that averages (chance) gives a finished game's outcome as a plain number.
        won = score.kind is Kind.WIN or (score.kind is Kind.VALUE and score.number > 0)
        lost = score.kind is Kind.LOSS or (score.kind is Kind.VALUE and score.number < 0)
        if won:
            return _("the game is over: the first player (MAX) has won")
        if lost:
            return _("the game is over: the second player (MIN) has won")
        return _("the game is over: a draw")
    return _("the game is over, with the value {value} for MAX").format(
        value=format_number(score.number))


def bounded_number(value: Number, bound: Bound) -> str:
    """`7`, `at least 7`, `at most 23/3 ≈ 7.667` (see `number_words`)."""
    text = {Bound.EXACT: "{number}", Bound.LOWER: _("at least {number}"),
            Bound.UPPER: _("at most {number}")}[bound]
    return text.format(number=number_words(value))


def result_words(report: Report) -> str:
    """The result for the player to move in words: `the player to move (MIN) loses in 4 plies
    with perfect play`, `at least a draw for the player to move (MAX) (a bound: ...)`, `23/3 ≈
    7.667 for MAX`, `4 for the player to move (MAX) (heuristic estimate, not proven)`."""
    if report.over:
        return over_words(report)
    score = report.mover_score
    if score is None:
        return _("no value: the search stopped before any depth was completed")
    if report.returns is not None:
        if score.kind is Kind.ESTIMATE:
            text = _("estimated returns (not proven): {returns}")
        else:
            text = _("returns with each player's best play: {returns}")
        return text.format(returns=returns_words(report.returns))
    assert report.to_move is not None  # the game is not over
    player = player_words(report.to_move, report.players)
    distance = in_plies(score.plies, score.plies_at_most)
    if score.kind in (Kind.WIN, Kind.LOSS) and score.bound is Bound.EXACT:
        text = (_("the player to move ({player}) wins{distance} with perfect play")
                if score.kind is Kind.WIN else
                _("the player to move ({player}) loses{distance} with perfect play"))
        return text.format(player=player, distance=distance)
    if score.kind is Kind.DRAW and score.bound is Bound.EXACT:
        return _("a draw with perfect play: neither player can force a win")
    if score.kind in (Kind.WIN, Kind.LOSS, Kind.DRAW):
        lower = score.bound is Bound.LOWER
        text = {
            Kind.WIN: _("at least a win for the player to move ({player}) (a bound: the search "
                        "was cut)") if lower else
            _("at most a win for the player to move ({player}) (a bound: the search was cut)"),
            Kind.LOSS: _("at least a loss for the player to move ({player}) (a bound: the "
                         "search was cut)") if lower else
            _("at most a loss for the player to move ({player}) (a bound: the search was cut)"),
            Kind.DRAW: _("at least a draw for the player to move ({player}) (a bound: the "
                         "search was cut)") if lower else
            _("at most a draw for the player to move ({player}) (a bound: the search was cut)"),
        }[score.kind]
        return text.format(player=player)
    value = bounded_number(score.number, score.bound)
    if report.to_move not in (0, 1):
        return _("{value} for MAX").format(value=value)
    if score.kind is Kind.ESTIMATE:
        text = (_("{value} for the player to move ({player}) (Monte Carlo estimate, not proven)")
                if report.iterations is not None else
                _("{value} for the player to move ({player}) (heuristic estimate, not proven)"))
        return text.format(value=value, player=player)
    return _("{value} for the player to move ({player})").format(value=value, player=player)


def number_words(value: Number) -> str:
    """`23/3 ≈ 7.667`; whole numbers as they are."""
    text = format_number(value)
    if isinstance(value, Fraction) and value.denominator != 1:
        text += f" ≈ {float(value):.4g}"
    return text


def score_words(score: Score) -> str:
    """A score as `Score` says it, in the interface's language: `win in 3 plies`, `at least a
    draw`, `value at most 2`, `estimate 4`."""
    lower, upper = score.bound is Bound.LOWER, score.bound is Bound.UPPER
    if score.kind in (Kind.WIN, Kind.LOSS):
        distance = "" if score.plies is None else (
            ngettext(" in at most {count} ply", " in at most {count} plies", score.plies)
            if score.plies_at_most else
            ngettext(" in {count} ply", " in {count} plies", score.plies)).format(
                count=score.plies)  # ungrouped, as `Score` writes it (JSON's `for_mover`)
        if score.kind is Kind.WIN:
            text = (_("at least a win{distance}") if lower else
                    _("at most a win{distance}") if upper else _("win{distance}"))
        else:
            text = (_("at least a loss{distance}") if lower else
                    _("at most a loss{distance}") if upper else _("loss{distance}"))
        return text.format(distance=distance)
    if score.kind is Kind.DRAW:
        return _("at least a draw") if lower else _("at most a draw") if upper else _("draw")
    if score.kind is Kind.ESTIMATE:
        text = (_("estimate at least {number}") if lower else
                _("estimate at most {number}") if upper else _("estimate {number}"))
    else:
        text = (_("value at least {number}") if lower else
                _("value at most {number}") if upper else _("value {number}"))
    return text.format(number=format_number(score.number))


def move_words(line: MoveLine, to_move: int | None) -> str:
    """What a move means for the player to move: `win in 3 plies`, `at most a draw`, `estimate 4`;
    with returns per player, the mover's own (`value 1 for player 2`)."""
    if line.returns is not None and to_move is not None and to_move >= 0:
        estimate = line.score.kind is Kind.ESTIMATE
        if len(line.returns) > 2:
            text = (_("estimate {value} for player {number}") if estimate else
                    _("value {value} for player {number}"))
        else:  # MAX or MIN
            text = (_("estimate {value} for {player}") if estimate else
                    _("value {value} for {player}"))
        return text.format(value=format_number(line.returns[to_move]), number=to_move + 1,
                           player=player_words(to_move, len(line.returns)))
    return score_words(mover_view(line.score, to_move))


def returns_words(returns: Sequence[Number]) -> str:
    """`player 1 1, player 2 0, player 3 0`."""
    return ", ".join(_("player {number} {value}").format(number=i + 1, value=format_number(v))
                     for i, v in enumerate(returns))


# --- JSON ----------------------------------------------------------------------------------------
def json_number(value: Number) -> int | float:
    """Whole numbers as JSON integers, other numbers (fractions too) as floats."""
    if isinstance(value, int):
        return value
    if float(value).is_integer() and abs(float(value)) < 2**53:
        return int(value)
    return float(value)


def exact_text(value: Number) -> str | None:
    """The exact form of a fraction that JSON can only approximate, e.g. "191/192"."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return format_number(value)
    return None


def score_dict(score: Score) -> dict[str, Any]:
    """A score (MAX's view) for JSON: its kind, number, bound and plies."""
    return {"kind": score.kind.value, "number": json_number(score.number),
            "bound": score.bound.value, "plies": score.plies,
            "plies_at_most": score.plies_at_most}


def _move_dict(line: MoveLine, to_move: int | None) -> dict[str, Any]:
    s = line.score
    return {"move": line.text, "value": json_number(s.number), "value_exact": exact_text(s.number),
            "kind": s.kind.value, "bound": s.bound.value, "proven": s.proven, "exact": s.exact,
            "distance": s.plies, "distance_at_most": s.plies_at_most,
            "for_mover": move_words(line, to_move), "optimal": line.optimal, "best": line.best,
            "returns": _numbers(line.returns), "visits": line.visits,
            "probability": None if line.probability is None else json_number(line.probability),
            "probability_exact": None if line.probability is None else exact_text(
                line.probability)}


def _numbers(values: tuple[Number, ...] | None) -> list[int | float] | None:
    return None if values is None else [json_number(v) for v in values]


def report_dict(report: Report) -> dict[str, Any]:
    """The JSON form of a report: one schema for every command and game (values, bounds and
    distances from MAX's point of view; `result` and `for_mover` in words for the player to move)."""
    score = report.score
    best = report.best_moves()
    return {
        "schema": SCHEMA_ID,
        "command": report.command,
        "game": report.game,
        "parameters": dict(report.parameters),
        "position": report.position,
        "to_move": player_name(report.to_move, report.players),
        "over": report.over,
        "value": None if score is None else json_number(score.number),
        "value_exact": None if score is None else exact_text(score.number),
        "value_view": "MAX",
        "returns": _numbers(report.returns),
        "score": None if score is None else score_dict(score),
        "result": result_words(report),
        "proven": report.proven,
        "exact": report.exact,
        "distance": None if score is None else score.plies,
        "first_player_wins": report.first_player_wins,
        "best_move": report.chosen,
        "best_moves": [m.text for m in best],
        "optimal_moves": [m.text for m in report.optimal_moves()],
        "moves": [_move_dict(m, report.to_move) for m in report.moves],
        "pv": list(report.pv),
        "pv_complete": report.pv_complete,
        "method": report.method,
        "algorithm": report.algorithm,
        "depth": report.depth,
        "stopped": report.stopped,
        "best_searched": report.best_searched,
        "explanation": list(report.explanation),
        "facts": None if report.facts is None else dict(report.facts),
        "stats": dict(report.stats),
        "iterations": report.iterations,
        "notes": list(report.notes),
        "searches": [dict(d) for d in report.searches],
    }


def header_dict(command: str, game: AnyGame) -> dict[str, Any]:
    """The keys every report starts with (alone, with `series`, for `solve --upto N` without a
    position)."""
    return {"schema": SCHEMA_ID, "command": command, "game": game.name,
            "parameters": parameters(game)}


__all__ = ["SCHEMA_ID", "MoveLine", "Report", "count", "from_search", "from_solve",
           "json_number", "move_words", "mover_view", "over_words", "parameters", "player_words",
           "report_dict", "result_words", "returns_words", "score_dict", "score_words"]
