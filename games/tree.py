"""Explicit game trees, as drawn in the course: MAX at the root, MIN below, leaves hold utilities.

Position notation is JSON: a leaf is a number, an inner node a list of children, e.g.
`[[3,12,8],[2,4,6],[14,5,2]]`. A node may carry a label: `{"label": "B", "children": [...]}` or
`{"label": "x", "value": 3}`. Also `@NAME` for a bundled textbook tree (see `bundled_trees`) and
`random:branching=3,depth=3,seed=1,low=0,high=10` for a seeded random tree like the course's
NetLogo model. A trailing `/min` says MIN is to move at the root (`/max`, the default, may be
written too), so that a subtree reached by play is written and read back as the same position.
Moves are child numbers from 1, or labels where the tree gives them. A label is text that is not a
whole number (so "2" always means the second child), unique among its siblings.

Limits, checked while reading, before any search: MAX_TEXT characters of JSON, MAX_NODES nodes,
MAX_CHILDREN children of one node (analyze and solve list every move of the root), MAX_DEPTH levels,
leaves within a double's range (about +-1.8e308, at most MAX_LEAF_DIGITS digits), labels of at most
MAX_LABEL characters. Within them the widest, largest and deepest trees measured take at most about
3 s and 140 MB in analyze and solve (a 999,999-leaf tree took 20 s and 1.5 GB before).
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from minimax_cli.core.game import (
    TWO_PLAYER_NUMERIC,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from minimax_cli.core.params import parse_whole, quote

#: Levels below the root (the searches recurse once per level).
MAX_DEPTH = 200
#: Nodes in all: the search, the parse and the tree's memory grow with them (about 1 s per 100,000).
MAX_NODES = 100_000
#: Children of one node: analyze and solve list every move of the root, one row each.
MAX_CHILDREN = 10_000
#: Characters of the JSON text, read before the nodes are counted.
MAX_TEXT = 4_000_000
#: Digits of a whole-number leaf: a double holds about 1.8e308, 309 digits.
MAX_LEAF_DIGITS = 309
#: Characters of a label (a move's name in tables and prompts).
MAX_LABEL = 40
LIMITS = (f"at most {MAX_NODES:,} nodes, {MAX_CHILDREN:,} children per node, {MAX_DEPTH} levels "
          f"and {MAX_TEXT:,} characters")
RANDOM_DEFAULTS = {"branching": 3, "depth": 3, "seed": 0, "low": 0, "high": 10}
RANDOM_FORM = "random:branching=3,depth=3,seed=1,low=0,high=10 (every key optional)"
_TURN = re.compile(r"/\s*(max|min)\s*$", re.IGNORECASE)
_DIGITS = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"([+-]?)([0-9]+)")


@dataclass(frozen=True, eq=False, slots=True)  # identity hashing: cheap, distinct nodes distinct
class Node:
    value: float | None
    children: tuple[Node, ...]
    ply: int
    label: str | None = None

    def walk(self) -> Iterator[Node]:
        """Every node below and including this one, depth first, without recursion."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


#: Shipped inside the package (a plain path: importlib.resources costs start-up time).
TREES_FILE = Path(__file__).parent / "data" / "trees.json"


def bundled_trees() -> dict[str, str]:
    """Name -> JSON text of the textbook trees shipped in games/data/trees.json."""
    text = TREES_FILE.read_text(encoding="utf-8")
    return {name: json.dumps(entry["tree"]) for name, entry in json.loads(text).items()}


def bundled_descriptions() -> dict[str, str]:
    text = TREES_FILE.read_text(encoding="utf-8")
    return {name: entry["description"] for name, entry in json.loads(text).items()}


