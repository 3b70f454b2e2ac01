"""`analyze --save`: figures for slides. What the terminal shows saved as SVG and HTML (the same
text, line for line), the searched tree as LaTeX (forest/TikZ) and Graphviz DOT checked against
snapshots of the course's example and of a tic-tac-toe position, in English and Spanish. Nothing
is compiled: the snapshots were read against the course's answer (root 3 by the first move; the
second MIN node cut after its first leaf 2, so leaves 4 and 6 are never evaluated)."""

from __future__ import annotations

import html
import itertools
import re
import shlex
import statistics
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from minimax_cli.views.tikz import STYLES
from tests.cli.entry import run_main
from tests.readme_examples import MACHINE_FIGURES

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOTS = Path(__file__).parent / "snapshots"
SLIDES = ["analyze", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "-a", "alphabeta"]
BOARD = ["analyze", "tictactoe", "XOX/.O./X..", "-a", "alphabeta"]
SVG = "{http://www.w3.org/2000/svg}"
STYLE_LINES = len(STYLES.splitlines())


def svg_lines(path: Path) -> list[str]:
    """The terminal's lines as the SVG draws them: its text elements grouped by their row, each
    at its column (runs of plain spaces are not drawn, so a column is read from `x` and the
    width of a cell)."""
    texts = [e for e in ET.parse(path).getroot().iter(f"{SVG}text")
             if "clip-path" in e.attrib]  # not the window's title
    cell = statistics.mode(round(float(e.attrib["textLength"]) / len("".join(e.itertext()) or " "),
                                 3) for e in texts)
    rows: dict[float, str] = {}
    for element in sorted(texts, key=lambda e: (float(e.attrib["y"]), float(e.attrib["x"]))):
        row = float(element.attrib["y"])
        line = rows.get(row, "")
        column = round(float(element.attrib["x"]) / cell)
        # the whole text: a box-drawing character is in a tspan of its own (drawn as lines)
        rows[row] = line.ljust(column) + "".join(element.itertext()).replace("\xa0", " ")
    # a row with nothing drawn (an empty line) has no text element: count rows by their height
    ys = sorted(rows)
    step = min((b - a for a, b in itertools.pairwise(ys)), default=1.0)
    first = ys[0]
    lines = [""] * (round((ys[-1] - first) / step) + 1)
    for row, text in rows.items():
        lines[round((row - first) / step)] = text.rstrip()
    return lines


def html_text(path: Path) -> str:
    page = path.read_text(encoding="utf-8")
    body = page[page.index("<pre"):page.index("</pre>")]
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def shown_lines(stdout: str) -> list[str]:
    """stdout's lines; a no-break space (Spanish digit groups) as a space, as the SVG has every
    space as a no-break one."""
    return [line.replace("\xa0", " ").rstrip() for line in stdout.splitlines()]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_terminal_is_saved_as_svg_and_html_line_for_line(tmp_path: Path, lang: str) -> None:
    svg, page = tmp_path / "tree.svg", tmp_path / "tree.html"
    result = run_main(*SLIDES, "--tree", "--trace", "--lang", lang, "--save", str(svg),
                      "--save", str(page))
    assert result.returncode == 0, result.stderr
    shown = shown_lines(result.stdout)
    assert svg_lines(svg) == shown
    assert shown_lines(html_text(page)) == shown
    pruned = {"en": "✂ pruned, never searched: 2.2 (leaf 4); 2.3 (leaf 6)",
              "es": "✂ podado, nunca buscado: 2.2 (hoja 4); 2.3 (hoja 6)"}[lang]
    assert any(line.endswith(pruned) for line in shown)
    saved = {"en": "saved", "es": "guardado"}[lang]
    assert result.stderr.split() == [saved, str(svg), saved, str(page)]


def test_compare_and_the_moves_table_are_saved_too(tmp_path: Path) -> None:
    svg = tmp_path / "compare.svg"
    result = run_main(*BOARD[:3], "--compare", "--depth", "3", "--save", str(svg))
    assert result.returncode == 0, result.stderr
    lines = svg_lines(svg)
    assert lines == shown_lines(result.stdout)
    assert any("alphabeta" in line for line in lines) and any("negamax" in line for line in lines)


def test_the_quiz_saves_its_tree_without_the_answers(tmp_path: Path) -> None:
    svg = tmp_path / "quiz.svg"
    result = run_main("analyze", "tree", "@abcd", "--quiz", "--save", str(svg),
                      stdin="3\n5 6\n")
    assert result.returncode == 0, result.stderr
    lines = svg_lines(svg)
    shown = shown_lines(result.stdout)
    legend = next(i for i, line in enumerate(shown) if line.startswith("▲ MAX and ▼ MIN"))
    assert lines[:legend] == shown[:legend]  # the drawing, as the quiz shows it
    assert " ".join(lines[legend:]) == shown[legend]  # its legend, wrapped at the width
    assert lines[2] == "│   ├── #1 = 3" and lines[legend - 1] == "    └── #9 = 2"
    assert not any("?" in line for line in lines)  # neither the questions nor the answers


