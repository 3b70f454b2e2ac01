"""Three-player bones: players 1, 2 and 3 take turns taking 1, 2 or 3 bones (or other allowed
amounts) from one heap; whoever takes the last bone wins.

The game is constant-sum, not zero-sum: the winner gets 1 and the two others 0 (returns such as
(1, 0, 0)), so the returns always sum to 1. A state is `(heap, mover)`, the bones left and the
player to move (0, 1 or 2 for players 1, 2 and 3). The game ends when the mover cannot take any
allowed amount; the winner is then the player who moved last, the one before the mover (with the
amounts 1, 2, 3 that player took the last bone). A position where nobody has moved yet follows
the same rule: heap 0 with player 1 to move is a win for player 3.

Position notation: the heap size, optionally followed by `/2` or `/3` for the player to move:
`10` is a heap of 10 with player 1 to move, `10/2` the same heap with player 2 to move (`10/1`
may be written for `10`). Moves are the number of bones taken.

`winners(upto)` tabulates who wins each heap 0..upto with player 1 to move when every player
plays max^n with its tie-break rule (minimax_cli.core.search.maxn): each takes an amount that
makes it the winner if there is one, the smallest such; a player to whom every move is lost
takes the smallest amount. A three-player game has no single value: with another rule for the
lost player's choice (which decides which of the other two wins) the winner may differ, so the
table also counts the ties the rule broke on the line of play. It is worked bottom-up, in the
mover's terms (who wins relative to the player to move depends only on the heap), and
`exact_solver` offers it to `minimax solve --upto` with the period it proves: each winner
depends only on the winners of the max(take) heaps below, so a repeated window repeats for ever.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from games.heaps import amounts_text, amounts_words, bones_left, bones_text, sticks
from minimax_cli.core.game import (
    Game,
    GameType,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Parameter,
    SearchError,
)
from minimax_cli.core.i18n import M_, N_, Joined, Message, Words, _, nM_
from minimax_cli.core.params import grouped, quote
from minimax_cli.core.periodic import window_period
from minimax_cli.core.solver import ExactSolver, Progress, Series, Solution, Standing

#: (heap, player to move: 0, 1 or 2)
Bones3State = tuple[int, int]

PLAYERS = 3
#: The largest heap (parameter n, positions, `winners`): a search to the end recurses once per
#: move, and max^n's memo holds three entries per heap size.
HEAP_MAX = 10_000
#: The most amounts a take set may list, and the largest amount.
TAKE_COUNT_MAX = 10
TAKE_MAX = 100

_HEAP_FORM = N_("a whole number from 0 to {most}, e.g. 10")
_TAKE_FORM = N_("comma-separated whole numbers from 1 to {most}, e.g. 1,2,3 (at most {count} "
                "amounts)")
_POSITION_FORM = N_("the heap size ({heap}), optionally followed by /2 or /3 for the player to "
                    "move, e.g. 10/2")


def heap_form() -> str:
    return _(_HEAP_FORM).format(most=grouped(HEAP_MAX))


def take_form() -> str:
    return _(_TAKE_FORM).format(most=TAKE_MAX, count=TAKE_COUNT_MAX)


def position_form() -> str:
    return _(_POSITION_FORM).format(heap=heap_form())


#: The position's form in English (the messages use the functions above).
HEAP_FORM = _HEAP_FORM.format(most=f"{HEAP_MAX:,}")
POSITION_FORM = _POSITION_FORM.format(heap=HEAP_FORM)

_WHOLE = re.compile(r"[0-9]+")
_POSITION = re.compile(r"([0-9]+)\s*(?:/\s*([0-9]+))?")


def parse_heap(text: str) -> int:
    """A heap size for the parameter n: 0 to HEAP_MAX."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped) or len(stripped.lstrip("0")) > 5 or int(stripped) > HEAP_MAX:
        raise ValueError(_("{text} is not a heap size: use {form}").format(
            text=quote(text), form=heap_form()))
    return int(stripped)


def parse_take(text: str) -> tuple[int, ...]:
    """Allowed amounts such as "1,3,4": sorted, duplicates dropped."""
    parts = [part.strip() for part in text.split(",", TAKE_COUNT_MAX)]
    if (len(parts) > TAKE_COUNT_MAX
            or not all(_WHOLE.fullmatch(p) and len(p.lstrip("0")) <= 3 for p in parts)):
        raise ValueError(_("{text} is not a set of amounts: use {form}").format(
            text=quote(text), form=take_form()))
    amounts = {int(p) for p in parts}
    if min(amounts) < 1 or max(amounts) > TAKE_MAX:
        raise ValueError(_("{text} is not a set of amounts: use {form}").format(
            text=quote(text), form=take_form()))
    return tuple(sorted(amounts))


