"""An option refused on one command that another command takes says which one, and suggestions
ignore case for every name, algorithms included (issue 34, item 19)."""

from __future__ import annotations

import pytest

from minimax_cli.core.params import close_match
from tests.cli.entry import run_main


def error_of(*argv: str) -> str:
    done = run_main(*argv)
    assert done.returncode == 2, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_solve_says_analyze_takes_algorithm() -> None:
    line = error_of("solve", "connect4", "4453", "--algorithm", "proof")
    assert line.startswith("error: `minimax solve` has no option --algorithm, nor has connect4 "
                           "(its parameters: --cols, --rows); ")
    assert "minimax analyze" in line and "for connect4; its parameters" not in line


def test_a_short_option_of_another_command_is_named_too() -> None:
    line = error_of("solve", "connect4", "44", "-a", "proof")
    assert line.startswith("error: `minimax solve` has no option -a, nor has connect4")
    assert "minimax analyze" in line and "unexpected argument" not in line


def test_one_other_command_is_named_in_the_singular() -> None:
    line = error_of("analyze", "connect4", "44", "--level", "3")
    assert line == ("error: `minimax analyze` has no option --level, nor has connect4 (its "
                    "parameters: --cols, --rows); `minimax play` takes it")


def test_an_option_no_command_has_keeps_its_message() -> None:
    assert error_of("solve", "connect4", "--foo") == (
        "error: no such option '--foo' for connect4; its parameters: --cols, --rows")


@pytest.mark.parametrize("typed", ["MINIMAX", "AlphaBeta", "NEGAMAX"])
def test_algorithm_names_are_suggested_whatever_their_case(typed: str) -> None:
    line = error_of("analyze", "tictactoe", "-a", typed)
    assert f"unknown algorithm '{typed}'; did you mean '{typed.lower()}'?" in line


def test_close_match_ignores_case_and_answers_the_choice_as_written() -> None:
    assert close_match("MINIMAX", ["negamax", "minimax"]) == "minimax"
    assert close_match("connect4", ["Connect4"]) == "Connect4"
    assert close_match("zzz", ["minimax"]) is None
