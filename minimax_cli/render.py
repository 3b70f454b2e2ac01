"""Core objects -> Rich renderables and JSON-ready dicts. Pure functions: no printing, no input."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from minimax_cli.core.game import CHANCE, MAX, Game
from minimax_cli.core.result import (
    STOP_INTERRUPTED,
    STOP_NODES,
    STOP_TIME,
    SearchResult,
    TraceNode,
)
from minimax_cli.core.score import WIN, Bound, Kind, Number, Score, format_number, is_decisive

AnyGame = Game[Any, Any]

MAX_MARK = "▲ MAX"  # the course draws MAX as an upward triangle, MIN as a downward one
MIN_MARK = "▼ MIN"


def fmt_value(value: Number | None) -> str:
    """A number as people write it: integers without a decimal point, fractions as p/q,
    infinities as ±∞; None (no value) as a dash."""
    if value is None:
        return "-"
    return format_number(value)


def fmt_number(value: Number) -> str:
    """`fmt_value`, with the decimal beside a fraction: 23/3 ≈ 7.667."""
    text = format_number(value)
    if isinstance(value, Fraction) and value.denominator != 1:
        text += f" ≈ {float(value):.4g}"
    return text


_SIGNS = {Bound.EXACT: "", Bound.LOWER: "≥ ", Bound.UPPER: "≤ "}
_PLAYERS = ("the first player (MAX)", "the second player (MIN)")
STOP_WORDS = {STOP_TIME: "time budget", STOP_NODES: "node budget"}


def plies_words(score: Score) -> str:
    if score.plies is None:
        return ""
    unit = "ply" if score.plies == 1 else "plies"
    return f" in {'at most ' if score.plies_at_most else ''}{score.plies} {unit}"


def score_words(score: Score) -> str:
    """A score from MAX's point of view in words: `+1: the first player (MAX) wins in 5 plies`,
    `0: a draw`, `≥ 0: at least a draw for MAX`, `23/3 ≈ 7.667`, `4 (heuristic estimate, not
    proven)`."""
    sign = _SIGNS[score.bound]
    if score.kind in (Kind.WIN, Kind.LOSS):
        number = "+1" if score.kind is Kind.WIN else "-1"
        winner = _PLAYERS[0 if score.kind is Kind.WIN else 1]
        if score.bound is Bound.EXACT:
            return f"{number}: {winner} wins{plies_words(score)}"
        limit = "at least" if score.bound is Bound.LOWER else "at most"
        return f"{sign}{number}: {limit} a {'win' if score.kind is Kind.WIN else 'loss'} for MAX"
    if score.kind is Kind.DRAW:
        if score.bound is Bound.EXACT:
            return "0: a draw"
        return f"{sign}0: {'at least' if score.bound is Bound.LOWER else 'at most'} a draw for MAX"
    if score.kind is Kind.VALUE:
        return sign + fmt_number(score.number)
    return f"{sign}{fmt_number(score.number)} (heuristic estimate, not proven)"


def describe_value(game: AnyGame, result: SearchResult) -> str:
    """The root value in words, from MAX's (the first player's) point of view."""
    score = result.max_score
    if score is None:
        if result.stopped == STOP_INTERRUPTED:
            return "none: Ctrl-C stopped the search before any depth was completed"
        limit = STOP_WORDS.get(result.stopped or "", "search")
        return f"none: the {limit} ran out before any depth was completed"
    return score_words(score)


def _bound_text(score: Score) -> str:
    if not score.proven:
        return "heuristic" if score.bound is Bound.EXACT else (
            "≥ heuristic" if score.bound is Bound.LOWER else "≤ heuristic")
    return {Bound.EXACT: "exact", Bound.LOWER: "≥ (lower bound)",
            Bound.UPPER: "≤ (upper bound)"}[score.bound]


def score_dict(score: Score) -> dict[str, Any]:
    """A score (MAX's view) for JSON: its kind, number, bound and plies."""
    return {"kind": score.kind.value, "number": json_number(score.number),
            "bound": score.bound.value, "plies": score.plies,
            "plies_at_most": score.plies_at_most}


def json_number(value: Number) -> int | float:
    """Whole numbers as JSON integers, other numbers (fractions too) as floats."""
    if isinstance(value, int):
        return value
    if float(value).is_integer() and abs(float(value)) < 2**53:
        return int(value)
    return float(value)


def _exact_text(value: Number) -> str | None:
    """The exact form of a fraction that JSON can only approximate, e.g. "191/192"."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return format_number(value)
    return None


def result_dict(game: AnyGame, state: Any, result: SearchResult) -> dict[str, Any]:
    """The JSON form of an analysis; values on the game's scale from MAX's point of view."""
    def move_text(move: Any) -> str:
        return game.format_move(state, move)

    score = result.max_score
    moves = []
    for m in result.moves:
        ms = m.max_score
        entry: dict[str, Any] = {"move": move_text(m.move), "value": json_number(ms.number),
                                 "bound": ms.bound.value, "distance": ms.plies,
                                 "kind": ms.kind.value}
        exact_text = _exact_text(ms.number)
        if exact_text is not None:
            entry["value_exact"] = exact_text
        moves.append(entry)
    data: dict[str, Any] = {
        "game": game.name,
        "position": game.format_position(state),
        "to_move": _player_name(result.root_player),
        "algorithm": result.algorithm,
        "value": None if score is None else json_number(score.number),
        "value_view": "MAX (first player)",
        "score": None if score is None else score_dict(score),
        "exact": result.exact,
        "proven": result.proven,
        "distance": result.distance,
        "best_move": None if result.best_move is None else move_text(result.best_move),
        "best_searched": result.best_searched,
        "moves": moves,
        "pv": _pv_text(game, state, result.pv),
        "depth": result.depth,
        "stopped": result.stopped,
        "timed_out": result.timed_out,
        "stats": result.stats.as_dict(),
    }
    if score is not None and _exact_text(score.number) is not None:
        data["value_exact"] = _exact_text(score.number)
    return data


def _player_name(player: int) -> str:
    return {MAX: "MAX", 1: "MIN", CHANCE: "CHANCE"}.get(player, f"player {player + 1}")


def moves_table(game: AnyGame, state: Any, result: SearchResult) -> RenderableType:
    """Every root move with its value (MAX's view) and whether that value is exact or a bound,
    under a heading (a line of its own: a table's title would wrap at the table's width)."""
    table = Table()
    table.add_column("move")
    table.add_column("value", justify="right")
    table.add_column("bound")
    results = game.win_loss and any(m.max_score.result for m in result.moves)
    if results:
        table.add_column("plies to end", justify="right")
    best = set(result.best_moves())
    for m in result.moves:
        score = m.max_score
        marker = " ★" if m.move in best else ""
        row: list[str | Text] = [Text(game.format_move(state, m.move) + marker),
                                 fmt_number(score.number), _bound_text(score)]
        if results:
            plies = "" if score.plies is None else (
                f"≤ {score.plies}" if score.plies_at_most else str(score.plies))
            row.append(plies)
        table.add_row(*row, style="bold" if marker else None)
    return Group(Text("Moves (values from MAX's point of view)", style="italic"), table)


def stats_table(result: SearchResult) -> Table:
    s = result.stats
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="dim")
    table.add_column(justify="right")
    table.add_row("nodes (root included)", f"{s.nodes:,}")
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
        depth = "to the end" if result.depth is None else str(result.depth)
    table.add_row("depth", depth)
    table.add_row("time", f"{s.elapsed:.3f} s")
    table.add_row("nodes per second", f"{s.nodes_per_second:,.0f}")
    return table


def analysis(game: AnyGame, state: Any, result: SearchResult) -> RenderableType:
    """The summary, the moves table and the statistics of one search."""
    lines = Text()
    lines.append(f"{game.name} · {result.algorithm}", style="bold")
    over = game.outcome(state) is not None
    lines.append(f"\nto move: {'nobody: the game is over' if over else _mover(result.root_player)}")
    lines.append("\nvalue:   ")
    value = describe_value(game, result)
    if over and result.max_score is not None and result.max_score.result:
        value = value.split(" in 0 plies")[0] + " (the game is over)"
    lines.append(value, style="bold")
    if result.best_move is not None:
        lines.append("\nbest:    ")
        lines.append(game.format_move(state, result.best_move), style="bold green")
        if not result.best_searched:
            lines.append("  (not searched: the first move by ordering)", style="yellow")
    if result.pv:
        lines.append("\nline:    " + " ".join(_pv_text(game, state, result.pv)))
    if result.stopped is not None:
        cause = ("Ctrl-C stopped the search" if result.stopped == STOP_INTERRUPTED else
                 f"the {STOP_WORDS.get(result.stopped, result.stopped)} ran out")
        if result.score is None:
            note = f"{cause} before any depth was completed: no value is given"
        else:
            note = f"{cause}; the last completed depth ({result.depth}) stands"
        lines.append("\n" + note, style="yellow")
    parts: list[RenderableType] = [lines]
    if result.moves:
        parts.append(moves_table(game, state, result))
    parts.append(stats_table(result))
    return Group(*parts)


def _mover(player: int) -> str:
    if player == CHANCE:
        return "chance (a random outcome)"
    return {MAX: "MAX (first player)", 1: "MIN (second player)"}.get(player, f"player {player + 1}")


def _pv_text(game: AnyGame, state: Any, pv: Sequence[Any]) -> list[str]:
    words, s = [], state
    for move in pv:
        words.append(game.format_move(s, move))
        s = game.play(s, move)
    return words


def search_tree(game: AnyGame, state: Any, trace: TraceNode, truncated: bool = False) -> Tree:
    """The recorded search as a Rich tree: MAX/MIN, window, value; pruned moves marked."""
    def label(node: TraceNode, move: str) -> Text:
        return _node_label(node, move, game.win_loss)

    root = Tree(label(trace, "root"), guide_style="dim")
    stack: list[tuple[TraceNode, Any, Tree]] = [(trace, state, root)]
    while stack:
        node, s, branch = stack.pop()
        for child in node.children:
            child_state = game.play(s, child.move)
            sub = branch.add(label(child, game.format_move(s, child.move)))
            stack.append((child, child_state, sub))
        if node.pruned:
            moves = ", ".join(game.format_move(s, m) for m in node.pruned)
            branch.add(Text(f"✂ pruned: {moves}", style="red"))
    if truncated:
        root.add(Text("… trace limit reached; deeper nodes not recorded", style="yellow"))
    return root


def trace_number(value: Number | None, win_loss: bool) -> str:
    """A number of a recorded search: engine scores of finished win/loss games as +1 / -1 with the
    ply where the game ends (`+1@5`), everything else as it is."""
    if value is None:
        return "?"
    if win_loss and isinstance(value, int) and is_decisive(value):
        return f"{'+1' if value > 0 else '-1'}@{WIN - abs(value)}"
    return fmt_value(value)


def _node_label(node: TraceNode, move: str, win_loss: bool) -> Text:
    text = Text()
    text.append(f"{move} ", style="bold")
    if node.kind == "terminal":
        text.append(f"leaf = {trace_number(node.value, win_loss)}", style="cyan")
        return text
    if node.kind == "eval":
        text.append(f"cut, eval = {trace_number(node.value, win_loss)}", style="magenta")
        return text
    mark = MAX_MARK if node.player == MAX else MIN_MARK
    text.append(mark, style="green" if node.player == MAX else "red")
    if node.alpha is not None:
        text.append(f"  α={trace_number(node.alpha, win_loss)} β={trace_number(node.beta, win_loss)}",
                    style="dim")
    text.append(f"  = {trace_number(node.value, win_loss)}")
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
