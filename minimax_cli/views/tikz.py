"""The searched tree as LaTeX for a slide (`analyze --save tree.tex`): a `forest` environment
(TikZ) to paste into a document or a Beamer frame, with the packages it needs named at its top.

As the course draws it: MAX an upward triangle, MIN a downward one, a chance node a circle,
leaves their value alone; each node's value or the bound the search proved inside it, the window
(α, β) it was entered with on its left; branches a cutoff pruned dashed and grey, with the leaves
they held; the principal variation bold. Board games write each move on its edge. The styles are
named at the top (max, min, pv, pruned, ...) so that a teacher restyles the figure in one place.

A window is a node of the tree of its own (`window`, with no edge: the sibling just before its
node, the parent centred over its real children), not a TikZ label: forest packs nodes so that
none overlaps another or an edge, and knows nothing of labels. Edges leave a node at its foot and
reach the next at its head, so none crosses the band where the windows stand. The root's window,
which has no sibling, is a label above its left, where no edge goes.

The figure shrinks to fit (never grows): to the line's width and 0.8 of the text height, which
a document changes by defining `\\minimaxwidth` and `\\minimaxheight` before `\\input`; what it
leaves out (a --tree-depth cut) is written under it.
"""

from __future__ import annotations

from minimax_cli.core.i18n import _
from minimax_cli.views.figure import FigureNode, Value

#: The styles every figure starts with (the tree's preamble in `forest`).
STYLES = r"""  for tree={draw, align=center, inner sep=1pt, minimum size=2.2em, l sep=2.5em,
            s sep=0.8em, font=\small, edge={thin}, parent anchor=south, child anchor=north},
  max/.style={regular polygon, regular polygon sides=3, shape border rotate=0},
  min/.style={regular polygon, regular polygon sides=3, shape border rotate=180},
  chance/.style={circle},
  player/.style={rounded corners, minimum size=1.6em},
  leaf/.style={draw=none, minimum size=1.2em},
  eval/.style={rectangle, minimum size=1.2em},
  more/.style={draw=none, font=\scriptsize\itshape},
  window/.style={no edge, draw=none, font=\scriptsize, align=right, minimum size=0pt,
                inner sep=0.5pt},  % alpha and beta, a node just before the node they belong to
  root window/.style={label={[font=\scriptsize, align=right, anchor=south east]north west:{#1}}},
  pv/.style={very thick, edge={very thick}},
  pruned/.style={dashed, draw=gray, text=gray, edge={dashed, gray}},
  table/.style={double},         % a value from the transposition table
  probe/.style={densely dotted}, % Star2's probe: its first move only, a bound
  tie/.style={draw=orange},      % max^n: the first of equally good moves taken,"""

#: Children a node has before its edges to them are made steeper (`l sep` grows with each one).
FAN = 3

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
        return r"\ldots"
    if node.pruned and node.shape != "leaf":
        return ""  # never searched: nothing is known of it
    text = value_math(node.value)
    if node.player is not None:
        text = escape(_("player {number}").format(number=node.player)) + r"\\" + text
    return text


def _window(node: FigureNode) -> str | None:
    if node.alpha is None or node.beta is None:
        return None
    return f"$\\alpha={number(node.alpha)}$\\\\$\\beta={number(node.beta)}$"


def _options(node: FigureNode, root: bool) -> list[str]:
    options = [node.shape]
    window = _window(node)
    if root and window is not None:
        options.append(f"root window={{{window}}}")
    first = next((i for i, child in enumerate(node.children)
                  if _window(child) is not None), None)
    if first == 0:  # centred over its first real child, not over that child's window
        options.append("calign=midpoint, calign primary child=2")
    if len(node.children) > FAN:
        # A wide fan's edges would run almost flat, just over the windows: steeper, apart.
        options.append(f"l sep={2.5 + 0.6 * (len(node.children) - FAN):g}em")
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
        # On the edge near the node it leads to, over a white ground: there the edge is far
        # from its siblings, and the label hides only its own edge.
        options.append("edge label={node[pos=0.8, fill=white, inner sep=1pt, font=\\scriptsize]"
                       f"{{{' '.join(words)}}}}}")
    if node.pruned and node.note:
        options.append(f"label={{[font=\\scriptsize, text=gray]below:{{{escape(node.note)}}}}}")
    return options


def _lines(node: FigureNode, indent: int, out: list[str], root: bool = False) -> None:
    pad = "  " * indent
    head = f"{pad}[{{{_content(node)}}}, {', '.join(_options(node, root))}"
    if not node.children:
        out.append(head + "]")
        return
    out.append(head)
    for child in node.children:
        window = _window(child)
        if window is not None:
            out.append(f"{pad}  [{{{window}}}, window]")
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
        "% " + _("it shrinks to fit \\minimaxwidth (the line's width) and \\minimaxheight (0.8 of "
                 "the text height): define them before \\input to change that"),
    ]
    body: list[str] = []
    _lines(tree, 1, body, root=True)
    return "\n".join([*header, *FIT_START, r"\begin{forest}", STYLES, *body, r"\end{forest}}%",
                      *_caption(tree.caption), *FIT_END]) + "\n"


#: What opens the figure: the sizes it fits (a document may define its own first) and the box it
#: is measured in.
FIT_START = (
    r"\providecommand{\minimaxwidth}{\linewidth}",
    r"\providecommand{\minimaxheight}{0.8\textheight}",
    r"\ifdefined\minimaxbox\else\newsavebox{\minimaxbox}\fi",
    r"\sbox{\minimaxbox}{%",
)
#: What closes it: shrunk to the width, then to the height, if it is larger; then drawn.
FIT_END = (
    r"\ifdim\wd\minimaxbox>\minimaxwidth\relax",
    r"  \sbox{\minimaxbox}{\resizebox{\minimaxwidth}{!}{\usebox{\minimaxbox}}}\fi",
    r"\ifdim\dimexpr\ht\minimaxbox+\dp\minimaxbox\relax>\minimaxheight\relax",
    r"  \sbox{\minimaxbox}{\resizebox{!}{\minimaxheight}{\usebox{\minimaxbox}}}\fi",
    r"\usebox{\minimaxbox}",
)


def _caption(caption: list[str]) -> list[str]:
    """What the figure leaves out, under it in the same box (so that it shrinks with it)."""
    if not caption:
        return []
    text = escape(" ".join(caption)).replace("--", "-{}-")  # not TeX's en dash
    return [r"\sbox{\minimaxbox}{\begin{tabular}{@{}c@{}}\usebox{\minimaxbox}\\",
            r"  \parbox{\ifdim\wd\minimaxbox<20em 20em\else\wd\minimaxbox\fi}"
            rf"{{\scriptsize {text}}}",
            r"\end{tabular}}%"]


__all__ = ["escape", "tikz", "value_math"]
