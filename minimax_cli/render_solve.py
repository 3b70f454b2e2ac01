"""Solve reports -> Rich renderables and JSON-ready dicts. Pure functions: no printing, no input.

Game-agnostic: a position, its moves and a drawn tree are written with the game's own notation.
Values are from MAX's (the first player's) point of view, and said so; the outcomes of a family
of positions (`--upto`) are for the player to move. Text that comes from a game (positions, moves,
explanations) reaches Rich as `Text`, never as markup.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from minimax_cli import render, render_series
from minimax_cli.core.game import MAX, Game
from minimax_cli.core.result import SearchResult, TraceNode
from minimax_cli.core.score import Number, PovScore, format_number
from minimax_cli.solve import METHOD_SEARCH, METHOD_TREE, SolveReport

AnyGame = Game[Any, Any]

PLAYERS = ("MAX (first player)", "MIN (second player)")
MAX_MARK = "▲ MAX"  # the course draws MAX as an upward triangle, MIN as a downward one
MIN_MARK = "▼ MIN"
#: The moves table shows at most this many rows (the JSON has them all).
MOVE_ROWS = 60
#: `--upto` tables show at most this many rows (the JSON has them all).
DISPLAY_ROWS = 400
#: Rows per block of the outcome table; longer tables are laid out in blocks side by side.
BLOCK_ROWS = 25
MAX_BLOCKS = 4
#: Tree labels show the position a move leads to when it is at most this long.
LABEL_POSITION = 24


def signed(value: Number | None, win_loss: bool = True) -> str:
    """+1 / 0 / -1 as the course writes results; the numbers of other games as people write them."""
    if value is None:
        return "?"
    text = format_number(value)
    return f"+{text}" if win_loss and value > 0 else text


def _count(number: int, word: str) -> str:
    return f"{number:,} {word}{'' if number == 1 else 's'}"


def _plies(plies: int | None) -> str:
    return "" if plies is None else f" in {plies} {'ply' if plies == 1 else 'plies'}"


# --- the answer ----------------------------------------------------------------------------------
def value_words(report: SolveReport) -> str:
    """The value from MAX's point of view, in words, with the distance when known."""
    value = report.value
    if not report.win_loss:
        over = "the game is over; " if report.terminal else ""
        return f"{over}{format_number(value)} (from MAX's, the first player's, point of view)"
    if report.terminal:
        return {1: "+1: the game is over, the first player (MAX) has won",
                -1: "-1: the game is over, the second player (MIN) has won"
                }.get(int(value), "0: the game is over, a draw")
    if value > 0:
        return f"+1: the first player (MAX) wins{_plies(report.distance)}"
    if value < 0:
        return f"-1: the second player (MIN) wins{_plies(report.distance)}"
    return "0: draw"


def mover_words(report: SolveReport) -> Text:
    """The result for the player to move, in words (win/loss games)."""
    mover = "MAX" if report.to_move == MAX else "MIN"
    number = report.mover_sign * report.value
    if number == 0:
        return Text("a draw with perfect play: neither player can force a win", style="bold")
    verdict = "wins" if number > 0 else "loses"
    style = "bold green" if number > 0 else "bold red"
    return Text(f"the player to move ({mover}) {verdict} with perfect play", style=style)


def _moves_words(report: SolveReport) -> tuple[str, Text]:
    if report.terminal:
        return "moves", Text("none: the game is over")
    every = len(report.moves)
    winning = report.winning_moves()
    if report.win_loss and report.mover_sign * report.value < 0:
        return "winning", Text(f"none: every move loses ({_count(every, 'move')})", style="red")
    shown = winning or report.optimal_moves()
    label = "winning" if winning else "optimal"
    text = Text(" ".join(m.text for m in shown[:MOVE_ROWS]), style="bold green")
    if len(shown) > MOVE_ROWS:
        text.append(f" … and {len(shown) - MOVE_ROWS:,} more", style="dim")
    text.append(f"  ({len(shown)} of {every} moves)")
    return label, text


def _method_words(report: SolveReport) -> str:
    seconds = f"{report.elapsed:.3f} s"
    if report.by_solver:
        return (f"{report.method}: the game's own exact solver, "
                f"{_count(report.positions, 'position')} computed, {seconds}")
    if report.method == METHOD_TREE:
        return f"minimax: the whole game tree, {_count(report.nodes, 'node')}, {seconds}"
    entries = "" if report.table_entries is None else \
        f", {report.table_entries:,} kept in the table"
    return (f"{METHOD_SEARCH}: the engine, {_count(report.nodes, 'position')} searched{entries}, "
            f"{seconds}")


def summary(report: SolveReport) -> RenderableType:
    """The value, the moves that achieve it, how it was found and why that is sound."""
    rows: list[tuple[str, Text]] = [
        ("position", Text(report.position)),
        ("to move", Text(PLAYERS[report.to_move] if report.to_move in (0, 1)
                         else str(report.to_move))),
    ]
    if report.win_loss and not report.terminal:
        rows.append(("result", mover_words(report)))
    rows.append(("value", Text(value_words(report), style="bold")))
    rows.append(_moves_words(report))
    rows.append(("method", Text(_method_words(report))))
    for i, sentence in enumerate(report.explanation):
        rows.append(("why" if i == 0 else "", Text(sentence)))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    for label, value in rows:
        grid.add_row(label, value)
    return Group(Text(f"{report.game} · solved (values are from MAX's point of view)",
                      style="bold"), grid)


