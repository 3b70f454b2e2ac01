"""`minimax play` in Spanish: `--lang es` or a Spanish locale, the course's words, every line of a
scripted game, refusals, the help, the review; the Spanish command names work in any language."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console
from typer.testing import CliRunner

from games.bones.game import Bones
from games.tictactoe.game import TicTacToe
from minimax_cli.answer.levels import parse_level
from minimax_cli.answer.policy import Policy
from minimax_cli.cli.app import app
from minimax_cli.core.i18n import speaking
from minimax_cli.core.words import count, in_plies
from minimax_cli.play.session import Session, make_config
from minimax_cli.play.words import policy_words

runner = CliRunner()
#: An English locale, a wide terminal and no colour, unless a test says otherwise.
ENV = {"COLUMNS": "200", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "",
       "LC_MESSAGES": ""}
NBSP = "\u00a0"



def play(typed: str, *args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["play", *args], input=typed, env={**ENV, **(env or {})})
    return result.exit_code, result.stdout, result.stderr


def words(out: str) -> list[str]:
    """The lines that are not the board's drawing, node counts written N."""
    return [re.sub(r"· \d+ nodos", "· N nodos", line) for line in out.splitlines()
            if not re.search(r"[│┌└├]|^ +a +b +c *$", line)]


# --- a whole game ---------------------------------------------------------------------------------
INTRO = ("tictactoe: juegas como X (primero) contra la IA (nivel 5: perfecto, hasta 1 s por "
         "jugada). Escribe ayuda para ver los comandos.")
DRAW = ("empate con juego perfecto por ambos lados, según demuestra una búsqueda hasta el final · "
        "N nodos")
#: A search two plies deep that met positions the earlier thinks had proven to the end.
FROM_TABLE = ("empate con juego perfecto por ambos lados, según demuestra una búsqueda de 2 turnos "
              "de profundidad y la tabla de posiciones ya demostradas · N nodos")


def test_the_readme_game_in_spanish_line_by_line() -> None:
    code, out, err = play("5\n1\n6\n8\n7\n", "--seed", "1", "--lang", "es")
    assert (code, err) == (0, "")
    assert words(out) == [
        INTRO,
        "X (tú) juega 5",
        f"O (IA) juega 3: {DRAW}",
        "última jugada [ ]: 3 (c3)",
        "X (tú) juega 1",
        f"O (IA) juega 9: {DRAW}",
        "última jugada [ ]: 9 (c1)",
        "X (tú) juega 6",
        f"O (IA) juega 4: {FROM_TABLE}",
        "última jugada [ ]: 4 (a2)",
        "X (tú) juega 8",
        f"O (IA) juega 2: {DRAW}",
        "última jugada [ ]: 2 (b3)",
        "X (tú) juega 7",
        "última jugada [ ]: 7 (a1)",
        "fin de la partida: empate tras 9 turnos",
        "revisión del solucionador: ninguna jugada dejó escapar una victoria ni un empate",
        "adiós",
    ]
    # The same game in English, move for move.
    code, english, _ = play("5\n1\n6\n8\n7\n", "--seed", "1")
    assert [line.split(":")[0] for line in english.splitlines() if " plays " in line] == [
        line.split(":")[0].replace("juega", "plays").replace("tú", "you").replace("IA", "AI")
        for line in words(out) if " juega " in line]


def test_a_spanish_locale_chooses_spanish_and_lang_en_overrides_it() -> None:
    code, out, _ = play("5\n", "--seed", "1", env={"LANG": "es_AR.UTF-8"})
    assert code == 0
    assert words(out)[:3] == [INTRO, "X (tú) juega 5", f"O (IA) juega 3: {DRAW}"]
    code, out, _ = play("5\n", "--seed", "1", "--lang", "en", env={"LANG": "es_AR.UTF-8"})
    assert out.splitlines()[0].startswith("tictactoe: you play X (first) against the AI")


