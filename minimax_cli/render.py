"""Core objects -> Rich renderables and JSON-ready dicts. Pure functions: no printing, no input."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from minimax_cli.core.game import MAX, Game
from minimax_cli.core.result import Bound, SearchResult, TraceNode

AnyGame = Game[Any, Any]

MAX_MARK = "▲ MAX"  # the course draws MAX as an upward triangle, MIN as a downward one
MIN_MARK = "▼ MIN"


def fmt_value(value: float | None) -> str:
    """A value as people write it: integers without a decimal point, infinities as ±∞."""
    if value is None:
        return "-"
    if math.isinf(value):
        return "+∞" if value > 0 else "-∞"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.4g}"


def describe_value(game: AnyGame, result: SearchResult) -> str:
    """The root value in words, from MAX's (the first player's) point of view."""
    value = fmt_value(result.value)
    if game.win_loss and result.exact:
        plies = "" if result.distance is None else f" in {result.distance} plies"
        word = {1: "first player (MAX) wins", 0: "draw", -1: "second player (MIN) wins"}
        return f"{value}: {word.get(int(result.value), '')}{plies if result.value else ''}"
    if not result.exact:
        return f"{value} (heuristic estimate, not proven)"
    return value


def result_dict(game: AnyGame, state: Any, result: SearchResult) -> dict[str, Any]:
    """The JSON form of an analysis; values on the game's scale from MAX's point of view."""
    def move_text(move: Any) -> str:
        return game.format_move(state, move)

    pv_text = []
    s = state
    for move in result.pv:
        pv_text.append(game.format_move(s, move))
        s = game.play(s, move)
    return {
        "game": game.name,
        "position": game.format_position(state),
        "to_move": "MAX" if result.root_player == MAX else "MIN",
        "algorithm": result.algorithm,
        "value": _json_number(result.value),
        "value_view": "MAX (first player)",
        "exact": result.exact,
        "distance": result.distance,
        "best_move": None if result.best_move is None else move_text(result.best_move),
        "moves": [
            {"move": move_text(m.move), "value": _json_number(m.value), "bound": m.bound.value,
             "distance": m.distance}
            for m in result.moves
        ],
        "pv": pv_text,
        "depth": result.depth,
        "timed_out": result.timed_out,
        "stats": result.stats.as_dict(),
    }


def _json_number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def moves_table(game: AnyGame, state: Any, result: SearchResult) -> Table:
    """Every root move with its value (MAX's view) and whether that value is exact or a bound."""
    table = Table(title="Moves (values from MAX's point of view)", title_justify="left")
    table.add_column("move")
    table.add_column("value", justify="right")
    table.add_column("bound")
    if game.win_loss:
        table.add_column("plies to end", justify="right")
    best = set(result.best_moves())
    for m in result.moves:
        bound = {Bound.EXACT: "exact", Bound.LOWER: "≥ (lower bound)",
                 Bound.UPPER: "≤ (upper bound)"}[m.bound]
        if not m.exact and m.bound is Bound.EXACT:
            bound = "heuristic"
        marker = " ★" if m.move in best else ""
        row = [game.format_move(state, m.move) + marker, fmt_value(m.value), bound]
        if game.win_loss:
            row.append("" if m.distance is None else str(m.distance))
        table.add_row(*row, style="bold" if marker else None)
    return table


def stats_table(result: SearchResult) -> Table:
    s = result.stats
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="dim")
    table.add_column(justify="right")
    table.add_row("nodes (root included)", f"{s.nodes:,}")
    table.add_row("leaves evaluated", f"{s.leaves:,}")
    table.add_row("cutoffs", f"{s.cutoffs:,}")
    if s.tt_probes:
        table.add_row("table probes / hits", f"{s.tt_probes:,} / {s.tt_hits:,}")
    table.add_row("depth", "to the end" if result.depth is None else str(result.depth))
    table.add_row("time", f"{s.elapsed:.3f} s")
    table.add_row("nodes per second", f"{s.nodes_per_second:,.0f}")
    return table


