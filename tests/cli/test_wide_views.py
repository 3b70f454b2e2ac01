"""Issue 20, defect 12: a node of 10,000 children drawn (`--tree`) and traced (`--trace`) within
the view limits. The tree draws 40 children a node and 20 pruned moves, the trace its step limit;
the work to name, bound and word what is shown must not grow with the node's width once per child
(it did: each child's name listed all 10,000 outcomes again, each step summed them all again).

Independently known facts: a chance node of 10,000 outcomes of 1/10,000 each over the leaves
`i % 7` has the value 14997/5000 (= (1,428 * 21 + 0 + 1 + 2 + 3) / 10,000: 1,428 full cycles
of 0..6 and the start of one more); the search records its first 5,000 nodes; the steps are one a
node entered or a leaf, one a cut, and the last; the fast bounds agree with the straightforward
sum of every outcome at every step.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from fractions import Fraction
from typing import Any

import pytest

from games.tree.game import TreeGame
from minimax_cli.core.search import search
from minimax_cli.reports.intervals import UNKNOWN, Interval
from minimax_cli.reports.trace import Walk
from minimax_cli.views.tree import search_tree

WIDE = json.dumps({"chance": [["1/10000", i % 7] for i in range(10000)]})
MINIMAX = [sys.executable, "-m", "minimax_cli"]


class CountingTree(TreeGame):
    """A tree game that counts how often a chance node's outcomes are listed."""

    listed = 0

    def chance_outcomes(self, state: Any) -> Any:
        CountingTree.listed += 1
        return super().chance_outcomes(state)


def wide_walk() -> tuple[Walk, Any]:
    base = TreeGame().for_position(WIDE)
    game = CountingTree()
    game.game_type = base.game_type
    state = game.parse_position(WIDE)
    result = search(game, state, "expectiminimax", trace=True)
    assert result.value == Fraction(14997, 5000)
    CountingTree.listed = 0
    return Walk(game, state, result.trace), result


def test_naming_a_wide_node_lists_its_outcomes_once() -> None:
    walk, result = wide_walk()
    search_tree(walk.game, walk.state, result.trace, truncated=result.trace_truncated)
    # Before: once for every recorded child (5,000), about 16 s of a 20 s drawing.
    assert CountingTree.listed <= 4


def test_the_trace_words_only_the_steps_it_shows() -> None:
    walk, result = wide_walk()
    steps = walk.steps(result.best_move, 200)
    assert len(steps) == 200 and steps[0].kind == "enter" and steps[1].kind == "leaf"
    assert walk.step_count() == 5002  # one a recorded node (the root and 5,000 outcomes), the last
    # Before: every step summed the 10,000 outcomes again, 200 steps about 70 s.
    assert CountingTree.listed <= 4


def plain_partial(walk: Walk, node: Any, count: int, last: Interval) -> Interval:
    """The bounds as combine gives them from every child, the way steps used to get them."""
    known = [walk.final[id(c)] for c in node.children[:count]]
    return walk.combine(node, [*known, last])


def random_tree(rng: random.Random, depth: int, floats: bool) -> Any:
    if depth == 0 or rng.random() < 0.2:
        return round(rng.uniform(-9, 9), 1) if floats else rng.randint(-9, 9)
    if rng.random() < 0.4:
        weights = [rng.randint(1, 4) for _ in range(rng.randint(2, 4))]
        total = sum(weights)
        return {"chance": [[f"{w}/{total}", random_tree(rng, depth - 1, floats)]
                           for w in weights]}
    return [random_tree(rng, depth - 1, floats) for _ in range(rng.randint(1, 4))]


@pytest.mark.parametrize("algorithm", ["expectiminimax", "star1", "star2"])
def test_the_fast_bounds_agree_with_the_plain_sum(algorithm: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(20)
    for case in range(60):
        text = json.dumps([random_tree(rng, 3, floats=case % 3 == 0) for _ in range(2)])
        if "chance" not in text:
            continue
        game = TreeGame().for_position(text)
        state = game.parse_position(text)
        result = search(game, state, algorithm, trace=True)
        fast = Walk(game, state, result.trace)
        fast_steps = fast.steps(result.best_move)
        with monkeypatch.context() as patch:
            patch.setattr(Walk, "_partial", plain_partial)
            plain = Walk(game, state, result.trace)
            plain_steps = plain.steps(result.best_move)
        assert fast_steps == plain_steps, text
        assert len(fast_steps) == fast.step_count(), text
        assert fast.steps(result.best_move, 3) == plain_steps[:3]
    assert UNKNOWN.low < 0  # (the plain sum's unknown child is -inf..+inf)


@pytest.mark.parametrize("extra", [["--tree"], ["--trace"], ["--tree", "--trace", "-a",
                                                              "expectiminimax"]])
def test_a_chance_node_of_10000_outcomes_is_drawn_and_traced_quickly(extra: list[str]) -> None:
    start = time.monotonic()
    done = subprocess.run([*MINIMAX, "analyze", "tree", "-", "--nodes", "20000", *extra],
                          input=WIDE, capture_output=True, text=True, timeout=120)
    took = time.monotonic() - start
    assert done.returncode == 0, done.stderr
    assert "value   14997/5000" in done.stdout
    if "--tree" in extra:
        assert "4,960 more searched moves not drawn (at most 40 a node)" in done.stdout
    if "--trace" in extra:
        assert "the step limit (200) was reached" in done.stdout
        assert "4802 more steps" in done.stdout  # 5,002 steps in all, 200 shown
    assert took < 30  # before: over 40 s (28 s for --tree alone on a loaded machine)
