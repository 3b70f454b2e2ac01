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
MAX_LABEL characters (tree_kinds). Within them the widest, largest and deepest trees measured take
at most about 3 s and 140 MB in analyze and solve (a 999,999-leaf tree took 20 s and 1.5 GB before).

Chance nodes (`{"chance": [[0.5, 3], [0.5, [[1, 9], [4, 2]]]]}`) and trees of several players
with a return per player at each leaf (`{"players": 3, "tree": ...}`) are read by the same
builder with games/tree/kinds.py, which states their rules; the limits above count their nodes
and levels too (a chance node is a node and a level). Such a tree is another kind of game
(chance, or n players and general-sum), so `for_position` gives a `TreeGame` of that type; a
game reads only trees of its own kind (a subtree of its own tree, say).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from games.tree.kinds import (
    MAX_LABEL,
    PLAYERS_RULE,
    FloatText,
    Node,
    Shape,
    check_siblings,
    check_total,
    label_of,
    outcomes,
    probability,
    shown,
    tuple_leaf,
    unwrap,
    write,
)
from games.tree.sources import bundled_descriptions, bundled_trees, random_options, random_tree
from minimax_cli.core.game import (
    CHANCE,
    TWO_PLAYER_NUMERIC,
    Game,
    GameType,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.params import grouped, quote

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
_LIMITS = N_("at most {nodes} nodes, {children} children per node, {depth} levels and "
             "{text} characters")
#: The limits in English (the messages use `limits()`).
LIMITS = _LIMITS.format(nodes=f"{MAX_NODES:,}", children=f"{MAX_CHILDREN:,}", depth=MAX_DEPTH,
                        text=f"{MAX_TEXT:,}")


def limits() -> str:
    """The limits on a tree, in the interface's language."""
    return _(_LIMITS).format(nodes=grouped(MAX_NODES), children=grouped(MAX_CHILDREN),
                             depth=MAX_DEPTH, text=grouped(MAX_TEXT))


def _too_deep() -> InvalidPositionError:
    return InvalidPositionError(_("tree is nested too deeply: a tree has at most {depth} levels")
                                .format(depth=MAX_DEPTH))


_TURN = re.compile(r"/\s*(max|min)\s*$", re.IGNORECASE)
_DIGITS = re.compile(r"[0-9]+")


class TreeGame(Game[Node, int]):
    name = "tree"
    # English, marked for the catalogue; translated where shown (N_: fixed at import). The
    # limits are written out (a marked text is a literal); tests check them against LIMITS.
    description = N_("An explicit game tree: MAX at the root, MIN below, numbers at the leaves;"
                     " chance nodes and trees of 3 or more players too.")
    position_help = N_(
        "JSON nested lists, leaves are numbers, root is MAX: [[3,12,8],[2,4,6],[14,5,2]];"
        ' labels as {"label": "B", "children": [...]} or {"label": "x", "value": 3}, text that is'
        " not a whole number and differs from its siblings' labels; @NAME for a bundled tree;"
        " random:branching=3,depth=3,seed=1,low=0,high=10; a file path or - (stdin); add /min"
        " when MIN is to move at the root. Chance nodes: {\"chance\": [[0.5, 3], [0.5, [[1, 9],"
        " [4, 2]]]]}, pairs [probability, subtree], probabilities such as 0.25 or \"1/3\" (at"
        " most 30 decimal places or digits) summing to exactly 1; a chance"
        " node takes no turn (the player below it is the one that would move there without it)."
        " 2 to 8 players: {\"players\": 3, \"tree\": [[[1,2,3],[4,2,1]],[[6,1,2],[7,4,1]]]}, every"
        " leaf a list of one number per player, player 1 at the root, then 2, 3, ... by depth;"
        " \"to_move\": 2 puts player 2 at the root (without the wrapper a list of numbers is a"
        " node's children, two players). A tree has at most 100,000 nodes, 10,000 children per"
        " node, 200 levels and 4,000,000 characters; leaves are finite numbers within about 1.8e308"
    )
    move_help = N_("child number from 1 (left to right), or the child's label")
    game_type = TWO_PLAYER_NUMERIC
    explicit_tree = True
    # Trees are the course's exercises: alpha-beta as the slides run it, unless asked otherwise.
    default_algorithm = "alphabeta"

    def __init__(self) -> None:
        #: The tree `for_position` read, handed to the `parse_position` of the same text once.
        self._read_ahead: tuple[str, Node] | None = None
        #: Minimax values of the nodes `order_moves` has sorted, MAX's view (nodes hash by identity).
        self._values: dict[Node, float] = {}

    @classmethod
    def named_positions(cls) -> dict[str, str]:
        return {"@" + name: text for name, text in bundled_descriptions().items()}

    def initial_state(self) -> Node:
        return self.parse_position("@abcd")

    def to_move(self, state: Node) -> int:
        if state.chances is not None:
            return CHANCE
        return state.ply % self.game_type.players

    def legal_moves(self, state: Node) -> Sequence[int]:
        return range(len(state.children))

    def play(self, state: Node, move: int) -> Node:
        return state.children[move]

    def outcome(self, state: Node) -> float | None:
        return state.value

    def returns(self, state: Node) -> tuple[float, ...] | None:
        if state.vector is not None:
            return state.vector
        return None if state.value is None else (state.value, -state.value)

    def chance_outcomes(self, state: Node) -> Sequence[tuple[int, Fraction]]:
        assert state.chances is not None, "chance_outcomes is asked at chance nodes only"
        return list(enumerate(state.chances))

    def order_moves(self, state: Node, moves: Sequence[int]) -> Sequence[int]:
        """Perfect ordering, which only an explicit tree can offer: the children by their minimax
        value, best first for the player to move (ties in the natural order). The values come from
        one pass over the subtree, done once per tree and not counted by any search; trees of chance
        or of more players keep their natural order."""
        kind = self.game_type
        if kind.chance or kind.players != 2 or len(moves) < 2:
            return moves
        values = self._values
        if state not in values:
            self._learn(state)
        children = state.children
        sign = -1 if state.ply % 2 == 0 else 1  # MAX: highest first; MIN: lowest first
        return sorted(moves, key=lambda move: sign * values[children[move]])

    def _learn(self, root: Node) -> None:
        """The minimax value of every node below `root`, children before parents."""
        if len(self._values) > MAX_NODES:  # a long session of many trees: forget the old ones
            self._values.clear()
        values = self._values
        for node in reversed(list(root.walk())):  # walk is parent-first
            if node.value is not None:
                values[node] = node.value
            else:
                below = [values[child] for child in node.children]
                values[node] = max(below) if node.ply % 2 == 0 else min(below)

    # --- the kind of game a tree is -------------------------------------------------------------
    def for_position(self, text: str) -> TreeGame:
        """The tree game of the kind `text` is: this one for a tree of single numbers without
        chance, a `KindTreeGame` of its type for chance nodes or a return per player."""
        node, shape = self._read(text)
        kind = shape.game_type()
        game = self if kind == self.game_type else (
            TreeGame() if kind == TWO_PLAYER_NUMERIC else KindTreeGame(kind, node))
        game._read_ahead = (text, node)
        return game

    def _misfit(self, text: str, shape: Shape) -> str | None:
        """Why this game cannot read a tree of `shape`: another number of players, chance nodes
        in a game without them, returns beyond its bounds. A subtree of its own tree fits."""
        own, kind = self.game_type, shape.game_type()
        fits = (kind.players == own.players and kind.zero_sum == own.zero_sum
                and (own.chance or not kind.chance)
                and (own.low is None or (shape.low is not None and shape.low >= own.low))
                and (own.high is None or (shape.high is not None and shape.high <= own.high)))
        if fits:
            return None
        return _("tree {text} is a game of {kind}, not of {own}: read it with "
                 "TreeGame.for_position, which gives the game of its kind").format(
            text=quote(text), kind=kind.describe(), own=own.describe())

    # --- notation -------------------------------------------------------------------------------
    def parse_position(self, text: str) -> Node:
        ahead, self._read_ahead = self._read_ahead, None
        if ahead is not None and ahead[0] == text:
            return ahead[1]
        node, shape = self._read(text)
        if self.game_type.low is not None and shape.low is None:
            shape.see_leaves(node)  # a plain subtree of a game with bounds: within them?
        misfit = self._misfit(text, shape)
        if misfit is not None:
            raise InvalidPositionError(misfit)
        return node

    def _read(self, text: str) -> tuple[Node, Shape]:
        stripped = text.strip()
        if len(stripped) > MAX_TEXT:
            raise InvalidPositionError(
                _("tree text of {count} characters is too long: a tree has {limits}").format(
                    count=grouped(len(stripped)), limits=limits()))
        first_ply = 0
        turn = _TURN.search(stripped)
        if turn is not None:
            stripped = stripped[: turn.start()].rstrip()
            first_ply = 1 if turn.group(1).lower() == "min" else 0
        if stripped.startswith("@"):
            trees = bundled_trees()
            name = stripped[1:]
            if name not in trees:
                raise InvalidPositionError(_("no bundled tree {name}; bundled trees: {trees}")
                                           .format(name=quote(name),
                                                   trees=", ".join("@" + n for n in trees)))
            stripped = trees[name]
        elif stripped.startswith("random"):
            return random_tree(**random_options(stripped, MAX_NODES), first_ply=first_ply), Shape()
        try:
            data = json.loads(stripped, parse_int=_leaf_int, parse_float=FloatText)
        except InvalidPositionError:
            raise
        except RecursionError:
            raise _too_deep() from None
        except json.JSONDecodeError as error:
            raise InvalidPositionError(
                _("tree {text} is not valid JSON ({problem} at character {position}); expected "
                  "nested lists of numbers such as [[3,12,8],[2,4,6],[14,5,2]]").format(
                    text=quote(text), problem=error.msg, position=error.pos + 1)) from None
        except ValueError:  # any other refusal inside the JSON reader: the same answer
            raise InvalidPositionError(
                _("tree {text} is not a tree of numbers; leaves must be finite numbers within "
                  "about 1.8e308").format(text=quote(text))) from None
        tree, players, first_player = unwrap(data)
        if players is not None:
            if turn is not None:
                raise InvalidPositionError(
                    _("{turn} names MIN or MAX of a two-player tree: {rule}").format(
                        turn="/" + turn.group(1), rule=_(PLAYERS_RULE)))
            first_ply = first_player
        return _build(tree, text, first_ply, players)

    def format_position(self, state: Node) -> str:
        text = write(state)
        kind = self.game_type
        if kind.zero_sum:
            return text + "/min" if state.ply % 2 else text
        turn = state.ply % kind.players
        to_move = f'"to_move":{turn + 1},' if turn else ""
        return f'{{"players":{kind.players},{to_move}"tree":{text}}}'

    def parse_move(self, state: Node, text: str) -> int:
        """A child number from 1 (ASCII digits), or a child's label. Labels are never whole
        numbers (see `tree_kinds.label_of`), so the two cannot be confused."""
        if state.value is not None:
            raise IllegalMoveError(_("no move {text}: this node is a leaf (the game is over)")
                                   .format(text=quote(text)))
        word = text.strip()
        for i, child in enumerate(state.children):
            if child.label is not None and child.label == word:
                return i
        count = len(state.children)
        if not _DIGITS.fullmatch(word):  # ASCII digits only: int() refuses '²'
            message = (_("{text} is not a move; give a child number from 1 to {count} or a "
                         "child's label") if any(c.label for c in state.children) else
                       _("{text} is not a move; give a child number from 1 to {count}"))
            raise InvalidMoveError(message.format(text=quote(text), count=count))
        digits = word.lstrip("0") or "0"
        if len(digits) > len(str(MAX_CHILDREN)) or not 1 <= int(digits) <= count:
            raise IllegalMoveError(
                _("there is no child {child} here; give a number from 1 to {count}").format(
                    child=quote(digits, 20), count=count))
        return int(digits) - 1

    def node_name(self, state: Node) -> str | None:
        return state.label

    def format_move(self, state: Node, move: int) -> str:
        label = state.children[move].label
        return label if label is not None else str(move + 1)


class KindTreeGame(TreeGame):
    """A tree game whose type was read from its position (`TreeGame.for_position`): chance nodes
    (two players, zero-sum, its leaves as bounds) or a return per player (n players,
    general-sum). Its start is that tree."""

    def __init__(self, kind: GameType, root: Node) -> None:
        super().__init__()
        vars(self)["game_type"] = kind  # this tree's type, not the class's
        self.root = root

    def __repr__(self) -> str:
        return f"KindTreeGame({self.game_type})"

    def initial_state(self) -> Node:
        """The tree this game was read from (the bundled trees are of another kind)."""
        return self.root


def _leaf_int(digits: str) -> int:
    """A whole number read by the JSON reader, refused before int() when it has more digits than
    any finite double (and than Python's own limit on converting text to int)."""
    significant = digits.lstrip("+-").lstrip("0")
    if len(significant) > MAX_LEAF_DIGITS:
        raise InvalidPositionError(
            _("leaf {leaf} has {count} digits: leaves must be finite numbers within about "
              "1.8e308 (at most {most} digits)").format(leaf=quote(digits, 20),
                                                        count=grouped(len(significant)),
                                                        most=MAX_LEAF_DIGITS))
    return int(digits)


def _finite(number: float) -> bool:
    """True for a number a double holds (an int beyond 1.8e308 overflows)."""
    try:
        return math.isfinite(number)
    except OverflowError:
        return False


def _build(data: Any, text: str, first_ply: int = 0, players: int | None = None,
           ) -> tuple[Node, Shape]:
    """Validate parsed JSON and turn it into Nodes (recursively: depth is bounded by MAX_DEPTH);
    the root is at `first_ply` (1 when MIN moves first). `players`: None for a tree of single
    numbers, else the number of returns at every leaf (games/tree/kinds.py)."""
    count = 0
    shape = Shape(players)

    def make(item: Any, ply: int, depth: int) -> Node:
        nonlocal count
        count += 1
        if count > MAX_NODES:
            raise InvalidPositionError(_("tree has more than {most} nodes: a tree has {limits}")
                                       .format(most=grouped(MAX_NODES), limits=limits()))
        if depth > MAX_DEPTH:
            raise _too_deep()
        label = None
        if isinstance(item, dict):
            label = label_of(item.get("label"))
            if "chance" in item:
                return chance(item["chance"], ply, depth, label)
            if "children" in item:
                item = item["children"]
            elif "value" in item:
                item = item["value"]
            elif "players" in item:
                raise InvalidPositionError(_('"players" wraps the whole tree only: {rule}')
                                           .format(rule=_(PLAYERS_RULE)))
            else:
                raise InvalidPositionError(
                    _('a node with keys {keys} needs "children" (a list) or "value" (a number); a '
                      'chance node needs "chance" (a list of [probability, subtree] pairs)').format(
                        keys=quote(", ".join(map(str, item)), 30)))
        if isinstance(item, FloatText):
            item = float(item.text)
        if isinstance(item, bool) or not isinstance(item, int | float | list):
            raise InvalidPositionError(
                _("{item} in tree {text} is not a number or a list; leaves must be numbers")
                .format(item=shown(item), text=quote(text)))
        if isinstance(item, list):
            if not item:
                raise InvalidPositionError(
                    _("tree {text} has an empty list: an inner node needs at least one child")
                    .format(text=quote(text)))
            if len(item) > MAX_CHILDREN:
                raise InvalidPositionError(
                    _("a node of the tree has {count} children: a tree has {limits}").format(
                        count=grouped(len(item)), limits=limits()))
            vector = None if players is None else tuple_leaf(item, players)
            if vector is not None:
                return leaf(vector, ply, label)
            children = tuple(make(child, ply + 1, depth + 1) for child in item)
            check_siblings(children)
            return Node(None, children, ply, label)
        if players is not None:
            raise InvalidPositionError(
                _("leaf {leaf} is one number, but the tree has {players} players: {rule}").format(
                    leaf=shown(item), players=players, rule=_(PLAYERS_RULE)))
        finite(item)
        return Node(item, (), ply, label)

    def finite(number: float) -> None:  # (str() of an int is safe: MAX_LEAF_DIGITS is below)
        if not _finite(number):
            raise InvalidPositionError(
                _("leaf {leaf} in tree {text} is not a finite number within about 1.8e308")
                .format(leaf=quote(str(number), 20), text=quote(text)))

    def leaf(numbers: tuple[float, ...], ply: int, label: str | None) -> Node:
        for number in numbers:
            finite(number)
        return Node(numbers[0], (), ply, label, vector=numbers)

    def chance(item: Any, ply: int, depth: int, label: str | None) -> Node:
        pairs = outcomes(item)
        if len(pairs) > MAX_CHILDREN:
            raise InvalidPositionError(
                _("a chance node of the tree has {count} outcomes: a tree has {limits}").format(
                    count=grouped(len(pairs)), limits=limits()))
        probabilities = [probability(p, i) for i, (p, _) in enumerate(pairs, 1)]
        check_total(probabilities)
        shape.chance = True
        # A chance node takes no turn: its children are at its own ply.
        children = tuple(make(child, ply, depth + 1) for _, child in pairs)
        check_siblings(children)
        return Node(None, children, ply, label, chances=tuple(probabilities))

    root = make(data, first_ply, 0)
    if shape.chance or players is not None:  # bounds for the game type (plain trees need none)
        shape.see_leaves(root)
    return root, shape


__all__ = ["LIMITS", "MAX_CHILDREN", "MAX_DEPTH", "MAX_LABEL", "MAX_LEAF_DIGITS", "MAX_NODES",
           "MAX_TEXT", "KindTreeGame", "Node", "TreeGame", "bundled_descriptions", "bundled_trees",
           "random_tree"]
