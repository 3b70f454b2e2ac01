"""Hostile command lines for every command, run in process as the console script runs them.

Each case must exit 0 or 2 (130 after Ctrl-C) with no traceback, an error as one short line on
stderr, valid JSON for --json, within the harness's time and memory caps (tests/fuzz/checks.py).
The examples are the failures issue 9 lists; Hypothesis adds a fixed, derandomized budget of
generated cases (tests/fuzz/strategies.py, CI_CASES in the `full` profile, a tenth in `dev`;
MINIMAX_FUZZ_SCALE scales it).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given

from tests.fuzz.checks import verify
from tests.fuzz.harness import CliCase
from tests.fuzz.strategies import command_case, fuzz_settings, games_case, interrupt_case

pytestmark = pytest.mark.slow  # thousands of generated cases in the `full` profile


def cli(*argv: str, stdin: bytes | None = None) -> CliCase:
    return CliCase("example", argv, stdin)


@fuzz_settings("games")
@given(case=games_case())
@example(case=cli("games", "[/]"))
@example(case=cli("games", "[red]zqx"))
def test_games(case: CliCase) -> None:
    verify(case)


@fuzz_settings("analyze")
@given(case=command_case("analyze"))
@example(case=cli("analyze", "tictactoe", "[/]"))
@example(case=cli("analyze", "tictactoe", "[red]zqx"))
@example(case=cli("analyze", "tictactoe", "--algorithm", "[/]", "--nodes", "100"))
@example(case=cli("analyze", "tictactoe", "--eval", "[/]", "--nodes", "100"))
@example(case=cli("analyze", "tree", '[{"label":"[/]","value":1},2]'))
@example(case=cli("analyze", "bones", "9" * 5000, "--nodes", "100"))
@example(case=cli("analyze", "tree", "[" + "1" * 4401 + "]"))
@example(case=cli("analyze", "tree", "1" + "0" * 400))
@example(case=cli("analyze", "tree", "random:low=-" + "1" * 400 + ",high=" + "1" * 400))
@example(case=cli("analyze", "tree", "/bin/ls"))
@example(case=cli("analyze", "tictactoe", "--depth", "0", "--time", "1"))
@example(case=cli("analyze", "nim", "1000000000", "--nodes", "1000"))
@example(case=cli("analyze", "nim", ",".join(["1"] * 1000), "--nodes", "1000"))
@example(case=cli("analyze", "tree", "[" + "1," * 999_999 + "1]", "--json", "--nodes", "100"))
@example(case=cli("analyze", "nim", "1,2", "--time", "0.5"))
@example(case=cli("analyze", "tictactoe", "--compare", "--algorithm", "nope", "--nodes", "100"))
@example(case=cli("analyze", "tictactoe", "--cols", "9" * 5000, "--nodes", "100"))
@example(case=cli("analyze", "tree", "[[1e308]]", "-a", "mcts"))
@example(case=cli("analyze", "tree", "[[1e308]]", "-a", "mcts", "--iterations", "10"))
@example(case=cli("analyze", "tree", "[1e308,-1e308]", "-a", "mcts", "--json", "--nodes", "100"))
@example(case=cli("analyze", "tree", "[[1e308,-1e308],[5]]", "--compare", "--time", "1"))
@example(case=cli("analyze", "tree", "@abcd", "--quiz", stdin=b"\0" * 1_000_000))
@example(case=cli("analyze", "tree", "[1]", "--quiz", stdin=b"\x1b[2J\n"))
@example(case=cli("analyze", "tree", "-", "--tree", "--trace", "--nodes", "20000",
                  stdin=json.dumps({"chance": [["1/10000", i % 7] for i in range(10000)]})
                  .encode()))
@example(case=cli("analyze", "tictactoe", "X/" * 47))
@example(case=cli("analyze", "tictactoe", "/proc/self/maps"))
@example(case=cli("analyze", "tictactoe", " " * 212 + "X"))
def test_analyze(case: CliCase) -> None:
    verify(case)


@fuzz_settings("solve")
@given(case=command_case("solve"))
@example(case=cli("solve", "[/]"))
@example(case=cli("solve", "\n"))
@example(case=cli("solve", "tree", '[{"label":"[/]","value":1},2]'))
@example(case=cli("solve", "bones", "/bin/ls"))
@example(case=cli("solve", "nim", "10**18"))
@example(case=cli("solve", "bones", "--n", "100000000", "--take", "1" + "0" * 30))
@example(case=cli("solve", "bones", "--n", "100000000", "--take", "1" + "0" * 30, "--upto", "5"))
@example(case=cli("solve", "bones", "--n", "20000000", "--take", "100000"))
@example(case=cli("solve", "bones", "--n", "5", "--take", "100000", "--upto", "10"))
@example(case=cli("solve", "bones", "--n", "10000000", "--take",
                  ",".join(map(str, range(1, 1001)))))
def test_solve(case: CliCase) -> None:
    verify(case)


@fuzz_settings("play")
@given(case=command_case("play"))
@example(case=cli("play", "--watch", "--delay", "inf", "--time", "0.02"))
@example(case=cli("play", "--watch", "--delay", "1e308", "--time", "0.02"))
@example(case=cli("play", "tictactoe", "--time", "0.02", stdin=b"9" * 5000 + b"\n"))
@example(case=cli("play", "tree", "--time", "0.02", stdin="²\n".encode()))
@example(case=cli("play", "--time", "0.02", stdin=b"\0" * 1_000_000))
def test_play_command(case: CliCase) -> None:
    verify(case)


@fuzz_settings("interrupt")
@given(case=interrupt_case())
def test_ctrl_c(case: CliCase) -> None:
    verify(case)
