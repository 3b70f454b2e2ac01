"""Alpha-beta exercises on explicit trees: what to ask, the answers, and how an answer is checked.

An exercise is a tree of two players (MAX, MIN) without chance, at most MAX_QUIZ_NODES nodes. Its
leaves are numbered 1, 2, 3 ... from left to right, as a student numbers the leaves of a tree
drawn by hand: a number says which leaf without any path to spell out, and two leaves of the same
value stay apart. The questions: the minimax value of the root, and which leaves textbook
alpha-beta (children searched left to right, cut when v >= beta at MAX or v <= alpha at MIN) never
evaluates. The answers come from the real searches (minimax for the value, the node counts and
the best moves; alpha-beta's trace for the leaves and the worked steps), never from a copy of them.

Answers are read with stated limits: at most MAX_ANSWER characters; a value is one number (3,
-2, 2.5, 2,5, 1/2); leaves are numbers and runs (`5 6`, `5,6`, `#5`, `5-7`) or `none`. A bad
answer raises AnswerError with a line saying the accepted form.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import _
from minimax_cli.core.params import grouped
from minimax_cli.core.result import Limits, TraceNode
from minimax_cli.core.score import Number
from minimax_cli.reports.quiz import Exercise, Leaf, LeavesVerdict, Line
from minimax_cli.reports.trace import Walk
from minimax_cli.services.limits import (
    BRANCHINGS,
    DEPTHS,
    LEAF_RANGE,
    MAX_ANSWER,
    MAX_COUNT,
    MAX_QUIZ_NODES,
    MAX_SEED,
)

_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
_FRACTION = re.compile(r"[+-]?[0-9]+/[0-9]+")
_DECIMAL_COMMA = re.compile(r"[+-]?[0-9]+,[0-9]+")
_LEAF = re.compile(r"#?([0-9]{1,6})")  # 6 digits: far beyond any quiz tree's leaves
_RUN = re.compile(r"#?([0-9]{1,6})-#?([0-9]{1,6})")
_MINUS = {"−": "-", "–": "-"}  # a typographic minus or dash typed for a sign


class AnswerError(ValueError):
    """An answer that is not of the accepted form; the message says the form."""


class QuizRefusal(ValueError):
    """A position that makes no exercise (not an explicit tree of MAX and MIN, too large...)."""


# --- building ------------------------------------------------------------------------------------
def refusal(game: AnyGame, state: Any) -> str | None:
    """Why `state` makes no exercise, or None."""
    kind = game.game_type
    if not game.explicit_tree:
        return _("--quiz asks about explicit trees (minimax analyze tree ... --quiz), and {game} "
                 "is a game with rules: try `minimax analyze tree "
                 "random:depth=3,branching=3,seed=7 --quiz`").format(game=game.name)
    if kind.players != 2 or kind.chance or not kind.zero_sum:
        return _("--quiz asks about trees of MAX and MIN without chance nodes, and this tree is a "
                 "game of {kind}").format(kind=kind.describe())
    if game.outcome(state) is not None:
        return _("the tree is a single leaf: there is nothing to search")
    count = 0
    stack = [state]
    while stack:
        count += 1
        if count > MAX_QUIZ_NODES:
            return _("a quiz tree has at most {limit} nodes, and this one has more: draw a "
                     "smaller one, e.g. random:depth=3,branching=3").format(limit=MAX_QUIZ_NODES)
        node = stack.pop()
        stack.extend(game.play(node, move) for move in game.legal_moves(node))
    return None


def build(game: AnyGame, state: Any, spec: str | None = None) -> Exercise:
    """The exercise of `state` (QuizRefusal when it makes none): the drawing, the leaves, and the
    answers found by minimax and by textbook alpha-beta with its trace."""
    from minimax_cli.core.search import (  # the search core loads only for a quiz
        PLAIN_ALPHABETA,
        PLAIN_MINIMAX,
        search,
    )

    problem = refusal(game, state)
    if problem is not None:
        raise QuizRefusal(problem)
    lines, leaves = _outline(game, state)
    plain = search(game, state, PLAIN_MINIMAX, Limits())
    pruning = search(game, state, PLAIN_ALPHABETA, Limits(), trace=True)
    assert pruning.trace is not None and not pruning.trace_truncated, "quiz trees are small"
    assert plain.value is not None
    best = [pruning.best_move] + [m for m in plain.best_moves() if m != pruning.best_move]
    return Exercise(
        position=game.format_position(state), spec=spec, lines=lines, leaves=leaves,
        root_value=plain.value,
        best_moves=[game.format_move(state, m) for m in best if m is not None],
        pruned=_never_evaluated(game, state, pruning.trace, leaves),
        minimax_nodes=plain.stats.nodes, minimax_leaves=plain.stats.leaves,
        alphabeta_nodes=pruning.stats.nodes, alphabeta_leaves=pruning.stats.leaves,
        steps=Walk(game, state, pruning.trace).steps(pruning.best_move))


def _outline(game: AnyGame, state: Any) -> tuple[list[Line], list[Leaf]]:
    """The tree in depth-first order, named as the worked steps name it (a label, else the
    parent's name and the child's number, `2.1`, `B.1`; `root` at the top), leaves numbered from
    the left."""
    lines: list[Line] = []
    leaves: list[Leaf] = []
    # (state, path, the parent's name or "" under an unlabelled root, guides, guides below)
    stack: list[tuple[Any, tuple[int, ...], str, str, str]] = [(state, (), "", "", "")]
    while stack:
        node, path, above, guides, below = stack.pop()
        label = game.node_name(node)
        step = str(path[-1]) if path else ""
        name = label or (f"{above}.{step}" if above else step) or "root"
        value = game.outcome(node)
        if value is not None:
            leaf = Leaf(len(leaves) + 1, path, value)
            leaves.append(leaf)
            lines.append(Line(guides, label or "", "", leaf))
            continue
        lines.append(Line(guides, name, "MAX" if game.to_move(node) == MAX else "MIN"))
        here = name if path or label else ""
        moves = list(game.legal_moves(node))
        for i in reversed(range(len(moves))):
            last = i == len(moves) - 1
            stack.append((game.play(node, moves[i]), (*path, i + 1), here,
                          below + ("└── " if last else "├── "),
                          below + ("    " if last else "│   ")))
    return lines, leaves


def _never_evaluated(game: AnyGame, state: Any, trace: TraceNode,
                     leaves: list[Leaf]) -> tuple[int, ...]:
    """The numbers of the leaves under the moves alpha-beta's cutoffs pruned."""
    cut: list[tuple[int, ...]] = []
    stack: list[tuple[TraceNode, Any, tuple[int, ...]]] = [(trace, state, ())]
    while stack:
        node, here, path = stack.pop()
        if game.to_move(here) == CHANCE:  # refused before: no exercise has chance nodes
            continue
        moves = list(game.legal_moves(here))
        cut.extend((*path, moves.index(move) + 1) for move in node.pruned)
        for child in node.children:
            stack.append((child, game.play(here, child.move),
                          (*path, moves.index(child.move) + 1)))
    return tuple(leaf.number for leaf in leaves
                 if any(leaf.path[:len(prefix)] == prefix for prefix in cut))


