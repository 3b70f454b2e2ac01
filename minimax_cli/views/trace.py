"""The steps of a search in words (`analyze --trace`), as the course's slides narrate them, and as
JSON events for autograders. Every sentence goes through the translation function."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.score import Number, format_number, is_decisive
from minimax_cli.i18n import _
from minimax_cli.reports.model import pv_text
from minimax_cli.reports.trace import INF, Interval, Pruned, Step
from minimax_cli.views.limits import DEFAULT_STEPS, MAX_STEPS
from minimax_cli.views.tree import shown_number


def number(value: Number | None, engine: bool = False) -> str:
    """A number as the slides write it: -∞, +∞, 3, 1/2; an engine's win as `win`."""
    if engine and value is not None and value not in (INF, -INF) and is_decisive(value):
        return _("a win for MAX") if value > 0 else _("a win for MIN")
    return shown_number(value, False)


def statement(name: str, interval: Interval, engine: bool = False) -> str:
    """`B = 3`, `B ≤ 3`, `A ≥ 3`, `3 ≤ A ≤ 14`, or `B unknown`."""
    low, high = interval.low, interval.high
    if interval.exact:
        return f"{name} = {number(low, engine)}"
    if low == -INF and high == INF:
        return _("{node} unknown").format(node=name)
    if low == -INF:
        return f"{name} ≤ {number(high, engine)}"
    if high == INF:
        return f"{name} ≥ {number(low, engine)}"
    return f"{number(low, engine)} ≤ {name} ≤ {number(high, engine)}"


def change(name: str, now: Interval, before: Interval, engine: bool) -> str:
    """What a step taught about a node: only the bound that moved (`A ≤ 14` when A was ≥ 3)."""
    if now.exact or (now.low != before.low and now.high != before.high):
        return statement(name, now, engine)
    if now.high != before.high:
        return statement(name, Interval(-INF, now.high), engine)
    return statement(name, Interval(now.low, INF), engine)


def _player(step: Step) -> str:
    return {"MAX": "MAX", "MIN": "MIN", "CHANCE": _("chance")}.get(
        step.player, step.player.replace("player", _("player")))


def _window(step: Step, engine: bool) -> str:
    if step.alpha is None or step.beta is None:
        return ""
    return _(" with α = {alpha}, β = {beta}").format(alpha=number(step.alpha, engine),
                                                      beta=number(step.beta, engine))


def _leaf_words(step: Step, engine: bool) -> str:
    value = number(step.value, engine)
    parent = step.parent or ""
    if step.kind == "eval":
        return _("{node}: depth cut, the evaluation gives {value}").format(node=step.node,
                                                                         value=value)
    if step.kind == "table":
        return _("{statement}, from the table").format(
            statement=statement(step.node, step.interval, engine))
    if step.kind == "probe":
        return _("{node}: probed by its first move only, {bound}").format(
            node=step.node, bound=statement(step.node, step.interval, engine))
    if step.parent is None:
        return _("the position is over: {value}").format(value=value)
    templates = {
        "first": _("{parent}'s first leaf is {value}"),
        "next": _("{parent}'s next leaf is {value}"),
        "last": _("{parent}'s last leaf is {value}"),
        "only": _("{parent}'s only leaf is {value}"),
    }
    return templates[step.order].format(parent=parent, value=value)


def _pruned_words(pruned: list[Pruned]) -> str:
    """`the leaves 4 and 6`, `the subtree 2 (leaves 0, -1)`, `the moves 3, 4`."""
    if all(p.leaf for p in pruned) and pruned and all(p.leaves for p in pruned):
        values = [format_number(p.leaves[0]) for p in pruned]
        joined = and_list(values)
        return (_("the leaf {values}") if len(values) == 1 else
                _("the leaves {values}")).format(values=joined)
    parts = []
    for p in pruned:
        if p.leaves and not p.leaf:
            leaves = and_list([format_number(v) for v in p.leaves] +
                              ([_("{count} more").format(count=p.more)] if p.more else []))
            parts.append(_("the subtree {node} (leaves {leaves})").format(node=p.name,
                                                                         leaves=leaves))
        elif p.leaf and p.leaves:
            parts.append(_("the leaf {node} ({value})").format(node=p.name,
                                                              value=format_number(p.leaves[0])))
        else:
            parts.append(p.name)
    return and_list(parts)


