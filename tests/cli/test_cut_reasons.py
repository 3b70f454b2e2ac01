"""What the trace, the tree and the report say of a search must be true (issue 34, items 11, 12).

The engine (negamax) also cuts at a win on the very next move, which no result betters, whatever
its window: its trace said such a cut was the window's (`≤ a win for MIN ≤ α = -∞`), which is
false. Every cut a trace states must hold: a window's cut has the node's bound beyond the window,
a win-at-once cut has a node whose player to move wins with its next move. Alpha-beta with the
game's own +1 / 0 / -1 knows who wins, not how soon: its report says so once, and names its move
as one that keeps the value, never as the best."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from minimax_cli import registry
from minimax_cli.cli.app import app
from minimax_cli.cli.base import read_position
from minimax_cli.core.result import Limits
from minimax_cli.core.score import WIN
from minimax_cli.core.search import search
from minimax_cli.reports import SCHEMA_FILE
from minimax_cli.reports.json_form import step_dicts
from minimax_cli.reports.trace import Walk
from minimax_cli.reports.trace_words import engine_units

runner = CliRunner()
VALIDATOR = Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))
ENV = {"COLUMNS": "200", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "",
       "LC_MESSAGES": ""}
#: O (MIN) to move wins at once with 8; the engine's trace of it cut at wins on the next move.
POSITION = "XOX/.O./X.."
INF = float("inf")


def run(*args: str) -> str:
    result = runner.invoke(app, list(args), env=ENV)
    assert result.exit_code == 0, result.output
    return result.stdout


def number(value: Any) -> float:
    """A JSON event's number, its infinities as floats."""
    if isinstance(value, str):
        return {"+inf": INF, "-inf": -INF}[value]
    return float(value)


def events(game_name: str, position: str | None, algorithm: str) -> tuple[Any, Any, list[Any]]:
    game, state = read_position(registry.create(game_name, {}), position)
    result = search(game, state, algorithm, Limits(), trace=True, trace_limit=20_000)
    assert result.trace is not None
    steps = Walk(game, state, result.trace).steps(result.best_move)
    return game, result, step_dicts(steps, len(steps), engine_units(game, result, False),
                                    game.explicit_tree)


# --- item 11: the engine's cuts ------------------------------------------------------------------
def test_the_engines_trace_never_says_a_win_is_below_minus_infinity() -> None:
    out = run("analyze", "tictactoe", POSITION, "--trace")
    flat = " ".join(out.split())
    assert "≤ α = -∞" not in flat and "≥ β = +∞" not in flat
    assert ("position 4 6 = a win for MIN: MIN wins with its very next move, which no result "
            "betters (the engine's cut, not α and β's): the rest of position 4 6 is pruned, never "
            "looked at: 4 6 9") in flat
    assert ("position 9 = a win for MAX: MAX wins with its very next move, which no result "
            "betters (the engine's cut, not α and β's): the rest of position 9 is pruned") in flat
    # A window's cut stays the window's: 4 9's first leaf reaches α, which 4 8 set.
    assert ("position 4 9 ≤ a win for MIN ≤ α = a win for MIN: the rest of position 4 9 is "
            "pruned") in flat


def test_the_engines_tree_says_why_it_pruned_where_the_window_does_not() -> None:
    out = run("analyze", "tictactoe", POSITION, "--tree")
    flat = " ".join(out.split())
    assert ("4 6 ▼ MIN α=-∞ β=+∞ = -1@3 │ │ ├── 4 6 8 leaf = -1@3 │ │ └── ✂ pruned, never searched: "
            "4 6 9 (MIN wins with its very next move, which no result betters)") in flat
    assert "✂ pruned, never searched: 4 9 8 ├──" in flat  # the window's cut: nothing added


def test_the_engines_cuts_in_spanish() -> None:
    out = run("analyze", "tictactoe", POSITION, "--trace", "--tree", "--lang", "es")
    flat = " ".join(out.split())
    assert ("la posición 4 6 = una victoria de MIN: MIN gana con su siguiente jugada, que ningún "
            "resultado mejora (un corte del motor, no de α y β): se poda el resto de la posición "
            "4 6, sin examinar: 4 6 9") in flat
    assert ("✂ podado, nunca buscado: 4 6 9 (MIN gana con su siguiente jugada, que ningún "
            "resultado mejora)") in flat


