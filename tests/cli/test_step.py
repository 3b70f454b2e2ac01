"""`analyze --step`, the step player: keys in through prompt-toolkit's pipe input, screens out.
The course's example (COURSE.md, alpha-beta on [[3,12,8],[2,4,6],[14,5,2]]) walked from step (a)
to (g) and back, in English and in Spanish; every algorithm that records a trace and the games
with a board; frames that fit the terminal; the refusals in one line (no terminal, an option that
shows something else, a search that records no tree)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from typer.testing import CliRunner

from minimax_cli import registry
from minimax_cli.cli import analyze as cli_analyze
from minimax_cli.cli.app import app
from minimax_cli.cli.base import read_position
from minimax_cli.core.i18n import speaking
from minimax_cli.core.result import Limits
from minimax_cli.core.search import search
from minimax_cli.play.stepper import StepPlayer
from minimax_cli.reports.trace_words import engine_units
from minimax_cli.views.step import Walkthrough

runner = CliRunner()
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "",
       "LC_MESSAGES": ""}
COURSE = "[[3,12,8],[2,4,6],[14,5,2]]"
RIGHT, LEFT, HOME, END = "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F"
#: How long a key may take to show its frame on a loaded machine; nothing here is timed.
PATIENCE = 60.0


def walkthrough(game_name: str, position: str | None, algorithm: str, max_steps: int = 200,
                **params: str) -> Walkthrough:
    game, state = read_position(registry.create(game_name, params), position)
    result = search(game, state, algorithm, Limits(), trace=True)
    return Walkthrough(game, state, result, engine=engine_units(game, result, False),
                       max_steps=max_steps)


async def _screens(player: StepPlayer, pipe: object, keys: Sequence[str]) -> list[str]:
    """The first screen, then the screen after each key (each key is sent once the frame of the
    one before has been drawn), then q."""
    drawn: list[tuple[int, str]] = []
    new_frame = asyncio.Event()

    def after_render(_app: object) -> None:
        assert player.shown is not None
        drawn.append((player.keys_read, player.shown.text))
        new_frame.set()

    async def frame_after(keys_read: int) -> str:
        while not drawn or drawn[-1][0] < keys_read:
            new_frame.clear()
            await asyncio.wait_for(new_frame.wait(), PATIENCE)
        return drawn[-1][1]

    player.app.after_render += after_render
    running = asyncio.ensure_future(player.app.run_async())
    screens = [await frame_after(0)]
    for read, key in enumerate(keys, 1):
        pipe.send_text(key)  # type: ignore[attr-defined]
        screens.append(await frame_after(read))
    pipe.send_text("q")  # type: ignore[attr-defined]
    await asyncio.wait_for(running, PATIENCE)
    return screens


def screens(walk: Walkthrough, keys: Sequence[str], language: str = "en") -> list[str]:
    with speaking(language), create_pipe_input() as pipe:
        player = StepPlayer(walk, input=pipe, output=DummyOutput())
        return asyncio.run(_screens(player, pipe, keys))


def sentence(screen: str) -> str:
    """The step's sentence: the lines between `step N of M` (`paso N de M`) and the keys, joined
    (a long one wraps at the screen's width)."""
    lines = screen.splitlines()
    at = next(i for i, line in enumerate(lines) if re.match(r"(step|paso) \d+ (of|de) \d+", line))
    end = next(i for i, line in enumerate(lines) if line.startswith("→"))
    return " ".join(line.strip() for line in lines[at + 1:end])


def current(screen: str) -> str:
    """The tree's line of the step's node (marked ▶), from the marker on."""
    marked = [line for line in screen.splitlines() if "▶" in line]
    assert len(marked) == 1, screen
    return marked[0][marked[0].index("▶") + 2:]


# --- the course's example ------------------------------------------------------------------------
#: COURSE.md's alpha-beta steps on this tree, as `--trace` says them (tests/cli/test_trace.py).
ENGLISH = [
    "the root (MAX) is entered with α = -∞, β = +∞",
    "node 1 (MIN) is entered with α = -∞, β = +∞",
    "(a) node 1's first leaf is 3, so node 1 ≤ 3",
    "(b) node 1's next leaf is 12, which changes nothing",
    "(c) node 1's last leaf is 8, so node 1 = 3 and the root ≥ 3",
    "node 2 (MIN) is entered with α = 3, β = +∞",
    "(d) node 2's first leaf is 2, so node 2 ≤ 2",
    "node 2 ≤ 2 ≤ α = 3: the rest of node 2 is pruned, never looked at: the leaves 4 and 6",
    "node 3 (MIN) is entered with α = 3, β = +∞",
    "(e) node 3's first leaf is 14, so node 3 ≤ 14 and the root ≤ 14",
    "(f) node 3's next leaf is 5, so node 3 ≤ 5 and the root ≤ 5",
    "(g) node 3's last leaf is 2, so node 3 = 2 and the root = 3",
    "the root = 3: MAX moves to node 1",
]
#: What the tree shows of the step's node (▶) at each step: its window and what is known of it.
CURRENT_NODE = [
    "root ▲ MAX  α=-∞ β=+∞  unknown",
    "1 ▼ MIN  α=-∞ β=+∞  unknown",
    "1.1 leaf = 3",
    "1.2 leaf = 12",
    "1.3 leaf = 8",
    "2 ▼ MIN  α=3 β=+∞  unknown",
    "2.1 leaf = 2",
    "2 ▼ MIN  α=3 β=+∞  ≤ 2",  # the window it was entered with, as --tree draws it: ≤ 2 ≤ α
    "3 ▼ MIN  α=3 β=+∞  unknown",
    "3.1 leaf = 14",
    "3.2 leaf = 5",
    "3.3 leaf = 2",
    "★ root ▲ MAX  α=-∞ β=+∞  = 3",
]
#: What the root is known to be after each step: (c) gives A ≥ 3, (e) and (f) bound it from above.
ROOT = ["unknown"] * 4 + ["≥ 3"] * 5 + ["∈ [3, 14]", "∈ [3, 5]", "= 3", "= 3"]


def root_line(screen: str) -> str:
    return next(line for line in screen.splitlines() if "root ▲ MAX" in line)


def test_the_course_example_from_a_to_g_and_back_in_english() -> None:
    walk = walkthrough("tree", COURSE, "alphabeta")
    forward = screens(walk, [RIGHT] * 12 + [RIGHT] + [LEFT] * 12 + [LEFT, END, HOME, " "])
    ahead, back, (after_first, end, home, space) = forward[:13], forward[13:26], forward[26:]
    assert [sentence(s) for s in ahead] == ENGLISH
    assert [current(s) for s in ahead] == CURRENT_NODE
    assert [root_line(s).split("  ")[-1] for s in ahead] == ROOT
    for number, screen in enumerate(ahead, 1):
        assert f"step {number} of 13" in screen
        # The cut's pruned leaves are shown from the cut on, never before.
        assert ("✂ pruned, never searched: 2.2 (leaf 4); 2.3 (leaf 6)" in screen) == (number >= 8)
    # Nodes not reached yet are drawn without values: before (e), node 3's leaves are bare.
    assert "3.1 leaf\n" in ahead[8] + "\n" and "3.1 leaf = 14" in ahead[9]
    # → at the last step stays there; ← walks back through (g) ... (a) to the first step.
    assert back[0] == ahead[12]
    assert [sentence(s) for s in back[1:]] == ENGLISH[-2::-1]
    assert after_first == ahead[0]  # ← at the first step stays there
    assert end == ahead[12] and home == ahead[0] and space == ahead[1]
    assert "→ or space: next step   ←: previous   Home: first   End: last   q: quit" in end


def test_the_course_example_from_a_to_g_and_back_in_spanish() -> None:
    walk = walkthrough("tree", COURSE, "alphabeta")
    walked = screens(walk, [RIGHT] * 12 + [LEFT] * 12, language="es")
    expected = [
        "se entra en la raíz (MAX) con α = -∞, β = +∞",
        "se entra en el nodo 1 (MIN) con α = -∞, β = +∞",
        "(a) la primera hoja del nodo 1 es 3, así que el nodo 1 ≤ 3",
        "(b) la siguiente hoja del nodo 1 es 12, lo que no cambia nada",
        "(c) la última hoja del nodo 1 es 8, así que el nodo 1 = 3 y la raíz ≥ 3",
        "se entra en el nodo 2 (MIN) con α = 3, β = +∞",
        "(d) la primera hoja del nodo 2 es 2, así que el nodo 2 ≤ 2",
        "el nodo 2 ≤ 2 ≤ α = 3: se poda el resto del nodo 2, sin examinar: las hojas 4 y 6",
        "se entra en el nodo 3 (MIN) con α = 3, β = +∞",
        "(e) la primera hoja del nodo 3 es 14, así que el nodo 3 ≤ 14 y la raíz ≤ 14",
        "(f) la siguiente hoja del nodo 3 es 5, así que el nodo 3 ≤ 5 y la raíz ≤ 5",
        "(g) la última hoja del nodo 3 es 2, así que el nodo 3 = 2 y la raíz = 3",
        "la raíz = 3: MAX elige el nodo 1",
    ]
    for number, (screen, words) in enumerate(zip(walked[:13], expected, strict=True), 1):
        assert sentence(screen) == words
        assert f"paso {number} de 13" in screen
    assert current(walked[2]) == "1.1 hoja = 3"
    assert current(walked[7]) == "2 ▼ MIN  α=3 β=+∞  ≤ 2"
    assert "✂ podado, nunca buscado: 2.2 (hoja 4); 2.3 (hoja 6)" in walked[7]
    assert "✂" not in walked[6]
    assert walked[13:] == walked[11::-1]  # back from (g) to the first step: the same screens
    assert "→ o espacio: paso siguiente   ←: anterior   Inicio: el primero   Fin: el último" in \
        walked[0]


# --- every algorithm that records a trace, every kind of game ---------------------------------------
CASES = [
    ("tree", COURSE, "minimax", {}),
    ("tree", '{"chance":[["1/2",[3,5]],["1/2",[1,9]]]}', "expectiminimax", {}),
    ("tree", '{"chance":[["1/2",[3,5]],["1/2",[1,9]]]}', "expectimax", {}),
    ("tree", '{"players":3,"tree":[[[1,2,3],[4,5,6]],[[7,8,9],[1,1,1]]]}', "maxn", {}),
    ("tree", '{"players":3,"tree":[[[1,2,3],[4,5,6]],[[7,8,9],[1,1,1]]]}', "paranoid", {}),
    ("tictactoe", "XX./OO./...", "negamax", {}),
    ("tictactoe", "XX./OO./...", "alphabeta", {}),
    ("nim", "1,2", "alphabeta", {}),
    ("bones", None, "minimax", {"n": "5"}),
]


@pytest.mark.parametrize(("game_name", "position", "algorithm", "params"), CASES)
def test_every_step_of_every_recorded_search_is_a_frame_that_fits(
        game_name: str, position: str | None, algorithm: str, params: dict[str, str]) -> None:
    from minimax_cli.views.trace import sentence as said

    walk = walkthrough(game_name, position, algorithm, **params)
    assert len(walk) > 2
    for index, step in enumerate(walk.steps):
        frame = walk.frame(index, 100, 40, color_system=None)
        assert len(frame.plain) <= 40 and all(len(line) <= 100 for line in frame.plain)
        assert f"step {index + 1} of {len(walk)}" in frame.text
        # On a wide screen the sentence is one line (beside the board in a game with a grid).
        wide = walk.frame(index, 250, 40, color_system=None).text
        assert said(step, walk.engine, walk.game.explicit_tree) in wide
        # The marked node is the step's (after its edge's probability, the best line's star).
        marked = re.sub(r"^(p=\S+ |★ )*", "", current(frame.text))
        assert marked.startswith(f"{step.node} "), (marked, step.node)


def test_a_board_game_shows_the_small_board_of_the_steps_position() -> None:
    walk = walkthrough("tictactoe", "XX./OO./...", "alphabeta")
    # Step 2: X completes the top row (move 3), the root's first leaf.
    text = walk.frame(1, 100, 40, color_system=None).text
    assert "X X X  (a) the root's first leaf is 1, so the root ≥ 1" in text
    assert "O O ." in text
    first = walk.frame(0, 100, 40, color_system=None).text
    assert "X X .  the root (MAX) is entered" in first


def test_a_tree_taller_than_the_screen_scrolls_to_the_steps_node() -> None:
    walk = walkthrough("tictactoe", None, "alphabeta", max_steps=300)
    assert walk.total > 300 and len(walk) == 300
    for index in (0, 150, 299):
        frame = walk.frame(index, 80, 20, color_system=None)
        assert len(frame.plain) == 20
        assert current(frame.text)  # the step's node is on the screen
        assert "(the first 300 of" in frame.text and "--max-steps shows more" in frame.text


# --- the command ---------------------------------------------------------------------------------
def test_without_a_terminal_it_refuses_in_one_line_and_points_to_trace() -> None:
    result = runner.invoke(app, ["analyze", "tree", COURSE, "-a", "alphabeta", "--step"], env=ENV)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "error: --step needs a terminal (stdin and stdout): --trace prints the same steps as text"]


