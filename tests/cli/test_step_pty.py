"""`analyze --step` end to end: the installed console script in a pseudo-terminal, keys typed,
the screen read back."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

SCRIPT = Path(sys.executable).parent / "minimax"
#: Generous: a loaded machine is slow to start Python and to draw; nothing here is timed.
TIMEOUT = 120
COURSE = "[[3,12,8],[2,4,6],[14,5,2]]"
RIGHT, LEFT, END, REDRAW = "\x1b[C", "\x1b[D", "\x1b[F", "\x0c"
#: What separates two words on the screen: spaces, cursor moves over cells already showing a
#: space, style changes.
GAP = r"(?:\x1b\[\d*C| |\x1b\[[0-9;]*m)+"

pytestmark = [
    pytest.mark.slow,  # each test starts the console script in a terminal
    pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not found at {SCRIPT}"),
    pytest.mark.skipif(sys.platform == "win32", reason="pexpect.spawn needs a POSIX pty"),
]


def on_screen(text: str) -> str:
    """A pattern for `text` as the terminal receives it (see GAP)."""
    return GAP.join(re.escape(word) for word in text.split())


def spawn(*args: str) -> Any:  # a pexpect.spawn
    # No cursor-position requests: nothing here would answer them.
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
    return pexpect.spawn(str(SCRIPT), ["analyze", *args], env=env, encoding="utf-8",
                         timeout=TIMEOUT, dimensions=(30, 100))


def test_the_course_example_stepped_in_a_terminal() -> None:
    # Each key is followed by Ctrl-L, which draws the whole screen again: only cells that change
    # are sent otherwise, and a sentence sharing words with the one before would arrive in pieces.
    child = spawn("tree", COURSE, "-a", "alphabeta", "--step")
    try:
        child.expect(on_screen("root ▲ MAX α=-∞ β=+∞ unknown"))
        child.expect(on_screen("step 1 of 13"))
        child.expect(on_screen("the root (MAX) is entered with α = -∞, β = +∞"))
        child.send(RIGHT + RIGHT + REDRAW)
        child.expect(on_screen("1.1 leaf = 3"))
        child.expect(on_screen("step 3 of 13"))
        child.expect(on_screen("(a) node 1's first leaf is 3, so node 1 ≤ 3"))
        child.send(END + REDRAW)
        child.expect(on_screen("✂ pruned, never searched: 2.2 (leaf 4); 2.3 (leaf 6)"))
        child.expect(on_screen("step 13 of 13"))
        child.expect(on_screen("the root = 3: MAX moves to node 1"))
        child.send(LEFT + REDRAW)
        child.expect(on_screen("step 12 of 13"))
        child.expect(on_screen("(g) node 3's last leaf is 2, so node 3 = 2 and the root = 3"))
        child.send("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_in_spanish_in_a_terminal() -> None:
    child = spawn("tree", "@abcd", "--step", "--lang", "es")
    try:
        child.expect(on_screen("paso 1 de 13"))
        child.expect(on_screen("se entra en A (MAX) con α = -∞, β = +∞"))
        child.send(RIGHT * 4 + REDRAW)
        child.expect(on_screen("paso 5 de 13"))
        child.expect(on_screen("(c) la última hoja de B es 8, así que B = 3 y A ≥ 3"))
        child.send("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
