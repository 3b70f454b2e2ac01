"""The engine's chess parts: the search board over python-chess and the evaluations, and the PVS
engine on known positions (mates from the shared test files, a won queen)."""

from __future__ import annotations

from pathlib import Path

import pytest

chess = pytest.importorskip("chess")

from games.chess.board import ChessSearchBoard  # noqa: E402
from games.chess.evaluation import TERMS, material, standard, terms  # noqa: E402
from minimax_cli.core.result import Limits  # noqa: E402
from minimax_cli.core.search import search  # noqa: E402
from tests.games.chess_fen_game import FenGame  # noqa: E402

DATA = Path("/work/shared/data/chess")
if not DATA.exists():
    DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "chess"


def fens(name: str, count: int) -> list[str]:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return [line.strip() for line in path.read_text().splitlines() if line.strip()][:count]


# --- python-chess's private key, pinned -----------------------------------------------------------
def test_the_transposition_key_is_the_position_with_the_side_to_move() -> None:
    one, two = chess.Board(), chess.Board()
    for san in ("Nf3", "Nf6", "Nc3"):
        one.push_san(san)
    for san in ("Nc3", "Nf6", "Nf3"):
        two.push_san(san)
    assert one._transposition_key() == two._transposition_key()
    passed = chess.Board(one.fen().replace(" b ", " w "))
    assert passed._transposition_key() != one._transposition_key()
    no_castling = chess.Board(one.fen().replace("KQkq", "Qkq"))
    assert no_castling._transposition_key() != one._transposition_key()


def test_the_key_and_the_engines_counts_are_the_same_in_another_run() -> None:
    # Python 3.11 hashes None by its address: a key hashing the tuple whole would change from one
    # run to the next, and with it the table's slots and every node count.
    import subprocess
    import sys

    from games.chess.board import position_key

    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"
    script = ("import chess, sys; from games.chess.board import position_key; "
              "print(position_key(chess.Board(sys.argv[1])))")
    other = subprocess.run([sys.executable, "-c", script, fen], capture_output=True, text=True,
                           check=True, cwd=Path(__file__).resolve().parents[2])
    assert int(other.stdout) == position_key(chess.Board(fen))
    assert chess.Board(fen)._transposition_key()[-1] is None  # the case that varied


# --- the search board ------------------------------------------------------------------------------
def test_a_position_met_again_on_the_line_is_a_draw_and_pop_forgets_it() -> None:
    board = ChessSearchBoard(chess.Board())
    moves = [chess.Move.from_uci(u) for u in ("g1f3", "g8f6", "f3g1", "f6g8")]
    for move in moves:
        assert not board.is_draw()
        board.push(move)
    assert board.is_draw() and board.outcome() is None  # twice is no end of the game
    board.pop()
    assert not board.is_draw()


def test_the_games_own_history_counts_for_repetition() -> None:
    game = chess.Board()
    for uci in ("g1f3", "g8f6", "f3g1", "f6g8", "g1f3"):
        game.push_uci(uci)
    board = ChessSearchBoard(game)
    board.push(chess.Move.from_uci("g8f6"))  # the position after 1. Nf3 Nf6, met before
    assert board.is_draw()


def test_fifty_moves_and_bare_kings_are_draws_mate_is_a_loss() -> None:
    assert ChessSearchBoard(chess.Board("8/8/4k3/8/8/3K4/3R4/8 w - - 100 80")).is_draw()
    assert ChessSearchBoard(chess.Board("8/8/4k3/8/8/3K4/8/8 w - - 0 80")).outcome() == 0
    mated = chess.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert ChessSearchBoard(mated).outcome() == -1


def test_capture_gain_ranks_victims_then_attackers() -> None:
    board = ChessSearchBoard(chess.Board("4k3/8/8/3q3Q/2P1r3/3P4/8/4K3 w - - 0 1"))
    pawn_takes_queen = board.capture_gain(chess.Move.from_uci("c4d5"))
    queen_takes_queen = board.capture_gain(chess.Move.from_uci("h5d5"))
    pawn_takes_rook = board.capture_gain(chess.Move.from_uci("d3e4"))
    assert pawn_takes_queen > queen_takes_queen > pawn_takes_rook > 0
    assert board.capture_gain(chess.Move.from_uci("e1f2")) == 0


# --- the evaluations -------------------------------------------------------------------------------
@pytest.mark.parametrize(("fen", "expected"), [
    (chess.STARTING_FEN, 0),
    ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 900),       # a queen up
    ("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", -900),      # the same, for black to move
    ("4k3/pp6/8/8/8/8/8/1NB1K3 w - - 0 1", 400),   # knight and bishop against two pawns
    ("3rk3/8/8/8/8/8/PPPPP3/4K3 b - - 0 1", 0),    # a rook is five pawns
])
def test_material_counts_the_courses_weights(fen: str, expected: int) -> None:
    assert material(chess.Board(fen)) == expected


