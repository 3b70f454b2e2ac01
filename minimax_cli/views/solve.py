"""Solve reports -> Rich renderables. Pure functions: no printing, no input.

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

from minimax_cli.answer.solving import DEFAULT_ALGORITHM, PLAIN_MINIMAX
from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import _, ngettext, pgettext, text_of
from minimax_cli.core.result import TraceNode
from minimax_cli.core.score import Kind
from minimax_cli.core.search.mate import NAME as MATE
from minimax_cli.core.words import count, grouped
from minimax_cli.reports.model import (
    METHOD_PROOF,
    METHOD_SEARCH,
    METHOD_SERIES,
    METHOD_TREE,
    Report,
)
from minimax_cli.reports.words import signed
from minimax_cli.views import report as render_report
from minimax_cli.views import series as render_series

MAX_MARK = "▲ MAX"  # the course draws MAX as an upward triangle, MIN as a downward one
MIN_MARK = "▼ MIN"
#: Tree labels show the position a move leads to when it is at most this long.
LABEL_POSITION = 24


# --- the answer ----------------------------------------------------------------------------------
def method_name(method: str) -> str:
    """A method's name as shown (JSON keeps `method` as it is): `search`, `proof` and the words of
    the built-in games' solvers translated; a plug-in's own word as it is."""
    names = {METHOD_SEARCH: _("search"), METHOD_PROOF: _("proof"), "table": _("table"),
             "period": _("period"), "theorem": _("theorem")}
    return names.get(method, method)


def _method_words(solved: Report) -> str:
    seconds = _("{seconds:.3f} s").format(seconds=solved.stats["time_s"])
    nodes, positions = solved.count("nodes"), solved.count("positions")
    entries = solved.stats["table_entries"]
    if solved.by_solver:
        return ngettext("{method}: the game's own exact solver, {count} position computed, "
                        "{seconds}",
                        "{method}: the game's own exact solver, {count} positions computed, "
                        "{seconds}", positions).format(
            method=method_name(solved.method), count=grouped(positions), seconds=seconds)
    if solved.method == METHOD_TREE:
        return _("minimax: the whole game tree, {nodes}, {seconds}").format(
            nodes=count(nodes, "node"), seconds=seconds)
    kept = "" if entries is None else ngettext(
        ", {count} entry kept in the table", ", {count} entries kept in the table",
        int(entries)).format(count=grouped(int(entries)))
    if solved.method == METHOD_PROOF:
        text = ngettext("{method}: the proof search, {count} node searched{entries}, "
                        "{seconds}",
                        "{method}: the proof search, {count} nodes searched{entries}, "
                        "{seconds}", nodes)
    elif solved.method != METHOD_SEARCH:  # a game the engine does not serve: max^n, expectiminimax
        return _("{search}: {algorithm} to the end, {nodes}, {seconds}").format(
            search=method_name(METHOD_SEARCH), algorithm=solved.method,
            nodes=count(nodes, "node"), seconds=seconds)
    else:
        text = ngettext("{search}: the engine, {count} node searched{entries}, {seconds}",
                        "{search}: the engine, {count} nodes searched{entries}, {seconds}",
                        nodes)
    return text.format(search=method_name(METHOD_SEARCH), method=method_name(solved.method),
                       count=grouped(nodes), entries=kept, seconds=seconds)


def summary(game: AnyGame, state: Any, rep: Report) -> RenderableType:
    """The position, the value, the moves that achieve it, how it was found and why that is
    sound, then every move."""
    rows: list[tuple[str, Text]] = []
    if not rep.over and rep.to_move != CHANCE:  # chance chooses no move: none is optimal
        optimal, every = len(rep.optimal_moves()), len(rep.moves)
        text = (ngettext("{optimal} of {moves} keeps the game value",
                         "{optimal} of {moves} keep the game value", optimal)
                if rep.stopped is None else  # the others were not proven: see the line below
                ngettext("{optimal} of {moves} proven before the stop keeps the game value",
                         "{optimal} of {moves} proven before the stop keep the game value",
                         optimal))
        rows.append((pgettext("moves", "optimal"), Text(text.format(optimal=optimal,
                                                    moves=count(every, "move")))))
    if rep.first_player_wins is not None:
        rows.append((_("first player"), Text(_("wins with perfect play") if rep.first_player_wins
                                             else _("does not win with perfect play"))))
    rows.append((_("method"), Text(_method_words(rep))))
    for i, sentence in enumerate(rep.explanation):
        rows.append((_("why") if i == 0 else "", Text(text_of(sentence))))
    title = (_("{game} · solved") if rep.stopped is None else
             _("{game} · stopped before the end"))
    return render_report.report_view(game, state, rep, title.format(game=rep.game), rows)


def mate_summary(game: AnyGame, state: Any, rep: Report) -> RenderableType:
    """A solve by the mate prover (chess): what was proven (the mate and its line, or no mate
    within so many moves, or the budget ran out), how, and why that is sound. The generic rows
    would call "no mate within N" a search stopped without a value."""
    proven, *why = rep.explanation
    mover = rep.mover_score
    style = "bold" if mover is None else "bold green" if mover.kind is Kind.WIN else "bold red"
    nodes, seconds = rep.count("nodes"), float(rep.stats["time_s"] or 0.0)
    rows: list[tuple[str, RenderableType]] = [
        render_report.summary_rows(rep)[0],  # who is to move
        (_("proven"), Text(text_of(proven), style=style)),
        (_("method"), Text(_("the mate prover, {nodes}, {seconds:.3f} s, {rate} nodes/s").format(
            nodes=count(nodes, "node"), seconds=seconds,
            rate=grouped(round(nodes / seconds) if seconds > 0 else 0))))]
    rows.extend((_("why"), Text(text_of(sentence))) for sentence in why)
    title = (_("{game} · mate proven") if rep.score is not None else
             _("{game} · no mate proven")).format(game=rep.game)
    return Group(Text(title, style="bold"), render_report.position_view(game, state),
                 render_report.grid(rows))


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
        text.append("  " + _("leaf = {value}").format(value=value), style="cyan")
        return text
    mark = MAX_MARK if node.player == MAX else MIN_MARK
    text.append(f"  {mark}", style="green" if node.player == MAX else "red")
    text.append(f"  = {value}", style="bold" if optimal else "")
    return text


def search_counts(report: Report) -> Table:
    """Plain minimax and the engine side by side on the position whose tree was drawn."""
    table = Table(title=_("The same position searched twice (node counts include the root)"),
                  title_justify="left")
    for name, justify in [(_("algorithm"), "left"), (_("value"), "right"), (_("nodes"), "right"),
                          (_("leaves"), "right"), (_("table hits"), "right"),
                          (_("time"), "right")]:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    labels = {PLAIN_MINIMAX: _("minimax: plain, every node"),
              DEFAULT_ALGORITHM: _("negamax: the engine")}
    for result in report.searches:
        s = result.stats
        table.add_row(labels.get(result.algorithm, result.algorithm), signed(result.value, report.win_loss),
                      grouped(s.nodes), grouped(s.leaves), grouped(s.tt_hits) if s.tt_probes else "-",
                      _("{seconds:.4f} s").format(seconds=s.elapsed))
    table.caption = _("plain minimax visits every node: the game tree from here has {nodes}").format(
        nodes=count(report.searches[0].stats.nodes, "node"))
    table.caption_justify = "left"
    return table


# --- everything together -------------------------------------------------------------------------
def solve_view(game: AnyGame, state: Any, solved: Report) -> RenderableType:
    """The drawn tree and the node counts (with --tree), the answer with every move, the series."""
    parts: list[RenderableType] = []
    if solved.method != METHOD_SERIES:
        trace = solved.searches[0].trace if solved.searches else None
        if trace is not None:
            parts.append(game_tree(game, state, trace))
            parts.append(search_counts(solved))
        parts.append(mate_summary(game, state, solved) if solved.method == MATE
                     else summary(game, state, solved))
    if solved.series is not None:
        parts.append(render_series.series_view(solved))
    return Group(*parts)
