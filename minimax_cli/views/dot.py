"""The searched tree as Graphviz DOT (`analyze --save tree.dot`; `dot -Tsvg tree.dot`), the same
information as the LaTeX figure (views.tikz): MAX a triangle, MIN an upside-down one, a chance
node a circle, leaves their value alone; values and bounds inside, the window (α, β) beside each
node, pruned branches dashed and grey with the leaves they held, the principal variation bold;
board games write each move on its edge. A table's answer has a double border, Star2's probe a
dotted one, max^n's tie-break an orange one. Nodes are numbered n0, n1 ... in depth-first order, and
children keep the search's order from left to right.

The window a node was entered with is written on the edge into it, under the move (the root's,
which has no edge, in a node beside it, alone on its rank), not as an `xlabel`: Graphviz places
xlabels after the layout, over edges and, when forced, over nodes, while an edge's label is laid
out with the nodes and never overlaps one. What the figure leaves out (a --tree-depth cut) is the
graph's caption, at its foot.
"""

from __future__ import annotations

from minimax_cli.core.i18n import _
from minimax_cli.views.figure import FigureNode, Value

#: The windows' font size, smaller than the values' (12).
WINDOW_SIZE = 9
SHAPES = {"max": "triangle", "min": "invtriangle", "chance": "circle", "player": "box",
          "leaf": "plaintext", "eval": "box", "more": "plaintext"}


def quoted(text: str) -> str:
    """A DOT string: in double quotes, its quotes and backslashes escaped, its lines `\\n`."""
    inner = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{inner}"'


def value_text(value: Value) -> str:
    if value.relation == "=":
        return value.numbers[0]
    if value.relation in ("≤", "≥"):
        return f"{value.relation} {value.numbers[0]}"
    if value.relation == "∈":
        return f"[{value.numbers[0]}, {value.numbers[1]}]"
    return "?"


def _label(node: FigureNode) -> str:
    if node.shape == "more":
        return "…"
    if node.pruned and node.shape != "leaf":
        return node.note  # never searched: only the leaves it held, where known
    text = value_text(node.value)
    if node.player is not None:
        text = _("player {number}").format(number=node.player) + "\n" + text
    return text


def _attributes(node: FigureNode) -> str:
    parts = [f"label={quoted(_label(node))}", f"shape={SHAPES[node.shape]}"]
    styles = ["rounded"] if node.shape == "player" else []
    if node.remark == "probe":
        styles.append("dotted")
    if node.pruned:
        styles.append("dashed")
        parts += ["color=gray", "fontcolor=gray"]
    if styles:
        parts.append(f"style={quoted(','.join(styles))}")
    if node.remark == "table":
        parts.append("peripheries=2")
    elif node.remark == "tie":
        parts.append("color=orange")
    if node.principal:
        parts.append("penwidth=3")
    parts.append(f"tooltip={quoted(node.name)}" if node.name else 'tooltip=""')
    return ", ".join(parts)


def _markup(text: str) -> str:
    """`text` inside a Graphviz HTML-like label."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _window(node: FigureNode) -> str | None:
    if node.alpha is None or node.beta is None:
        return None
    return f"α={node.alpha} β={node.beta}"


def _edge(node: FigureNode) -> str:
    parts = []
    words = [node.move] if node.move is not None else []
    if node.probability is not None:
        words.append(f"p={node.probability}")
    window = _window(node)
    if window is not None:
        rows = [_markup(" ".join(words))] if words else []
        rows.append(f'<FONT POINT-SIZE="{WINDOW_SIZE}">{_markup(window)}</FONT>')
        # A table for its padding: two windows side by side would otherwise touch.
        cells = "".join(f"<TR><TD>{row}</TD></TR>" for row in rows)
        parts.append(f'label=<<TABLE BORDER="0" CELLPADDING="2" CELLSPACING="0">{cells}'
                     "</TABLE>>")
    elif words:
        parts.append(f"label={quoted(' '.join(words))}")
    if node.pruned:
        parts += ["style=dashed", "color=gray"]
    if node.principal:
        parts.append("penwidth=3")
    return f" [{', '.join(parts)}]" if parts else ""


def dot(tree: FigureNode, title: str) -> str:
    """The figure as DOT text; `title` (the game and the algorithm) heads it as a comment."""
    lines = [
        f"// {title}",
        "// " + _("the searched tree, written by minimax-cli for a slide"),
        "// " + _("MAX an upward triangle, MIN a downward one, α and β on the edge into each "
                  "node, pruned branches dashed, the principal variation bold"),
        "digraph search {",
        '  graph [ordering=out, nodesep=0.25, ranksep=0.5];',
        '  node [fontsize=12, width=0.4, height=0.4, margin=0.02];',
        "  edge [arrowhead=none];",
    ]
    stack: list[tuple[FigureNode, str | None]] = [(tree, None)]
    number = 0
    while stack:
        node, parent = stack.pop()
        name = f"n{number}"
        number += 1
        lines.append(f"  {name} [{_attributes(node)}];")
        if parent is None and _window(node) is not None:
            lines += _root_window(node)
        if parent is not None:
            lines.append(f"  {parent} -> {name}{_edge(node)};")
        stack.extend((child, name) for child in reversed(node.children))
    if tree.caption:
        lines.append(f"  graph [label={quoted(chr(10).join(tree.caption))}, labelloc=b, "
                     "labeljust=l, fontsize=10];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _root_window(root: FigureNode) -> list[str]:
    """The root's window, which has no edge to go on: a node on its left, alone with it on the
    top rank (an invisible edge keeps it on the left)."""
    window = f"α={root.alpha}" + "\n" + f"β={root.beta}"
    return [f"  w0 [label={quoted(window)}, shape=plaintext, fontsize={WINDOW_SIZE}, width=0, "
            "height=0, margin=0.01];",
            "  {rank=same; w0 -> n0 [style=invis]}"]


__all__ = ["dot", "quoted", "value_text"]
