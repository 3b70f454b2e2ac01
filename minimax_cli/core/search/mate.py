"""The mate prover: is there a forced mate in N moves, and which is the shortest?

A position is not solvable in chess, but a mate is. `prove_mate(board, max_moves, limits)` asks,
for N = 1, 2, ... up to `max_moves`, first whether the side to move (the attacker) mates in N
moves whatever the other side does, then whether the side to move is itself mated in N (every move
it has loses to a mate in at most N), and stops at the first N proven: so N is the shortest. Each
question is a search of win / not-win, AND over the defender's moves and OR over the attacker's,
that prunes nothing unsound: no null move, no stand-pat, no depth reductions, no evaluation. A
defender's move that escapes ends the defender's node (it refutes), an attacker's move that mates
ends the attacker's; only the order in which moves are tried is heuristic, and it changes the
work, never the answer:
- the attacker's checks first, then its captures (most valuable victim first), then the rest; at
  its last move only checks can mate, so only they are generated (MateBoard.checking_moves);
- the defender's move that refuted at the same ply before is tried first (a killer), then its
  captures; every move of the defender is searched before a mate is claimed.

Draws end the attacker's hopes: stalemate, and what MateBoard.drawn_by_rule says (insufficient
material, the 50-move claim, a position already met before the search began). Mate on the move
that completes the 50 moves stands, as the Laws say.

Repetitions inside the searched line are not draws here, and that is sound: a mate found so is
carried out by playing, at each turn, a move that mates soonest; the number of moves to mate then
falls with every move of the attacker whatever the defender does, so no position of that line
can come twice, and the defender never has a repetition to claim. Conversely a mate that exists
in the game exists without repetitions. What remains (positions before the search began, the
50-move clock) depends on the position alone (the clock is kept in the key when it could matter
within the remaining plies), so the table of what was proven holds whatever line reaches a
position: per position, the most moves in which a mate was proven impossible and the fewest in
which one was found, with its move. Keys are the board's 64-bit hashes, as in the engine's table.

The line shown is the attacker's mating moves against the defender's best defence: at each of
its turns the reply after which the mate takes longest (found by the same search, from the table).

The budget (`limits.nodes`, `limits.time`) is checked every few hundred nodes; when it runs out
the answer says so and claims only what was proven before: that no mate exists within so many
moves.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from minimax_cli.core.board import MateBoard
from minimax_cli.core.result import Limits
from minimax_cli.core.search.common import Budget, Stop

#: The method of a solve by the mate prover, as reports name it.
NAME = "mate"
#: `Mate.found`: the side to move mates; is mated; neither within the moves searched; the game is
#: already over at the root; the budget ran out first.
MATES, MATED, NO_MATE, OVER, STOPPED = "mates", "mated", "no-mate", "over", "stopped"
#: The moves a mate is looked for within when none is said.
DEFAULT_MAX_MOVES = 4
#: The most moves a search may be asked for (the work grows about 35-fold a move).
MOST_MOVES = 10


@dataclass(frozen=True)
class Mate:
    """What the prover proved about one position.

    `found` is MATES (the side to move mates in `moves` moves), MATED (the side to move is mated
    in `moves` moves, however it plays), NO_MATE (neither, within `max_moves`), OVER (the game is
    already over: `moves` 0) or STOPPED (the budget ran out). `none_within` is the number of moves
    within which neither side was proven to mate (for NO_MATE: `max_moves`; for STOPPED: what was
    proven before the stop, maybe 0). `line` is the mate's line, the first move the side to move's
    (the attacker's best, against the longest defence), cut short when the budget ran out while
    it was being found. `stopped` names the limit that ran out (core.search.common's STOP_*).
    """

    found: str
    moves: int
    none_within: int
    max_moves: int
    line: tuple[Hashable, ...]
    nodes: int
    seconds: float
    stopped: str | None = None


class _Prover:
    """One search's table, counters and killers (see the module docstring)."""

    def __init__(self, board: MateBoard, limits: Limits, max_moves: int) -> None:
        self.board = board
        self.budget = Budget(limits)
        self.nodes = 0
        self.horizon = 2 * max_moves
        #: key -> [most moves proven without a mate, fewest moves with one, its move]
        self.table: dict[Hashable, list[Any]] = {}
        self.killers: dict[int, Hashable] = {}

    def _key(self) -> Hashable:
        board = self.board
        clock = board.draw_clock()
        return board.key() if clock > self.horizon else (board.key(), clock)

    def _count(self) -> None:
        """Count a node, or stop when the budget allows no more (a node budget is exact)."""
        if self.nodes + 1 >= self.budget.check_at:
            self.budget.check(self.nodes + 1)
        self.nodes += 1

    def attack(self, moves: int, ply: int) -> Hashable | None:
        """A move that mates within `moves` moves of the side to move (the attacker), or None."""
        board = self.board
        if board.drawn_by_rule():
            return None
        key = self._key()
        entry = self.table.get(key)
        if entry is None:
            entry = self.table[key] = [0, self.horizon, None]
        elif moves <= entry[0]:
            return None
        elif moves >= entry[1]:
            found: Hashable = entry[2]
            return found
        for move in self._attacker_order(moves, ply):
            self._count()
            board.push(move)
            try:
                mates = self.defend(moves - 1, ply + 1)
            finally:
                board.pop()
            if mates:
                self.killers[ply] = move
                entry[1], entry[2] = moves, move
                return move
        entry[0] = moves
        return None

    def defend(self, moves: int, ply: int) -> bool:
        """Whether every move of the side to move (the defender) loses to a mate within `moves`
        more moves of the attacker; True also when it is mated here."""
        board = self.board
        replies = list(board.moves())
        if not replies:
            return board.in_check()
        if moves == 0 or board.drawn_by_rule():
            return False
        killer = self.killers.get(ply)
        gain = board.capture_gain
        replies.sort(key=lambda move: (move == killer, gain(move)), reverse=True)
        for reply in replies:
            self._count()
            board.push(reply)
            try:
                mated = self.attack(moves, ply + 1) is not None
            finally:
                board.pop()
            if not mated:
                self.killers[ply] = reply
                return False
        return True

    def _attacker_order(self, moves: int, ply: int) -> list[Hashable]:
        """Checks first (only checks at the last move), then captures, the killer first among
        its kind."""
        board = self.board
        checks = list(board.checking_moves())
        killer = self.killers.get(ply)
        if killer in checks:
            checks.remove(killer)
            checks.insert(0, killer)
        if moves == 1:
            return checks
        given = set(checks)
        gain = board.capture_gain
        rest = sorted((m for m in board.moves() if m not in given),
                      key=lambda move: (move == killer, gain(move)), reverse=True)
        return checks + rest

    def distance(self, most: int) -> int | None:
        """The fewest moves (up to `most`) in which the attacker to move mates, or None."""
        for moves in range(1, most + 1):
            if self.attack(moves, 0) is not None:
                return moves
        return None

    def line(self, moves: int, first: Hashable, attacker_moves: bool) -> list[Hashable]:
        """The mate's line from the root, whose first move is `first` (the attacker's, or the
        defender's longest defence when the side to move is mated): the attacker mates
        soonest, the defender delays longest. Cut short where the budget runs out."""
        board, line, pushed = self.board, [first], 1
        board.push(first)
        left = moves - (1 if attacker_moves else 0)
        try:
            while True:
                if attacker_moves:  # the defender's turn: the reply that delays the mate most
                    replies = list(board.moves())
                    if not replies or left == 0:
                        break
                    worst: tuple[int, Hashable] | None = None
                    for reply in replies:
                        board.push(reply)
                        took = self.distance(left)
                        board.pop()
                        if took is not None and (worst is None or took > worst[0]):
                            worst = (took, reply)
                    if worst is None:
                        break
                    left, move = worst
                else:  # the attacker's turn: the move that mates soonest
                    move = self.attack(left, 0)
                    if move is None:
                        break
                    left -= 1
                board.push(move)
                pushed += 1
                line.append(move)
                attacker_moves = not attacker_moves
        except Stop:
            pass
        for _ in range(pushed):
            board.pop()
        return line

    def longest_defence(self, moves: int) -> Hashable:
        """The root move of a side proven mated in `moves` after which the mate takes longest."""
        board = self.board
        worst: tuple[int, Hashable] | None = None
        for reply in list(board.moves()):
            board.push(reply)
            took = self.distance(moves)
            board.pop()
            if took is not None and (worst is None or took > worst[0]):
                worst = (took, reply)
        assert worst is not None
        return worst[1]


def prove_mate(board: MateBoard, max_moves: int = DEFAULT_MAX_MOVES,
               limits: Limits | None = None) -> Mate:
    """Prove the shortest mate of the position on `board` (either side's), or that none exists
    within `max_moves` moves, within `limits` (time, nodes): see the module docstring. The board
    is left as it was given."""
    if not 1 <= max_moves <= MOST_MOVES:
        raise ValueError(f"max_moves must be from 1 to {MOST_MOVES}, got {max_moves}")
    prover = _Prover(board, limits or Limits(), max_moves)

    def answer(found: str, moves: int, within: int, line: tuple[Hashable, ...] = (),
               stopped: str | None = None) -> Mate:
        return Mate(found, moves, within, max_moves, line, prover.nodes,
                    prover.budget.elapsed(), stopped)

    if board.outcome() is not None:
        return answer(OVER, 0, 0)
    within = 0
    try:
        for moves in range(1, max_moves + 1):
            move = prover.attack(moves, 0)
            if move is not None:
                return answer(MATES, moves, within, tuple(prover.line(moves, move, True)))
            if prover.defend(moves, 0):
                first = prover.longest_defence(moves)
                return answer(MATED, moves, within, tuple(prover.line(moves, first, False)))
            within = moves
    except Stop as stop:
        return answer(STOPPED, 0, within, stopped=stop.reason)
    return answer(NO_MATE, 0, max_moves)


__all__ = ["DEFAULT_MAX_MOVES", "MATED", "MATES", "MOST_MOVES", "NAME", "NO_MATE", "OVER", "STOPPED",
           "Mate", "prove_mate"]