#: Ties on a line told in words in `Winner.notes` (the count covers them all).
TIE_NOTES = 3
TIE_RULE = N_("the smallest amount among those equally good for the mover")
ASSUMPTION = N_(
    "every player plays max^n: it takes an amount that makes it the winner if there is one (the"
    " smallest such), otherwise the smallest amount. A three-player game has no single value:"
    " the player who cannot win decides which of the other two does, so where ties were broken"
    " on the line of play (column ties) another tie-break rule may give another winner")


@dataclass(frozen=True)
class Winner:
    """One row of `winners`: the heap `n`, the returns under max^n with player 1 to move, the
    winner (0, 1 or 2 for players 1, 2, 3), player 1's move (None: the game is over), how many
    ties the tie-break rule broke on the line of play, and the first TIE_NOTES of them in words."""

    n: int
    vector: tuple[int, ...]
    winner: int
    move: int | None
    ties: int
    notes: tuple[Message, ...]


class Table:
    """Heaps 0..size-1 worked bottom-up in the mover's terms: `wins[h]` is who wins from heap h
    relative to the player to move (0: the mover, 1: the next player, 2: the one after), `move[h]`
    the amount the mover takes (0 at the end), `tie[h]` whether it chose among amounts that make
    different players win, `ties[h]` the ties broken on the line from h, `next_tie[h]` the first
    heap on that line (h included) where one is, -1 if none, and `gap[h]` the plies to it."""

    def __init__(self, take: tuple[int, ...], size: int) -> None:
        self.take = take
        self.wins = bytearray(size)
        self.move = [0] * size
        self.tie = bytearray(size)
        self.ties = [0] * size
        self.next_tie = [-1] * size
        self.gap = [0] * size
        for h in range(size):
            options = self.options(h)
            if not options:
                self.wins[h] = PLAYERS - 1  # the player before the mover moved last
                continue
            # The mover's own return is 1 only where it wins; the first best amount is taken.
            amount, wins = next((o for o in options if o[1] == 0), options[0])
            self.wins[h], self.move[h] = wins, amount
            tied = wins != 0 and len({w for _, w in options}) > 1
            below = h - amount
            self.tie[h] = tied
            self.ties[h] = tied + self.ties[below]
            self.next_tie[h] = h if tied else self.next_tie[below]
            self.gap[h] = 0 if tied else 1 + self.gap[below]

    def options(self, heap: int) -> list[tuple[int, int]]:
        """(amount, who wins relative to the mover) for each amount the mover may take."""
        return [(a, (self.wins[heap - a] + 1) % PLAYERS) for a in self.take if a <= heap]

    def notes(self, n: int) -> tuple[Message, ...]:
        """The first TIE_NOTES ties broken on the line from heap n (player 1 to move), in words."""
        notes: list[Message] = []
        heap, plies = self.next_tie[n], self.gap[n]
        while heap >= 0 and len(notes) < TIE_NOTES:
            notes.append(self.note(heap, plies % PLAYERS))
            after = heap - self.move[heap]
            heap, plies = self.next_tie[after], plies + 1 + self.gap[after]
        return tuple(notes)

    def note(self, heap: int, mover: int) -> Message:
        """A tie at `heap` with player `mover` to move, in words a student can check."""
        chosen = self.move[heap]
        winner = (mover + self.wins[heap]) % PLAYERS
        others: dict[int, list[str]] = {}
        for amount, wins in self.options(heap):
            if (mover + wins) % PLAYERS != winner:
                others.setdefault((mover + wins) % PLAYERS, []).append(str(amount))
        instead = Joined(tuple(
            M_("taking {amounts} would make player {player} the winner",
               amounts=Joined(tuple(amounts), separator=M_(" or ")), player=p + 1)
            for p, amounts in sorted(others.items())), separator="; ")
        return M_("at heap {heap}, player {mover} cannot win whatever it takes; by the tie-break "
                  "rule ({rule}) it takes {chosen}, so player {winner} wins ({instead})",
                  heap=heap, mover=mover + 1, rule=M_(TIE_RULE), chosen=chosen,
                  winner=winner + 1, instead=instead)


