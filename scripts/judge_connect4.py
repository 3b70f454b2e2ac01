"""Judge the Connect Four AI at the perfect level against an exact solver (issue 21).

    python scripts/judge_connect4.py [--pons PATH] [--time 1] [--seed 1] [--games 1]
        [--openings 2] [--positions 3] [--stones 0-16] [--judge-time 120]

The judge is Pascal Pons' C++ solver where it is built (`--pons PATH`, default
/work/scratch/c4native-pons/c4solver if it exists: it reads move sequences on stdin, one a line,
and prints `moves score nodes`, or with -a `moves` and each column's score; scores are for the
side to move in his convention), else our own exact solver (minimax_cli.core.search.prover, which
also answers from the opening book where one is installed). A question the judge does not answer
within --judge-time seconds is counted as unjudged, never guessed.

It reports:
1. the AI (in-process Thinker, level perfect, --time seconds a move, seeded; one Thinker a game,
   so its proof table is kept from move to move as in a sitting) as first player from the empty
   board, --games games: won, drawn, lost. The opponent plays a move of best exact score (the
   quickest win, the slowest loss) by the judge; with --first-replies, game n's opponent instead
   plays column n at its first turn (every reply once over 7 games), and with --random-before D a
   seeded random move at its turns with fewer than D discs on the board (where the judge needs
   minutes a question: Pons' solver takes 1.5-2 min to score the columns of a 3- or 4-disc
   position). The output says which opponent played;
2. the same from random 4-ply openings (--openings of them), the AI on each side, against the
   same opponent (without --first-replies);
3. random positions of --stones discs (random play, seeded, none already over): on each whose side
   to move is not lost, whether the AI's move keeps the value (won stays won, drawn stays drawn);
   the share per stone count, with counts.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from levels_connect4 import wilson  # the level match's interval, shared

PONS = Path("/work/scratch/c4native-pons/c4solver")
COLS = 7
#: Pons' analysis prints this for a full column.
PONS_FULL = -1000


def sign(score: int) -> int:
    return (score > 0) - (score < 0)


def keeps_value(value: int, after: int) -> bool:
    """Whether a move keeps the game value: `value` the position's value for the side to move
    (win 1, draw 0, loss -1), `after` the value after the move for the same player."""
    return sign(after) == sign(value)


def best_moves(scores: dict[int, int]) -> list[int]:
    """The moves of best exact score (for the player making them): the quickest win, or the
    slowest loss, or a draw."""
    best = max(scores.values())
    return [move for move, score in scores.items() if score == best]


class Unjudged(Exception):
    """The judge did not answer in time."""


class PonsJudge:
    """Pons' solver, one process per question (a stuck one is killed at the time limit)."""

    name = "Pascal Pons' C++ solver"

    def __init__(self, binary: Path, seconds: float) -> None:
        self.binary, self.seconds = binary, seconds
        self.cache: dict[tuple[str, bool], Any] = {}

    def _ask(self, moves: str, analyse: bool) -> list[str]:
        key = (moves, analyse)
        if key not in self.cache:
            flags = ["-a"] if analyse else ["-w"]
            try:
                done = subprocess.run([str(self.binary), *flags], input=moves + "\n",
                                      capture_output=True, text=True, timeout=self.seconds,
                                      check=True)
            except subprocess.TimeoutExpired:
                raise Unjudged(moves) from None
            self.cache[key] = done.stdout.split()
        words: list[str] = self.cache[key]
        return words

    def value(self, moves: str) -> int:
        """Win 1, draw 0, loss -1 for the side to move after `moves` (not over)."""
        words = self._ask(moves, False)
        return sign(int(words[1] if moves else words[0]))

    def scores(self, moves: str) -> dict[int, int]:
        """Each legal column (1..7)'s exact score for the side to move after `moves`."""
        words = self._ask(moves, True)
        numbers = [int(w) for w in (words[1:] if moves else words)]
        return {col + 1: s for col, s in enumerate(numbers) if s != PONS_FULL}


class OwnJudge:
    """Our own exact proof search (with the opening book where one is installed)."""

    name = "our own exact solver"

    def __init__(self, game: Any, seconds: float) -> None:
        from minimax_cli.core.search.prover import Prover

        self.game, self.seconds = game, seconds
        self.prover = Prover(game)

    def _state(self, moves: str) -> Any:
        return self.game.parse_position(moves) if moves else self.game.initial_state()

    def _run(self, work: Callable[[], Any]) -> Any:
        from minimax_cli.core.result import Limits
        from minimax_cli.core.search.common import Stop

        self.prover.restart(Limits(time=self.seconds))
        try:
            return work()
        except Stop:
            raise Unjudged from None

    def value(self, moves: str) -> int:
        state = self._state(moves)
        return sign(int(self._run(lambda: self.prover.prove(state, weak=True).score)))

    def scores(self, moves: str) -> dict[int, int]:
        state = self._state(moves)
        scored = self._run(lambda: self.prover.moves_of(state))
        return {int(m.move): int(m.score) for m in scored}


