"""`minimax solve connect4 4455` in a pseudo-terminal: the position's score is on the screen before
the last column's, while the columns are still being proven (about half a minute here)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

SCRIPT = Path(sys.executable).parent / "minimax"
#: Generous: the machine is shared; nothing here is timed.
TIMEOUT = 600

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not found at {SCRIPT}"),
    pytest.mark.skipif(sys.platform == "win32", reason="pexpect.spawn needs a POSIX pty"),
]


def test_the_score_is_shown_before_the_columns_are_all_proven() -> None:
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1"}
    child = pexpect.spawn(str(SCRIPT), ["solve", "connect4", "4455"], env=env,
                          encoding="utf-8", timeout=TIMEOUT, dimensions=(50, 100))
    try:
        # 4455: the side to move wins by 3 or 6 (an open three), 18 in Pons' convention.
        child.expect(r"score \+18 for the side to move")
        before_last = child.before
        index = child.expect([r"move 1: ", r"move \d: "])
        seen = [index]
        while index == 1:
            index = child.expect([r"move 1: ", r"move \d: "])
            seen.append(index)
        child.expect(r"connect4 · solved")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    # No column's exact score came before the position's; only the book's win, draw or loss of
    # the columns it holds so (said at once, before the search).
    columns = [line.strip() for line in before_last.splitlines() if "move " in line
               and "side to move" not in line]
    assert columns and all(re.fullmatch(r"move \d: a (win|loss|draw) \(proven by the opening "
                                        r"book\)\S*", line) for line in columns), columns
    assert child.exitstatus == 0
