"""An explicit game tree as `minimax play tree` shows it on every turn and for `board`: drawn as
a text tree (the marks of `analyze --tree`: ▲ MAX, ▼ MIN, ◆ CHANCE, `leaf = 3`, nodes named by
label or by their path from the root, `B.1`), the moves played so far in bold, the current node
marked ▶, and each move that can be played from it named as a branch beside the node it leads to.

Moves are named so that they cannot be read as values: an unlabelled child is `branch 2` (what is
typed is still its number, `2`, or its label), never a bare number beside a leaf that holds one.

A course's tree is drawn whole; a large one (a random tree of thousands of nodes) is drawn along
the path played, every node on it with its children (at most CHILDREN a node, the rest counted),
each node not opened saying how many nodes are below it, so that the drawing stays a screenful.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from rich.tree import Tree

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import _, ngettext
from minimax_cli.core.score import format_number
from minimax_cli.core.words import grouped

#: Trees of at most this many nodes are drawn whole.
WHOLE_TREE = 60
#: Children drawn under one node; the rest are counted.
CHILDREN = 12
#: Levels drawn below the current node of a large tree (its children).
LEVELS_BELOW = 1

MAX_MARK, MIN_MARK, CHANCE_MARK = "▲ MAX", "▼ MIN", "◆ CHANCE"


def move_name(game: AnyGame, state: Any, move: Any) -> str:
    """A move as play says it: a tree's unlabelled child as `branch 2` (its number, never to be
    read as a value), a labelled one by its label, any other game's move as the game writes it
    for a reader of the interface's language (chess in Spanish: Cf3)."""
    text = game.spoken_move(state, move)
    return branch_words(game, text)


def branch_words(game: AnyGame, text: str) -> str:
    """`branch 2` for the text `2` of an explicit tree's move (a tree's labels are never whole
    numbers, so a whole number is a child's number), the text itself otherwise."""
    if game.explicit_tree and text.isascii() and text.isdigit():
        return _("branch {number}").format(number=text)
    return text


def typed_move(game: AnyGame, text: str) -> str:
    """The move a player typed, `branch 2` (as play names it, in English or the interface's
    language) read as `2`; any other text as it is."""
    words = text.split()
    if game.explicit_tree and len(words) == 2 and words[1].isascii() and words[1].isdigit():
        named = {"branch", _("branch {number}").replace("{number}", "").strip().lower()}
        if words[0].lower() in named:
            return words[1]
    return text


def _children(game: AnyGame, state: Any) -> list[tuple[Any, Any, str]]:
    """(move, child, probability text) for each child of a node, left to right."""
    if game.outcome(state) is not None:
        return []
    if game.to_move(state) == CHANCE:
        return [(move, game.play(state, move), f"p={format_number(p)} ")
                for move, p in game.chance_outcomes(state)]
    return [(move, game.play(state, move), "") for move in game.legal_moves(state)]


def _size(game: AnyGame, root: Any, most: int) -> int:
    """The nodes of the tree at `root`, counted up to `most + 1`."""
    count, stack = 0, [root]
    while stack and count <= most:
        state = stack.pop()
        count += 1
        stack.extend(child for _move, child, _p in _children(game, state))
    return count