class BookFirst:
    """The installed opening book where it holds the question (its values are our own proofs),
    else `inner`: Pons' solver needs minutes for positions of a few discs."""

    def __init__(self, game: Any, inner: PonsJudge | OwnJudge) -> None:
        from minimax_cli.core.search.prover import kernel_of

        self.game, self.inner, self.kernel = game, inner, kernel_of(game)
        self.name = f"the opening book where it holds the position, else {inner.name}"

    def _known(self, moves: str) -> tuple[int, bool] | None:
        state = self.game.parse_position(moves) if moves else self.game.initial_state()
        found: tuple[int, bool] | None = self.kernel.known_score(state, len(moves))
        return found

    def value(self, moves: str) -> int:
        found = self._known(moves)
        return sign(found[0]) if found is not None else self.inner.value(moves)

    def scores(self, moves: str) -> dict[int, int]:
        state = self.game.parse_position(moves) if moves else self.game.initial_state()
        scores = {}
        for move in self.game.legal_moves(state):
            child = self.game.play(state, move)
            found = None if self.game.outcome(child) is not None else self._known(moves + str(move))
            if found is None or found[1]:  # not held, or only its sign: ask the judge
                return self.inner.scores(moves)
            scores[int(move)] = -found[0]
        return scores


Judge = PonsJudge | OwnJudge | BookFirst


@dataclass
class Tally:
    judged: int = 0
    kept: int = 0
    lost: int = 0  # positions whose side to move is lost (not judged)
    unjudged: int = 0
    misses: list[str] = field(default_factory=list)


def random_position(rng: random.Random, stones: int, game: Any) -> str:
    """`stones` discs of random play, the game not over."""
    while True:
        state, moves = game.initial_state(), ""
        for _ in range(stones):
            move = rng.choice(list(game.legal_moves(state)))
            state = game.play(state, move)
            moves += str(move)
            if game.outcome(state) is not None:
                break
        else:
            return moves


def thinker_of(game: Any, budget: float, seed: int) -> Any:
    """The AI of one sitting (its tables are kept from move to move)."""
    from minimax_cli.answer.policy import Policy, Thinker

    return Thinker(game, Policy(budget=budget), random.Random(seed))


def ai_move(game: Any, moves: str, budget: float, seed: int, thinker: Any = None) -> int:
    """The AI's move after `moves`: by `thinker` (a sitting's), else by a fresh one."""
    state = game.parse_position(moves) if moves else game.initial_state()
    ai = thinker if thinker is not None else thinker_of(game, budget, seed)
    return int(ai.choose(state).move)


@dataclass(frozen=True)
class Opponent:
    """Who plays against the AI: `first` (a column) at its first turn if given, a seeded random
    move at its turns with fewer than `random_before` discs, else the judge's best move."""

    first: int | None = None
    random_before: int = 0

    def describe(self, judge_name: str) -> str:
        parts = [] if self.first is None else [f"column {self.first} at its first turn"]
        if self.random_before:
            parts.append(f"a seeded random move at its turns with fewer than "
                         f"{self.random_before} discs")
        best = f"a move of best exact score by {judge_name}"
        parts.append(f"else {best}" if parts else best)
        return ", ".join(parts)

    def move(self, game: Any, judge: Judge, moves: str, first_turn: bool,
             rng: random.Random) -> int:
        state = game.parse_position(moves) if moves else game.initial_state()
        legal = list(game.legal_moves(state))
        if first_turn and self.first is not None and self.first in legal:
            return self.first
        if len(moves) < self.random_before:
            return int(rng.choice(legal))
        return best_moves(judge.scores(moves))[0]


def play_game(game: Any, judge: Judge, start: str, ai_first: bool, budget: float,
              seed: int, opponent: Opponent | None = None,
              record: list[str] | None = None) -> str:
    """`won`, `drawn` or `lost` for the AI; raises Unjudged when the opponent's move is not.
    The game's moves so far are put into `record` (when given) as the game goes."""
    moves, against = start, opponent or Opponent()
    state = game.parse_position(moves) if moves else game.initial_state()
    thinker, rng, first_turn = thinker_of(game, budget, seed), random.Random(seed), True
    while game.outcome(state) is None:
        ai_turn = (len(moves) % 2 == 0) == ai_first
        if ai_turn:
            move = ai_move(game, moves, budget, seed + len(moves), thinker)
        else:
            move = against.move(game, judge, moves, first_turn, rng)
            first_turn = False
        state = game.play(state, move)
        moves += str(move)
        if record is not None:
            record[:] = [moves]
    outcome = game.outcome(state)
    if outcome == 0:
        return "drawn"
    ai_moved_last = ((len(moves) - 1) % 2 == 0) == ai_first
    return "won" if ai_moved_last else "lost"


def share_words(kept: int, judged: int) -> str:
    """A share with its 95 % interval: a handful of positions pins little."""
    if not judged:
        return "-"
    low, high = wilson(kept, judged)
    return f"{kept / judged:.0%}, 95 % interval {low:.0%} to {high:.0%}"


