"""The games' own words in Spanish (issue 12): with `--lang es` a refused position, a refused move
and a game's page read in Spanish, one error line and exit code 2 as in English. The games' class
texts (description, notation, parameter help) are marked at import and translated where shown."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from games.bones3 import game as bones3
from games.connect4.game import ConnectFour
from games.dicebones import game as dicebones
from games.nim import game as nim
from games.tictactoe.game import TicTacToe
from games.tree import game as tree
from games.tree import kinds as tree_kinds
from minimax_cli import registry
from minimax_cli.cli.app import app
from minimax_cli.core.i18n import _
from minimax_cli.core.params import grouped
from minimax_cli.core.search import ALGORITHMS
from tests.registered import built_in_games

runner = CliRunner()
#: An English locale, so that only `--lang es` chooses Spanish.
ENGLISH = {"COLUMNS": "80", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "",
           "LC_MESSAGES": ""}
NBSP = "\u00a0"



def error_line(args: list[str], stdin: str | None = None) -> str:
    """The one line a refused command writes on stderr, with exit code 2 (before that, `play`
    has drawn the board on stdout; other commands print nothing there)."""
    result = runner.invoke(app, args, input=stdin, env=ENGLISH)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert stdin is not None or result.stdout == ""
    return lines[0]


# (game, position refused, what the Spanish line says, what the English one says)
POSITIONS = [
    ("tictactoe", "XXX/OOO/...",
     "error: posición no válida 'XXX/OOO/...': tanto X como O tienen una línea",
     "error: invalid position 'XXX/OOO/...': both X and O have a line"),
    ("connect4", "4448",
     "error: posición no válida '4448': la columna 8 de la jugada 4 está fuera del tablero",
     "error: invalid position '4448': column 8 at move 4 is off the board"),
    ("bones", "diez", "error: 'diez' no es una posición de bones: usa el tamaño del montón",
     "error: 'diez' is not a bones position: use the heap size"),
    ("bones3", "10/4",
     "error: '10/4' no es una posición de bones3: el jugador al que le toca es 1, 2 o 3",
     "error: '10/4' is not a bones3 position: the player to move is 1, 2 or 3"),
    ("nim", "3,4,x", "error: '3,4,x' no es una posición de nim: usa tamaños de los montones",
     "error: '3,4,x' is not a nim position: use heap sizes"),
    ("dicebones", "10 roll 7",
     "error: '10 roll 7' no es una posición de dicebones: el dado no tiene cara 7; sus caras "
     "son 1, 2, 3",
     "error: '10 roll 7' is not a dicebones position: the die has no face 7; its faces are "
     "1, 2, 3"),
    ("tree", "[[1,2],[]]",
     "error: el árbol '[[1,2],[]]' tiene una lista vacía: un nodo interior necesita al menos un "
     "hijo",
     "error: tree '[[1,2],[]]' has an empty list: an inner node needs at least one child"),
]


@pytest.mark.parametrize(("game", "position", "spanish", "english"), POSITIONS,
                         ids=[p[0] for p in POSITIONS])
def test_a_refused_position_is_one_spanish_line(game: str, position: str, spanish: str,
                                                english: str) -> None:
    assert error_line(["analyze", game, position, "--lang", "es"]).startswith(spanish)
    assert error_line(["analyze", game, position]).startswith(english)


# (game, the lines typed in `play --vs human`, the Spanish line, the English one)
MOVES = [
    ("tictactoe", "5\n5\n", "error: línea 2: jugada ilegal '5': la casilla 5 ya está ocupada por X",
     "error: line 2: illegal move '5': cell 5 is already taken by X"),
    ("connect4", "9\n", "error: línea 1: jugada no válida '9': no hay columna '9'; se esperaba un "
     "número de columna, de 1 (la de más a la izquierda) a 7",
     "error: line 1: invalid move '9': there is no column '9'; expected a column number, "
     "1 (leftmost) to 7"),
    ("bones", "4\n", "error: línea 1: 4 no es una cantidad permitida; permitidas: 1, 2, 3",
     "error: line 1: 4 is not an allowed amount; allowed: 1, 2, 3"),
    ("bones3", "0\n", "error: línea 1: '0' no es una jugada: escribe cuántos huesos tomar",
     "error: line 1: '0' is not a move: write how many bones to take"),
    ("nim", "1:9\n", "error: línea 1: no se pueden tomar 9 del montón 1: solo tiene 3",
     "error: line 1: cannot take 9 from heap 1: it has only 3"),
    ("dicebones", "9\n", "error: línea 1: no se pueden tomar 9: salió ",
     "error: line 1: cannot take 9: the roll was "),
    ("tree", "7\n", "error: línea 1: aquí no hay hijo '7'; da un número de 1 a 3",
     "error: line 1: there is no child '7' here; give a number from 1 to 3"),
]


@pytest.mark.parametrize(("game", "typed", "spanish", "english"), MOVES, ids=[m[0] for m in MOVES])
def test_a_refused_move_is_one_spanish_line(game: str, typed: str, spanish: str,
                                            english: str) -> None:
    args = ["play", game, "--vs", "human"]
    assert error_line([*args, "--lang", "es"], typed).startswith(spanish)
    assert error_line(args, typed).startswith(english)


def test_a_refused_game_parameter_is_spanish() -> None:
    assert error_line(["analyze", "tictactoe", "--rows", "9", "--lang", "es"]) == (
        "error: --rows '9': rows debe ser un número entero de 1 a 8, no '9'")
    assert error_line(["analyze", "bones", "--misere", "quizás", "--lang", "es"]) == (
        "error: --misere 'quizás': 'quizás' no es un valor sí/no: usa true/false, yes/no o 1/0")


def test_an_algorithm_refuses_a_game_in_spanish() -> None:
    assert error_line(["analyze", "dicebones", "--algorithm", "negamax", "--lang", "es"]) == (
        "error: negamax no puede buscar en dicebones: tiene nodos de azar (dados, cartas), que "
        "este algoritmo no modela; usa expectiminimax (o expectimax, que modela al rival como "
        "azar)")


def test_the_tictactoe_page_is_in_spanish() -> None:
    result = runner.invoke(app, ["games", "tictactoe", "--lang", "es"], env=ENGLISH)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())  # the page is wrapped to 80 columns
    assert "tictactoe: Gato, ta-te-ti o tres en raya (tic-tac-toe) en un tablero" in text
    assert "dos jugadores, determinista, suma cero, victoria/derrota" in text  # its type
    assert "filas del tablero, de 1 a 8" in text  # a parameter's help
    assert "un carácter por casilla en orden de lectura" in text  # the position's notation
    assert "Tic-tac-toe (gato" not in text
    english = runner.invoke(app, ["games", "tictactoe"], env=ENGLISH)
    assert "tictactoe: Tic-tac-toe (gato, ta-te-ti, tres en raya) on a rows x cols board" in \
        " ".join(english.stdout.split())


def test_every_game_description_is_translated_in_the_overview() -> None:
    result = runner.invoke(app, ["games", "--lang", "es"], env=ENGLISH)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    for spanish in ("El juego de los huesos:", "Huesos para tres jugadores:",
                    "Conecta 4 (4 en raya)", "Huesos con dado:", "Nim: toma cualquier número",
                    "Un árbol de juego explícito:", "Gato, ta-te-ti o tres en raya"):
        assert spanish in text


def test_a_sketch_is_in_spanish(speak: Callable[[str], None]) -> None:
    speak("es")
    game = nim.Nim()
    assert game.sketch(game.initial_state())[0].startswith("montón 1  ||| ")
    bones_game = bones3.Bones3()
    assert bones_game.sketch((1, 1)) == ("|  1 hueso", "le toca al jugador 2")
    dice = dicebones.DiceBones()
    assert dice.sketch((4, 0, 1))[1] == "MAX sacó 1: debe tomar 1"


def test_spanish_counts_are_grouped_as_the_rae_writes_them(speak: Callable[[str], None]) -> None:
    speak("es")
    assert grouped(1000) == "1000"
    assert grouped(100_000) == f"100{NBSP}000"
    assert tree.limits().startswith(f"como mucho 100{NBSP}000 nodos, 10{NBSP}000 hijos")
    speak("en")
    assert grouped(100_000) == "100,000"
    assert tree.limits() == tree.LIMITS


def test_texts_marked_at_import_state_the_limits_they_cannot_compute() -> None:
    """A marked text is a literal, so its numbers are written out: they must match the code."""
    assert nim.LIMITS[0].upper() + nim.LIMITS[1:] in nim.Nim.position_help
    assert f"Heaps up to {bones3.HEAP_MAX:,}." in bones3.Bones3.position_help
    assert f"(0 to {bones3.HEAP_MAX:,})" in bones3.Bones3.parameters[0].help
    assert f"Heaps up to {dicebones.HEAP_MAX}." in dicebones.DiceBones.position_help
    assert f"(0 to {dicebones.HEAP_MAX})" in dicebones.DiceBones.parameters[0].help
    assert f"{tree_kinds.PROBABILITY_DIGITS} decimal places" in tree.TreeGame.position_help
    size = {"rows": "1 to 8", "cols": "1 to 8"}
    assert all(p.help.endswith(size[p.name]) for p in TicTacToe.parameters if p.name in size)
    assert all(p.help.endswith("4 to 10") for p in ConnectFour.parameters)
    assert (ConnectFour.parameters[0].parse("10"), TicTacToe.parameters[0].parse("8")) == (10, 8)
    with pytest.raises(ValueError):
        ConnectFour.parameters[0].parse("11")
    with pytest.raises(ValueError):
        TicTacToe.parameters[0].parse("9")


def test_the_class_texts_are_english_until_shown(speak: Callable[[str], None]) -> None:
    speak("es")
    assert TicTacToe.description.startswith("Tic-tac-toe")  # fixed at import, in English
    assert _(TicTacToe.description).startswith("Gato, ta-te-ti o tres en raya")
    assert _(TicTacToe.move_help).startswith("un número de casilla")


def test_every_built_in_game_and_algorithm_speaks_spanish(speak: Callable[[str], None]) -> None:
    """Through the registries: each of this package's own games (its entry points) and algorithms
    (core/search's) has its words in the catalogue; another package's need not (test_plugins)."""
    speak("es")
    for name in built_in_games():
        cls = registry.load(name)
        texts = [cls.description, cls.position_help, cls.move_help,
                 *(parameter.help for parameter in cls.parameters),
                 *cls.named_positions().values()]
        for text in filter(None, texts):
            assert _(text) != text, f"{name}: {text!r} has no Spanish"
    for name, algorithm in ALGORITHMS.built_in().items():
        assert _(algorithm.description) != algorithm.description, f"{name} has no Spanish"
