"""A mistyped option, algorithm or game gets a "did you mean", in English and in Spanish
(issue 20, defect 8), as a mistyped command already did (`minimax analyse`)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from minimax_cli import registry
from minimax_cli.cli.app import app
from minimax_cli.core import search
from minimax_cli.core.params import close_match

#: The names an error offers: every registered algorithm and game, in the registries' order.
ALGORITHMS = ", ".join(search.ALGORITHMS)
GAMES = ", ".join(registry.names())


def error_of(*argv: str) -> str:
    result = CliRunner().invoke(app, list(argv), env={"COLUMNS": "400"})
    assert result.exit_code == 2, result.output
    return result.stderr.strip()


@pytest.mark.parametrize(("argv", "english", "spanish"), [
    (["play", "tictactoe", "--levle", "3"],
     "no such option '--levle' for tictactoe; did you mean '--level'? its parameters: --rows, "
     "--cols, --k",
     "no existe la opción '--levle' para tictactoe; ¿quisiste decir '--level'? sus parámetros: "
     "--rows, --cols, --k"),
    (["analyze", "tictactoe", "--cosl", "4"],
     "no such option '--cosl' for tictactoe; did you mean '--cols'? its parameters: --rows, "
     "--cols, --k",
     "no existe la opción '--cosl' para tictactoe; ¿quisiste decir '--cols'? sus parámetros: "
     "--rows, --cols, --k"),
    (["analyze", "tictactoe", "-a", "alpha-beta"],
     f"unknown algorithm 'alpha-beta'; did you mean 'alphabeta'? choose one of: {ALGORITHMS}",
     f"algoritmo desconocido 'alpha-beta'; ¿quisiste decir 'alphabeta'? elige uno de: "
     f"{ALGORITHMS}"),
    (["play", "conect4"],
     f"unknown game 'conect4'; did you mean 'connect4'? known games: {GAMES}",
     f"juego desconocido 'conect4'; ¿quisiste decir 'connect4'? juegos conocidos: {GAMES}"),
])
def test_a_typo_gets_a_suggestion(argv: list[str], english: str, spanish: str) -> None:
    assert error_of(*argv) == f"error: {english}"
    assert error_of(*argv, "--lang", "es") == f"error: {spanish}"


def test_nothing_close_gets_no_suggestion() -> None:
    assert error_of("analyze", "tictactoe", "-a", "bogus") == (
        f"error: unknown algorithm 'bogus'; choose one of: {ALGORITHMS}")
    assert error_of("play", "go") == f"error: unknown game 'go'; known games: {GAMES}"
    assert error_of("play", "go", "--lang", "es") == (
        f"error: juego desconocido 'go'; juegos conocidos: {GAMES}")


def test_close_match_takes_the_likeliest_or_none() -> None:
    assert close_match("alpha-beta", ["minimax", "alphabeta", "alphabeta-ordered"]) == "alphabeta"
    assert close_match("xyz", ["minimax", "alphabeta"]) is None
