"""`minimax play` end to end: the installed console script in a pseudo-terminal (prompt-toolkit mode)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

SCRIPT = Path(sys.executable).parent / "minimax"
#: Generous: a loaded machine is slow to start Python and to draw; nothing here is timed.
TIMEOUT = 120

pytestmark = [
    pytest.mark.slow,  # each test starts the console script in a terminal
    pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not found at {SCRIPT}"),
    pytest.mark.skipif(sys.platform == "win32", reason="pexpect.spawn needs a POSIX pty"),
]


def spawn(*args: str, term: str = "dumb") -> Any:  # a pexpect.spawn
    # No cursor-position requests: nothing here would answer them, and keys sent while
    # prompt-toolkit waits for an answer can be lost.
    env = {**os.environ, "TERM": term, "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
    return pexpect.spawn(str(SCRIPT), ["play", *args], env=env, encoding="utf-8",
                         timeout=TIMEOUT, dimensions=(40, 100))


@contextmanager
def playing(*args: str, term: str = "dumb") -> Iterator[Any]:
    """A `minimax play` session, closed however the test ends; its exit status is read after."""
    child = spawn(*args, term=term)
    try:
        yield child
    finally:
        child.close()


def wrapped(pattern: str) -> str:
    """`pattern` with each space matching any run of white space: messages wrap between words
    at the terminal's width."""
    return pattern.replace(" ", r"\s+")


def wait_for_the_end(child: Any, quit: bool = True) -> None:
    """Type quit (unless the session is already ending), then see it say bye and exit."""
    if quit:
        child.send("quit\r")
    child.expect("bye")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("term", ["dumb", "xterm"])
def test_play_move_undo_quit_in_a_terminal(term: str) -> None:
    with playing("--seed", "1", term=term) as child:
        child.expect("you play X")
        child.expect(r"your move \(X\)")
        child.send("5\r")
        child.expect(r"O \(AI\) plays")  # the move itself may be wrapped in bold codes
        child.expect(wrapped("a draw with best play"))
        child.expect(r"your move \(X\)")
        child.send("undo\r")
        child.expect(wrapped(r"took back 2 plies \(your 5, the AI's \d\)"))
        child.expect(r"your move \(X\)")
        wait_for_the_end(child)
    assert child.exitstatus == 0


@pytest.mark.parametrize("term", ["dumb", "xterm"])
def test_an_illegal_move_is_refused_and_the_next_entry_stands_alone(term: str) -> None:
    # On any terminal: the reason right under the entry, then a new, empty prompt, so the next
    # keys are a new entry (5), not added to the refused one ("105").
    with playing("--vs", "human", term=term) as child:
        child.expect(r"X to move")
        child.send("10\r")
        child.expect(wrapped(r"illegal move '10': cell 10 is off the board; cells are 1 to 9"))
        child.expect("X to move")
        child.send("5\r")
        child.expect("O to move")  # 5 was X's move: the game went on from it
        wait_for_the_end(child)
    assert child.exitstatus == 0


def test_ctrl_c_says_bye_with_code_130() -> None:
    with playing() as child:
        child.expect(r"your move \(X\)")
        child.sendcontrol("c")
        wait_for_the_end(child, quit=False)
    assert child.exitstatus == 130


def test_the_ai_moves_first_on_5x5_within_its_default_budget() -> None:
    # Before the budget, the perfect AI tried to solve 5x5 k=4 and printed nothing for minutes.
    with playing("tictactoe", "--rows", "5", "--cols", "5", "--k", "4", "--ai-first") as child:
        child.expect(wrapped(r"you play O \(second\) against the AI \(level 5: perfect, up to 1 s "
                             r"a move\)"))
        child.expect(wrapped(r"X \(AI\) plays \d+: best move at depth \d+ of a search stopped "
                             r"after 1 s; value not proven: estimate -?\d+ for the AI"))
        child.expect(r"your move \(O\)")
        wait_for_the_end(child)
    assert child.exitstatus == 0


