"""Chess in the fuzz (issue 35): hostile `analyze chess`, `solve chess` (a mate, `--batch
FILE.epd`), `play chess` command lines, typed chess sessions and `minimax uci` sessions.

Each case keeps the promises of every fuzz case (tests/fuzz/checks.py): exit code 0 or 2 (130
after Ctrl-C), no traceback, an error as one short line (a batch: one `line N:` line per line not
read), valid JSON, within the time and memory caps. The cases are tests/fuzz/chess_cases.py's;
the examples are inputs the issue names and the failures the fuzz found.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given

from tests.fuzz.checks import verify
from tests.fuzz.chess_cases import chess_case, play_case, uci_case
from tests.fuzz.harness import CliCase, PlayCase
from tests.fuzz.strategies import fuzz_settings

pytestmark = pytest.mark.slow  # hundreds of generated cases in the `full` profile


def cli(*argv: str, stdin: bytes | None = None) -> CliCase:
    return CliCase("example", argv, stdin)


@fuzz_settings("chess")
@given(case=chess_case())
@example(case=cli("analyze", "chess", "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                  "--nodes", "100"))
@example(case=cli("analyze", "chess", "8/8/8/8/8/8/8/8 w - - 0 1", "--nodes", "100"))
@example(case=cli("solve", "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 " + "9" * 5000,
                  "--max-moves", "1", "--nodes", "100"))
@example(case=cli("analyze", "chess", "--eval=[[[", "--time", "0.01"))  # once a KeyError
@example(case=cli("play", "chess", "--time", "0.02", "--no-review",
                  stdin=b"Nd2\nCf3\n" + b"e4" * 2500 + b"\n"))
def test_chess_commands(case: CliCase) -> None:
    verify(case)


@fuzz_settings("chess-session")
@given(case=play_case(scripted=False))
def test_chess_session(case: PlayCase) -> None:
    verify(case)


@fuzz_settings("uci")
@given(case=uci_case())
@example(case=cli("uci", stdin=b"uci\nposition startpos moves e2e4 e2e4\ngo depth 1\n"))
@example(case=cli("uci", stdin=b"\xff\xfe\ngo depth -1\nsetoption name Hash value x\n"))
@example(case=cli("uci", stdin=b"\x80\nisready\n"))  # once a UnicodeDecodeError
@example(case=cli("uci", stdin=b"position startpos\ngo nodes 0\n"))  # once a search without end
@example(case=cli("uci", stdin=b"\x1b[2J\x7f\ngo depth \x9b1\n"))  # once echoed raw
def test_uci(case: CliCase) -> None:
    verify(case)