@pytest.mark.parametrize("other", ["--json", "--trace", "--tree", "--compare", "--quiz"])
def test_an_option_that_shows_something_else_is_refused(other: str) -> None:
    result = runner.invoke(app, ["analyze", "tree", COURSE, "--step", other], env=ENV)
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: --step shows one search full-screen, step by step: "
                                     f"leave out {other}")


@contextmanager
def at_a_terminal(monkeypatch: pytest.MonkeyPatch, keys: str) -> Iterator[None]:
    """The command as if at a terminal, its keys read from a pipe (prompt-toolkit's app session)."""
    monkeypatch.setattr(cli_analyze, "terminal_present", lambda: True)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        yield


def test_the_command_steps_until_q(monkeypatch: pytest.MonkeyPatch) -> None:
    with at_a_terminal(monkeypatch, RIGHT + RIGHT + END + "q"):
        result = runner.invoke(app, ["analyze", "tree", COURSE, "-a", "alphabeta", "--step"],
                               env=ENV)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


def test_a_search_that_records_no_tree_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with at_a_terminal(monkeypatch, "q"):
        result = runner.invoke(app, ["analyze", "tree", COURSE, "-a", "mcts", "--iterations",
                                     "50", "--step"], env=ENV)
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: mcts records no search tree to step through: "
                                     "--trace shows what it records")
