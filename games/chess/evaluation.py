"""The chess evaluations, from the side to move's point of view, in centipawns.

- `material`: the course's weights 1, 3, 3, 5, 9 as 100, 300, 300, 500, 900 centipawns.
- `standard` (the default): material and placement tapered from the middlegame to the endgame by
  the phase (minor pieces 1, rooks 2, queens 4: 24 at the start), mobility of the pieces, king
  safety (the pawn shield, open files beside the king), pawn structure (doubled, isolated and
  passed pawns) and the bishop pair.

The placement tables are of this project's own making: they are not typed in but computed below
from a few plain ideas (knights and bishops toward the centre, pawns rewarded for advancing, rooks on
the seventh rank, the king sheltered in the middlegame and central in the endgame); no engine's
tables were copied. Every term is computed by name (`terms`) by the very code the search calls
(`evaluate` is their sum), so a view can show the evaluation term by term.

Speed rules the shape: one pass over the pieces' bitboards, attack tables read directly, and the
pawn structure (which changes rarely) kept in a memo keyed by the two sides' pawns.
"""

from __future__ import annotations

from collections.abc import Callable

import chess

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
#: The course's weights in centipawns, by piece type (index 0 unused).
MATERIAL = (0, 100, 300, 300, 500, 900, 0)
#: Middlegame and endgame values of the pieces in the standard evaluation (the course's weights,
#: the bishop a little above the knight, pawns worth more as the board empties).
VALUE_MG = (0, 90, 310, 320, 490, 920, 0)
VALUE_EG = (0, 110, 290, 310, 520, 950, 0)
PHASE_WEIGHT = (0, 0, 1, 1, 2, 4, 0)
FULL_PHASE = 24
TERMS = ("material", "placement", "mobility", "king_safety", "pawns", "bishop_pair")

BISHOP_PAIR = (30, 50)
DOUBLED = (-12, -20)
ISOLATED = (-12, -16)
#: Passed pawns by the ranks advanced (0..6 from the pawn's own second rank).
PASSED_MG = (0, 5, 10, 18, 30, 50, 80)
PASSED_EG = (0, 10, 20, 35, 60, 95, 140)
#: Centipawns per square a piece attacks beyond the few any piece has (middlegame, endgame).
MOBILITY = {KNIGHT: (4, 4), BISHOP: (4, 5), ROOK: (2, 4), QUEEN: (1, 2)}
MOBILITY_BASE = {KNIGHT: 4, BISHOP: 6, ROOK: 6, QUEEN: 12}
#: Bits of the middlegame half of a packed pair (far more than any sum of terms needs).
PACK = 24
MOBILITY_PACKED = [MOBILITY[piece][0] + (MOBILITY[piece][1] << PACK) if piece in MOBILITY else 0
                   for piece in range(7)]
SHIELD = 12  # a pawn in front of a castled king (middlegame)
OPEN_FILE_NEAR_KING = -15


def _centre(square: int) -> int:
    """0 on the four centre squares, up to 6 in a corner: the king-steps to the centre."""
    file, rank = square & 7, square >> 3
    return max(3 - file, file - 4, 0) + max(3 - rank, rank - 4, 0)


def _placement(piece: int, square: int) -> tuple[int, int]:
    """Middlegame and endgame placement of a white `piece` on `square` (our own rules)."""
    file, rank, centre = square & 7, square >> 3, _centre(square)
    if piece == PAWN:
        central = 8 if file in (3, 4) else 4 if file in (2, 5) else 0
        return (rank - 1) * 3 + (central * min(rank - 1, 3)) // 3, (rank - 1) * 8
    if piece == KNIGHT:
        return 20 - 8 * centre, 15 - 6 * centre
    if piece == BISHOP:
        return 10 - 4 * centre, 8 - 3 * centre
    if piece == ROOK:
        return (18 if rank == 6 else 0) + (4 if file in (3, 4) else 0), 0
    if piece == QUEEN:
        return 4 - 2 * centre, 8 - 3 * centre
    # The king: sheltered on its first rank, on the wings, in the middlegame; central later.
    shelter = (25 if file in (1, 2, 6) else 15 if file in (0, 7) else 0) if rank == 0 else -20 * rank
    return shelter, 30 - 10 * centre