class TreeGame(Game[Node, int]):
    name = "tree"
    description = "An explicit game tree: MAX at the root, MIN below, numbers at the leaves."
    position_help = (
        "JSON nested lists, leaves are numbers, root is MAX: [[3,12,8],[2,4,6],[14,5,2]];"
        ' labels as {"label": "B", "children": [...]} or {"label": "x", "value": 3}, text that is'
        " not a whole number and differs from its siblings' labels; @NAME for a bundled tree;"
        " random:branching=3,depth=3,seed=1,low=0,high=10; a file path or - (stdin); add /min"
        f" when MIN is to move at the root. A tree has {LIMITS}; leaves are finite numbers"
        " within about 1.8e308"
    )
    move_help = "child number from 1 (left to right), or the child's label"
    game_type = TWO_PLAYER_NUMERIC

    @classmethod
    def named_positions(cls) -> dict[str, str]:
        return {"@" + name: text for name, text in bundled_descriptions().items()}

    def initial_state(self) -> Node:
        return self.parse_position("@abcd")

    def to_move(self, state: Node) -> int:
        return state.ply % 2

    def legal_moves(self, state: Node) -> Sequence[int]:
        return range(len(state.children))

    def play(self, state: Node, move: int) -> Node:
        return state.children[move]

    def outcome(self, state: Node) -> float | None:
        return state.value

    # --- notation -------------------------------------------------------------------------------
    def parse_position(self, text: str) -> Node:
        stripped = text.strip()
        if len(stripped) > MAX_TEXT:
            raise InvalidPositionError(
                f"tree text of {len(stripped):,} characters is too long: a tree has {LIMITS}")
        first_ply = 0
        turn = _TURN.search(stripped)
        if turn is not None:
            stripped = stripped[: turn.start()].rstrip()
            first_ply = 1 if turn.group(1).lower() == "min" else 0
        if stripped.startswith("@"):
            trees = bundled_trees()
            name = stripped[1:]
            if name not in trees:
                raise InvalidPositionError(
                    f"no bundled tree {quote(name)}; bundled trees: "
                    + ", ".join("@" + n for n in trees)
                )
            stripped = trees[name]
        elif stripped.startswith("random"):
            return random_tree(**_random_options(stripped), first_ply=first_ply)
        try:
            data = json.loads(stripped, parse_int=_leaf_int)
        except InvalidPositionError:
            raise
        except RecursionError:
            raise InvalidPositionError(
                f"tree is nested too deeply: a tree has at most {MAX_DEPTH} levels"
            ) from None
        except json.JSONDecodeError as error:
            raise InvalidPositionError(
                f"tree {quote(text)} is not valid JSON ({error.msg} at character {error.pos + 1});"
                " expected nested lists of numbers such as [[3,12,8],[2,4,6],[14,5,2]]"
            ) from None
        except ValueError:  # any other refusal inside the JSON reader: the same answer
            raise InvalidPositionError(
                f"tree {quote(text)} is not a tree of numbers; leaves must be finite numbers"
                " within about 1.8e308"
            ) from None
        return _build(data, text, first_ply)

    def format_position(self, state: Node) -> str:
        text = json.dumps(_to_json(state), separators=(",", ":"))
        return text + "/min" if state.ply % 2 else text

    def parse_move(self, state: Node, text: str) -> int:
        """A child number from 1 (ASCII digits), or a child's label. Labels are never whole
        numbers (see `_label`), so the two cannot be confused."""
        if state.value is not None:
            raise IllegalMoveError(f"no move {quote(text)}: this node is a leaf (the game is over)")
        word = text.strip()
        for i, child in enumerate(state.children):
            if child.label is not None and child.label == word:
                return i
        count = len(state.children)
        if not _DIGITS.fullmatch(word):  # ASCII digits only: int() refuses '²'
            raise InvalidMoveError(
                f"{quote(text)} is not a move; give a child number from 1 to {count}"
                + ("" if not any(c.label for c in state.children) else " or a child's label")
            )
        digits = word.lstrip("0") or "0"
        if len(digits) > len(str(MAX_CHILDREN)) or not 1 <= int(digits) <= count:
            raise IllegalMoveError(
                f"there is no child {quote(digits, 20)} here; give a number from 1 to {count}"
            )
        return int(digits) - 1

    def format_move(self, state: Node, move: int) -> str:
        label = state.children[move].label
        return label if label is not None else str(move + 1)


def _leaf_int(digits: str) -> int:
    """A whole number read by the JSON reader, refused before int() when it has more digits than
    any finite double (and than Python's own limit on converting text to int)."""
    significant = digits.lstrip("+-").lstrip("0")
    if len(significant) > MAX_LEAF_DIGITS:
        raise InvalidPositionError(
            f"leaf {quote(digits, 20)} has {len(significant):,} digits: leaves must be finite"
            f" numbers within about 1.8e308 (at most {MAX_LEAF_DIGITS} digits)")
    return int(digits)


def _finite(number: float) -> bool:
    """True for a number a double holds (an int beyond 1.8e308 overflows)."""
    try:
        return math.isfinite(number)
    except OverflowError:
        return False


def _build(data: Any, text: str, first_ply: int = 0) -> Node:
    """Validate parsed JSON and turn it into Nodes (recursively: depth is bounded by MAX_DEPTH);
    the root is at `first_ply` (1 when MIN moves first)."""
    count = 0

    def make(item: Any, ply: int) -> Node:
        nonlocal count
        count += 1
        if count > MAX_NODES:
            raise InvalidPositionError(f"tree has more than {MAX_NODES:,} nodes: a tree has {LIMITS}")
        if ply - first_ply > MAX_DEPTH:
            raise InvalidPositionError(
                f"tree is nested too deeply: a tree has at most {MAX_DEPTH} levels")
        label = None
        if isinstance(item, dict):
            label = _label(item.get("label"))
            if "children" in item:
                item = item["children"]
            elif "value" in item:
                item = item["value"]
            else:
                raise InvalidPositionError(
                    f"a node with keys {quote(', '.join(map(str, item)), 30)} needs \"children\""
                    ' (a list) or "value" (a number)'
                )
        if isinstance(item, bool) or not isinstance(item, int | float | list):
            raise InvalidPositionError(
                f"{_shown(item)} in tree {quote(text)} is not a number or a list;"
                " leaves must be numbers"
            )
        if isinstance(item, list):
            if not item:
                raise InvalidPositionError(
                    f"tree {quote(text)} has an empty list: an inner node needs at least one child"
                )
            if len(item) > MAX_CHILDREN:
                raise InvalidPositionError(
                    f"a node of the tree has {len(item):,} children: a tree has {LIMITS}")
            children = tuple(make(child, ply + 1) for child in item)
            _check_siblings(children)
            return Node(None, children, ply, label)
        if not _finite(item):  # (str() of an int is safe: MAX_LEAF_DIGITS is below Python's limit)
            raise InvalidPositionError(
                f"leaf {quote(str(item), 20)} in tree {quote(text)} is not a finite number"
                " within about 1.8e308"
            )
        return Node(item, (), ply, label)

    return make(data, first_ply)