def rows(table: Table, upto: int) -> list[Winner]:
    """The rows of `winners` for heaps 0..upto of `table`, player 1 to move."""
    found = []
    for n in range(upto + 1):
        winner = table.wins[n]  # player 1 moves at n: relative and absolute agree
        vector = tuple(int(p == winner) for p in range(PLAYERS))
        found.append(Winner(n, vector, winner, table.move[n] or None, table.ties[n],
                            table.notes(n)))
    return found


class Bones3(Game[Bones3State, int]):
    """Bones for three players: take an allowed amount in turn; who takes the last bone wins."""

    name: ClassVar[str] = "bones3"
    # English, marked for the catalogue; translated where shown (N_: fixed at import).
    description: ClassVar[str] = N_(
        "Three-player bones: players 1, 2, 3 take 1, 2 or 3 bones in turn; who takes the last "
        "bone wins."
    )
    # HEAP_MAX written out (a marked text is a literal); tests check it.
    position_help: ClassVar[str] = N_(
        "The heap size, e.g. 10: 10 bones with player 1 to move. Add /2 or /3 for player 2 or 3 "
        "to move (10/2). Heaps up to 10,000."
    )
    move_help: ClassVar[str] = N_(
        "The number of bones to take, e.g. 3; it must be an allowed amount.")
    game_type: ClassVar[GameType] = GameType(players=PLAYERS, zero_sum=False, win_loss=False,
                                             low=0, high=1)
    parameters: ClassVar[tuple[Parameter, ...]] = (
        Parameter("n", parse_heap, 10, N_("bones in the starting heap (0 to 10,000)"), "N",
                  sets_start=True),
        Parameter("take", parse_take, (1, 2, 3), N_("amounts a player may take"), "A,B,..."),
    )

    def __init__(self, n: int = 10, take: Iterable[int] = (1, 2, 3)) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= HEAP_MAX:
            raise ValueError(_("n must be {form}, got {value}").format(
                form=heap_form(), value=f"{n!r:.40}"))
        amounts = tuple(sorted(set(take)))
        if (not 0 < len(amounts) <= TAKE_COUNT_MAX
                or not all(isinstance(a, int) and 1 <= a <= TAKE_MAX for a in amounts)):
            raise ValueError(_("take must be {form}, got {value}").format(
                form=take_form(), value=f"{amounts!r:.60}"))
        self.n = n
        self.take = amounts

    def __repr__(self) -> str:
        return f"Bones3(n={self.n}, take={self.take})"

    # --- the rules -------------------------------------------------------------------------------
    def initial_state(self) -> Bones3State:
        return (self.n, 0)

    def to_move(self, state: Bones3State) -> int:
        return state[1]

    def legal_moves(self, state: Bones3State) -> Sequence[int]:
        return self.take[: bisect.bisect_right(self.take, state[0])]

    def play(self, state: Bones3State, move: int) -> Bones3State:
        heap, mover = state
        self._check_move(heap, move)
        return (heap - move, (mover + 1) % PLAYERS)

    def returns(self, state: Bones3State) -> tuple[int, ...] | None:
        heap, mover = state
        if heap >= self.take[0]:
            return None
        winner = (mover - 1) % PLAYERS  # the player who moved last
        return tuple(int(p == winner) for p in range(PLAYERS))

    def outcome(self, state: Bones3State) -> float | None:
        values = self.returns(state)
        return None if values is None else values[0]

    # --- notation --------------------------------------------------------------------------------
    def parse_position(self, text: str) -> Bones3State:
        match = _POSITION.fullmatch(text.strip())
        if match is None or len(match[1].lstrip("0")) > 5 or int(match[1]) > HEAP_MAX:
            raise InvalidPositionError(_("{text} is not a bones3 position: use {form}").format(
                text=quote(text), form=position_form()))
        player = match[2]
        if player is not None and player not in ("1", "2", "3"):
            raise InvalidPositionError(
                _("{text} is not a bones3 position: the player to move is 1, 2 or 3; use {form}")
                .format(text=quote(text), form=position_form()))
        return (int(match[1]), int(player or "1") - 1)

    def format_position(self, state: Bones3State) -> str:
        heap, mover = state
        return str(heap) if mover == 0 else f"{heap}/{mover + 1}"

    def parse_move(self, state: Bones3State, text: str) -> int:
        stripped = text.strip()
        if not _WHOLE.fullmatch(stripped) or not stripped.strip("0"):
            raise InvalidMoveError(
                _("{text} is not a move: write how many bones to take, a positive whole number, "
                  "e.g. 3").format(text=quote(text)))
        if len(stripped.lstrip("0")) > 3:
            raise IllegalMoveError(_("{amount} is not an allowed amount; allowed: {allowed}")
                                   .format(amount=quote(text), allowed=amounts_text(self.take)))
        move = int(stripped)
        self._check_move(state[0], move)
        return move

    def format_move(self, state: Bones3State, move: int) -> str:
        return str(move)

    def _check_move(self, heap: int, move: int) -> None:
        if move not in self.take:
            raise IllegalMoveError(_("{amount} is not an allowed amount; allowed: {allowed}")
                                   .format(amount=move, allowed=amounts_text(self.take)))
        if move > heap:
            raise IllegalMoveError(_("cannot take {amount}: {left}").format(
                amount=move, left=bones_left(heap)))

    # --- optional hooks ------------------------------------------------------------------------
    def sketch(self, state: Bones3State) -> Sequence[str]:
        """The heap as a row of sticks and whose turn it is."""
        heap, mover = state
        bones = bones_left(0) if heap == 0 else f"{sticks(heap)}  {bones_text(heap)}"
        return (bones, _("player {number} to move").format(number=mover + 1))

    def winners(self, upto: int) -> list[Winner]:
        """Who wins each heap 0..upto (at most HEAP_MAX) with player 1 to move under max^n and its
        tie-break rule, worked bottom-up (see the module's docstring)."""
        if not 0 <= upto <= HEAP_MAX:
            raise ValueError(_("upto must be {form}, got {value}").format(form=heap_form(),
                                                                          value=upto))
        return rows(Table(self.take, upto + 1), upto)

    def exact_solver(self, memory_mb: float | None = None) -> Bones3Solver:
        # Its table of winners by heap is a few bytes a heap, within --upto's limit.
        return Bones3Solver(self)


