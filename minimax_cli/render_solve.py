"""Solve reports -> Rich renderables and JSON-ready dicts. Pure functions: no printing, no input.

Values are shown from MAX's (the first player's) point of view, and said so; bones outcomes in the
table are for the player to move (the game is impartial, so they do not depend on who that is).
"""

from __future__ import annotations

import math
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from minimax_cli import render
from minimax_cli.core.game import MAX, Game
from minimax_cli.core.periodic import Period
from minimax_cli.core.result import TraceNode
from minimax_cli.solve import (
    TABLE_MAX_N,
    BonesReport,
    GameReport,
    OutcomeTable,
    TreeSearch,
)

AnyGame = Game[Any, Any]

PLAYERS = ("MAX (first player)", "MIN (second player)")
#: `--upto` tables show at most this many rows (the JSON has them all).
DISPLAY_ROWS = 400
#: Rows per block of the outcome table; longer tables are laid out in blocks side by side.
BLOCK_ROWS = 25
MAX_BLOCKS = 4


def signed(value: float) -> str:
    """+1 / 0 / -1 as the course writes them (other numbers as `render.fmt_value` does)."""
    text = render.fmt_value(value)
    return f"+{text}" if value > 0 and not math.isinf(value) else text


def _rules(take: tuple[int, ...], misere: bool) -> str:
    play = "misère play (who cannot move wins)" if misere else "normal play (who cannot move loses)"
    return f"take {', '.join(map(str, take))} · {play}"


def _count(number: int, word: str) -> str:
    return f"{number:,} {word}{'' if number == 1 else 's'}"