@pytest.mark.parametrize(("argv", "name"), [(SLIDES, "slides"), (BOARD, "tictactoe")])
@pytest.mark.parametrize("kind", ["tex", "dot"])
def test_the_searched_tree_matches_its_snapshot(tmp_path: Path, argv: list[str], name: str,
                                                kind: str) -> None:
    saved = tmp_path / f"tree.{kind}"
    result = run_main(*argv, "--save", str(saved))
    assert result.returncode == 0, result.stderr
    assert saved.read_text(encoding="utf-8") == (SNAPSHOTS / f"{name}.{kind}").read_text(
        encoding="utf-8")


def test_the_slides_tikz_says_what_the_course_says() -> None:
    text = (SNAPSHOTS / "slides.tex").read_text(encoding="utf-8")
    nodes = [node for node in re.findall(r"^\s*\[\{(.*?)\}, (\w+)(.*?)$", text, re.MULTILINE)
             if node[1] != "window"]  # a window is a node of its own, before its node
    assert [value for value, _, _ in nodes] == ["$3$", "$3$", "$3$", "$12$", "$8$", r"$\leq 2$",
                                                "$2$", "$4$", "$6$", "$2$", "$14$", "$5$", "$2$"]
    assert [shape for _, shape, _ in nodes] == ["max", "min", "leaf", "leaf", "leaf", "min",
                                                "leaf", "leaf", "leaf", "min", "leaf", "leaf",
                                                "leaf"]
    assert [value for value, _, rest in nodes if "pruned" in rest] == ["$4$", "$6$"]
    assert [value for value, _, rest in nodes if ", pv" in rest] == ["$3$"] * 3
    # the second and third MIN nodes are entered with alpha = 3, the first one's value
    assert text.count(r"[{$\alpha=3$\\$\beta=+\infty$}, window]") == 2
    assert text.count(r"\begin{forest}") == text.count(r"\end{forest}") == 1
    assert text.count("[") - text.count(r"\\[") == text.count("]")


def test_the_slides_dot_says_what_the_course_says() -> None:
    text = (SNAPSHOTS / "slides.dot").read_text(encoding="utf-8")
    labels = re.findall(r'^  n\d+ \[label="([^"]*)", shape=(\w+)', text, re.MULTILINE)
    assert labels == [("3", "triangle"), ("3", "invtriangle"), ("3", "plaintext"),
                      ("12", "plaintext"), ("8", "plaintext"), ("≤ 2", "invtriangle"),
                      ("2", "plaintext"), ("4", "plaintext"), ("6", "plaintext"),
                      ("2", "invtriangle"), ("14", "plaintext"), ("5", "plaintext"),
                      ("2", "plaintext")]
    assert len(re.findall(r"-> n\d+ \[style=dashed", text)) == 2
    assert len(re.findall(r"-> n\d+ \[[^\n]*penwidth=3\]", text)) == 2  # root -> 1 -> 1.1
    assert len(re.findall(r"n\d+ -> n\d+", text)) == 12
    # the second and third MIN nodes are entered with alpha = 3, written on the edge into them
    assert len(re.findall(r"-> n\d+ \[label=<.*α=3 β=\+∞", text)) == 2


def test_the_board_figure_writes_the_moves_and_hides_what_was_never_searched() -> None:
    text = (SNAPSHOTS / "tictactoe.tex").read_text(encoding="utf-8")
    # as --tree: 4 8 9; 4 9 8; 6 8; 6 9; 9 6; 9 8
    assert len(re.findall(r"^ *\[.*, pruned,", text, re.MULTILINE)) == 6
    assert "[{?}, leaf, pruned" in text  # 4 9 8 ends the game, but it was never looked at
    assert text.splitlines()[0] == "% tictactoe · alphabeta"


def test_the_figure_speaks_spanish(tmp_path: Path) -> None:
    english, spanish = tmp_path / "en.tex", tmp_path / "es.tex"
    assert run_main(*SLIDES, "--save", str(english)).returncode == 0
    assert run_main(*SLIDES, "--lang", "es", "--save", str(spanish)).returncode == 0
    en, es = (p.read_text(encoding="utf-8").splitlines() for p in (english, spanish))
    assert es[1] == "% el árbol buscado, escrito por minimax-cli para una diapositiva"
    assert es[2].startswith("% necesita en el preámbulo: \\usepackage{forest}")
    assert en[5:] == es[5:]  # the drawing itself has no words (five lines of comments)


