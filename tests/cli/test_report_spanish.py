"""`minimax analyze` and `minimax solve` in Spanish (issue 12): the lines that carry the meaning,
as a student sees them in a terminal 80 columns wide, for the course's examples (the alpha-beta
tree, bones with n = 8, tic-tac-toe solved and at depth 1 with open lines); and `--json`, which
scripts read, the same with or without `--lang es`. English is tested elsewhere and must not
change."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from minimax_cli.cli.app import app

runner = CliRunner()
#: A terminal 80 columns wide, no colour, an English locale: Spanish only from --lang es.
ENV = {"COLUMNS": "80", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "",
       "LC_MESSAGES": ""}



def screen(*args: str) -> list[str]:
    """The lines printed, without the padding Rich adds on the right."""
    result = runner.invoke(app, [*args, "--lang", "es"], env=ENV)
    assert result.exit_code == 0, result.output
    return [line.rstrip() for line in result.stdout.splitlines()]


def flowing(lines: list[str]) -> str:
    """The screen as one line of words, for sentences Rich wraps at 80 columns."""
    return " ".join(" ".join(lines).split())


def test_the_alpha_beta_example_of_the_course() -> None:
    lines = screen("analyze", "tree", "@abcd")
    for expected in [
        "juega     MAX (primer jugador)",
        "resultado 3 para el jugador que mueve (MAX)",
        "valor     3  (visto por MAX)",
        "mejor     B",
        "línea     B 1  (hasta el final de la partida)",
        "Jugadas, la mejor primero para el jugador que mueve",
        "┃ jugada ┃ para MAX (que juega) ┃ valor (MAX) ┃ óptima ┃",
        "│ B ★    │ valor 3              │           3 │ sí     │",
        "│ D      │ valor 2              │           2 │ no     │",
        "│ C      │ valor como mucho 2   │         ≤ 2 │ no     │",
        "★ mejor: las jugadas óptimas",
        "óptima: conserva el valor del juego",
        "  nodos (raíz incluida)                11",
        "  hojas evaluadas                       7",
        "  cortes                                1",
        "  profundidad              hasta el final",
    ]:
        assert expected in lines, expected


def test_bones_with_8_bones_the_first_player_loses() -> None:
    lines = screen("solve", "bones", "--n", "8")
    assert lines[0] == "bones · resuelto"
    for expected in [
        "juega          MAX (primer jugador)",
        "valor          -1: gana el segundo jugador (MIN) en 4 turnos  (visto por MAX)",
        "línea          1 3 1 3  (hasta el final de la partida)",
        "óptimas        3 de 3 jugadas conservan el valor del juego",
        "primer jugador no gana con juego perfecto por ambos lados",
        "método         tabla: el solucionador exacto propio del juego, 9 posiciones",
        "┃ jugada ┃ para MAX (que juega) ┃ valor (MAX) ┃ óptima ┃",
        "│ 1 ★    │ derrota en 4 turnos  │          -1 │ sí     │",
        "│ 2 ★    │ derrota en 4 turnos  │          -1 │ sí     │",
        "│ 3 ★    │ derrota en 4 turnos  │          -1 │ sí     │",
    ]:
        assert expected in lines, expected
    assert "★ mejor: entre las jugadas óptimas, la victoria más rápida o la derrota más lenta" in (
        flowing(lines))
    assert ("resultado el jugador que mueve (MAX) pierde en 4 turnos con juego perfecto por ambos "
            "lados") in flowing(lines)


def test_bones_with_10_bones_one_move_wins() -> None:
    lines = screen("solve", "bones", "--n", "10")
    assert ("resultado el jugador que mueve (MAX) gana en 5 turnos con juego perfecto por ambos "
            "lados") in flowing(lines)
    assert "óptimas        1 de 3 jugadas conserva el valor del juego" in lines
    assert "primer jugador gana con juego perfecto por ambos lados" in lines
    assert "│ 2 ★    │ victoria en 5 turnos │          +1 │ sí     │" in lines


def test_tic_tac_toe_solved_is_a_draw() -> None:
    lines = screen("solve", "tictactoe")
    text = flowing(lines)
    assert ("resultado empate con juego perfecto por ambos lados: ningún jugador puede forzar la victoria"
            in text)
    for expected in ["valor          0: empate  (visto por MAX)",
                     "óptimas        9 de 9 jugadas conservan el valor del juego",
                     "primer jugador no gana con juego perfecto por ambos lados",
                     "│ 5 ★    │ empate               │           0 │ sí     │"]:
        assert expected in lines, expected
    assert re.search(r"método búsqueda: el motor, [\d\u00a0]+ nodos buscados, [\d\u00a0]+ "
                     r"entradas guardadas en la tabla, \d\.\d{3} s por qué El motor buscó cada "
                     r"jugada hasta el final de la partida", text), text


def test_tic_tac_toe_at_depth_1_with_open_lines() -> None:
    """The course's worked example: centre 8 - 4 = 4, corner 8 - 5 = 3, edge 8 - 6 = 2."""
    lines = screen("analyze", "tictactoe", "--depth", "1")
    for expected in [
        "valor     4 (estimación heurística, no demostrada)  (visto por MAX)",
        "mejor     5",
        "┃ jugada ┃ para MAX (que juega)      ┃ valor (MAX) ┃",
        "│ 5 ★    │ estimación 4 (heurística) │          +4 │",
        "★ mejor según la estimación de la búsqueda completa más profunda (no demostrado)",
    ]:
        assert expected in lines, expected
    for corner in "1379":
        assert f"│ {corner}      │ estimación 3 (heurística) │          +3 │" in lines
    for edge in "2468":
        assert f"│ {edge}      │ estimación 2 (heurística) │          +2 │" in lines
    text = flowing(lines)
    assert ("resultado 4 para el jugador que mueve (MAX) (estimación heurística, no demostrada)"
            in text)
    assert "profundidad 1 turno" in text


