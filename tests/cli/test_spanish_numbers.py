"""Numbers in one style in Spanish (issue 34, item 20): the RAE's, a decimal point and digit
groups split by a no-break space from five digits up (`20 000`, `5000`), never English commas
(`20,000`) beside them. English keeps its commas.

Each case runs one command in both languages and checks counts known without the tool: the
budget a run was given, the trace's default of 5,000 recorded nodes, the heaps 0..n that bones
solves, the nodes of a full tree (1 + 5 + ... + 5^6 = 19,531), the book's own counts as English
prints them.
"""

from __future__ import annotations

import re
from pathlib import Path

from minimax_cli.core.i18n import english_of, speaking
from minimax_cli.core.words import count, count_words
from tests.cli.entry import run_main

#: A terminal 80 columns wide, no colour, an English locale: Spanish only from --lang es.
ENV = {"COLUMNS": "80", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "",
       "LC_MESSAGES": ""}
NBSP = "\u00a0"
#: A digit group after a comma: `20,000`, not `4,4,10` (a position) nor `0.5` (a decimal).
COMMA_GROUP = re.compile(r"\d,\d{3}(?!\d)")


def shown(*argv: str, lang: str, code: int = 0) -> str:
    """Everything `minimax ARGV --lang LANG` writes, stdout then stderr."""
    result = run_main(*argv, "--lang", lang, env=ENV)
    assert result.returncode == code, result.stdout + result.stderr
    return result.stdout + result.stderr


def spanish(*argv: str, code: int = 0) -> str:
    """The command's Spanish output, checked to hold no English digit group."""
    text = shown(*argv, lang="es", code=code)
    assert not COMMA_GROUP.findall(text), COMMA_GROUP.findall(text)
    return text


def test_compare_groups_its_counts_and_its_budget() -> None:
    argv = ("analyze", "tictactoe", "--compare", "--nodes", "20000")
    es = spanish(*argv)
    assert f"(--nodes 20{NBSP}000)" in es
    # minimax is stopped by the budget, so its row shows the 20,000 nodes it was given.
    assert re.search(rf"^minimax +\S+ +20{NBSP}000 ", es, re.MULTILINE), es
    en = shown(*argv, lang="en")
    assert "(--nodes 20,000)" in en
    assert re.search(r"^minimax +none +20,000 ", en, re.MULTILINE), en


def test_the_tree_writes_four_digits_without_a_separator(tmp_path: Path) -> None:
    argv = ("analyze", "tictactoe", "-a", "minimax", "--tree", "--tree-depth", "1")
    es = spanish(*argv)
    assert "los primeros 5000 nodos buscados" in es
    assert re.search(r"… \d{4} nodos debajo, sin dibujar", es), es
    en = shown(*argv, lang="en")
    assert "the first 5,000 nodes searched" in en
    assert re.search(r"… \d,\d{3} nodes below, not drawn", en), en
    figure = tmp_path / "tree.dot"
    spanish("analyze", "tictactoe", "-a", "minimax", "--tree-depth", "1", "--save", str(figure))
    said = figure.read_text(encoding="utf-8")
    # The figure draws every node to its depth and says where the search went deeper (issue 34,
    # item 16): no count of hidden nodes, and no comma group anywhere in it.
    assert not COMMA_GROUP.search(said) and "(--tree-depth 1)" in said, said


def test_solve_groups_the_heaps_it_solved() -> None:
    argv = ("solve", "bones", "--n", "123456")
    es = spanish(*argv)
    assert f"123{NBSP}456 huesos" in es
    assert f"123{NBSP}457" in es  # heaps 0..123,456
    en = shown(*argv, lang="en")
    assert "123,456 bones" in en and "123,457 positions" in en


def test_quiz_groups_the_nodes_of_a_tree_too_large() -> None:
    argv = ("quiz", "--depth", "6", "--branching", "5")
    assert f"tiene 19{NBSP}531 nodos" in spanish(*argv, code=2)
    assert "has 19,531 nodes" in shown(*argv, lang="en", code=2)


def test_a_quiz_in_spanish_has_no_comma_groups() -> None:
    result = run_main("analyze", "tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--quiz", "--lang", "es",
                      stdin="3\n5 6\n", env=ENV)
    assert result.returncode == 0, result.stderr
    assert "2 de 2 bien" in result.stdout
    assert not COMMA_GROUP.search(result.stdout + result.stderr)


def test_games_writes_the_book_as_english_does_with_spanish_groups() -> None:
    es = spanish("games", "connect4")
    en = shown("games", "connect4", lang="en")
    english = re.search(r"opening book: ([\d,]+) positions, ([\d,]+) bytes", en)
    assert english is not None, en
    for number in english.groups():
        value = int(number.replace(",", ""))
        assert value >= 10_000  # the packaged book: tens of thousands of positions
        assert f"{value:,}".replace(",", NBSP) in es


def test_a_count_of_a_word_without_a_translation_groups_its_digits_too() -> None:
    # The English fallback of `count` (a noun it has no Spanish for) still groups as Spanish does.
    with speaking("es"):
        assert count(12345, "bone") == f"12{NBSP}345 bones"
        assert count(1, "bone") == "1 bone"
        assert english_of(count_words(12345, "bone")) == "12,345 bones"
    with speaking("en"):
        assert count(12345, "bone") == "12,345 bones"
