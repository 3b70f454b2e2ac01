"""max^n and paranoid on explicit trees with a return per player at the leaves.

max^n backs up vectors the textbook way (each player takes the child best in its own component;
ties go to the first child in move order, and a tie that changed another player's lot is told in
a note); paranoid gives the root player's utility when all the others minimise it. Both are
checked on a worked example by hand and on random trees against oracles written here, which
read the tree's JSON directly (player at a list node: the number of list nodes above it, plus
the player at the root, modulo the players; chance nodes take no turn).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from games.tree.game import Node, TreeGame
from minimax_cli.cli.app import app
from minimax_cli.core.i18n import text_of
from minimax_cli.core.search import search
from minimax_cli.core.search.maxn import TIE_RULE, maxn
from minimax_cli.core.search.paranoid import paranoid
from tests.profiles import examples

BASE = TreeGame()
runner = CliRunner()
WORKED = '{"players": 3, "tree": [[[1,2,3],[4,2,1]],[[6,1,2],[7,4,1]]]}'

Vector = tuple[Fraction, ...]


def read(text: str) -> tuple[TreeGame, Node]:
    game = BASE.for_position(text)
    return game, game.parse_position(text)


# --- the worked example ------------------------------------------------------------------------------
def test_the_worked_example_backs_up_the_vectors_by_hand() -> None:
    # Player 1 at the root, player 2 at both inner nodes, leaves (returns of players 1, 2, 3):
    #   left node:  (1,2,3) and (4,2,1): player 2 gets 2 either way, a tie; by the rule it takes
    #               the first, (1,2,3) (the tie changes players 1 and 3's lot: a note);
    #   right node: (6,1,2) and (7,4,1): player 2 takes 4 > 1, so (7,4,1);
    #   root:       player 1 compares its components 1 (left) and 7 (right): (7,4,1), move 2.
    game, root = read(WORKED)
    result = search(game, root, "maxn")
    assert result.vector == (7, 4, 1)
    assert result.best_move == 1 and result.pv == [1, 1]  # moves 2 and 2, from 0
    assert [m.vector for m in result.moves] == [(1, 2, 3), (7, 4, 1)]
    assert tuple(map(text_of, result.notes)) == (
        f"the tie-break rule ({TIE_RULE}) also decided between moves of different value to "
        "another player in 1 position off the principal variation (the search tree marks them)",)
    assert result.stats.nodes == 7 and result.stats.leaves == 4


def test_paranoid_on_the_worked_example() -> None:
    # Player 1 against the coalition of 2 and 3, who minimise player 1's return:
    #   left node min(1, 4) = 1, right node min(6, 7) = 6; root max(1, 6) = 6 by move 2.
    # (max^n gives player 1 a 7 there: player 2 serves itself, not the coalition.)
    game, root = read(WORKED)
    result = search(game, root, "paranoid")
    assert result.score is not None and result.score.relative.number == 6
    assert result.best_move == 1 and result.pv == [1, 0]


def test_a_tie_on_the_line_is_told_and_decides_the_game() -> None:
    # Left node: player 2 gets 1 from (5,1,0) and from (0,1,5): a tie, the first is taken, (5,1,0).
    # Right node: one leaf (2,2,2). Root: player 1 takes 5 > 2, move 1.
    # Had player 2 taken (0,1,5) instead, player 1 would have got 0 < 2 and moved right: the tie
    # decided player 1's move as well as player 3's lot.
    game, root = read('{"players": 3, "tree": [[[5,1,0],[0,1,5]],[[2,2,2]]]}')
    result = search(game, root, "maxn")
    assert result.vector == (5, 1, 0) and result.pv == [0, 0]
    assert tuple(map(text_of, result.notes)) == (
        'in position {"players":3,"to_move":2,"tree":[[5,1,0],[0,1,5]]}, player 2 was '
        "indifferent between the moves 1 and 2 (each worth 1 to it); by the tie-break rule (the "
        "first move in the game's move order) it played 1, which gives (5, 1, 0) (2 would give "
        "(0, 1, 5))",)


def test_the_command_line_on_the_worked_example() -> None:
    def run(*args: str) -> Any:
        result = runner.invoke(app, ["analyze", "tree", WORKED, *args, "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    maxn = run()  # max^n serves a game of three players by default
    assert (maxn["algorithm"], maxn["returns"], maxn["best_move"]) == ("maxn", [7, 4, 1], "2")
    compared = run("--compare")
    # Monte Carlo tree search comes last, an estimate beside the two exact searches.
    assert [(r["algorithm"], r["best_move"]) for r in compared] == [("maxn", "2"),
                                                                    ("paranoid", "2"),
                                                                    ("mcts", "2")]
    assert compared[0]["stats"]["nodes"] == 7 and compared[1]["stats"]["nodes"] <= 7


# --- random trees against oracles ----------------------------------------------------------------------
@st.composite
def tuple_trees(draw: st.DrawFn, players: int, depth: int, chance: bool) -> Any:
    """JSON-ready trees whose leaves are lists of `players` small numbers (ties are common)."""
    kinds = ["leaf", "list", "list"] + (["chance"] if chance else []) if depth > 0 else ["leaf"]
    kind = draw(st.sampled_from(kinds))
    if kind == "leaf":
        return draw(st.lists(st.integers(0, 3), min_size=players, max_size=players))
    children = draw(st.lists(tuple_trees(players, depth - 1, chance), min_size=1, max_size=3))
    if kind == "list":
        return children
    weights = draw(st.lists(st.integers(1, 4), min_size=len(children), max_size=len(children)))
    return {"chance": [[str(Fraction(w, sum(weights))), child]
                       for w, child in zip(weights, children, strict=True)]}


@st.composite
def wrapped(draw: st.DrawFn, chance: bool) -> tuple[str, int, Any]:
    players = draw(st.integers(2, 5))
    to_move = draw(st.integers(1, players))
    tree = draw(tuple_trees(players, 4, chance))
    text = json.dumps({"players": players, "to_move": to_move, "tree": tree})
    return text, to_move - 1, tree


def maxn_oracle(node: Any, player: int, players: int) -> tuple[Vector, list[int]]:
    """(the vector, the line of child indices): at a list node the first child best in the
    mover's component, at a chance node the probability-weighted average (no line through it)."""
    if isinstance(node, dict):
        total = [Fraction(0)] * players
        for p, child in node["chance"]:
            vector, _ = maxn_oracle(child, player, players)
            total = [t + Fraction(p) * c for t, c in zip(total, vector, strict=True)]
        return tuple(total), []
    if all(isinstance(x, int) for x in node):
        return tuple(Fraction(x) for x in node), []
    best: tuple[Vector, list[int]] | None = None
    for i, child in enumerate(node):
        vector, line = maxn_oracle(child, (player + 1) % players, players)
        if best is None or vector[player] > best[0][player]:  # strictly better only: first wins
            best = (vector, [i, *line])
    assert best is not None
    return best