def _tables() -> tuple[list[list[int]], list[list[int]]]:
    """Value + placement by [colour * 7 + piece][square], middlegame and endgame, white
    positive, black negative (black's squares mirrored)."""
    mg = [[0] * 64 for _ in range(14)]
    eg = [[0] * 64 for _ in range(14)]
    for piece in range(1, 7):
        for square in range(64):
            place_mg, place_eg = _placement(piece, square)
            white, black = 7 + piece, piece  # chess.WHITE is True (1), BLACK False (0)
            mg[white][square] = VALUE_MG[piece] + place_mg
            eg[white][square] = VALUE_EG[piece] + place_eg
            mirrored = square ^ 56
            mg[black][mirrored] = -(VALUE_MG[piece] + place_mg)
            eg[black][mirrored] = -(VALUE_EG[piece] + place_eg)
    return mg, eg


TABLE_MG, TABLE_EG = _tables()

def pack(mg: int, eg: int) -> int:
    """A (middlegame, endgame) pair as one int, so that sums of pairs are sums of ints."""
    return mg + (eg << PACK)


def unpack(packed: int) -> tuple[int, int]:
    """The pair a sum of packed pairs stands for (each half signed)."""
    eg = (packed + (1 << (PACK - 1))) >> PACK
    return packed - (eg << PACK), eg


def _placement_only(index: int, square: int) -> int:
    """The table's entry less the piece's own value, packed (white positive, black negative)."""
    piece, sign = index % 7, (1 if index > 6 else -1)
    return pack(TABLE_MG[index][square] - sign * VALUE_MG[piece],
                TABLE_EG[index][square] - sign * VALUE_EG[piece])


#: Placement only, packed, by [colour * 7 + piece][square].
TABLE_PACKED = [[_placement_only(index, square) for square in range(64)] for index in range(14)]
VALUE_PACKED = [pack(mg, eg) for mg, eg in zip(VALUE_MG, VALUE_EG, strict=True)]
FILES = [chess.BB_FILES[f] for f in range(8)]
ADJACENT = [(FILES[f - 1] if f else 0) | (FILES[f + 1] if f < 7 else 0) for f in range(8)]
#: Squares ahead of a pawn on its own and adjacent files, by colour and square (passed pawns).
AHEAD = [[0] * 64, [0] * 64]
for _sq in range(64):
    _span = FILES[_sq & 7] | ADJACENT[_sq & 7]
    AHEAD[1][_sq] = _span & ~((1 << (8 * ((_sq >> 3) + 1))) - 1) & chess.BB_ALL
    AHEAD[0][_sq] = _span & ((1 << (8 * (_sq >> 3))) - 1)
KNIGHT_ATTACKS = chess.BB_KNIGHT_ATTACKS
DIAG_MASKS, DIAG_ATTACKS = chess.BB_DIAG_MASKS, chess.BB_DIAG_ATTACKS
RANK_MASKS, RANK_ATTACKS = chess.BB_RANK_MASKS, chess.BB_RANK_ATTACKS
FILE_MASKS, FILE_ATTACKS = chess.BB_FILE_MASKS, chess.BB_FILE_ATTACKS
KING_ZONE = chess.BB_KING_ATTACKS

#: Which sides a sum runs over, each (colour, sign): both for the evaluation (White's share less
#: Black's in one pass), one alone for the term-by-term view (evaluation_terms.py).
Sides = tuple[tuple[int, int], ...]
BOTH_SIDES: Sides = ((1, 1), (0, -1))
WHITE_SIDE: Sides = ((1, 1),)
BLACK_SIDE: Sides = ((0, -1),)

#: Pawn structure by (white pawns, black pawns): (middlegame, endgame), white's view.
_pawn_memo: dict[tuple[int, int], tuple[int, int]] = {}
PAWN_MEMO_LIMIT = 1 << 16


def material(board: chess.Board) -> int:
    """The course's material count, 100/300/300/500/900, for the side to move."""
    white = board.occupied_co[chess.WHITE]
    score = 0
    for piece, bb in ((PAWN, board.pawns), (KNIGHT, board.knights), (BISHOP, board.bishops),
                      (ROOK, board.rooks), (QUEEN, board.queens)):
        score += MATERIAL[piece] * ((bb & white).bit_count() - (bb & ~white).bit_count())
    return score if board.turn else -score


