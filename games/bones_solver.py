"""The exact solver of the game of bones (a subtraction game), behind `Bones.exact_solver()`.

No game tree is needed: heaps up to `TABLE_MAX_N` are solved bottom-up (`outcome_table`), and the
outcome sequence of a subtraction game is eventually periodic with a period that can be proved
from a finite prefix (`subtraction_period`), so larger heaps, 10**18 bones included, are read off
it exactly. `series` tabulates heaps 0..n for `minimax solve bones --upto N`.
"""

from __future__ import annotations

from collections.abc import Sequence

from minimax_cli.core.game import SearchError
from minimax_cli.core.periodic import Period, value_at
from minimax_cli.core.result import MoveValue
from minimax_cli.core.score import PovScore, Score
from minimax_cli.core.solver import ExactSolver, Progress, Series, Solution

#: (heap, player to move), as in games.bones
State = tuple[int, int]

#: Heaps up to this size are solved bottom-up; larger ones are read off the proven period.
TABLE_MAX_N = 10**7
#: The proof of the period may solve at most this many heaps (its memory grows with them).
PERIOD_PROOF_LIMIT = 1_000_000
#: How many heaps `outcome_table` fills between two calls of its progress callback.
PROGRESS_EVERY = 1 << 16


# --- the outcome sequence ------------------------------------------------------------------------
def mover_wins_from(outcomes: Sequence[int], heap: int, take: Sequence[int], misere: bool) -> int:
    """o(heap) from the outcomes of the smaller heaps (1 = the player to move wins)."""
    if heap < take[0]:
        return 1 if misere else 0  # no move: the mover loses under normal play, wins under misère
    for amount in take:
        if amount > heap:
            break
        if not outcomes[heap - amount]:
            return 1
    return 0


def outcome_table(take: Sequence[int], misere: bool, upto: int,
                  progress: Progress | None = None) -> bytearray:
    """For every heap 0..upto, 1 when the player to move wins and 0 when that player loses.

    Bottom-up, without recursion: O(upto * len(take)) time, upto + 1 bytes. `progress`, when
    given, is called with (heap reached, upto) every PROGRESS_EVERY heaps and once at the end.
    The table is the same for either player to move (the game is impartial); for a state
    `(heap, mover)` MAX wins when `table[heap] == (mover == MAX)`.
    """
    if upto < 0:
        raise ValueError(f"upto must be 0 or more, got {upto}")
    table = bytearray(upto + 1)
    # The first heaps, where some amounts do not fit (and heaps below min(take) are terminal).
    head = min(upto + 1, take[-1])
    for heap in range(head):
        table[heap] = mover_wins_from(table, heap, take, misere)
    # From heap max(take) on every amount fits, so the inner test needs no bounds check.
    next_report = PROGRESS_EVERY
    for heap in range(head, upto + 1):
        for amount in take:
            if not table[heap - amount]:
                table[heap] = 1
                break
        if progress is not None and heap >= next_report:
            progress(heap, upto)
            next_report += PROGRESS_EVERY
    if progress is not None:
        progress(upto, upto)
    return table


def subtraction_period(take: Sequence[int], misere: bool, limit: int) -> Period:
    """The proven preperiod and period of a subtraction game's outcome sequence.

    `take` is the sorted set S of allowed amounts, s_max its largest; o(n) is 1 when the player to
    move at heap n wins. Why the answer is a proof and not a guess:

    1. For n >= s_max every amount fits, so o(n) = 1 exactly when o(n - s) = 0 for some s in S
       (misère play changes only the terminal heaps, which are all below min(S) <= s_max). So o(n)
       is a fixed function of the window W(n - s_max) = (o(n - s_max), ..., o(n - 1)) of the s_max
       outcomes before it, and so is the next window: W(a + 1) = F(W(a)) for every a >= 0.
    2. Hence if W(a) = W(b) for some a < b, then W(a + k) = W(b + k) for every k >= 0, so
       o(m) = o(m + b - a) for every m >= a: the sequence is periodic from a with period b - a.
    3. There are at most 2**s_max windows, so by pigeonhole some window repeats by a = 2**s_max.
    4. Taking the first b whose window was seen before (at a) gives the smallest preperiod and the
       smallest period: the windows form the orbit of F, which has tail a and cycle b - a, and
       o repeats with period p from q exactly when the windows do (each window is s_max terms of o,
       and o(m) is the first term of W(m)).

    The outcomes are computed up to heap b + s_max - 1, which is `checked_upto` (b + s_max) in the
    answer. Raises SearchError when no window repeats by heap `limit` (possible only for a large
    s_max, since the bound is 2**s_max).
    """
    s_max = take[-1]
    full = (1 << s_max) - 1
    outcomes = bytearray()
    window = 0  # bit i (from the top) is o(a + i): the newest outcome is the lowest bit
    for heap in range(s_max):
        bit = mover_wins_from(outcomes, heap, take, misere)
        outcomes.append(bit)
        window = (window << 1) | bit
    first_seen = {window: 0}
    start = 0
    while True:
        heap = start + s_max
        if heap > limit:
            raise SearchError(
                f"no period proven up to heap {limit:,}: the take set {list(take)} may have a very "
                "long period; give a heap of at most 10,000,000 to solve it bottom-up"
            )
        bit = mover_wins_from(outcomes, heap, take, misere)
        outcomes.append(bit)
        window = ((window << 1) | bit) & full
        start += 1
        earlier = first_seen.get(window)
        if earlier is not None:
            return Period(preperiod=earlier, period=start - earlier, checked_upto=len(outcomes),
                          proven=True)
        first_seen[window] = start


