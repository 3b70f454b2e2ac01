"""What `minimax analyze` shows for one search: the steps (`--trace`), the searched tree (`--tree`)
and the analysis, in that order, read from one recorded search so that they agree."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from minimax_cli.answer.precedence import DEFAULT_ALGORITHM
from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import _
from minimax_cli.core.result import SearchResult, TraceNode
from minimax_cli.core.score import is_decisive
from minimax_cli.reports.idiom import idiom_of
from minimax_cli.reports.trace import Walk
from minimax_cli.reports.trace_words import engine_units
from minimax_cli.views import result as render
from minimax_cli.views import trace as render_trace
from minimax_cli.views import tree as render_tree


def exact_root_note(result: SearchResult) -> Text | None:
    """The engine searches every root move with the full window, to give each an exact value: a
    student comparing its tree or its node count with alpha-beta's must know it."""
    if result.algorithm != DEFAULT_ALGORITHM or not result.moves:
        return None
    return Text(_("note: the engine gives every root move an exact value: it searches each one "
                  "with the full window (α = -∞, β = +∞), so it prunes less at the root than "
                  "alpha-beta, which only needs the best move's value (--algorithm alphabeta)"),
                style="dim")


def _shows_a_decided_game(trace: TraceNode) -> bool:
    """Whether a drawn node holds an engine number of a finished game (`+1@5`, see shown_number)."""
    stack = [trace]
    while stack:
        node = stack.pop()
        if any(isinstance(n, int) and is_decisive(n) for n in (node.value, node.alpha, node.beta,
                                                                node.low, node.high)):
            return True
        stack.extend(node.children)
    return False


def plies_note(result: SearchResult, engine: bool) -> Text | None:
    """The engine's numbers for a won game, `+1@N`, as the tree draws them: explained."""
    if not engine or result.trace is None or not _shows_a_decided_game(result.trace):
        return None
    return Text(_("+1@N, -1@N: a win for MAX, for MIN, the game ending at ply N counted from the "
                  "root (the engine scores a quicker win higher)"), style="dim")


def views(game: AnyGame, state: Any, result: SearchResult, *, trace: bool, max_steps: int,
          tree: bool, tree_depth: int | None, boards: bool,
          depth_limited: bool) -> list[RenderableType]:
    engine = engine_units(game, result, depth_limited)
    parts: list[RenderableType] = []
    if trace and result.trace is not None:
        walk = Walk(game, state, result.trace, idiom_of(game).letters)
        steps = walk.steps(result.best_move, max_steps)  # the rest is counted, not worded
        parts.append(render_trace.trace_view(steps, max_steps, engine, result.algorithm,
                                             game.explicit_tree, walk.step_count()))
        if result.trace_truncated:
            parts.append(Text(_("… the search recorded its first nodes only: the steps stop "
                                "there"), style="yellow"))
    elif trace and result.simulations:
        parts.append(render_trace.simulation_view(game, state, result.simulations, max_steps))
    elif trace:
        parts.append(Text(_("{algorithm} records no steps to show").format(
            algorithm=result.algorithm), style="yellow"))
    if tree and result.trace is not None:
        parts.append(render_tree.search_tree(game, state, result.trace,
                                             truncated=result.trace_truncated, engine=engine,
                                             pv=result.pv, depth=tree_depth, show_boards=boards))
    for note, shown in ((plies_note(result, engine), tree), (exact_root_note(result), tree or trace)):
        if note is not None and shown:
            parts.append(note)
    parts.append(render.analysis(game, state, result))
    return parts


__all__ = ["exact_root_note", "plies_note", "views"]