def _shown(item: Any) -> str:
    """A JSON value for an error message, short whatever its size."""
    if isinstance(item, dict):
        return "an object {...}"
    if isinstance(item, list):
        return "a list [...]"
    if isinstance(item, str):
        return quote(item, 20)
    return json.dumps(item)  # null, true, false or a number (of at most MAX_LEAF_DIGITS digits)


def _label(label: Any) -> str | None:
    """A node's label, checked: text of 1 to MAX_LABEL printable characters, no spaces at either
    end (a typed move is stripped), and not a whole number (it would read as a child number)."""
    if label is None:
        return None
    rule = (f"a label is text of 1 to {MAX_LABEL} characters, not only digits (a number names a"
            ' child by its place), e.g. "B" or "x1"')
    if not isinstance(label, str):
        raise InvalidPositionError(f"label {_shown(label)} is not text in quotes: {rule}")
    if not label or len(label) > MAX_LABEL:
        raise InvalidPositionError(
            f"label {quote(label, 20)} has {len(label):,} characters: {rule}")
    if _DIGITS.fullmatch(label):
        raise InvalidPositionError(f"label {quote(label, 20)} would read as a child number: {rule}")
    if label != label.strip() or not label.isprintable():
        raise InvalidPositionError(
            f"label {quote(label, 20)} has spaces at an end or characters that cannot be"
            f" typed: {rule}")
    return label


def _check_siblings(children: tuple[Node, ...]) -> None:
    """Labels name moves, so siblings may not share one."""
    seen: set[str] = set()
    for child in children:
        if child.label is not None:
            if child.label in seen:
                raise InvalidPositionError(
                    f"two children of one node are labelled {quote(child.label, 20)}: labels"
                    " must differ among siblings (they name the moves)")
            seen.add(child.label)


def _to_json(node: Node) -> Any:
    body: Any = node.value if node.value is not None else [_to_json(c) for c in node.children]
    if node.label is None:
        return body
    return {"label": node.label, ("value" if node.value is not None else "children"): body}


def _random_options(text: str) -> dict[str, int]:
    """The keys of `random:...`, each a whole number of ASCII digits with an optional sign, at
    most MAX_DIGITS digits (so low and high are far within a double's range)."""
    options = dict(RANDOM_DEFAULTS)
    rest = text[len("random"):]
    if rest and not rest.startswith(":"):
        raise InvalidPositionError(f"{quote(text)} is not a random tree; write {RANDOM_FORM}")
    for part in filter(None, rest[1:].split(",")):
        key, _, raw = part.partition("=")
        key = key.strip()
        if key not in options:
            raise InvalidPositionError(
                f"unknown key {quote(key, 20)} in {quote(text)}; write {RANDOM_FORM}")
        number = _SIGNED.fullmatch(raw.strip())
        if number is None:
            raise InvalidPositionError(
                f"{quote(raw.strip(), 20)} for {key} in {quote(text)} is not a whole number;"
                f" write {RANDOM_FORM}")
        try:
            value = parse_whole(number.group(2))
        except ValueError as error:  # more than MAX_DIGITS digits
            raise InvalidPositionError(f"{key} in {quote(text)}: {error}") from None
        options[key] = -value if number.group(1) == "-" else value
    branching, depth = options["branching"], options["depth"]
    if not 1 <= branching <= 10 or not 1 <= depth <= 12:
        raise InvalidPositionError(
            f"random trees take branching 1..10 and depth 1..12: {quote(text)}")
    nodes = sum(branching**level for level in range(depth + 1))
    if nodes > MAX_NODES:
        raise InvalidPositionError(
            f"{quote(text)} would have {nodes:,} nodes: a tree has at most {MAX_NODES:,} nodes")
    if options["low"] > options["high"]:
        raise InvalidPositionError(f"low must not exceed high in {quote(text)}")
    return options


def random_tree(branching: int = 3, depth: int = 3, seed: int = 0, low: int = 0,
                high: int = 10, first_ply: int = 0) -> Node:
    """A complete tree with `branching` children per node and integer leaves in low..high; the
    root is at `first_ply` (1 when MIN moves first)."""
    rng = random.Random(seed)

    def make(ply: int) -> Node:
        if ply == first_ply + depth:
            return Node(rng.randint(low, high), (), ply)
        return Node(None, tuple(make(ply + 1) for _ in range(branching)), ply)

    return make(first_ply)