def _pawn_structure(white_pawns: int, black_pawns: int,
                    sides: Sides = BOTH_SIDES) -> tuple[int, int]:
    """Doubled, isolated and passed pawns of `sides`: (middlegame, endgame), white's view."""
    mg = eg = 0
    for colour, sign in sides:
        own, other = (white_pawns, black_pawns) if colour else (black_pawns, white_pawns)
        for file in range(8):
            count = (own & FILES[file]).bit_count()
            if count > 1:
                mg += sign * DOUBLED[0] * (count - 1)
                eg += sign * DOUBLED[1] * (count - 1)
            if count and not own & ADJACENT[file]:
                mg += sign * ISOLATED[0] * count
                eg += sign * ISOLATED[1] * count
        bb = own
        while bb:
            square = (bb & -bb).bit_length() - 1
            bb &= bb - 1
            if not other & AHEAD[colour][square]:
                advanced = (square >> 3) - 1 if colour else 6 - (square >> 3)
                mg += sign * PASSED_MG[advanced]
                eg += sign * PASSED_EG[advanced]
    return mg, eg


def pawn_structure(white_pawns: int, black_pawns: int) -> tuple[int, int]:
    """`_pawn_structure` through the memo (emptied when it reaches PAWN_MEMO_LIMIT)."""
    key = (white_pawns, black_pawns)
    found = _pawn_memo.get(key)
    if found is None:
        if len(_pawn_memo) >= PAWN_MEMO_LIMIT:
            _pawn_memo.clear()
        found = _pawn_memo[key] = _pawn_structure(white_pawns, black_pawns)
    return found


def _king_safety(board: chess.Board, colour: bool, king: int) -> int:
    """Middlegame king safety of `colour`: its pawns in front of it, open files beside it."""
    pawns = board.pawns
    own = pawns & board.occupied_co[colour]
    zone = KING_ZONE[king]
    front = zone & ~((1 << (8 * ((king >> 3) + 1))) - 1) if colour else zone & ((1 << (8 * (king >> 3))) - 1)
    score = SHIELD * (own & front).bit_count()
    for file in (king & 7) - 1, king & 7, (king & 7) + 1:
        if 0 <= file < 8 and not pawns & FILES[file]:
            score += OPEN_FILE_NEAR_KING
    return score


def terms(board: chess.Board) -> dict[str, int]:
    """The standard evaluation term by term, for the side to move (their sum is `standard`)."""
    return dict(zip(TERMS, _terms(board), strict=True))


def standard(board: chess.Board) -> int:
    """The default evaluation, for the side to move: the sum of `terms`."""
    return sum(_terms(board))


def _piece_sums(board: chess.Board, sides: Sides) -> tuple[int, int, int, int]:
    """Material, placement and mobility of `sides` (packed pairs, White's view: Black's share
    negative) and their pieces' phase.

    Middlegame and endgame halves travel packed in one int, mg + eg * 2**PACK (see `pack`), so
    the loop over the pieces adds once where it would add twice."""
    occupied = board.occupied
    white = board.occupied_co[chess.WHITE]
    masks = (occupied & ~white, white)
    material_sum = placement_sum = mobility_sum = 0
    phase = 0
    pieces = (board.pawns, board.knights, board.bishops, board.rooks, board.queens, board.kings)
    for piece in range(1, 7):
        bb_all = pieces[piece - 1]
        value = VALUE_PACKED[piece]
        weight = MOBILITY_PACKED[piece]
        base = MOBILITY_BASE.get(piece, 0)
        for colour, sign in sides:
            own_mask = masks[colour]
            table = TABLE_PACKED[colour * 7 + piece]
            bb = bb_all & own_mask
            count = bb.bit_count()
            material_sum += sign * value * count
            phase += PHASE_WEIGHT[piece] * count
            free = ~own_mask
            while bb:
                square = (bb & -bb).bit_length() - 1
                bb &= bb - 1
                placement_sum += table[square]
                if weight:
                    if piece == KNIGHT:
                        reach = KNIGHT_ATTACKS[square]
                    elif piece == BISHOP:
                        reach = DIAG_ATTACKS[square][DIAG_MASKS[square] & occupied]
                    elif piece == ROOK:
                        reach = (RANK_ATTACKS[square][RANK_MASKS[square] & occupied]
                                 | FILE_ATTACKS[square][FILE_MASKS[square] & occupied])
                    else:
                        reach = (DIAG_ATTACKS[square][DIAG_MASKS[square] & occupied]
                                 | RANK_ATTACKS[square][RANK_MASKS[square] & occupied]
                                 | FILE_ATTACKS[square][FILE_MASKS[square] & occupied])
                    mobility_sum += sign * weight * ((reach & free).bit_count() - base)
    return material_sum, placement_sum, mobility_sum, phase


