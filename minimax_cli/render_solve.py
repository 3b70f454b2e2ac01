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

from minimax_cli import render_report, render_series, report
from minimax_cli.core.game import CHANCE, MAX, Game
from minimax_cli.core.result import TraceNode
from minimax_cli.core.score import Number, format_number
from minimax_cli.series import SeriesReport
from minimax_cli.solve import METHOD_SEARCH, METHOD_TREE, SolveReport
from minimax_cli.words import count

AnyGame = Game[Any, Any]

MAX_MARK = "▲ MAX"  # the course draws MAX as an upward triangle, MIN as a downward one
MIN_MARK = "▼ MIN"
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
def _method_words(solved: SolveReport) -> str:
    seconds = f"{solved.elapsed:.3f} s"
    if solved.by_solver:
        return (f"{solved.method}: the game's own exact solver, "
                f"{count(solved.positions, 'position')} computed, {seconds}")
    if solved.method == METHOD_TREE:
        return f"minimax: the whole game tree, {count(solved.nodes, 'node')}, {seconds}"
    entries = "" if solved.table_entries is None else \
        f", {count(solved.table_entries, 'entry')} kept in the table"
    if solved.method == "proof":
        return (f"proof: the proof search, {count(solved.nodes, 'position')} searched{entries}, "
                f"{seconds}")
    if solved.method != METHOD_SEARCH:  # a game the engine does not serve: max^n, expectiminimax
        return f"{METHOD_SEARCH}: {solved.method} to the end, {count(solved.nodes, 'node')}, {seconds}"
    return (f"{METHOD_SEARCH}: the engine, {count(solved.nodes, 'position')} searched{entries}, "
            f"{seconds}")


def summary(game: AnyGame, state: Any, solved: SolveReport) -> RenderableType:
    """The position, the value, the moves that achieve it, how it was found and why that is
    sound, then every move."""
    rep = report.from_solve(game, state, solved)
    rows: list[tuple[str, Text]] = []
    if not rep.over and rep.to_move != CHANCE:  # chance chooses no move: none is optimal
        optimal, every = len(rep.optimal_moves()), len(rep.moves)
        verb = "keeps" if optimal == 1 else "keep"
        rows.append(("optimal", Text(f"{optimal} of {count(every, 'move')} {verb} the game value")))
    if rep.first_player_wins is not None:
        rows.append(("first player", Text("wins with perfect play" if rep.first_player_wins
                                          else "does not win with perfect play")))
    rows.append(("method", Text(_method_words(solved))))
    for i, sentence in enumerate(solved.explanation):
        rows.append(("why" if i == 0 else "", Text(sentence)))
    return render_report.report_view(game, state, rep, f"{solved.game} · solved", rows)


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
def solve_view(game: AnyGame, state: Any, solved: SolveReport | None,
               series: SeriesReport | None = None) -> RenderableType:
    """The drawn tree and the node counts (with --tree), the answer with every move, the series."""
    parts: list[RenderableType] = []
    if solved is not None:
        trace = solved.searches[0].trace if solved.searches else None
        if trace is not None:
            parts.append(game_tree(game, state, trace))
            parts.append(search_counts(solved))
        parts.append(summary(game, state, solved))
    if series is not None:
        parts.append(render_series.series_view(series))
    return Group(*parts)


def solve_dict(game: AnyGame, state: Any | None, solved: SolveReport | None,
               series: SeriesReport | None = None) -> dict[str, Any]:
    """The JSON form of any solve: the one report schema (see `report.report_dict`), plus `series`
    with --upto. Without a position (`solve GAME --upto N`), only the header keys and `series`."""
    data = (report.header_dict("solve", game) if solved is None
            else report.report_dict(report.from_solve(game, state, solved)))
    if series is not None:
        data["series"] = render_series.series_dict(series)
    return data
