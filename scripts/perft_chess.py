"""Perft through the chess game's own protocol: `legal_moves` and `play` of games.chess (positions
copied and pushed, never python-chess's push and pop), on every line of sunfish-perft.epd.

    python scripts/perft_chess.py [--depth 3] [--start-depth 4] [--epd FILE]

For each EPD line: the count of move sequences of `--depth` plies (leaves of the tree; the last
ply counted as the number of legal moves, as perft programs do) against the line's `;D<n>`, and
nodes (positions made by `play`) per CPU second. The initial position is also counted to
`--start-depth` (197,281 at depth 4). The game ends at insufficient material, by the 75-move rule
and by fivefold repetition, where perft counts on: a line whose count that changes is counted again
by the moves of the rules alone (`Position.moves`, still copy and push) and said so; a mismatch is a
count that differs that way too. Figures, not pass/fail; the exit status is 1 on a mismatch.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from games.chess.game import Chess

#: The test data sit beside the checkout (../shared), or beside the folder of worktrees.
EPD = next((folder / "shared" / "data" / "chess" / "sunfish-perft.epd"
            for folder in Path(__file__).resolve().parents[1:4]
            if (folder / "shared" / "data" / "chess").is_dir()),
           Path("../shared/data/chess/sunfish-perft.epd"))
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class Counter:
    """Perft by `game.legal_moves` (the game: none once a draw rule has ended it) or, with
    `rules`, by the position's moves by the rules of movement alone (`Position.moves`)."""

    def __init__(self, game: Chess, rules: bool = False) -> None:
        self.game = game
        self.rules = rules
        self.nodes = 0

    def perft(self, state: Any, depth: int) -> int:
        moves = state.moves if self.rules else self.game.legal_moves(state)
        if depth == 1:
            return len(moves)
        total = 0
        play = self.game.play
        for move in moves:
            self.nodes += 1
            total += self.perft(play(state, move), depth - 1)
        return total


def expected_counts(line: str) -> tuple[str, dict[int, int]]:
    """The FEN of an EPD line of sunfish-perft.epd and its `;D<depth> <count>` fields."""
    fen, *fields = line.split(";")
    counts = {}
    for field in fields:
        name, _, value = field.strip().partition(" ")
        if name.startswith("D") and name[1:].isdigit():
            counts[int(name[1:])] = int(value)
    return fen.strip(), counts


def run(game: Chess, fen: str, depth: int, expected: int | None) -> tuple[int, int, float, bool]:
    """Perft of `fen` to `depth` through the game, printed; a count that differs from `expected`
    is counted again by the rules of movement alone, to tell a draw rule's end from a bug."""
    counter = Counter(game)
    state = game.parse_position(fen)
    began = time.process_time()
    count = counter.perft(state, depth)
    seconds = time.process_time() - began
    mark, ended = "", False
    if expected is not None and count != expected:
        by_rules = Counter(game, rules=True).perft(state, depth)
        mark = (f"  (expected {expected:,}: the same by the moves of the rules alone; the game "
                f"ended earlier by a draw rule)" if by_rules == expected else
                f"  MISMATCH (expected {expected:,}; by the rules alone {by_rules:,})")
        count, ended = by_rules, by_rules == expected
    rate = (counter.nodes + 1) / seconds if seconds > 0 else float("inf")
    print(f"{count:>10,} at depth {depth}  {counter.nodes + 1:>8,} nodes  {seconds:7.3f} s  "
          f"{rate:>9,.0f} nodes/s  {fen}{mark}")
    return count, counter.nodes + 1, seconds, ended


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--start-depth", type=int, default=4)
    parser.add_argument("--epd", type=Path, default=EPD)
    args = parser.parse_args()
    game = Chess()
    mismatches = lines = nodes = ended = 0
    seconds = 0.0
    for line in args.epd.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        fen, counts = expected_counts(line)
        count, made, spent, by_rules = run(game, fen, args.depth, counts.get(args.depth))
        ended += by_rules
        lines += 1
        nodes += made
        seconds += spent
        mismatches += counts.get(args.depth, count) != count
    count, made, spent, _ = run(game, START, args.start_depth,
                             197_281 if args.start_depth == 4 else None)
    mismatches += args.start_depth == 4 and count != 197_281
    print(f"{lines} EPD lines to depth {args.depth}: {mismatches} mismatches ({ended} counted by "
          f"the rules alone, the game ending earlier by a draw rule); {nodes:,} nodes in "
          f"{seconds:.2f} s of CPU, {nodes / seconds:,.0f} nodes/s; the initial position to depth "
          f"{args.start_depth}: {made:,} nodes, {made / spent:,.0f} nodes/s")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
