"""A stand-in chess game for the engine's tests and benchmarks until the chess game class lands:
states are FEN strings, moves python-chess Moves, and the search board is the engine's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import chess

from games.chess.board import ChessSearchBoard
from games.chess.evaluation import EVALUATIONS
from minimax_cli.core.game import Evaluator, Game


class FenGame(Game[str, chess.Move]):
    name = "chess-fen"
    description = "chess positions as FEN strings (engine tests only)"

    def initial_state(self) -> str:
        return chess.STARTING_FEN

    def to_move(self, state: str) -> int:
        return 0 if chess.Board(state).turn else 1

    def legal_moves(self, state: str) -> Sequence[chess.Move]:
        return list(chess.Board(state).legal_moves)

    def play(self, state: str, move: chess.Move) -> str:
        board = chess.Board(state)
        board.push(move)
        return board.fen()

    def outcome(self, state: str) -> float | None:
        result = chess.Board(state).outcome()
        if result is None:
            return None
        return 0.0 if result.winner is None else 1.0 if result.winner else -1.0

    def parse_position(self, text: str) -> str:
        return chess.Board(text).fen()

    def format_position(self, state: str) -> str:
        return state

    def parse_move(self, state: str, text: str) -> chess.Move:
        return chess.Board(state).parse_san(text)

    def format_move(self, state: str, move: chess.Move) -> str:
        return chess.Board(state).san(move)

    def evaluators(self) -> Mapping[str, Evaluator[str]]:
        return {name: (lambda state, f=f: f(chess.Board(state)) * (1 if chess.Board(state).turn
                                                                  else -1))
                for name, f in EVALUATIONS.items()}

    def search_board(self, state: str, evaluator: str | None = None) -> ChessSearchBoard:
        return ChessSearchBoard(chess.Board(state), evaluator or "standard")
