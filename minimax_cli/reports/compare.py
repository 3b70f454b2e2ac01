"""`minimax analyze --compare` as a report: the runs of several algorithms on one position, and
the sentences their rows say together.

A `Comparison` holds the runs in order (each a search result with the limits it was given and where
its budget came from), the baseline the node fractions are taken against (the first run that
finished and is not a sample), and, for a uniform explicit tree, its branching and depth for the
Knuth–Moore best case. `notes` turns a comparison into the sentences shown under the table and
added to each JSON report, so the screen and the JSON make the same claims; `value_text` is a
run's value as the table writes it. Plain data and words: services/compare.py runs the searches.
"""

from __future__ import annotations

from dataclasses import dataclass

from minimax_cli.core.i18n import M_, Grouped, Joined, Message, Words, _, nM_
from minimax_cli.core.result import STOP_INTERRUPTED, STOP_NODES, STOP_TIME, Limits, SearchResult
from minimax_cli.core.score import Bound, format_number
from minimax_cli.core.search import (
    DEFAULT_ALGORITHM,
    EXPECTIMINIMAX,
    MAXN,
    MCTS,
    ORDERED_ALPHABETA,
    PARANOID,
    PLAIN_ALPHABETA,
    STAR1,
    STAR2,
)
from minimax_cli.core.search.ordering import GENERATOR, KILLERS, MVV, TABLE
from minimax_cli.core.search.ordering import MINIMAX as ORDER_MINIMAX

#: The engine deepens iteratively under any time budget, which would change what it searches:
#: it gets the budget `analyze` gives it alone (none, or the game's own default).
ENGINE = DEFAULT_ALGORITHM
#: Monte Carlo tree search samples: its value is an estimate and its nodes are other work.
SAMPLED = MCTS
ORDERED = ORDERED_ALPHABETA
PLAIN_PRUNING = PLAIN_ALPHABETA
#: Where a run's budget came from, for the sentence that says why it stopped.
BUDGET_USER = "user"  # --time or --nodes
BUDGET_COMPARE = "compare"  # COMPARE_SECONDS
BUDGET_GAME = "game"  # the game's own default analysis time (Connect Four)

@dataclass(frozen=True)
class Run:
    """One algorithm's search of the position, with the limits it was given and where its time or
    node budget came from (None: it had none)."""

    result: SearchResult
    limits: Limits
    budget: str | None

    @property
    def name(self) -> str:
        return self.result.algorithm

    @property
    def finished(self) -> bool:
        return self.result.stopped is None

    @property
    def sampled(self) -> bool:
        return self.result.iterations is not None

    @property
    def exact(self) -> bool:
        """A value to check against the others': finished, one number (not a vector), and not a
        sample estimate (a sample proven by the MCTS-Solver counts)."""
        r = self.result
        return (self.finished and r.score is not None and r.vector is None
                and (not self.sampled or r.proven))


