"""`minimax solve GAME --upto N`: the outcomes and the pattern in them, checked against outcomes
computed here by recursion from the rules. A proven pattern is stated for every n and agrees with
every outcome; an observed one is labelled with its range, and no pattern contradicts the proof."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from games.bones.game import Bones
from games.bones.solver import BonesSolver
from minimax_cli.cli.app import app
from minimax_cli.core import SearchError
from minimax_cli.core.i18n import text_of
from minimax_cli.core.periodic import Period
from minimax_cli.reports.json_form import series_dict
from minimax_cli.reports.model import Report
from minimax_cli.services import series
from minimax_cli.views.series import series_view
from tests.oracles import bones_outcomes

runner = CliRunner()

TAKE_SETS = [(1, 2, 3), (1, 3, 4), (2, 5), (1, 4), (3,), (2, 4, 7)]


def run(*args: str) -> str:
    result = runner.invoke(app, ["solve", "bones", *args])
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.split())


def run_json(*args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run(*args, "--json"))["series"]
    return data


def shown(report: Report) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=100, color_system=None).print(series_view(report))
    return " ".join(buffer.getvalue().split())


# --- independent references, from the rules --------------------------------------------------------
def smallest_period(seq: list[bool]) -> tuple[int, int]:
    """The (preperiod, period) with the smallest sum, then the smallest period, that holds over
    all of `seq` with the block seen 3 times: by trying every pair."""
    for total in range(1, len(seq) + 1):
        for period in range(1, total + 1):
            start = total - period
            if len(seq) - start >= 3 * period and all(
                    seq[i] == seq[i + period] for i in range(start, len(seq) - period)):
                return start, period
    raise AssertionError("no period")


def bones_with(take: tuple[int, ...], misere: bool = False, **limits: int) -> Bones:
    """Bones whose solver has the given limits (a small proof_limit: no proof, only observation)."""

    class Limited(Bones):
        def exact_solver(self, memory_mb: float | None = None) -> BonesSolver:
            budget = {} if memory_mb is None else {"memory_mb": memory_mb}
            return BonesSolver(self.take, self.misere, **limits, **budget)

    return Limited(take=take, misere=misere)


def check_claims(data: dict[str, Any], wins: list[bool]) -> None:
    """The JSON `series` says nothing that the outcomes or the proof contradict."""
    upto = len(data["rows"]) - 1
    assert [row["outcome"] == "W" for row in data["rows"]] == wins[:upto + 1]
    pattern, proof = data["pattern"], data["proven_period"]
    if pattern is None:
        assert proof is None
        return
    q, p = pattern["preperiod"], pattern["period"]
    residues, early = set(pattern["losing_residues"]), set(pattern["early_losses"])
    if pattern["proven"]:
        assert proof is not None and (proof["preperiod"], proof["period"]) == (q, p)
        assert pattern["text"].startswith("for every n") and ", proven; see the proof)" in \
            pattern["text"]
        claimed = range(len(wins))  # every n: check all the reference has
    else:
        assert proof is None
        assert pattern["observed_over"] == {"from": 0, "to": upto}
        assert pattern["text"].startswith(f"observed over n = 0..{upto}, not proven: in n = {q}..")
        assert "for every n" not in pattern["text"]
        claimed = range(upto + 1)
    for n in claimed:
        loses = n in early if n < q else n % p in residues
        assert loses == (not wins[n]), n
    assert f"period {p} from n = {q}" in pattern["text"]
    if pattern["observed_over"] is not None:  # the rows alone show it: three blocks at least
        assert pattern["observed_over"] == {"from": 0, "to": upto} and upto + 1 - q >= 3 * p


# --- the case: take 1,3,4 -------------------------------------------------------------------
def test_take_one_three_four_up_to_twenty_states_the_proven_period() -> None:
    wins = bones_outcomes((1, 3, 4), False, 200)
    assert wins[21] is False  # the old "from n = 17 on, always wins" was wrong here
    out = run("--take", "1,3,4", "--upto", "20")
    assert ("pattern for every n, the player to move loses exactly when n mod 7 = 0 or 2 "
            "(period 7 from n = 0, proven; see the proof)") in out
    assert "proof period 7 from n = 0, proven by solving heaps 0..10" in out
    assert "observed the outcomes for n = 0..20 show this period by themselves too" in out
    assert "always wins" not in out and "period 1" not in out and "note" not in out
    data = run_json("--take", "1,3,4", "--upto", "20")
    assert data["pattern"] == {
        "text": "for every n, the player to move loses exactly when n mod 7 = 0 or 2 (period 7 "
                "from n = 0, proven; see the proof)",
        "preperiod": 0, "period": 7, "losing_residues": [0, 2], "early_losses": [],
        "checked_upto": 11, "proven": True, "observed_over": {"from": 0, "to": 20},
    }
    check_claims(data, wins)


@pytest.mark.parametrize("upto", range(41))
def test_take_one_three_four_at_every_small_upto(upto: int) -> None:
    # Losses of take 1,3,4 are exactly n mod 7 in {0, 2} (the recursion says so for 0..200).
    wins = bones_outcomes((1, 3, 4), False, 200)
    assert [n for n in range(200) if not wins[n]] == [n for n in range(200) if n % 7 in (0, 2)]
    report = series.solve_series(Bones(take=(1, 3, 4)), upto)
    data = series_dict(report)
    check_claims(data, wins)
    assert data["pattern"]["proven"] and data["pattern"]["losing_residues"] == [0, 2]
    text = shown(report)
    assert "n mod 7 = 0 or 2" in text and "always wins" not in text
    if upto >= 20:  # three blocks of 7
        assert data["pattern"]["observed_over"] == {"from": 0, "to": upto}
        assert "note" not in text
    else:
        assert data["pattern"]["observed_over"] is None
        assert (f"note the outcomes for n = 0..{upto} are too few to show this period by "
                "themselves (a block must repeat 3 times to be seen); the proof covers every n"
                ) in text


def test_take_one_three_four_up_to_forty() -> None:
    out = run("--take", "1,3,4", "--upto", "40")
    assert "for every n, the player to move loses exactly when n mod 7 = 0 or 2" in out
    assert "the outcomes for n = 0..40 show this period by themselves too" in out


# --- take 1,2,3: losses exactly at multiples of 4 ---------------------------------------------------
@pytest.mark.parametrize("upto", [0, 1, 3, 7, 8, 11, 12, 19, 20, 100])
def test_take_one_to_three_loses_at_multiples_of_four(upto: int) -> None:
    data = run_json("--upto", str(upto))
    for row in data["rows"]:
        n = row["n"]
        assert row["outcome"] == ("L" if n % 4 == 0 else "W")
        assert row["winning_moves"] == ([str(n % 4)] if n % 4 else [])
        assert row["over"] == (n == 0)
    pattern = data["pattern"]
    assert pattern["text"] == ("for every n, the player to move loses exactly when n mod 4 = 0 "
                               "(period 4 from n = 0, proven; see the proof)")
    assert (pattern["preperiod"], pattern["period"], pattern["losing_residues"]) == (0, 4, [0])
    assert pattern["proven"] is True and pattern["early_losses"] == []
    assert pattern["observed_over"] == (None if upto < 11 else {"from": 0, "to": upto})
    assert data["proven_period"]["period"] == 4 and data["proven_period"]["preperiod"] == 0


def test_misere_take_one_to_three_loses_at_one_mod_four() -> None:
    data = run_json("--upto", "24", "--misere")
    for row in data["rows"]:
        assert row["outcome"] == ("L" if row["n"] % 4 == 1 else "W")
    assert "loses exactly when n mod 4 = 1" in data["pattern"]["text"]
    assert data["pattern"]["period"] == 4 and data["pattern"]["proven"] is True
    out = run("--upto", "8", "--misere")  # 0..8 is too short to show the period by itself
    assert "for every n, the player to move loses exactly when n mod 4 = 1" in out
    assert "are too few to show this period" in out and "period 1" not in out


# --- every take set, normal and misère, against the recursion ----------------------------------------
@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("take", TAKE_SETS)
def test_patterns_agree_with_the_recursion(take: tuple[int, ...], misere: bool) -> None:
    wins = bones_outcomes(take, misere, 600)
    truth = smallest_period(wins)
    for upto in (0, 1, 2, 5, 9, 13, 20, 27, 33, 50, 80):
        report = series.solve_series(Bones(take=take, misere=misere), upto)
        data = series_dict(report)
        assert data["pattern"]["proven"] is True
        assert (data["pattern"]["preperiod"], data["pattern"]["period"]) == truth, upto
        check_claims(data, wins)
        text = shown(report)
        assert f"period {truth[1]} from n = {truth[0]}, proven" in text


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("take", [(1, 3, 4), (2, 5), (1, 4)])
def test_observed_patterns_without_a_proof_say_so(take: tuple[int, ...], misere: bool) -> None:
    wins = bones_outcomes(take, misere, 600)
    truth = smallest_period(wins)
    game = bones_with(take, misere, proof_limit=2)  # too small a limit: nothing proven
    for upto in (1, 6, 12, 20, 27, 40, 80):
        report = series.solve_series(game, upto)
        data = series_dict(report)
        assert data["proven_period"] is None
        check_claims(data, wins)
        text = shown(report)
        assert "proof" not in text and "for every n" not in text
        if data["pattern"] is None:
            assert f"no period seen in n = 0..{upto}" in text
        else:
            assert f"seen in the outcomes for n = 0..{upto} only; larger n may differ" in text
        if upto + 1 >= truth[0] + 3 * truth[1] + max(take):
            pattern = data["pattern"]
            assert (pattern["preperiod"], pattern["period"]) == truth, upto


def test_an_observed_pattern_with_a_preperiod() -> None:
    outcomes = [1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0]
    pattern = series.describe_pattern(outcomes, Period(preperiod=3, period=2, checked_upto=11))
    assert (pattern.losing_residues, pattern.early_losses) == ((0,), (1, 2))
    assert not pattern.proven and pattern.observed_upto == 10
    assert text_of(pattern.sentence) == ("observed over n = 0..10, not proven: in n = 3..10, the player to "
                                "move loses exactly when n mod 2 = 0; below n = 3 they lose at "
                                "n = 1 or 2 (period 2 from n = 3 in these outcomes)")


def test_a_proven_pattern_with_a_preperiod() -> None:
    outcomes = [1, 0, 0, 1, 1, 1]
    pattern = series.describe_pattern(outcomes, Period(3, 1, checked_upto=5, proven=True))
    assert pattern.proven and pattern.observed_upto is None
    assert text_of(pattern.sentence) == ("for every n from 3 on, the player to move always wins; below "
                                "n = 3 they lose at n = 1 or 2 (period 1 from n = 3, proven; see "
                                "the proof)")


def test_long_lists_are_cut_and_say_how_many() -> None:
    outcomes = [0 if n % 2 == 0 else 1 for n in range(40)] * 3  # period 40, 20 losing residues
    pattern = series.describe_pattern(outcomes, Period(0, 40, checked_upto=120, proven=True))
    assert len(pattern.losing_residues) == 20
    assert ("loses exactly when n mod 40 is one of 20 values: 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, "
            "20, 22, 24, 26, ..., 38 (--json lists them all)") in text_of(pattern.sentence)


def test_a_proof_that_contradicts_the_outcomes_is_refused() -> None:
    outcomes = [0, 1, 1, 1, 0, 1, 1, 1]  # take 1,2,3: period 4, not 3
    solver = BonesSolver((1, 2, 3), False)
    with pytest.raises(SearchError, match="disagrees with its own outcome at n = 3"):
        series.proven_pattern(outcomes, Period(0, 3, checked_upto=6, proven=True), None, solver)


# --- observe_period ---------------------------------------------------------------------------------
def test_a_run_at_the_end_does_not_fool_the_observation() -> None:
    # 0..19 of take 1,2,3 ends L W W W, and 0..20 / 0..27 of take 1,3,4 end with W W W W: runs that
    # period 1 fits, while a longer period explains every outcome.
    assert series.observe_period(bones_outcomes((1, 2, 3), False, 19)) == Period(0, 4, 20)
    for upto in (20, 27):
        assert series.observe_period(bones_outcomes((1, 3, 4), False, upto)) == Period(0, 7, upto + 1)


@pytest.mark.parametrize("take", TAKE_SETS)
@pytest.mark.parametrize("misere", [False, True])
def test_observation_finds_the_true_period_given_enough_outcomes(take: tuple[int, ...],
                                                                 misere: bool) -> None:
    # Three full blocks, plus room for a trailing run of equal outcomes (at most max(take) long)
    # that a shorter period would fit.
    wins = bones_outcomes(take, misere, 600)
    truth = smallest_period(wins)
    enough = truth[0] + 3 * truth[1] + take[-1]
    for upto in range(enough, enough + 60):
        observed = series.observe_period(wins[:upto + 1])
        assert observed is not None and not observed.proven
        assert (observed.preperiod, observed.period) == truth, upto


@given(st.lists(st.integers(0, 1), max_size=60))
def test_observation_is_the_best_pair_that_holds(seq: list[int]) -> None:
    observed = series.observe_period(seq)
    bools = [bool(v) for v in seq]
    try:
        expected: tuple[int, int] | None = smallest_period(bools)
    except AssertionError:
        expected = None
    assert (None if observed is None else (observed.preperiod, observed.period)) == expected


def test_observation_of_a_long_preperiod_is_quick_and_right() -> None:
    seq = [n % 3 == 0 for n in range(30_000)] + [True] * 60_000
    assert series.observe_period(seq) == Period(30_000, 1, 90_000)


# --- errors -----------------------------------------------------------------------------------------
def test_upto_names_the_games_that_have_a_family() -> None:
    result = runner.invoke(app, ["solve", "nim", "--upto", "3"])
    assert result.exit_code == 2
    having = series.games_with_series()
    assert {"bones", "bones3"} <= set(having) and "nim" not in having
    assert (f"--upto tabulates a family of positions; nim has none (games with one: "
            f"{', '.join(having)})" in " ".join(result.output.split()))
