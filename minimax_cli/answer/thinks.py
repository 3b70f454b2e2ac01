"""A think of the AI as its report (minimax_cli.reports.think): what `play`'s hint, `why` and the
AI's move line show, built here from the answering room's records (`Answer`, `Choice`) so that
the words and views above read only the report."""

from __future__ import annotations

from typing import Any

from minimax_cli.answer.policy import Choice, Policy
from minimax_cli.answer.precedence import Answer
from minimax_cli.core.game import AnyGame
from minimax_cli.reports.answers import returns_alike, tied_moves
from minimax_cli.reports.model import from_search
from minimax_cli.reports.think import PlayLine, Think, Why


def think_report(game: AnyGame, state: Any, thought: Answer) -> Think:
    """The report of one think about `state`: its search's report, its best moves those the AI
    chooses among, and how it was found."""
    result = thought.result
    tied = tied_moves(game, state, result)
    steps = tuple((step.way, step.seconds, step.nodes) for step in thought.steps)
    return Think(from_search(game, state, result, ranked=True), thought.budget, thought.how,
                 steps, thought.method,
                 thought.solved, thought.interrupted, thought.in_proof, thought.proof_seconds,
                 thought.proof, thought.value, thought.value_proof, tuple(tied),
                 tuple(returns_alike(result, list(tied))))


def why_report(game: AnyGame, state: Any, ply: int, choice: Choice, line: PlayLine,
               policy: Policy) -> Why:
    """Why the AI played `choice.move` in `state` at `ply`, with the line it expects after it."""
    return Why(think_report(game, state, choice.thought), ply, choice.move, choice.random,
               policy.level, policy.randomness, line)


__all__ = ["think_report", "why_report"]
