"""The tree game's notation under hostile input: numbers beyond a double, trees beyond the stated
limits, labels that could be mistaken for child numbers, and move text of every odd kind. Each
refusal is the exact error class with a one-line message naming the limit or the accepted form.

Limits are checked at their boundaries with the real constants where a tree that size is cheap to
build, and with the constants patched small (monkeypatch) where the real size would be slow."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games.tree.game as tree_module
from games.tree.game import (
    MAX_CHILDREN,
    MAX_DEPTH,
    MAX_LABEL,
    MAX_LEAF_DIGITS,
    MAX_NODES,
    MAX_TEXT,
    Node,
    TreeGame,
)
from minimax_cli.core import GameError, IllegalMoveError, InvalidMoveError, InvalidPositionError
from minimax_cli.core.params import MAX_DIGITS
from minimax_cli.core.search import search
from tests.profiles import examples

GAME = TreeGame()
LIMITS = (f"a tree has at most {MAX_NODES:,} nodes, {MAX_CHILDREN:,} children per node, "
          f"{MAX_DEPTH} levels and {MAX_TEXT:,} characters")
LABEL_RULE = (f"a label is text of 1 to {MAX_LABEL} characters, not only digits (a number names a"
              ' child by its place), e.g. "B" or "x1"')
RANDOM_FORM = "random:branching=3,depth=3,seed=1,low=0,high=10 (every key optional)"


def refusal(text: str) -> str:
    """The message of the InvalidPositionError that `text` must raise; always one line."""
    with pytest.raises(InvalidPositionError) as error:
        GAME.parse_position(text)
    message = str(error.value)
    assert "\n" not in message and "\r" not in message
    return message


def leaves(node: Node) -> list[float]:
    return [n.value for n in node.walk() if n.value is not None]


def minimax_value(node: Node) -> float:
    """The definition, for the oracle: MAX at even plies, MIN at odd."""
    if node.value is not None:
        return node.value
    values = [minimax_value(child) for child in node.children]
    return max(values) if node.ply % 2 == 0 else min(values)


# --- 1. numbers a double cannot hold --------------------------------------------------------------
def test_a_leaf_beyond_pythons_digit_limit_is_refused_by_its_digits() -> None:
    # 4,401 digits: past Python's 4,300-digit limit on int(), which the JSON reader would hit
    assert refusal("[" + "7" * 4401 + ",2]") == (
        "leaf '7777777777777777777…' has 4,401 digits: leaves must be finite numbers within about"
        f" 1.8e308 (at most {MAX_LEAF_DIGITS} digits)")


@pytest.mark.parametrize("sign", ["", "-"])
def test_a_leaf_of_401_digits_is_refused_before_it_is_converted(sign: str) -> None:
    assert refusal(f"[{sign}1{'0' * 400},2]") == (
        f"leaf '{sign}1{'0' * (18 - len(sign))}…' has 401 digits: leaves must be finite numbers"
        f" within about 1.8e308 (at most {MAX_LEAF_DIGITS} digits)")


def test_a_whole_leaf_of_309_digits_beyond_a_double_is_refused() -> None:
    text = f"[{2 * 10**308},1]"  # 309 digits, the most allowed, but above 1.8e308
    assert refusal(text) == (
        f"leaf '{str(2 * 10**308)[:19]}…' in tree '{text[:59]}…' is not a finite number within"
        " about 1.8e308")


@pytest.mark.parametrize(("text", "shown"), [
    ("[1e400,1]", "inf"), ("[-1e400,1]", "-inf"), ("[NaN,1]", "nan"), ("[Infinity,1]", "inf"),
    ("[-Infinity,1]", "-inf"), ("[1" + "0" * 5000 + ".0,1]", "inf"),
])
def test_floats_that_overflow_or_are_not_numbers_are_refused(text: str, shown: str) -> None:
    assert refusal(text).startswith(f"leaf '{shown}' in tree ")
    assert refusal(text).endswith("is not a finite number within about 1.8e308")


def test_the_largest_leaves_are_kept_exactly_and_searched() -> None:
    big = 10**308  # 309 digits, a finite double
    state = GAME.parse_position(f"[[{big},-1.7e308],[{-big},5]]")
    assert leaves(state) == [big, -1.7e308, -big, 5]
    result = search(GAME, state, "negamax")
    assert result.value == minimax_value(state) == -big  # min(-big, 5) beats min(big, -1.7e308)
    assert GAME.parse_position(GAME.format_position(state)).children[0].children[0].value == big
    assert math.isfinite(float(big))  # what a renderer converting to float gets


@pytest.mark.parametrize(("key", "raw", "digits"), [
    ("high", "1" + "0" * 300, 301), ("low", "-1" + "0" * 400, 401), ("seed", "7" * 4401, 4401),
])
def test_random_tree_numbers_have_at_most_100_digits(key: str, raw: str, digits: int) -> None:
    text = f"random:low=0,{key}={raw}"
    assert refusal(text) == (
        f"{key} in '{text[:59]}…': a number of {digits:,} digits is too large: at most "
        f"{MAX_DIGITS} digits")


@pytest.mark.parametrize("raw", ["٣", "²", "1_0", "3.0", "", "1e3", "0x10", "--1"])
def test_random_tree_numbers_are_ascii_whole_numbers(raw: str) -> None:
    text = f"random:seed={raw}"
    assert refusal(text) == (
        f"{raw!r} for seed in {text!r} is not a whole number; write {RANDOM_FORM}")


def test_random_tree_bounds_of_100_digits_are_used_exactly() -> None:
    low, high = -(10**99), 10**100 - 1  # 100 digits each: the most allowed
    state = GAME.parse_position(f"random:branching=2,depth=3,seed=4,low={low},high=+{high}")
    values = leaves(state)
    assert len(values) == 8 and all(low <= v <= high and isinstance(v, int) for v in values)
    assert all(math.isfinite(float(v)) for v in values)
    assert search(GAME, state, "negamax").value == minimax_value(state)
    assert leaves(GAME.parse_position(GAME.format_position(state))) == values


# --- 2. the size of a tree --------------------------------------------------------------------------
def test_the_stated_limits_are_in_the_position_help() -> None:
    assert LIMITS.removeprefix("a tree has ") in TreeGame.position_help
    assert "leaves are finite numbers within about 1.8e308" in TreeGame.position_help
    assert "not a whole number and differs from its siblings' labels" in TreeGame.position_help


def test_a_text_longer_than_the_limit_is_refused_before_it_is_read() -> None:
    padded = "[1" + " " * (MAX_TEXT - 3) + "]"  # exactly MAX_TEXT characters: accepted
    assert len(padded) == MAX_TEXT and leaves(GAME.parse_position(padded)) == [1]
    assert refusal(padded + " 0") == (
        f"tree text of {MAX_TEXT + 2:,} characters is too long: {LIMITS}")


def test_children_of_one_node_up_to_the_limit() -> None:
    wide = GAME.parse_position(json.dumps([0] * MAX_CHILDREN))
    assert len(wide.children) == MAX_CHILDREN
    assert refusal(json.dumps([[0] * (MAX_CHILDREN + 1)])) == (
        f"a node of the tree has {MAX_CHILDREN + 1:,} children: {LIMITS}")
    # the flat tree of the issue, 999,999 leaves
    assert refusal("[" + ",".join(["1"] * 999_999) + "]") == (
        f"a node of the tree has 999,999 children: {LIMITS}")


def test_nodes_up_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # the real limit would take a fraction of a second per tree: patched to 13
    monkeypatch.setattr(tree_module, "MAX_NODES", 13)
    assert len(list(GAME.parse_position("[[3,12,8],[2,4,6],[14,5,2]]").walk())) == 13
    message = refusal("[[3,12,8],[2,4,6],[14,5,2,1]]")
    assert message.startswith("tree has more than 13 nodes: a tree has at most ")


def test_levels_up_to_the_limit() -> None:
    def chain(levels: int) -> str:
        return "[" * levels + "1" + "]" * levels

    deepest = GAME.parse_position(chain(MAX_DEPTH))
    assert max(node.ply for node in deepest.walk()) == MAX_DEPTH
    assert deepest.children[0].ply == 1
    expected = f"tree is nested too deeply: a tree has at most {MAX_DEPTH} levels"
    assert refusal(chain(MAX_DEPTH + 1)) == expected
    assert refusal(chain(100_000)) == expected  # too deep for the JSON reader itself


def test_levels_are_counted_from_a_root_where_min_moves() -> None:
    state = GAME.parse_position("[" * MAX_DEPTH + "1" + "]" * MAX_DEPTH + "/min")
    assert state.ply == 1 and max(node.ply for node in state.walk()) == MAX_DEPTH + 1


def test_random_trees_count_their_nodes_against_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    assert refusal("random:branching=3,depth=11") == (
        f"'random:branching=3,depth=11' would have 265,720 nodes: a tree has at most "
        f"{MAX_NODES:,} nodes")
    monkeypatch.setattr(tree_module, "MAX_NODES", 40)  # a real-size tree takes 0.3 s to build
    assert len(list(GAME.parse_position("random:branching=3,depth=3").walk())) == 40
    assert refusal("random:branching=2,depth=5") == (
        "'random:branching=2,depth=5' would have 63 nodes: a tree has at most 40 nodes")


# --- 3. labels ------------------------------------------------------------------------------------
def labelled(*labels: Any) -> str:
    return json.dumps([{"label": label, "value": i} for i, label in enumerate(labels, 1)])


def test_labels_of_siblings_must_differ() -> None:
    # the tree: A, A, 1 reported best move "1", which is also child number 1
    assert refusal(labelled("A", "A", "B")) == (
        "two children of one node are labelled 'A': labels must differ among siblings (they name"
        " the moves)")
    cousins = GAME.parse_position(json.dumps([{"label": "A", "children": [{"label": "A", "value": 1}]},
                                              {"label": "B", "children": [{"label": "A", "value": 2}]}]))
    assert [c.children[0].label for c in cousins.children] == ["A", "A"]


@pytest.mark.parametrize("label", ["1", "007", "0", "12345678901234567890"])
def test_a_label_of_digits_would_read_as_a_child_number(label: str) -> None:
    assert refusal(labelled("A", label)) == (
        f"label {label!r} would read as a child number: {LABEL_RULE}")


@pytest.mark.parametrize(("label", "shown"), [(1, "1"), (2.5, "2.5"), (True, "true"),
                                              (["A"], "a list [...]"), ({"a": 1}, "an object {...}")])
def test_a_label_must_be_text(label: Any, shown: str) -> None:
    assert refusal(labelled("A", label)) == f"label {shown} is not text in quotes: {LABEL_RULE}"


@pytest.mark.parametrize(("label", "message"), [
    ("", "label '' has 0 characters"),
    ("x" * (MAX_LABEL + 1), f"label '{'x' * 19}…' has {MAX_LABEL + 1} characters"),
    (" A", "label ' A' has spaces at an end or characters that cannot be typed"),
    ("A\n", "label 'A\\n' has spaces at an end or characters that cannot be typed"),
    ("a\x1bb", "label 'a\\x1bb' has spaces at an end or characters that cannot be typed"),
])
def test_labels_that_cannot_be_typed_or_shown_are_refused(label: str, message: str) -> None:
    assert refusal(labelled(label)) == f"{message}: {LABEL_RULE}"


def test_moves_by_label_and_by_number_name_the_same_child() -> None:
    children = [*json.loads(labelled("A", "x1", "²", "[/]")), 9]
    state = GAME.parse_position(json.dumps(children))
    assert [c.label for c in state.children] == ["A", "x1", "²", "[/]", None]
    for i, child in enumerate(state.children):
        name = GAME.format_move(state, i)
        assert name == (child.label if child.label is not None else str(i + 1))
        assert GAME.parse_move(state, name) == i
        assert GAME.parse_move(state, str(i + 1)) == i
        assert GAME.parse_move(state, f" 0{i + 1} ") == i
    assert GAME.parse_move(state, "²") == 2  # a label, where int() would refuse it
    longest = GAME.parse_position(labelled("y" * MAX_LABEL))
    assert GAME.parse_move(longest, "y" * MAX_LABEL) == 0


def test_the_best_move_is_named_by_its_label_and_reads_back() -> None:
    state = GAME.parse_position(labelled("A", "B", "x2"))
    result = search(GAME, state, "negamax")
    assert result.value == 3 and GAME.format_move(state, result.best_move) == "x2"
    assert GAME.parse_move(state, "x2") == 2 and GAME.parse_move(state, "2") == 1


def test_labelled_trees_round_trip() -> None:
    state = GAME.parse_position("@abcd")
    again = GAME.parse_position(GAME.format_position(state))
    assert [c.label for c in again.children] == ["B", "C", "D"]
    assert leaves(again) == leaves(state) == [3, 12, 8, 2, 4, 6, 14, 5, 2]


# --- 4. hostile text -------------------------------------------------------------------------------
SLIDES = GAME.parse_position("[[3,12,8],[2,4,6],[14,5,2]]")


@pytest.mark.parametrize(("text", "error", "message"), [
    ("²", InvalidMoveError, "'²' is not a move; give a child number from 1 to 3"),
    ("", InvalidMoveError, "'' is not a move; give a child number from 1 to 3"),
    ("1\x00", InvalidMoveError, "'1\\x00' is not a move; give a child number from 1 to 3"),
    ("\n", InvalidMoveError, "'\\n' is not a move; give a child number from 1 to 3"),
    ("１", InvalidMoveError, "'１' is not a move; give a child number from 1 to 3"),
    ("-1", InvalidMoveError, "'-1' is not a move; give a child number from 1 to 3"),
    ("0", IllegalMoveError, "there is no child '0' here; give a number from 1 to 3"),
    ("4", IllegalMoveError, "there is no child '4' here; give a number from 1 to 3"),
    ("9" * 5000, IllegalMoveError, "there is no child '9999999999999999999…' here; give a number"
     " from 1 to 3"),
    ("0" * 5000 + "2", None, None),
])
def test_hostile_moves(text: str, error: type[GameError] | None, message: str | None) -> None:
    if error is None:
        assert GAME.parse_move(SLIDES, text) == 1
        return
    with pytest.raises(error) as raised:
        GAME.parse_move(SLIDES, text)
    assert str(raised.value) == message


def test_a_move_at_a_leaf_is_illegal_whatever_its_text() -> None:
    leaf = SLIDES.children[0].children[0]
    with pytest.raises(IllegalMoveError) as raised:
        GAME.parse_move(leaf, "1\n2")
    assert str(raised.value) == "no move '1\\n2': this node is a leaf (the game is over)"


@pytest.mark.parametrize(("text", "start"), [
    ("", "tree '' is not valid JSON (Expecting value at character 1)"),
    ("\x00", "tree '\\x00' is not valid JSON"),
    ("[1,\udcff]", "tree '[1,\\udcff]' is not valid JSON"),
    ("@no\nsuch", "no bundled tree 'no\\nsuch'; bundled trees: @abcd"),
    ("random:ke\ny=1", "unknown key 'ke\\ny' in 'random:ke\\ny=1'; write random:"),
    ("randomly", "'randomly' is not a random tree; write random:"),
    ('{"foo": 1}', "a node with keys 'foo' needs \"children\" (a list) or \"value\" (a number)"),
    ('[{"value": {"value": 1}}]', "an object {...} in tree"),
    ('["[red]x"]', "'[red]x' in tree '[\"[red]x\"]' is not a number or a list"),
    ("[[]]", "tree '[[]]' has an empty list: an inner node needs at least one child"),
    ("[true]", "true in tree '[true]' is not a number or a list"),
])
def test_hostile_positions(text: str, start: str) -> None:
    assert refusal(text).startswith(start)


@examples(3, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_a_move_or_a_game_error(text: str) -> None:
    state = GAME.parse_position(labelled("A", "b2", "²"))
    try:
        move = GAME.parse_move(state, text)
    except (InvalidMoveError, IllegalMoveError) as error:
        assert "\n" not in str(error)
    else:
        assert move in range(3)


@examples(3, deadline=None)
@given(st.one_of(st.text(max_size=40),
                 st.text(alphabet="[]{},:0123456789-.eE\" labelvuchildrn/mx@", max_size=40)))
def test_any_text_is_a_tree_or_one_invalid_position_line(text: str) -> None:
    try:
        state = GAME.parse_position(text)
    except InvalidPositionError as error:
        assert "\n" not in str(error)
    else:
        assert all(n.value is None or math.isfinite(n.value) for n in state.walk())