def and_list(words: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


_PATH = re.compile(r"[0-9]+(?:\.[0-9]+)*")


def display_name(name: str, explicit: bool) -> str:
    """A node as a sentence names it: a label as it is, `the root`, `node 2.1` in a tree,
    `position 5 1` (the moves from the root) in a board game."""
    if name == "root":
        return _("the root")
    if explicit and _PATH.fullmatch(name):
        return _("node {path}").format(path=name)
    if not explicit:
        return _("position {moves}").format(moves=name)
    return name


def _named(step: Step, explicit: bool) -> Step:
    """The step with its names as sentences say them."""
    from dataclasses import replace

    def say(name: str | None) -> str | None:
        return None if name is None else display_name(name, explicit)

    return replace(step, node=say(step.node) or "", parent=say(step.parent),
                   best=step.best if step.best is None or not explicit
                   else display_name(step.best, explicit),
                   learned=[(say(n) or "", now, before) for n, now, before in step.learned])


def sentence(step: Step, engine: bool, explicit: bool = True) -> str:
    """One step in words; `explicit` when the game is an explicit tree (nodes named by path)."""
    step = _named(step, explicit)
    if step.kind == "enter":
        text = _("{node} ({player}) is entered{window}").format(
            node=step.node, player=_player(step), window=_window(step, engine))
        if step.probability is not None:
            text += _(" (probability {p})").format(p=format_number(step.probability))
        return text
    if step.kind == "cut":
        own = statement(step.node, step.interval, engine)
        if step.player == "MAX":
            reason = _("{bound} ≥ β = {beta}").format(bound=own, beta=number(step.beta, engine))
        elif step.player == "MIN":
            reason = _("{bound} ≤ α = {alpha}").format(bound=own, alpha=number(step.alpha, engine))
        else:
            reason = own
        return _("{reason}: the rest of {node} is pruned, never looked at: {pruned}").format(
            reason=reason, node=step.node, pruned=_pruned_words(step.pruned))
    if step.kind == "done":
        value = statement(step.node, step.interval, engine)
        if step.best is None:
            return value
        return _("{value}: {player} moves to {best}").format(value=value, player=_player(step),
                                                            best=step.best)
    text = _leaf_words(step, engine)
    if step.probability is not None:
        text += _(" (probability {p})").format(p=format_number(step.probability))
    learned = [change(name, now, before, engine) for name, now, before in step.learned]
    if not learned:
        return _("{event}, which changes nothing").format(event=text)
    return _("{event}, so {learned}").format(event=text, learned=and_list(learned))


def trace_view(steps: list[Step], limit: int, engine: bool, algorithm: str,
               explicit: bool = True) -> RenderableType:
    """The steps numbered, leaves and cuts lettered as the slides do, indented by depth; a long
    step wraps inside its own column, under its text."""
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
    if len(steps) > limit:
        parts.append(Text(_("… {count} more steps: the step limit ({limit}) was reached; "
                            "--max-steps shows more").format(count=len(steps) - limit,
                                                             limit=limit), style="dim"))
    return Group(*parts)


def simulation_sentence(game: Any, state: Any, simulation: Any) -> str:
    """One Monte Carlo simulation in words: the path walked down, what was added, the result."""
    path = " ".join(pv_text(game, state, simulation.moves)[0]) or _("the root")
    result = ", ".join(format_number(round(r, 4) if isinstance(r, float) else r)
                       for r in simulation.reward)
    if simulation.settled:
        return _("down {path}: a finished or proven position, its result ({result}) backed up "
                 "without a playout").format(path=path, result=result)
    if simulation.expanded:
        return _("down {path} (the last move a new node), a random playout to the end: "
                 "({result}) backed up along the path").format(path=path, result=result)
    return _("down {path}, a playout: ({result}) backed up").format(path=path, result=result)


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


def simulation_dicts(game: Any, state: Any, simulations: Any, limit: int) -> list[dict[str, Any]]:
    """The simulations as JSON events."""
    events = []
    for simulation in list(simulations)[:limit]:
        moves = pv_text(game, state, simulation.moves)[0]
        events.append({"step": simulation.number, "letter": None, "kind": "simulation",
                       "node": " ".join(moves) or "root", "player": "", "parent": None,
                       "depth": len(moves), "alpha": None, "beta": None, "value": None,
                       "low": None, "high": None, "learned": [], "pruned": [], "best": None,
                       "probability": None, "returns": list(simulation.reward),
                       "expanded": simulation.expanded, "settled": simulation.settled,
                       "text": simulation_sentence(game, state, simulation)})
    return events


def _json_number(value: Number | None) -> Any:
    if value is None:
        return None
    if value in (INF, -INF):
        return "+inf" if value > 0 else "-inf"
    from minimax_cli.reports.model import json_number

    return json_number(value)


def step_dicts(steps: list[Step], limit: int, engine: bool,
               explicit: bool = True) -> list[dict[str, Any]]:
    """The steps as JSON events: the same facts as the text, one object per step."""
    events = []
    for i, step in enumerate(steps[:limit], 1):
        events.append({
            "step": i, "letter": step.letter or None, "kind": step.kind, "node": step.node,
            "player": step.player, "parent": step.parent, "depth": step.depth,
            "alpha": _json_number(step.alpha), "beta": _json_number(step.beta),
            "value": _json_number(step.value),
            "low": _json_number(step.interval.low), "high": _json_number(step.interval.high),
            "learned": [{"node": name, "low": _json_number(now.low),
                         "high": _json_number(now.high)} for name, now, _before in step.learned],
            "pruned": [{"node": p.name, "leaves": [_json_number(v) for v in p.leaves],
                        "more_leaves": p.more} for p in step.pruned],
            "best": step.best, "probability": _json_number(step.probability),
            "text": sentence(step, engine, explicit),
        })
    return events


__all__ = ["DEFAULT_STEPS", "MAX_STEPS", "and_list", "change", "display_name", "number", "sentence",
           "statement", "step_dicts", "trace_view"]
