"""Chess's evaluation term by term (`Chess.evaluation_terms`): the terms add up to exactly the
search board's static value, the material sum is the course's, the bishop pair is counted."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

chess = pytest.importorskip("chess")

from games.chess.board import ChessSearchBoard  # noqa: E402
from games.chess.evaluation import taper  # noqa: E402
from games.chess.game import Chess  # noqa: E402
from minimax_cli.core.i18n import speaking  # noqa: E402
from minimax_cli.core.terms import EvaluationTerms  # noqa: E402
from minimax_cli.reports.evaluation_terms import terms_json, written_sum  # noqa: E402

GAME = Chess()
STARTS = (chess.STARTING_FEN,
          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
          "r4rk1/pp3ppp/2p5/3p4/8/8/PP3PPP/3QR1K1 w - - 0 1",
          "8/8/4k3/3p4/3P1K2/6P1/8/8 w - - 0 1")


def random_positions(count: int, seed: int = 36) -> list[chess.Board]:
    """`count` positions: every position of random legal playouts (fixed seed) from STARTS in
    turn, each playout up to 80 plies or the game's end."""
    rng = random.Random(seed)
    found: list[chess.Board] = []
    playouts = 0
    while len(found) < count:
        board = chess.Board(STARTS[playouts % len(STARTS)])
        playouts += 1
        for _ply in range(80):
            moves = list(board.legal_moves)
            if not moves or len(found) == count:
                break
            board.push(rng.choice(moves))
            found.append(board.copy(stack=False))
    return found


def terms_of(fen: str, evaluator: str = "standard") -> EvaluationTerms:
    terms = GAME.evaluation_terms(GAME.parse_position(fen), evaluator)
    assert terms is not None
    return terms


def test_the_terms_add_up_to_the_search_boards_static_value_on_a_thousand_positions() -> None:
    for board in random_positions(1000):
        state = GAME.parse_position(board.fen())
        sign = 1 if board.turn else -1
        for evaluator in ("standard", "material"):
            terms = GAME.evaluation_terms(state, evaluator)
            assert terms is not None
            engine = ChessSearchBoard(board, evaluator).evaluate()
            assert terms.to_move == engine, (board.fen(), evaluator)
            assert terms.total == sum(t.value for t in terms.terms) == sign * engine
        # each difference is White's (middlegame, endgame) less Black's, tapered
        tapered = terms_of(board.fen())
        for term in tapered.terms:
            assert term.first_phases is not None and term.second_phases is not None
            (white_mg, white_eg), (black_mg, black_eg) = term.first_phases, term.second_phases
            assert tapered.phase is not None
            assert term.value == taper(white_mg - black_mg, white_eg - black_eg, tapered.phase)

def test_the_start_counts_3900_a_side_by_the_courses_weights() -> None:
    terms = terms_of(chess.STARTING_FEN, "material")
    assert [(t.name, t.weight, int(t.first), int(t.second)) for t in terms.terms] == [
        ("pawns", 100, 8, 8), ("knights", 300, 2, 2), ("bishops", 300, 2, 2),
        ("rooks", 500, 2, 2), ("queens", 900, 1, 1)]
    with speaking("en"):
        assert written_sum(terms, True) == "8×100 + 2×300 + 2×300 + 2×500 + 1×900 = 3,900"
    assert terms.total == terms.to_move == 0


def test_a_queen_up_is_900_for_white_and_minus_900_for_black_to_move() -> None:
    terms = terms_of("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", "material")
    assert terms.total == 900 and terms.to_move == -900


def test_the_bishop_pair_counts_for_the_side_that_has_it_tapered_by_the_phase() -> None:
    # Two white bishops, nothing else but kings: phase 2 of 24, the pair's (30, 50) blended.
    terms = terms_of("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1")
    assert terms.phase == 2 and terms.full_phase == 24
    pair = {t.name: t for t in terms.terms}["bishop_pair"]
    assert pair.first_phases == (30, 50) and pair.second_phases == (0, 0)
    assert pair.first == Fraction(30 * 2 + 50 * 22, 24) and pair.second == 0
    assert pair.value == 48  # 1160 / 24 = 48.33, rounded toward zero
    shape = terms_json("chess", "fen", ("White", "Black"), terms)
    assert {t["name"]: t["first"] for t in shape["terms"]}["bishop_pair"] == 48.33
