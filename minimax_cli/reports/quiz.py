"""An alpha-beta exercise as a report: the tree drawn with numbered leaves, the answers to its
questions (the root's minimax value, the leaves alpha-beta never evaluates) with the searches'
counts and worked steps, and the verdict on a student's answer about the leaves. Plain data:
services/quiz.py builds exercises and checks answers, views/quiz.py draws them;
`json_form.exercise_dict` is an exercise's JSON form (`$defs/exercise` in the report schema)."""

from __future__ import annotations

from dataclasses import dataclass, field

from minimax_cli.core.score import Number
from minimax_cli.reports.trace import Step


@dataclass(frozen=True)
class Leaf:
    """A leaf: its number from the left (from 1), its path of child numbers, its value."""

    number: int
    path: tuple[int, ...]
    value: Number


@dataclass(frozen=True)
class Line:
    """One node of the drawing, in depth-first order: `guides` are the tree lines before it."""

    guides: str
    name: str
    player: str  # MAX or MIN; "" for a leaf
    leaf: Leaf | None = None


@dataclass
class Exercise:
    """One tree with its questions' answers and what shows how they were found."""

    position: str  # the tree as JSON (with /min when MIN moves first)
    spec: str | None  # `random:...` when the tree was drawn from a seed
    lines: list[Line]
    leaves: list[Leaf]
    root_value: Number
    best_moves: list[str]  # every optimal root move, alpha-beta's choice first
    pruned: tuple[int, ...]  # numbers of the leaves alpha-beta never evaluates
    minimax_nodes: int
    minimax_leaves: int
    alphabeta_nodes: int
    alphabeta_leaves: int
    steps: list[Step] = field(default_factory=list)

    def leaf(self, number: int) -> Leaf:
        return self.leaves[number - 1]


@dataclass(frozen=True)
class LeavesVerdict:
    right: bool
    missed: tuple[int, ...]  # pruned, not named
    extra: tuple[int, ...]  # named, but alpha-beta evaluates them
    values_given: bool  # the answer names the pruned leaves' values, not their numbers


__all__ = ["Exercise", "Leaf", "LeavesVerdict", "Line"]
