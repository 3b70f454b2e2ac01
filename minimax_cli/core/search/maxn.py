"""max^n (Luckhardt and Irani, 1986): the search for games of any number of players.

A node's value is a vector, one utility per player. A terminal state's vector is the game's
`returns`; at a node of player p the value is the vector of the child that is best in component p;
at a chance node it is the children's vectors averaged by their probabilities (exactly, as
fractions, where the probabilities are exact). On a two-player zero-sum game the vectors are
(v, -v) and max^n is minimax.

Tie-break rule: when several children are equally good for the player to move (the same value in
its own component), it takes the first of them in the game's move order, the order `legal_moves`
lists them (in bones: the smallest amount). By hand: scan the children left to right and change
your choice only for a strictly better value. When the tied children differ for another player,
the rule decided that player's fate: the trace marks the node (kind "tie") and a tie on the
principal variation is told in plain words in `SearchResult.notes`.

Depth limits need an evaluation giving one value per player (a tuple of numbers, on the scale of
`returns`); a two-player zero-sum game's single number from MAX's point of view is read as (h, -h).
In a two-player win/loss game searched to a depth limit, finished games score +-(WIN - ply) per
component as in the engine, so a win outranks any heuristic.

There is no pruning: every node is searched, but a memo keyed by the state (and the depth left)
answers a position met again with the vector found for it the first time, which is exact (the
value of a state depends on nothing else), so a memo never changes a value, a move or a note.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from minimax_cli.core.game import CHANCE, MAX, PLAYER_NAMES, Evaluator, SearchError
from minimax_cli.core.i18n import M_, N_, Joined, Message, Words, _, nM_, pM_
from minimax_cli.core.memory import VECTOR_MEMO_ENTRY_BYTES, entries
from minimax_cli.core.result import Limits, SearchOptions, SearchResult, TraceNode
from minimax_cli.core.score import Bound, Number, format_number, is_decisive, terminal_score, tidy
from minimax_cli.core.search.common import AnyGame, Scored, pick_evaluator
from minimax_cli.core.search.context import SearchContext, drive

Vector = tuple[Number, ...]

#: Rough bytes a memo entry costs (key, vector, line); sizes the memo from `table_mb`.
TIE_RULE = N_("the first move in the game's move order")


@dataclass(frozen=True)
class Tie:
    """A choice the tie-break rule made: `player` found `options` (move, vector) equally good in
    its own component, the vectors differing elsewhere, and took the first."""

    player: int
    options: tuple[tuple[Hashable, Vector], ...]


@dataclass(frozen=True)
class Step:
    """The principal variation below a node, as a chain: the move chosen there, the tie the rule
    broke to choose it (if any) and the rest. Chains are shared between memo entries."""

    move: Hashable
    tie: Tie | None
    rest: Step | None


#: What a search backs up from a node: its vector, its principal variation, whether an
#: evaluation took part below it, whether the tie-break rule decided the vector (a tie on the
#: line below, or under a chance node on it).
Line = tuple[Vector, Step | None, bool, bool]


class Memo:
    """Exact lines by (state, depth left), kept across searches of one game with one evaluation
    (a caller tabulating a family of positions shares one); at most `capacity` entries."""

    def __init__(self, capacity: int | None = None) -> None:
        self.capacity = (capacity if capacity is not None
                         else entries(None, VECTOR_MEMO_ENTRY_BYTES))
        self.lines: dict[Hashable, Line] = {}
        self.context: Hashable = None

    def use_for(self, context: Hashable) -> None:
        if context != self.context:
            self.lines.clear()
            self.context = context


def vector_evaluation(game: AnyGame, evaluate: Callable[[Any], Any]) -> Callable[[Any], Vector]:
    """The evaluation as one number per player; SearchError when it gives something else."""
    players = game.game_type.players
    pair = players == 2 and game.game_type.zero_sum

    def vector(state: Any) -> Vector:
        h = evaluate(state)
        if isinstance(h, tuple) and len(h) == players:
            return h
        if pair and isinstance(h, int | float | Fraction) and not isinstance(h, bool):
            return (h, -h)
        raise SearchError(
            _("{game}'s evaluation gives {kind} values; a depth limit in a game of {players} "
              "players needs one value per player (a tuple of {players} numbers): drop --depth to "
              "search to the end").format(game=game.name, kind=type(h).__name__, players=players))

    return vector


def engine_units(game: AnyGame, heuristic: bool) -> bool:
    """True when finished games score +-(WIN - ply): a two-player win/loss game beside a heuristic
    (which is on another scale). Averages over chance would mean nothing in those units."""
    kind = game.game_type
    return heuristic and kind.win_loss and not kind.chance


def shown(vector: Vector, engine: bool) -> Vector:
    """A vector on the game's own scale: engine win/loss numbers become +1 / -1."""
    if not engine:
        return vector
    return tuple((1 if c > 0 else -1) if is_decisive(c) else c for c in vector)