def paranoid_oracle(node: Any, player: int, players: int, me: int) -> Fraction:
    """The root player's return when it maximises and every other player minimises it."""
    if all(isinstance(x, int) for x in node):
        return Fraction(node[me])
    values = [paranoid_oracle(child, (player + 1) % players, players, me) for child in node]
    return max(values) if player == me else min(values)


def count_nodes(node: Any) -> int:
    if isinstance(node, dict):
        return 1 + sum(count_nodes(child) for _, child in node["chance"])
    if all(isinstance(x, int) for x in node):
        return 1
    return 1 + sum(count_nodes(child) for child in node)


@examples(2, deadline=None)
@given(wrapped(chance=True))
def test_maxn_on_random_trees_matches_the_oracle(case: tuple[str, int, Any]) -> None:
    text, first, tree = case
    game, root = read(text)
    players = game.game_type.players
    vector, line = maxn_oracle(tree, first, players)
    for memo in (True, False):
        result = maxn(game, root, memo=memo)
        assert result.vector == vector
        if root.chances is None and root.value is None:
            assert result.pv == line and result.best_move == line[0]
            assert [m.vector for m in result.moves] == [
                maxn_oracle(child, (first + 1) % players, players)[0] for child in tree]
    assert maxn(game, root, memo=False).stats.nodes == count_nodes(tree)


