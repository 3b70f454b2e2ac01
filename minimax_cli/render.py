"""Core objects -> Rich renderables and JSON-ready dicts. Pure functions: no printing, no input."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from minimax_cli import render_report, report
from minimax_cli.core.game import CHANCE, MAX, Game
from minimax_cli.core.result import (
    STOP_INTERRUPTED,
    STOP_NODES,
    STOP_TIME,
    SearchOptions,
    SearchResult,
    TraceNode,
)
from minimax_cli.core.score import WIN, Number, format_number, is_decisive
from minimax_cli.words import count, plural

AnyGame = Game[Any, Any]

MAX_MARK = "▲ MAX"  # the course draws MAX as an upward triangle, MIN as a downward one
MIN_MARK = "▼ MIN"
CHANCE_MARK = "◆ CHANCE"  # neither triangle: nobody chooses, the outcomes are averaged


def fmt_value(value: Number | None) -> str:
    """A number as people write it: integers without a decimal point, fractions as p/q,
    infinities as ±∞; None (no value) as a dash."""
    if value is None:
        return "-"
    return format_number(value)


STOP_WORDS = {STOP_TIME: "time budget", STOP_NODES: "node budget"}


def result_dict(game: AnyGame, state: Any, result: SearchResult) -> dict[str, Any]:
    """The JSON form of an analysis: the one report schema (see `report.report_dict`)."""
    return report.report_dict(report.from_search(game, state, result))


def moves_table(game: AnyGame, state: Any, result: SearchResult) -> RenderableType:
    """Every root move, best first for the player to move (see `render_report.moves_table`)."""
    return render_report.moves_table(report.from_search(game, state, result))


def stats_table(result: SearchResult) -> Table:
    s = result.stats
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="dim")
    table.add_column(justify="right")
    table.add_row("nodes (root included)", f"{s.nodes:,}")
    if result.iterations is not None:  # Monte Carlo: no cutoffs, no depth limit
        table.add_row("simulations", f"{result.iterations:,}")
        table.add_row("random playouts", f"{s.leaves:,}")
        table.add_row("time", f"{s.elapsed:.3f} s")
        table.add_row("simulations per second",
                      f"{result.iterations / s.elapsed:,.0f}" if s.elapsed > 0 else "-")
        return table
    table.add_row("leaves evaluated", f"{s.leaves:,}")
    table.add_row("cutoffs", f"{s.cutoffs:,}")
    if s.tt_probes:
        table.add_row("table probes / hits / answers",
                      f"{s.tt_probes:,} / {s.tt_hits:,} / {s.tt_answers:,}")
    if s.pv_nodes:
        table.add_row("nodes to complete the line", f"{s.pv_nodes:,}")
    if result.stopped is not None and result.score is None:
        depth = "none completed"
    else:
        depth = "to the end" if result.depth is None else count(result.depth, "ply")
    table.add_row("depth", depth)
    table.add_row("time", f"{s.elapsed:.3f} s")
    table.add_row("nodes per second", f"{s.nodes_per_second:,.0f}")
    return table


def analysis(game: AnyGame, state: Any, result: SearchResult) -> RenderableType:
    """The position, the answer, the moves table and the statistics of one search."""
    rep = report.from_search(game, state, result)
    notes: list[tuple[str, Text]] = []
    if result.stopped is not None:
        cause = ("Ctrl-C stopped the search" if result.stopped == STOP_INTERRUPTED else
                 f"the {STOP_WORDS.get(result.stopped, result.stopped)} ran out")
        if result.score is None:
            note = f"{cause} before any depth was completed: no value is given"
        else:
            note = f"{cause}; the last completed depth ({result.depth}) stands"
        notes.append(("stopped", Text(note, style="yellow")))
    view = render_report.report_view(game, state, rep, f"{game.name} · {result.algorithm}", notes)
    return Group(view, stats_table(result))


#: The searched tree draws at most this many children of a node and this many moves of a node's
#: pruned list; the core records at most `SearchOptions.trace_limit` nodes in all.
TREE_CHILDREN = 40
TREE_PRUNED = 20


def search_tree(game: AnyGame, state: Any, trace: TraceNode, truncated: bool = False) -> Tree:
    """The recorded search as a Rich tree: MAX/MIN, window, value; pruned moves marked. A wide node
    shows its first TREE_CHILDREN children and says how many more were searched but not drawn."""
    players = game.game_type.players

    def label(node: TraceNode, move: str) -> Text:
        return _node_label(node, move, game.win_loss, players)

    root = Tree(label(trace, "root"), guide_style="dim")
    stack: list[tuple[TraceNode, Any, Tree]] = [(trace, state, root)]
    while stack:
        node, s, branch = stack.pop()
        for child in node.children[:TREE_CHILDREN]:
            child_state = game.play(s, child.move)
            sub = branch.add(label(child, game.format_move(s, child.move)))
            stack.append((child, child_state, sub))
        hidden = len(node.children) - TREE_CHILDREN
        if hidden > 0:
            branch.add(Text(f"… {hidden:,} more searched {plural('move', hidden)} not drawn "
                            f"(at most {TREE_CHILDREN} a node)", style="yellow"))
        if node.pruned:
            moves = ", ".join(game.format_move(s, m) for m in node.pruned[:TREE_PRUNED])
            rest = len(node.pruned) - TREE_PRUNED
            if rest > 0:
                moves += f", … {rest:,} more"
            branch.add(Text(f"✂ pruned: {moves}", style="red"))
    if truncated:
        limit = SearchOptions.trace_limit
        root.add(Text(f"… the trace holds the first {limit:,} nodes searched; the search went on "
                      "without recording the rest", style="yellow"))
    return root


def trace_number(value: Number | None, win_loss: bool) -> str:
    """A number of a recorded search: engine scores of finished win/loss games as +1 / -1 with the
    ply where the game ends (`+1@5`), everything else as it is."""
    if value is None:
        return "?"
    if win_loss and isinstance(value, int) and is_decisive(value):
        return f"{'+1' if value > 0 else '-1'}@{WIN - abs(value)}"
    return fmt_value(value)


def _node_label(node: TraceNode, move: str, win_loss: bool, players: int = 2) -> Text:
    text = Text()
    if node.probability is not None:  # the edge from a chance node
        text.append(f"p={fmt_value(node.probability)} ", style="yellow")
    text.append(f"{move} ", style="bold")
    value = (f"({', '.join(fmt_value(v) for v in node.vector)})" if node.vector is not None
             else trace_number(node.value, win_loss))
    if node.kind == "terminal":
        text.append(f"leaf = {value}", style="cyan")
        return text
    if node.kind == "eval":
        text.append(f"cut, eval = {value}", style="magenta")
        return text
    if node.player == CHANCE:
        text.append(CHANCE_MARK, style="yellow")
    elif players > 2:
        text.append(f"● player {node.player + 1}", style="blue")
    else:
        mark = MAX_MARK if node.player == MAX else MIN_MARK
        text.append(mark, style="green" if node.player == MAX else "red")
    if node.alpha is not None:
        text.append(f"  α={trace_number(node.alpha, win_loss)} β={trace_number(node.beta, win_loss)}",
                    style="dim")
    text.append(f"  = {value}")
    if node.kind == "table":
        text.append("  (from table)", style="dim")
    elif node.kind == "tie":  # max^n: the tie-break rule chose among moves others value apart
        text.append("  (tie: the first best move taken)", style="yellow")
    elif node.kind == "probe":  # star2: searched again in full below, unless the probes cut
        text.append("  (probe: first move only, a bound)", style="dim")
    return text


def comparison_table(results: Sequence[SearchResult]) -> Table:
    """Algorithms side by side on one position, with node reduction against the first (minimax)."""
    table = Table(title="Algorithms compared on the same position", title_justify="left")
    first = results[0].algorithm if results else "minimax"
    for name, justify in [("algorithm", "left"), ("value", "right"), ("nodes", "right"),
                          ("leaves", "right"), ("cutoffs", "right"), ("time", "right"),
                          (f"nodes vs {first}", "right")]:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    reference = results[0].stats.nodes if results else 0
    for r in results:
        # A sampling search's nodes are not the same work: no ratio for it.
        ratio = f"{r.stats.nodes / reference:.2%}" if reference and r.iterations is None else "-"
        value = (f"({', '.join(fmt_value(v) for v in r.vector)})" if r.vector is not None
                 else fmt_value(r.value))
        if r.score is not None and not r.proven:
            value += " (estimate)"
        table.add_row(r.algorithm, value, f"{r.stats.nodes:,}", f"{r.stats.leaves:,}",
                      f"{r.stats.cutoffs:,}", f"{r.stats.elapsed:.3f} s", ratio)
    return table
