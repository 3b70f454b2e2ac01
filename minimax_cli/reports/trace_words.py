"""The steps of a search in words (`analyze --trace`), as the course's slides narrate them: each
sentence made untranslated (a `Words`), so that a view says it in the interface's language
(`views/trace.py`) and the JSON events (`json_form.trace_dicts`) in English without asking a
translator. Numbers are written as the slides write them (`shown_number`), in the engine's units
where the search used them (`engine_units`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import M_, Joined, Message, Value, Words, pM_
from minimax_cli.core.result import CUT_WIN_AT_ONCE, SearchResult
from minimax_cli.core.score import WIN, Number, format_number, is_decisive
from minimax_cli.core.search import DEFAULT_ALGORITHM
from minimax_cli.reports.intervals import INF, Interval
from minimax_cli.reports.model import pv_text
from minimax_cli.reports.trace import Pruned, Step

#: Searches whose numbers for a win/loss game are the engine's (a win as WIN - ply) even without
#: a depth limit; the textbook searches use the game's own +1 / 0 / -1 unless cut by depth.
ENGINE_UNITS = (DEFAULT_ALGORITHM,)


def engine_units(game: AnyGame, result: SearchResult, depth_limited: bool) -> bool:
    """Whether `result`'s numbers are the engine's (a won game as WIN - ply, shown `+1@N`)."""
    return game.win_loss and (result.algorithm in ENGINE_UNITS or depth_limited)


def shown_number(value: Number | None, engine: bool) -> str:
    """A number of a recorded search: an engine's finished win/loss as +1 / -1 with the ply where
    the game ends (`+1@5`), infinities as the slides write them, the rest as it is."""
    if value is None:
        return "?"
    if value == INF:
        return "+∞"
    if value == -INF:
        return "-∞"
    if engine and isinstance(value, int) and is_decisive(value):
        return f"{'+1' if value > 0 else '-1'}@{WIN - abs(value)}"
    return format_number(value)


def number_words(value: Number | None, engine: bool = False) -> Words:
    """A number as the slides write it: -∞, +∞, 3, 1/2; an engine's win as `a win for MAX`
    (the words of a step, for the text and the JSON alike)."""
    if engine and value is not None and value not in (INF, -INF) and is_decisive(value):
        return M_("a win for MAX") if value > 0 else M_("a win for MIN")
    return shown_number(value, False)


def _concat(*parts: Value) -> Joined:
    return Joined(parts, separator="")


def statement_words(name: Value, interval: Interval, engine: bool = False) -> Words:
    """`B = 3`, `B ≤ 3`, `A ≥ 3`, `3 ≤ A ≤ 14`, or `B unknown`."""
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


def change_words(name: Value, now: Interval, before: Interval, engine: bool) -> Words:
    """What a step taught about a node: only the bound that moved (`A ≤ 14` when A was ≥ 3)."""
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


def _quiet_words(step: Step, engine: bool, node: Words) -> Message | None:
    """A quiescence search's step (Step.quiet), None for any other: entering it at a depth cut,
    a capture tried, standing pat (a bound the side to move may keep, or a cut-off at once), a
    quiet position's static value."""
    window = _window(step, engine)
    if step.kind == "quiet":
        return M_("{node} ({player}): the depth limit is reached but the position is not quiet: "
                  "quiescence search{window}", node=node, player=_player(step), window=window)
    if not step.quiet:
        return None
    if step.kind == "enter":
        return M_("a capture is tried: {node} ({player}){window}", node=node,
                  player=_player(step), window=window)
    value = number_words(step.value, engine)
    if step.noisy is None:  # the stand-pat of a node whose captures follow
        return M_("stand pat at {node}: {player} may stop with the static evaluation {value}: "
                  "{bound}", node=node, player=_subject(step), value=value,
                  bound=statement_words(node, step.interval, engine))
    relation = (_concat("≥ β = ", number_words(step.beta, engine)) if step.player == "MAX"
                else _concat("≤ α = ", number_words(step.alpha, engine)))
    if not step.interval.exact:  # the stand-pat alone reached the window: nothing tried
        if step.quiet == "cut":
            return M_("{node}: depth cut, stand pat {value} {relation}: cut-off", node=node,
                      value=value, relation=relation)
        return M_("a capture is tried: {node} ({player}), stand pat {value} {relation}: "
                  "cut-off", node=node, player=_player(step), value=value, relation=relation)
    if step.noisy == 0:
        if step.quiet == "cut":
            return M_("{node}: depth cut, a quiet position (no capture): stand pat {value}",
                      node=node, value=value)
        return M_("a capture is tried: {node} ({player}) is quiet (no capture left): its "
                  "static evaluation is {value}", node=node, player=_player(step), value=value)
    return None


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


def display_words(name: str, explicit: bool) -> Words:
    """A node as a sentence names it: a label as it is, `the root`, `node 2.1` in a tree,
    `position 5 1` (the moves from the root) in a board game."""
    if name == "root":
        return M_("the root")
    if explicit and _PATH.fullmatch(name):
        return M_("node {path}", path=name)
    if not explicit:
        return M_("position {moves}", moves=name)
    return name


def sentence_words(step: Step, engine: bool, explicit: bool = True) -> Words:
    """One step in words, untranslated; `explicit` when the game is an explicit tree (nodes
    named by path)."""
    def say(name: str | None) -> Words:
        return "" if name is None else display_words(name, explicit)

    node = say(step.node)
    quiet = _quiet_words(step, engine, node) if step.quiet or step.kind == "quiet" else None
    if quiet is not None and step.kind in ("quiet", "enter"):
        return quiet
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
        if step.cut == CUT_WIN_AT_ONCE:
            reason = M_("{bound}: {player} wins with its very next move, which no result betters "
                        "(the engine's cut, not α and β's)", bound=own, player=_subject(step))
        elif step.player == "MAX":
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
    text: Words = quiet if quiet is not None else _leaf_words(step, engine, node,
                                                              say(step.parent))
    if step.probability is not None:
        text = _concat(text, M_(" (probability {p})", p=format_number(step.probability)))
    learned: list[Value] = [change_words(say(name), now, before, engine)
                            for name, now, before in step.learned]
    if not learned and step.kind == "stand" and step.noisy is None:
        return text
    if not learned:
        return M_("{event}, which changes nothing", event=text)
    return M_("{event}, so {learned}", event=text, learned=and_list(learned))


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


__all__ = ["ENGINE_UNITS", "and_list", "change_words", "display_words", "engine_units",
           "number_words", "sentence_words", "shown_number", "simulation_words", "statement_words"]
