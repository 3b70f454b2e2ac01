"""Hostile input for `minimax play`: keys typed through prompt-toolkit's pipe input (as at a
terminal: moves, near misses, commands, huge numbers, markup, Tab, arrows, escapes, Ctrl-D and
Ctrl-C) and lines read from a stream (as when stdin is not a terminal).

The session must survive every line: no exception escapes, it ends with "bye" and exit code 0
(130 after Ctrl-C; 2 for a scripted bad line), each scripted bad line is one `error: line N:` line,
nothing prints a traceback, and the caps on time and memory hold (tests/fuzz/checks.py).
"""

from __future__ import annotations

import pytest
from hypothesis import example, given

from tests.fuzz.checks import verify
from tests.fuzz.harness import PlayCase
from tests.fuzz.strategies import PASTE, fuzz_settings, play_case

pytestmark = pytest.mark.slow  # thousands of generated cases in the `full` profile

_AI = (("budget", 0.02), ("review", False), ("seed", 1))


def typed(game: str, keys: str, params: tuple[tuple[str, str], ...] = (),
          options: tuple[tuple[str, object], ...] = _AI) -> PlayCase:
    return PlayCase("example", game, params, None, options, keys, scripted=False)


@fuzz_settings("session")
@given(case=play_case(scripted=False))
@example(case=typed("tictactoe", PASTE % ("9" * 5000) + "\r"))
@example(case=typed("tictactoe", PASTE % ("a" + "9" * 5000) + "\r"))
@example(case=typed("bones", PASTE % ("9" * 5000) + "\r"))
@example(case=typed("nim", PASTE % ("1:" + "9" * 5000) + "\r"))
@example(case=typed("tree", PASTE % ("9" * 5000) + "\r"))
@example(case=typed("tree", "²\r"))
@example(case=typed("tictactoe", "hint\r", (("rows", "5"), ("cols", "5"), ("k", "4")),
                    (("budget", 0.02), ("level", "weak"), ("review", False), ("seed", 1))))
def test_typed_session(case: PlayCase) -> None:
    verify(case)


@fuzz_settings("session-lines")
@given(case=play_case(scripted=True))
def test_scripted_session(case: PlayCase) -> None:
    verify(case)
