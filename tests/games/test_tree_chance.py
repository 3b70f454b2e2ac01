"""Explicit trees with chance nodes and with a return per player at the leaves (games/tree/game.py,
games/tree/kinds.py): what they read as, the game type `for_position` gives them, their written
form read back, the expected values worked out by hand, and every refusal as one line with exit
code 2 through the command line.

Rules tested: a chance node `{"chance": [[p, subtree], ...]}` takes no turn (the player at a list
node is fixed by the number of list nodes above it: MAX, MIN, MAX...); probabilities are exact
(0.1 is 1/10) and sum to exactly 1; a tree of several players is wrapped in
`{"players": k, "tree": ...}` and a bare `[[1,2],[3,4]]` stays a two-player tree of four leaves.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

import games.tree.game as tree_module
from games.tree.game import MAX_CHILDREN, MAX_DEPTH, Node, TreeGame
from minimax_cli.cli.app import app
from minimax_cli.core import CHANCE, InvalidPositionError
from minimax_cli.core.search import ALGORITHMS, search
from tests.profiles import examples

BASE = TreeGame()
runner = CliRunner()
CHANCE_RULE = ('a chance node is {"chance": [[p, subtree], ...]}, each p a number above 0 and at'
               ' most 1 (0.25) or text such as "1/3", the p of one node summing to exactly 1')
PLAYERS_RULE = ('a tree of 2 to 8 players is {"players": 3, "tree": ...}, every leaf a list of one'
                ' number per player such as [1, 2, 3]; "to_move": 2 puts player 2 at the root')
ISSUE_TREE = '{"chance": [[0.5, 3], [0.5, [[1, 9], [4, 2]]]]}'
# Unequal probabilities, a chance node below a MAX node, a probability as text.
UNEQUAL = ('{"chance": [["1/3", [[1, 9], [4, 2]]],'
           ' ["2/3", [3, {"chance": [[0.25, 8], [0.75, 0]]}]]]}')


def read(text: str) -> tuple[TreeGame, Node]:
    game = BASE.for_position(text)
    return game, game.parse_position(text)


def refusal(text: str) -> str:
    with pytest.raises(InvalidPositionError) as error:
        read(text)
    return str(error.value)


# --- reading -----------------------------------------------------------------------------------
def test_the_issues_chance_tree_reads_as_a_two_player_game_of_chance() -> None:
    game, root = read(ISSUE_TREE)
    kind = game.game_type
    assert (kind.players, kind.chance, kind.zero_sum, kind.win_loss) == (2, True, True, False)
    assert (kind.low, kind.high) == (1, 9)  # the smallest and largest leaf: chance pruning's bounds
    assert game.to_move(root) == CHANCE
    assert list(game.chance_outcomes(root)) == [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
    assert list(game.legal_moves(root)) == [0, 1]
    assert game.outcome(game.play(root, 0)) == 3
    # The chance node took no turn: MAX moves below it, then MIN.
    below = game.play(root, 1)
    assert game.to_move(below) == 0 and game.to_move(game.play(below, 0)) == 1
    assert game.returns(game.play(game.play(below, 0), 1)) == (9, -9)


def test_a_chance_node_below_min_hands_the_turn_to_min() -> None:
    # MAX at the root; its first child is a chance node, whose outcomes are MIN's nodes.
    game, root = read('[{"chance": [[0.25, [5, 1]], [0.75, [2, 8]]]}, 3]')
    chance = game.play(root, 0)
    assert game.to_move(root) == 0 and game.to_move(chance) == CHANCE
    assert [game.to_move(game.play(chance, i)) for i in (0, 1)] == [1, 1]


def test_probabilities_are_exact_whatever_their_form() -> None:
    # As doubles 0.7 + 0.2 + 0.1 is 0.9999999999999999, not 1: decimals are read exactly.
    assert 0.7 + 0.2 + 0.1 != 1
    game, root = read('{"chance": [[0.7, 1], [0.2, 2], [0.1, 3]]}')
    assert [p for _, p in game.chance_outcomes(root)] == [
        Fraction(7, 10), Fraction(1, 5), Fraction(1, 10)]
    _, root = read('{"chance": [["1/4", 1], [" 2 / 8 ", 2], ["0.25", 3], [5e-2, 4], [2.0E-1, 5]]}')
    assert root.chances == (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4), Fraction(1, 20),
                            Fraction(1, 5))
    _, root = read('{"chance": [[1, [1, 2]]]}')
    assert root.chances == (Fraction(1),)


def test_the_bare_list_of_numbers_stays_a_two_player_tree() -> None:
    game, root = read("[[1,2],[3,4]]")
    assert game.game_type == BASE.game_type and not game.game_type.chance
    assert len(root.children) == 2 and [leaf.value for leaf in root.children[1].children] == [3, 4]
    assert search(game, root, "minimax").value == 3  # max(min(1, 2), min(3, 4))


def test_a_wrapped_tree_has_a_return_per_player() -> None:
    game, root = read('{"players": 3, "tree": [[[1,2,3],[4,2,1]],[[6,1,2],[7,4,1]]]}')
    kind = game.game_type
    assert (kind.players, kind.chance, kind.zero_sum, kind.low, kind.high) == (3, False, False, 1, 7)
    leaf = game.play(game.play(root, 1), 0)
    assert game.returns(leaf) == (6, 1, 2) and game.outcome(leaf) == 6
    # player 1 at the root, 2 below, 3 below that, then 1 again (cyclically by depth)
    game, root = read('{"players": 3, "tree": [[[[[1,0,0]]]]]}')
    movers = []
    state = root
    while game.outcome(state) is None:
        movers.append(game.to_move(state))
        state = game.play(state, 0)
    assert movers == [0, 1, 2, 0]


def test_to_move_puts_another_player_at_the_root_and_chance_takes_no_turn() -> None:
    game, root = read('{"players": 4, "to_move": 3, "tree": [{"chance": [[0.5, [[1,2,3,4]]],'
                      ' [0.5, [0,0,0,0]]]}]}')
    chance = game.play(root, 0)
    assert (game.to_move(root), game.to_move(chance), game.to_move(game.play(chance, 0))) == (
        2, CHANCE, 3)
    assert game.game_type.chance and game.game_type.players == 4


# --- written and read back ---------------------------------------------------------------------
@pytest.mark.parametrize(("text", "written"), [
    (ISSUE_TREE, '{"chance":[[0.5,3],[0.5,[[1,9],[4,2]]]]}'),
    ('{"chance": [["2/4", 1], [0.50, 2]]}', '{"chance":[[0.5,1],[0.5,2]]}'),
    ('{"chance": [["1/3", 1], ["2/3", 2]]}', '{"chance":[["1/3",1],["2/3",2]]}'),
    ('{"chance": [[1, 7]]}', '{"chance":[[1,7]]}'),
    ('{"chance": [["1/1024", 1], ["1023/1024", 2]]}',
     '{"chance":[[0.0009765625,1],[0.9990234375,2]]}'),
    ('{"label": "C", "chance": [[0.5, {"label": "x", "value": 1}], [0.5, 2]]}',
     '{"label":"C","chance":[[0.5,{"label":"x","value":1}],[0.5,2]]}'),
    ('{"players": 3, "tree": [[[1,2,3],[4,2,1]],[[6,1,2],[7,4,1]]]}',
     '{"players":3,"tree":[[[1,2,3],[4,2,1]],[[6,1,2],[7,4,1]]]}'),
    ('{"players": 2, "to_move": 2, "tree": [{"label": "a", "value": [1.5, -2]}]}',
     '{"players":2,"to_move":2,"tree":[{"label":"a","value":[1.5,-2]}]}'),
])
def test_the_written_form_reads_back_to_the_same_tree(text: str, written: str) -> None:
    game, root = read(text)
    assert game.format_position(root) == written
    again = game.parse_position(written)
    assert game.format_position(again) == written
    assert game.parse_position(written) is not again  # a fresh tree each reading


def test_every_subtree_reached_by_play_reads_back_with_its_player_to_move() -> None:
    for text in (UNEQUAL, '[{"chance": [[0.25, [5, 1]], [0.75, [2, 8]]]}, 3]',
                 '{"players": 3, "tree": [[{"chance": [["1/3", [[1,2,3],[3,2,1]]],'
                 ' ["2/3", [0,0,9]]]}], [[6,1,2]]]}'):
        game, root = read(text)
        stack = [root]
        while stack:
            state = stack.pop()
            written = game.format_position(state)
            again = game.parse_position(written)  # the same game reads its own subtrees
            assert game.format_position(again) == written
            assert game.to_move(again) == game.to_move(state), written
            stack.extend(game.play(state, m) for m in game.legal_moves(state))


def test_a_game_reads_only_trees_of_its_kind() -> None:
    # Callers ask for_position first; a game asked to read another kind says so.
    assert "is a game of two players, chance, zero-sum" in refusal_of(BASE, ISSUE_TREE)
    game, _ = read(ISSUE_TREE)
    assert "is a game of 3 players" in refusal_of(game, '{"players": 3, "tree": [[1,2,3]]}')
    assert "TreeGame.for_position" in refusal_of(game, "[100, 2]")  # beyond its bounds 1..9


def refusal_of(game: TreeGame, text: str) -> str:
    with pytest.raises(InvalidPositionError) as error:
        game.parse_position(text)
    return str(error.value)


# --- values worked by hand -----------------------------------------------------------------------
def cli_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_expectimax_on_the_unequal_tree_is_the_hand_computed_average() -> None:
    # Expectimax: MAX maximises, MIN is modelled as random (the average of its children), and a
    # chance node averages by its probabilities.
    #   outcome 1 (p = 1/3): MAX over MIN [1, 9] -> (1 + 9)/2 = 5 and MIN [4, 2] -> (4 + 2)/2 = 3,
    #     so 5;
    #   outcome 2 (p = 2/3): MAX over the leaf 3 and a chance node 1/4 * 8 + 3/4 * 0 = 2, so 3;
    #   root: 1/3 * 5 + 2/3 * 3 = 5/3 + 6/3 = 11/3.
    data = cli_json("analyze", "tree", UNEQUAL, "--algorithm", "expectimax", "--json")
    assert data["value_exact"] == "11/3" and data["to_move"] == "CHANCE"
    assert [(m["move"], m["value"]) for m in data["moves"]] == [("1", 5), ("2", 3)]
    game, root = read(UNEQUAL)
    assert search(game, root, "expectimax").value == Fraction(11, 3)


def test_the_issues_tree_by_expectimax_and_by_best_play() -> None:
    # Expectimax: 1/2 * 3 + 1/2 * max((1 + 9)/2, (4 + 2)/2) = 3/2 + 5/2 = 4.
    data = cli_json("analyze", "tree", ISSUE_TREE, "--algorithm", "expectimax", "--json")
    assert data["value"] == 4
    # With MIN playing its best (expectiminimax; max^n on two players is the same):
    # 1/2 * 3 + 1/2 * max(min(1, 9), min(4, 2)) = 3/2 + 1 = 5/2.
    game, root = read(ISSUE_TREE)
    assert search(game, root, "maxn").vector == (Fraction(5, 2), Fraction(-5, 2))


def test_unequal_tree_with_best_play_is_the_hand_computed_value() -> None:
    # outcome 1: MAX over min(1, 9) = 1 and min(4, 2) = 2 -> 2; outcome 2: max(3, 2) = 3;
    # root: 1/3 * 2 + 2/3 * 3 = 2/3 + 6/3 = 8/3.
    game, root = read(UNEQUAL)
    assert search(game, root, "maxn").vector == (Fraction(8, 3), Fraction(-8, 3))
    if "expectiminimax" in ALGORITHMS:
        assert search(game, root, "expectiminimax").value == Fraction(8, 3)


@pytest.mark.parametrize(("algorithm", "leaf"), [("maxn", "(8, -8)"), ("expectimax", "8")])
def test_the_search_tree_draws_chance_nodes_apart_with_probabilities_on_the_edges(
        algorithm: str, leaf: str) -> None:
    result = runner.invoke(app, ["analyze", "tree", UNEQUAL, "--algorithm", algorithm, "--tree"],
                           env={"NO_COLOR": "1", "COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("root ◆ CHANCE")
    assert any("p=1/3 1 ▲ MAX" in line for line in lines)
    assert any("p=2/3 2 ▲ MAX" in line for line in lines)
    assert any(f"p=1/4 2.2.1 leaf = {leaf}" in line for line in lines)
    assert not any("p=" in line and "▼ MIN" in line for line in lines)  # only chance edges


# --- random trees against an oracle written here -------------------------------------------------
@st.composite
def chance_trees(draw: st.DrawFn, depth: int = 4) -> Any:
    """JSON-ready trees of whole-number leaves, list nodes and chance nodes whose probabilities
    are written as text ("1/3"), as decimals (0.25) or as whole numbers (1)."""
    kind = draw(st.sampled_from(["leaf", "list", "chance"] if depth > 0 else ["leaf"]))
    if kind == "leaf":
        return draw(st.integers(-20, 20))
    children = draw(st.lists(chance_trees(depth - 1), min_size=1, max_size=3))
    if kind == "list":
        return children
    weights = draw(st.lists(st.integers(1, 6), min_size=len(children), max_size=len(children)))
    total = sum(weights)
    pairs = []
    for w, child in zip(weights, children, strict=True):
        p = Fraction(w, total)
        written: Any = str(p)
        if p == 1:
            written = 1
        elif p.denominator in (2, 4, 5, 8, 10, 20, 25) and draw(st.booleans()):
            written = float(p)  # a short decimal, read back exactly
        pairs.append([written, child])
    return {"chance": pairs}


def expected(node: Any, ply: int, min_averages: bool) -> Fraction:
    """The value by the definitions, read off the JSON: MAX at even counts of list nodes above,
    MIN at odd ones, chance nodes not counted; MIN averages (expectimax) or minimises."""
    if isinstance(node, int):
        return Fraction(node)
    if isinstance(node, dict):
        return sum((Fraction(p) * expected(child, ply, min_averages)
                    for p, child in node["chance"]), Fraction(0))
    values = [expected(child, ply + 1, min_averages) for child in node]
    if ply % 2 == 0:
        return max(values)
    return sum(values, Fraction(0)) / len(values) if min_averages else min(values)


@examples(1.5, deadline=None)
@given(chance_trees())
def test_random_chance_trees_read_back_and_search_to_the_oracle(tree: Any) -> None:
    text = json.dumps(tree)
    game, root = read(text)
    written = game.format_position(root)
    assert game.format_position(game.parse_position(written)) == written
    oracle = json.loads(text, parse_float=Fraction)  # "0.1" -> 1/10 exactly, independently
    assert search(game, root, "expectimax").value == expected(oracle, 0, True)
    assert search(game, root, "maxn").vector[0] == expected(oracle, 0, False)  # type: ignore[index]


# --- limits ----------------------------------------------------------------------------------------
def test_chance_nodes_and_tuple_leaves_count_against_the_node_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tree_module, "MAX_NODES", 5)
    # chance node, list node, its two leaves, a leaf: 5 nodes
    assert read('{"chance": [[0.5, [1, 2]], [0.5, 3]]}')[1].chances is not None
    assert refusal('{"chance": [[0.5, [1, 2, 0]], [0.5, 3]]}').startswith(
        "tree has more than 5 nodes: a tree has at most")
    # root, two inner nodes, four leaves of three numbers each: a leaf is one node
    monkeypatch.setattr(tree_module, "MAX_NODES", 7)
    read('{"players": 3, "tree": [[[1,2,3],[4,2,1]],[[6,1,2],[7,4,1]]]}')
    assert refusal('{"players": 3, "tree": [[[1,2,3],[4,2,1]],[[6,1,2],[7,4,1],[0,0,0]]]}'
                   ).startswith("tree has more than 7 nodes: a tree has at most")


def chance_chain(levels: int) -> str:
    text = "3"
    for _ in range(levels):
        text = '{"chance": [[1, ' + text + "]]}"
    return text


def test_a_chance_node_is_a_level() -> None:
    game, root = read(chance_chain(MAX_DEPTH))
    assert game.game_type.chance and root.chances == (Fraction(1),)
    assert refusal(chance_chain(MAX_DEPTH + 1)) == (
        f"tree is nested too deeply: a tree has at most {MAX_DEPTH} levels")


def test_outcomes_of_one_chance_node_up_to_the_child_limit() -> None:
    share = f'"1/{MAX_CHILDREN}"'
    read('{"chance": [' + ",".join([f"[{share}, 0]"] * MAX_CHILDREN) + "]}")
    assert refusal('{"chance": [' + ",".join(["[1, 0]"] * (MAX_CHILDREN + 1)) + "]}").startswith(
        f"a chance node of the tree has {MAX_CHILDREN + 1:,} outcomes: a tree has at most")


# --- every refusal: one line, exit code 2 -------------------------------------------------------------
REFUSALS = [
    ('{"chance": [[0.5, 3], [0.4, 5]]}',
     f"the probabilities of a chance node sum to 9/10 (about 0.9), not exactly 1: {CHANCE_RULE}"),
    ('{"chance": [[0.33, 1], [0.33, 2], [0.33, 3]]}',
     f"the probabilities of a chance node sum to 99/100 (about 0.99), not exactly 1: {CHANCE_RULE}"),
    ('{"chance": [[-0.5, 3], [1.5, 5]]}', f"probability -0.5 of outcome 1 is not above 0: {CHANCE_RULE}"),
    ('{"chance": [[0, 3], [1, 5]]}', f"probability 0 of outcome 1 is not above 0: {CHANCE_RULE}"),
    ('{"chance": [[1, 3], ["0/4", 5]]}', f"probability '0/4' of outcome 2 is not above 0: {CHANCE_RULE}"),
    ('{"chance": [[2, 3]]}', f"probability 2 of outcome 1 is above 1: {CHANCE_RULE}"),
    ('{"chance": [["5/3", 3]]}', f"probability '5/3' of outcome 1 is above 1: {CHANCE_RULE}"),
    ('{"chance": [["half", 3]]}', f"probability 'half' of outcome 1 is not a number: {CHANCE_RULE}"),
    ('{"chance": [[true, 3]]}', f"probability true of outcome 1 is not a number: {CHANCE_RULE}"),
    ('{"chance": [[null, 3]]}', f"probability null of outcome 1 is not a number: {CHANCE_RULE}"),
    ('{"chance": [["1/0", 3]]}', f"probability '1/0' of outcome 1 divides by 0: {CHANCE_RULE}"),
    ('{"chance": [[1e-31, 3]]}',
     f"probability 1e-31 of outcome 1 has more than 30 decimal places: {CHANCE_RULE}"),
    ('{"chance": [[1e-99999999999999999999, 3]]}',
     "probability '1e-9999999999999999…' of outcome 1 has more than 30 decimal places: "
     + CHANCE_RULE),
    ('{"chance": [["1/' + "3" * 31 + '", 3]]}',
     "probability '1/33333333333333333…' of outcome 1 has more than 30 digits above or below the"
     f" line: {CHANCE_RULE}"),
    ('{"chance": []}', f"a chance node's outcomes are an empty list, not a list of pairs: {CHANCE_RULE}"),
    ('{"chance": 1}', f"a chance node's outcomes are 1, not a list of pairs: {CHANCE_RULE}"),
    ('{"chance": [[1]]}',
     f"outcome 1 of a chance node is a list [...], not a pair [probability, subtree]: {CHANCE_RULE}"),
    ('{"players": 3, "tree": [[[1,2,3],[4,2]],[[6,1,2],[7,4,1]]]}',
     f"leaf '[4, 2]' has 2 numbers, but the tree has 3 players: {PLAYERS_RULE}"),
    ('{"players": 3, "tree": [[1,2,3],5]}',
     "a list mixes numbers and subtrees: in a tree of several players a leaf is a list of numbers"
     f" only and an inner node a list of subtrees; {PLAYERS_RULE}"),
    ('{"players": 3, "tree": [[1,2,3],[4,5,6]], "x": 1}', f"unknown key 'x' around the tree: {PLAYERS_RULE}"),
    ('{"players": 3, "tree": 5}', f"leaf 5 is one number, but the tree has 3 players: {PLAYERS_RULE}"),
    ('{"players": 1, "tree": [[1]]}', f"1 is not a number of players: {PLAYERS_RULE}"),
    ('{"players": 9, "tree": [[1]]}', f"9 is not a number of players: {PLAYERS_RULE}"),
    ('{"players": "3", "tree": [[1]]}', f"'3' is not a number of players: {PLAYERS_RULE}"),
    ('{"players": 3}', f'the tree is missing ("tree": ...): {PLAYERS_RULE}'),
    ('{"players": 3, "to_move": 4, "tree": [[1,2,3]]}',
     f"4 is not a player from 1 to 3 to move at the root: {PLAYERS_RULE}"),
    ('{"players": 3, "tree": [[1,2,3]]}/min',
     f"/min names MIN or MAX of a two-player tree: {PLAYERS_RULE}"),
    ('[[1, {"players": 3, "tree": [[1,2,3]]}]]', f'"players" wraps the whole tree only: {PLAYERS_RULE}'),
]


@pytest.mark.parametrize(("text", "message"), REFUSALS)
def test_every_refusal_is_one_line_with_exit_code_2(text: str, message: str) -> None:
    assert refusal(text) == message
    result = runner.invoke(app, ["analyze", "tree", text])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"error: {message}"]
    assert "Traceback" not in result.output


def test_leaves_of_several_numbers_keep_the_leaf_limits() -> None:
    assert refusal('{"players": 2, "tree": [[1e400, 1]]}').startswith("leaf 'inf' in tree ")
    assert refusal('{"players": 2, "tree": [[1' + "0" * 400 + ", 1]]}").startswith(
        "leaf '1000000000000000000…' has 401 digits")


def test_at_a_chance_root_no_outcome_is_called_optimal() -> None:
    # Chance chooses no move, so "optimal" (keeps the game value) says nothing of an outcome.
    for command in ("analyze", "solve"):
        result = runner.invoke(app, [command, "tree", ISSUE_TREE], env={"COLUMNS": "120"})
        assert result.exit_code == 0, result.output
        words = " ".join(result.stdout.split())
        assert "to move chance (a random outcome)" in words
        assert "chance picks the outcome: no move is best or optimal here" in words
        assert "keep the game value" not in words and "optimal ┃" not in words and "★" not in words


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(allow_nan=True)
    | st.sampled_from(["1/3", "0.5", "x", "1/0", "", "2/4"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["chance", "players", "tree", "to_move", "label", "value",
                                       "children"]), inner, max_size=3),
    max_leaves=12)


@examples(3, deadline=None)
@given(JSON_VALUES)
def test_any_json_is_a_tree_of_some_kind_or_one_invalid_position_line(data: Any) -> None:
    text = json.dumps(data)
    try:
        game, root = read(text)
    except InvalidPositionError as error:
        assert "\n" not in str(error) and len(str(error)) < 400
        return
    written = game.format_position(root)
    assert game.format_position(game.parse_position(written)) == written


@examples(1, deadline=None)
@given(chance_trees(), st.integers(2, 4))
def test_the_game_contract_holds_in_every_node(tree: Any, players: int) -> None:
    # The same tree as a chance tree of single numbers and, with the leaf v spread as
    # (v, v + 1, ...), as a tree of several players.
    def spread(node: Any) -> Any:
        if isinstance(node, int):
            return [node + i for i in range(players)]
        if isinstance(node, dict):
            return {"chance": [[p, spread(c)] for p, c in node["chance"]]}
        return [spread(c) for c in node]

    for text in (json.dumps(tree), json.dumps({"players": players, "tree": spread(tree)})):
        game, root = read(text)
        kind = game.game_type
        stack = [root]
        while stack:
            state = stack.pop()
            moves = list(game.legal_moves(state))
            returns = game.returns(state)
            assert (returns is None) == bool(moves) == (game.outcome(state) is None)
            if returns is not None:
                assert len(returns) == kind.players and returns[0] == game.outcome(state)
                # A zero-sum tree's bounds are its value's (MAX's return, what chance pruning
                # bounds); MIN's return is the negation. Otherwise every return is bounded.
                bounded = returns[:1] if kind.zero_sum else returns
                assert kind.low is None or all(kind.low <= r <= kind.high for r in bounded)
                continue
            player = game.to_move(state)
            if player == CHANCE:
                assert kind.chance
                outcomes = list(game.chance_outcomes(state))
                assert [m for m, _ in outcomes] == moves
                assert sum((p for _, p in outcomes), Fraction(0)) == 1
            else:
                assert player in range(kind.players)
            stack.extend(game.play(state, m) for m in moves)
