"""The nodes of explicit trees (games/tree/game.py builds them), written back as JSON, and the forms
beyond two players and certainty: chance nodes and leaves that hold one return per player.

A chance node is `{"chance": [[0.5, 3], [0.5, [[1, 9], [4, 2]]]]}`: each outcome a pair
[probability, subtree]. A probability is a number above 0 and at most 1, read exactly (0.1 is
1/10, not the double nearest it), or text such as "1/3"; those of one node sum to exactly 1. A
chance node takes no turn: the player at a list node is fixed by the number of list nodes above
it (MAX at the root, MIN below, MAX below that, chance nodes not counted), so the textbook's
MAX, chance, MIN, chance, MAX... is written with a chance node inside every list node.

A tree of several players is wrapped: `{"players": 3, "tree": [[[1,2,3],[4,2,1]],[[6,1,2],
[7,4,1]]]}`, every leaf a list of one number per player. Player 1 moves at the root, then 2, 3,
... cyclically by depth (chance nodes again take no turn); `"to_move": 2` puts player 2 at the
root. The wrapper is required because a bare `[[1,2],[3,4]]` is, and stays, a two-player tree
of depth 2 with four leaves: a list of numbers means children in a tree of single numbers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from minimax_cli.core.game import TWO_PLAYER_NUMERIC, GameType, InvalidPositionError
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.params import grouped, quote

MIN_PLAYERS = 2
MAX_PLAYERS = 8
#: Digits of a probability written "a/b" (each of a and b), and decimal places of one written
#: 0.125: past these a probability is a typing slip, and Fraction's work stays small.
PROBABILITY_DIGITS = 30
#: Characters of a probability as written (a sign, digits, a point, an exponent).
PROBABILITY_TEXT = 40
#: Characters of a label (a move's name in tables and prompts).
MAX_LABEL = 40

# English, marked for the catalogue: `_` them where shown (as values, never as formats: braces).
CHANCE_RULE = N_('a chance node is {"chance": [[p, subtree], ...]}, each p a number above 0 and at'
                 ' most 1 (0.25) or text such as "1/3", the p of one node summing to exactly 1')
PLAYERS_RULE = N_('a tree of 2 to 8 players is {"players": 3, "tree": ...}, every leaf a list of'
                  ' one number per player such as [1, 2, 3]; "to_move": 2 puts player 2 at the'
                  ' root')
WRAPPER_KEYS = ("players", "to_move", "tree")

_DIGITS = re.compile(r"[0-9]+")
_FRACTION = re.compile(r"\s*([0-9]+)\s*/\s*([0-9]+)\s*")
_DECIMAL = re.compile(r"\s*([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?\s*")


@dataclass(frozen=True, slots=True)
class FloatText:
    """A JSON number with a point or an exponent, as written: a probability reads it exactly, a
    leaf as a float (what the JSON reader would have made of it)."""

    text: str


@dataclass
class Shape:
    """What reading a tree found out: players (None: a tree of single numbers, two players),
    whether it has a chance node, and its smallest and largest return."""

    players: int | None = None
    chance: bool = False
    low: float | None = None
    high: float | None = None

    def see(self, number: float) -> None:
        if self.low is None or number < self.low:
            self.low = number
        if self.high is None or number > self.high:
            self.high = number

    def see_leaves(self, root: Node) -> None:
        """Take the bounds from every return at the leaves below `root`."""
        for node in root.walk():
            for number in node.vector or (() if node.value is None else (node.value,)):
                self.see(number)

    def game_type(self) -> GameType:
        """A tree of single numbers without chance is the plain two-player tree (no bounds, as
        ever); with chance it is zero-sum and its smallest and largest leaf bound its value,
        MAX's return (what chance pruning, Star1 and Star2, needs: MIN's return is the
        negation); a wrapped tree is general-sum, every return within its bounds."""
        if self.players is None:
            if not self.chance:
                return TWO_PLAYER_NUMERIC
            return GameType(chance=True, win_loss=False, low=self.low, high=self.high)
        return GameType(players=self.players, chance=self.chance, zero_sum=False, win_loss=False,
                        low=self.low, high=self.high)


@dataclass(frozen=True, eq=False, slots=True)  # identity hashing: cheap, distinct nodes distinct
class Node:
    """A node of a tree. `value` is a leaf's number (player 1's return at a leaf of several
    returns, `vector`), None at an inner node; `ply` counts the player nodes above it, so the
    player at a list node is `ply` modulo the players; `chances` are a chance node's
    probabilities, one per child."""

    value: float | None
    children: tuple[Node, ...]
    ply: int
    label: str | None = None
    chances: tuple[Fraction, ...] | None = None
    vector: tuple[float, ...] | None = None

    def walk(self) -> Iterator[Node]:
        """Every node below and including this one, depth first, without recursion."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


