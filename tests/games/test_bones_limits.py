"""Issue 9 for bones: every input has a stated limit, the solver's cost does not grow with heaps x
amounts, and its tables stay within a memory budget that names itself when exceeded. Every answer
is checked against the brute-force oracle (tests.oracles) or against theory."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from games.bones.game import TAKE_COUNT_MAX, TAKE_MAX, Bones, parse_heap_size, parse_take
from games.bones.solver import BonesSolver, subtraction_period
from games.bones.sweep import EXACT_CHECKS_UPTO, marking_plan, outcome_table, sweep
from games.heaps import amounts_text
from minimax_cli.cli.app import app
from minimax_cli.core import MAX, SearchError
from minimax_cli.core.i18n import text_of
from minimax_cli.core.periodic import window_period
from minimax_cli.services import series as series_mod
from minimax_cli.services import solve as solving
from tests.oracles import bones_outcomes
from tests.profiles import examples

runner = CliRunner()

take_sets = st.lists(st.integers(1, 30), min_size=1, max_size=6).map(
    lambda amounts: tuple(sorted(set(amounts))))


def check_period(take: tuple[int, ...], misere: bool, preperiod: int, period: int) -> None:
    """The oracle's outcomes repeat with `period` from `preperiod` (over a stretch of 20 periods),
    no smaller period fits them, and none from an earlier start (term preperiod - 1 differs)."""
    end = preperiod + 21 * period + 100
    wins = bones_outcomes(take, misere, end)
    assert all(wins[i] == wins[i + period] for i in range(preperiod, end + 1 - period))
    for smaller in range(1, period):  # eventually p'-periodic would mean p'-periodic from here
        assert any(wins[i] != wins[i + smaller] for i in range(preperiod, end + 1 - smaller))
    assert preperiod == 0 or wins[preperiod - 1] != wins[preperiod - 1 + period]


def winning_moves(take: tuple[int, ...], wins: list[bool], heap: int) -> tuple[str, ...]:
    return tuple(str(a) for a in take if a <= heap and not wins[heap - a])


def error_line(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# --- limits on every input -----------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["--n", "100000000", "--take", "1000000000000000000000000000000"],  # was an OverflowError
    ["--n", "5", "--take", "1e30", "--upto", "10"],
])
def test_a_take_amount_above_the_limit_is_one_line_naming_it(args: list[str]) -> None:
    line = error_line("solve", "bones", *args)
    assert "10**30 is too large an amount" in line
    assert f"each at most {TAKE_MAX:,}" in line and "comma-separated positive whole numbers" in line


def test_take_limits_of_the_parser() -> None:
    assert parse_take(f"1,{TAKE_MAX}") == (1, TAKE_MAX)
    with pytest.raises(ValueError, match=r"^1,000,001 is too large an amount: use comma-separated"):
        parse_take(f"1,{TAKE_MAX + 1}")
    many = ",".join(map(str, range(1, TAKE_COUNT_MAX + 1)))
    assert len(parse_take(many)) == TAKE_COUNT_MAX
    with pytest.raises(ValueError, match=r"^more than 10,000 amounts: use comma-separated"):
        parse_take(many + ",1")  # counted as listed, duplicates included
    with pytest.raises(ValueError, match=r"^an amount of 101 digits is too large: use comma"):
        parse_take("3," + "9" * 101)
    with pytest.raises(ValueError, match="at most 100 digits"):
        parse_heap_size("1" + "0" * 100)
    assert parse_heap_size("9" * 100) == 10**100 - 1


def test_limits_of_the_constructor() -> None:
    with pytest.raises(ValueError, match=r"got 10\*\*5000$"):  # str() of it would fail
        Bones(take=(1, 10**5000))
    with pytest.raises(ValueError, match="at most 10,000 amounts, each at most 1,000,000, got "
                                         "10,001 amounts"):
        Bones(take=range(1, TAKE_COUNT_MAX + 2))
    with pytest.raises(ValueError, match="of at most 100 digits, got 10\\*\\*100"):
        Bones(n=10**100)
    with pytest.raises(ValueError, match="got True"):
        Bones(take=(True,))
    assert Bones(n=10**100 - 1, take=range(1, TAKE_COUNT_MAX + 1)).take[-1] == TAKE_COUNT_MAX


def test_long_take_sets_are_written_short() -> None:
    take = tuple(range(1, 1001))
    assert amounts_text(take) == "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ..., 1000 (1,000 amounts)"
    game = Bones(take=take)
    with pytest.raises(ValueError, match=r"allowed: 1, 2, 3, .*, 1000 \(1,000 amounts\)$"):
        game.parse_move((5, MAX), "1001")
    solution = BonesSolver(take, False).solve((10**6, MAX))
    assert all(len(text_of(sentence)) < 400 for sentence in solution.explanation)
    # 10**6 = 999 * 1001 + 1: the only winning move takes 1; every other move is named by count
    assert text_of(solution.explanation[-1]) == ("Heap 1,000,000 is won for the player to move: taking 1 "
                                        "leaves 999,999, a lost heap.")


def test_the_largest_amount_is_solved_exactly() -> None:
    """One amount s: the mover wins exactly when n mod 2s >= s (theory: s heaps lost, s won)."""
    s = TAKE_MAX
    solver = BonesSolver((s,), False)
    for heap in (10**18, 10**18 + 999_999, 10**18 + 1_000_000, 10**99 + 7):
        solution = solver.solve((heap, MAX))
        assert solution.value == (1 if heap % (2 * s) >= s else -1), heap
    facts = solution.facts or {}
    assert (facts["preperiod"], facts["period"], facts["checked_upto"]) == (0, 2 * s, 3 * s)


def test_a_heap_of_a_hundred_digits() -> None:
    heap = 10**100 - 1  # 3 mod 4: take 3
    solution = BonesSolver((1, 2, 3), False).solve((heap, MAX))
    assert solution.value == 1 and [m.move for m in solution.moves if m.value == 1] == [3]


# --- the sweep and the proof, against the oracle ----------------------------------------------------
@examples(1.5, deadline=None)
@given(take=take_sets, misere=st.booleans())
def test_the_sweep_matches_the_oracle(take: tuple[int, ...], misere: bool) -> None:
    wins = bones_outcomes(take, misere, 1200)
    assert [bool(b) for b in outcome_table(take, misere, 1200)] == wins
    period = subtraction_period(take, misere, 10**6)
    check_period(take, misere, period.preperiod, period.period)
    assert period.checked_upto == period.preperiod + period.period + take[-1]
    # Checking for a period on the way: the table it stops with is still the oracle's.
    table, early = sweep(take, misere, 1201, first_check=8)
    assert [bool(b) for b in table] == wins[:len(table)]
    if early is not None:
        assert early == period
        assert early.checked_upto <= len(table) < 2 * max(8, early.checked_upto)


@pytest.mark.parametrize("start", [(1, 0, 0), (0, 0, 1), (1, 1, 1), (0, 0, 0)])
def test_window_period_of_a_sequence_that_is_not_bones(start: tuple[int, int, int]) -> None:
    """t(n) = t(n - 2) xor t(n - 3): each term a function of the 3 before it. The proof's answer
    is checked by brute force over a long stretch of the sequence."""
    terms = list(start)
    while len(terms) < 400:
        terms.append(terms[-2] ^ terms[-3])
    seq = bytes(terms)
    found = None
    for length in range(4, 400):
        found = window_period(seq, length, 3)
        if found is not None:
            break
    assert found is not None
    q, p = found.preperiod, found.period
    assert all(seq[i] == seq[i + p] for i in range(q, 400 - p))
    assert all(any(seq[i] != seq[i + d] for i in range(q, 400 - d)) for d in range(1, p))
    assert q == 0 or seq[q - 1] != seq[q - 1 + p]
    assert found.checked_upto == q + p + 3 == length  # found as soon as the terms prove it


@pytest.mark.parametrize("take", [(1, 2, 3), (1, 3, 4), (2, 5), (3,), (2, 4, 7), (1, 30)])
@pytest.mark.parametrize("misere", [False, True])
def test_the_period_answers_and_the_early_period_match_the_oracle(
        take: tuple[int, ...], misere: bool) -> None:
    wins = bones_outcomes(take, misere, 3000)
    early = BonesSolver(take, misere, check_from=64)  # looks for a period from 64 heaps on
    for heap in (0, 1, 63, 64, 65, 500, 2999, 3000):
        solution = early.solve((heap, MAX))
        assert solution.value == (1 if wins[heap] else -1), heap
        moves = {m.move for m in solution.moves if m.value == 1}
        assert moves == {int(a) for a in winning_moves(take, wins, heap)}
        assert solution.method == ("table" if heap < 64 else "period")


def test_the_proof_solves_only_the_heaps_it_needs() -> None:
    """Heap by heap while few are settled, then doubling: never more than twice what it needs."""
    for take in [(1, 2, 3), (1, 3, 4), (2, 4, 7), (1, 30), (500,), (1000,), (3, 700, 1500)]:
        solution = BonesSolver(take, False).solve((10**18, MAX))
        facts = solution.facts or {}
        needed = facts["checked_upto"]
        assert isinstance(needed, int)
        if needed <= EXACT_CHECKS_UPTO:
            assert solution.work == needed, take
        else:
            assert needed <= solution.work < 2 * needed, take


def test_amounts_are_marked_as_few_progressions() -> None:
    """The sweep's Python work per lost heap is one step per piece of the plan."""
    assert marking_plan(tuple(range(1, 1001))) == ((), ((1, 1001, 1, b"\x01" * 1000),))
    assert marking_plan(tuple(range(1, 2000, 2))) == ((), ((1, 2000, 2, b"\x01" * 1000),))
    singles, runs = marking_plan((*range(1, 2000, 2), 2000))
    assert singles == (2000,) and len(runs) == 1
    assert marking_plan((2, 4, 7)) == ((7,), ((2, 5, 2, b"\x01\x01"),))
    assert marking_plan((100_000,)) == ((100_000,), ())