# --- a set of exercises --------------------------------------------------------------------------
def exercise_set(count: int, depth: int, branching: int, seed: int, low: int,
                 high: int) -> list[Exercise]:
    """`count` random trees drawn from `seed`: each has its own seed, drawn from `seed`, so two
    seeds give unrelated sets, and its `random:` form, which `minimax analyze tree` reads back."""
    from minimax_cli import registry

    draw = random.Random(seed)
    exercises = []
    for _index in range(count):
        spec = (f"random:depth={depth},branching={branching},seed={draw.randint(0, MAX_SEED)},"
                f"low={low},high={high}")
        game = registry.create("tree", {}).for_position(spec)
        exercises.append(build(game, game.parse_position(spec), spec))
    return exercises


def tree_nodes(depth: int, branching: int) -> int:
    return sum(branching**level for level in range(depth + 1))


# --- answers -------------------------------------------------------------------------------------
def _checked(text: str) -> str:
    if len(text) > MAX_ANSWER:
        raise AnswerError(_("the answer has {length} characters; an answer is at most "
                            "{limit}").format(length=grouped(len(text)), limit=grouped(MAX_ANSWER)))
    if not text.isprintable():
        raise AnswerError(_("the answer holds a control character; type it in printable "
                            "characters"))
    for typed, plain in _MINUS.items():
        text = text.replace(typed, plain)
    return text.strip()