def test_the_json_events_name_each_cuts_reason() -> None:
    data = json.loads(run("analyze", "tictactoe", POSITION, "--trace", "--json"))
    VALIDATOR.validate(data)
    cuts = {e["node"]: e["cut"] for e in data["trace"] if e["kind"] == "cut"}
    assert cuts == {"4 6": "win_at_once", "4 9": "window", "9": "win_at_once",
                    "6": "win_at_once"}
    assert all(e["cut"] is None for e in data["trace"] if e["kind"] != "cut")
    textbook = json.loads(run("analyze", "tictactoe", POSITION, "--trace", "--json",
                              "-a", "alphabeta"))
    VALIDATOR.validate(textbook)
    assert {e["cut"] for e in textbook["trace"] if e["kind"] == "cut"} == {"window"}


def test_alpha_beta_keeps_its_window_cuts() -> None:
    out = run("analyze", "tictactoe", POSITION, "--trace", "-a", "alphabeta")
    flat = " ".join(out.split())
    assert "position 4 8 ≤ -1 ≤ α = -1: the rest of position 4 8 is pruned" in flat
    assert "position 6 ≥ 1 ≥ β = -1: the rest of position 6 is pruned" in flat
    assert "very next move" not in flat


def _positions(count: int, seed: int) -> list[str]:
    """Tic-tac-toe positions reached by random play from the empty board (none over)."""
    game = registry.create("tictactoe", {})
    chooser = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        state = game.initial_state()
        for _ply in range(chooser.randrange(0, 7)):
            if game.outcome(state) is not None:
                break
            state = game.play(state, chooser.choice(list(game.legal_moves(state))))
        if game.outcome(state) is None:
            found.append(game.format_position(state))
    return found


@pytest.mark.parametrize("algorithm", ["negamax", "alphabeta", "alphabeta-ordered"])
def test_every_cut_a_trace_states_holds(algorithm: str) -> None:
    """A window's cut: the node's bound at the cut is beyond its window (MAX: low ≥ β, MIN:
    high ≤ α). A win at once: the node is exact and its player wins at the next ply."""
    stated = 0
    for position in [None, *_positions(12, seed=34)]:
        _game, _result, found = events("tictactoe", position, algorithm)
        for event in found:
            if event["kind"] != "cut":
                continue
            stated += 1
            low, high = number(event["low"]), number(event["high"])
            alpha, beta = number(event["alpha"]), number(event["beta"])
            if event["cut"] == "window":
                assert (low >= beta) if event["player"] == "MAX" else (high <= alpha), event
            else:
                assert event["cut"] == "win_at_once" and algorithm == "negamax"
                assert low == high
                ply = event["node"].count(" ") + 1 if event["node"] != "root" else 0
                won = WIN - (ply + 1)
                assert low == (won if event["player"] == "MAX" else -won), event
    assert stated > 20


# --- item 12: alpha-beta knows who wins, not how soon --------------------------------------------
def _row(out: str, label: str) -> str:
    """A labelled line of the report, its wrapped continuation joined."""
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{label} "))
    row = [lines[at][len(label):].strip()]
    for line in lines[at + 1:]:
        if not line.startswith(" " * (len(label) + 1)) or not line.strip():
            break
        row.append(line.strip())
    return " ".join(" ".join(row).split())


def test_alpha_beta_names_no_best_move_where_it_cannot_know_one() -> None:
    # 8 wins at once and 4 in three plies; with +1 / 0 / -1 both are "a win": the search cannot
    # tell them apart, so the report says so once, and never that 4 is the best.
    out = run("analyze", "tictactoe", POSITION, "-a", "alphabeta")
    assert _row(out, "best") == ("none marked: the distances to the end are not known here, only "
                                 "who wins; the search chose 4, one of the optimal moves")
    assert _row(out, "line") == ("4 6 8 (to the end of the game; each move keeps the game value, "
                                 "not necessarily the quickest)")
    assert "no move is marked best: the distances to the end are not known here" in out
    assert "★" not in out
    spanish = run("analyze", "tictactoe", POSITION, "-a", "alphabeta", "--lang", "es")
    assert "la búsqueda eligió 4, una de las jugadas óptimas" in " ".join(spanish.split())
    # The engine knows the distances: 8, the quickest win, is the best, and said so.
    engine = run("analyze", "tictactoe", POSITION)
    assert _row(engine, "best") == "8" and _row(engine, "line") == "8 (to the end of the game)"


def test_alpha_beta_still_names_its_move_where_it_is_the_only_optimal_one() -> None:
    out = run("analyze", "tictactoe", "XX./OO./...", "-a", "alphabeta")
    assert _row(out, "best") == "3"  # the only move that wins
    assert _row(out, "line") == "3 (to the end of the game)"
