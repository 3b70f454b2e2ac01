"""The records of a search's steps (reports/trace.py's `Walk.steps` makes them; trace_words.py
says them, views draw them, json_form writes them): a step, a move a cutoff pruned, a player's
name."""

from __future__ import annotations

from dataclasses import dataclass, field

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.result import TraceNode
from minimax_cli.core.score import Number
from minimax_cli.reports.intervals import UNKNOWN, Interval

#: Leaves listed for one pruned subtree, at most.
PRUNED_LEAVES = 12


@dataclass
class Pruned:
    """A move a cutoff left unsearched: its name and, in an explicit tree, the leaves below it
    (`more` counts those not listed)."""

    name: str
    leaves: list[Number] = field(default_factory=list)
    more: int = 0
    leaf: bool = False  # the pruned child is itself a leaf


@dataclass
class Step:
    """One step of a search. `kind`: enter, leaf, eval, table, probe, cut, done; in a quiescence
    search quiet (a depth cut searched on) and stand (its stand-pat, `value` the static value).

    `node` and `parent` are names; `player` MAX, MIN, CHANCE (or a player number from 1);
    `alpha`, `beta` the window the node was entered with (None when the search keeps none);
    `value` a leaf's, evaluation's or table's number; `interval` what is known of `node` after
    the step; `learned` the nodes above whose interval the step changed, nearest first, with the
    new interval and the old one; `order` first, next, last or only among the parent's children;
    `letter` (a), (b)... numbers the leaves and cuts as the course's slides do; `pruned` the moves
    a cutoff skipped, `cut` why, where not by the window (TraceNode.cut); `best` the move chosen
    at the root (done); `quiet` "cut" for a depth cut's quiet search, "capture" for a noisy
    move's node below one, `noisy` the noisy moves of a quiet leaf's position."""

    kind: str
    node: str
    player: str
    parent: str | None = None
    alpha: Number | None = None
    beta: Number | None = None
    value: Number | None = None
    interval: Interval = UNKNOWN
    learned: list[tuple[str, Interval, Interval]] = field(default_factory=list)
    order: str = "only"
    letter: str = ""
    pruned: list[Pruned] = field(default_factory=list)
    best: str | None = None
    cut: str | None = None
    depth: int = 0
    probability: Number | None = None
    quiet: str = ""
    noisy: int | None = None
    #: The recorded node the step is about, and the nodes of `learned` in the same order: for a
    #: view that follows the steps on the drawn tree (`analyze --step`), where two nodes may share
    #: a label; never written out.
    at: TraceNode | None = field(default=None, repr=False, compare=False)
    learned_at: list[TraceNode] = field(default_factory=list, repr=False, compare=False)


def player_word(game: AnyGame, player: int) -> str:
    if player == CHANCE:
        return "CHANCE"
    if game.game_type.players > 2:
        return f"player {player + 1}"
    return "MAX" if player == MAX else "MIN"


__all__ = ["PRUNED_LEAVES", "Pruned", "Step", "player_word"]