def player_name(game: AnyGame, player: int) -> Words:
    """A player as a sentence names it (Spanish says "el jugador 2" there, "jugador 2" in a
    table)."""
    if game.game_type.players == 2:
        return PLAYER_NAMES[player]
    return pM_("in a sentence", "player {number}", number=player + 1)


def vector_text(vector: Vector) -> str:
    return "(" + ", ".join(format_number(c) for c in vector) + ")"


def winner(game: AnyGame, vector: Vector) -> int | None:
    """The player a vector makes the winner: the one with the game's highest return when every
    other has the lowest; None for any other vector (or a game without bounds)."""
    low, high = game.game_type.low, game.game_type.high
    winners = [i for i, c in enumerate(vector) if c == high]
    if low is not None and high is not None and low < high and len(winners) == 1 and all(
            c == low for i, c in enumerate(vector) if i != winners[0]):
        return winners[0]
    return None


def tie_note(game: AnyGame, state: Any, tie: Tie, engine: bool) -> Message:
    """A tie broken by the rule, in words a student can check against the tree."""
    def move(m: Hashable) -> str:
        return game.format_move(state, m)

    chosen, chosen_vector = tie.options[0]
    own = format_number(shown(chosen_vector, engine)[tie.player])
    names = [move(m) for m, _ in tie.options]
    # "1, 2 and 3": the joined words are concatenated (no separator) to say it as one phrase.
    choice = Joined((", ".join(names[:-1]), M_(" and "), names[-1]), separator="")
    others = Joined(tuple(M_("{move} would give {returns}", move=move(m),
                             returns=vector_text(shown(v, engine)))
                          for m, v in tie.options[1:]), separator=M_(" and "))
    result = shown(chosen_vector, engine)
    who = winner(game, result)
    won: Words = "" if who is None else M_(", so {player} wins", player=player_name(game, who))
    return M_("in position {position}, {player} was indifferent between the moves {choice} (each "
              "worth {value} to it); by the tie-break rule ({rule}) it played {move}, which gives "
              "{returns}{won} ({others})",
              position=game.format_position(state), player=player_name(game, tie.player),
              choice=choice, value=own, rule=M_(TIE_RULE), move=move(chosen),
              returns=vector_text(result), won=won, others=others)


def follow(game: AnyGame, state: Any, step: Step | None, engine: bool,
           ) -> tuple[list[Hashable], list[Words]]:
    """The principal variation as a list of moves, and a note for each tie broken on it."""
    pv: list[Hashable] = []
    notes: list[Words] = []
    while step is not None:
        if step.tie is not None:
            notes.append(tie_note(game, state, step.tie, engine))
        pv.append(step.move)
        state = game.play(state, step.move)
        step = step.rest
    return pv, notes


def maxn(game: AnyGame, state: Any, limits: Limits | None = None,
         options: SearchOptions | None = None, *, memo: Memo | bool = True) -> SearchResult:
    """max^n from `state`. `memo`: True (as registered) for a fresh memo sized by
    `options.table_mb`, False for none (every node of the tree searched), or a Memo shared with
    other searches of this game."""
    limits = limits or Limits()
    options = options or SearchOptions()
    evaluate = pick_evaluator(game, options.evaluator, limits.depth is not None)
    table: Memo | None
    if memo is True:
        table = Memo(entries(options.table_mb, VECTOR_MEMO_ENTRY_BYTES))
    else:
        table = memo or None
    if table is not None:
        table.use_for((id(game), options.evaluator if evaluate is not None else None))
    context = SearchContext(game, state, limits, options)
    search = _MaxN(context, evaluate, table)
    root_trace = context.trace_root()
    max_depth = search.max_depth
    root = drive(context, lambda: search.visit(state, 0, max_depth, root_trace, None, None))
    engine = search.engine
    common: dict[str, Any] = {"pov": search.view, "engine_scores": engine, "numbers": not engine,
                              "depth": limits.depth}
    if root is None:  # stopped: no value, nothing invented
        return context.result("maxn", root=None, **common)
    vector, step, estimated, tie_broken = root
    pv, notes = follow(game, state, step, engine)
    # Positions searched by an earlier search sharing the memo are not counted: no such note then.
    off_line = 0 if isinstance(memo, Memo) else len(search.ties) - len(notes)
    if off_line > 0:
        notes.append(nM_(
            "the tie-break rule ({rule}) also decided between moves of different value to another "
            "player in {count} position off the principal variation (the search tree marks them)",
            "the tie-break rule ({rule}) also decided between moves of different value to another "
            "player in {count} positions off the principal variation (the search tree marks them)",
            off_line, rule=M_(TIE_RULE), count=off_line))
    result = context.result("maxn", root=Scored(None, vector[search.view], not estimated,
                                                Bound.EXACT),
                            moves=context.root_scores, best_move=pv[0] if pv else None, pv=pv,
                            vector=shown(vector, engine), tie_broken=tie_broken, **common)
    result.notes = tuple(notes)
    return result