@pytest.mark.parametrize("take", [(1, 2, 3), (1, 3, 4), (2, 5), (2, 4, 7), tuple(range(1, 40, 3))])
@pytest.mark.parametrize("misere", [False, True])
def test_series_moves_match_the_oracle(take: tuple[int, ...], misere: bool) -> None:
    wins = bones_outcomes(take, misere, 300)
    series = BonesSolver(take, misere).series(300)
    assert list(series.outcomes) == wins
    assert list(series.moves) == [winning_moves(take, wins, n) for n in range(301)]


# --- the memory budget ----------------------------------------------------------------------------
def test_a_table_over_the_budget_stops_before_any_work() -> None:
    calls: list[tuple[int, int]] = []
    solver = BonesSolver((1000,), False, memory_mb=0.01)
    with pytest.raises(SearchError, match=r"^a table of heaps 0\.\.5,000 needs about 0\.0\d\d MB, "
                                          r"over the memory budget of 0\.01 MB: raise it with "
                                          r"--table-mb$"):
        solver.outcome_table(5000, progress=lambda done, total: calls.append((done, total)))
    assert calls == []
    with pytest.raises(SearchError, match=r"over the memory budget of 0\.01 MB"):
        solver.series(5000)


def test_a_solve_over_the_budget_names_it() -> None:
    solver = BonesSolver((1000,), False, memory_mb=0.01)  # the period needs 3,000 heaps
    with pytest.raises(SearchError) as error:
        solver.solve((10_000, MAX))
    message = str(error.value)
    assert message.startswith("solving heap 10,000 bottom-up needs about 0.0")
    assert "heaps that fit prove no period), over the memory budget of 0.01 MB: raise it with " \
        "--table-mb" in message
    with pytest.raises(SearchError, match=r"^no period is proven within heaps 0\.\.\d+, all that "
                                          r"the memory budget of 0\.01 MB holds: raise it with "
                                          r"--table-mb$"):
        solver.solve((10**18, MAX))
    with pytest.raises(SearchError, match=r"^take amounts up to 1,000,000 need about 1\.9 MB for "
                                          r"the proof of the period alone, over the memory budget "
                                          r"of 1 MB: raise it with --table-mb$"):
        BonesSolver((TAKE_MAX,), False, memory_mb=1).proven_period()


