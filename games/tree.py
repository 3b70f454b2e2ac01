"""Explicit game trees, as drawn in the course: MAX at the root, MIN below, leaves hold utilities.

Position notation is JSON: a leaf is a number, an inner node a list of children, e.g.
`[[3,12,8],[2,4,6],[14,5,2]]`. A node may carry a label: `{"label": "B", "children": [...]}` or
`{"label": "x", "value": 3}`. Also `@NAME` for a bundled textbook tree (see `bundled_trees`) and
`random:branching=3,depth=3,seed=1,low=0,high=10` for a seeded random tree like the course's
NetLogo model. A trailing `/min` says MIN is to move at the root (`/max`, the default, may be
written too), so that a subtree reached by play is written and read back as the same position.
Moves are child numbers from 1, or labels where the tree gives them.
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

MAX_DEPTH = 200
MAX_NODES = 1_000_000
RANDOM_DEFAULTS = {"branching": 3, "depth": 3, "seed": 0, "low": 0, "high": 10}
_TURN = re.compile(r"/\s*(max|min)\s*$", re.IGNORECASE)
_DIGITS = re.compile(r"[0-9]+")


@dataclass(frozen=True, eq=False)  # identity hashing: cheap, and distinct nodes stay distinct
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
        ' labels as {"label": "B", "children": [...]}; @NAME for a bundled tree;'
        " random:branching=3,depth=3,seed=1; a file path or - (stdin); add /min when MIN is to"
        " move at the root"
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
                    f"no bundled tree '{name}'; bundled trees: "
                    + ", ".join("@" + n for n in trees)
                )
            stripped = trees[name]
        elif stripped.startswith("random"):
            return random_tree(**_random_options(stripped), first_ply=first_ply)
        try:
            data = json.loads(stripped)
        except RecursionError:
            raise InvalidPositionError(
                f"tree is nested too deeply (at most {MAX_DEPTH} levels)"
            ) from None
        except json.JSONDecodeError as error:
            raise InvalidPositionError(
                f"tree {_quote(text)} is not valid JSON ({error.msg} at character {error.pos + 1});"
                " expected nested lists of numbers such as [[3,12,8],[2,4,6],[14,5,2]]"
            ) from None
        except ValueError:  # Python's limit on the digits of an integer
            raise InvalidPositionError(
                f"tree {_quote(text)} has a number with too many digits; leaves must be finite"
                " numbers within about 1.8e308"
            ) from None
        return _build(data, text, first_ply)

    def format_position(self, state: Node) -> str:
        text = json.dumps(_to_json(state), separators=(",", ":"))
        return text + "/min" if state.ply % 2 else text

    def parse_move(self, state: Node, text: str) -> int:
        if state.value is not None:
            raise IllegalMoveError(f"no move '{text}': this node is a leaf (the game is over)")
        word = text.strip()
        for i, child in enumerate(state.children):
            if child.label is not None and child.label == word:
                return i
        if not _DIGITS.fullmatch(word):  # ASCII digits only: int() refuses '²'
            raise InvalidMoveError(
                f"'{text}' is not a move; give a child number from 1 to {len(state.children)}"
                + ("" if not any(c.label for c in state.children) else " or a child's label")
            )
        digits = word.lstrip("0") or "0"
        if len(digits) > 7 or not 1 <= int(digits) <= len(state.children):
            shown = digits if len(digits) <= 20 else digits[:17] + "..."
            raise IllegalMoveError(
                f"there is no child {shown} here; give a number from 1 to {len(state.children)}"
            )
        return int(digits) - 1

    def format_move(self, state: Node, move: int) -> str:
        label = state.children[move].label
        return label if label is not None else str(move + 1)


def _quote(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def _finite(number: float) -> bool:
    """True for a number a double holds (an int beyond 1.8e308 overflows)."""
    try:
        return math.isfinite(number)
    except OverflowError:
        return False


def _build(data: Any, text: str, first_ply: int = 0) -> Node:
    """Validate parsed JSON and turn it into Nodes (iteratively: depth is bounded by MAX_DEPTH);
    the root is at `first_ply` (1 when MIN moves first)."""
    count = 0

    def make(item: Any, ply: int) -> Node:
        nonlocal count
        count += 1
        if count > MAX_NODES:
            raise InvalidPositionError(f"tree has more than {MAX_NODES:,} nodes")
        if ply - first_ply > MAX_DEPTH:
            raise InvalidPositionError(f"tree is nested too deeply (at most {MAX_DEPTH} levels)")
        label = None
        if isinstance(item, dict):
            label = item.get("label")
            if label is not None and not isinstance(label, str | int):
                raise InvalidPositionError(f"label {label!r} must be a string")
            label = None if label is None else str(label)
            if "children" in item:
                item = item["children"]
            elif "value" in item:
                item = item["value"]
            else:
                raise InvalidPositionError(
                    f"node {json.dumps(item)[:60]} needs \"children\" (a list) or \"value\" (a number)"
                )
        if isinstance(item, bool) or not isinstance(item, int | float | list):
            raise InvalidPositionError(
                f"{json.dumps(item)[:40]} in tree {_quote(text)} is not a number or a list;"
                " leaves must be numbers"
            )
        if isinstance(item, list):
            if not item:
                raise InvalidPositionError(
                    f"tree {_quote(text)} has an empty list: an inner node needs at least one child"
                )
            return Node(None, tuple(make(child, ply + 1) for child in item), ply, label)
        if not _finite(item):
            raise InvalidPositionError(
                f"leaf {_quote(str(item), 20)} in tree {_quote(text)} is not a finite number"
                " within about 1.8e308"
            )
        return Node(item, (), ply, label)

    return make(data, first_ply)


def _to_json(node: Node) -> Any:
    body: Any = node.value if node.value is not None else [_to_json(c) for c in node.children]
    if node.label is None:
        return body
    return {"label": node.label, ("value" if node.value is not None else "children"): body}


def _random_options(text: str) -> dict[str, int]:
    options = dict(RANDOM_DEFAULTS)
    form = "random:branching=3,depth=3,seed=1,low=0,high=10 (every key optional)"
    rest = text[len("random"):]
    if rest and not rest.startswith(":"):
        raise InvalidPositionError(f"'{text}' is not a random tree; write {form}")
    for part in filter(None, rest[1:].split(",")):
        key, _, raw = part.partition("=")
        key = key.strip()
        if key not in options:
            raise InvalidPositionError(f"unknown key '{key}' in '{text}'; write {form}")
        try:
            options[key] = int(raw)
        except ValueError:
            raise InvalidPositionError(
                f"'{raw}' for {key} in '{text}' is not a whole number; write {form}"
            ) from None
    if not 1 <= options["branching"] <= 10 or not 1 <= options["depth"] <= 12:
        raise InvalidPositionError(f"random trees take branching 1..10 and depth 1..12: '{text}'")
    if options["branching"] ** options["depth"] > MAX_NODES:
        raise InvalidPositionError(f"'{text}' would have more than {MAX_NODES:,} leaves")
    if options["low"] > options["high"]:
        raise InvalidPositionError(f"low must not exceed high in '{text}'")
    if not (_finite(options["low"]) and _finite(options["high"])):
        raise InvalidPositionError(f"low and high must be within about 1.8e308 in {_quote(text)}")
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