@examples(2, deadline=None)
@given(wrapped(chance=False))
def test_paranoid_on_random_trees_matches_the_oracle_and_prunes(case: tuple[str, int, Any]
                                                                 ) -> None:
    text, first, tree = case
    game, root = read(text)
    players = game.game_type.players
    expected = paranoid_oracle(tree, first, players, first)
    every_node = count_nodes(tree)  # what a search without pruning visits
    for memo in (True, False):
        result = paranoid(game, root, memo=memo)
        assert result.score is not None and result.score.relative.number == expected
        assert result.score.pov == first
        assert result.stats.nodes <= every_node
    assert maxn(game, root, memo=False).stats.nodes == every_node


@examples(1, deadline=None)
@given(tuple_trees(2, 4, chance=False))
def test_on_two_player_zero_sum_trees_both_are_minimax(tree: Any) -> None:
    # The same tree as single numbers (player 1's return) and as zero-sum pairs (v, -v).
    def single(node: Any) -> Any:
        return node[0] if all(isinstance(x, int) for x in node) else [single(c) for c in node]

    def pairs(node: Any) -> Any:
        return [node[0], -node[0]] if all(isinstance(x, int) for x in node) else [
            pairs(c) for c in node]

    plain_game, plain_root = read(json.dumps(single(tree)))
    minimax = search(plain_game, plain_root, "minimax").value
    game, root = read(json.dumps({"players": 2, "tree": pairs(tree)}))
    assert search(game, root, "maxn").vector == (minimax, -minimax)  # type: ignore[operator]
    paranoid = search(game, root, "paranoid").score
    assert paranoid is not None and paranoid.relative.number == minimax


def test_the_search_tree_marks_the_tie_the_note_speaks_of() -> None:
    result = runner.invoke(app, ["analyze", "tree", WORKED, "--tree"],
                           env={"NO_COLOR": "1", "COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    # ★ marks the principal variation (2, then 2.2); nodes are named by their path
    assert lines[:3] == ["★ root ● player 1  = (7, 4, 1)",
                         "├── 1 ● player 2  = (1, 2, 3)  (tie: the first best move taken)",
                         "│   ├── 1.1 leaf = (1, 2, 3)"]
    assert sum("tie:" in line for line in lines) == 1


def test_a_report_speaks_of_the_player_to_move_by_number_and_ranks_by_its_return() -> None:
    # Player 2 at the root, player 3 below: left (1,2,3) vs (4,2,1) -> player 3 takes 3, (1,2,3);
    # right (6,1,2) vs (7,4,1) -> player 3 takes 2, (6,1,2); root: player 2 takes 2 > 1, move 1.
    text = '{"players": 3, "to_move": 2, "tree": [[[1,2,3],[4,2,1]],[[6,1,2],[7,4,1]]]}'
    result = runner.invoke(app, ["analyze", "tree", text, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["to_move"], data["returns"], data["best_move"]) == ("player 2", [1, 2, 3], "1")
    assert [(m["move"], m["for_mover"], m["optimal"], m["best"]) for m in data["moves"]] == [
        ("1", "value 2 for player 2", True, True), ("2", "value 1 for player 2", False, False)]
    shown = runner.invoke(app, ["analyze", "tree", text], env={"COLUMNS": "120"}).stdout
    assert "to move player 2" in " ".join(shown.split())
    assert "MIN" not in shown and "MAX (first" not in shown
