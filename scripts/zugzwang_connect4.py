"""Connect Four's zugzwang rules against exact values: which rule names the winner more often.

    python scripts/zugzwang_connect4.py                  # 160 games, seed 101
    python scripts/zugzwang_connect4.py --games 40 --seed 7

Plays games between the searches of scripts/levels_connect4.py (depths 2, 4 and 6, the game's
default evaluation, from its random openings), proves every position of --from discs or more
exactly (the proof search, only the sign), and leaves out those where the player to move can
complete four at once (decided by the rules, not by zugzwang). Then, for each rule, over the
positions decided for one side: how many it speaks on (names a side) and the share of those
in which it names the winner. Live threats, rows and columns are as in games/connect4/evaluation.py.

- `one side`: X when it has a live threat on an odd row, else O when it has one on an even row
  (the rule before O's two odd-row columns were counted);
- `columns`: the `threats` evaluation's rule: O when its odd-row threats lie in two columns or
  more, else X for an odd-row threat unless O has both kinds, else O for an even-row threat.

Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import levels_connect4 as levels  # noqa: E402

from games.connect4.game import ConnectFour, State  # noqa: E402
from minimax_cli.answer.policy import Policy, Thinker  # noqa: E402
from minimax_cli.core.search.prover import Prover  # noqa: E402

#: Live threats by kind: (X on odd rows, X on even rows, O on odd rows, O on even rows), as the
#: columns (0 = leftmost) holding each.
Kinds = tuple[set[int], set[int], set[int], set[int]]


def live_threats(game: ConnectFour, state: State) -> Kinds:
    """The columns holding each kind of live threat (not above the other side's threat)."""
    cur, mask = state
    x = cur ^ mask if mask.bit_count() & 1 else cur
    cells = {side: game.shape.threats(discs, mask) for side, discs in (("X", x), ("O", x ^ mask))}
    spots: dict[str, list[tuple[int, int]]] = {}
    for side, bits in cells.items():
        spots[side] = [divmod(index, game.shape.height) for index in range(bits.bit_length())
                       if bits >> index & 1]
    live: dict[str, list[tuple[int, int]]] = {}
    for side, other in (("X", "O"), ("O", "X")):
        live[side] = [(col, row) for col, row in spots[side]
                      if not any(c == col and r < row for c, r in spots[other])]
    # row 0 is row 1 from the bottom, an odd row
    return ({c for c, r in live["X"] if r % 2 == 0}, {c for c, r in live["X"] if r % 2 == 1},
            {c for c, r in live["O"] if r % 2 == 0}, {c for c, r in live["O"] if r % 2 == 1})


def one_side(kinds: Kinds) -> int:
    x_odd, _, _, o_even = kinds
    return 1 if x_odd else -1 if o_even else 0


def columns(kinds: Kinds) -> int:
    x_odd, _, o_odd, o_even = kinds
    if len(o_odd) >= 2:
        return -1
    if x_odd:
        return 0 if o_even and o_odd else 1
    return -1 if o_even else 0


RULES: dict[str, Callable[[Kinds], int]] = {"one side": one_side, "columns": columns}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=160, help="games played (160)")
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--from", dest="least", type=int, default=12,
                        help="the fewest discs of a position proven (12)")
    args = parser.parse_args()
    game = ConnectFour()
    rng = random.Random(args.seed)
    policies = {depth: Policy.make(game, budget=levels.BUDGET, depth=depth) for depth in (2, 4, 6)}
    prover = Prover(game)
    spoke, right = dict.fromkeys(RULES, 0), dict.fromkeys(RULES, 0)
    positions = decided = 0
    for _ in range(args.games):
        state = game.initial_state()
        for move in levels.random_opening(game, rng, 4, 5):
            state = game.play(state, move)
        depths = rng.choice([(4, 6), (6, 4), (2, 4), (4, 2)])
        players = [Thinker(game, policies[depth], rng) for depth in depths]
        while game.outcome(state) is None:
            cur, mask = state
            playable = (mask + game.shape.bottom) & game.shape.board
            if mask.bit_count() >= args.least and not game.shape.threats(cur, mask) & playable:
                positions += 1
                score = prover.prove(state, weak=True).score
                value = score if mask.bit_count() % 2 == 0 else -score  # X's view
                if value:
                    decided += 1
                    kinds = live_threats(game, state)
                    for name, rule in RULES.items():
                        named = rule(kinds)
                        spoke[name] += named != 0
                        right[name] += named == value
            state = game.play(state, players[game.to_move(state)].choose(state).move)
    print(f"{args.games} games (seed {args.seed}): {positions} positions of {args.least} discs "
          f"or more proven, {decided} decided for one side")
    for name in RULES:
        share = right[name] / spoke[name] if spoke[name] else 0.0
        print(f"  rule {name!r}: names a side in {spoke[name]}, the winner in {right[name]} "
              f"({share:.1%})")


if __name__ == "__main__":
    main()