def analysis(game: AnyGame, state: Any, result: SearchResult) -> RenderableType:
    """The summary, the moves table and the statistics of one search."""
    lines = Text()
    lines.append(f"{game.name} · {result.algorithm}", style="bold")
    player = "MAX (first player)" if result.root_player == MAX else "MIN (second player)"
    lines.append(f"\nto move: {player}")
    lines.append("\nvalue:   ")
    lines.append(describe_value(game, result), style="bold")
    if result.best_move is not None:
        lines.append("\nbest:    ")
        lines.append(game.format_move(state, result.best_move), style="bold green")
    if result.pv:
        lines.append("\nline:    " + " ".join(_pv_text(game, state, result.pv)))
    if result.timed_out:
        lines.append("\nthe time or node limit stopped the search; the last completed depth stands",
                     style="yellow")
    parts: list[RenderableType] = [lines]
    if result.moves:
        parts.append(moves_table(game, state, result))
    parts.append(stats_table(result))
    return Group(*parts)


def _pv_text(game: AnyGame, state: Any, pv: Sequence[Any]) -> list[str]:
    words, s = [], state
    for move in pv:
        words.append(game.format_move(s, move))
        s = game.play(s, move)
    return words


def search_tree(game: AnyGame, state: Any, trace: TraceNode, truncated: bool = False) -> Tree:
    """The recorded search as a Rich tree: MAX/MIN, window, value; pruned moves marked."""
    root = Tree(_node_label(trace, "root"), guide_style="dim")
    stack: list[tuple[TraceNode, Any, Tree]] = [(trace, state, root)]
    while stack:
        node, s, branch = stack.pop()
        for child in node.children:
            child_state = game.play(s, child.move)
            sub = branch.add(_node_label(child, game.format_move(s, child.move)))
            stack.append((child, child_state, sub))
        if node.pruned:
            moves = ", ".join(game.format_move(s, m) for m in node.pruned)
            branch.add(Text(f"✂ pruned: {moves}", style="red"))
    if truncated:
        root.add(Text("… trace limit reached; deeper nodes not recorded", style="yellow"))
    return root


def _node_label(node: TraceNode, move: str) -> Text:
    text = Text()
    text.append(f"{move} ", style="bold")
    if node.kind == "terminal":
        text.append(f"leaf = {fmt_value(node.value)}", style="cyan")
        return text
    if node.kind == "eval":
        text.append(f"cut, eval = {fmt_value(node.value)}", style="magenta")
        return text
    mark = MAX_MARK if node.player == MAX else MIN_MARK
    text.append(mark, style="green" if node.player == MAX else "red")
    if node.alpha is not None:
        text.append(f"  α={fmt_value(node.alpha)} β={fmt_value(node.beta)}", style="dim")
    text.append(f"  = {fmt_value(node.value)}")
    if node.kind == "table":
        text.append("  (from table)", style="dim")
    return text


def comparison_table(results: Sequence[SearchResult]) -> Table:
    """Algorithms side by side on one position, with node reduction against the first (minimax)."""
    table = Table(title="Algorithms compared on the same position", title_justify="left")
    for name, justify in [("algorithm", "left"), ("value", "right"), ("nodes", "right"),
                          ("leaves", "right"), ("time", "right"), ("nodes vs minimax", "right")]:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    reference = results[0].stats.nodes if results else 0
    for r in results:
        ratio = f"{r.stats.nodes / reference:.2%}" if reference else "-"
        table.add_row(r.algorithm, fmt_value(r.value), f"{r.stats.nodes:,}",
                      f"{r.stats.leaves:,}", f"{r.stats.elapsed:.3f} s", ratio)
    return table


def named_positions_table(classes: dict[str, Any]) -> Table | None:
    """Bundled positions (textbook trees) that games accept by name."""
    rows = [(name, key, text) for name, cls in classes.items()
            for key, text in cls.named_positions().items()]
    if not rows:
        return None
    table = Table(title="Bundled positions", title_justify="left")
    for column in ("game", "position", "description"):
        table.add_column(column)
    for row in rows:
        table.add_row(*row)
    return table


def games_table(classes: dict[str, Any]) -> Table:
    """The registry: each game, its parameters and notation."""
    table = Table(title="Games", title_justify="left", show_lines=True)
    table.add_column("name", style="bold")
    table.add_column("description")
    table.add_column("parameters")
    table.add_column("notation")
    for name, cls in classes.items():
        params = "\n".join(f"--{p.name} {p.metavar} (default {_param_default(p.default)}): {p.help}"
                           for p in cls.parameters) or "-"
        notation = f"position: {cls.position_help}\nmove: {cls.move_help}"
        table.add_row(name, cls.description, params, notation)
    return table


def _param_default(value: object) -> str:
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)