@pytest.mark.parametrize("fen", [
    chess.STARTING_FEN,
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/5pk1/6p1/8/3P4/8/5PPP/6K1 b - - 0 1",
])
def test_the_standard_evaluation_is_its_terms_and_sees_colours_alike(fen: str) -> None:
    board = chess.Board(fen)
    by_term = terms(board)
    assert tuple(by_term) == TERMS
    assert sum(by_term.values()) == standard(board)
    assert standard(board.mirror()) == standard(board)  # colours swapped, side to move too


def test_the_start_is_level_and_an_extra_queen_is_worth_about_nine_pawns() -> None:
    assert standard(chess.Board()) == 0
    up = standard(chess.Board("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
    assert 800 <= up <= 1100


# --- the engine on chess ---------------------------------------------------------------------------
def test_mates_in_one_are_found_in_one_ply() -> None:
    for fen in fens("sunfish-mate1.fen", 8):
        result = search(FenGame(), fen, "pvs", Limits(depth=3))
        assert result.score is not None and result.score.relative.kind.value == "win", fen
        assert result.score.relative.plies == 1, fen
        board = chess.Board(fen)
        board.push(result.best_move)
        assert board.is_checkmate(), fen


def test_mates_in_two_are_found_in_three_plies() -> None:
    for fen in fens("sunfish-mate2.fen", 5):
        result = search(FenGame(), fen, "pvs", Limits(depth=5))
        assert result.score is not None and result.score.relative.kind.value == "win", fen
        assert result.score.relative.plies == 3, fen
        assert len(result.pv) == 3
        board = chess.Board(fen)
        for move in result.pv:
            board.push(move)
        assert board.is_checkmate(), fen


@pytest.mark.parametrize("evaluator", ["material", "standard"])
def test_a_knight_fork_wins_the_queen(evaluator: str) -> None:
    # Nc7+ forks the king and the queen on a8 (the pawns keep mating material on the board).
    fen = "q3k3/7p/8/1N6/8/8/7P/4K3 w - - 0 1"
    result = search(FenGame(), fen, "pvs", Limits(depth=4), evaluator=evaluator)
    assert result.best_move == chess.Move.from_uci("b5c7")
    assert result.score is not None and result.score.relative.number > 200


@pytest.mark.parametrize("ordering", ["none", "mvv", "killers", "full"])
def test_orderings_agree_on_the_value_at_a_fixed_depth(ordering: str) -> None:
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    plain = search(FenGame(), fen, "pvs", Limits(depth=3), ordering="none", use_table=False,
                   null_move=False, quiescence=False)
    ordered = search(FenGame(), fen, "pvs", Limits(depth=3), ordering=ordering,
                     use_table=False, null_move=False, quiescence=False)
    assert ordered.value == plain.value
    if ordering == "full":
        assert ordered.stats.nodes < plain.stats.nodes
    assert ordered.stats.tt_probes == 0


def test_static_exchange_counts_the_takebacks_by_hand() -> None:
    def exchange(fen: str, uci: str) -> int:
        return ChessSearchBoard(chess.Board(fen)).exchange(chess.Move.from_uci(uci))

    # A pawn takes a knight that a pawn defends: 300 won, 100 lost.
    assert exchange("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5") == 200
    # The queen takes a pawn that a pawn defends: 100 won, 900 lost.
    assert exchange("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5") == -800
    # A rook takes a defended pawn with a second rook behind it (seen once the first has gone):
    # Rxd5 cxd5 Rxd5, 100 - 500 + 100.
    assert exchange("4k3/8/2p5/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5") == -300
    # A knight takes an undefended knight.
    assert exchange("4k3/8/8/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5") == 300
    board = ChessSearchBoard(chess.Board("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1"))
    assert board.losing_capture(chess.Move.from_uci("d2d5"))


def test_reductions_keep_a_mate_in_three() -> None:
    # Depth 4 is searched (reducing late quiet moves at its nodes of depth 3) before depth 5
    # proves the mate; the reduced search finds the same mate in 5 plies, with fewer nodes.
    fen = fens("sunfish-mate3.fen", 2)[1]
    plain, reduced = (search(FenGame(), fen, "pvs", Limits(depth=5), reductions=flag)
                      for flag in (False, True))
    for result in plain, reduced:
        assert result.score is not None and result.score.relative.kind.value == "win"
        assert result.score.relative.plies == 5 and result.depth == 5
    assert reduced.stats.nodes < plain.stats.nodes


def test_a_node_budget_keeps_the_last_completed_depth() -> None:
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    stopped = search(FenGame(), fen, "pvs", Limits(nodes=3000))
    assert stopped.stopped == "nodes" and stopped.stats.nodes <= 3000
    assert stopped.depth is not None and stopped.depth >= 1
    again = search(FenGame(), fen, "pvs", Limits(depth=stopped.depth))
    assert (again.value, again.best_move) == (stopped.value, stopped.best_move)
