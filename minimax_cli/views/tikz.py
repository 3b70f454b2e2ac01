"""The searched tree as LaTeX for a slide (`analyze --save tree.tex`): a `forest` environment
(TikZ) to paste into a document or a Beamer frame, with the packages it needs named at its top.

As the course draws it: MAX an upward triangle, MIN a downward one, a chance node a circle,
leaves their value alone; each node's value or the bound the search proved inside it, the window
(α, β) it was entered with on its left; branches a cutoff pruned dashed and grey, with the leaves
they held; the principal variation bold. Board games write each move on its edge. The styles are
named at the top (max, min, pv, pruned, ...) so that a teacher restyles the figure in one place.
"""

from __future__ import annotations

from minimax_cli.core.i18n import _
from minimax_cli.views.figure import FigureNode, Value

#: The styles every figure starts with (the tree's preamble in `forest`).
STYLES = r"""  for tree={draw, align=center, inner sep=1pt, minimum size=2.2em, l sep=2.5em,
            s sep=1.2em, font=\small, edge={thin}},
  max/.style={regular polygon, regular polygon sides=3, shape border rotate=0},
  min/.style={regular polygon, regular polygon sides=3, shape border rotate=180},
  chance/.style={circle},
  player/.style={rounded corners, minimum size=1.6em},
  leaf/.style={draw=none, minimum size=1.2em},
  eval/.style={rectangle, minimum size=1.2em},
  more/.style={draw=none, font=\scriptsize\itshape},
  window/.style={label={[font=\scriptsize, align=right]left:{#1}}},
  pv/.style={very thick, edge={very thick}},
  pruned/.style={dashed, draw=gray, text=gray, edge={dashed, gray}},
  table/.style={double},         % a value from the transposition table
  probe/.style={densely dotted}, % Star2's probe: its first move only, a bound
  tie/.style={draw=orange},      % max^n: the first of equally good moves taken,"""

_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&",
            "#": r"\#", "%": r"\%", "_": r"\_", "~": r"\textasciitilde{}",
            "^": r"\textasciicircum{}", "…": r"\ldots{}"}


def escape(text: str) -> str:
    """`text` as LaTeX text: its special characters written as themselves."""
    return "".join(_SPECIAL.get(char, char) for char in text)


def number(text: str) -> str:
    """A number as the tree writes it (`-3`, `+∞`, `1/2`, `+1@5`) in math mode."""
    return escape(text).replace("∞", r"\infty").replace("\\ldots{}", r"\ldots")


def value_math(value: Value) -> str:
    numbers = [number(n) for n in value.numbers]
    if value.relation == "=":
        return f"${numbers[0]}$"
    if value.relation == "≤":
        return rf"$\leq {numbers[0]}$"
    if value.relation == "≥":
        return rf"$\geq {numbers[0]}$"
    if value.relation == "∈":
        return f"$[{numbers[0]}, {numbers[1]}]$"
    return "?"


def _content(node: FigureNode) -> str:
    if node.shape == "more":
        return escape(node.note)
    if node.pruned and node.shape != "leaf":
        return ""  # never searched: nothing is known of it
    text = value_math(node.value)
    if node.player is not None:
        text = escape(_("player {number}").format(number=node.player)) + r"\\" + text
    return text


def _options(node: FigureNode) -> list[str]:
    options = [node.shape]
    if node.alpha is not None and node.beta is not None:
        options.append(f"window={{$\\alpha={number(node.alpha)}$\\\\$\\beta={number(node.beta)}$}}")
    if node.remark is not None:
        options.append(node.remark)
    if node.principal:
        options.append("pv")
    if node.pruned:
        options.append("pruned")
    words = [escape(node.move)] if node.move is not None else []
    if node.probability is not None:
        words.append(f"$p={number(node.probability)}$")
    if words:
        options.append(f"edge label={{node[midway, left, font=\\scriptsize]{{{' '.join(words)}}}}}")
    if node.pruned and node.note:
        options.append(f"label={{[font=\\scriptsize, text=gray]below:{{{escape(node.note)}}}}}")
    return options


def _lines(node: FigureNode, indent: int, out: list[str]) -> None:
    pad = "  " * indent
    head = f"{pad}[{{{_content(node)}}}, {', '.join(_options(node))}"
    if not node.children:
        out.append(head + "]")
        return
    out.append(head)
    for child in node.children:
        _lines(child, indent + 1, out)
    out.append(f"{pad}]")


def tikz(tree: FigureNode, title: str) -> str:
    """The figure as LaTeX text; `title` (the game and the algorithm) heads it as a comment."""
    header = [
        f"% {title}",
        "% " + _("the searched tree, written by minimax-cli for a slide"),
        "% " + _("needs in the preamble:") + r" \usepackage{forest}, \usetikzlibrary{shapes.geometric}",
        "% " + _("MAX an upward triangle, MIN a downward one, α and β beside each node, "
                 "pruned branches dashed, the principal variation bold"),
    ]
    body: list[str] = []
    _lines(tree, 1, body)
    return "\n".join([*header, r"\begin{forest}", STYLES, *body, r"\end{forest}"]) + "\n"


__all__ = ["escape", "tikz", "value_math"]