class Bones3Solver(ExactSolver[Bones3State, int]):
    """Three-player bones' own solver: the table of who wins by heap (`Bones3.winners`) for
    `minimax solve --upto`, with the period it proves. Single positions are left to max^n's
    search (`solve` answers None), which gives every move's returns."""

    has_series = True

    def __init__(self, game: Bones3) -> None:
        self.game = game

    def solve(self, state: Bones3State, progress: Progress | None = None,
              ) -> Solution[int] | None:
        return None

    def series(self, upto: int, progress: Progress | None = None) -> Series:
        if not 0 <= upto <= HEAP_MAX:
            raise SearchError(_("bones3 tabulates heaps 0 to {most}; --upto {upto} is beyond "
                                "them").format(most=grouped(HEAP_MAX), upto=grouped(upto)))
        take = self.game.take
        # Each winner is a function of the max(take) before it (from heap max(take) on), so a
        # window seen twice proves the period; heaps up to HEAP_MAX take milliseconds.
        table = Table(take, HEAP_MAX + 1)
        period = window_period(table.wins, HEAP_MAX + 1, take[-1])
        proof: Words = "" if period is None else nM_(
            "period {period} from n = {start}, proven by working out heaps 0..{checked}: who wins "
            "relative to the player to move depends only on the {count} heap below, and the "
            "window at heaps {later} equals the one at {earlier}",
            "period {period} from n = {start}, proven by working out heaps 0..{checked}: who wins "
            "relative to the player to move depends only on the {count} heaps below, and the "
            "window at heaps {later} equals the one at {earlier}", take[-1],
            period=period.period, start=period.preperiod, checked=period.checked_upto - 1,
            count=take[-1],
            later=f"{period.preperiod + period.period}.."
                  f"{period.preperiod + period.period + take[-1] - 1}",
            earlier=f"{period.preperiod}..{period.preperiod + take[-1] - 1}")
        found = rows(table, upto)
        return Series(
            M_("bones3, take {amounts}, player 1 to move; who takes the last bone wins",
               amounts=amounts_words(take)),
            tuple(r.winner == 0 for r in found),
            tuple(() if r.move is None else (str(r.move),) for r in found),
            frozenset(r.n for r in found if r.move is None), period, proof,
            standings=tuple(Standing(r.vector, r.winner, r.ties, r.notes) for r in found),
            assumption=M_(ASSUMPTION))
