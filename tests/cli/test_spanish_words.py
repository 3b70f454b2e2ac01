"""Spanish that keeps every word (issue 20, defect 2): a node is "el nodo 1" wherever English says
"node 1" (with "de el" written "del", as Spanish writes it), one exercise is singular, the quiz's
root is "raíz", and a bound reads "valor como mucho 2"."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from minimax_cli.cli.app import app
from minimax_cli.core.i18n import contracted

runner = CliRunner()
ENV = {"COLUMNS": "80", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "",
       "LC_MESSAGES": ""}
THREE_BY_THREE = "[[3,12,8],[2,4,6],[14,5,2]]"


def spanish(*args: str) -> str:
    result = runner.invoke(app, [*args, "--lang", "es"], env=ENV)
    assert result.exit_code == 0, result.output
    return result.stdout


def step_lines(out: str) -> list[str]:
    """The numbered steps of a --trace output without their numbers, a wrapped step joined."""
    steps: list[str] = []
    for line in out.splitlines():
        head, _, rest = line.strip().partition(" ")
        if head == str(len(steps) + 1):
            steps.append(rest.strip())
        elif steps and line.startswith("   ") and line.strip():
            steps[-1] += " " + line.strip()
        elif steps:  # the report after the steps
            break
    return steps


def test_the_trace_of_an_unlabelled_tree_names_its_nodes() -> None:
    steps = step_lines(spanish("analyze", "tree", THREE_BY_THREE, "--trace"))
    assert steps == [
        "se entra en la raíz (MAX) con α = -∞, β = +∞",
        "se entra en el nodo 1 (MIN) con α = -∞, β = +∞",
        "(a) la primera hoja del nodo 1 es 3, así que el nodo 1 ≤ 3",
        "(b) la siguiente hoja del nodo 1 es 12, lo que no cambia nada",
        "(c) la última hoja del nodo 1 es 8, así que el nodo 1 = 3 y la raíz ≥ 3",
        "se entra en el nodo 2 (MIN) con α = 3, β = +∞",
        "(d) la primera hoja del nodo 2 es 2, así que el nodo 2 ≤ 2",
        "el nodo 2 ≤ 2 ≤ α = 3: se poda el resto del nodo 2, sin examinar: las hojas 4 y 6",
        "se entra en el nodo 3 (MIN) con α = 3, β = +∞",
        "(e) la primera hoja del nodo 3 es 14, así que el nodo 3 ≤ 14 y la raíz ≤ 14",
        "(f) la siguiente hoja del nodo 3 es 5, así que el nodo 3 ≤ 5 y la raíz ≤ 5",
        "(g) la última hoja del nodo 3 es 2, así que el nodo 3 = 2 y la raíz = 3",
        "la raíz = 3: MAX elige el nodo 1",
    ]


def test_the_quiz_answer_key_names_its_nodes_and_its_root() -> None:
    out = spanish("quiz", "--count", "1", "--seed", "0")
    assert "1 ejercicio generado con la semilla 0: un árbol de 3 niveles" in out
    assert "El mismo comando da el mismo ejercicio:" in out
    assert "```text\nraíz ▲ MAX\n" in out
    assert "root" not in out.split("```text", 1)[1].split("```", 1)[0]
    # seed 0's first tree: node 1.1 holds the leaves 9, 2 and 10 (its drawing says so)
    assert "├── #1 = 9" in out and "├── #2 = 2" in out and "└── #3 = 10" in out
    assert ("6. (c) la última hoja del nodo 1.1 es 10, así que el nodo 1.1 = 10 y el nodo 1 ≤ 10"
            in out)


def test_five_exercises_stay_plural_and_english_counts_one() -> None:
    assert "5 ejercicios generados con la semilla 0: árboles de 3 niveles" in spanish("quiz")
    english = runner.invoke(app, ["quiz", "--count", "1"], env=ENV).stdout
    assert "1 exercise drawn from seed 0: a tree 3 levels deep" in english
    assert "```text\nroot ▲ MAX\n" in english


def test_a_bound_in_the_moves_table_reads_naturally() -> None:
    lines = [line.rstrip() for line in spanish("analyze", "tree", "@abcd").splitlines()]
    assert "│ C      │ valor como mucho 2   │         ≤ 2 │ no     │" in lines


def test_de_and_a_before_el_are_contracted() -> None:
    assert contracted("la hoja de el nodo 2 va a el nodo 3") == "la hoja del nodo 2 va al nodo 3"
    assert contracted("De el nodo; de él; de ella; a elegir") == "Del nodo; de él; de ella; a elegir"


def flowing(out: str) -> str:
    """The output as one line of words (Rich wraps sentences at the console's width)."""
    return " ".join(out.split())


def test_the_tree_view_names_its_root_in_spanish() -> None:
    out = spanish("analyze", "tree", THREE_BY_THREE, "--tree")
    assert out.splitlines()[0].startswith("★ raíz ▲ MAX  α=-∞ β=+∞  = 3")


def test_a_tie_note_of_three_players_names_them_with_their_article() -> None:
    # bones3 with 10 bones: player 1 gets 0 whatever it takes; the first move, 1, lets player 3
    # take the last bone (the line 1 1 3 1 1 3)
    words = flowing(spanish("analyze", "bones3"))
    assert ("en la posición 10, al jugador 1 le daban igual las jugadas 1, 2 y 3 (cada una le "
            "vale 0)") in words
    assert "así que gana el jugador 3" in words
    assert " a jugador " not in words and "gana jugador" not in words


def test_the_proof_score_convention_is_said_in_spanish() -> None:
    words = flowing(spanish("solve", "connect4", "44455554221"))
    assert ("Puntuación en la convención de Pascal Pons (22 menos las fichas del ganador al "
            "final), para el bando que mueve: -15") in words
    assert "Score in" not in words


def test_a_hint_names_the_solvers_method_in_spanish() -> None:
    result = runner.invoke(app, ["play", "nim", "--seed", "2", "--lang", "es"],
                           input="hint\nquit\n", env={**ENV, "COLUMNS": "200"})
    assert ("lo mejor: 1:2 (puedes forzar la victoria, según demuestra el solucionador propio del "
            "juego (teorema)") in result.stdout


def test_a_player_of_three_chooses_with_the_article() -> None:
    steps = step_lines(spanish("analyze", "tree", '{"players":3,"tree":[[1,2,3],[4,5,6]]}',
                               "--trace"))
    assert steps[-1] == "la raíz = 4: el jugador 1 elige el nodo 2"  # (4,5,6) beats (1,2,3)


def test_a_node_without_bounds_is_said_without_a_dangling_adjective() -> None:
    # Star1 bounds the chance node 1 by its first outcome only: at the first leaf below it, the
    # node (average of 6-or-more and a MIN value not yet bounded) has no bounds yet
    tree = '[{"chance": [["1/2", [[6, 3], [8, 9]]], ["1/2", [[1,2],[3,4]]]]}]'
    steps = step_lines(spanish("analyze", "tree", tree, "--trace", "-a", "star1"))
    assert "(a) la primera hoja del nodo 1.1.1 es 6, así que el nodo 1.1.1 ≥ 6 y el nodo 1 sin cotas" \
        in steps


def test_the_comparison_says_the_same_value_with_its_article() -> None:
    words = flowing(spanish("analyze", "tree", "@abcd", "--compare"))
    assert "El mismo valor con minimax" in words


def test_one_exercise_written_to_a_file_is_singular(tmp_path: Path) -> None:
    target = tmp_path / "quiz.md"
    wide = {**ENV, "COLUMNS": "400"}  # the temporary path is long: one line
    out = runner.invoke(app, ["quiz", "--count", "1", "--out", str(target), "--lang", "es"],
                        env=wide).stdout
    assert out.strip() == f"se escribió 1 ejercicio con su solución en {target}"
    english = runner.invoke(app, ["quiz", "--count", "1", "--out", str(target)], env=wide).stdout
    assert english.strip() == f"wrote 1 exercise with its answer key to {target}"