def moves_table(report: SolveReport) -> Table:
    """Every legal move with its proven value (MAX's view) and what it means for the mover."""
    table = Table(title="Every move, solved", title_justify="left")
    table.add_column("move")
    table.add_column("value (MAX)", justify="right")
    if report.win_loss:
        table.add_column("for the player to move")
    for m in report.moves[:MOVE_ROWS]:
        row = [Text(m.text + (" ★" if m.optimal else "")), Text(signed(m.value, report.win_loss))]
        if report.win_loss:
            row.append(Text(str(PovScore(m.score, MAX).seen_by(report.to_move))))
        table.add_row(*row, style="bold" if m.optimal else None)
    if len(report.moves) > MOVE_ROWS:
        table.caption = f"… {len(report.moves) - MOVE_ROWS:,} more moves; --json lists them all"
        table.caption_justify = "left"
    return table


# --- the drawn tree ------------------------------------------------------------------------------
def game_tree(game: AnyGame, state: Any, trace: TraceNode) -> Tree:
    """The whole game tree as plain minimax searched it: each move with the position it leads to
    (when short), MAX ▲ / MIN ▼ and the backed-up value (MAX's view) at inner nodes, the value at
    the leaves; moves as good as the best one in bold."""
    root = Tree(_tree_label(game, state, trace, None, True), guide_style="dim")
    stack: list[tuple[TraceNode, Any, Tree]] = [(trace, state, root)]
    while stack:
        node, s, branch = stack.pop()
        for child in node.children:
            after = game.play(s, child.move)
            sub = branch.add(_tree_label(game, after, child, game.format_move(s, child.move),
                                         child.value == node.value))
            stack.append((child, after, sub))
    return root


def _tree_label(game: AnyGame, state: Any, node: TraceNode, move: str | None,
                optimal: bool) -> Text:
    position = game.format_position(state)
    text = Text()
    if move is None:
        cut = position if len(position) <= 2 * LABEL_POSITION else \
            position[:2 * LABEL_POSITION - 1] + "…"
        text.append(cut, style="bold")
    else:
        text.append(move, style="bold" if optimal else "")
        if len(position) <= LABEL_POSITION:  # longer ones would bury the tree's shape
            text.append(f" → {position}", style="dim")
    value = signed(node.value, game.win_loss)
    if node.kind == "terminal":
        text.append(f"  leaf = {value}", style="cyan")
        return text
    mark = MAX_MARK if node.player == MAX else MIN_MARK
    text.append(f"  {mark}", style="green" if node.player == MAX else "red")
    text.append(f"  = {value}", style="bold" if optimal else "")
    return text


def search_counts(report: SolveReport) -> Table:
    """Plain minimax and the engine side by side on the position whose tree was drawn."""
    table = Table(title="The same position searched twice (node counts include the root)",
                  title_justify="left")
    for name, justify in [("algorithm", "left"), ("value", "right"), ("nodes", "right"),
                          ("leaves", "right"), ("table hits", "right"), ("time", "right")]:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    labels = {"minimax": "minimax: plain, every node", "negamax": "negamax: the engine"}
    for result in report.searches:
        s = result.stats
        table.add_row(labels.get(result.algorithm, result.algorithm), signed(result.value, report.win_loss),
                      f"{s.nodes:,}", f"{s.leaves:,}", f"{s.tt_hits:,}" if s.tt_probes else "-",
                      f"{s.elapsed:.4f} s")
    table.caption = (f"plain minimax visits every node: the game tree from here has "
                     f"{_count(report.searches[0].stats.nodes, 'node')}")
    table.caption_justify = "left"
    return table


# --- everything together -------------------------------------------------------------------------
def solve_view(game: AnyGame, state: Any, report: SolveReport) -> RenderableType:
    """The drawn tree and the node counts (with --tree), the answer, every move, the series."""
    parts: list[RenderableType] = []
    trace = report.searches[0].trace if report.searches else None
    if trace is not None:
        parts.append(game_tree(game, state, trace))
        parts.append(search_counts(report))
    parts.append(summary(report))
    if report.moves:
        parts.append(moves_table(report))
    if report.series is not None:
        parts.append(render_series.series_view(report.series))
    return Group(*parts)


def _search_dict(result: SearchResult) -> dict[str, Any]:
    return {"algorithm": result.algorithm, "value": None if result.value is None
            else render.json_number(result.value), **result.stats.as_dict()}


def solve_dict(report: SolveReport) -> dict[str, Any]:
    """The JSON form of any solve, one schema for every game; values from MAX's point of view.
    Game-specific figures live in `facts` (and `series` with --upto)."""
    data: dict[str, Any] = {
        "game": report.game,
        "position": report.position,
        "to_move": "MAX" if report.to_move == MAX else "MIN",
        "value": render.json_number(report.value),
        "result": value_words(report),
        "score": render.score_dict(report.score),
        "distance": report.distance,
        "optimal_moves": [m.text for m in report.optimal_moves()],
        "winning_moves": [m.text for m in report.winning_moves()],
        "moves": [{"move": m.text, "value": render.json_number(m.value), "distance": m.distance,
                   "optimal": m.optimal} for m in report.moves],
        "method": report.method,
        "explanation": list(report.explanation),
        "facts": None if report.facts is None else dict(report.facts),
        "stats": {
            "nodes": report.nodes,
            "positions": report.positions,
            "table_entries": report.table_entries,
            "time_s": round(report.elapsed, 6),
            "searches": [_search_dict(r) for r in report.searches],
        },
    }
    if report.series is not None:
        data["series"] = render_series.series_dict(report.series)
    return data