def test_a_lost_game_its_slip_and_the_win_announced() -> None:
    code, out, _ = play("2\n1\n4\n", "--seed", "1", "--lang", "es")
    assert code == 0
    assert words(out)[5:] == [
        "O (IA) juega 6: la IA puede forzar la victoria en 2 jugadas más, según demuestra una "
        "búsqueda hasta el final · N nodos",
        "última jugada [ ]: 6 (c2)",
        "X (tú) juega 4",
        "O (IA) juega 9: la IA gana con esta jugada",
        "última jugada: 9 (c1)   línea ganadora * *: c3 c2 c1",
        "fin de la partida: gana O (IA) tras 6 turnos",
        "revisión del solucionador:",
        "  turno 3, X (tú) en 1: dejó escapar el empate; 5 lo conservaba",
        "adiós",
    ]


def test_the_review_of_a_game_without_a_grid() -> None:
    code, out, _ = play("2\n", "bones", "--n", "5", "--seed", "2", "--lang", "es")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == ("bones: juegas como MAX (primero) contra la IA (nivel 5: perfecto, hasta "
                        "1 s por jugada). Escribe ayuda para ver los comandos.")
    assert lines[2:4] == ["posición: 5", "jugadas:  1, 2, 3"]
    assert lines[-6:] == [
        "posición: 0",
        "jugadas:  ninguna, la partida ha terminado",
        "fin de la partida: gana MIN (IA) tras 2 turnos",
        "revisión del solucionador:",
        "  turno 1, MAX (tú) jugó 2: dejó escapar la victoria; 1 la conservaba",
        "adiós",
    ]
    assert "MIN (IA) juega 3: la IA gana con esta jugada" in lines


# --- refusals ---------------------------------------------------------------------------------------
def test_refused_lines_are_said_in_spanish_and_the_game_goes_on() -> None:
    code, out, err = play("5\n\x01\n" + "9" * 101 + "\n1\n", "--seed", "1", "--lang", "es")
    assert code == 2
    assert err.splitlines() == [
        "error: línea 2: la línea '\\x01' contiene U+0001 (un carácter de control); escribe una "
        "jugada o un comando con caracteres imprimibles",
        "error: línea 3: la línea tiene 101 caracteres; una jugada o un comando tiene como mucho "
        "100 caracteres",
    ]
    assert "X (tú) juega 1" in out


def test_an_illegal_move_is_refused_in_a_spanish_frame() -> None:
    # The reason itself is the game's own message (games/ speaks English for now).
    code, out, err = play("5\n5\n1\n", "--seed", "1", "--lang", "es")
    assert code == 2
    assert err.startswith("error: línea 2: jugada ilegal '5': la casilla 5 ya está ocupada por X")
    assert "X (tú) juega 1" in out


def drive(keys: str, game: TicTacToe | Bones | None = None) -> tuple[Session, str]:
    """A session at a terminal (prompt-toolkit's pipe input) in Spanish; what it printed."""
    game = game or TicTacToe()
    buffer = io.StringIO()
    with speaking("es"), create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        session = Session(game, make_config(game, seed=1, budget=600.0),
                          console=Console(file=buffer, width=100, color_system=None),
                          input=pipe, output=DummyOutput(), sleep=lambda seconds: None)
        session.run()
    return session, buffer.getvalue()


def test_an_empty_entry_at_a_terminal_says_what_to_type() -> None:
    _, out = drive("\r")
    assert "error: escribe una jugada, como 1, o ayuda para ver los comandos" in out


# --- commands ---------------------------------------------------------------------------------------
HELP = [
    "Escribe una jugada o un comando:",
    "  jugadas   un número de casilla contado desde 1 en orden de lectura (arriba a la izquierda "
    "es 1), o una coordenada como b2: letra de columna a.. desde la izquierda y número de fila "
    "desde abajo (a1 es la esquina inferior izquierda)",
    "  pista     el valor de cada jugada para ti, la mejor primero (600 s como mucho)",
    "  deshacer  deshace tu última jugada y la respuesta de la IA",
    "  por qué   la última jugada de la IA explicada: su valor y la línea que espera",
    "  tablero   muestra el tablero otra vez",
    "  ayuda     este texto",
    "  salir     termina la sesión (también Ctrl-D, o Ctrl-C mientras escribes;",
    "            mientras la IA piensa, Ctrl-C solo la interrumpe y la IA juega",
    "            la mejor jugada que haya hallado)",
    "Los comandos en inglés también valen: hint, undo, why, board, help, quit.",
    "Una entrada tiene como mucho 100 caracteres. Tab completa jugadas y comandos;",
    "las flechas arriba y abajo recuperan lo escrito antes.",
]


