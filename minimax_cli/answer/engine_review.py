"""The engine review: for a game no think searches to its end (chess), the human's moves judged
by the same engine as the AI, as ESTIMATES at the depth it reached, never as proofs.

The proven review (review.py) can say little of such a game: beyond a mate found within a few
plies nothing is proven. So each move a human played (`Estimator.players`) is also asked of the
answer room's precedence (a MOVE, the engine's own iterative deepening, `Ask.nodes` the budget):

- the position before the move, within `nodes` nodes: the deepest depth d it completed, its
  best move and score;
- when the move played is not that best move, the position after it, searched d - 1 plies deep
  (d when the move gives check: the search before would have extended it), so that the move
  played is valued at the same depth as the best. The other honest way, `multipv` over every
  root move, gives each root move an exact score in the one search, but it searches every move
  with the full window: measured at 20,000 nodes on three openings, it reached 1 to 2 plies less
  than the plain search, while the search after the move took 4 to 33 % of the one before.

The loss, the best score minus the move's for its player in the engine's units (centipawns), grades
the move: at least MISTAKE_CP a mistake, at least BLUNDER_CP a blunder. No position is started
after the review's `seconds`, and each search gets at most POSITION_SECONDS of what is left; a
move whose searches did not complete two plies (or the search after it, its depth) is counted
as not checked, never guessed. Ctrl-C stops the review as it stops the proven one.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from minimax_cli.answer.precedence import MOVE, Answerer, Ask
from minimax_cli.core.game import AnyGame
from minimax_cli.core.score import Score, encode
from minimax_cli.core.search import PVS, default_algorithm
from minimax_cli.reports.review import BLUNDER, MISTAKE, EngineReview, Estimate

#: Node budget of one search (the position before a move, or after it).
POSITION_NODES = 20_000
#: The most seconds one search may take (on a slow or loaded machine the nodes take longer).
POSITION_SECONDS = 1.0
#: No position is started after this many seconds of the engine review.
ENGINE_SECONDS = 12.0
#: The least loss, in the engine's units for the mover (centipawns), of a mistake, of a blunder.
MISTAKE_CP, BLUNDER_CP = 100, 300
#: The least depth the search before a move must complete for the move to be judged: at one ply
#: the position after the move would be valued without a search.
LEAST_DEPTH = 2


@dataclass(frozen=True)
class Estimator:
    """Whose moves the engine judges (`players`, None: every player's), with which of the AI's
    settings (its `evaluator` and principal-variation search's `switches`), within `nodes` a
    search and `seconds` in all (None: POSITION_NODES and ENGINE_SECONDS, read when the review
    runs)."""

    players: Collection[int] | None = None
    evaluator: str | None = None
    switches: Mapping[str, Any] = field(default_factory=dict)
    nodes: int | None = None
    seconds: float | None = None

    def budget(self) -> tuple[int, float]:
        """The nodes of one search and the review's seconds."""
        return (POSITION_NODES if self.nodes is None else self.nodes,
                ENGINE_SECONDS if self.seconds is None else self.seconds)

    @classmethod
    def of_ai(cls, players: Collection[int], evaluator: str | None, algorithm: str,
              switches: Mapping[str, Any]) -> Estimator:
        """The request for `players`' moves, judged as the AI would judge them: its evaluation,
        and its engine switches when its algorithm is the engine's (else the engine's own)."""
        return cls(players=players, evaluator=evaluator,
                   switches=switches if algorithm == PVS else {})


@dataclass(frozen=True)
class Judged:
    """One move estimated: the depth reached, and the estimate when it is a mistake or worse."""

    depth: int
    estimate: Estimate | None


def engine_judges(game: AnyGame) -> bool:
    """Whether `game` gets the engine review: no think reaches its end, and its engine deepens
    itself (principal-variation search)."""
    return not game.searched_to_the_end and default_algorithm(game) == PVS


def estimate_moves(game: AnyGame, positions: Sequence[tuple[int, Any, Any]],
                   estimator: Estimator, proven: Collection[int] = ()) -> EngineReview:
    """Estimate the moves of `positions` (ply, state, move) that `estimator.players` made, in
    the order played, until its seconds run out; a ply in `proven` (a proven slip) keeps the
    proof and gets no estimate beside it."""
    nodes, seconds = estimator.budget()
    estimator = replace(estimator, nodes=nodes, seconds=seconds)
    deadline = time.perf_counter() + seconds
    players = estimator.players
    judged = [(ply, state, move) for ply, state, move in positions
              if players is None or game.to_move(state) in players]
    answerer = Answerer(game)
    depths: list[int] = []
    estimates: list[Estimate] = []
    for ply, state, move in judged:
        if time.perf_counter() >= deadline:
            break
        found = _judge(game, answerer, ply, state, move, estimator, deadline)
        if found is None:
            continue
        depths.append(found.depth)
        if found.estimate is not None and ply not in proven:
            estimates.append(found.estimate)
    return EngineReview(PVS, len(judged), len(depths), tuple(depths), estimates, nodes, seconds,
                        MISTAKE_CP, BLUNDER_CP)


def _search(answerer: Answerer, state: Any, estimator: Estimator, deadline: float,
            depth: int | None) -> Any:
    """The engine's answer about `state` (its last completed depth), within the estimator's
    nodes and what is left of the seconds (at most POSITION_SECONDS)."""
    seconds = max(min(POSITION_SECONDS, deadline - time.perf_counter()), 0.001)
    found = answerer.answer(state, Ask(MOVE, seconds=seconds, nodes=estimator.nodes,
                                       depth=depth, algorithm=PVS,
                                       evaluator=estimator.evaluator,
                                       engine=estimator.switches))
    if found.interrupted:  # Ctrl-C stops the whole review, as it always has
        raise KeyboardInterrupt
    return found.result


def _judge(game: AnyGame, answerer: Answerer, ply: int, state: Any, move: Any,
           estimator: Estimator, deadline: float) -> Judged | None:
    """The move's estimate, or None when a search did not complete what it needed."""
    before = _search(answerer, state, estimator, deadline, None)
    if before.score is None or before.depth is None or before.depth < LEAST_DEPTH:
        return None
    depth, player = before.depth, game.to_move(state)
    if before.best_move == move:
        return Judged(depth, None)
    after_state = game.play(state, move)
    board = game.search_board(after_state, estimator.evaluator)
    checks = board is not None and game.outcome(after_state) is None and board.in_check()
    after = _search(answerer, after_state, estimator, deadline, depth - 1 + checks)
    if after.score is None or after.stopped is not None:
        return None
    best, played = before.score.seen_by(player), after.score.seen_by(player)
    loss = int(encode(best) - encode(played))
    if loss < MISTAKE_CP:
        return Judged(depth, None)
    grade = BLUNDER if loss >= BLUNDER_CP else MISTAKE
    return Judged(depth, Estimate(ply, player, game.format_move(state, move),
                                  game.format_move(state, before.best_move), grade, depth,
                                  _max_view(best, player), _max_view(played, player), loss))


def _max_view(score: Score, player: int) -> Score:
    return score if player == 0 else score.flip()


__all__ = ["BLUNDER_CP", "ENGINE_SECONDS", "MISTAKE_CP", "POSITION_NODES", "POSITION_SECONDS",
           "Estimator", "engine_judges", "estimate_moves"]
