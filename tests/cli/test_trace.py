"""`analyze --trace` and `--tree`: the course's worked example reproduced step by step, in English
and in Spanish; snapshots of the text at a fixed width without colour; the tree, the steps and the
moves table agreeing on random trees."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from minimax_cli.cli.app import app
from minimax_cli.reports import SCHEMA_FILE
from tests.profiles import examples

runner = CliRunner()
SCHEMA = SCHEMA_FILE
VALIDATOR = Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
WIDTH = {"COLUMNS": "160", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": ""}
COURSE = "[[3,12,8],[2,4,6],[14,5,2]]"


def text(*args: str) -> str:
    result = runner.invoke(app, list(args), env=WIDTH)
    assert result.exit_code == 0, result.output
    return result.stdout


def steps_of(out: str) -> list[str]:
    """The numbered step lines of a --trace output, without their numbers (a step wrapped onto
    more lines joined again)."""
    lines: list[str] = []
    number = 0
    for line in out.split("The search step by step", 1)[-1].splitlines()[1:]:
        head, _, rest = line.strip().partition(" ")
        if head.isdigit() and int(head) == number + 1:
            number += 1
            lines.append(rest.strip())
        elif lines and line.startswith(" ") and line.strip() and line.strip()[0] not in "…":
            lines[-1] += " " + line.strip()
        else:
            break
    return lines


# --- the slides' worked example ------------------------------------------------------------------
def test_the_course_example_step_by_step_in_english() -> None:
    # COURSE.md, alpha-beta on A over B (3, 12, 8), C (2, 4, 6), D (14, 5, 2): steps (a) to (g).
    out = text("analyze", "tree", "@abcd", "--trace")
    assert steps_of(out) == [
        "A (MAX) is entered with α = -∞, β = +∞",
        "B (MIN) is entered with α = -∞, β = +∞",
        "(a) B's first leaf is 3, so B ≤ 3",
        "(b) B's next leaf is 12, which changes nothing",
        "(c) B's last leaf is 8, so B = 3 and A ≥ 3",
        "C (MIN) is entered with α = 3, β = +∞",
        "(d) C's first leaf is 2, so C ≤ 2",
        "C ≤ 2 ≤ α = 3: the rest of C is pruned, never looked at: the leaves 4 and 6",
        "D (MIN) is entered with α = 3, β = +∞",
        "(e) D's first leaf is 14, so D ≤ 14 and A ≤ 14",
        "(f) D's next leaf is 5, so D ≤ 5 and A ≤ 5",
        "(g) D's last leaf is 2, so D = 2 and A = 3",
        "A = 3: MAX moves to B",
    ]


def test_the_course_example_step_by_step_in_spanish() -> None:
    for args in (["--lang", "es"], ["--lang=es"]):
        out = text("analyze", "tree", "@abcd", "--trace", *args)
        assert steps_of(out) == [
            "se entra en A (MAX) con α = -∞, β = +∞",
            "se entra en B (MIN) con α = -∞, β = +∞",
            "(a) la primera hoja de B es 3, así que B ≤ 3",
            "(b) la siguiente hoja de B es 12, lo que no cambia nada",
            "(c) la última hoja de B es 8, así que B = 3 y A ≥ 3",
            "se entra en C (MIN) con α = 3, β = +∞",
            "(d) la primera hoja de C es 2, así que C ≤ 2",
            "C ≤ 2 ≤ α = 3: se poda el resto de C, sin examinar: las hojas 4 y 6",
            "se entra en D (MIN) con α = 3, β = +∞",
            "(e) la primera hoja de D es 14, así que D ≤ 14 y A ≤ 14",
            "(f) la siguiente hoja de D es 5, así que D ≤ 5 y A ≤ 5",
            "(g) la última hoja de D es 2, así que D = 2 y A = 3",
            "A = 3: MAX elige B",
        ]


def test_a_spanish_locale_gives_spanish_without_the_option() -> None:
    result = runner.invoke(app, ["analyze", "tree", "@abcd", "--trace"],
                           env={**WIDTH, "LANG": "es_AR.UTF-8"})
    assert result.exit_code == 0
    assert "(a) la primera hoja de B es 3, así que B ≤ 3" in result.stdout
    # --lang wins over the locale
    result = runner.invoke(app, ["analyze", "tree", "@abcd", "--trace", "--lang", "en"],
                           env={**WIDTH, "LANG": "es_AR.UTF-8"})
    assert "(a) B's first leaf is 3, so B ≤ 3" in result.stdout


def test_the_unlabelled_course_tree_is_named_by_paths() -> None:
    out = text("analyze", "tree", COURSE, "--trace")
    steps = steps_of(out)
    assert steps[2] == "(a) node 1's first leaf is 3, so node 1 ≤ 3"
    assert steps[7] == ("node 2 ≤ 2 ≤ α = 3: the rest of node 2 is pruned, never looked at: the "
                        "leaves 4 and 6")
    assert steps[-1] == "the root = 3: MAX moves to node 1"


def test_a_whole_subtree_is_pruned_in_three_plies() -> None:
    # @subtree: [[[3,5],[6,9]],[[1,2],[0,-1]]]. 1.1 = max(3, 5) = 5, so node 1 <= 5; 1.2's first
    # leaf 6 >= beta = 5 prunes 9; node 1 = 5. Node 2: 2.1 = max(1, 2) = 2 <= alpha = 5, so the
    # whole subtree 2.2 (leaves 0 and -1) is pruned. Value 5.
    out = text("analyze", "tree", "@subtree", "--trace")
    assert steps_of(out) == [
        "the root (MAX) is entered with α = -∞, β = +∞",
        "node 1 (MIN) is entered with α = -∞, β = +∞",
        "node 1.1 (MAX) is entered with α = -∞, β = +∞",
        "(a) node 1.1's first leaf is 3, so node 1.1 ≥ 3",
        "(b) node 1.1's last leaf is 5, so node 1.1 = 5 and node 1 ≤ 5",
        "node 1.2 (MAX) is entered with α = -∞, β = 5",
        "(c) node 1.2's first leaf is 6, so node 1.2 ≥ 6, node 1 = 5 and the root ≥ 5",
        "node 1.2 ≥ 6 ≥ β = 5: the rest of node 1.2 is pruned, never looked at: the leaf 9",
        "node 2 (MIN) is entered with α = 5, β = +∞",
        "node 2.1 (MAX) is entered with α = 5, β = +∞",
        "(d) node 2.1's first leaf is 1, so node 2.1 ≥ 1",
        "(e) node 2.1's last leaf is 2, so node 2.1 = 2, node 2 ≤ 2 and the root = 5",
        "node 2 ≤ 2 ≤ α = 5: the rest of node 2 is pruned, never looked at: the subtree 2.2 "
        "(leaves 0 and -1)",
        "the root = 5: MAX moves to node 1",
    ]


# --- snapshots of the drawings ------------------------------------------------------------------
def test_the_tree_of_the_course_example() -> None:
    out = text("analyze", "tree", "@abcd", "--tree")
    assert out.splitlines()[:12] == [
        "★ A ▲ MAX  α=-∞ β=+∞  = 3",
        "├── ★ B ▼ MIN  α=-∞ β=+∞  = 3",
        "│   ├── ★ B.1 leaf = 3",
        "│   ├── B.2 leaf = 12",
        "│   └── B.3 leaf = 8",
        "├── C ▼ MIN  α=3 β=+∞  ≤ 2",
        "│   ├── C.1 leaf = 2",
        "│   └── ✂ pruned, never searched: C.2 (leaf 4); C.3 (leaf 6)",
        "└── D ▼ MIN  α=3 β=+∞  = 2",
        "    ├── D.1 leaf = 14",
        "    ├── D.2 leaf = 5",
        "    └── D.3 leaf = 2",
    ]
    # the moves table says the same of C and D
    table = [" ".join(line.replace("│", " ").split()) for line in out.splitlines()
             if line.startswith("│")]
    assert "B ★ value 3 3 yes" in table
    assert "D value 2 2 no" in table and "C value at most 2 ≤ 2 no" in table


def test_a_depth_one_tic_tac_toe_analysis_with_open_lines() -> None:
    # COURSE.md: from the empty board with one ply, X in the centre scores 8 - 4 = 4, a corner
    # 8 - 5 = 3, an edge 8 - 6 = 2; MAX opens in the centre.
    out = text("analyze", "tictactoe", "--depth", "1", "--algorithm", "alphabeta", "--trace",
               "--tree")
    assert steps_of(out) == [
        "the root (MAX) is entered with α = -∞, β = +∞",
        "(a) position 1: depth cut, the evaluation gives 3, so the root ≥ 3",
        "(b) position 2: depth cut, the evaluation gives 2, which changes nothing",
        "(c) position 3: depth cut, the evaluation gives 3, which changes nothing",
        "(d) position 4: depth cut, the evaluation gives 2, which changes nothing",
        "(e) position 5: depth cut, the evaluation gives 4, so the root ≥ 4",
        "(f) position 6: depth cut, the evaluation gives 2, which changes nothing",
        "(g) position 7: depth cut, the evaluation gives 3, which changes nothing",
        "(h) position 8: depth cut, the evaluation gives 2, which changes nothing",
        "(i) position 9: depth cut, the evaluation gives 3, so the root = 4",
        "the root = 4: MAX moves to 5",
    ]
    tree = out.split("★ root ▲ MAX", 1)[1].splitlines()
    assert tree[0] == "  α=-∞ β=+∞  = 4"
    assert tree[5] == "├── ★ 5 depth cut, evaluation = 4"
    assert [line.split()[-1] for line in tree[1:10]] == ["3", "2", "3", "2", "4", "2", "3", "2",
                                                         "3"]


def test_tree_depth_limits_the_drawing_not_the_search() -> None:
    full = text("analyze", "tree", "@subtree", "--tree", "--json")
    out = text("analyze", "tree", "@subtree", "--tree", "--tree-depth", "1")
    # below node 1: 1.1 and its two leaves, 1.2 and its one searched leaf; below node 2: 2.1 and
    # its two leaves (the pruned 2.2 is not a searched node)
    assert "… 5 nodes below, not drawn (--tree-depth 1)" in out
    assert "… 3 nodes below, not drawn (--tree-depth 1)" in out
    assert json.loads(full)["value"] == 5
    bad = runner.invoke(app, ["analyze", "tree", "@abcd", "--tree-depth", "1"], env=WIDTH)
    assert bad.exit_code == 2
    assert "--tree-depth and --boards say how --tree draws the search: add --tree" in bad.output


def test_boards_draws_the_position_at_each_node() -> None:
    out = text("analyze", "tictactoe", "X../.O./...", "--depth", "1", "-a", "alphabeta", "--tree",
               "--boards")
    lines = out.splitlines()
    # the root's board under its line, then each move's: move 3 puts an X in the top right
    assert lines[1:4] == ["X . .", ". O .", ". . ."]
    at = lines.index("├── ★ 3 depth cut, evaluation = 1")
    assert lines[at + 1:at + 4] == ["│   X . X", "│   . O .", "│   . . ."]


# --- JSON events ---------------------------------------------------------------------------------
def test_the_steps_as_json_events() -> None:
    data = json.loads(text("analyze", "tree", "@abcd", "--trace", "--json"))
    VALIDATOR.validate(data)
    events = data["trace"]
    assert [e["letter"] for e in events if e["letter"]] == list("abcdefg")
    cut = next(e for e in events if e["kind"] == "cut")
    assert (cut["node"], cut["alpha"], cut["high"]) == ("C", 3, 2)
    assert cut["pruned"] == [{"node": "C.2", "leaves": [4], "more_leaves": 0},
                             {"node": "C.3", "leaves": [6], "more_leaves": 0}]
    assert events[-1]["kind"] == "done" and events[-1]["best"] == "B"
    assert events[-1]["low"] == events[-1]["high"] == 3
    limited = json.loads(text("analyze", "tree", "@abcd", "--trace", "--json", "--max-steps", "4"))
    assert len(limited["trace"]) == 4


def test_a_step_limit_is_said() -> None:
    out = text("analyze", "tree", "@abcd", "--trace", "--max-steps", "5")
    assert len(steps_of(out)) == 5
    assert "… 8 more steps: the step limit (5) was reached; --max-steps shows more" in out


# --- the tree, the steps and the table agree -----------------------------------------------------
@st.composite
def trees(draw: st.DrawFn, depth: int = 3) -> Any:
    if depth == 0 or (draw(st.booleans()) and depth < 3):
        return draw(st.integers(-9, 9))
    return draw(st.lists(trees(depth - 1), min_size=1, max_size=3))


def minimax(tree: Any, maximizing: bool) -> int:
    if isinstance(tree, int):
        return tree
    values = [minimax(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


@examples(0.6, deadline=None)
@given(tree=trees(), algorithm=st.sampled_from(["alphabeta", "minimax", "negamax"]))
def test_drawn_values_and_bounds_are_consistent(tree: Any, algorithm: str) -> None:
    """Every node's drawn statement holds for its true minimax value; the root children's agree
    with the moves table; a node every child of which is drawn exact is drawn exact."""
    from minimax_cli import registry
    from minimax_cli.core.result import Limits
    from minimax_cli.core.search import search
    from minimax_cli.reports.trace import Walk

    if isinstance(tree, int):
        tree = [tree]
    game = registry.create("tree", {})
    state = game.parse_position(json.dumps(tree))
    result = search(game, state, algorithm, Limits(), trace=True)
    assert result.trace is not None
    walk = Walk(game, state, result.trace)

    def check(node: Any, subtree: Any, maximizing: bool) -> None:
        true = minimax(subtree, maximizing)
        interval = walk.final[id(node)]
        assert interval.low <= true <= interval.high
        if node.children and not node.pruned and all(walk.final[id(c)].exact
                                                      for c in node.children):
            assert interval.exact
        for child in node.children:
            check(child, subtree[child.move], not maximizing)

    check(result.trace, tree, True)
    table = {m.move: m for m in result.moves}
    for child in result.trace.children:
        drawn = walk.final[id(child)]
        entry = table[child.move]
        if algorithm == "alphabeta":  # the table states exactly what the tree draws
            assert (drawn.low, drawn.high) == (
                (entry.value, entry.value) if entry.bound.value == "exact" else
                (float("-inf"), entry.value) if entry.bound.value == "upper" else
                (entry.value, float("inf")))
        else:  # the others give every root move an exact value, which the drawing never contradicts
            assert drawn.low <= entry.value <= drawn.high


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "negamax", "expectimax"])
def test_every_algorithm_has_steps_to_show(algorithm: str) -> None:
    out = text("analyze", "tree", COURSE, "--trace", "-a", algorithm)
    steps = steps_of(out)
    assert steps[0].startswith("the root (MAX) is entered")
    assert steps[-1].startswith("the root = ")


def test_the_three_ply_tree_drawn_with_its_pruned_subtree() -> None:
    out = text("analyze", "tree", "@subtree", "--tree")
    assert out.splitlines()[:12] == [
        "★ root ▲ MAX  α=-∞ β=+∞  = 5",
        "├── ★ 1 ▼ MIN  α=-∞ β=+∞  = 5",
        "│   ├── ★ 1.1 ▲ MAX  α=-∞ β=+∞  = 5",
        "│   │   ├── 1.1.1 leaf = 3",
        "│   │   └── ★ 1.1.2 leaf = 5",
        "│   └── 1.2 ▲ MAX  α=-∞ β=5  ≥ 6",
        "│       ├── 1.2.1 leaf = 6",
        "│       └── ✂ pruned, never searched: 1.2.2 (leaf 9)",
        "└── 2 ▼ MIN  α=5 β=+∞  ≤ 2",
        "    ├── 2.1 ▲ MAX  α=5 β=+∞  = 2",
        "    │   ├── 2.1.1 leaf = 1",
        "    │   └── 2.1.2 leaf = 2",
    ]
    assert out.splitlines()[12] == "    └── ✂ pruned, never searched: 2.2 (leaves 0, -1)"


def test_monte_carlo_tree_search_tells_its_simulations() -> None:
    # Bones 6, take 1-3: every simulation walks down from the root, adds a node and plays out.
    out = text("analyze", "bones", "6", "-a", "mcts", "--trace", "--max-steps", "4", "--seed", "3")
    lines = out.split("simulation by simulation", 1)[1].splitlines()[1:5]
    assert [line.split()[0] for line in lines] == ["1", "2", "3", "4"]
    assert all(" down " in f" {line} " for line in lines)
    assert "… only the first 4 simulations are shown; --max-steps shows more" in out
    data = json.loads(text("analyze", "bones", "6", "-a", "mcts", "--trace", "--max-steps", "3",
                           "--json"))
    VALIDATOR.validate(data)
    assert [e["kind"] for e in data["trace"]] == ["simulation"] * 3
    # the first three simulations try the three root moves in the game's order
    assert [e["node"] for e in data["trace"]] == ["1", "2", "3"]
    assert all(sum(e["returns"]) == 0 for e in data["trace"])  # zero-sum: (v, -v)


def test_the_engines_win_at_ply_notation_is_explained_where_it_is_drawn() -> None:
    # Found by a user's tour: `= +1@1` and `≤ -1@4` were explained nowhere. X wins at once with 3
    # (ply 1); after 6 3 9 7 O has the diagonal 3 5 7: MIN's win at ply 4.
    drawn = text("analyze", "tictactoe", "XX./OO./...", "--tree")
    assert "= +1@1" in drawn and "≤ -1@4" in drawn
    legend = ("+1@N, -1@N: a win for MAX, for MIN, the game ending at ply N counted from the "
              "root")
    assert legend in " ".join(drawn.split())
    # Nothing to explain where no such number is drawn.
    plain = text("analyze", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--tree")
    assert "+1@N" not in plain
