"""The exact solver of the game of bones (a subtraction game), behind `Bones.exact_solver()`.

No game tree is needed. Heaps are settled bottom-up by a sweep (`sweep`) that marks forward from
each losing heap instead of looking back from every heap, so its cost grows with the losing heaps,
not with heaps x amounts. The outcome sequence of a subtraction game is eventually periodic with a
period that the settled outcomes can prove (`subtraction_period`), so larger heaps, 10**18 bones
included, are read off it exactly. `series` tabulates heaps 0..n for `minimax solve bones --upto N`.
Every table stays within a memory budget (`BonesSolver.memory_mb`, set from `--table-mb`).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from games.bones.sweep import (
    OverBudget,
    marking_plan,
    outcome_table,
    sweep,
)
from games.heaps import amounts_text, amounts_words, listed
from minimax_cli.core.game import SearchError
from minimax_cli.core.i18n import M_, Grouped, Joined, Message, _, nM_
from minimax_cli.core.memory import DEFAULT_MB, MEGABYTE, OUTCOME_ENTRY_BYTES, entries
from minimax_cli.core.params import grouped
from minimax_cli.core.periodic import COMPARE_BLOCK, Period, value_at
from minimax_cli.core.result import MoveValue
from minimax_cli.core.score import PovScore, Score
from minimax_cli.core.solver import ExactSolver, Progress, Series, Solution

State = tuple[int, int]  # (heap, player to move), as in games.bones.game

#: Heaps up to this size may be solved bottom-up (time); larger ones are read off the period.
TABLE_MAX_N = 10**7
#: The proof of the period may solve at most this many heaps (time).
PERIOD_PROOF_LIMIT = 10**7
#: A bottom-up solve looks for a proven period at this many heaps and each time they double,
#: and answers from the period as soon as one is proven.
PERIOD_CHECK_FROM = 1 << 20


def subtraction_period(take: Sequence[int], misere: bool, limit: int) -> Period:
    """The proven preperiod and period of a subtraction game's outcome sequence, solving heaps
    0..limit at most; SearchError when that is not enough.

    o(n) is 1 when the player to move at heap n wins, S the allowed amounts and s_max the largest.
    For n >= s_max every amount fits, so o(n) = 1 exactly when o(n - s) = 0 for some s in S
    (misère play changes only the terminal heaps, which are all below min(S) <= s_max): each
    outcome from s_max on is one fixed function of the s_max outcomes before it. That is what
    `window_period` needs to prove a period from the outcomes settled so far (at most 2**s_max
    windows exist, so a repeat must come)."""
    return _prove(tuple(sorted(set(take))), misere, limit, None, None)[0]


def _prove(take: tuple[int, ...], misere: bool, limit: int, max_bytes: int | None,
           progress: Progress | None) -> tuple[Period, bytearray]:
    """The proven period and the table it rests on; SearchError (limit) or OverBudget."""
    table, period = sweep(take, misere, limit + 1, first_check=take[-1] + 1,
                          exact_checks=True, check_last=True, max_bytes=max_bytes,
                          progress=progress)
    if period is None:
        raise SearchError(
            _("no period proven up to heap {limit}: take {amounts} may have a very long period; "
              "give a heap of at most {most} to solve it bottom-up").format(
                limit=grouped(limit), amounts=amounts_text(take), most=grouped(TABLE_MAX_N)))
    return period, table


# --- the solver ----------------------------------------------------------------------------------
class BonesSolver(ExactSolver[State, int]):
    """Bones positions solved exactly: bottom-up up to `table_max` (or until the outcomes prove
    a period, past `check_from` heaps), from the proven period above. Every value is proven; the
    distance to the end is given only where it is plain (a move that ends the game at once), since
    the table keeps outcomes, not game lengths. Tables stay within `memory_mb` megabytes (set from
    --table-mb): a solve that would need more stops with a SearchError naming the budget."""

    has_series = True

    def __init__(self, take: Sequence[int], misere: bool, *, table_max: int = TABLE_MAX_N,
                 proof_limit: int = PERIOD_PROOF_LIMIT, check_from: int = PERIOD_CHECK_FROM,
                 memory_mb: float = DEFAULT_MB) -> None:
        self.take = tuple(sorted(set(take)))
        self.misere = misere
        self.table_max = table_max
        self.proof_limit = proof_limit
        self.check_from = check_from
        self.memory_mb = memory_mb
        self._proofs: dict[tuple[int, float], tuple[Period, bytearray]] = {}  # --upto asks twice

    def outcome_table(self, upto: int, progress: Progress | None = None) -> bytearray:
        """`outcome_table` within the memory budget (SearchError before any work if not)."""
        if upto < 0:
            raise ValueError(f"upto must be 0 or more, got {upto}")
        try:
            return sweep(self.take, self.misere, upto + 1, max_bytes=self._max_bytes(),
                         progress=progress)[0]
        except OverBudget:
            raise self._over(_("a table of heaps 0..{upto} needs {memory}").format(
                upto=grouped(upto), memory=self._mb(upto + 1))) from None

    def proven_period(self, limit: int | None = None, progress: Progress | None = None
                      ) -> Period:
        """The proven preperiod and period of the outcome sequence (see `subtraction_period`);
        `checked_upto` is how many heaps the proof compares. Raises SearchError when none is
        proven up to heap `limit` (default `proof_limit`) or within the memory budget."""
        return self._proof(limit, progress)[0]

    def winning_moves(self, heap: int, table: Sequence[int], period: Period | None = None
                      ) -> list[int]:
        """The amounts that leave the opponent a lost heap (empty when the mover is losing).
        With the `period`, `heap` may be far beyond the table (10**18), as long as the table
        covers preperiod + period heaps."""
        if heap < 0:
            raise ValueError(f"the heap must be 0 or more, got {heap}")
        if period is None and heap >= len(table):
            raise ValueError(f"the table covers heaps 0..{len(table) - 1}, not {heap}")
        return [amount for amount in self._legal(heap)
                if not self._outcome(table, period, heap - amount)]

    def solve(self, state: State, progress: Progress | None = None) -> Solution[int]:
        heap, mover = state
        if heap <= self.table_max:
            try:
                table, period = sweep(self.take, self.misere, heap + 1, first_check=self.check_from,
                                      max_bytes=self._max_bytes(), progress=progress)
            except OverBudget as over:
                tried = _(" (the {count} heaps that fit prove no period)").format(
                    count=grouped(over.settled)) if over.settled > 0 else ""
                raise self._over(_("solving heap {heap} bottom-up needs {memory}").format(
                    heap=grouped(heap), memory=self._mb(heap + 1)) + tried) from None
        else:
            period, table = self._proof(None, progress)
        work = len(table)
        facts: dict[str, object] = {"positions_solved": work}
        if period is not None:
            facts.update(preperiod=period.preperiod, period=period.period,
                         checked_upto=period.checked_upto, proven=period.proven)
        wins = bool(self._outcome(table, period, heap))
        legal = self._legal(heap)
        moves = []
        for amount in legal:
            rest = heap - amount
            ends = 1 if rest < self.take[0] else None  # the game is over after this move
            # The move wins for the mover exactly when it leaves the opponent a lost heap.
            won = not self._outcome(table, period, rest)
            moves.append(MoveValue(amount, PovScore(_result(won, ends), mover)))
        # Plies to the end where they are plain: 0 when over, 1 when a move (or every move, for
        # the loser) ends the game; otherwise unknown, since the table keeps no game lengths.
        at_once = [m.score.relative.plies == 1 for m in moves]
        won_at_once = any(m.score.relative.plies == 1 and m.score.relative.number > 0
                          for m in moves)
        plies: int | None = None
        if not legal:
            plies = 0
        elif won_at_once if wins else all(at_once):
            plies = 1
        explanation = [self.rules(), *self._method_sentences(heap, period, work),
                       self._verdict(heap, wins, table, period)]
        return Solution(PovScore(_result(wins, plies), mover), tuple(moves),
                        "table" if period is None else "period", tuple(explanation), work, facts)

    def series(self, upto: int, progress: Progress | None = None) -> Series:
        """Heaps 0..upto: the outcome for the player to move, the winning moves, and the proven
        period (None when it cannot be proven within `proof_limit` heaps and the budget, or when
        one period of outcomes would not fit the budget as a series). SearchError, before the
        work, when the table with its winning moves would not fit the memory budget."""
        table = self.outcome_table(upto, progress)
        moves = self._series_moves(table, upto)
        try:
            period: Period | None
            period, proof_table = self._proof(None, progress)
        except SearchError:
            period = None
        if period is not None and period.preperiod + period.period > upto + 1:
            # Callers read one period of outcomes off a longer series: it must fit too.
            needed = period.preperiod + period.period - 1
            if self._series_bytes(proof_table, needed) > self._max_bytes():
                period = None
        proof = "" if period is None else self._period_proof(period)
        return Series(M_("bones, {rules}", rules=self.rules_short()),
                      tuple(bool(b) for b in table), moves,
                      frozenset(range(min(self.take[0], upto + 1))), period, proof)

    # --- budget ----------------------------------------------------------------------------------
    def _max_bytes(self) -> int:
        return entries(self.memory_mb, OUTCOME_ENTRY_BYTES)  # a byte a heap

    def _mb(self, heaps: int) -> str:
        """The memory a sweep of `heaps` heaps needs, in words."""
        return _("about {size}").format(
            size=_megabytes(heaps + 2 * self.take[-1] + 2 * COMPARE_BLOCK))

    def _over(self, what: str, smaller: bool = False) -> SearchError:
        message = (_("{what}, over the memory budget of {mb:g} MB: give a smaller --upto or raise "
                     "it with --table-mb") if smaller else
                   _("{what}, over the memory budget of {mb:g} MB: raise it with --table-mb"))
        return SearchError(message.format(what=what, mb=self.memory_mb))

    def _proof(self, limit: int | None, progress: Progress | None) -> tuple[Period, bytearray]:
        limit = self.proof_limit if limit is None else limit
        key = (limit, self.memory_mb)
        if key not in self._proofs:
            try:
                self._proofs[key] = _prove(self.take, self.misere, limit, self._max_bytes(),
                                           progress)
            except OverBudget as over:
                if over.settled:
                    raise SearchError(
                        _("no period is proven within heaps 0..{last}, all that the memory "
                          "budget of {mb:g} MB holds: raise it with --table-mb").format(
                            last=grouped(over.settled - 1), mb=self.memory_mb)) from None
                raise self._over(_("take amounts up to {most} need {memory} for the proof of "
                                   "the period alone").format(most=grouped(self.take[-1]),
                                                              memory=self._mb(1))) from None
        return self._proofs[key]

    def _series_bytes(self, table: Sequence[int], upto: int) -> int:
        """About the memory of the winning moves of heaps 0..upto as tuples of strings (the
        strings shared): a list and a tuple per row, and a slot in each per move."""
        moves = sum(bisect.bisect_right(self.take, upto - heap)
                    for heap in range(upto + 1) if not table[heap])
        return 128 * (upto + 1) + 16 * moves

    def _series_moves(self, table: bytearray, upto: int) -> tuple[tuple[str, ...], ...]:
        """The winning moves of heaps 0..upto, marked forward from the lost heaps: the work is
        the number of winning moves, not heaps x amounts. SearchError over the budget."""
        size = self._series_bytes(table, upto)
        if size > self._max_bytes():
            raise self._over(_("the winning moves of heaps 0..{upto} take about {size}").format(
                upto=grouped(upto), size=_megabytes(size)), smaller=True)
        names = [str(amount) for amount in self.take]
        rows: list[list[str]] = [[] for _ in range(upto + 1)]
        for lost in reversed([heap for heap in range(upto + 1) if not table[heap]]):
            # Descending lost heaps: each row gets its amounts in ascending order.
            for index in range(bisect.bisect_right(self.take, upto - lost)):
                rows[lost + self.take[index]].append(names[index])
        return tuple(tuple(row) for row in rows)

    # --- words -----------------------------------------------------------------------------------
    def rules_short(self) -> Message:
        play = (M_("misère play (who cannot move wins)") if self.misere else
                M_("normal play (who cannot move loses)"))
        return M_("take {amounts}, {play}", amounts=amounts_words(self.take), play=play)

    def rules(self) -> Message:
        return M_("Bones with {rules}.", rules=self.rules_short())

    def _method_sentences(self, heap: int, period: Period | None, work: int) -> list[Message]:
        if period is None:
            return [M_("The player to move at a heap wins exactly when some allowed take leaves "
                       "the opponent a lost heap; heaps 0..{heap} were solved bottom-up that way, "
                       "without recursion.", heap=Grouped(heap))]
        s = self.take[-1]
        a, b, p = period.preperiod, period.preperiod + period.period, period.period
        if heap < a:
            where = M_("Heap {heap} lies before the period, and its outcome was computed "
                       "directly.", heap=Grouped(heap))
        elif a == 0:
            where = M_("So heap {heap} has the outcome of heap {heap} mod {p} = {rest}.",
                       heap=Grouped(heap), p=Grouped(p), rest=Grouped(heap % p))
        else:
            where = M_("So heap {heap} has the outcome of heap {a} + ({heap} - {a}) mod "
                       "{p} = {rest}.", heap=Grouped(heap), a=Grouped(a), p=Grouped(p),
                       rest=Grouped(a + (heap - a) % p))
        if heap > self.table_max:
            why = M_("Heap {heap} is above {most}, the largest heap solved bottom-up, so it is "
                     "read off the period of the outcome sequence.", heap=Grouped(heap),
                     most=Grouped(self.table_max))
        else:
            why = M_("Solving heaps bottom-up, the first {work} proved the period of the outcome "
                     "sequence, so heap {heap} is read off it.", work=Grouped(work),
                     heap=Grouped(heap))
        return [
            why,
            nM_("The player to move at a heap wins exactly when some allowed take leaves the "
                "opponent a lost heap, so the outcome of a heap depends only on the outcomes "
                "of the heap before it (the largest take is {s}), and once a window of "
                "{s} consecutive outcome repeats, the whole sequence repeats from there "
                "for ever.",
                "The player to move at a heap wins exactly when some allowed take leaves the "
                "opponent a lost heap, so the outcome of a heap depends only on the outcomes "
                "of the {s} heaps before it (the largest take is {s}), and once a window "
                "of {s} consecutive outcomes repeats, the whole sequence repeats from there "
                "for ever.", s, s=Grouped(s)),
            M_("Solving heaps 0..{checked} showed the window at heaps {later} equal to the one at "
               "heaps {earlier}: period {p} from n = {a} (preperiod {a}), proven, not just "
               "observed.", checked=Grouped(period.checked_upto - 1), later=_span(b, s),
               earlier=_span(a, s), p=Grouped(p), a=Grouped(a)),
            M_("{where} Each move's remaining heap is read off the same way.", where=where),
        ]

    def _verdict(self, heap: int, wins: bool, table: Sequence[int],
                 period: Period | None) -> Message:
        legal = self._legal(heap)
        if not legal:
            left = (M_("no bones left") if self.take[0] == 1 else
                    M_("fewer than {least} bones left", least=self.take[0]))
            return (M_("Heap {heap}: no take fits ({left}), so the game is over and the "
                       "player to move wins (misère play).", heap=Grouped(heap), left=left)
                    if self.misere else
                    M_("Heap {heap}: no take fits ({left}), so the game is over and the "
                       "player to move loses.", heap=Grouped(heap), left=left))
        if wins:
            good = self.winning_moves(heap, table, period)
            what = listed([M_("taking {amount} leaves {rest}", amount=Grouped(a),
                              rest=Grouped(heap - a))
                           for a in good])
            return M_("Heap {heap} is won for the player to move: {what}, a lost heap.",
                      heap=Grouped(heap), what=what)
        rests = listed([Grouped(heap - a) for a in legal])
        return M_("Heap {heap} is lost for the player to move: every take leaves the opponent a "
                  "won heap ({rests}).", heap=Grouped(heap), rests=rests)

    def _period_proof(self, period: Period) -> Message:
        s = self.take[-1]
        a, b = period.preperiod, period.preperiod + period.period
        return M_("period {p} from n = {a}, proven by solving heaps 0..{checked}: each "
                  "outcome depends only on the {s} before it, and the window at heaps {later} "
                  "equals the one at {earlier}", p=Grouped(period.period), a=Grouped(a),
                  checked=Grouped(period.checked_upto - 1), s=Grouped(s), later=_span(b, s),
                  earlier=_span(a, s))

    # --- helpers ---------------------------------------------------------------------------------
    def _legal(self, heap: int) -> list[int]:
        return list(self.take[:bisect.bisect_right(self.take, heap)])

    @staticmethod
    def _outcome(table: Sequence[int], period: Period | None, heap: int) -> int:
        if period is None or heap < len(table):
            return table[heap]
        return value_at(table, period, heap)


def _span(start: int, length: int) -> Joined:
    """`4..6`: the `length` heaps from `start`, each number grouped as the language groups it."""
    return Joined((Grouped(start), Grouped(start + length - 1)), separator="..")


def _megabytes(size: int) -> str:
    return f"{size / MEGABYTE:,.1f} MB" if size >= MEGABYTE // 10 else f"{size / MEGABYTE:.3f} MB"


def _result(mover_wins: bool, plies: int | None) -> Score:
    return Score.win(plies) if mover_wins else Score.loss(plies)


__all__ = ["PERIOD_CHECK_FROM", "PERIOD_PROOF_LIMIT", "TABLE_MAX_N", "BonesSolver",
           "OverBudget", "marking_plan", "outcome_table",
           "subtraction_period", "sweep"]
