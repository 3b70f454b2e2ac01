"""Scores: one value type for what a search proved or estimated, and the one encoder of engine
numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minimax_cli.core.score import (
    HEURISTIC_LIMIT,
    MAX_PLIES,
    WIN,
    WIN_BAND,
    Bound,
    Kind,
    PovScore,
    Score,
    decode,
    encode,
    format_number,
)

bounds = st.sampled_from(list(Bound))
plies = st.integers(0, MAX_PLIES - 1)
numbers = st.one_of(st.integers(-10**6, 10**6), st.fractions(max_denominator=50),
                    st.floats(-1e6, 1e6, allow_nan=False))
scores = st.one_of(
    st.builds(Score.win, st.one_of(st.none(), plies), st.booleans()),
    st.builds(Score.loss, st.one_of(st.none(), plies), st.booleans()),
    st.builds(Score.draw, bounds),
    st.builds(Score.value, numbers, bounds),
    st.builds(Score.estimate, numbers, bounds),
    st.builds(Score, st.sampled_from([Kind.WIN, Kind.LOSS]), st.sampled_from([1, -1]), bounds,
              plies, st.booleans()),
)


@given(scores)
def test_flipping_twice_is_the_identity(score: Score) -> None:
    assert score.flip().flip() == score
    assert -score == score.flip()


@given(scores)
def test_a_flip_is_the_opponents_view(score: Score) -> None:
    flipped = score.flip()
    assert flipped.number == -score.number
    assert flipped.proven == score.proven and flipped.plies == score.plies
    expected_kind = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN}.get(score.kind, score.kind)
    assert flipped.kind is expected_kind
    expected_bound = {Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}.get(score.bound,
                                                                            Bound.EXACT)
    assert flipped.bound is expected_bound


def test_sort_key_orders_by_what_the_player_wants() -> None:
    best_first = [
        Score.win(1),
        Score.win(3),
        Score.win(),  # a win of unknown length: slower than any known one
        Score.value(5),
        Score.estimate(2),
        Score.draw(),
        Score.estimate(-3),
        Score.loss(),
        Score.loss(6),
        Score.loss(2),
    ]
    keys = [s.sort_key() for s in best_first]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)
    # A loss however slow stays below every estimate, a win however slow above.
    assert Score.loss(MAX_PLIES - 1).sort_key() < Score.estimate(-HEURISTIC_LIMIT + 1).sort_key()
    assert Score.win(MAX_PLIES - 1).sort_key() > Score.estimate(HEURISTIC_LIMIT - 1).sort_key()


@given(scores)
def test_sort_key_is_reversed_by_a_flip(score: Score) -> None:
    other = Score.draw()
    before = score.sort_key() > other.sort_key()
    after = score.flip().sort_key() < other.flip().sort_key()
    assert before == after


exact_results = st.one_of(
    st.builds(Score.win, plies), st.builds(Score.loss, plies), st.just(Score.draw()))


@given(exact_results)
def test_decode_inverts_encode_for_proven_results(score: Score) -> None:
    number = encode(score)
    assert decode(number, True, Bound.EXACT, win_loss=True) == score


@given(st.one_of(st.integers(-10**15, 10**15), st.fractions(max_denominator=50)))
def test_decode_inverts_encode_for_numbers(number: int | Fraction) -> None:
    assert decode(number, True, Bound.EXACT, win_loss=False) == Score.value(number)
    assert encode(Score.value(number)) == number
    if -HEURISTIC_LIMIT < number < HEURISTIC_LIMIT:
        assert decode(number, False, Bound.EXACT, win_loss=True) == Score.estimate(number)
        assert decode(number, False, Bound.EXACT, win_loss=False) == Score.estimate(number)
        assert encode(Score.estimate(number)) == number


def test_wins_are_counted_from_the_top_of_the_band() -> None:
    assert encode(Score.win(0)) == WIN and encode(Score.loss(0)) == -WIN
    assert encode(Score.win(7)) == WIN - 7 and encode(Score.loss(7)) == 7 - WIN
    assert decode(WIN - 7, True, Bound.EXACT, True) == Score.win(7)
    assert decode(WIN_BAND, True, Bound.EXACT, True).kind is Kind.WIN
    assert decode(WIN_BAND - 1, False, Bound.EXACT, True).kind is Kind.ESTIMATE
    assert WIN_BAND > HEURISTIC_LIMIT  # every heuristic lies strictly below the band


@given(plies)
def test_a_band_number_beside_heuristics_is_a_win_of_uncertain_length(distance: int) -> None:
    """Heuristics never reach the band, so the result is sure; only its length is not."""
    win = decode(WIN - distance, False, Bound.EXACT, True)
    assert win == Score(Kind.WIN, 1, Bound.EXACT, distance, plies_at_most=True)
    assert win.proven and win.exact
    loss = decode(distance - WIN, False, Bound.EXACT, True)
    assert loss == Score(Kind.LOSS, -1, Bound.EXACT, distance, plies_at_most=True)


def test_a_proven_number_of_a_win_loss_game_is_a_result() -> None:
    with pytest.raises(ValueError, match="0 or decisive"):
        decode(3, True, Bound.EXACT, True)


@pytest.mark.parametrize(
    ("score", "text"),
    [
        (Score.win(5), "win in 5 plies"),
        (Score.win(1), "win in 1 ply"),
        (Score.win(3, at_most=True), "win in at most 3 plies"),
        (Score.win(), "win"),
        (Score.loss(2), "loss in 2 plies"),
        (Score.loss(4, at_most=True), "loss in at most 4 plies"),
        (Score(Kind.WIN, 1, Bound.UPPER, 3), "at most a win in 3 plies"),
        (Score(Kind.LOSS, -1, Bound.LOWER, 2), "at least a loss in 2 plies"),
        (Score.draw(), "draw"),
        (Score.draw(Bound.LOWER), "at least a draw"),
        (Score.draw(Bound.UPPER), "at most a draw"),
        (Score.value(Fraction(23, 3)), "value 23/3"),
        (Score.value(Fraction(4, 2)), "value 2"),
        (Score.value(-7, Bound.LOWER), "value at least -7"),
        (Score.value(2.5, Bound.UPPER), "value at most 2.5"),
        (Score.estimate(3), "estimate 3"),
        (Score.estimate(3.0), "estimate 3"),
        (Score.estimate(-1, Bound.UPPER), "estimate at most -1"),
    ],
)
def test_wording(score: Score, text: str) -> None:
    assert str(score) == text


def test_numbers_are_written_as_people_write_them() -> None:
    assert format_number(Fraction(-1, 3)) == "-1/3"
    assert format_number(Fraction(6, 3)) == "2"
    assert format_number(4.0) == "4"
    assert format_number(float("inf")) == "+∞"
    assert format_number(10**20) == str(10**20)


def test_a_pov_score_converts_between_players() -> None:
    seen_by_min = PovScore(Score.win(3), 1)
    assert seen_by_min.seen_by(1) == Score.win(3)
    assert seen_by_min.max() == Score.loss(3)
    assert PovScore(Score.estimate(2, Bound.LOWER), 0).seen_by(1) == Score.estimate(-2, Bound.UPPER)


@given(scores)
def test_only_estimates_are_unproven(score: Score) -> None:
    assert score.proven == (score.kind is not Kind.ESTIMATE)
    assert score.exact == (score.proven and score.bound is Bound.EXACT)


def test_a_loss_of_uncertain_length_ranks_below_the_same_loss_proven_that_long() -> None:
    # "loses in at most 5 plies" may lose sooner: a loss proven to take 5 plies resists better
    assert Score.loss(5, at_most=True).sort_key() < Score.loss(5).sort_key()
    assert Score.loss(4).sort_key() < Score.loss(5, at_most=True).sort_key()