@pytest.mark.parametrize("typed", ["ayuda", "help", "AYUDA"])
def test_the_help_in_spanish_names_the_spanish_commands(typed: str) -> None:
    _, out = drive(typed + "\r")
    lines = out.splitlines()
    start = lines.index(HELP[0])
    assert lines[start:start + len(HELP)] == HELP


def test_spanish_commands_hint_why_undo_and_quit(speak: Callable[[str], None]) -> None:
    speak("es")  # for the completion asked of the session after the game
    session, out = drive("pista\r5\rpor qué\rdeshacer\rsalir\r")
    lines = out.splitlines()
    assert "Jugadas para ti (X), la mejor primero" in lines
    assert "★ mejor: conserva el valor del juego" in lines
    assert any(line.startswith("lo mejor: 1, 2, 3, 4, 5, 6, 7, 8, 9 (empate con juego perfecto por "
                               "ambos lados, según demuestra una búsqueda hasta el final · ")
               for line in lines)
    assert any(line.startswith("¿por qué 3? la IA jugó 3 en el turno 2: empate con juego "
                               "perfecto") for line in lines)
    assert ("línea: 3 4 6 9 1 2 8 7 (juego perfecto por ambos lados, hasta el final de la partida)"
            in lines)  # with 5 played before, the board is full: the line ends the game
    assert "Jugadas para la IA (O), la mejor primero" in lines
    assert "se deshicieron 2 turnos (tu jugada 5, la jugada 3 de la IA)" in lines
    assert lines[-1] == "adiós"
    assert session.moves == []  # undone, then quit
    # Tab completes the commands by their Spanish names.
    assert list(session.entries())[:6] == ["pista", "deshacer", "por qué", "tablero", "ayuda",
                                           "salir"]


def test_spanish_command_names_work_in_an_english_session() -> None:
    code, out, _ = play("pista\nsalir\n", "--seed", "1")
    assert code == 0
    assert "Moves for you (X), best first" in out
    assert out.rstrip().endswith("bye")


def test_a_finished_game_asks_to_play_again_in_spanish() -> None:
    # Taking all 3 bones wins at once; the question itself goes to prompt-toolkit's output.
    _, out = drive("3\rquizás\rn\r", Bones(3))
    assert out.splitlines()[-4:] == [
        "fin de la partida: gana MAX (tú) tras 1 turno",
        "revisión del solucionador: ninguna jugada dejó escapar una victoria ni un empate",
        "error: responde s o n",
        "adiós",
    ]
    _, out = drive("3\rsí\r3\rs\r3\rno\r", Bones(3))
    assert out.count("fin de la partida") == 3


# --- words and options ------------------------------------------------------------------------------
def test_counts_in_spanish_agree_and_group_digits_as_the_rae_does(speak: Callable[[str], None]) -> None:
    assert count(12_345, "node") == "12,345 nodes"  # English is unchanged
    assert in_plies(1, at_most=True) == " in at most 1 ply"
    speak("es")
    assert count(1, "ply") == "1 turno"
    assert count(2, "ply") == "2 turnos"
    assert count(1_234, "node") == "1234 nodos"
    assert count(12_345, "node") == f"12{NBSP}345 nodos"
    assert in_plies(1, at_most=True) == " en 1 turno como mucho"


def test_levels_and_their_errors_in_spanish(speak: Callable[[str], None]) -> None:
    speak("es")
    assert parse_level("fácil") == parse_level("facil") == parse_level("easy") == 2
    assert policy_words(Policy.make(TicTacToe(), "medio")) == (
        "nivel 3: medio, 3 turnos de profundidad, hasta 1 s por jugada")
    code, _, err = play("", "--level", "zzz", "--lang", "es")
    assert code == 2
    assert err.strip() == ("error: nivel desconocido 'zzz'; elige uno de 1 (débil), 2 (fácil), "
                           "3 (medio), 4 (fuerte), 5 (perfecto)")
    code, out, _ = play("", "--side", "segundo", "--level", "1", "--seed", "1", "--lang", "es")
    assert code == 0
    assert "juegas como O (segundo)" in out.splitlines()[0]
