"""Figures for slides as the tools that draw them see them, offline: the searched tree to a depth
whole (issue 34, item 16), refused before anything is shown when it cannot be drawn (item 8),
never waiting on a pipe (item 3), laid out by Graphviz and compiled in a Beamer frame by pdflatex
without overlaps or overflow (item 22). A test that needs a tool (dot, pdflatex with forest and
beamer) is skipped, saying which, where it is not installed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli.entry import run_main

BOARD = ["analyze", "tictactoe", "XOX/.O./X..", "-a", "alphabeta"]
OPENING = ["analyze", "tictactoe", "-a", "alphabeta", "--tree-depth", "1"]


def test_a_figure_to_a_depth_holds_every_node_to_it_and_says_where_it_stops(
        tmp_path: Path) -> None:
    tex = tmp_path / "opening.tex"
    result = run_main(*OPENING, "--save", str(tex))
    assert result.returncode == 0, result.stderr
    text = tex.read_text(encoding="utf-8")
    # the nine moves of the empty board, each a MIN node searched deeper
    assert text.count("}, min,") == 9 and text.count(r"[{\ldots}, more]") == 9
    assert r"Drawn to 1 level below the root (-{}-tree-depth 1)" in text


def test_a_figure_the_trace_cannot_hold_is_refused_before_anything_is_shown(
        tmp_path: Path) -> None:
    # --tree keeps the search's first 5,000 nodes, which reach three of the nine moves
    result = run_main(*OPENING, "--tree", "--save", str(tmp_path / "opening.dot"))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and "--tree-depth 1" in result.stderr
    assert not (tmp_path / "opening.dot").exists()


def test_a_figure_too_large_is_refused_before_the_analysis_is_printed(tmp_path: Path) -> None:
    result = run_main("analyze", "tictactoe", "-a", "minimax", "--save", str(tmp_path / "x.dot"))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and "at most 300" in result.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_pipe_as_the_figure_is_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "tree.dot"
    os.mkfifo(pipe)
    # a process of its own: the command that waited for the pipe's reader would never return
    result = subprocess.run([sys.executable, "-m", "minimax_cli", *BOARD, "--save", str(pipe)],
                            capture_output=True, text=True, timeout=120, check=False,
                            env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "not a regular file" in result.stderr


def test_the_tex_scaling_is_told_in_the_help() -> None:
    result = run_main("analyze", "--help", env={"COLUMNS": "200"})
    assert result.returncode == 0
    assert r"\minimaxwidth" in result.stdout and r"\minimaxheight" in result.stdout


# --- Graphviz -------------------------------------------------------------------------------------
def _bezier(points: list[list[float]]) -> list[tuple[float, float]]:
    """Points along a Graphviz spline (cubic pieces sharing their ends), 20 a piece."""
    found = []
    for start in range(0, len(points) - 3, 3):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points[start:start + 4]
        for step in range(21):
            t = step / 20
            a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
            found.append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
    return found


def _texts(item: dict[str, Any]) -> list[tuple[str, float, float, float, float]]:
    """Each text Graphviz drew for `item`: the text and its box (left, bottom, right, top)."""
    found = []
    size = 14.0
    for key in ("_ldraw_", "_hldraw_", "_tldraw_"):
        for op in item.get(key, []):
            if op["op"] == "F":
                size = op["size"]
            elif op["op"] == "T":
                x, y = op["pt"]
                width = op["width"]
                left = {"l": x, "c": x - width / 2, "r": x - width}[op["align"]]
                found.append((op["text"], left, y - size * 0.2, left + width, y + size * 0.75))
    return found


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
@pytest.mark.parametrize("argv", [BOARD, OPENING])
def test_graphviz_lays_out_the_windows_clear_of_nodes_and_edges(tmp_path: Path,
                                                               argv: list[str]) -> None:
    figure = tmp_path / "tree.dot"
    assert run_main(*argv, "--save", str(figure)).returncode == 0
    drawn = subprocess.run(["dot", "-Tjson", str(figure)], capture_output=True, text=True,
                           check=True, timeout=120)
    assert drawn.stderr == ""  # no warning: every label placed
    graph = json.loads(drawn.stdout)
    items = graph["objects"] + graph.get("edges", [])
    windows = [box for item in items for box in _texts(item) if "α=" in box[0] or "β=" in box[0]]
    assert windows  # every searched node's window is drawn
    nodes = []
    for node in graph["objects"]:
        if "pos" not in node or node["name"].startswith("w"):
            continue
        x, y = map(float, node["pos"].split(","))
        half_w, half_h = float(node["width"]) * 36, float(node["height"]) * 36
        nodes.append((x - half_w, y - half_h, x + half_w, y + half_h))
    lines = [point for edge in graph.get("edges", []) if edge.get("style") != "invis"
             for op in edge.get("_draw_", []) if op["op"] == "b" for point in _bezier(op["points"])]
    for text, left, bottom, right, top in windows:
        for n_left, n_bottom, n_right, n_top in nodes:
            assert right <= n_left or left >= n_right or top <= n_bottom or bottom >= n_top, text
        assert not any(left + 1 < x < right - 1 and bottom + 1 < y < top - 1 for x, y in lines), text


# --- LaTeX ----------------------------------------------------------------------------------------
def _latex_missing() -> str | None:
    if shutil.which("pdflatex") is None:
        return "pdflatex is not installed"
    if shutil.which("kpsewhich") is None:
        return "kpsewhich is not installed"
    for package in ("forest.sty", "beamer.cls"):
        found = subprocess.run(["kpsewhich", package], capture_output=True, text=True,
                               check=False, timeout=60)
        if not found.stdout.strip():
            return f"{package} is not installed (texlive-latex-extra, texlive-latex-recommended)"
    return None


FRAME = r"""\documentclass{beamer}
\usepackage{forest}
\usetikzlibrary{shapes.geometric}
\begin{document}
\begin{frame}{The searched tree}
\input{figure.tex}
\end{frame}
\end{document}
"""


@pytest.mark.skipif(_latex_missing() is not None, reason=str(_latex_missing()))
@pytest.mark.parametrize("argv", [BOARD, OPENING])
def test_the_tex_figure_fits_a_beamer_frame(tmp_path: Path, argv: list[str]) -> None:
    assert run_main(*argv, "--save", str(tmp_path / "figure.tex")).returncode == 0
    (tmp_path / "slide.tex").write_text(FRAME, encoding="utf-8")
    compiled = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                               "slide.tex"], cwd=tmp_path, capture_output=True, text=True,
                              check=False, timeout=600)
    log = (tmp_path / "slide.log").read_text(encoding="utf-8", errors="replace")
    assert compiled.returncode == 0, log[-2000:]
    assert "Overfull" not in log  # the board's figure was 115 pt too wide and 32 pt too high
    assert "Output written on slide.pdf (1 page" in log


# --- SVG ------------------------------------------------------------------------------------------
SLIDES = ["analyze", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "-a", "alphabeta", "--tree"]


def _saved_svg(tmp_path: Path) -> str:
    svg = tmp_path / "tree.svg"
    result = run_main(*SLIDES, "--save", str(svg), env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    return svg.read_text(encoding="utf-8")


def test_the_svg_needs_no_network_and_keeps_its_spaces(tmp_path: Path) -> None:
    text = _saved_svg(tmp_path)
    assert "@font-face" not in text and "url(\"http" not in text and "woff" not in text
    assert text.startswith('<svg xml:space="preserve" ')  # rsvg drew `▲ MAX  α` as `▲ MAXα`
    assert '"DejaVu Sans Mono"' in text and "monospace" in text


def test_the_svg_draws_its_box_lines_from_row_edge_to_row_edge(tmp_path: Path) -> None:
    import re
    import xml.etree.ElementTree as ET

    text = _saved_svg(tmp_path)
    svg = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(text)
    rows = {clip.attrib["id"]: float(clip[0].attrib["y"]) for clip in root.iter(f"{svg}clipPath")
            if "-line-" in clip.attrib["id"]}
    hidden = [span.text for span in root.iter(f"{svg}tspan")]
    assert set(hidden) >= {"├", "└", "─", "│", "┏", "┃", "┡", "┩"}  # the tree's and the table's
    assert all(span.attrib["fill-opacity"] == "0" for span in root.iter(f"{svg}tspan"))
    # each vertical stroke runs from the middle of its row to the edge shared with the next
    tops = sorted(rows.values())
    vertical = [(float(y0), float(y1)) for path in root.iter(f"{svg}path")
                for x0, y0, x1, y1 in re.findall(r"M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)",
                                                 path.attrib["d"]) if x0 == x1]
    assert vertical
    ends = {round(y1, 1) for _, y1 in vertical}
    assert any(abs(end - top) < 0.06 for end in ends for top in tops[1:])


@pytest.mark.skipif(shutil.which("rsvg-convert") is None,
                    reason="rsvg-convert is not installed (librsvg2-bin)")
def test_rsvg_renders_the_svg_offline_without_a_complaint(tmp_path: Path) -> None:
    _saved_svg(tmp_path)
    rendered = subprocess.run(["rsvg-convert", str(tmp_path / "tree.svg"), "-o",
                               str(tmp_path / "tree.png")], capture_output=True, text=True,
                              check=False, timeout=120)
    assert rendered.returncode == 0 and rendered.stderr == ""
    assert (tmp_path / "tree.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