def shown(item: Any) -> str:
    """A JSON value for an error message, short whatever its size."""
    if isinstance(item, FloatText):  # as the JSON reader's float would be shown
        return item.text if len(item.text) <= 20 else quote(item.text, 20)
    if isinstance(item, dict):
        return _("an object {...}")
    if isinstance(item, list):
        return _("a list [...]")
    if isinstance(item, str):
        return quote(item, 20)
    return json.dumps(item)  # null, true, false or a whole number (of at most 309 digits)


def is_number(item: Any) -> bool:
    return isinstance(item, int | float | FloatText) and not isinstance(item, bool)


# --- nodes: labels and the written form -------------------------------------------------------
def label_of(label: Any) -> str | None:
    """A node's label, checked: text of 1 to MAX_LABEL printable characters, no spaces at either
    end (a typed move is stripped), and not a whole number (it would read as a child number)."""
    if label is None:
        return None
    rule = _('a label is text of 1 to {most} characters, not only digits (a number names a child '
             'by its place), e.g. "B" or "x1"').format(most=MAX_LABEL)
    if not isinstance(label, str):
        raise InvalidPositionError(_("label {label} is not text in quotes: {rule}").format(
            label=shown(label), rule=rule))
    if not label or len(label) > MAX_LABEL:
        raise InvalidPositionError(_("label {label} has {count} characters: {rule}").format(
            label=quote(label, 20), count=grouped(len(label)), rule=rule))
    if _DIGITS.fullmatch(label):
        raise InvalidPositionError(_("label {label} would read as a child number: {rule}").format(
            label=quote(label, 20), rule=rule))
    if label != label.strip() or not label.isprintable():
        raise InvalidPositionError(
            _("label {label} has spaces at an end or characters that cannot be typed: {rule}")
            .format(label=quote(label, 20), rule=rule))
    return label


def check_siblings(children: tuple[Node, ...]) -> None:
    """Labels name moves, so siblings may not share one."""
    seen: set[str] = set()
    for child in children:
        if child.label is not None:
            if child.label in seen:
                raise InvalidPositionError(
                    _("two children of one node are labelled {label}: labels must differ among "
                      "siblings (they name the moves)").format(label=quote(child.label, 20)))
            seen.add(child.label)


def write(node: Node) -> str:
    """The JSON text of a subtree, compact, as `_build` reads it back (probabilities exactly)."""
    if node.chances is not None:
        pairs = (f"[{probability_text(p)},{write(c)}]"
                 for p, c in zip(node.chances, node.children, strict=True))
        key, body = "chance", "[" + ",".join(pairs) + "]"
    elif node.value is not None:
        key = "value"
        body = (json.dumps(node.value) if node.vector is None
                else "[" + ",".join(json.dumps(v) for v in node.vector) + "]")
    else:
        key, body = "children", "[" + ",".join(write(c) for c in node.children) + "]"
    if node.label is None and key != "chance":
        return body
    label = "" if node.label is None else f'"label":{json.dumps(node.label)},'
    return f'{{{label}"{key}":{body}}}'


# --- the wrapper of a tree of several players -----------------------------------------------------
def unwrap(data: Any) -> tuple[Any, int | None, int]:
    """(the tree, its number of players or None for a bare tree, the player at its root)."""
    if not isinstance(data, dict) or "players" not in data:
        return data, None, 0
    unknown = [key for key in data if key not in WRAPPER_KEYS]
    if unknown:
        raise InvalidPositionError(_("unknown key {key} around the tree: {rule}").format(
            key=quote(str(unknown[0]), 20), rule=_(PLAYERS_RULE)))
    players = data["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise InvalidPositionError(_("{value} is not a number of players: {rule}").format(
            value=shown(players), rule=_(PLAYERS_RULE)))
    if "tree" not in data:
        raise InvalidPositionError(_('the tree is missing ("tree": ...): {rule}').format(
            rule=_(PLAYERS_RULE)))
    to_move = data.get("to_move", 1)
    if not isinstance(to_move, int) or isinstance(to_move, bool) or not 1 <= to_move <= players:
        raise InvalidPositionError(
            _("{value} is not a player from 1 to {players} to move at the root: {rule}").format(
                value=shown(to_move), players=players, rule=_(PLAYERS_RULE)))
    return data["tree"], players, to_move - 1


def tuple_leaf(items: list[Any], players: int) -> tuple[float, ...] | None:
    """The returns of a leaf written as a list of numbers in a tree of `players` players; None
    when `items` is an inner node's list of subtrees."""
    numbers = [is_number(item) for item in items]
    if not any(numbers):
        return None
    if not all(numbers):
        raise InvalidPositionError(
            _("a list mixes numbers and subtrees: in a tree of several players a leaf is a list "
              "of numbers only and an inner node a list of subtrees; {rule}").format(
                rule=_(PLAYERS_RULE)))
    if len(items) != players:
        raise InvalidPositionError(
            _("leaf {leaf} has {count} numbers, but the tree has {players} players: {rule}")
            .format(leaf=quote(json.dumps([leaf_number(i) for i in items[:9]]), 30),
                    count=grouped(len(items)), players=players, rule=_(PLAYERS_RULE)))
    return tuple(leaf_number(item) for item in items)


