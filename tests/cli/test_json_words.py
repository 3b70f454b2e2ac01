"""`--json` is English because the JSON writer never translates, not because a command switches
its language: a report keeps its words as messages (`minimax_cli.core.i18n.Message`), the views
translate them, the JSON writers write their English source.

Each command below runs with `--lang es` and `--lang en` and must print the same bytes (but for the
times measured); and the JSON writers run while every translator refuses to translate.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn
from unittest.mock import patch

import pytest

from minimax_cli import registry
from minimax_cli.core.i18n import M_, Grouped, Translator, english_of, nM_, speaking, text_of
from minimax_cli.reports import json_form
from minimax_cli.services import analyze
from tests.cli.entry import run_main

#: Per game, commands whose JSON carries words: a result, solvers' explanations, search notes
#: (max^n's ties, MCTS's playouts), --compare's notes, a series' sentences, --trace's steps.
COMMANDS: dict[str, list[list[str]]] = {
    "bones": [["analyze", "bones", "--n", "9"], ["solve", "bones", "--n", "8"],
              ["solve", "bones", "--upto", "12"], ["analyze", "bones", "--n", "4", "--trace"]],
    "bones3": [["analyze", "bones3", "--n", "6"], ["solve", "bones3", "--n", "6"],
               ["solve", "bones3", "--upto", "12"], ["analyze", "bones3", "--n", "5", "--trace"]],
    "connect4": [["analyze", "connect4", "--depth", "2"],
                 ["solve", "connect4", "5554224333234511764415115"],
                 ["solve", "connect4", "5554224333234511764415115", "--weak"]],
    "dicebones": [["analyze", "dicebones", "--n", "4"], ["solve", "dicebones", "--n", "4"],
                  ["analyze", "dicebones", "--n", "3", "--trace"],
                  ["analyze", "dicebones", "--algorithm", "mcts", "--iterations", "200"]],
    "nim": [["analyze", "nim"], ["solve", "nim"], ["solve", "nim", "--heaps", "1,1,1", "--misere"]],
    "tictactoe": [["analyze", "tictactoe", "--depth", "1"], ["solve", "tictactoe"],
                  ["analyze", "tictactoe", "--compare", "--depth", "2"],
                  ["analyze", "tictactoe", "--algorithm", "mcts", "--iterations", "50",
                   "--trace"],
                  ["analyze", "tictactoe", "--depth", "2", "--trace"]],
    "tree": [["analyze", "tree", "@abcd", "--trace"], ["solve", "tree", "@abcd", "--tree"],
             ["analyze", "tree", "@abcd", "--compare"]],
}
#: Any other registered game: a search within a budget of nodes (it needs no evaluation).
OTHER_GAME = ["analyze", "{game}", "--nodes", "2000"]
CASES = [args for game in registry.names()
         for args in COMMANDS.get(game, [[w.format(game=game) for w in OTHER_GAME]])]
TIMES = re.compile(r'"(time_s|nodes_per_s)": [0-9.e+-]+')


def test_every_game_is_covered() -> None:
    assert {args[1] for args in CASES} == set(registry.names())
    assert set(COMMANDS) <= set(registry.names())  # none of the commands above is left unrun


def json_of(args: list[str], lang: str) -> str:
    done = run_main(*args, "--json", "--lang", lang)
    assert done.returncode == 0, done.stderr
    return TIMES.sub(r'"\1": 0', done.stdout)


@pytest.mark.parametrize("args", CASES, ids=" ".join)
def test_the_json_is_the_same_in_spanish(args: list[str]) -> None:
    english = json_of(args, "en")
    assert json_of(args, "es") == english
    assert english.lstrip("[\n ").startswith('{\n') and "jugador" not in english


@contextmanager
def translators_refuse() -> Iterator[None]:
    """Every translator, English's too, fails the test when asked for a string."""
    def refuse(*_args: object) -> NoReturn:
        raise AssertionError("the JSON writer asked a translator")

    with patch.object(Translator, "gettext", refuse), patch.object(Translator, "ngettext", refuse), \
            patch.object(Translator, "pgettext", refuse):
        yield


def refusing(writer: Callable[..., Any]) -> Callable[..., Any]:
    def written(*args: Any, **kwargs: Any) -> Any:
        with translators_refuse():
            return writer(*args, **kwargs)
    return written


#: One command of each kind the writers meet: --compare, --trace, --upto, a solver's explanation,
#: the proof search's, max^n's tie notes, MCTS's simulations.
WRITER_CASES = [COMMANDS["tictactoe"][2], COMMANDS["tictactoe"][3], COMMANDS["tree"][0],
                COMMANDS["bones"][2], COMMANDS["bones3"][2], COMMANDS["bones3"][1],
                COMMANDS["nim"][2], COMMANDS["connect4"][1], COMMANDS["dicebones"][2]]


@pytest.mark.parametrize("args", WRITER_CASES, ids=" ".join)
def test_the_json_writers_never_translate(args: list[str]) -> None:
    """`analyze`'s JSON answer (reports, --compare's notes, --trace's steps) and `solve`'s (its
    report and --upto's series) are written while any translation would fail."""
    english = json_of(args, "en")
    with patch.object(analyze, "json_answer", refusing(analyze.json_answer)), \
            patch.object(json_form, "report_dict", refusing(json_form.report_dict)):
        assert json_of(args, "es") == english


def test_the_json_writers_do_not_import_the_translation_functions() -> None:
    """The report writers read messages' English only (`english_of`), never `_` and its kin."""
    root = Path(json_form.__file__).parent
    for name in ("json_form.py", "trace_words.py"):
        tree = ast.parse((root / name).read_text(encoding="utf-8"))
        imported = {alias.asname or alias.name for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) for alias in node.names}
        assert not imported & {"_", "ngettext", "pgettext", "text_of", "speaking"}, name


def test_a_message_is_translated_when_shown_and_english_at_its_source() -> None:
    distance = nM_(" in {count} ply", " in {count} plies", 12_000, count=Grouped(12_000))
    words = M_("win{distance}", distance=distance)
    with speaking("es"):
        assert str(words) == text_of(words) == "victoria en 12\u00a0000 turnos"
        with translators_refuse():
            assert english_of(words) == words.english() == "win in 12,000 plies"
    assert str(words) == "win in 12,000 plies"  # outside any command: English