def _summary(title: str, rows: list[tuple[str, str | Text]]) -> RenderableType:
    """A bold title over label/value rows; long values wrap under their own column."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    for label, value in rows:
        grid.add_row(label, value)
    return Group(Text(title, style="bold"), grid)


# --- bones ---------------------------------------------------------------------------------------
def bones_report(report: BonesReport) -> RenderableType:
    """The answer for one heap: who wins, every winning move, the value, and the method used; for a
    searched heap the whole game tree first and the node counts of minimax and the engine last."""
    mover = PLAYERS[report.to_move]
    verdict = "wins" if report.mover_wins else "loses"
    who = "the first player (MAX) wins" if report.first_player_wins else \
        "the first player (MAX) loses"
    rows: list[tuple[str, str | Text]] = [
        ("to move", mover),
        ("result", Text(f"the player to move ({mover.split()[0]}) {verdict} with perfect play",
                        style="bold green" if report.mover_wins else "bold red")),
        ("value", f"{signed(report.value)}: {who} (values are from MAX's point of view)"),
        ("winning", _winning_text(report)),
        ("method", _method_text(report)),
    ]
    if report.period is not None:
        rows.append(("why sound", period_explanation(report, report.period)))
    parts: list[RenderableType] = []
    if report.tree is not None:
        parts.append(bones_tree(report))
    parts.append(_summary(f"bones · n = {report.n:,} · {_rules(report.take, report.misere)}",
                          rows))
    if report.tree is not None:
        parts.append(search_counts(report.tree))
    return Group(*parts)


def _winning_text(report: BonesReport) -> Text:
    text = Text()
    if report.terminal:
        left = "no bones left" if report.take[0] == 1 else f"fewer than {report.take[0]} bones left"
        text.append(f"none: no move is possible ({left}), so the player to move "
                    f"{'wins (misère)' if report.misere else 'loses'}")
        return text
    if not report.winning_moves:
        text.append("none: every move loses", style="red")
        return text
    for i, amount in enumerate(report.winning_moves):
        if i:
            text.append(", ")
        text.append(f"take {amount}", style="bold green")
        text.append(f" (leaves {report.n - amount:,})")
    several = len(report.winning_moves) > 1
    text.append(f"; {'each' if several else 'it'} leaves the opponent a lost heap")
    return text


def _method_text(report: BonesReport) -> str:
    seconds = f"{report.elapsed:.3f} s"
    if report.method == "search":
        return (f"search: the whole game tree was searched ({_count(report.positions, 'node')} "
                f"by plain minimax) in {seconds}")
    if report.method == "table":
        return (f"table: heaps 0..{report.n:,} solved bottom-up, without recursion "
                f"({report.positions:,} positions) in {seconds}")
    return (f"period: n is above {TABLE_MAX_N:,}, the largest heap solved bottom-up, so the answer "
            f"was read off the proven period of the outcome sequence ({report.positions:,} heaps "
            f"solved) in {seconds}")


def period_explanation(report: BonesReport, period: Period) -> str:
    """Why reading heap n off the period is sound, with the numbers of this game."""
    s = report.take[-1]
    a, b = period.preperiod, period.preperiod + period.period
    n, p = report.n, period.period
    heaps = "heap" if s == 1 else f"{s} heaps"
    if n < a:
        where = f"Heap {n:,} lies before the period, and its outcome was computed directly."
    elif a == 0:
        where = f"So heap {n:,} has the outcome of heap {n:,} mod {p} = {n % p}."
    else:
        where = (f"So heap {n:,} has the outcome of heap {a} + (n - {a}) mod {p} = "
                 f"{a + (n - a) % p}.")
    return (
        f"With a finite set of takes the outcome of a heap depends only on the outcomes of the "
        f"{heaps} before it (the largest take is {s}), so once a window of {s} consecutive "
        f"outcome{'s' * (s != 1)} repeats, the whole sequence repeats from there for ever. Solving "
        f"heaps 0..{period.checked_upto - 1} showed the window at heaps {b}..{b + s - 1} equal to "
        f"the one at heaps {a}..{a + s - 1}: period {p} from n = {a} (preperiod {a}), proven, not "
        f"just observed. {where} Each move's remaining heap is read off the same way."
    )


def bones_tree(report: BonesReport) -> Tree:
    """The full game tree of a searched heap: leaves +1 / -1 (MAX's view), each inner node with
    the player to move and its backed-up value; moves as good as the best one in bold."""
    assert report.tree is not None and report.tree.minimax.trace is not None
    trace = report.tree.minimax.trace
    root = Tree(_bones_label(trace, None, report.n, optimal=True), guide_style="dim")
    stack: list[tuple[TraceNode, int, Tree]] = [(trace, report.n, root)]
    while stack:
        node, heap, branch = stack.pop()
        for child in node.children:
            amount = int(child.move)  # type: ignore[call-overload]  # bones moves are ints
            optimal = child.value == node.value
            sub = branch.add(_bones_label(child, amount, heap - amount, optimal))
            stack.append((child, heap - amount, sub))
    if report.tree.minimax.trace_truncated:
        root.add(Text("… trace limit reached; deeper nodes not recorded", style="yellow"))
    return root


def _bones_label(node: TraceNode, amount: int | None, left: int, optimal: bool) -> Text:
    text = Text()
    if amount is None:
        text.append(f"{left} bones", style="bold")
    else:
        text.append(f"take {amount} → {left} left", style="bold" if optimal else "")
    value = "?" if node.value is None else signed(node.value)
    if node.kind == "terminal":
        mover = "MAX" if node.player == MAX else "MIN"
        text.append(f"  {mover} cannot move: leaf = {value}", style="cyan")
        return text
    if node.player == MAX:
        text.append(f"  {render.MAX_MARK}", style="green")
    else:
        text.append(f"  {render.MIN_MARK}", style="red")
    text.append(f"  = {value}", style="bold" if optimal else "")
    return text


def search_counts(tree: TreeSearch) -> Table:
    """Plain minimax and the memoised engine side by side on the same heap."""
    table = Table(title="The same heap searched twice (node counts include the root)",
                  title_justify="left")
    for name, justify in [("algorithm", "left"), ("value", "right"), ("nodes", "right"),
                          ("leaves", "right"), ("table hits", "right"), ("time", "right")]:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    rows = [("minimax: plain, every node", tree.minimax),
            ("negamax: the engine, memoised", tree.negamax)]
    for label, result in rows:
        s = result.stats
        table.add_row(label, signed(result.value), f"{s.nodes:,}", f"{s.leaves:,}",
                      f"{s.tt_hits:,}" if s.tt_probes else "-", f"{s.elapsed:.4f} s")
    table.caption = f"the full game tree has {_count(tree.tree_size, 'node')}"
    table.caption_justify = "left"
    return table


def outcomes_view(outcomes: OutcomeTable) -> RenderableType:
    """The outcome of every heap 0..upto (W: the player to move wins, L: loses) with the winning
    moves, then the pattern observed in them and the proven period."""
    rows = outcomes.rows[:DISPLAY_ROWS]
    blocks = min(MAX_BLOCKS, max(1, math.ceil(len(rows) / BLOCK_ROWS)))
    per_block = math.ceil(len(rows) / blocks)
    heading = Text(f"Outcomes for the player to move, n = 0..{outcomes.upto:,}", style="bold")
    heading.append(f" ({_rules(outcomes.take, outcomes.misere)}; W wins, L loses)", style="dim")
    table = Table()
    for _ in range(blocks):
        table.add_column("n", justify="right")
        table.add_column("", justify="center")
        table.add_column("winning moves")
    for r in range(per_block):
        cells: list[Text | str] = []
        for b in range(blocks):
            index = b * per_block + r
            if index >= len(rows):
                cells += ["", "", ""]
                continue
            row = rows[index]
            cells.append(f"{row.n:,}")
            cells.append(Text("W", style="green") if row.mover_wins else Text("L", style="bold red"))
            no_move = row.n < outcomes.take[0]
            cells.append("no move" if no_move else ", ".join(map(str, row.winning_moves)) or "-")
        table.add_row(*cells)
    parts: list[RenderableType] = [heading, table]
    if len(outcomes.rows) > DISPLAY_ROWS:
        parts.append(Text(f"… rows {DISPLAY_ROWS:,}..{outcomes.upto:,} not shown; --json lists "
                          "them all", style="dim"))
    notes: list[tuple[str, str | Text]] = []
    if outcomes.pattern is None:
        notes.append(("pattern", f"no period seen in 0..{outcomes.upto:,} (a block must repeat 3 "
                      "times to be believed); try a larger --upto"))
    else:
        notes.append(("pattern", Text(outcomes.pattern.sentence, style="bold")))
        notes.append(("", Text("found in the outcomes computed above, not assumed", style="dim")))
    if outcomes.proven is not None:
        p = outcomes.proven
        notes.append(("proof", f"period {p.period} from n = {p.preperiod}, proven by solving heaps "
                      f"0..{p.checked_upto - 1} (a window of {outcomes.take[-1]} outcomes "
                      "repeated; see `solve bones` above 10,000,000)"))
        pattern = outcomes.pattern
        if pattern is not None and (pattern.preperiod, pattern.period) != (p.preperiod, p.period):
            notes.append(("note", Text(f"0..{outcomes.upto:,} is too short to tell the proven "
                                       "period from what these outcomes show; try a larger "
                                       "--upto", style="yellow")))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    for label, value in notes:
        grid.add_row(label, value)
    parts.append(grid)
    return Group(*parts)


def bones_dict(report: BonesReport, outcomes: OutcomeTable | None = None) -> dict[str, Any]:
    """The JSON form of a bones solve; `value` is +1 / -1 from MAX's (the first player's) view."""
    stats: dict[str, Any] = {"positions": report.positions, "time_s": round(report.elapsed, 6)}
    if report.tree is not None:
        stats["nodes"] = report.tree.minimax.stats.nodes
        stats["tree_size"] = report.tree.tree_size
        stats["minimax"] = report.tree.minimax.stats.as_dict()
        stats["negamax"] = report.tree.negamax.stats.as_dict()
    if report.period is not None:
        stats["preperiod"] = report.period.preperiod
        stats["period"] = report.period.period
        stats["checked_upto"] = report.period.checked_upto
        stats["proven"] = report.period.proven
    data: dict[str, Any] = {
        "game": "bones",
        "n": report.n,
        "take": list(report.take),
        "misere": report.misere,
        "to_move": "MAX" if report.to_move == MAX else "MIN",
        "first_player_wins": report.first_player_wins,
        "mover_wins": report.mover_wins,
        "winning_moves": list(report.winning_moves),
        "value": report.value,
        "value_view": "MAX (first player)",
        "method": report.method,
        "stats": stats,
    }
    if report.period is not None:
        data["explanation"] = period_explanation(report, report.period)
    if outcomes is not None:
        data["outcomes"] = [
            {"n": row.n, "outcome": "W" if row.mover_wins else "L",
             "winning_moves": list(row.winning_moves)}
            for row in outcomes.rows
        ]
        pattern = outcomes.pattern
        data["pattern"] = None if pattern is None else {
            "text": pattern.sentence,
            "preperiod": pattern.preperiod,
            "period": pattern.period,
            "losing_residues": list(pattern.losing_residues),
            "early_losses": list(pattern.early_losses),
            "checked_upto": pattern.checked_upto,
            "proven": False,
        }
        proven = outcomes.proven
        data["proven_period"] = None if proven is None else {
            "preperiod": proven.preperiod, "period": proven.period,
            "checked_upto": proven.checked_upto,
        }
    return data


# --- any game ------------------------------------------------------------------------------------
def value_words(report: GameReport) -> str:
    """The value from MAX's point of view, in words, with the distance when known."""
    if not report.win_loss:
        return f"{render.fmt_value(report.value)} (from MAX's, the first player's, point of view)"
    if report.terminal:
        words = {1: "+1: the game is over, the first player (MAX) has won",
                 -1: "-1: the game is over, the second player (MIN) has won"}
        return words.get(int(report.value), "0: the game is over, a draw")
    distance = report.distance
    plies = "" if distance is None else f" in {distance} {'ply' if distance == 1 else 'plies'}"
    if report.value > 0:
        return f"+1: the first player (MAX) wins{plies}"
    if report.value < 0:
        return f"-1: the second player (MIN) wins{plies}"
    return "0: draw"