def parse_range(text: str) -> range:
    low, _, high = text.partition("-")
    try:
        return range(int(low), int(high or low) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--stones {text!r}: give a count or a range such as 0-16") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pons", type=Path, default=PONS if PONS.is_file() else None,
                        help="Pons' c4solver binary (default: the scratch build if present)")
    parser.add_argument("--own", action="store_true", help="judge with our own solver")
    parser.add_argument("--time", type=float, default=1.0, help="the AI's seconds a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1, help="games from the empty board")
    parser.add_argument("--openings", type=int, default=2, help="4-ply openings, both sides")
    parser.add_argument("--positions", type=int, default=3, help="positions per stone count")
    parser.add_argument("--stones", type=parse_range, default=range(0, 17))
    parser.add_argument("--judge-time", type=float, default=120.0,
                        help="seconds the judge may take per question")
    parser.add_argument("--book-first", action="store_true",
                        help="answer from the installed opening book where it holds the position")
    parser.add_argument("--first-replies", action="store_true",
                        help="empty-board game n: the opponent plays column n at its first turn")
    parser.add_argument("--random-before", type=int, default=0, metavar="D",
                        help="the opponent plays a seeded random move below D discs")
    args = parser.parse_args(argv)
    if not 0 < args.time < float("inf"):
        parser.error(f"--time must be a positive number of seconds, got {args.time}")

    from games.connect4.game import ConnectFour

    game = ConnectFour()
    exact: PonsJudge | OwnJudge = (PonsJudge(args.pons, args.judge_time)
                                   if args.pons and not args.own
                                   else OwnJudge(game, args.judge_time))
    judge: Judge = BookFirst(game, exact) if args.book_first else exact
    rng = random.Random(args.seed)
    print(f"judge: {judge.name}; the AI: level perfect, --time {args.time:g}, "
          f"--seed {args.seed}", flush=True)

    for n in range(args.games):
        started = time.perf_counter()
        opponent = Opponent(n % COLS + 1 if args.first_replies else None, args.random_before)
        if n == 0 or args.first_replies:
            print(f"the opponent: {opponent.describe(judge.name)}", flush=True)
        record: list[str] = []
        try:
            result = play_game(game, judge, "", True, args.time, args.seed + 1000 * n, opponent,
                               record)
        except Unjudged as error:
            result = f"unjudged (the judge ran out of time after {error})"
        print(f"empty board, AI first, game {n + 1}: {result} "
              f"({time.perf_counter() - started:.0f} s): {''.join(record)}", flush=True)

    against = Opponent(None, args.random_before)
    if args.openings:
        print(f"openings: random 4-ply (seeded); the opponent: {against.describe(judge.name)}",
              flush=True)

    for n in range(args.openings):
        opening = random_position(rng, 4, game)
        for ai_first in (True, False):
            side = "first" if ai_first else "second"
            record = []
            try:
                start = judge.value(opening)  # for the side to move: the first player
                start_for_ai = start if ai_first else -start
                said = {1: "won", 0: "drawn", -1: "lost"}[start_for_ai]
                result = play_game(game, judge, opening, ai_first, args.time, args.seed + n,
                                   against, record)
            except Unjudged as error:
                said, result = "?", f"unjudged (after {error})"
            print(f"opening {opening}, AI {side} (its start: {said}): {result}: "
                  f"{''.join(record)}", flush=True)

    tallies: dict[int, Tally] = {}
    if args.positions and len(args.stones):
        print(f"value keeping: {args.positions} random positions per stone count "
              f"{args.stones.start}-{args.stones.stop - 1} (random play, seeded, none over; "
              f"positions whose side to move is lost are not judged); a fresh AI each",
              flush=True)
    for stones in args.stones if args.positions else []:
        tally = tallies.setdefault(stones, Tally())
        for _ in range(args.positions):
            moves = random_position(rng, stones, game)
            try:
                value = judge.value(moves)
                if value < 0:
                    tally.lost += 1
                    continue
                move = ai_move(game, moves, args.time, rng.randrange(2**32))
                state = game.play(game.parse_position(moves) if moves else game.initial_state(),
                                  move)
                outcome = game.outcome(state)
                after = (1 if outcome else 0) if outcome is not None else \
                    -judge.value(moves + str(move))
            except Unjudged:
                tally.unjudged += 1
                continue
            tally.judged += 1
            if keeps_value(value, after):
                tally.kept += 1
            else:
                tally.misses.append(f"{moves or '(empty)'}: {move}")
        print(f"{stones:2d} stones: kept the value in {tally.kept}/{tally.judged} "
              f"({share_words(tally.kept, tally.judged)}); "
              f"lost positions {tally.lost}, unjudged {tally.unjudged}"
              + (f"; missed: {', '.join(tally.misses)}" if tally.misses else ""), flush=True)
    judged = sum(t.judged for t in tallies.values())
    kept = sum(t.kept for t in tallies.values())
    if judged:
        print(f"all: {kept}/{judged} ({share_words(kept, judged)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