def parse_value(text: str) -> Fraction:
    """A number as a student writes it: 3, -2, 2.5, 2,5 (a decimal comma), 1/2, 1e3."""
    word = _checked(text)
    if not word:
        raise AnswerError(_("give the root's value as a number, e.g. 3, -2, 2.5 or 1/2"))
    if _DECIMAL_COMMA.fullmatch(word):
        word = word.replace(",", ".")
    if _NUMBER.fullmatch(word) or _FRACTION.fullmatch(word):
        try:
            return Fraction(word)
        except ZeroDivisionError:
            pass
    raise AnswerError(_("{answer} is not a number: write the root's value as 3, -2, 2.5 or "
                        "1/2").format(answer=shown(text)))


def exact(value: Number) -> Fraction:
    """A leaf's value as the fraction of its written form (2.5 is 5/2, not a binary float)."""
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


def parse_leaves(text: str, count: int) -> frozenset[int]:
    """Leaf numbers from 1 to `count`: `5 6`, `5,6`, `#5`, runs `5-7`; `none` for no leaf."""
    words = [w for w in re.split(r"[\s,;]+", _checked(text)) if w]
    if not words:
        raise AnswerError(_("give the numbers of the leaves, e.g. 5 6 or 5-7, or none if "
                            "alpha-beta evaluates every leaf"))
    if len(words) == 1 and words[0].lower() in ("none", _("none").lower()):
        return frozenset()
    found: set[int] = set()
    for word in words:
        run = _RUN.fullmatch(word)
        one = _LEAF.fullmatch(word)
        if run is not None:
            first, last = int(run.group(1)), int(run.group(2))
        elif one is not None:
            first = last = int(one.group(1))
        else:
            raise AnswerError(_("{word} is not a leaf number: write the leaves' numbers as 5 6 "
                                "or 5,6, a run as 5-7, or none").format(word=shown(word)))
        if first > last:
            raise AnswerError(_("the run {word} goes backwards: write it as {last}-{first}")
                              .format(word=shown(word), first=first, last=last))
        for number in (first, last):
            if not 1 <= number <= count:
                raise AnswerError(_("there is no leaf #{number}: the leaves are numbered 1 to "
                                    "{count} from the left").format(number=number, count=count))
        found.update(range(first, last + 1))
    return frozenset(found)


def shown(text: str, limit: int = 40) -> str:
    """Typed text for a message: quoted, cut to `limit` characters."""
    cut = len(text) > limit
    return "'" + text[:limit] + ("…" if cut else "") + "'"


def check_value(exercise: Exercise, answer: Fraction) -> bool:
    return answer == exact(exercise.root_value)


def check_leaves(exercise: Exercise, answer: frozenset[int]) -> LeavesVerdict:
    pruned = set(exercise.pruned)
    values = {exact(exercise.leaf(n).value) for n in pruned}
    return LeavesVerdict(
        right=answer == pruned, missed=tuple(sorted(pruned - answer)),
        extra=tuple(sorted(answer - pruned)),
        values_given=answer != pruned and bool(answer) and {Fraction(n) for n in answer} == values)


__all__ = ["BRANCHINGS", "DEPTHS", "LEAF_RANGE", "MAX_ANSWER", "MAX_COUNT", "MAX_QUIZ_NODES",
           "MAX_SEED", "AnswerError", "Exercise", "Leaf", "LeavesVerdict", "Line", "QuizRefusal",
           "build", "check_leaves", "check_value", "exact", "exercise_set", "parse_leaves",
           "parse_value", "refusal", "shown", "tree_nodes"]