def _bishop_pair(bishops: int) -> tuple[int, int]:
    """The pair's bonus (middlegame, endgame) for a side with these bishops."""
    return BISHOP_PAIR if bishops.bit_count() >= 2 else (0, 0)


def taper(mg: int, eg: int, phase: int) -> int:
    """The blend of a middlegame and an endgame value at `phase` (FULL_PHASE or more: all
    middlegame; 0: all endgame), rounded toward zero so that a position and its colours
    swapped score alike."""
    mg_share = min(phase, FULL_PHASE)
    blend = mg * mg_share + eg * (FULL_PHASE - mg_share)
    return blend // FULL_PHASE if blend >= 0 else -(-blend // FULL_PHASE)


def _terms(board: chess.Board) -> tuple[int, int, int, int, int, int]:
    """The terms of the standard evaluation in TERMS order, tapered, for the side to move: each
    White's (middlegame, endgame) less Black's, blended by the phase (`taper`)."""
    material_sum, placement_sum, mobility_sum, phase = _piece_sums(board, BOTH_SIDES)
    white = board.occupied_co[chess.WHITE]
    black = board.occupied & ~white
    pawns = board.pawns
    pawn_mg, pawn_eg = pawn_structure(pawns & white, pawns & black)
    kings = board.kings
    king_mg = (_king_safety(board, True, (kings & white).bit_length() - 1)
               - _king_safety(board, False, (kings & black).bit_length() - 1))
    bishops = board.bishops
    white_mg, white_eg = _bishop_pair(bishops & white)
    black_mg, black_eg = _bishop_pair(bishops & black)
    values = (taper(*unpack(material_sum), phase), taper(*unpack(placement_sum), phase),
              taper(*unpack(mobility_sum), phase), taper(king_mg, 0, phase),
              taper(pawn_mg, pawn_eg, phase),
              taper(white_mg - black_mg, white_eg - black_eg, phase))
    if board.turn:
        return values
    return (-values[0], -values[1], -values[2], -values[3], -values[4], -values[5])


def side_shares(board: chess.Board) -> tuple[list[tuple[int, int]], list[tuple[int, int]], int]:
    """Each term's (middlegame, endgame) before the taper for White and for Black (each side's
    own share, positive when it helps that side), in TERMS order, and the phase: what a view
    shows beside `terms`. Computed by the functions `_terms` calls, one side at a time, so White's
    share less Black's, tapered, is the term."""
    white = board.occupied_co[chess.WHITE]
    black = board.occupied & ~white
    pawns, kings, bishops = board.pawns, board.kings, board.bishops
    shares: list[list[tuple[int, int]]] = []
    phase = 0
    for sides, colour, own in ((WHITE_SIDE, True, white), (BLACK_SIDE, False, black)):
        sign = sides[0][1]
        material_sum, placement_sum, mobility_sum, side_phase = _piece_sums(board, sides)
        phase += side_phase
        pawn_mg, pawn_eg = _pawn_structure(pawns & white, pawns & black, sides)
        king = _king_safety(board, colour, (kings & own).bit_length() - 1)
        pieces = [unpack(material_sum), unpack(placement_sum), unpack(mobility_sum)]
        shares.append([(sign * mg, sign * eg) for mg, eg in pieces]
                      + [(king, 0), (sign * pawn_mg, sign * pawn_eg), _bishop_pair(bishops & own)])
    return shares[0], shares[1], phase


#: The evaluations by name, the default first.
EVALUATIONS: dict[str, Callable[[chess.Board], int]] = {"standard": standard, "material": material}

__all__ = ["EVALUATIONS", "MATERIAL", "TERMS", "material", "side_shares", "standard", "taper",
           "terms"]