@dataclass(frozen=True)
class Uniform:
    """An explicit tree whose every inner node has `branching` children and whose every leaf is at
    `depth` plies below the root."""

    branching: int
    depth: int

    @property
    def halves(self) -> tuple[int, int]:
        """b^⌈d/2⌉ and b^⌊d/2⌋: the leaves of the two halves of Knuth and Moore's minimal tree."""
        b, d = self.branching, self.depth
        return b ** ((d + 1) // 2), b ** (d // 2)

    @property
    def best_case(self) -> int:
        """b^⌈d/2⌉ + b^⌊d/2⌋ − 1: the fewest leaves alpha-beta examines, reached with perfect move
        ordering (Knuth and Moore, 1975)."""
        high, low = self.halves
        return high + low - 1


@dataclass(frozen=True)
class MinimalTree:
    """Knuth and Moore's b^⌈d/2⌉ + b^⌊d/2⌋ − 1 for a tree that is not uniform (chess): with `b`
    the number of legal moves at the root, a yardstick beside the orderings' leaves, not a floor
    (deeper positions have other numbers of moves); `mean` is the mean number of moves of the
    inner positions minimax counted (None: its count stopped)."""

    branching: int
    depth: int
    mean: float | None

    @property
    def best_case(self) -> int:
        return Uniform(self.branching, self.depth).best_case


@dataclass(frozen=True)
class Comparison:
    game: str
    runs: tuple[Run, ...]
    uniform: Uniform | None
    explicit_tree: bool
    depth: int | None  # the depth limit every run was given; None: to the end
    #: Move ordering measured (a game with a search board: the rows of core/search/ordering.py).
    minimal: MinimalTree | None = None

    @property
    def baseline(self) -> Run | None:
        """The run node fractions are taken against: the first that finished and is not a sample.
        A stopped run never is one: its count says how far it got, not what the search costs."""
        return next((r for r in self.runs if r.finished and not r.sampled), None)

    def share(self, run: Run) -> float | None:
        """`run`'s nodes as a fraction of the baseline's; None where that says nothing (no baseline,
        a stopped run, a sample)."""
        base = self.baseline
        if base is None or not run.finished or run.sampled or base.result.stats.nodes == 0:
            return None
        return run.result.stats.nodes / base.result.stats.nodes

    def run_named(self, name: str) -> Run | None:
        return next((r for r in self.runs if r.name == name), None)


# --- what the rows say ---------------------------------------------------------------------------
def value_text(run: Run) -> str:
    """A run's value as the table shows it: the number from MAX's point of view (a vector for
    several players); `≈` before an estimate; `≥` / `≤` before a bound; `none` for no value."""
    r = run.result
    if r.score is None:
        return _("none")
    if r.vector is not None:
        text = "(" + ", ".join(format_number(v) for v in r.vector) + ")"
    else:
        text = format_number(r.value)  # type: ignore[arg-type]  # a score has a value
        bound = r.score.max().bound
        if bound is Bound.LOWER:
            text = "≥ " + text
        elif bound is Bound.UPPER:
            text = "≤ " + text
    return text if r.proven else "≈ " + text


@dataclass(frozen=True)
class Note:
    """One sentence under the table; `algorithms` names the runs it is about (none: the table)."""

    algorithms: tuple[str, ...]
    text: Words


def _budget_words(run: Run, game: str) -> Message:
    """What stopped `run`, in words that name the option or the default."""
    stopped, limits = run.result.stopped, run.limits
    if stopped == STOP_INTERRUPTED:
        return M_("Ctrl-C")
    if stopped == STOP_NODES and limits.nodes is not None:
        return M_("the node budget (--nodes {nodes})", nodes=Grouped(limits.nodes))
    seconds = limits.time if limits.time is not None else 0.0
    if run.budget == BUDGET_COMPARE:
        return M_("the {seconds:g} s --compare gives each algorithm (no --time or --nodes was "
                  "given)", seconds=seconds)
    if run.budget == BUDGET_GAME:
        return M_("the {seconds:g} s {game} is searched for by default", seconds=seconds,
                  game=game)
    if stopped == STOP_TIME:
        return M_("the time budget (--time {seconds:g})", seconds=seconds)
    return M_("its budget")


def _stopped_notes(comparison: Comparison) -> list[Note]:
    """Runs stopped with no value, one sentence per cause; a run stopped with the value of its last
    completed depth (the engine deepening under a budget), one each."""
    found: list[Note] = []
    causes: dict[Message, list[str]] = {}
    for run in comparison.runs:
        if run.finished:
            continue
        cause = _budget_words(run, comparison.game)
        r = run.result
        if r.score is None:
            causes.setdefault(cause, []).append(run.name)
            continue
        kind: Words = "" if r.proven else M_(", an estimate")
        depth = nM_("{n} ply", "{n} plies", r.depth or 0, n=r.depth or 0)
        found.append(Note((run.name,), M_(
            "{name}: stopped by {cause}; its value is that of the last depth it completed ({depth})"
            "{kind}, and it is not the baseline for the fractions.", name=run.name, cause=cause,
            depth=depth, kind=kind)))
    for cause, names in causes.items():
        found.insert(0, Note(tuple(names), nM_(
            "{names}: stopped by {cause} before it finished: no value, and not the baseline for "
            "the fractions.",
            "{names}: stopped by {cause} before they finished: no value, and not the baseline for "
            "the fractions.", len(names), names=", ".join(names), cause=cause)))
    return found


def _values_note(comparison: Comparison) -> Note | None:
    """Whether the values agree (checked), or how they differ and why."""
    runs = comparison.runs
    if any(r.result.vector is not None for r in runs if not r.sampled):  # several players
        if comparison.run_named(MAXN) is None or comparison.run_named(PARANOID) is None:
            return None
        return Note((), M_("maxn and paranoid answer different questions (each player for itself; "
                            "everyone against the player to move), so their values are not "
                            "checked against each other."))
    exact = [r for r in runs if r.exact]
    if len(exact) < 2:
        return None
    values = {value_text(r) for r in exact}
    names = ", ".join(r.name for r in exact)
    if len(values) == 1:
        estimate: Words = "" if all(r.result.proven for r in exact) else M_(
            " (an estimate: the evaluation function at the depth cut, backed up)")
        return Note((), M_("Same value from {names}: {value}{estimate} (checked).", names=names,
                           value=values.pop(), estimate=estimate))
    listed = ", ".join(f"{r.name} {value_text(r)}" for r in exact)
    differing = {r.name for r in exact if value_text(r) != value_text(exact[0])}
    if comparison.depth is not None and differing == {ENGINE}:
        why = M_("the engine searches on past the depth cut where the game says a position is not "
                 "quiet (quiescence), so its estimate may differ.")
    else:
        why = M_("they should be equal: please report this position.")
    return Note((), M_("The values differ: {listed}; {why}", listed=listed, why=why))


def _baseline_note(comparison: Comparison) -> Note | None:
    base = comparison.baseline
    if base is None:
        if any(not r.sampled for r in comparison.runs):
            return Note((), M_("No search finished, so no fractions of work are given."))
        return None
    if base is comparison.runs[0]:
        return None
    return Note((), M_("Fractions are of {base}'s nodes, the first search that finished.",
                       base=base.name))


def _ordered_note(comparison: Comparison, run: Run) -> Note:
    plain = comparison.run_named(PLAIN_PRUNING)
    same = plain is not None and plain.finished and run.finished and _work(plain) == _work(run)
    if comparison.explicit_tree:
        text = M_("{name}: alpha-beta with the tree's perfect order: each node's children by "
                  "their minimax values, best first for the player to move; the tree gives them "
                  "because it holds every leaf, and working them out is not counted.",
                  name=run.name)
    elif same:  # a game without an order of its own, or one that changed nothing here
        text = M_("{name}: alpha-beta in the game's own move order, nothing else changed; the "
                  "order changed nothing here.", name=run.name)
    else:
        text = M_("{name}: alpha-beta with the game's own move order (its best guess first), "
                  "nothing else changed: beside alphabeta, what ordering alone saves.",
                  name=run.name)
    if same:
        return Note((run.name,), Joined((text, M_("It searched exactly what alphabeta did.")),
                                        separator=" "))
    return Note((run.name,), text)


def _work(run: Run) -> tuple[int, int, int]:
    stats = run.result.stats
    return stats.nodes, stats.leaves, stats.cutoffs


def _engine_note(run: Run) -> Note:
    return Note((run.name,), M_(
        "{name} (the engine) gives every root move an exact value (exact_root), searching each with "
        "the full window where plain alpha-beta only bounds the moves that cannot be best: its "
        "counts include that extra work and do not mean it prunes less. It also orders moves and "
        "keeps a transposition table.", name=run.name))


#: Star1 and Star2 prune at chance nodes; beside plain expectiminimax in the same table.
STARS = (STAR1, STAR2)
PLAIN_CHANCE = EXPECTIMINIMAX


def _star_notes(comparison: Comparison) -> list[Note]:
    """Why a pruning search counts more nodes than plain expectiminimax. Where positions repeat
    (plain's memo answered some), all three search a graph, and a bound proved under one window
    answers fewer repeats than an exact value. Star2 also pays for every probe that cuts nothing,
    on a tree too."""
    plain = next((r for r in comparison.runs if r.name == PLAIN_CHANCE and r.finished), None)
    if plain is None:
        return []
    repeats = plain.result.stats.tt_hits > 0
    found = []
    for run in comparison.runs:
        if run.name in STARS and run.finished and \
                run.result.stats.nodes > plain.result.stats.nodes:
            why = M_("{name} counts more nodes than {plain} here: all of them keep a memo of the "
                     "positions searched, and in a game whose positions repeat a bound proved "
                     "under one window answers fewer repeats than an exact value, while the "
                     "windows leave little to prune.", name=run.name, plain=plain.name) \
                if repeats else M_("{name} counts more nodes than {plain} here.", name=run.name,
                                   plain=plain.name)
            # Star1 prunes a subset of plain's tree; Star2's probes are extra searches.
            more = (M_("On a tree without repeats star1 never visits more.") if run.name == STAR1
                    else M_("Each probe that cuts nothing is paid twice: the full search enters "
                            "the probed node again and its first move once more (answered from "
                            "the memo), and the probe searched that move in a wider window than "
                            "star1 would, so even on a tree without repeats star2 may visit "
                            "more."))
            found.append(Note((run.name,), Joined((why, more), separator=" ")))
    return found


def _sample_note(run: Run) -> Note:
    r = run.result
    simulations = r.iterations or 0
    if r.proven:
        what = M_("a value proven by the MCTS-Solver")
    elif r.score is None:
        what = M_("no value")
    else:
        what = M_("an estimate (the mean result of its playouts), not a proven value")
    return Note((run.name,), M_(
        "{name}: {what}; its nodes are the tree nodes its {simulations} simulations walked "
        "through, its leaves its playouts: other work than the searches above, so no "
        "fraction.", name=run.name, what=what, simulations=Grouped(simulations)))


def _uniform_note(comparison: Comparison) -> Note | None:
    shape = comparison.uniform
    if shape is None:
        return None
    high, low = shape.halves
    text = M_("Knuth–Moore: every inner node of this tree has b = {b} children and every leaf is "
              "at depth d = {d}, so alpha-beta examines at least b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = {high} + "
              "{low} − 1 = {best} leaves, and exactly that many with perfect move ordering.",
              b=shape.branching, d=shape.depth, high=Grouped(high), low=Grouped(low),
              best=Grouped(shape.best_case))
    ordered = comparison.run_named(ORDERED)
    if (ordered is not None and ordered.finished
            and ordered.result.stats.leaves == shape.best_case):
        return Note((), Joined((text, M_("{name} reaches it.", name=ordered.name)), separator=" "))
    return Note((), text)


def _ordering_notes(comparison: Comparison, minimal: MinimalTree) -> list[Note]:
    """What each row of the comparison of move orderings is, and the Knuth–Moore yardstick."""
    rows = {
        ORDER_MINIMAX: M_("{name}: counted, not searched: minimax visits every node down to the "
                          "depth, so its nodes and leaves are counted by a walk of the legal moves "
                          "(perft; a finished position above the depth is a leaf too), nothing is "
                          "evaluated and it gives no value.", name=ORDER_MINIMAX),
        GENERATOR: M_("{name}: plain alpha-beta (negamax, fail-soft, full windows; no quiescence, "
                      "no check extension, no null windows, no null move, no table), the moves "
                      "in the move generator's order.", name=GENERATOR),
        MVV: M_("{name}: the same, captures first by MVV-LVA (most valuable victim, then least "
                "valuable attacker), those that lose material by static exchange after the other "
                "captures; quiet moves after them in the generator's order.", name=MVV),
        KILLERS: M_("{name}: the same, and among quiet moves first the ply's two killers (quiet "
                    "moves that cut off before at this ply), then by history (how often and how "
                    "deep each quiet move cut off).", name=KILLERS),
        TABLE: M_("{name}: the same, with a transposition table (a position searched before "
                  "answers, or gives its best move first) and iterative deepening from depth 1: "
                  "its counts include every shallower iteration.", name=TABLE),
    }
    found = [Note((run.name,), Joined((rows[run.name], *run.result.notes), separator=" "))
             for run in comparison.runs if run.name in rows]
    b, d = minimal.branching, minimal.depth
    text: Words = M_(
        "Knuth–Moore: with b = {b}, the number of legal moves at the root, and d = {d}, "
        "b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = {best} leaves is what alpha-beta examines with perfect ordering "
        "in a uniform tree; this tree is not uniform, so it is a yardstick, not a floor.",
        b=b, d=d, best=Grouped(minimal.best_case))
    if minimal.mean is not None:
        text = Joined((text, M_("The mean number of moves of the positions minimax counted is "
                                "{mean:.1f}.", mean=minimal.mean)), separator=" ")
    found.append(Note((), text))
    return found


def notes(comparison: Comparison) -> list[Note]:
    """The sentences under the table, in the order they are shown."""
    found: list[Note | None] = [_values_note(comparison), _baseline_note(comparison),
                                *_stopped_notes(comparison)]
    for run in comparison.runs:
        if run.name == ORDERED:
            found.append(_ordered_note(comparison, run))
        elif run.name == ENGINE:
            found.append(_engine_note(run))
        elif run.sampled:
            found.append(_sample_note(run))
    found.extend(_star_notes(comparison))
    found.append(_uniform_note(comparison))
    if comparison.minimal is not None:
        found.extend(_ordering_notes(comparison, comparison.minimal))
    return [note for note in found if note is not None]


__all__ = ["BUDGET_COMPARE", "BUDGET_GAME", "BUDGET_USER", "ENGINE", "ORDERED", "PLAIN_PRUNING",
           "SAMPLED", "Comparison", "MinimalTree", "Note", "Run", "Uniform", "notes", "value_text"]
