"""The searched tree as Graphviz DOT (`analyze --save tree.dot`; `dot -Tsvg tree.dot`), the same
information as the LaTeX figure (views.tikz): MAX a triangle, MIN an upside-down one, a chance
node a circle, leaves their value alone; values and bounds inside, the window (α, β) beside each
node, pruned branches dashed and grey with the leaves they held, the principal variation bold;
board games write each move on its edge. A table's answer has a double border, Star2's probe a
dotted one, max^n's tie-break an orange one. Nodes are numbered n0, n1 ... in depth-first order, and
children keep the search's order from left to right.
"""

from __future__ import annotations

from minimax_cli.core.i18n import _
from minimax_cli.views.figure import FigureNode, Value

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
        return "… " + node.note
    if node.pruned and node.shape != "leaf":
        return node.note  # never searched: only the leaves it held, where known
    text = value_text(node.value)
    if node.player is not None:
        text = _("player {number}").format(number=node.player) + "\n" + text
    return text


def _attributes(node: FigureNode) -> str:
    parts = [f"label={quoted(_label(node))}", f"shape={SHAPES[node.shape]}"]
    if node.alpha is not None and node.beta is not None:
        window = f"α={node.alpha}" + "\n" + f"β={node.beta}"
        parts.append(f"xlabel={quoted(window)}")
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


def _edge(node: FigureNode) -> str:
    parts = []
    words = [node.move] if node.move is not None else []
    if node.probability is not None:
        words.append(f"p={node.probability}")
    if words:
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
        "// " + _("MAX an upward triangle, MIN a downward one, α and β beside each node, "
                  "pruned branches dashed, the principal variation bold"),
        "digraph search {",
        '  graph [ordering=out, nodesep=0.3, ranksep=0.5, forcelabels=true];',
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
        if parent is not None:
            lines.append(f"  {parent} -> {name}{_edge(node)};")
        stack.extend((child, name) for child in reversed(node.children))
    lines.append("}")
    return "\n".join(lines) + "\n"


__all__ = ["dot", "quoted", "value_text"]