def test_the_game_tree_drawn_by_solve() -> None:
    lines = screen("solve", "tree", "@abcd", "--tree")
    assert "├── B  ▼ MIN  = 3" in lines
    assert "│   ├── 1 → 3  hoja = 3" in lines
    assert "La misma posición buscada dos veces (los nodos incluyen la raíz)" in lines
    assert "método    minimax: el árbol de juego completo, 13 nodos, 0.000 s" in [
        re.sub(r"\d\.\d{3} s", "0.000 s", line) for line in lines]


def test_a_search_stopped_by_its_node_budget() -> None:
    text = flowing(screen("analyze", "tictactoe", "--nodes", "3"))
    assert "resultado sin valor: la búsqueda se detuvo antes de completar ninguna profundidad" in (
        text)
    assert "mejor 5 (sin buscar: la primera jugada según el orden de jugadas)" in text
    assert ("detenida se agotó el presupuesto de nodos antes de completar ninguna profundidad: "
            "no se da ningún valor") in text


def test_the_pattern_of_a_family_of_positions() -> None:
    lines = screen("solve", "bones", "--upto", "20")
    text = flowing(lines)
    assert "│  0 │  P  │ sin jugadas       │" in lines
    assert "│  1 │  G  │ 1                 │" in lines
    assert ("patrón para todo n, el jugador que mueve pierde exactamente cuando n mod 4 = 0 "
            "(período 4 desde n = 0, demostrado; ver la demostración)") in text
    assert "observado los resultados para n = 0..20 también muestran este período" in text
    three = flowing(screen("solve", "bones3", "--upto", "12"))
    assert ("para todo n, el jugador 1 gana cuando n mod 5 = 1, 2 o 3; el jugador 2, cuando "
            "n mod 5 = 4; el jugador 3, cuando n mod 5 = 0") in three


def test_three_players_are_named_with_their_number() -> None:
    lines = screen("analyze", "bones3", "--n", "6")
    assert "┃ jugada ┃ para el jugador 1 (que juega) ┃" in " ".join(lines)
    # Player 1 wins after taking 1 only if player 2, who cannot win at heap 5, takes 1 (†).
    assert "│ 1 ★    │ valor 1 para el jugador 1     │                 1, 0, 0 † │ sí     │" in lines
    assert ("† estas utilidades valen si cada jugador rompe los empates como max^n (la primera "
            "jugada en el orden de jugadas del juego)") in flowing(lines)
    assert "utilidades jugador 1 1, jugador 2 0, jugador 3 0  (valores, por jugador)" in lines


def test_a_game_page() -> None:
    lines = screen("games", "bones")
    for heading in ["Parámetros (opciones tras el nombre del juego)", "Notación", "Ejemplos"]:
        assert heading in lines
    assert "  Quién gana desde el principio con juego perfecto por ambos lados:" in lines
    overview = screen("games")
    assert overview[0] == "Juegos"
    assert "           parámetros: ninguno" in overview


@pytest.mark.parametrize("args", [
    ["analyze", "tree", "@abcd"],
    ["solve", "bones", "--n", "8"],
    ["solve", "tictactoe"],
    ["analyze", "tictactoe", "--depth", "1"],
    ["solve", "bones", "--upto", "12"],
])
def test_json_is_the_same_in_spanish(args: list[str]) -> None:
    """Scripts read the JSON's words too: byte for byte the same but for the times measured."""
    def json_of(*extra: str) -> str:
        result = runner.invoke(app, [*args, "--json", *extra], env=ENV)
        assert result.exit_code == 0, result.output
        return re.sub(r'"(time_s|nodes_per_s)": [0-9.e+-]+', r'"\1": 0', result.stdout)

    english = json_of()
    assert json_of("--lang", "es") == english
    assert english.startswith('{\n  "schema"') and "jugador" not in english
