"""`analyze --step` says what `--tree` says, on any screen, and stops when asked (issue 34, items
6, 8 and 17).

Each node is drawn with the window it was entered with, in the step view as in `--tree` (the step
view drew node 2 of the course's example with `α=3 β=2` after its cut, `--tree` with `α=3 β=+∞`);
at its last step the step view's tree is `--tree`'s. A tree taller than its part of the screen is
cut with a marker on each side where lines are left out. A frame draws only the lines it shows, so
a key (q included) never waits for a drawing of the whole tree, and nothing is drawn after q.
Ctrl-C ends the walk as an interrupted command (130). An algorithm that records no tree is refused
before its search, which may be long."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from minimax_cli import registry
from minimax_cli.cli.app import app
from minimax_cli.cli.base import read_position
from minimax_cli.core.result import Limits
from minimax_cli.core.search import BUILT_IN, search
from minimax_cli.play.stepper import StepPlayer
from minimax_cli.views.step import Walkthrough
from tests.cli.test_step import COURSE, ENV, at_a_terminal, screens, walkthrough

runner = CliRunner()
RULE = "─"
UP, DOWN = "↑ the tree goes on above", "↓ the tree goes on below"
SMALL = (60, 15)
WALKS = [("tree", COURSE, "alphabeta", 200), ("tree", "@subtree", "alphabeta", 200),
         ("tictactoe", "XOX/.O./X..", "negamax", 200), ("tictactoe", "XX./OO./...", "alphabeta", 200),
         ("tictactoe", None, "alphabeta", 120)]


def tree_command(*args: str) -> list[str]:
    result = runner.invoke(app, ["analyze", *args, "--tree"], env={**ENV, "COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    tree = ("★", "├", "│", "└", "root", "    ")  # a node, a branch, a wrapped line
    return lines[:next(i for i, line in enumerate(lines) if not line.startswith(tree))]


def split(frame_lines: list[str], width: int) -> tuple[list[str], list[str]]:
    """A frame's heading and tree lines (those above the rule; the tree starts at its first node,
    a guide or a marker)."""
    rule = frame_lines.index(RULE * width)
    above = frame_lines[:rule]
    tree = next((i for i, line in enumerate(above)
                 if any(mark in line for mark in ("▲", "▼", "↑", "↓"))
                 or line.startswith(("├", "│", "└", "    "))), len(above))
    return above[:tree], above[tree:]


# --- item 17: one window per node, the step view's tree is --tree's ------------------------------
def test_after_its_cut_a_node_keeps_the_window_it_was_entered_with() -> None:
    walk = walkthrough("tree", COURSE, "alphabeta")
    shown = screens(walk, ["\x1b[C"] * 12)
    after_cut = next(s for s in shown if "node 2 ≤ 2 ≤ α = 3" in s)
    assert "▶ 2 ▼ MIN  α=3 β=+∞  ≤ 2" in after_cut
    assert "β=2" not in "".join(shown)
    # Node 3 after (f): entered with β = +∞, known to be ≤ 5; the heading says what α and β are.
    at_f = next(s for s in shown if s.count("(f) node 3's next leaf is 5"))
    assert "3 ▼ MIN  α=3 β=+∞  ≤ 5" in at_f
    assert "α and β: what MAX and MIN could" in at_f


@pytest.mark.parametrize(("position", "algorithm"), [
    (COURSE, "alphabeta"), ("@subtree", "alphabeta"), (COURSE, "minimax")])
def test_the_last_step_draws_the_tree_that_tree_draws(position: str, algorithm: str) -> None:
    walk = walkthrough("tree", position, algorithm)
    last = walk.frame(len(walk) - 1, 100, 200, color_system=None).plain
    _heading, drawn = split(last, 100)
    assert [line.replace("▶ ", "", 1) for line in drawn] == tree_command(
        "tree", position, "-a", algorithm)


def test_the_same_in_a_board_game_with_the_engines_cuts() -> None:
    walk = walkthrough("tictactoe", "XOX/.O./X..", "negamax")
    last = walk.frame(len(walk) - 1, 100, 200, color_system=None).plain
    _heading, drawn = split(last, 100)
    assert [line.replace("▶ ", "", 1) for line in drawn] == tree_command("tictactoe",
                                                                        "XOX/.O./X..")


@pytest.mark.parametrize(("game_name", "position", "algorithm", "steps"), WALKS)
def test_a_tree_cut_to_the_screen_says_on_which_side(game_name: str, position: str | None,
                                                      algorithm: str, steps: int) -> None:
    """The tree lines of a 60 × 15 frame are a run of the whole tree's lines (as a tall screen
    draws them), with ↑ above exactly when lines before the run are left out, ↓ below exactly
    when lines after it are."""
    walk = walkthrough(game_name, position, algorithm, max_steps=steps)
    width, height = SMALL
    cut_seen = 0
    for index in range(len(walk)):
        small = walk.frame(index, width, height, color_system=None).plain
        assert len(small) <= height and all(len(line) <= width for line in small)
        whole = split(walk.frame(index, width, 100_000, color_system=None).plain, width)[1]
        drawn = split(small, width)[1]
        up, down = drawn[:1] == [UP], drawn[-1:] == [DOWN]
        body = drawn[up:len(drawn) - down]
        assert body and any("▶" in line for line in body)
        starts = [i for i in range(len(whole) - len(body) + 1) if whole[i:i + len(body)] == body]
        assert starts, (index, body)
        start = starts[0]
        assert up == (start > 0), (index, drawn)
        assert down == (start + len(body) < len(whole)), (index, drawn)
        cut_seen += up or down
    assert cut_seen > 0


def test_the_markers_and_the_heading_in_spanish() -> None:
    from minimax_cli.core.i18n import speaking

    walk = walkthrough("tree", COURSE, "alphabeta")
    with speaking("es"):
        middle = walk.frame(7, 60, 15, color_system=None).text  # the cut at node 2
        at_f = walk.frame(10, 60, 15, color_system=None).text
        whole = walk.frame(10, 60, 60, color_system=None).text
    assert "↑ el árbol sigue más arriba" in middle and "↓ el árbol sigue más abajo" in middle
    assert "▶ 2 ▼ MIN  α=3 β=+∞  ≤ 2" in middle and "3 ▼ MIN  α=3 β=+∞  ≤ 5" in at_f
    assert ("La búsqueda paso a paso (alphabeta); α y β: lo que MAX y MIN ya tenían asegurado al "
            "entrar en cada nodo") in " ".join(whole.split())


@pytest.mark.parametrize(("game_name", "position", "algorithm", "steps"), [
    *WALKS, ("tree", '{"chance":[["1/2",[3,5]],["1/2",[1,9]]]}', "expectiminimax", 200),
    ("tree", '{"players":3,"tree":[[[1,2,3],[4,5,6]],[[7,8,9],[1,1,1]]]}', "maxn", 200),
    ("tictactoe", None, "minimax", 60)])
@pytest.mark.parametrize("width", [24, 60, 100])
def test_the_rows_drawn_are_the_lines_rich_draws_for_the_whole_tree(
        game_name: str, position: str | None, algorithm: str, steps: int, width: int) -> None:
    """The step view's rows, all of them, in colour: the lines `tree.search_tree` draws through
    Rich for the same moment (guides, wrapped labels, pruned lines, the trace's limit)."""
    import io

    from rich.console import Console

    from minimax_cli.reports.replay import moment
    from minimax_cli.views.step import _COLOR_SYSTEMS, _ansi
    from minimax_cli.views.tree import search_tree

    walk = walkthrough(game_name, position, algorithm, max_steps=steps)
    for index in sorted({*range(0, len(walk), max(1, len(walk) // 12)), len(walk) - 1}):
        now = moment(walk.steps, index)
        drawn = []
        for whole in (True, False):
            console = Console(file=io.StringIO(), width=width, force_terminal=True,
                              color_system="truecolor", highlight=False, legacy_windows=False)
            if whole:
                assert walk.result.trace is not None
                tree = search_tree(walk.game, walk.state, walk.result.trace,
                                   truncated=walk.result.trace_truncated, engine=walk.engine,
                                   pv=walk.result.pv if now.finished else (), walk=walk.walk,
                                   moment=now, drawn=walk.drawn)
                lines = console.render_lines(tree, console.options.update(width=width), pad=False)
            else:
                lines = walk.layout.window(console, now, width, 10**6)
            drawn.append([_ansi(line, _COLOR_SYSTEMS["truecolor"], False) for line in lines])
        assert drawn[1] == drawn[0], (index, width)


def test_a_frame_draws_only_the_rows_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a tree of thousands of rows a frame draws a few screens' worth of rows, wherever the
    step is: its cost does not grow with the tree."""
    from minimax_cli.views import step_tree

    walk = walkthrough("tictactoe", None, "alphabeta", max_steps=3000)
    assert len(walk.layout.rows) > 2500
    drawn: list[int] = []
    original = step_tree.StepTree.render

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(step_tree.StepTree, "render", counted)
    for index in (0, len(walk) // 2, len(walk) - 1):
        drawn.clear()
        walk.frame(index, 100, 40, color_system=None)
        assert 0 < len(drawn) <= 2 * 40 + 2


# --- item 6: q draws nothing more; Ctrl-C is an interrupt ----------------------------------------
@pytest.fixture
def course_walk() -> Walkthrough:
    return walkthrough("tree", COURSE, "alphabeta")


async def _run_and_quit(player: StepPlayer, pipe: Any, key: str) -> int:
    drawn = asyncio.Event()
    player.app.after_render += lambda _app: drawn.set()
    running = asyncio.ensure_future(player.app.run_async())
    await asyncio.wait_for(drawn.wait(), 60)
    pipe.send_text(key)
    await asyncio.wait_for(running, 60)
    return player.keys_read


@pytest.mark.parametrize(("key", "interrupted"), [("q", False), ("\x03", True)])
def test_quitting_draws_no_frame_more(course_walk: Walkthrough, monkeypatch: pytest.MonkeyPatch,
                                      key: str, interrupted: bool) -> None:
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    frames: list[int] = []
    original = course_walk.frame

    def counted(*args: Any, **kwargs: Any) -> Any:
        frames.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(course_walk, "frame", counted)
    with create_pipe_input() as pipe:
        player = StepPlayer(course_walk, input=pipe, output=DummyOutput())
        asyncio.run(_run_and_quit(player, pipe, key))
    assert len(frames) == 1  # the first screen; the key ended the walk without drawing again
    assert player.interrupted is interrupted


def test_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    with at_a_terminal(monkeypatch, "\x1b[C\x03"):
        result = runner.invoke(app, ["analyze", "tree", COURSE, "-a", "alphabeta", "--step"],
                               env=ENV)
    assert result.exit_code == 130
    assert result.stderr.strip() == "interrupted"
    with at_a_terminal(monkeypatch, "q"):
        quit_ = runner.invoke(app, ["analyze", "tree", COURSE, "--step"], env=ENV)
    assert quit_.exit_code == 0 and quit_.stderr == ""


# --- item 8: refused before the search -----------------------------------------------------------
@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def searched(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("the search ran")

    monkeypatch.setattr("minimax_cli.services.analyze.analyze", searched)
    yield


@pytest.mark.parametrize("args", [["connect4", "--cols", "4", "--rows", "4", "-a", "proof"],
                                  ["tictactoe", "-a", "mcts", "--iterations", "50"]])
def test_an_algorithm_that_records_no_tree_is_refused_before_its_search(
        monkeypatch: pytest.MonkeyPatch, no_search: None, args: list[str]) -> None:
    with at_a_terminal(monkeypatch, "q"):
        result = runner.invoke(app, ["analyze", *args, "--step"], env=ENV)
    algorithm = args[args.index("-a") + 1]
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: {algorithm} records no search tree to step "
                                     "through: --trace shows what it records")


def test_each_algorithm_records_a_tree_as_it_declares() -> None:
    from tests.core.test_pvs import Heaps

    games = [read_position(registry.create("tree", {}), COURSE),
             read_position(registry.create("tree", {}), '{"chance":[["1/2",[3,5]],["1/2",[1,9]]]}'),
             read_position(registry.create("connect4", {"cols": "4", "rows": "4"}), "1213243"),
             (Heaps(), (5, 4, 0))]  # a game with a search board, for pvs
    checked = 0
    for algorithm in BUILT_IN:
        for game, state in games:
            if algorithm.refusal(game) is not None:
                continue
            result = search(game, state, algorithm.name, Limits(nodes=20_000), trace=True,
                            **({"seed": 1} if algorithm.sampled else {}))
            assert (result.trace is not None) == algorithm.records_tree, algorithm.name
            checked += 1
            break
    assert checked == len(BUILT_IN)



# --- in a terminal -------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("how", ["ctrl-c", "sigint"])
def test_ctrl_c_or_sigint_in_a_terminal_exits_130(how: str) -> None:
    import signal

    pytest.importorskip("pexpect")
    from tests.cli.test_step_pty import SCRIPT, on_screen, spawn

    if not SCRIPT.exists():
        pytest.skip(f"console script not found at {SCRIPT}")
    child = spawn("tree", COURSE, "-a", "alphabeta", "--step")
    try:
        child.expect(on_screen("step 1 of 13"))
        if how == "ctrl-c":
            child.sendcontrol("c")
        else:
            child.kill(signal.SIGINT)
        child.expect(pexpect_eof())
    finally:
        child.close()
    assert child.exitstatus == 130


@pytest.mark.slow
def test_q_quits_a_walk_of_100000_steps() -> None:
    pytest.importorskip("pexpect")
    from tests.cli.test_step_pty import SCRIPT, on_screen, spawn

    if not SCRIPT.exists():
        pytest.skip(f"console script not found at {SCRIPT}")
    child = spawn("tictactoe", "-a", "minimax", "--step", "--max-steps", "100000")
    try:
        child.expect(on_screen("step 1 of 100,000"))
        child.send("\x1b[F")  # End: the last step, deep in a tree of 100,000 nodes
        child.send("q")
        child.expect(pexpect_eof())
    finally:
        child.close()
    assert child.exitstatus == 0


def pexpect_eof() -> Any:
    import pexpect

    return pexpect.EOF