class _Drawing:
    """One drawing: the tree from `root`, the path played (`states`), what to expand."""

    def __init__(self, game: AnyGame, states: Sequence[Any]) -> None:
        self.game, self.states = game, list(states)
        self.on_path = {id(state) for state in states}
        self.current = states[-1]
        self.whole = _size(game, states[0], WHOLE_TREE) <= WHOLE_TREE

    def kind(self, state: Any) -> Text:
        game = self.game
        if game.outcome(state) is not None:
            returns = game.returns(state)
            value = ("(" + ", ".join(format_number(v) for v in returns) + ")"
                     if returns is not None and game.game_type.players > 2
                     else format_number(game.outcome(state) or 0))
            return Text(_("leaf = {value}").format(value=value), style="cyan")
        player = game.to_move(state)
        if player == CHANCE:
            return Text(CHANCE_MARK, style="yellow")
        if game.game_type.players > 2:
            return Text(_("● player {number}").format(number=player + 1), style="blue")
        return Text(MAX_MARK, style="green") if player == MAX else Text(MIN_MARK, style="red")

    def label(self, state: Any, name: str, prefix: str) -> Text:
        text = Text()
        if state is self.current:
            text.append("▶ ", style="bold")
        if prefix:
            text.append(prefix, style="bold yellow")
        text.append(f"{name} ", style="bold" if id(state) in self.on_path else "")
        text.append_text(self.kind(state))
        if state is self.current:
            text.append("  " + _("◀ here"), style="bold")
        return text

    def expand(self, state: Any, below_current: int | None) -> bool:
        """Whether a node's children are drawn: always in a small tree; in a large one along the
        path played and a few levels below the current node."""
        if self.whole or id(state) in self.on_path:
            return True
        return below_current is not None and below_current < LEVELS_BELOW

    def draw(self) -> Tree:
        game, root = self.game, self.states[0]
        root_name = game.node_name(root) or _("root")
        tree = Tree(self.label(root, root_name, ""), guide_style="dim")
        stack: list[tuple[Any, Tree, str, int | None]] = [
            (root, tree, game.node_name(root) or "", 0 if root is self.current else None)]
        while stack:
            state, branch, path, below = stack.pop()
            children = _children(game, state)
            if not children:
                continue
            if not self.expand(state, below):
                below_it = _size(game, state, 10**9) - 1
                if isinstance(branch.label, Text):
                    branch.label.append("  " + ngettext("(… {count} node below)",
                                                        "(… {count} nodes below)", below_it)
                                        .format(count=grouped(below_it)), style="dim")
                continue
            # The first CHILDREN, and the one the path played goes through wherever it is.
            shown = [(index, entry) for index, entry in enumerate(children, 1)
                     if self.whole or index <= CHILDREN or id(entry[1]) in self.on_path]
            added = []
            for index, (move, child, chance) in shown:
                name = game.node_name(child) or (f"{path}.{index}" if path else str(index))
                prefix = chance
                said = move_name(game, state, move)
                if state is self.current and said != name:
                    prefix += said + " → "
                sub = branch.add(self.label(child, name, prefix))
                # Levels below the current node (None: not below it).
                down = 0 if child is self.current else None if below is None else below + 1
                added.append((child, sub, name, down))
            stack.extend(reversed(added))
            hidden = len(children) - len(shown)
            if hidden:
                branch.add(Text(ngettext("… {count} more branch", "… {count} more branches",
                                         hidden).format(count=grouped(hidden)), style="dim"))
        return tree


def game_tree(game: AnyGame, states: Sequence[Any]) -> RenderableType:
    """The tree from `states[0]` (the position the sitting started from) with the moves played
    to `states[-1]`, the current node, marked; its moves named as branches (`move_name`)."""
    drawing = _Drawing(game, states)
    tree = drawing.draw()
    lines: list[RenderableType] = [tree]
    state = states[-1]
    moves = [] if game.outcome(state) is not None else list(game.legal_moves(state))
    if moves and game.to_move(state) != CHANCE:
        names = [move_name(game, state, move) for move in moves[:CHILDREN]]
        line = Text(_("moves:    "), style="dim")
        line.append(", ".join(names) + (", …" if len(moves) > CHILDREN else ""))
        first = game.format_move(state, moves[0])
        if names[0] != first:  # a branch: what is typed is its number
            line.append(" " + _("(type a branch's number, e.g. {number})").format(number=first),
                        style="dim")
        lines.append(line)
    return Group(*lines)


__all__ = ["branch_words", "game_tree", "move_name", "typed_move"]
