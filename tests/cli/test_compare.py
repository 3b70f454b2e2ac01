"""`minimax analyze --compare`: the course's counts, the Knuth–Moore best case, stopped runs never
the baseline, notes that say why rows differ, progress on a terminal only, and JSON in the schema."""

from __future__ import annotations

import io
import json
import math
import re
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from rich.console import Console
from typer.testing import CliRunner

from games.tree.game import TreeGame
from minimax_cli.cli import compare as cli_compare
from minimax_cli.cli.app import app
from minimax_cli.core.i18n import text_of
from minimax_cli.core.result import Limits
from minimax_cli.core.search import compared_algorithms, search
from minimax_cli.reports import compare as compared
from minimax_cli.services import compare
from minimax_cli.views import compare as render_compare
from tests.cli.test_report import SCHEMA_PATH
from tests.registered import only_built_ins

runner = CliRunner()
VALIDATOR = Draft202012Validator(json.loads(SCHEMA_PATH.read_text()))
SLIDES = "[[3,12,8],[2,4,6],[14,5,2]]"
UNIFORM = "random:depth=4,branching=3,seed=7"


@pytest.fixture(autouse=True)
def built_in_algorithms_only() -> Iterator[None]:
    """The comparisons below are of the algorithms this package declares: one that another
    installed package registers would be a row more."""
    with only_built_ins():
        yield


def compare_json(*args: str) -> list[dict[str, Any]]:
    result = runner.invoke(app, ["analyze", *args, "--compare", "--json"])
    assert result.exit_code == 0, result.output
    reports = json.loads(result.stdout)
    assert isinstance(reports, list)
    for report in reports:
        VALIDATOR.validate(report)
    return reports


