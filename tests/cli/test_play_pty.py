"""`minimax play` end to end: the installed console script in a pseudo-terminal (prompt-toolkit mode)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

SCRIPT = Path(sys.executable).parent / "minimax"
TIMEOUT = 30

pytestmark = [
    pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not found at {SCRIPT}"),
    pytest.mark.skipif(sys.platform == "win32", reason="pexpect.spawn needs a POSIX pty"),
]


def spawn(*args: str, term: str = "dumb") -> Any:  # a pexpect.spawn
    # No cursor-position requests: nothing here would answer them, and keys sent while
    # prompt-toolkit waits for an answer can be lost.
    env = {**os.environ, "TERM": term, "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
    return pexpect.spawn(str(SCRIPT), ["play", *args], env=env, encoding="utf-8",
                         timeout=TIMEOUT, dimensions=(40, 100))


@pytest.mark.parametrize("term", ["dumb", "xterm"])
def test_play_move_undo_quit_in_a_terminal(term: str) -> None:
    child = spawn("--seed", "1", term=term)
    try:
        child.expect("you play X")
        child.expect(r"your move \(X\)")
        child.send("5\r")
        child.expect(r"O \(AI\) plays")  # the move itself may be wrapped in bold codes
        child.expect("a draw with best play")
        child.expect(r"your move \(X\)")
        child.send("undo\r")
        child.expect("took back 2 moves")
        child.expect(r"your move \(X\)")
        child.send("quit\r")
        child.expect("bye")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("term", ["dumb", "xterm"])
def test_an_illegal_move_is_refused(term: str) -> None:
    # xterm: refused in place, the line stays for editing; dumb: an error line and a new prompt.
    child = spawn("--vs", "human", term=term)
    try:
        child.expect(r"X to move")
        child.send("10\r")
        child.expect("cell 10 is off the board")
        child.expect("X to move" if term == "dumb" else "")
        child.send("\x15quit\r")  # Ctrl-U clears a refused line
        child.expect("bye")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_ctrl_c_says_bye_with_code_130() -> None:
    child = spawn()
    try:
        child.expect(r"your move \(X\)")
        child.sendcontrol("c")
        child.expect("bye")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