@pytest.mark.parametrize("term", ["dumb", "xterm"])
def test_ctrl_c_while_the_ai_thinks_and_the_game_goes_on(term: str) -> None:
    # 30 s a move: the AI is still thinking when Ctrl-C comes, as soon as it says it thinks
    # (a line on a dumb terminal, a spinner on xterm).
    with playing("tictactoe", "--rows", "5", "--cols", "5", "--k", "4", "--ai-first",
                  "--time", "30", term=term) as child:
        child.expect(wrapped("up to 30 s a move"))
        child.expect(r"X \(AI\) is thinking")
        child.sendcontrol("c")
        child.expect(r"X \(AI\) plays")
        child.expect(wrapped(r"Ctrl-C stopped the AI's think; the game goes on"))
        child.expect(r"your move \(O\)")
        wait_for_the_end(child)
    assert child.exitstatus == 0


# --- hostile lines and keys at awkward moments ----------------------------------------------------
@pytest.mark.parametrize("term", ["dumb", "xterm"])
def test_hostile_lines_are_refused_and_the_game_goes_on(term: str) -> None:
    # Each refused with one reason, then a new prompt; none ends or breaks the session.
    lines = [
        ("9" * 5_000, r"the line has 5,000 characters; a move or command is at most 100 characters"),
        ("a" + "9" * 90, r"illegal move 'a9+"),
        ("²", r"invalid move '²'"),
        ("[/]", r"invalid move '\[/\]'"),
        ("\x1b[31m", r"type a move such as 1, or help for the commands"),  # not a mouse report
        ("\x1b[200~5\x1b[31m\x1b[201~", r"contains U\+001B \(a control character\)"),  # a paste
    ]
    with playing("--vs", "human", term=term) as child:
        for line, reason in lines:
            child.expect("X to move")
            child.send(line + "\r")
            child.expect(wrapped(reason))
        child.expect("X to move")
        child.send("5\r")
        child.expect("O to move")  # the game went on from the legal move
        wait_for_the_end(child)
    assert child.exitstatus == 0


@pytest.mark.parametrize("term", ["dumb", "xterm"])
def test_ctrl_c_during_a_hint_abandons_it_and_a_second_at_the_prompt_quits(term: str) -> None:
    # 30 s a move on a board too big to solve: without Ctrl-C the hint would run 30 s.
    with playing("tictactoe", "--rows", "5", "--cols", "5", "--k", "4", "--level", "weak",
                 "--time", "30", term=term) as child:
        child.expect(r"your move \(X\)")
        child.send("hint\r")
        child.expect("thinking about a hint")
        child.sendcontrol("c")
        child.expect(wrapped(r"\(Ctrl-C stopped the hint; Ctrl-C again quits.\)"))
        child.expect(r"your move \(X\)")
        child.send("hint\r")  # Ctrl-C at once after Enter, before the hint says anything
        child.sendcontrol("c")
        child.expect(wrapped(r"\(Ctrl-C stopped the hint; Ctrl-C again quits.\)"))
        child.expect(r"your move \(X\)")
        child.send("13\r")  # the game goes on
        child.expect(r"O \(AI\) plays")
        child.expect(r"your move \(X\)")
        child.sendcontrol("c")  # at the prompt: quits
        wait_for_the_end(child, quit=False)
    assert child.exitstatus == 130


@pytest.mark.parametrize("term", ["dumb", "xterm"])
def test_ctrl_d_the_instant_the_prompt_appears_ends_the_session(term: str) -> None:
    # On a dumb terminal prompt-toolkit writes the prompt before it switches the terminal to
    # raw mode; a Ctrl-D in between used to be lost (every time in this test).
    for _ in range(3):
        with playing("--vs", "human", term=term) as child:
            child.expect("X to move")
            child.sendcontrol("d")
            wait_for_the_end(child, quit=False)
        assert child.exitstatus == 0
