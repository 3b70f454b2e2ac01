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
plays max^n with its tie-break rule (minimax_cli.core.search.maxn): a player to whom every move
is lost takes the smallest amount.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from games.heaps import amounts_text, sticks
from minimax_cli.core.game import (
    Game,
    GameType,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Parameter,
)
from minimax_cli.core.params import quote

#: (heap, player to move: 0, 1 or 2)
Bones3State = tuple[int, int]

PLAYERS = 3
#: The largest heap (parameter n, positions, `winners`): a search to the end recurses once per
#: move, and max^n's memo holds three entries per heap size.
HEAP_MAX = 10_000
#: The most amounts a take set may list, and the largest amount.
TAKE_COUNT_MAX = 10
TAKE_MAX = 100

HEAP_FORM = f"a whole number from 0 to {HEAP_MAX:,}, e.g. 10"
TAKE_FORM = (f"comma-separated whole numbers from 1 to {TAKE_MAX}, e.g. 1,2,3 (at most "
             f"{TAKE_COUNT_MAX} amounts)")
POSITION_FORM = (f"the heap size ({HEAP_FORM}), optionally followed by /2 or /3 for the player "
                 "to move, e.g. 10/2")

_WHOLE = re.compile(r"[0-9]+")
_POSITION = re.compile(r"([0-9]+)\s*(?:/\s*([0-9]+))?")


def parse_heap(text: str) -> int:
    """A heap size for the parameter n: 0 to HEAP_MAX."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped) or len(stripped.lstrip("0")) > 5 or int(stripped) > HEAP_MAX:
        raise ValueError(f"{quote(text)} is not a heap size: use {HEAP_FORM}")
    return int(stripped)


def parse_take(text: str) -> tuple[int, ...]:
    """Allowed amounts such as "1,3,4": sorted, duplicates dropped."""
    parts = [part.strip() for part in text.split(",", TAKE_COUNT_MAX)]
    if (len(parts) > TAKE_COUNT_MAX
            or not all(_WHOLE.fullmatch(p) and len(p.lstrip("0")) <= 3 for p in parts)):
        raise ValueError(f"{quote(text)} is not a set of amounts: use {TAKE_FORM}")
    amounts = {int(p) for p in parts}
    if min(amounts) < 1 or max(amounts) > TAKE_MAX:
        raise ValueError(f"{quote(text)} is not a set of amounts: use {TAKE_FORM}")
    return tuple(sorted(amounts))


@dataclass(frozen=True)
class Winner:
    """One row of `winners`: the heap `n`, the returns under max^n with player 1 to move, the
    winner (0, 1 or 2 for players 1, 2, 3) and the tie-break rule's choices on the way (notes)."""

    n: int
    vector: tuple[int, ...]
    winner: int
    notes: tuple[str, ...]


class Bones3(Game[Bones3State, int]):
    """Bones for three players: take an allowed amount in turn; who takes the last bone wins."""

    name: ClassVar[str] = "bones3"
    description: ClassVar[str] = (
        "Three-player bones: players 1, 2, 3 take 1, 2 or 3 bones in turn; who takes the last "
        "bone wins."
    )
    position_help: ClassVar[str] = (
        "The heap size, e.g. 10: 10 bones with player 1 to move. Add /2 or /3 for player 2 or 3 "
        f"to move (10/2). Heaps up to {HEAP_MAX:,}."
    )
    move_help: ClassVar[str] = "The number of bones to take, e.g. 3; it must be an allowed amount."
    game_type: ClassVar[GameType] = GameType(players=PLAYERS, zero_sum=False, win_loss=False,
                                             low=0, high=1)
    parameters: ClassVar[tuple[Parameter, ...]] = (
        Parameter("n", parse_heap, 10, f"bones in the starting heap (0 to {HEAP_MAX:,})", "N",
                  sets_start=True),
        Parameter("take", parse_take, (1, 2, 3), "amounts a player may take", "A,B,..."),
    )

    def __init__(self, n: int = 10, take: Iterable[int] = (1, 2, 3)) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= HEAP_MAX:
            raise ValueError(f"n must be {HEAP_FORM}, got {n!r:.40}")
        amounts = tuple(sorted(set(take)))
        if (not 0 < len(amounts) <= TAKE_COUNT_MAX
                or not all(isinstance(a, int) and 1 <= a <= TAKE_MAX for a in amounts)):
            raise ValueError(f"take must be {TAKE_FORM}, got {amounts!r:.60}")
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
            raise InvalidPositionError(f"{quote(text)} is not a bones3 position: use {POSITION_FORM}")
        player = match[2]
        if player is not None and player not in ("1", "2", "3"):
            raise InvalidPositionError(
                f"{quote(text)} is not a bones3 position: the player to move is 1, 2 or 3; use "
                f"{POSITION_FORM}")
        return (int(match[1]), int(player or "1") - 1)

    def format_position(self, state: Bones3State) -> str:
        heap, mover = state
        return str(heap) if mover == 0 else f"{heap}/{mover + 1}"

    def parse_move(self, state: Bones3State, text: str) -> int:
        stripped = text.strip()
        if not _WHOLE.fullmatch(stripped) or not stripped.strip("0"):
            raise InvalidMoveError(f"{quote(text)} is not a move: write how many bones to take, "
                                   "a positive whole number, e.g. 3")
        if len(stripped.lstrip("0")) > 3:
            raise IllegalMoveError(f"{quote(text)} is not an allowed amount; allowed: "
                                   f"{amounts_text(self.take)}")
        move = int(stripped)
        self._check_move(state[0], move)
        return move

    def format_move(self, state: Bones3State, move: int) -> str:
        return str(move)

    def _check_move(self, heap: int, move: int) -> None:
        if move not in self.take:
            raise IllegalMoveError(f"{move} is not an allowed amount; allowed: "
                                   f"{amounts_text(self.take)}")
        if move > heap:
            left = "no bones left" if heap == 0 else f"only {heap} bone{'s' * (heap != 1)} left"
            raise IllegalMoveError(f"cannot take {move}: {left}")

    # --- optional hooks ------------------------------------------------------------------------
    def sketch(self, state: Bones3State) -> Sequence[str]:
        """The heap as a row of sticks and whose turn it is."""
        heap, mover = state
        bones = "no bones left" if heap == 0 else f"{sticks(heap)}  {heap} bone{'s' * (heap != 1)}"
        return (bones, f"player {mover + 1} to move")

    def winners(self, upto: int) -> list[Winner]:
        """Who wins each heap 0..upto (at most HEAP_MAX) with player 1 to move under max^n and its
        tie-break rule: one max^n search per heap, sharing one memo (so each heap costs a few
        nodes once the smaller ones are known)."""
        from minimax_cli.core.search.maxn import Memo, maxn_search  # the core loads when asked

        if not 0 <= upto <= HEAP_MAX:
            raise ValueError(f"upto must be {HEAP_FORM}, got {upto}")
        memo = Memo()
        rows = []
        for n in range(upto + 1):
            result = maxn_search(self, (n, 0), memo=memo)
            assert result.vector is not None  # a search without limits has a value
            vector = tuple(int(c) for c in result.vector)
            rows.append(Winner(n, vector, vector.index(1), result.notes))
        return rows
