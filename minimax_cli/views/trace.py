"""The steps of a search in words (`analyze --trace`), as the course's slides narrate them, and as
JSON events for autograders. A step's sentence is made untranslated (`sentence_words`): the text
says it in the interface's language, the JSON events in English without asking a translator."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from minimax_cli.core.i18n import M_, Joined, Message, Value, Words, english_of, pM_, text_of
from minimax_cli.core.score import Number, format_number, is_decisive
from minimax_cli.i18n import _
from minimax_cli.reports.intervals import INF, Interval
from minimax_cli.reports.model import pv_text
from minimax_cli.reports.trace import Pruned, Step
from minimax_cli.views.limits import DEFAULT_STEPS, MAX_STEPS
from minimax_cli.views.tree import shown_number


def number(value: Number | None, engine: bool = False) -> str:
    """A number as the slides write it: -∞, +∞, 3, 1/2; an engine's win as `win`."""
    return text_of(number_words(value, engine))


def number_words(value: Number | None, engine: bool = False) -> Words:
    """`number` untranslated (the words of a step, for the text and the JSON alike)."""
    if engine and value is not None and value not in (INF, -INF) and is_decisive(value):
        return M_("a win for MAX") if value > 0 else M_("a win for MIN")
    return shown_number(value, False)


def _concat(*parts: Value) -> Joined:
    return Joined(parts, separator="")


def statement(name: str, interval: Interval, engine: bool = False) -> str:
    """`B = 3`, `B ≤ 3`, `A ≥ 3`, `3 ≤ A ≤ 14`, or `B unknown`."""
    return text_of(statement_words(name, interval, engine))


def statement_words(name: Value, interval: Interval, engine: bool = False) -> Words:
    """`statement` untranslated."""
    low, high = interval.low, interval.high
    if interval.exact:
        return _concat(name, " = ", number_words(low, engine))
    if low == -INF and high == INF:
        return M_("{node} unknown", node=name)
    if low == -INF:
        return _concat(name, " ≤ ", number_words(high, engine))
    if high == INF:
        return _concat(name, " ≥ ", number_words(low, engine))
    return _concat(number_words(low, engine), " ≤ ", name, " ≤ ", number_words(high, engine))


def change(name: str, now: Interval, before: Interval, engine: bool) -> str:
    """What a step taught about a node: only the bound that moved (`A ≤ 14` when A was ≥ 3)."""
    return text_of(change_words(name, now, before, engine))


def change_words(name: Value, now: Interval, before: Interval, engine: bool) -> Words:
    """`change` untranslated."""
    if now.exact or (now.low != before.low and now.high != before.high):
        return statement_words(name, now, engine)
    if now.high != before.high:
        return statement_words(name, Interval(-INF, now.high), engine)
    return statement_words(name, Interval(now.low, INF), engine)


def _player(step: Step) -> Words:
    if step.player == "CHANCE":
        return M_("chance")
    if step.player in ("MAX", "MIN") or "player" not in step.player:
        return step.player
    before, _sep, after = step.player.partition("player")
    return _concat(before, M_("player"), after.replace("player", ""))


def _subject(step: Step) -> Words:
    """The player as the subject of a sentence (Spanish: "el jugador 2 elige")."""
    number = step.player.removeprefix("player ")
    if number != step.player and number.isdigit():
        return pM_("in a sentence", "player {number}", number=int(number))
    return _player(step)


def _window(step: Step, engine: bool) -> Words:
    if step.alpha is None or step.beta is None:
        return ""
    return M_(" with α = {alpha}, β = {beta}", alpha=number_words(step.alpha, engine),
              beta=number_words(step.beta, engine))


def _leaf_words(step: Step, engine: bool, node: Words, parent: Words) -> Message:
    """A leaf's step; `node` and `parent` its names as a sentence says them."""
    value = number_words(step.value, engine)
    if step.kind == "eval":
        return M_("{node}: depth cut, the evaluation gives {value}", node=node, value=value)
    if step.kind == "table":
        return M_("{statement}, from the table",
                  statement=statement_words(node, step.interval, engine))
    if step.kind == "probe":
        return M_("{node}: probed by its first move only, {bound}", node=node,
                  bound=statement_words(node, step.interval, engine))
    if step.parent is None:
        return M_("the position is over: {value}", value=value)
    if step.order == "first":
        return M_("{parent}'s first leaf is {value}", parent=parent, value=value)
    if step.order == "next":
        return M_("{parent}'s next leaf is {value}", parent=parent, value=value)
    if step.order == "last":
        return M_("{parent}'s last leaf is {value}", parent=parent, value=value)
    if step.order == "only":
        return M_("{parent}'s only leaf is {value}", parent=parent, value=value)
    raise KeyError(step.order)