def game_report(game: AnyGame, state: Any, report: GameReport) -> RenderableType:
    """Value, optimal moves, each root move's exact value and the work done."""
    parts: list[RenderableType] = []
    if report.tree is not None and report.tree.trace is not None:
        parts.append(render.search_tree(game, state, report.tree.trace,
                                        report.tree.trace_truncated))
    rows: list[tuple[str, str | Text]] = [
        ("position", report.position),
        ("to move", PLAYERS[report.to_move]),
        ("value", Text(value_words(report), style="bold")),
    ]
    if report.terminal:
        rows.append(("moves", "none: the game is over"))
    else:
        optimal = report.optimal_moves()
        label = "winning" if report.winning_moves() else "optimal"
        rows.append((label, Text(f"{' '.join(m.text for m in optimal)}  ({len(optimal)} of "
                                 f"{len(report.moves)} moves)", style="bold green")))
    rows.append(("examined", f"{_count(report.nodes, 'position')} searched, "
                 f"{report.table_entries:,} kept in the table, {report.elapsed:.3f} s"))
    parts.append(_summary(f"{report.game} · solved", rows))
    if report.moves:
        parts.append(_moves_table(report))
    return Group(*parts)


def _moves_table(report: GameReport) -> Table:
    table = Table(title="Every move, solved", title_justify="left")
    table.add_column("move")
    table.add_column("value (MAX)", justify="right")
    if report.win_loss:
        table.add_column("plies to end", justify="right")
    table.add_column("positions", justify="right")
    for m in report.moves:
        value = signed(m.value) if report.win_loss else render.fmt_value(m.value)
        row = [m.text + (" ★" if m.optimal else ""), value]
        if report.win_loss:
            row.append("" if m.distance is None else str(m.distance))
        row.append(f"{m.nodes:,}")
        table.add_row(*row, style="bold" if m.optimal else None)
    return table


def game_dict(report: GameReport) -> dict[str, Any]:
    """The JSON form of a solve of any game; values from MAX's (the first player's) view."""
    def number(value: float) -> float | int:
        return int(value) if float(value).is_integer() else value

    return {
        "game": report.game,
        "position": report.position,
        "to_move": "MAX" if report.to_move == MAX else "MIN",
        "value": number(report.value),
        "value_view": "MAX (first player)",
        "result": value_words(report),
        "distance": report.distance,
        "optimal_moves": [m.text for m in report.optimal_moves()],
        "winning_moves": [m.text for m in report.winning_moves()],
        "moves": [
            {"move": m.text, "value": number(m.value), "distance": m.distance,
             "optimal": m.optimal, "positions": m.nodes}
            for m in report.moves
        ],
        "method": "search",
        "stats": {"nodes": report.nodes, "table_entries": report.table_entries,
                  "time_s": round(report.elapsed, 6)},
    }