def leaf_number(item: Any) -> float:
    """A number as a leaf holds it: whole numbers as ints, the rest as floats (finite checked by
    the caller)."""
    if isinstance(item, FloatText):
        return float(item.text)
    number: float = item
    return number


# --- chance nodes ------------------------------------------------------------------------------------
def outcomes(item: Any) -> list[tuple[Any, Any]]:
    """The (probability as written, subtree) pairs of a chance node's list."""
    if not isinstance(item, list) or not item:
        what = _("an empty list") if item == [] else shown(item)
        raise InvalidPositionError(_("a chance node's outcomes are {what}, not a list of pairs: "
                                     "{rule}").format(what=what, rule=_(CHANCE_RULE)))
    pairs = []
    for i, pair in enumerate(item, 1):
        if not isinstance(pair, list) or len(pair) != 2:
            raise InvalidPositionError(
                _("outcome {number} of a chance node is {pair}, not a pair [probability, "
                  "subtree]: {rule}").format(number=grouped(i), pair=shown(pair), rule=_(CHANCE_RULE)))
        pairs.append((pair[0], pair[1]))
    return pairs


def probability(raw: Any, outcome: int) -> Fraction:
    """A probability as written (a whole number, a JSON decimal, or text "1/3" or "0.25"),
    exactly; InvalidPositionError unless it is above 0 and at most 1."""
    def refuse(problem: str) -> InvalidPositionError:
        return InvalidPositionError(
            _("probability {value} of outcome {number} {problem}: {rule}").format(
                value=shown(raw), number=grouped(outcome), problem=problem, rule=_(CHANCE_RULE)))

    written = raw.text if isinstance(raw, FloatText) else raw if isinstance(raw, str) else None
    decimal = None if written is None else _DECIMAL.fullmatch(written)
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = Fraction(raw)
    elif decimal is not None and (decimal[2] or decimal[3]):
        if len(decimal[0].strip()) > PROBABILITY_TEXT:
            raise refuse(_("is longer than {most} characters").format(most=PROBABILITY_TEXT))
        digits = int((decimal[2] or "") + (decimal[3] or "") or "0")
        # the number is digits / 10**places; the exponent is read without building 10**exponent
        places = len(decimal[3] or "") - int(decimal[4] or "0")
        if digits == 0 or decimal[1] == "-":
            raise refuse(_("is not above 0"))
        if places < 0:
            raise refuse(_("is above 1"))
        if places > PROBABILITY_DIGITS:
            raise refuse(_("has more than {most} decimal places").format(most=PROBABILITY_DIGITS))
        value = Fraction(digits, 10**places)
    elif isinstance(raw, str) and (ratio := _FRACTION.fullmatch(raw)) is not None:
        top, bottom = ratio[1].lstrip("0"), ratio[2].lstrip("0")
        if max(len(top), len(bottom)) > PROBABILITY_DIGITS:
            raise refuse(_("has more than {most} digits above or below the line").format(
                most=PROBABILITY_DIGITS))
        if not bottom:
            raise refuse(_("divides by 0"))
        value = Fraction(int(top or "0"), int(bottom))
    else:
        raise refuse(_("is not a number"))
    if not 0 < value <= 1:
        raise refuse(_("is not above 0") if value <= 0 else _("is above 1"))
    return value


def check_total(probabilities: list[Fraction]) -> None:
    """InvalidPositionError unless the probabilities of one chance node sum to exactly 1."""
    total = sum(probabilities, Fraction(0))
    if total != 1:
        exact = str(total)
        about = _("about {number}").format(number=f"{float(total):.6g}")
        words = f"{exact} ({about})" if len(exact) <= 30 else about
        raise InvalidPositionError(
            _("the probabilities of a chance node sum to {total}, not exactly 1: {rule}").format(
                total=words, rule=_(CHANCE_RULE)))


def probability_text(p: Fraction) -> str:
    """A probability as JSON that `probability` reads back to the same Fraction: 1, a decimal
    (0.125) when it has one of at most PROBABILITY_DIGITS places, otherwise text ("1/3")."""
    if p.denominator == 1:
        return str(p.numerator)
    rest, twos, fives = p.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    places = max(twos, fives)
    if rest == 1 and places <= PROBABILITY_DIGITS:
        digits = p.numerator * 10**places // p.denominator
        return f"0.{digits:0{places}d}"  # p < 1 here: 1 has denominator 1
    return f'"{p.numerator}/{p.denominator}"'


__all__ = ["CHANCE_RULE", "MAX_LABEL", "MAX_PLAYERS", "MIN_PLAYERS", "PLAYERS_RULE", "FloatText",
           "Node", "Shape", "check_siblings", "check_total", "label_of", "outcomes", "probability",
           "probability_text", "shown", "tuple_leaf", "unwrap", "write"]
