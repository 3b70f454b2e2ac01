"""The chess board for a slide: SVG drawn by python-chess's `chess.svg`, and LaTeX for the
`chessboard` package (which `xskak` loads), each with arrows for the first moves of a line (the
principal variation: the mover's move, the reply, the next).

The LaTeX is a snippet to `\\input` in a document that loads `chessboard` (or `xskak`): one
`\\chessboard` command whose `setfen` is the position's FEN and whose `markmoves` draw the arrows
(`pgfstyle=straightmove`), each move in its own colour. Only keys the chessboard manual documents
are used (setfen, showmover, pgfstyle, arrow, linewidth, color, markmoves), so that the snippet
compiles with the package as TeX Live ships it (texlive-games). Black to move is drawn from White's
side too, as diagrams in books are; `showmover` marks who moves.
"""

from __future__ import annotations

from collections.abc import Sequence

import chess
import chess.svg

from games.chess.position import Position

#: The arrows' colours, one a ply of the line: the mover's move, the reply, the one after.
SVG_COLOURS = ("#15781b", "#882020", "#1f5fa8")
TEX_COLOURS = ("green!60!black", "red!60!black", "blue!70!black")
#: The board's width in the SVG (pixels; a slide scales it).
SVG_SIZE = 400


def _line(position: Position, moves: Sequence[chess.Move]) -> list[chess.Move]:
    """The first moves of `moves` (at most one a colour) that are legal in turn from `position`:
    a line is drawn as far as it can be played."""
    board = position.board.copy(stack=False)
    line = []
    for move in moves[:len(SVG_COLOURS)]:
        if move not in board.legal_moves:
            break
        line.append(move)
        board.push(move)
    return line


def board_svg(position: Position, moves: Sequence[chess.Move]) -> str:
    """The board as an SVG document, an arrow for each of the line's first moves."""
    arrows = [chess.svg.Arrow(move.from_square, move.to_square, color=colour)
              for move, colour in zip(_line(position, moves), SVG_COLOURS, strict=False)]
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + chess.svg.board(
        position.board, arrows=arrows, size=SVG_SIZE) + "\n"


def board_tex(position: Position, moves: Sequence[chess.Move]) -> str:
    """The board as a `\\chessboard` command for LaTeX, an arrow for each of the line's first
    moves (chessboard's `markmoves`, from-square-to-square)."""
    fen = position.board.fen()
    marks = "".join(
        f",\n  color={colour}, markmoves={{{chess.square_name(move.from_square)}-"
        f"{chess.square_name(move.to_square)}}}"
        for move, colour in zip(_line(position, moves), TEX_COLOURS, strict=False))
    return ("% minimax-cli: a chess board for a slide; needs \\usepackage{chessboard} (or xskak)\n"
            f"\\chessboard[setfen={{{fen}}}, showmover=true,\n"
            f"  pgfstyle=straightmove, arrow=to, linewidth=0.2ex{marks}]\n")
