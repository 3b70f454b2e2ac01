"""The chess board for a slide (games/chess/figure.py, `analyze chess --save X.board.svg` and
`X.board.tex`): the SVG is XML with an arrow for each of the line's first moves, the LaTeX holds
the position's FEN and the moves as chessboard's `markmoves`, and compiles where LaTeX and the
chessboard package are installed (texlive-games), checked by its syntax everywhere."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("chess")

from games.chess.game import Chess
from tests.cli.entry import run_main

T2 = "r5k1/r4pp1/p6p/8/8/7P/R4PP1/R5K1 w - - 0 1"
SVG = "{http://www.w3.org/2000/svg}"
#: The keys of \chessboard the snippet may use: each one documented in the chessboard manual.
KNOWN_KEYS = {"setfen", "showmover", "pgfstyle", "arrow", "linewidth", "color", "markmoves"}


def _arrows(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if "arrow" in e.get("class", "").split()
            and e.tag == SVG + "line"]


def test_the_svg_is_xml_with_one_arrow_a_move_of_the_line() -> None:
    game = Chess()
    state = game.parse_position(T2)
    line = [game.parse_move(state, "Rxa6")]
    line.append(game.parse_move(game.play(state, line[0]), "Rxa6"))
    arrows = _arrows(game.board_figure(state, line, "svg"))
    assert len(arrows) == 2
    assert len(_arrows(game.board_figure(state, [], "svg"))) == 0
    # A move not legal in turn ends the line drawn: Black's rook cannot play a2a6.
    assert len(_arrows(game.board_figure(state, [line[0], line[0]], "svg"))) == 1


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def test_the_latex_holds_the_fen_and_the_moves_with_known_keys_only() -> None:
    game = Chess()
    state = game.parse_position(T2)
    tex = game.board_figure(state, [game.parse_move(state, "Ra5")], "tex")
    assert tex is not None and _balanced(tex)
    fen = re.search(r"setfen=\{([^}]*)\}", tex)
    assert fen is not None and fen.group(1) == T2
    assert re.findall(r"markmoves=\{([^}]*)\}", tex) == ["a2-a5"]
    options = re.search(r"\\chessboard\[(.*)\]\s*$", tex, re.S)
    assert options is not None
    keys = {item.split("=")[0].strip() for item in re.split(r",(?![^{]*\})", options.group(1))}
    assert keys == KNOWN_KEYS


def _latex_with_chessboard() -> bool:
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        return False
    found = subprocess.run(["kpsewhich", "chessboard.sty"], capture_output=True, text=True)
    return bool(found.stdout.strip())


def test_analyze_saves_the_board_with_the_principal_variation(tmp_path: Path) -> None:
    svg, tex = tmp_path / "t2.board.svg", tmp_path / "t2.board.tex"
    result = run_main("analyze", "chess", T2, "--depth", "1", "--save", str(svg),
                      "--save", str(tex))
    assert result.returncode == 0, result.stderr
    assert len(_arrows(svg.read_text(encoding="utf-8"))) == 1  # depth 1: a line of one move
    assert T2 in tex.read_text(encoding="utf-8")
    if not _latex_with_chessboard():
        pytest.skip("pdflatex or the chessboard package (texlive-games) is not installed")
    document = tmp_path / "slide.tex"
    document.write_text("\\documentclass{article}\n\\usepackage{chessboard}\n"
                        "\\begin{document}\n\\input{t2.board.tex}\n\\end{document}\n",
                        encoding="utf-8")
    compiled = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                               "slide.tex"], cwd=tmp_path, capture_output=True, text=True,
                              timeout=120)
    assert compiled.returncode == 0, compiled.stdout[-2000:]
    assert (tmp_path / "slide.pdf").stat().st_size > 0


def test_a_game_that_draws_no_board_refuses_it_in_one_line(tmp_path: Path) -> None:
    result = run_main("analyze", "tictactoe", "--depth", "1", "--save",
                      str(tmp_path / "x.board.svg"))
    assert result.returncode == 2
    assert "draws no board" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.board.svg").exists()
