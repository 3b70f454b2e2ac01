"""`minimax size`: the size of a game measured rather than quoted (issue 36, item 6).

From games played (a file of records: chess's PGN) it counts, through the game's own protocol
(`read_game_records`, `legal_moves`, `play`), the legal moves of every position where a move was
played and the plies of every game: their means are the branching factor b and the length d the
course quotes (chess: 35 and 100). From a position it counts perft, the move sequences of 1, 2, …
N plies (the last ply's moves counted, not played, as perft programs do). The game tree's size is
then estimated as b^d, written as a power of ten (d × log10 b): an estimate from the sample, shown
beside the course's own figure, never a count. The measure is the report reports/size.py.

Limits: a records file of at most RECORDS_LIMIT bytes; perft to MAX_PERFT_DEPTH plies (chess from
the initial position: 4,865,609 sequences at depth 5, some 200,000 positions made, several seconds;
each ply more is some 30 times longer).
"""

from __future__ import annotations

from typing import Any

from minimax_cli.core.game import Game, InvalidPositionError
from minimax_cli.core.i18n import _
from minimax_cli.reports.size import GameSize, Sample

#: The largest records file read, in bytes (a few thousand games of chess).
RECORDS_LIMIT = 20_000_000
#: The deepest perft: depth 5 from chess's initial position takes several seconds.
MAX_PERFT_DEPTH = 5


def read_records(path: str) -> str:
    """The text of a records file, within RECORDS_LIMIT; InvalidPositionError (one line) when it
    is larger, unreadable or not UTF-8."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(RECORDS_LIMIT + 1)
    except OSError as error:
        raise InvalidPositionError(_("cannot read {file}: {reason}").format(
            file=repr(path)[:60], reason=error.strerror or error)) from None
    if len(data) > RECORDS_LIMIT:
        raise InvalidPositionError(_("{file} is larger than {limit} bytes: give fewer games").format(
            file=repr(path)[:60], limit=f"{RECORDS_LIMIT:,}"))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidPositionError(_("{file} is not UTF-8 text").format(
            file=repr(path)[:60])) from None


def measure_records(game: Game[Any, Any], text: str) -> Sample:
    """The legal moves and plies of every game in `text`, counted by replaying each through
    the game: positions where a move was played, so a final checkmate's 0 moves is not
    averaged in."""
    games = positions = moves = plies = 0
    for start, line in game.read_game_records(text):
        games += 1
        state = start
        for move in line:
            moves += len(game.legal_moves(state))
            positions += 1
            state = game.play(state, move)
        plies += len(line)
    return Sample(games, positions, moves, plies)


def perft(game: Game[Any, Any], state: Any, depth: int) -> tuple[int, ...]:
    """The number of move sequences of 1, 2, … `depth` plies from `state` (a finished game has
    none), counted in one walk: the moves of a position at ply k are the sequences of k + 1."""
    counts = [0] * depth

    def walk(node: Any, ply: int) -> None:
        moves = game.legal_moves(node)
        counts[ply] += len(moves)
        if ply + 1 < depth:
            for move in moves:
                walk(game.play(node, move), ply + 1)

    if depth > 0:
        walk(state, 0)
    return tuple(counts)


def measure(game: Game[Any, Any], state: Any, *, records: str | None, source: str | None,
            perft_depth: int) -> GameSize:
    """The size of `game`: the sample of `records` (a records file's text; None: none) and
    perft from `state` to `perft_depth` plies (0: none)."""
    sample = None if records is None else measure_records(game, records)
    return GameSize(game.name, sample, source, game.format_position(state),
                    perft(game, state, perft_depth))