def _pruned_words(pruned: list[Pruned]) -> Words:
    """`the leaves 4 and 6`, `the subtree 2 (leaves 0, -1)`, `the moves 3, 4`."""
    if all(p.leaf for p in pruned) and pruned and all(p.leaves for p in pruned):
        values: list[Value] = [format_number(p.leaves[0]) for p in pruned]
        joined = and_list(values)
        return (M_("the leaf {values}", values=joined) if len(values) == 1 else
                M_("the leaves {values}", values=joined))
    parts: list[Value] = []
    for p in pruned:
        if p.leaves and not p.leaf:
            leaves = and_list([format_number(v) for v in p.leaves] +
                           ([M_("{count} more", count=p.more)] if p.more else []))
            parts.append(M_("the subtree {node} (leaves {leaves})", node=p.name, leaves=leaves))
        elif p.leaf and p.leaves:
            parts.append(M_("the leaf {node} ({value})", node=p.name,
                            value=format_number(p.leaves[0])))
        else:
            parts.append(p.name)
    return and_list(parts)


def and_list(words: Sequence[Value]) -> Words:
    """`a`, `a and b`, `a, b and c`, untranslated until shown."""
    if not words:
        return ""
    if len(words) == 1:
        return _concat(words[0])
    return M_("{first} and {last}", first=Joined(tuple(words[:-1])), last=words[-1])


_PATH = re.compile(r"[0-9]+(?:\.[0-9]+)*")


def display_name(name: str, explicit: bool) -> str:
    """A node as a sentence names it: a label as it is, `the root`, `node 2.1` in a tree,
    `position 5 1` (the moves from the root) in a board game."""
    return text_of(display_words(name, explicit))


def display_words(name: str, explicit: bool) -> Words:
    """`display_name` untranslated."""
    if name == "root":
        return M_("the root")
    if explicit and _PATH.fullmatch(name):
        return M_("node {path}", path=name)
    if not explicit:
        return M_("position {moves}", moves=name)
    return name


def sentence(step: Step, engine: bool, explicit: bool = True) -> str:
    """One step in words, in the interface's language (see `sentence_words`)."""
    return text_of(sentence_words(step, engine, explicit))


def sentence_words(step: Step, engine: bool, explicit: bool = True) -> Words:
    """One step in words, untranslated; `explicit` when the game is an explicit tree (nodes
    named by path)."""
    def say(name: str | None) -> Words:
        return "" if name is None else display_words(name, explicit)

    node = say(step.node)
    if step.kind == "enter":
        entered = M_("{node} ({player}) is entered{window}", node=node, player=_player(step),
                     window=_window(step, engine))
        if step.probability is not None:
            return _concat(entered, M_(" (probability {p})",
                                       p=format_number(step.probability)))
        return entered
    if step.kind == "cut":
        own = statement_words(node, step.interval, engine)
        reason: Words
        if step.player == "MAX":
            reason = M_("{bound} ≥ β = {beta}", bound=own, beta=number_words(step.beta, engine))
        elif step.player == "MIN":
            reason = M_("{bound} ≤ α = {alpha}", bound=own,
                        alpha=number_words(step.alpha, engine))
        else:
            reason = own
        return M_("{reason}: the rest of {node} is pruned, never looked at: {pruned}",
                  reason=reason, node=node, pruned=_pruned_words(step.pruned))
    if step.kind == "done":
        value = statement_words(node, step.interval, engine)
        if step.best is None:
            return value
        best = step.best if not explicit else display_words(step.best, explicit)
        return M_("{value}: {player} moves to {best}", value=value, player=_subject(step),
                  best=best)
    text: Words = _leaf_words(step, engine, node, say(step.parent))
    if step.probability is not None:
        text = _concat(text, M_(" (probability {p})", p=format_number(step.probability)))
    learned: list[Value] = [change_words(say(name), now, before, engine)
                            for name, now, before in step.learned]
    if not learned:
        return M_("{event}, which changes nothing", event=text)
    return M_("{event}, so {learned}", event=text, learned=and_list(learned))


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


def simulation_words(game: Any, state: Any, simulation: Any) -> Message:
    """One Monte Carlo simulation in words, untranslated: the path walked down, what was added,
    the result."""
    path: Words = " ".join(pv_text(game, state, simulation.moves)[0]) or M_("the root")
    result = ", ".join(format_number(round(r, 4) if isinstance(r, float) else r)
                       for r in simulation.reward)
    if simulation.settled:
        return M_("down {path}: a finished or proven position, its result ({result}) backed up "
                  "without a playout", path=path, result=result)
    if simulation.expanded:
        return M_("down {path} (the last move a new node), a random playout to the end: "
                  "({result}) backed up along the path", path=path, result=result)
    return M_("down {path}, a playout: ({result}) backed up", path=path, result=result)


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
                       "text": english_of(simulation_words(game, state, simulation))})
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
            "text": english_of(sentence_words(step, engine, explicit)),
        })
    return events


__all__ = ["DEFAULT_STEPS", "MAX_STEPS", "and_list", "change", "display_name", "number", "sentence",
           "statement", "step_dicts", "trace_view"]