def compare_text(*args: str) -> str:
    """The comparison as printed at 80 columns without colour, from its title on; times (which
    vary run to run) written #.### s."""
    result = runner.invoke(app, ["analyze", *args, "--compare"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    table = out[out.index("Algorithms compared on the same position"):]
    return "\n".join(line.rstrip() for line in re.sub(r"\d\.\d{3} s", "#.### s", table).splitlines())


def by_name(reports: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {report["algorithm"]: report for report in reports}


def knuth_moore(branching: int, depth: int) -> int:
    return branching ** math.ceil(depth / 2) + branching ** math.floor(depth / 2) - 1


def comparison_of(text: str, limits: Limits = Limits(), user_budget: bool = False
                  ) -> compared.Comparison:
    game = TreeGame()
    state = game.parse_position(text)
    return compare.run(game, state, compared_algorithms(game), limits, user_budget,
                       lambda name, given: search(game, state, name, given, seed=0)
                       if name == "mcts" else search(game, state, name, given))


# --- the course's numbers ------------------------------------------------------------------------
def test_the_course_tree_minimax_13_nodes_alphabeta_11_all_values_3() -> None:
    reports = compare_json("tree", SLIDES)
    runs = by_name(reports)
    assert list(runs) == ["minimax", "alphabeta", "alphabeta-ordered", "negamax", "mcts"]
    assert (runs["minimax"]["stats"]["nodes"], runs["minimax"]["stats"]["leaves"]) == (13, 9)
    assert (runs["alphabeta"]["stats"]["nodes"], runs["alphabeta"]["stats"]["leaves"]) == (11, 7)
    assert {r["value"] for r in reports if r["algorithm"] != "mcts"} == {3}
    assert all(r["exact"] and r["stopped"] is None for r in reports if r["algorithm"] != "mcts")
    # Monte Carlo tree search is last, an estimate, and its JSON says so in its notes
    assert runs["mcts"]["proven"] is False and "estimate" in runs["mcts"]["notes"][-1]
    # the engine's report says why its count is no measure of its pruning
    assert any("exact_root" in note for note in runs["negamax"]["notes"])


def test_the_course_tree_table_at_80_columns() -> None:
    assert compare_text("tree", SLIDES) == """\
Algorithms compared on the same position
                                                        nodes vs
algorithm           value  nodes leaves cutoffs    time  minimax
────────────────────────────────────────────────────────────────
minimax                 3     13      9       0 #.### s   100.0%
alphabeta               3     11      7       1 #.### s    84.6%
alphabeta-ordered       3      9      5       2 #.### s    69.2%
negamax                 3     13      9       0 #.### s   100.0%
mcts              ≈ 3.504 29,997      3       0 #.### s        -
Knuth–Moore                           5

Same value from minimax, alphabeta, alphabeta-ordered, negamax: 3 (checked).
alphabeta-ordered: alpha-beta with the tree's perfect order: each node's
children by their minimax values, best first for the player to move; the tree
gives them because it holds every leaf, and working them out is not counted.
negamax (the engine) gives every root move an exact value (exact_root),
searching each with the full window where plain alpha-beta only bounds the moves
that cannot be best: its counts include that extra work and do not mean it
prunes less. It also orders moves and keeps a transposition table.
mcts: an estimate (the mean result of its playouts), not a proven value; its
nodes are the tree nodes its 10,000 simulations walked through, its leaves its
playouts: other work than the searches above, so no fraction.
Knuth–Moore: every inner node of this tree has b = 3 children and every leaf is
at depth d = 2, so alpha-beta examines at least b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = 3 + 3 −
1 = 5 leaves, and exactly that many with perfect move ordering.
alphabeta-ordered reaches it."""


def test_the_fractions_are_of_minimax_nodes() -> None:
    comparison = comparison_of(SLIDES)
    assert comparison.baseline is comparison.runs[0]
    shares = [comparison.share(run) for run in comparison.runs]
    assert shares[:4] == [1.0, 11 / 13, 9 / 13, 13 / 13]
    assert shares[4] is None  # a sample: other work
    assert render_compare.share_text(11 / 13) == "84.6%"


# --- ordering and the Knuth–Moore best case --------------------------------------------------------
@pytest.mark.parametrize(("branching", "depth", "seed"),
                         [(3, 4, 7), (2, 5, 1), (4, 3, 2), (5, 2, 9), (2, 8, 3), (1, 4, 0)])
def test_knuth_moore_best_case_on_uniform_random_trees(branching: int, depth: int,
                                                       seed: int) -> None:
    text = f"random:depth={depth},branching={branching},seed={seed}"
    best = knuth_moore(branching, depth)
    comparison = comparison_of(text)
    assert comparison.uniform == compared.Uniform(branching, depth)
    assert comparison.uniform.best_case == best
    ordered, plain = comparison.run_named("alphabeta-ordered"), comparison.run_named("alphabeta")
    assert ordered is not None and plain is not None
    # no alpha-beta examines fewer leaves; perfect ordering examines exactly that many
    assert ordered.result.stats.leaves == best <= plain.result.stats.leaves
    assert {r.result.value for r in comparison.runs if r.exact} == {
        search(TreeGame(), TreeGame().parse_position(text), "minimax").value}


def test_the_uniform_tree_of_the_issue_shows_its_best_case_row_and_line() -> None:
    text = compare_text("tree", UNIFORM)
    best = knuth_moore(3, 4)
    row = next(line for line in text.splitlines() if line.startswith("Knuth–Moore "))
    assert row.split() == ["Knuth–Moore", f"{best}"]
    assert f"b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = 9 + 9 −\n1 = {best} leaves" in text
    leaves = by_name(compare_json("tree", UNIFORM))["alphabeta-ordered"]["stats"]["leaves"]
    assert leaves == best and "alphabeta-ordered reaches it." in text


@pytest.mark.parametrize("tree", ["[[1,2],[3]]", "[[1,[2,3]],[4,5]]", "[5,[1,2]]"])
def test_a_tree_that_is_not_uniform_has_no_best_case(tree: str) -> None:
    assert comparison_of(tree).uniform is None
    assert "Knuth–Moore" not in compare_text("tree", tree)


def test_best_ordering_never_examines_more_leaves_on_the_worse_ordered_tree() -> None:
    # @order is @abcd with MIN's children reversed. Checked by hand: natural-order alpha-beta
    # examines 7 leaves on both: on @abcd B's 3, 12, 8, C's 2 (cut), D's 14, 5, 2; on @order
    # B's 8, 12, 3, C's 6, 4, 2, D's 2 (cut). The order by value examines 5 on both: B's 3, 8, 12
    # (3, 12, 8 reordered), then C's 2 and D's 2, each a cut.
    for tree in ("@order", "@abcd"):
        runs = by_name(compare_json("tree", tree))
        plain, ordered = runs["alphabeta"]["stats"], runs["alphabeta-ordered"]["stats"]
        assert ordered["leaves"] <= plain["leaves"]
        assert (plain["leaves"], ordered["leaves"]) == (7, knuth_moore(3, 2))
        assert runs["alphabeta"]["value"] == runs["alphabeta-ordered"]["value"] == 3


def test_same_work_as_alphabeta_is_said_where_the_order_changes_nothing() -> None:
    # A tree whose natural order is already by value: ordering cannot save anything.
    comparison = comparison_of("[[3,12,8],[2,4,6],[1,5,9]]")
    ordered, plain = comparison.run_named("alphabeta-ordered"), comparison.run_named("alphabeta")
    assert ordered is not None and plain is not None
    assert ordered.result.stats.nodes == plain.result.stats.nodes
    assert any("exactly what alphabeta did" in text_of(n.text) for n in compared.notes(comparison))
    # bones offers no order of its own: the note claims none
    said = " ".join(compare_text("bones", "6").split())
    assert ("alphabeta-ordered: alpha-beta in the game's own move order, nothing else changed; "
            "the order changed nothing here. It searched exactly what alphabeta did.") in said
    assert "best guess" not in said


# --- stopped runs ----------------------------------------------------------------------------------
def test_a_run_stopped_by_nodes_is_marked_and_never_the_baseline() -> None:
    # 100 nodes: minimax needs the tree's 121, alpha-beta fewer (checked in the JSON itself).
    reports = compare_json("tree", UNIFORM, "--nodes", "100")
    runs = by_name(reports)
    assert runs["minimax"]["stopped"] == "nodes" and runs["minimax"]["value"] is None
    assert runs["minimax"]["stats"]["nodes"] == 100
    assert runs["alphabeta"]["stopped"] is None and runs["alphabeta"]["stats"]["nodes"] < 100
    text = compare_text("tree", UNIFORM, "--nodes", "100")
    lines = text.splitlines()
    assert lines[2].split()[-1] == "alphabeta"  # the fraction column: nodes vs alphabeta
    minimax_row = next(line for line in lines if line.startswith("minimax "))
    assert minimax_row.split()[1] == "none" and minimax_row.split()[-1] == "stopped"
    ordered_row = next(line for line in lines if line.startswith("alphabeta-ordered "))
    share = runs["alphabeta-ordered"]["stats"]["nodes"] / runs["alphabeta"]["stats"]["nodes"]
    assert ordered_row.split()[-1] == f"{share:.1%}"
    assert "Fractions are of alphabeta's nodes, the first search that finished." in text
    assert "stopped by the node budget (--nodes 100)" in text
    assert any("not the baseline" in note for note in runs["minimax"]["notes"])


def test_when_no_search_finishes_no_fraction_is_given() -> None:
    comparison = comparison_of(UNIFORM, Limits(nodes=5), user_budget=True)
    assert comparison.baseline is None
    assert all(comparison.share(run) is None for run in comparison.runs)
    said = [text_of(note.text) for note in compared.notes(comparison)]
    assert "No search finished, so no fractions of work are given." in said
    assert all(not run.finished for run in comparison.runs if not run.sampled)


@pytest.mark.slow  # runs out the default budget
def test_the_default_budget_stops_minimax_on_4x4_and_says_so(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    # The real budget is COMPARE_SECONDS; a shorter one keeps this test quick and changes nothing
    # else: minimax cannot search 4x4 tic-tac-toe to the end in it, the engine is not bounded.
    monkeypatch.setattr(compare, "COMPARE_SECONDS", 0.05)
    args = ("tictactoe", "--rows", "4", "--cols", "4", "--k", "4")
    runs = by_name(compare_json(*args))
    for name in ("minimax", "alphabeta", "alphabeta-ordered"):
        assert runs[name]["stopped"] == "time" and runs[name]["value"] is None
        assert any("the 0.05 s --compare gives each algorithm" in n for n in runs[name]["notes"])
    assert runs["negamax"]["stopped"] is None and runs["negamax"]["value"] == 0  # 4x4 is a draw
    text = compare_text(*args)
    assert text.splitlines()[2].split()[-1] == "negamax"


def test_every_algorithm_but_the_engine_and_mcts_gets_the_default_budget() -> None:
    given = Limits(depth=3)
    for name in ("minimax", "alphabeta", "alphabeta-ordered", "expectiminimax", "maxn"):
        assert compare.limits_for(name, given, False) == (
            Limits(depth=3, time=compare.COMPARE_SECONDS), compared.BUDGET_COMPARE)
    for name in ("negamax", "mcts"):  # a budget would change how they search
        assert compare.limits_for(name, given, False) == (given, None)
    # a game's own default analysis time (Connect Four) stands for them
    assert compare.limits_for("negamax", Limits(time=3.0), False) == (Limits(time=3.0),
                                                                      compared.BUDGET_GAME)
    # --time or --nodes: every algorithm gets exactly the user's limits
    user = Limits(time=0.5)
    assert all(compare.limits_for(name, user, True) == (user, compared.BUDGET_USER)
               for name in ("minimax", "negamax", "mcts"))


# --- the values, checked or explained ----------------------------------------------------------------
def test_chance_searches_are_checked_against_each_other() -> None:
    reports = compare_json("dicebones", "6")
    exact = [r for r in reports if r["algorithm"] != "mcts"]
    assert [r["algorithm"] for r in exact] == ["expectiminimax", "star1", "star2"]
    assert len({r["value_exact"] for r in exact}) == 1
    text = compare_text("dicebones", "6")
    assert (f"Same value from expectiminimax, star1, star2: {exact[0]['value_exact']} (checked)."
            in text)


def test_several_players_values_are_not_set_against_each_other() -> None:
    tree = '{"players": 3, "tree": [[[1,2,3],[4,2,1]],[[6,1,2],[7,4,1]]]}'
    text = compare_text("tree", tree)
    assert "maxn and paranoid answer different questions" in text
    assert "Same value" not in text and "Knuth–Moore" not in text
    maxn_row = next(line for line in text.splitlines() if line.startswith("maxn "))
    assert maxn_row.split()[1:4] == ["(7,", "4,", "1)"]  # max^n's returns, worked by hand


def test_a_depth_cut_gives_estimates_that_still_agree() -> None:
    reports = compare_json("tictactoe", "--depth", "2")
    exact = [r for r in reports if r["algorithm"] != "mcts"]
    assert len({r["value"] for r in exact}) == 1 and not any(r["proven"] for r in exact)
    said = " ".join(compare_text("tictactoe", "--depth", "2").split())  # lines joined
    assert "(an estimate: the evaluation function at the depth cut, backed up) (checked)" in said


# --- progress ---------------------------------------------------------------------------------------
def test_progress_names_each_search_on_a_terminal() -> None:
    buffer = io.StringIO()
    terminal = Console(file=buffer, force_terminal=True, width=80, color_system=None)
    with cli_compare.progress_line(True, terminal) as progress:
        assert progress is not None
        progress("alphabeta", 2, 5, 3.0)
        progress("negamax", 4, 5, None)
    shown = buffer.getvalue()
    assert "--compare: running alphabeta (2 of 5, at most 3 s)…" in shown
    assert "--compare: running negamax (4 of 5)…" in shown


def test_no_progress_off_a_terminal_or_with_json() -> None:
    terminal = Console(file=io.StringIO(), force_terminal=True)
    pipe = Console(file=io.StringIO(), force_terminal=False)
    with cli_compare.progress_line(False, terminal) as progress:
        assert progress is None
    with cli_compare.progress_line(True, pipe) as progress:
        assert progress is None
    result = runner.invoke(app, ["analyze", "tree", SLIDES, "--compare", "--json"])
    assert result.exit_code == 0 and result.stderr == ""
    json.loads(result.stdout)  # nothing but the list of reports


@pytest.mark.parametrize(("position", "winner_value"), [("XXX/OO./...", 1), ("XX./OOO/X..", -1)])
def test_a_finished_game_has_one_value_in_every_row(position: str, winner_value: int) -> None:
    # X has three in a row (MAX won, O to move), or O has (MIN won, X to move): every search,
    # Monte Carlo tree search too, reads the finished game from MAX's point of view.
    reports = compare_json("tictactoe", position)
    assert {r["value"] for r in reports} == {winner_value}
    assert all(r["over"] and r["stopped"] is None for r in reports)
    assert "(checked)" in compare_text("tictactoe", position)


PRUNED_CHANCE = ('[{"chance": [["1/2", [[6, 3], [8, 9]]], ["1/2", [[5, 7], [4, 9]]]]}, '
                 '{"chance": [["5/6", [[2, 4], [1, 3]]], ["1/6", [[9, 9], [8, 7]]]]}]')


def test_a_pruning_search_counting_more_than_plain_expectiminimax_is_explained() -> None:
    def star_notes(reports: list[dict[str, Any]]) -> dict[str, list[str]]:
        return {r["algorithm"]: [n for n in r["notes"] if "counts more nodes than" in n]
                for r in reports if r["algorithm"] in ("star1", "star2")}

    def nodes(reports: list[dict[str, Any]]) -> dict[str, int]:
        return {r["algorithm"]: r["stats"]["nodes"] for r in reports}

    # Dice bones repeats its positions: the memo makes plain expectiminimax nearly minimal.
    dice = compare_json("dicebones", "6")
    counted, said = nodes(dice), star_notes(dice)
    for name in ("star1", "star2"):
        assert bool(said[name]) == (counted[name] > counted["expectiminimax"])
    assert said["star1"] and said["star1"][0].endswith(
        "On a tree without repeats star1 never visits more.")
    # On a tree without repeats Star1 prunes: no such note.
    tree = compare_json("tree", PRUNED_CHANCE)
    assert nodes(tree)["star1"] < nodes(tree)["expectiminimax"]
    assert star_notes(tree)["star1"] == []


# Found by a user's tour: on this tree (no position repeats) Star2's two probes cut nothing.
# By hand: plain expectiminimax and Star1 enter all 9 nodes; Star2 enters both MAX nodes under
# the inner coin once more to probe them, and their first leaves once more: 13.
PROBES_PAID_TWICE = '{"chance":[["2/3",{"chance":[["1/4",[-1,0]],["3/4",[-5,9]]]}],["1/3",-5]]}'


def test_star2_counting_more_on_a_tree_is_explained_by_its_probes_not_by_repeats() -> None:
    reports = {r["algorithm"]: r for r in compare_json("tree", PROBES_PAID_TWICE)}
    assert {a: reports[a]["stats"]["nodes"] for a in ("expectiminimax", "star1", "star2")} == {
        "expectiminimax": 9, "star1": 9, "star2": 13}
    said = [n for n in reports["star2"]["notes"] if "counts more nodes than" in n]
    assert len(said) == 1 and "positions repeat" not in said[0]
    assert "Each probe that cuts nothing is paid twice" in said[0]
