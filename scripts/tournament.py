"""The AI (`minimax play`'s perfect level at a fixed time per move) against two opponents:
a depth-limited alpha-beta player and a uniformly random one, the AI taking both colours.

    python scripts/tournament.py                         # Connect Four, 50 games per opponent
    python scripts/tournament.py --time 0.5 --games 60 --depth 4 --seed 3

Both searchers are nearly deterministic, so games from the empty board would repeat a handful of
lines. Each pair of games therefore starts from a random opening of --opening plies (seeded), played
once with the AI first and once with the AI second: every opening is fair to both sides.

Prints, per opponent and per colour of the AI: games, wins, draws and losses (the AI's), the mean
plies per game; how the AI's moves were found (proven by the proof search, or by the deepening
search and its mean depth) and its mean nodes per move; and two checks the issue asks of the AI,
counted over every AI move: a win in one missed (it had a move that wins at once and played
another), and a win in one left to the opponent when some other move would not have left one.
Figures only, never pass/fail; the openings and the random player are reproducible from --seed,
the timed searches as far as a time budget allows.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from minimax_cli import registry  # noqa: E402
from minimax_cli.answer.policy import Policy, Thinker  # noqa: E402
from minimax_cli.core.game import Game  # noqa: E402

AnyGame = Game[Any, Any]


class Player(Protocol):
    name: str

    def move(self, state: Any) -> Any: ...


class Searcher:
    """A Thinker with a fixed policy; keeps its table between the moves of one game."""

    def __init__(self, name: str, game: AnyGame, policy: Policy, rng: random.Random) -> None:
        self.name, self.game, self.policy, self.rng = name, game, policy, rng
        self.thinker = Thinker(game, policy, rng)
        self.depths: list[int] = []
        self.nodes: list[int] = []
        self.proofs = 0

    def new_game(self) -> None:
        self.thinker = Thinker(self.game, self.policy, self.rng)

    def move(self, state: Any) -> Any:
        choice = self.thinker.choose(state)
        result = choice.thought.result
        if result.algorithm == "proof":
            self.proofs += 1
        else:
            self.depths.append(result.depth or 0)
        self.nodes.append(result.stats.nodes)
        return choice.move


class RandomPlayer:
    name = "random"

    def __init__(self, game: AnyGame, rng: random.Random) -> None:
        self.game, self.rng = game, rng

    def new_game(self) -> None:
        pass

    def move(self, state: Any) -> Any:
        return self.rng.choice(list(self.game.legal_moves(state)))


def random_opening(game: AnyGame, rng: random.Random, plies: int) -> list[Any]:
    """`plies` uniformly random moves from the start that neither end the game nor leave a win
    at once to the player to move."""
    while True:
        state, moves = game.initial_state(), []
        for _ in range(plies):
            move = rng.choice(list(game.legal_moves(state)))
            moves.append(move)
            state = game.play(state, move)
        if game.returns(state) is None and not wins_at_once(game, state):
            return moves


def wins_at_once(game: AnyGame, state: Any) -> list[Any]:
    """The moves of the player to move that end the game in its favour."""
    mover = game.to_move(state)
    winning = []
    for move in game.legal_moves(state):
        returns = game.returns(game.play(state, move))
        if returns is not None and returns[mover] > max(r for i, r in enumerate(returns)
                                                        if i != mover):
            winning.append(move)
    return winning


def leaves_win(game: AnyGame, state: Any, move: Any) -> bool:
    after = game.play(state, move)
    return game.returns(after) is None and bool(wins_at_once(game, after))


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    plies: list[int] = field(default_factory=list)

    def add(self, ai_return: float, plies: int) -> None:
        if ai_return > 0:
            self.wins += 1
        elif ai_return < 0:
            self.losses += 1
        else:
            self.draws += 1
        self.plies.append(plies)


@dataclass
class Checks:
    moves: int = 0
    missed_wins: int = 0
    left_wins: int = 0


def play_game(game: AnyGame, players: tuple[Any, Any], ai_seat: int, checks: Checks,
              opening: list[Any]) -> tuple[float, int]:
    """One game from the opening's position; returns the AI's return and the plies played."""
    state = game.initial_state()
    for move in opening:
        state = game.play(state, move)
    for player in players:
        player.new_game()
    plies = 0
    while game.returns(state) is None:
        seat = game.to_move(state)
        move = players[seat].move(state)
        if seat == ai_seat:
            checks.moves += 1
            winning = wins_at_once(game, state)
            if winning and move not in winning:
                checks.missed_wins += 1
            if not winning and leaves_win(game, state, move) and not all(
                    leaves_win(game, state, other) for other in game.legal_moves(state)):
                checks.left_wins += 1
        state = game.play(state, move)
        plies += 1
    returns = game.returns(state)
    assert returns is not None
    return returns[ai_seat], plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="connect4")
    parser.add_argument("--time", type=float, default=0.25, help="the AI's seconds per move")
    parser.add_argument("--games", type=int, default=50, help="games per opponent (even)")
    parser.add_argument("--depth", type=int, default=4, help="the alpha-beta opponent's depth")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opening", type=int, default=2,
                        help="random plies before each pair of games (2)")
    args = parser.parse_args()

    game = registry.create(args.game, {})
    rng = random.Random(args.seed)
    ai = Searcher(f"AI ({args.time:g} s a move)", game, Policy.make(game, budget=args.time), rng)
    # The opponent's budget is generous so that every move completes its depth.
    opponent_policy = Policy.make(game, budget=60.0, depth=args.depth, algorithm="alphabeta")
    opponents = [Searcher(f"alpha-beta, depth {args.depth}", game, opponent_policy, rng),
                 RandomPlayer(game, rng)]
    print(f"{game.name}: {ai.name} against each opponent, {args.games} games, "
          f"the AI first in half of them; seed {args.seed}")
    print(f"{'opponent':26} {'AI plays':9} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} "
          f"{'plies':>6} {'s':>7}")
    checks = Checks()
    openings = [random_opening(game, rng, args.opening) for _ in range(args.games // 2)]
    for opponent in opponents:
        for ai_seat in (0, 1):
            tally = Tally()
            started = time.perf_counter()
            for opening in openings:
                players = (ai, opponent) if ai_seat == 0 else (opponent, ai)
                ai_return, plies = play_game(game, players, ai_seat, checks, opening)
                tally.add(ai_return, plies)
            seat = "first" if ai_seat == 0 else "second"
            print(f"{opponent.name:26} {seat:9} {len(tally.plies):5} {tally.wins:5} "
                  f"{tally.draws:5} {tally.losses:6} {statistics.mean(tally.plies):6.1f} "
                  f"{time.perf_counter() - started:7.1f}", flush=True)
    depths = (f"mean depth {statistics.mean(ai.depths):.1f} (max {max(ai.depths)})"
              if ai.depths else "none")
    print(f"AI moves: {checks.moves}; proven by the proof search: {ai.proofs}; by the deepening "
          f"search: {len(ai.depths)}, {depths}; mean nodes a move {statistics.mean(ai.nodes):,.0f}")
    print(f"win in one missed: {checks.missed_wins}; win in one left to the opponent when another "
          f"move avoided it: {checks.left_wins}")


if __name__ == "__main__":
    main()