@pytest.mark.parametrize(("argv", "message"), [
    (["--save", "tree.pdf"], "the format comes from the file's ending"),
    (["--save", "{tmp}"], "is a folder"),
    (["--save", "{tmp}/no/such/tree.svg"], "there is no folder"),
    (["--save", "tree.svg", "--json"], "--json prints JSON"),
    (["-a", "mcts", "--save", "{tmp}/tree.tex"], "mcts records none"),
])
def test_a_bad_save_is_one_line_and_exit_2(tmp_path: Path, argv: list[str],
                                           message: str) -> None:
    result = run_main(*SLIDES[:3], *(a.replace("{tmp}", str(tmp_path)) for a in argv))
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and message in result.stderr


def test_an_unwritable_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    target = tmp_path / "locked.svg"
    target.mkdir()  # a folder where the file should go: the system refuses to open it
    (tmp_path / "sub").mkdir()
    result = run_main(*SLIDES, "--save", str(tmp_path / "sub" / "x.svg"), "--save",
                      str(target) + "/")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1


def test_a_tree_too_large_for_a_slide_asks_for_tree_depth(tmp_path: Path) -> None:
    saved = tmp_path / "big.dot"
    result = run_main("analyze", "tictactoe", "-a", "minimax", "--save", str(saved))
    assert result.returncode == 2 and "--tree-depth" in result.stderr
    result = run_main("analyze", "tictactoe", "-a", "alphabeta", "--tree-depth", "1", "--save",
                      str(saved))
    assert result.returncode == 0, result.stderr
    text = saved.read_text(encoding="utf-8")
    # the root and every one of its nine moves (alpha-beta searches each: the first five
    # thousand nodes recorded reached only three of them), each searched deeper, and the
    # figure says so in its own text
    assert text.count("shape=triangle") == 1 and text.count("shape=invtriangle") == 9
    assert text.count('label="…"') == 9
    assert "Drawn to 1 level below the root (--tree-depth 1)" in text


def test_the_readme_shows_the_slides_example_saved_by_the_tool(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Figures for slides"):]
    command = next(line for line in section.splitlines() if "--save docs/slides-tree.svg" in line)
    assert "![" in section and "](docs/slides-tree.svg)" in section  # an image the README shows
    argv = shlex.split(command)[1:]
    fresh = tmp_path / "slides-tree.svg"
    argv[argv.index("docs/slides-tree.svg")] = str(fresh)
    assert run_main(*argv, env={"COLUMNS": "80"}).returncode == 0

    def masked(lines: list[str]) -> list[str]:
        for pattern, placeholder in MACHINE_FIGURES:
            lines = [pattern.sub(placeholder, line) for line in lines]
        return lines

    committed = svg_lines(ROOT / "docs" / "slides-tree.svg")
    assert masked(committed) == masked(svg_lines(fresh))
    assert "│   └── ✂ pruned, never searched: 2.2 (leaf 4); 2.3 (leaf 6)" in committed


def test_a_chance_figure_keeps_probabilities_probes_and_table_answers(tmp_path: Path) -> None:
    # Star2 on this tree probes both MAX nodes by their first move, then searches them again,
    # where the MIN nodes below come from the table (as --tree says: "probe", "from the table")
    tree = '{"chance":[["2/3",{"chance":[["1/4",[-1,0]],["3/4",[-5,9]]]}],["1/3",-5]]}'
    tex, graph = tmp_path / "chance.tex", tmp_path / "chance.dot"
    result = run_main("analyze", "tree", tree, "-a", "star2", "--save", str(tex), "--save",
                      str(graph))
    assert result.returncode == 0, result.stderr
    text = tex.read_text(encoding="utf-8")
    root = text.splitlines().index(r"\begin{forest}") + 1 + STYLE_LINES
    # 17/6 = 2/3 · 27/4 + 1/3 · (-5), and 27/4 = 1/4 · 0 + 3/4 · 9
    assert text.splitlines()[root].startswith(r"  [{$17/6$}, chance")
    below = [line for line in text.splitlines()[root + 1:] if not line.endswith(", window]")]
    assert below[0].startswith(r"    [{$27/4$}, chance")
    assert len(re.findall(r", probe, ", text)) == 2 and len(re.findall(r", table\]", text)) == 2
    assert "{$p=2/3$}" in text and "{$p=1/3$}" in text
    dot = graph.read_text(encoding="utf-8")
    assert dot.count('style="dotted"') == 2 and dot.count("peripheries=2") == 2
    assert len(re.findall(r"-> n\d+ \[label=[^\n]*p=1/4", dot)) == 2
