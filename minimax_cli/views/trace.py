"""The steps of a search in words (`analyze --trace`), as the course's slides narrate them, in the
interface's language: the sentences are made untranslated in `reports/trace_words.py` (the JSON
events of `reports/json_form.py` write the same words in English) and translated here."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.i18n import _, text_of
from minimax_cli.core.score import Number
from minimax_cli.reports.intervals import Interval
from minimax_cli.reports.trace import Step
from minimax_cli.reports.trace_words import (
    and_list,
    change_words,
    display_words,
    number_words,
    sentence_words,
    simulation_words,
    statement_words,
)
from minimax_cli.views.limits import DEFAULT_STEPS, MAX_STEPS


def number(value: Number | None, engine: bool = False) -> str:
    """A number as the slides write it: -∞, +∞, 3, 1/2; an engine's win as `win`."""
    return text_of(number_words(value, engine))


def statement(name: str, interval: Interval, engine: bool = False) -> str:
    """`B = 3`, `B ≤ 3`, `A ≥ 3`, `3 ≤ A ≤ 14`, or `B unknown`."""
    return text_of(statement_words(name, interval, engine))


def change(name: str, now: Interval, before: Interval, engine: bool) -> str:
    """What a step taught about a node: only the bound that moved (`A ≤ 14` when A was ≥ 3)."""
    return text_of(change_words(name, now, before, engine))


def display_name(name: str, explicit: bool) -> str:
    """A node as a sentence names it: a label as it is, `the root`, `node 2.1` in a tree,
    `position 5 1` (the moves from the root) in a board game."""
    return text_of(display_words(name, explicit))


def sentence(step: Step, engine: bool, explicit: bool = True) -> str:
    """One step in words, in the interface's language (see `sentence_words`)."""
    return text_of(sentence_words(step, engine, explicit))


def trace_view(steps: list[Step], limit: int, engine: bool, algorithm: str,
               explicit: bool = True, total: int | None = None) -> RenderableType:
    """The steps numbered, leaves and cuts lettered as the slides do, indented by depth; a long
    step wraps inside its own column, under its text. `total` counts the steps of the search
    when `steps` holds only the first (Walk.steps with `most`)."""
    total = len(steps) if total is None else total
    heading = Text(_("The search step by step ({algorithm}); α is the value MAX can already "
                     "guarantee, β the value MIN can").format(algorithm=algorithm), style="bold")
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="dim", no_wrap=True)
    table.add_column(overflow="fold")
    for i, step in enumerate(steps[:limit], 1):
        words = Text("  " * min(step.depth, 12))
        if step.letter:
            words.append(f"({step.letter}) ", style="bold cyan")
        words.append(sentence(step, engine, explicit),
                     style="yellow" if step.kind == "cut" else "bold" if step.kind == "done" else "")
        table.add_row(str(i), words)
    parts: list[RenderableType] = [heading, table]
    if total > limit:
        parts.append(Text(_("… {count} more steps: the step limit ({limit}) was reached; "
                            "--max-steps shows more").format(count=total - limit,
                                                             limit=limit), style="dim"))
    return Group(*parts)


def simulation_sentence(game: Any, state: Any, simulation: Any) -> str:
    """One Monte Carlo simulation in words, in the interface's language."""
    return text_of(simulation_words(game, state, simulation))


def simulation_view(game: Any, state: Any, simulations: Any, limit: int) -> RenderableType:
    """Monte Carlo tree search's first simulations, numbered."""
    heading = Text(_("Monte Carlo tree search, simulation by simulation (returns per player, "
                     "MAX's first)"), style="bold")
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="dim", no_wrap=True)
    table.add_column(overflow="fold")
    for simulation in list(simulations)[:limit]:
        table.add_row(str(simulation.number), Text(simulation_sentence(game, state, simulation)))
    parts: list[RenderableType] = [heading, table]
    if len(simulations) >= limit:
        parts.append(Text(_("… only the first {limit} simulations are shown; --max-steps shows "
                            "more").format(limit=limit), style="dim"))
    return Group(*parts)


__all__ = ["DEFAULT_STEPS", "MAX_STEPS", "and_list", "change", "display_name", "number", "sentence",
           "simulation_view", "statement", "trace_view"]
