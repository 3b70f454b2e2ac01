"""The PVS engine's several exact lines (`multipv`, core/search/pvs_root.py) on test_pvs's tiny
heaps board: the best K root moves' scores against the brute-force negamax written there (which
shares nothing with the engine), the rest bounds, and one line (K = 1) unchanged."""

from __future__ import annotations

import pytest

from minimax_cli.core.result import MAX_MULTIPV, Limits, SearchOptions
from minimax_cli.core.score import Bound, encode
from minimax_cli.core.search import search
from tests.core.test_pvs import Heaps, State, brute


@pytest.mark.parametrize("multipv", [2, 3, 6])
@pytest.mark.parametrize("depth", [2, 4])
@pytest.mark.parametrize("state", [(11, 9, 0), (7, 6, 1)])
def test_the_best_k_moves_get_the_brute_force_scores(multipv: int, depth: int,
                                                     state: State) -> None:
    game = Heaps()
    result = search(game, state, "pvs", Limits(depth=depth), multipv=multipv, use_table=False,
                    quiescence=False)
    assert result.depth == depth
    truth = {m: -brute(game.play(state, m), depth - 1, 1) for m in game.legal_moves(state)}
    lined = [m for m in result.moves if m.pv is not None]
    assert len(lined) == min(multipv, len(truth))
    numbers = [encode(m.score.relative) for m in lined]
    # The K lines are the K best moves by the brute force, each with its exact score.
    assert sorted(numbers, reverse=True) == sorted(truth.values(), reverse=True)[:len(lined)]
    for move in result.moves:
        number = encode(move.score.relative)
        if move.score.relative.bound is Bound.EXACT:
            assert number == truth[move.move]
        else:  # it could not beat the K-th best before it: an upper bound
            assert move.score.relative.bound is Bound.UPPER and truth[move.move] <= number
    for move in lined:
        assert move.score.relative.bound is Bound.EXACT
        assert move.pv is not None and move.pv[0] == move.move and len(move.pv) <= depth
    best = max(lined, key=lambda m: encode(m.score.relative))
    assert result.best_move == best.move and result.pv == list(best.pv or ())
    assert result.score is not None and encode(result.score.relative) == max(truth.values())


def test_one_line_is_the_plain_search() -> None:
    # K = 1 is the plain root: the same nodes, scores and bounds, and no move's own line.
    plain = search(Heaps(), (11, 9, 0), "pvs", Limits(depth=5))
    one = search(Heaps(), (11, 9, 0), "pvs", Limits(depth=5), multipv=1)
    assert one.stats.nodes == plain.stats.nodes
    assert one.moves == plain.moves and one.pv == plain.pv
    assert all(m.pv is None for m in one.moves)


@pytest.mark.parametrize("bad", [0, -1, MAX_MULTIPV + 1])
def test_a_multipv_out_of_range_is_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="multipv"):
        SearchOptions(multipv=bad)
