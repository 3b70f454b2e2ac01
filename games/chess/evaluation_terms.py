"""Chess's evaluations term by term (`Chess.evaluation_terms`), for the view that shows the sum.

`standard`: its six terms (evaluation.TERMS), each White's and Black's share by `side_shares` and
the value by `terms`, the very code the search's evaluation sums, so the total cannot drift from
it; each term's weight is 1 (every term is already in centipawns) and the phase is shown.
`material`: the course's weighted sum, one term a piece type, f_i the number of such pieces and
w_i its weight (100, 300, 300, 500, 900 centipawns).
"""

from __future__ import annotations

from fractions import Fraction

import chess

from games.chess.evaluation import (
    FULL_PHASE,
    MATERIAL,
    TERMS,
    material,
    side_shares,
    standard,
    terms,
)
from minimax_cli.core.i18n import N_
from minimax_cli.core.terms import EvaluationTerm, EvaluationTerms

#: The standard evaluation's terms in words (TERMS order).
TERM_LABELS = {
    "material": N_("material"),
    "placement": N_("piece placement"),
    "mobility": N_("mobility"),
    "king_safety": N_("king safety"),
    "pawns": N_("pawn structure"),
    "bishop_pair": N_("bishop pair"),
}
#: The material evaluation's terms: name, words, piece type.
PIECE_TERMS = (("pawns", N_("pawns"), chess.PAWN), ("knights", N_("knights"), chess.KNIGHT),
               ("bishops", N_("bishops"), chess.BISHOP), ("rooks", N_("rooks"), chess.ROOK),
               ("queens", N_("queens"), chess.QUEEN))
#: The course's slide writes the bishop and the rook at 3 and the rook at 5; the tool counts the
#: bishop 3 and the rook 5, the weights of the rest of the course.
WEIGHTS_NOTE = N_("Weights pawn 1, knight 3, bishop 3, rook 5, queen 9 (in centipawns ×100); "
                  "one of the course's slides misprints \"alfil y torre valen 3, torre 5\": "
                  "the bishop is worth 3 and the rook 5.")
TAPER_NOTE = N_("Each difference is White's (middlegame, endgame) less Black's, blended by the "
                "phase and rounded toward zero: it may differ by 1 from White less Black.")


def _tapered(mg: int, eg: int, phase: int) -> Fraction:
    """A share blended by the phase, exactly (the evaluation rounds only the difference)."""
    mg_share = min(phase, FULL_PHASE)
    return Fraction(mg * mg_share + eg * (FULL_PHASE - mg_share), FULL_PHASE)


def standard_terms(board: chess.Board) -> EvaluationTerms:
    """The standard evaluation term by term, White's side; `to_move` is `standard(board)`."""
    white, black, phase = side_shares(board)
    sign = 1 if board.turn else -1
    by_name = terms(board)
    rows = tuple(
        EvaluationTerm(name, TERM_LABELS[name], 1, _tapered(*white[i], phase),
                       _tapered(*black[i], phase), sign * by_name[name], white[i], black[i])
        for i, name in enumerate(TERMS))
    return EvaluationTerms("standard", rows, standard(board), phase, FULL_PHASE, (TAPER_NOTE,))


def material_terms(board: chess.Board) -> EvaluationTerms:
    """The course's Σ w_i f_i: a piece type a term, its count for each side and its weight."""
    rows = []
    for name, label, piece in PIECE_TERMS:
        first = len(board.pieces(piece, chess.WHITE))
        second = len(board.pieces(piece, chess.BLACK))
        weight = MATERIAL[piece]
        rows.append(EvaluationTerm(name, label, weight, Fraction(first), Fraction(second),
                                   weight * (first - second)))
    return EvaluationTerms("material", tuple(rows), material(board), notes=(WEIGHTS_NOTE,))


#: The breakdown of each evaluation, by the evaluation's name (evaluation.EVALUATIONS).
BREAKDOWNS = {"standard": standard_terms, "material": material_terms}

__all__ = ["BREAKDOWNS", "material_terms", "standard_terms"]
