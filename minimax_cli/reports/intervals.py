"""What a recorded search proves of a node: an interval of its value, from the point of view of
the player whose numbers they are (MAX, or paranoid's root player among more players), and the
small rules that read one from a node's value, its bound or its window (see reports.trace)."""

from __future__ import annotations

from dataclasses import dataclass

from minimax_cli.core.game import MAX
from minimax_cli.core.result import TraceNode
from minimax_cli.core.score import Number

INF = float("inf")


@dataclass(frozen=True)
class Interval:
    low: Number
    high: Number

    @property
    def exact(self) -> bool:
        return self.low == self.high

    @property
    def known(self) -> bool:
        return self.low != -INF or self.high != INF


UNKNOWN = Interval(-INF, INF)


def point(value: Number) -> Interval:
    return Interval(value, value)


def sums_exactly(number: Number) -> bool:
    """A number sums the same in any order: not a finite float."""
    return not isinstance(number, float) or number in (INF, -INF)


def bounded(value: Number, bound: str | None) -> Interval:
    if bound == "lower":
        return Interval(value, INF)
    if bound == "upper":
        return Interval(-INF, value)
    return point(value)


def fail_soft(value: Number, alpha: Number | None, beta: Number | None) -> Interval:
    if alpha is not None and value <= alpha:
        return Interval(-INF, value)
    if beta is not None and value >= beta:
        return Interval(value, INF)
    return point(value)


def running(node: TraceNode, maximizer: int = MAX) -> Number | None:
    """The node's value when it was cut: the best of its searched children's values (and of its
    stand-pat, in a quiescence search)."""
    values = [c.value for c in node.children if c.value is not None]
    if node.stand is not None:
        values.append(node.stand)
    if not values:
        return None
    return max(values) if node.player == maximizer else min(values)


def window_at_cut(node: TraceNode, maximizer: int = MAX) -> tuple[Number | None, Number | None]:
    """Alpha and beta at the moment of the cut: the entry window tightened by the node's value."""
    alpha, beta = node.alpha, node.beta
    value = running(node, maximizer)
    if value is None or alpha is None or beta is None:
        return alpha, beta
    if node.player == maximizer:
        return max(alpha, value), beta
    return alpha, min(beta, value)


__all__ = ["INF", "UNKNOWN", "Interval", "bounded", "fail_soft", "point", "running",
           "sums_exactly", "window_at_cut"]
