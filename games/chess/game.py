"""Chess, on python-chess: the rules behind the game protocol.

White moves first and is MAX (player 0), Black is MIN. A state is a `Position`
(games/chess/position.py: an immutable python-chess board, hashable by its transposition key and
halfmove clock, with the history its repetitions are counted on). The game ends, automatically,
at checkmate (+1 or -1 from White's side), stalemate, insufficient material, the 75-move rule and
fivefold repetition (0); the draws a player may claim (the 50-move rule, threefold repetition) are
`draw_claim`, for `play` to offer. `ending_words` names each in the interface's language.

Notation: a position is a FEN (`startpos` or nothing: the initial position), read field by field
so that a broken one names its field; a move is read in SAN, English or Spanish, or UCI, and written
in SAN with English letters, the same in every language (JSON, PGN); `spoken_move` writes it with
Spanish letters for a Spanish reader (games/chess/notation.py).

python-chess (GPL-3.0; the optional extra `[chess]`) is imported only when a Chess game is made:
`minimax games` imports this module for every game's description and must not load it. Without
it, making the game raises a GameError of one line that says how to install it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from minimax_cli.core.game import (
    Evaluator,
    Game,
    GameError,
    IllegalMoveError,
    InvalidPositionError,
    PieceGrid,
    TestLine,
)
from minimax_cli.core.i18n import N_, _, ngettext
from minimax_cli.core.params import quote
from minimax_cli.core.score import Scale

if TYPE_CHECKING:  # python-chess loads with the first Chess game, not with this module
    import chess

    from games.chess.board import ChessSearchBoard
    from games.chess.position import Ending, Position
    from minimax_cli.core.terms import EvaluationTerms

#: The longest position text read: a FEN is at most about 90 characters.
POSITION_LIMIT = 120
#: Chess's scores as chess players write them: the engine's centipawns as pawns (+0.38), a mate
#: in moves (#3, #-2), from White's side where the view is White's (MAX's, as values are shown).
SCALE = Scale(100, 2, "cp", N_(
    "values in pawns (100 centipawns), + good for White; #N: White mates in N moves, #-N: Black "
    "mates in N"))
MISSING = N_("chess needs python-chess, which is not installed: run `pip install '.[chess]'` in "
             "minimax-cli's folder (python-chess is GPL-3.0; minimax-cli's own code stays MIT)")


def _rules() -> type[Position]:
    """The position class, importing python-chess; GameError when it is not installed."""
    try:
        from games.chess.position import Position
    except ImportError as error:
        if error.name is not None and error.name.split(".")[0] != "chess":
            raise
        raise GameError(_(MISSING)) from None
    return Position


class Chess(Game["Position", "chess.Move"]):
    """Chess by the FIDE Laws; see the module docstring for states, endings and notation."""

    name: ClassVar[str] = "chess"
    description: ClassVar[str] = N_(
        "Chess (needs python-chess, the extra [chess]): White moves first and is MAX; moves in"
        " SAN (Nf3, O-O, e8=Q; in Spanish Cf3, e8=D) or UCI (g1f3)")
    position_help: ClassVar[str] = N_(
        "a FEN, e.g. 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'; startpos or"
        " nothing for the initial position")
    move_help: ClassVar[str] = N_(
        "SAN (Nf3, exd5, O-O, e8=Q; Spanish letters R D T A C too: Cf3, e8=D) or UCI (g1f3)")
    analysis_seconds: ClassVar[float | None] = 3.0
    #: The engine made for chess: principal-variation search on a board searched in place
    #: (core/search/pvs.py over games/chess/board.py); the generic engine copies a state a node.
    default_algorithm: ClassVar[str | None] = "pvs"
    #: White in check from an unguarded queen, two ways to take it, each leaving too little
    #: material to mate: a tree of three positions, drawn, for examples and contract tests.
    searched_to_the_end = False  # no think reaches the end of a chess game: no "perfect" level
    example_position: ClassVar[str | None] = "7k/8/8/8/8/8/6q1/5B1K w - - 0 1"
    #: `solve chess --batch FILE.epd` reads test suites (games/chess/epd.py).
    test_suite: ClassVar[str | None] = "EPD"

    def __init__(self) -> None:
        self._position = _rules()

    def __repr__(self) -> str:
        return "Chess()"

    # --- the rules -------------------------------------------------------------------------------
    def initial_state(self) -> Position:
        return self._position.initial()

    def to_move(self, state: Position) -> int:
        return 0 if state.white_to_move else 1

    def legal_moves(self, state: Position) -> tuple[chess.Move, ...]:
        return () if state.ending is not None else state.moves

    def play(self, state: Position, move: chess.Move) -> Position:
        return state.play(move)

    def noisy_moves(self, state: Position) -> tuple[chess.Move, ...]:
        """The legal captures (en passant too) and promotions, in the generator's order: what the
        textbook searches' quiescence tries past the depth limit (none once the game is over)."""
        if state.ending is not None:
            return ()
        board = state.board
        return tuple(move for move in state.moves if move.promotion or board.is_capture(move))

    def order_moves(self, state: Position, moves: Sequence[chess.Move]) -> list[chess.Move]:
        """Captures and promotions first, most valuable victim then least valuable attacker
        (board.py's `mvv_lva`, the engine's key), then the quiet moves in the generator's order:
        the order `alphabeta-ordered` and its quiescence try (a stable sort keeps ties)."""
        from games.chess.board import mvv_lva

        board = state.board
        return sorted(moves, key=lambda move: mvv_lva(board, move), reverse=True)

    def outcome(self, state: Position) -> float | None:
        if state.ending is None:
            return None
        winner = state.winner
        if winner is None:
            return 0
        return 1 if winner else -1  # chess.WHITE is True

    def ending(self, state: Position) -> Ending | None:
        """What ended the game (see Position.ending), or None while it goes on."""
        return state.ending

    def draw_claim(self, state: Position) -> Ending | None:
        """The draw the player to move may claim here, or None (see Position.draw_claim)."""
        return state.draw_claim()

    def ending_words(self, state: Position) -> str | None:
        """How the game ended, or which draw may be claimed, in the interface's language:
        `checkmate: White wins`; None while the game goes on and no draw may be claimed."""
        from games.chess.position import Ending

        ending = state.ending
        if ending is Ending.CHECKMATE:
            return (_("checkmate: White wins") if state.winner else
                    _("checkmate: Black wins"))
        words = {
            Ending.STALEMATE: _("stalemate: a draw"),
            Ending.INSUFFICIENT_MATERIAL: _("a draw: neither side has the material to mate"),
            Ending.SEVENTY_FIVE_MOVES: _("a draw by the 75-move rule: 75 moves each without a "
                                         "capture or a pawn move"),
            Ending.FIVEFOLD_REPETITION: _("a draw by fivefold repetition: the same position "
                                          "five times"),
        }
        if ending is not None:
            return words[ending]
        claim = state.draw_claim()
        if claim is Ending.THREEFOLD_REPETITION:
            return _("a draw may be claimed by threefold repetition: the same position three "
                     "times")
        if claim is Ending.FIFTY_MOVES:
            return _("a draw may be claimed by the 50-move rule: 50 moves each without a capture "
                     "or a pawn move")
        return None

    def draw_claim_words(self, state: Position) -> tuple[bool, str]:
        """Whether the player to move may claim a draw (threefold repetition, the 50-move
        rule), in words either way: the rule that allows it, or how far each rule is."""
        words = None if state.ending is not None else self.ending_words(state)
        if words is not None:
            return True, words
        plies = state.board.halfmove_clock
        times = ngettext("this position has occurred {count} time",
                         "this position has occurred {count} times",
                         state.repetitions).format(count=state.repetitions)
        quiet = ngettext("{count} move was made without a capture or a pawn move",
                         "{count} moves were made without a capture or a pawn move",
                         plies // 2).format(count=plies // 2)
        return False, _("no draw can be claimed: {times} (3 are needed), and {quiet} (50 are "
                        "needed)").format(times=times, quiet=quiet)

    def game_record(self, state: Position, headers: Mapping[str, str],
                    result: float | None) -> str:
        """The game that led to `state` in PGN (games/chess/record.py)."""
        from games.chess.record import write_pgn

        return write_pgn(state, headers, result)

    def read_game_record(self, text: str) -> Position:
        """The position after a PGN's main line, its moves kept (games/chess/record.py)."""
        _rules()
        from games.chess.record import read_pgn

        return read_pgn(text)

    def read_game_records(self, text: str) -> list[tuple[Position, tuple[chess.Move, ...]]]:
        """Every game of a PGN text, its start and main line (games/chess/record.py)."""
        _rules()
        from games.chess.record import read_pgn_games

        return read_pgn_games(text)

    # --- notation --------------------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        """A FEN, `startpos` or nothing; InvalidPositionError naming the field that is wrong."""
        from games.chess.fen import parse_fen

        body = text.strip()
        if len(body) > POSITION_LIMIT:
            raise InvalidPositionError(_("{text}: a FEN is at most {most} characters").format(
                text=quote(body), most=POSITION_LIMIT))
        if body in ("", "startpos"):
            return self.initial_state()
        return self._position(parse_fen(body))

    def format_position(self, state: Position) -> str:
        return state.board.fen()

    def parse_move(self, state: Position, text: str) -> chess.Move:
        from games.chess import notation

        if state.ending is not None:
            raise IllegalMoveError(_("{text}: the game is over ({reason})").format(
                text=quote(text.strip()), reason=self.ending_words(state)))
        return notation.parse(state.board, state.moves, text)

    def format_move(self, state: Position, move: chess.Move) -> str:
        """SAN with English letters in every language: the notation JSON, PGN and UCI tools
        read (`spoken_move` is what a Spanish reader is shown)."""
        from games.chess import notation

        return notation.format_san(state.board, move)

    def move_letters(self) -> Mapping[int, str] | None:
        """Spanish piece letters in Spanish (Cf3 for Nf3), else SAN as written."""
        from games.chess import notation

        return notation.spoken_letters()

    def spoken_move(self, state: Position, move: chess.Move) -> str:
        """SAN in the interface's language: Spanish letters (Cf3, Txe4, e8=D) in Spanish."""
        from games.chess import notation

        return notation.spoken_san(state.board, move)

    def format_uci(self, move: chess.Move) -> str:
        """The move in UCI (`g1f3`), the same in every language."""
        return move.uci()

    # --- optional hooks --------------------------------------------------------------------------
    def evaluators(self) -> Mapping[str, Evaluator[Position]]:
        """`standard` (the default: material, placement, mobility, king safety, pawns, the bishop
        pair, tapered) and `material` (the course's 1, 3, 3, 5, 9), in centipawns from White's
        side, as the generic searches want them (the engine evaluates on its own board)."""
        from games.chess.evaluation import EVALUATIONS

        def from_whites_side(evaluate: Callable[[chess.Board], int]) -> Evaluator[Position]:
            return lambda state: evaluate(state.board) * (1 if state.board.turn else -1)

        return {name: from_whites_side(evaluate) for name, evaluate in EVALUATIONS.items()}

    def evaluation_terms(self, state: Position,
                         evaluator: str | None = None) -> EvaluationTerms | None:
        """`standard` (the default) by its six terms, tapered, or `material` as the course's
        weighted sum (games/chess/evaluation_terms.py); `to_move` is the engine's static value."""
        from games.chess.evaluation_terms import BREAKDOWNS

        return BREAKDOWNS[evaluator or "standard"](state.board)

    def test_line(self, text: str) -> TestLine[Position, chess.Move]:
        """An EPD line (games/chess/epd.py): its position, `id`, `bm` and `am` moves."""
        from games.chess.epd import read_epd

        board, name, best, avoid = read_epd(text)
        return TestLine(self._position(board), name, best, avoid)

    def search_board(self, state: Position, evaluator: str | None = None) -> ChessSearchBoard:
        """The engine's board at `state`, its history included (repetitions are draws in the
        search too), evaluating by `evaluator` (None: `standard`)."""
        from games.chess.board import ChessSearchBoard

        return ChessSearchBoard(state.board, evaluator or "standard")

    def mate_board(self, state: Position) -> ChessSearchBoard:
        """The board the mate prover walks (`solve chess` proves mates), with the game's history
        (a position met before the root counts as a draw there)."""
        return self.search_board(state, "material")

    def grid(self, state: Position) -> PieceGrid:
        """The 8 x 8 board, rank 8 at the top, a-file on the left, pieces as Unicode symbols
        (♔ ♕ ♖ ♗ ♘ ♙ White's, ♚ ♛ ♜ ♝ ♞ ♟ Black's) and as letters for a terminal that cannot
        show them; a king in check marked."""
        checked = state.checked_cell()
        return PieceGrid(8, 8, state.symbols(), state.letters(),
                         () if checked is None else (checked,))

    def side_names(self) -> tuple[str, str]:
        return (N_("White"), N_("Black"))

    def score_scale(self) -> Scale:
        return SCALE

    def uci_move(self, state: Position, move: chess.Move) -> str:
        return move.uci()

    def board_figure(self, state: Position, moves: Sequence[chess.Move], kind: str) -> str:
        """The board as SVG (python-chess draws it) or LaTeX (`chessboard`), with an arrow for
        each of the first moves of `moves` (games/chess/figure.py)."""
        from games.chess.figure import board_svg, board_tex

        return board_svg(state, moves) if kind == "svg" else board_tex(state, moves)
