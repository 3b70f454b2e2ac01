"""A recorded search as it stood after one of its steps (`analyze --step`): which nodes had been
reached, what each step so far taught of each (its interval), the α and β each was searched
with, which cutoffs had happened. Read from the steps of `reports.trace` alone, in order, so that
the step player says exactly what `--trace` says, one step at a time.

A node's window is the one it was entered with, as `--tree` draws it, also after its cutoff (the
cut's sentence says which bound of it the node's value crossed; what the node is then known to be
is its interval): a window tightened at the cut beside others drawn as entered said two things of
one tree. Its interval is the one its own step gave (a leaf, a table's answer, a cut) or the last
one a step below it taught (`learned`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from minimax_cli.core.result import TraceNode
from minimax_cli.core.score import Number
from minimax_cli.reports.intervals import UNKNOWN, Interval
from minimax_cli.reports.trace import Step


@dataclass
class Seen:
    """What the steps so far showed of one node."""

    interval: Interval = UNKNOWN
    alpha: Number | None = None
    beta: Number | None = None


@dataclass
class Moment:
    """The search after `steps[index]`: `seen` by node (id of its TraceNode), `cut` the nodes
    whose cutoff has happened, `current` the node of the step, `finished` when the step is the
    last one (the root's value and move)."""

    index: int
    step: Step
    seen: dict[int, Seen] = field(default_factory=dict)
    cut: set[int] = field(default_factory=set)
    current: TraceNode | None = None
    finished: bool = False

    def reached(self, node: TraceNode) -> bool:
        return id(node) in self.seen


def moment(steps: list[Step], index: int) -> Moment:
    """Steps 0 to `index` replayed (`steps` not empty; `index` is kept within them)."""
    index = max(0, min(index, len(steps) - 1))
    now = Moment(index, steps[index])
    for step in steps[: index + 1]:
        node = step.at
        if node is None:
            continue
        seen = now.seen.setdefault(id(node), Seen())
        if step.kind == "enter":
            seen.alpha, seen.beta = step.alpha, step.beta
        elif step.kind == "cut":
            seen.interval = step.interval
            now.cut.add(id(node))
        else:  # a leaf, an evaluation, a table's answer, a probe, the root's value at the end
            seen.interval = step.interval
            if step.kind != "done":
                seen.alpha, seen.beta = step.alpha, step.beta
        for above, (_name, interval, _before) in zip(step.learned_at, step.learned, strict=True):
            now.seen.setdefault(id(above), Seen()).interval = interval
    now.current = now.step.at
    now.finished = now.step.kind == "done"
    return now


def drawn_nodes(steps: list[Step]) -> set[int]:
    """The nodes some step is about (ids): those the player draws, whatever the step shown."""
    return {id(step.at) for step in steps if step.at is not None}


__all__ = ["Moment", "Seen", "drawn_nodes", "moment"]