class _MaxN:
    """max^n's rule for backing values up: the vector best for the player to move, the average at
    a chance node; lines answered from the memo when it has them."""

    def __init__(self, context: SearchContext, evaluate: Evaluator[Any] | None,
                 table: Memo | None) -> None:
        game = context.game
        self.context, self.game, self.table = context, game, table
        self.vector_of = None if evaluate is None else vector_evaluation(game, evaluate)
        self.engine = engine_units(game, evaluate is not None)
        self.lines: dict[Hashable, Line] = {} if table is None else table.lines
        self.capacity = 0 if table is None else table.capacity
        self.max_depth = -1 if context.limits.depth is None else context.limits.depth
        self.view = context.root_player if context.root_player != CHANCE else MAX
        self.stats = context.stats
        self.stats.depth = max(self.max_depth, 0)
        self.ties: set[Hashable] = set()

    def visit(self, s: Any, ply: int, left: int, parent: TraceNode | None, move: Hashable,
              probability: Number | None) -> Line:
        player = self.game.to_move(s)
        node = self.context.enter(ply, parent, move, player, probability=probability)
        key = s if self.max_depth < 0 else (s, left)
        lines, stats = self.lines, self.stats
        if self.table is not None and ply > 0:
            stats.tt_probes += 1
            found = lines.get(key)
            if found is not None:
                stats.tt_hits += 1
                stats.tt_answers += 1
                if node is not None:
                    node.kind = "table"
                    node.value, node.vector = found[0][0], shown(found[0], self.engine)
                return found
        line = self.node(s, ply, left, player, node)
        if self.table is not None and len(lines) < self.capacity:
            lines[key] = line
        return line

    def node(self, s: Any, ply: int, left: int, player: int, node: TraceNode | None) -> Line:
        engine = self.engine
        final = self.game.returns(s)
        if final is not None:
            self.stats.leaves += 1
            vector = tuple(terminal_score(c, ply, True) for c in final) if engine else tuple(final)
            if node is not None:
                node.kind, node.value, node.vector = "terminal", vector[0], shown(vector, engine)
            return (vector, None, False, False)
        if left == 0:
            self.stats.leaves += 1
            assert self.vector_of is not None  # an evaluator exists whenever max_depth >= 0
            vector = self.vector_of(s)
            if node is not None:
                node.kind, node.value, node.vector = "eval", vector[0], shown(vector, engine)
            return (vector, None, True, False)
        if player == CHANCE:
            line = self.average(s, ply, left, node)
        else:
            line = self.choose(s, ply, left, player, node)
        if node is not None:
            node.value, node.vector = line[0][0], shown(line[0], engine)
        return line

    def scored(self, ply: int, move: Hashable, line: Line) -> None:
        """A root move's line, kept for the result."""
        if ply == 0:
            vector = line[0]
            self.context.root_scores.append(Scored(move, vector[self.view], not line[2],
                                                   Bound.EXACT,
                                                   vector=shown(vector, self.engine),
                                                   tie_broken=line[3]))

    def average(self, s: Any, ply: int, left: int, node: TraceNode | None) -> Line:
        total: list[Number] = []
        estimated = tie_broken = False
        for m, p in self.game.chance_outcomes(s):
            line = self.visit(self.game.play(s, m), ply + 1, left - 1, node, m, p)
            vector = line[0]
            estimated, tie_broken = estimated or line[2], tie_broken or line[3]
            self.scored(ply, m, line)
            total = [p * c for c in vector] if not total else [
                t + p * c for t, c in zip(total, vector, strict=True)]
        # No principal variation through a chance node: which outcome would it follow?
        return (tuple(tidy(t) for t in total), None, estimated, tie_broken)

    def choose(self, s: Any, ply: int, left: int, player: int, node: TraceNode | None) -> Line:
        best: Line | None = None
        best_move: Hashable = None
        tied: list[tuple[Hashable, Vector]] = []
        estimated = False
        for m in self.game.legal_moves(s):
            line = self.visit(self.game.play(s, m), ply + 1, left - 1, node, m, None)
            vector = line[0]
            estimated = estimated or line[2]
            self.scored(ply, m, line)
            if best is None or vector[player] > best[0][player]:
                best, best_move, tied = line, m, [(m, vector)]
            elif vector[player] == best[0][player]:
                tied.append((m, vector))
        assert best is not None  # a state that is not over has a move
        tie = None
        if any(v != best[0] for _, v in tied):
            tie = Tie(player, tuple(tied))
            self.ties.add((s, left))
            if node is not None:
                node.kind = "tie"
        return (best[0], Step(best_move, tie, best[1]), estimated, tie is not None or best[3])


__all__ = ["TIE_RULE", "Memo", "Step", "Tie", "maxn", "vector_evaluation"]
