"""What `minimax play` says of a value proven apart from the move (issue 34, items 13 and 14).

13. Connect Four from the opening book: after the human's first disc in the centre the AI is
    proven lost by the book, and no move's distance is known, so the search's estimate picks the
    move. The AI's line says the proven value in one short sentence and the estimate only as the
    way the move was chosen; `why` says first what is proven of every move, then how the search
    chose, and labels its table as the estimate's.
14. Tic-tac-toe: a think that the table of positions earlier thinks proved answers below a
    shallow depth says so, and `why` still gives the proven line to the end (not "no line").
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from games.tictactoe.game import TicTacToe
from minimax_cli.answer.policy import Policy, Thinker
from minimax_cli.answer.thinks import think_report
from minimax_cli.cli.app import app
from minimax_cli.play.words import explain, line_text
from minimax_cli.reports.words import Party, you

runner = CliRunner()
#: An English locale, a wide terminal and no colour, unless a test says otherwise.
ENV = {"COLUMNS": "200", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "",
       "LC_MESSAGES": ""}
#: What a player reads at a glance: the AI's line after "O (AI) plays N: " in at most two lines
#: of an 80-column terminal (the issue's line was 330 characters long).
GLANCE = 160


def play(typed: str, *args: str) -> list[str]:
    result = runner.invoke(app, ["play", *args], input=typed, env=ENV)
    assert (result.exit_code, result.stderr) == (0, ""), result.output
    return [line for line in result.stdout.splitlines() if not re.search(r"[│┌└├┏┃┡]", line)]


def the_ai_line(lines: list[str], plays: str) -> str:
    return next(line.split(": ", 1)[1] for line in lines if line.startswith(plays))


def why_part(lines: list[str], question: str) -> list[str]:
    """The lines `why` printed, from its question to the statistics."""
    start = next(i for i, line in enumerate(lines) if line.startswith(question))
    return lines[start:]


# --- 13: Connect Four, the AI proven lost by the opening book --------------------------------------
def test_a_lost_ai_says_the_proven_loss_in_one_short_sentence_and_why_proves_first() -> None:
    lines = play("4\nwhy\nquit\n", "connect4", "--seed", "1", "--no-review")
    said = the_ai_line(lines, "O (AI) plays ")
    assert said.startswith("you can force a win (proven by the opening book); chosen to make the "
                           "win as hard as possible: estimate ")
    assert re.search(r"estimate -?\d+ for the AI · [\d,]+ nodes$", said)
    assert len(said) <= GLANCE
    assert "the move is the search's" not in said and "depth" not in said
    move = next(line for line in lines if line.startswith("O (AI) plays ")).split()[3][:-1]
    why = why_part(lines, "why ")
    assert why[0] == f"why {move}? the AI played {move} at ply 2: {said}"
    proven = ("proven by the opening book: every move loses (1, 2, 3, 4, 5, 6, 7): you can force "
              "a win after any of them; how soon is not proven")
    # The proven values first, then how the search chose, then its estimates, labelled.
    assert why[1] == proven
    assert why[2].startswith("how the move was chosen: best move at depth ")
    assert why[3].startswith("line: ")
    heading = "Moves for the AI (O), ranked by the search's estimate (heuristic, not proven)"
    assert heading in why
    assert why.index(proven) < why.index(heading)


def test_the_same_words_in_spanish() -> None:
    lines = play("4\npor qué\nsalir\n", "connect4", "--seed", "1", "--no-review", "--lang", "es")
    said = the_ai_line(lines, "O (IA) juega ")
    assert said.startswith("puedes forzar la victoria (demostrado por el libro de aperturas); "
                           "elegida para que la victoria cueste lo más posible: estimación ")
    assert re.search(r"estimación -?\d+ para la IA · [\d\s]+ nodos$", said)
    assert len(said) <= GLANCE
    why = why_part(lines, "¿por qué ")
    proven = ("demostrado por el libro de aperturas: todas las jugadas pierden (1, 2, 3, 4, 5, 6, "
              "7): puedes forzar la victoria tras cualquiera de ellas; cuán pronto no está "
              "demostrado")
    assert why[1] == proven
    assert why[2].startswith("cómo se eligió la jugada: mejor jugada a profundidad ")
    heading = ("Jugadas para la IA (O), ordenadas según la estimación de la búsqueda (heurística, "
               "no demostrada)")
    assert heading in why and why.index(proven) < why.index(heading)


# --- 14: tic-tac-toe, the table answered -------------------------------------------------------------
def test_why_says_the_table_answered_and_gives_the_proven_line() -> None:
    # X 2, 4, 9 against the AI with seed 7: its third think, O's 8, searched one ply and read the
    # rest from the table its earlier thinks had proven to the end (the case).
    lines = play("2\n4\n9\nwhy\nquit\n", "--seed", "7", "--no-review")
    words = ("a draw with best play, proven by a search 1 ply deep and the table of positions "
             "already proven · 5 nodes")
    assert the_ai_line(lines, "O (AI) plays 8") == words
    why = why_part(lines, "why 8? ")
    assert why[0] == f"why 8? the AI played 8 at ply 6: {words}"
    # O 8 leaves X 3, 6 or 7: a draw with best play whatever the order, to the full board.
    line = re.fullmatch(r"line: 8 (\d) (\d) (\d) \(best play on both sides, to the end of the "
                        r"game\)", why[1])
    assert line is not None and sorted(line.groups()) == ["3", "6", "7"]
    assert not any("no line" in text or "search to the end" in text for text in why)
    assert re.search(r"depth +1 ply$", "\n".join(why), re.MULTILINE)


def test_the_table_answering_is_said_in_spanish() -> None:
    lines = play("2\n4\n9\npor qué\nsalir\n", "--seed", "7", "--no-review", "--lang", "es")
    said = the_ai_line(lines, "O (IA) juega 8")
    assert said == ("empate con juego perfecto por ambos lados, según demuestra una búsqueda de 1 "
                    "turno de profundidad y la tabla de posiciones ya demostradas · 5 nodos")
    why = why_part(lines, "¿por qué 8? ")
    assert why[1].startswith("línea: 8 ") and why[1].endswith(
        "(juego perfecto por ambos lados, hasta el final de la partida)")


def all_thinks(seed: int) -> list[tuple[Any, Any, Thinker]]:
    """Every think of the AI (O) in a game against random X moves: its state, its choice."""
    game, rng = TicTacToe(), random.Random(seed)
    thinker = Thinker(game, Policy(budget=600.0), random.Random(seed))
    state, found = game.initial_state(), []
    while game.outcome(state) is None:
        if game.to_move(state) == 0:
            move = rng.choice(list(game.legal_moves(state)))
        else:
            choice = thinker.choose(state)
            found.append((state, choice, thinker))
            move = choice.move
        state = game.play(state, move)
    return found


@pytest.mark.parametrize("seed", range(0, 160, 8))
def test_a_proven_think_always_has_its_proven_line_and_never_claims_a_longer_search(
        seed: int) -> None:
    """Whatever the table held: the line of a proven move reaches the end of the game, proven;
    and the words say "a search to the end" only when the search's depth covers that line."""
    game = TicTacToe()
    for state, choice, thinker in all_thinks(seed):
        thought = choice.thought
        assert thought.solved  # a 3x3 board is solved in every think
        line = thinker.line(state, thought, choice.move)
        assert line.proven and line.to_the_end, (seed, state, line)
        assert "no line" not in line_text(game, state, line)
        said = explain(game, think_report(game, state, thought), choice.move,
                       Party(1, "the AI"), you(0), played=True)
        # A draw or a win of the same distance: every best move's line is as long. A search
        # that went to the end by itself went at least that deep.
        depth = thought.result.depth
        if "a search to the end" in said:
            assert depth is None or depth >= len(line.moves), (seed, said)
        else:
            assert "the table of positions already proven" in said, (seed, said)
            assert depth is not None and depth < len(line.moves), (seed, said)
