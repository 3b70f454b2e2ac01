"""Connect Four's levels measured: a search to depth d + 2 against one to depth d, seeded.

    python scripts/levels_connect4.py                    # 2 -> 4 and 4 -> 6, 50 openings each
    python scripts/levels_connect4.py --seed 1,2,3,4 --jobs 2    # four seeds, pooled, 2 processes
    python scripts/levels_connect4.py --depths 1,3,5 --openings 20 --seed 3 --evaluation windows
    python scripts/levels_connect4.py --drawn            # openings the book proves drawn only

Each pairing plays every opening twice, the deeper side once as X and once as O, so that an
opening that favours one colour favours both sides alike. An opening is --opening uniformly random
plies from the empty board (seeded); one that already ends the game, or in which a player can
force a win within --decided plies (a depth-limited search proves it), is drawn again: such a game
is decided before either side's depth matters. With --drawn, only openings the opening book proves
drawn are kept: from a won opening the side that starts ahead often wins with either depth, so each
depth wins one game of the pair and the share says more about the colours than the depths.

Both sides are the AI of `minimax play` (a Thinker) with a fixed depth, the game's evaluation and a
budget large enough that every move completes its depth; each keeps its transposition table for
the moves of one game, as in play. Equally good moves are chosen among with the seeded generator,
so a seed gives the same games, moves and node counts on every machine (only the times differ).

Each seed draws its own openings, and each pairing of a seed breaks ties with its own generator
(seeded by the seed and the two depths), so a pairing's games do not depend on which other
pairings run or in which process (--jobs). Prints per seed and pairing: the deeper side's wins,
losses and draws (and by colour), the share of the decisive games it won, and for each side its
moves, mean nodes and mean milliseconds a move; with several seeds, each pairing's totals and the
share's 95 % interval (Wilson's score interval of the binomial). Figures only,
never pass/fail.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from minimax_cli import registry  # noqa: E402
from minimax_cli.answer.policy import Policy, Thinker  # noqa: E402
from minimax_cli.core.game import Game  # noqa: E402
from minimax_cli.core.result import Limits  # noqa: E402
from minimax_cli.core.score import Kind  # noqa: E402
from minimax_cli.core.search import iterate, make_options  # noqa: E402

AnyGame = Game[Any, Any]
#: Seconds a move may take: large enough that every move completes its depth.
BUDGET = 3600.0


def decided(game: AnyGame, state: Any, plies: int) -> bool:
    """True when the player to move can force a win, or cannot avoid a loss, within `plies`."""
    if plies <= 0:
        return False
    results = list(iterate(game, state, Limits(depth=plies), make_options()))
    score = results[-1].score if results else None
    return score is not None and score.relative.kind in (Kind.WIN, Kind.LOSS)


def drawn(game: AnyGame, state: Any, moves: list[Any]) -> bool:
    """Whether `state` is a proven draw by the opening book (SystemExit when the book does not
    hold it: --drawn needs a book covering the openings' depth)."""
    kernel = game.proof_kernel()
    known = None if kernel is None else kernel.known_score(state, kernel.plies(state))
    if known is None:
        raise SystemExit(f"--drawn: the opening book does not hold {''.join(map(str, moves))}; "
                         f"it needs a book covering every position of the openings' depth")
    return known[0] == 0


def random_opening(game: AnyGame, rng: random.Random, plies: int, decided_plies: int,
                   draws_only: bool = False) -> list[Any]:
    """`plies` uniformly random moves from the start, after which the game is neither over nor
    decided within `decided_plies` (see `decided`), and, with `draws_only`, a proven draw."""
    while True:
        state, moves = game.initial_state(), []
        for _ in range(plies):
            move = rng.choice(list(game.legal_moves(state)))
            moves.append(move)
            state = game.play(state, move)
            if game.outcome(state) is not None:
                break
        else:
            if not decided(game, state, decided_plies) and (not draws_only or drawn(game, state, moves)):
                return moves


@dataclass
class Side:
    """One depth's moves, nodes and seconds over a pairing."""

    depth: int
    moves: int = 0
    nodes: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        moves = max(self.moves, 1)
        return (f"depth {self.depth}: {self.moves:,} moves, {self.nodes / moves:,.0f} nodes and "
                f"{1000 * self.seconds / moves:,.1f} ms a move")


@dataclass
class Pairing:
    """The deeper side's results, overall and by colour (index 0: as X, 1: as O)."""

    shallow: Side
    deep: Side
    wins: list[int] = field(default_factory=lambda: [0, 0])
    losses: list[int] = field(default_factory=lambda: [0, 0])
    draws: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def decisive(self) -> int:
        return sum(self.wins) + sum(self.losses)

    @property
    def share(self) -> float:
        """The share of the decisive games that the deeper side won (0 when there were none)."""
        return sum(self.wins) / self.decisive if self.decisive else 0.0

    def report(self) -> list[str]:
        games = self.decisive + sum(self.draws)
        return [
            f"depth {self.deep.depth} against depth {self.shallow.depth}: {games} games; the "
            f"deeper side won {sum(self.wins)}, lost {sum(self.losses)}, drew {sum(self.draws)}: "
            f"{self.share:.0%} of {self.decisive} decisive games",
            f"  the deeper side as X: {self.wins[0]} won, {self.losses[0]} lost, {self.draws[0]} "
            f"drawn; as O: {self.wins[1]} won, {self.losses[1]} lost, {self.draws[1]} drawn",
            f"  {self.shallow.line()}",
            f"  {self.deep.line()}",
        ]


def play_game(game: AnyGame, opening: list[Any], players: dict[int, Thinker],
              sides: dict[int, Side]) -> float:
    """One game from the opening's position; returns its outcome for X (1, 0 or -1)."""
    state = game.initial_state()
    for move in opening:
        state = game.play(state, move)
    while (value := game.outcome(state)) is None:
        seat = game.to_move(state)
        started = time.perf_counter()
        choice = players[seat].choose(state)
        side = sides[seat]
        side.seconds += time.perf_counter() - started
        side.moves += 1
        side.nodes += choice.thought.result.stats.nodes
        state = game.play(state, choice.move)
    return value


def match(game: AnyGame, shallow: int, deep: int, openings: list[list[Any]],
          rng: random.Random, evaluation: str | None = None) -> Pairing:
    """Depth `deep` against depth `shallow` from every opening, once with each colour."""
    pairing = Pairing(Side(shallow), Side(deep))
    policies = {depth: Policy.make(game, budget=BUDGET, depth=depth, evaluator=evaluation)
                for depth in (shallow, deep)}
    for opening in openings:
        for deep_seat in (0, 1):
            sides = {deep_seat: pairing.deep, 1 - deep_seat: pairing.shallow}
            players = {seat: Thinker(game, policies[side.depth], rng)
                       for seat, side in sides.items()}
            value = play_game(game, opening, players, sides)
            result = value if deep_seat == 0 else -value
            tally = pairing.wins if result > 0 else pairing.losses if result < 0 else \
                pairing.draws
            tally[deep_seat] += 1
    return pairing


def parse_depths(text: str) -> list[int]:
    try:
        depths = [int(part) for part in text.split(",")]
    except ValueError:
        depths = []
    if len(depths) < 2 or any(d < 1 for d in depths):
        raise argparse.ArgumentTypeError(f"expected two or more depths from 1 up, such as 2,4,6; "
                                         f"got {text!r}")
    return depths


def parse_seeds(text: str) -> list[int]:
    try:
        seeds = [int(part) for part in text.split(",")]
    except ValueError:
        seeds = []
    if not seeds or len(set(seeds)) != len(seeds):
        raise argparse.ArgumentTypeError(f"expected one seed or several different ones separated "
                                         f"by commas, such as 1 or 1,2,3; got {text!r}")
    return seeds


@dataclass(frozen=True)
class Task:
    """One pairing of one seed: what a worker process needs to play it."""

    seed: int
    shallow: int
    deep: int
    openings: int
    opening: int
    decided: int
    evaluation: str
    draws_only: bool = False


def run_task(task: Task) -> tuple[Task, Pairing, float]:
    """Play one pairing of one seed (in a worker process under --jobs): its openings from the
    seed, its tie-breaks from the seed and the two depths."""
    game = registry.create("connect4", {})
    rng = random.Random(task.seed)
    openings = [random_opening(game, rng, task.opening, task.decided, task.draws_only)
                for _ in range(task.openings)]
    started = time.perf_counter()
    pairing = match(game, task.shallow, task.deep, openings,
                    random.Random(f"{task.seed}:{task.shallow}-{task.deep}"), task.evaluation)
    return task, pairing, time.perf_counter() - started


def pooled(pairings: list[Pairing]) -> list[str]:
    """The totals of one pairing over several seeds and its share's 95 % interval."""
    wins = sum(sum(p.wins) for p in pairings)
    losses = sum(sum(p.losses) for p in pairings)
    draws = sum(sum(p.draws) for p in pairings)
    decisive = wins + losses
    share = wins / decisive if decisive else 0.0
    low, high = wilson(wins, decisive)
    first = pairings[0]
    return [f"depth {first.deep.depth} against depth {first.shallow.depth}, {len(pairings)} seeds: "
            f"{decisive + draws} games; the deeper side won {wins}, lost {losses}, drew {draws}: "
            f"{share:.1%} of {decisive} decisive games (95 % interval {low:.1%} to "
            f"{high:.1%})"]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share of `wins` in `games` (z = 1.96: 95 %); it stays
    within 0 to 1, unlike the plain normal approximation."""
    if not games:
        return 0.0, 1.0
    share, z2 = wins / games, z * z
    centre = (share + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(share * (1 - share) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depths", type=parse_depths, default=[2, 4, 6],
                        help="the depths, each against the next (2,4,6)")
    parser.add_argument("--openings", type=int, default=50,
                        help="openings per pairing and seed; each is played twice (50)")
    parser.add_argument("--opening", type=int, default=4, help="random plies per opening (4)")
    parser.add_argument("--decided", type=int, default=5,
                        help="an opening in which a win is forced within this many plies is drawn "
                             "again (5; 0 keeps every opening)")
    parser.add_argument("--drawn", action="store_true",
                        help="keep only openings the opening book proves drawn, so that neither "
                             "colour starts ahead")
    parser.add_argument("--seed", type=parse_seeds, default=[1],
                        help="the seed, or several separated by commas, each with its own openings "
                             "(1)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes playing pairings side by side (1)")
    parser.add_argument("--evaluation", default=None,
                        help="the evaluation's name (the game's default unless given)")
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error(f"--jobs: expected a whole number from 1 up; got {args.jobs}")

    game = registry.create("connect4", {})
    evaluation = args.evaluation or next(iter(game.evaluators()))
    if evaluation not in game.evaluators():
        parser.error(f"--evaluation: expected one of {', '.join(game.evaluators())}; "
                     f"got {evaluation!r}")
    print(f"connect4, evaluation {evaluation}: {args.openings} openings of {args.opening} random "
          f"plies (none decided within {args.decided} plies"
          f"{'; each a proven draw' if args.drawn else ''}), each played with both colours; "
          f"seed {','.join(map(str, args.seed))}", flush=True)
    pairs = list(zip(args.depths, args.depths[1:], strict=False))
    tasks = [Task(seed, shallow, deep, args.openings, args.opening, args.decided, evaluation,
                  args.drawn)
             for seed in args.seed for shallow, deep in pairs]
    results: dict[tuple[int, int], list[Pairing]] = {pair: [] for pair in pairs}
    if args.jobs == 1:
        done = map(run_task, tasks)
        for task, pairing, seconds in done:
            show(task, pairing, seconds, results)
    else:
        with multiprocessing.Pool(min(args.jobs, len(tasks))) as pool:
            for task, pairing, seconds in pool.imap(run_task, tasks):
                show(task, pairing, seconds, results)
    if len(args.seed) > 1:
        for pair in pairs:
            print("\n".join(pooled(results[pair])), flush=True)


def show(task: Task, pairing: Pairing, seconds: float,
         results: dict[tuple[int, int], list[Pairing]]) -> None:
    print(f"seed {task.seed}: " + "\n".join(pairing.report()))
    print(f"  {seconds:.0f} s", flush=True)
    results[task.shallow, task.deep].append(pairing)


if __name__ == "__main__":
    main()