# --- the solver ----------------------------------------------------------------------------------
class BonesSolver(ExactSolver[State, int]):
    """Bones positions solved exactly: bottom-up up to `table_max`, from the proven period above.

    Every value is proven; the distance to the end is given only where it is plain (a move that
    ends the game at once), since the table keeps outcomes, not game lengths.
    """

    has_series = True

    def __init__(self, take: Sequence[int], misere: bool, *, table_max: int = TABLE_MAX_N,
                 proof_limit: int = PERIOD_PROOF_LIMIT) -> None:
        self.take = tuple(sorted(set(take)))
        self.misere = misere
        self.table_max = table_max
        self.proof_limit = proof_limit
        self._periods: dict[int, Period] = {}  # the proof, by limit: --upto may ask twice

    def outcome_table(self, upto: int, progress: Progress | None = None) -> bytearray:
        """See `outcome_table`: 1 at heap n when the player to move wins there."""
        return outcome_table(self.take, self.misere, upto, progress)

    def proven_period(self, limit: int | None = None) -> Period:
        """The proven preperiod and period of the outcome sequence (see `subtraction_period`);
        `checked_upto` is how many heaps were solved to prove it. Raises SearchError when none is
        proven by heap `limit` (default `proof_limit`)."""
        limit = self.proof_limit if limit is None else limit
        if limit not in self._periods:
            self._periods[limit] = subtraction_period(self.take, self.misere, limit)
        return self._periods[limit]

    def winning_moves(self, heap: int, table: Sequence[int], period: Period | None = None
                      ) -> list[int]:
        """The amounts that leave the opponent a lost heap (empty when the mover is losing).

        With the `period`, `heap` may be far beyond the table (10**18), as long as the table
        covers preperiod + period heaps.
        """
        if heap < 0:
            raise ValueError(f"the heap must be 0 or more, got {heap}")
        if period is None and heap >= len(table):
            raise ValueError(f"the table covers heaps 0..{len(table) - 1}, not {heap}")
        return [amount for amount in self._legal(heap)
                if not self._outcome(table, period, heap - amount)]

    def solve(self, state: State, progress: Progress | None = None) -> Solution[int]:
        heap, mover = state
        if heap <= self.table_max:
            table = self.outcome_table(heap, progress)
            period = None
            work = heap + 1
            facts: dict[str, object] = {"positions_solved": work}
        else:
            period = self.proven_period()
            table = self.outcome_table(period.checked_upto - 1)
            work = period.checked_upto
            facts = {"positions_solved": work, "preperiod": period.preperiod,
                     "period": period.period, "checked_upto": period.checked_upto,
                     "proven": period.proven}
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
        explanation = [self.rules(), *self._method_sentences(heap, period),
                       self._verdict(heap, wins, table, period)]
        return Solution(PovScore(_result(wins, plies), mover), tuple(moves),
                        "table" if period is None else "period", tuple(explanation), work, facts)

    def series(self, upto: int, progress: Progress | None = None) -> Series:
        """Heaps 0..upto: the outcome for the player to move, the winning moves, and the proven
        period (None when it cannot be proven within `proof_limit` heaps)."""
        table = self.outcome_table(upto, progress)
        moves = tuple(tuple(str(a) for a in self.winning_moves(n, table)) for n in range(upto + 1))
        try:
            period: Period | None = self.proven_period()
        except SearchError:
            period = None
        proof = "" if period is None else self._period_proof(period)
        return Series(f"bones, {self.rules_short()}", tuple(bool(b) for b in table), moves,
                      frozenset(range(min(self.take[0], upto + 1))), period, proof)

    # --- words -----------------------------------------------------------------------------------
    def rules_short(self) -> str:
        play = "misère play (who cannot move wins)" if self.misere else \
            "normal play (who cannot move loses)"
        return f"take {', '.join(map(str, self.take))}, {play}"

    def rules(self) -> str:
        return f"Bones with {self.rules_short()}."

    def _method_sentences(self, heap: int, period: Period | None) -> list[str]:
        rule = ("The player to move at a heap wins exactly when some allowed take leaves the "
                "opponent a lost heap")
        if period is None:
            return [f"{rule}; heaps 0..{heap:,} were solved bottom-up that way, without recursion."]
        s = self.take[-1]
        a, b, p = period.preperiod, period.preperiod + period.period, period.period
        heaps = "heap" if s == 1 else f"{s} heaps"
        if heap < a:
            where = f"Heap {heap:,} lies before the period, and its outcome was computed directly."
        elif a == 0:
            where = f"So heap {heap:,} has the outcome of heap {heap:,} mod {p} = {heap % p}."
        else:
            where = (f"So heap {heap:,} has the outcome of heap {a} + ({heap:,} - {a}) mod {p} = "
                     f"{a + (heap - a) % p}.")
        return [
            f"Heap {heap:,} is above {self.table_max:,}, the largest heap solved bottom-up, so it "
            "is read off the period of the outcome sequence.",
            f"{rule}, so the outcome of a heap depends only on the outcomes of the {heaps} before "
            f"it (the largest take is {s}), and once a window of {s} consecutive "
            f"outcome{'s' * (s != 1)} repeats, the whole sequence repeats from there for ever.",
            f"Solving heaps 0..{period.checked_upto - 1} showed the window at heaps "
            f"{b}..{b + s - 1} equal to the one at heaps {a}..{a + s - 1}: period {p} from n = {a} "
            f"(preperiod {a}), proven, not just observed.",
            f"{where} Each move's remaining heap is read off the same way.",
        ]

    def _verdict(self, heap: int, wins: bool, table: Sequence[int],
                 period: Period | None) -> str:
        legal = self._legal(heap)
        if not legal:
            left = "no bones left" if self.take[0] == 1 else f"fewer than {self.take[0]} bones left"
            return (f"Heap {heap:,}: no take fits ({left}), so the game is over and the player to "
                    f"move {'wins (misère play)' if self.misere else 'loses'}.")
        if wins:
            good = self.winning_moves(heap, table, period)
            what = ", ".join(f"taking {a} leaves {heap - a:,}" for a in good)
            return f"Heap {heap:,} is won for the player to move: {what}, a lost heap."
        rests = ", ".join(f"{heap - a:,}" for a in legal)
        return (f"Heap {heap:,} is lost for the player to move: every take leaves the opponent a "
                f"won heap ({rests}).")

    def _period_proof(self, period: Period) -> str:
        s = self.take[-1]
        a, b = period.preperiod, period.preperiod + period.period
        return (f"period {period.period} from n = {a}, proven by solving heaps "
                f"0..{period.checked_upto - 1}: each outcome depends only on the {s} before it, "
                f"and the window at heaps {b}..{b + s - 1} equals the one at {a}..{a + s - 1}")

    # --- helpers ---------------------------------------------------------------------------------
    def _legal(self, heap: int) -> list[int]:
        return [amount for amount in self.take if amount <= heap]

    @staticmethod
    def _outcome(table: Sequence[int], period: Period | None, heap: int) -> int:
        if period is None or heap < len(table):
            return table[heap]
        return value_at(table, period, heap)


def _result(mover_wins: bool, plies: int | None) -> Score:
    return Score.win(plies) if mover_wins else Score.loss(plies)


__all__ = ["PERIOD_PROOF_LIMIT", "TABLE_MAX_N", "BonesSolver", "outcome_table",
           "subtraction_period"]