def test_a_period_proven_within_the_budget_answers_where_the_table_would_not_fit() -> None:
    wins = bones_outcomes((1, 3, 4), False, 400)
    solver = BonesSolver((1, 3, 4), False, memory_mb=0.02)  # about 12,000 heaps fit
    for heap in (10**6, 10**6 + 1, 10**6 + 2):
        solution = solver.solve((heap, MAX))
        assert solution.method == "period" and solution.work <= 0.02 * 2**20
        assert solution.value == (1 if wins[heap % 7] else -1)  # period 7 from 0 (theory)


def test_winning_moves_over_the_budget_stop_before_they_are_built() -> None:
    odd = tuple(range(1, 200, 2))  # even heaps lost, odd ones won by every odd amount that fits
    with pytest.raises(SearchError, match=r"^the winning moves of heaps 0\.\.3,000 take about "
                                          r"\d\.\d MB, over the memory budget of 1 MB: give a "
                                          r"smaller --upto or raise it with --table-mb$"):
        BonesSolver(odd, False, memory_mb=1).series(3000)  # 150,000 moves
    wins = bones_outcomes(odd, False, 3000)
    series = BonesSolver(odd, False).series(3000)
    assert list(series.moves[2999]) == [str(a) for a in odd]
    assert list(series.moves) == [winning_moves(odd, wins, n) for n in range(3001)]


def test_a_period_too_long_to_list_within_the_budget_is_not_claimed() -> None:
    """--upto reads one period of outcomes off a series that long: one that would not fit is
    left out (nothing is claimed), and kept with room to spare."""
    assert BonesSolver((1000,), False, memory_mb=0.2).series(10).proven is None
    proven = BonesSolver((1000,), False).series(10).proven
    assert proven is not None and (proven.preperiod, proven.period) == (0, 2000)


def test_table_mb_reaches_the_solver() -> None:
    game = Bones(n=10_000, take=(1000,))
    with pytest.raises(SearchError, match=r"over the memory budget of 0\.01 MB"):
        solving.solve(game, (10_000, MAX), table_mb=0.01)
    assert solving.solve(game, (10_000, MAX), table_mb=1).value == -1  # 10,000 mod 2,000 < 1,000
    with pytest.raises(SearchError, match=r"over the memory budget of 0\.01 MB"):
        series_mod.solve_series(Bones(take=(1000,)), 5000, table_mb=0.01)
    line = error_line("solve", "bones", "--n", "10000", "--take", "1000", "--table-mb", "0.01")
    assert "over the memory budget of 0.01 MB: raise it with --table-mb" in line
