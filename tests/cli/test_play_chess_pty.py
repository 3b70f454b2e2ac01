"""`minimax play chess` end to end: the installed console script in a pseudo-terminal, with Tab
completion of a SAN move, a hint, the PGN kept and Ctrl-D."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_play_pty import TIMEOUT, playing, wait_for_the_end, wrapped

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("chess")

pytestmark = [pytest.mark.slow]  # the console script started in a terminal


def test_play_chess_in_a_terminal(tmp_path: Path) -> None:
    record = tmp_path / "game.pgn"
    with playing("chess", "--depth", "1", "--time", "0.5", "--no-review", "--pgn",
                 str(record)) as child:
        child.expect(wrapped("Type help for commands."), timeout=TIMEOUT)
        child.expect("your move")
        child.send("Nf\t")  # completes to the knight moves to f3 only: Nf3
        child.send("\r")
        child.expect(wrapped(r"\(AI\) plays"))
        child.expect("your move")
        child.send("hint\r")
        child.expect("best:")
        child.expect("your move")
        wait_for_the_end(child)
    assert child.exitstatus == 0
    assert "1. Nf3 " in record.read_text(encoding="utf-8")
