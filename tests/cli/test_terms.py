"""`minimax analyze GAME POSITION --terms`: the evaluation term by term on the terminal, as JSON,
in Spanish, and refused for a game whose evaluation has no terms."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("chess")

from tests.cli.entry import run_main

#: Black to move, without its bishops: White has the pair, material +600 for White.
FEN = "rn1qk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"


def test_the_table_names_each_term_and_the_total_the_search_uses() -> None:
    done = run_main("analyze", "chess", FEN, "--terms", "--lang", "en")
    assert done.returncode == 0, done.stderr
    for words in ("material", "piece placement", "mobility", "king safety", "pawn structure",
                  "bishop pair", "White", "Black", "difference", "phase (middlegame → endgame): 22 of 24"):
        assert words in done.stdout
    data = json.loads(run_main("analyze", "chess", FEN, "--terms", "--json").stdout)["terms"]
    assert f"total for White: {data['total']:+,}" in done.stdout


def test_the_material_sum_is_written_out_with_its_numbers() -> None:
    done = run_main("analyze", "chess", FEN, "--terms", "--eval", "material", "--lang", "en")
    assert done.returncode == 0, done.stderr
    assert "White: 8×100 + 2×300 + 2×300 + 2×500 + 1×900 = 3,900" in done.stdout
    assert "Black: 8×100 + 2×300 + 0×300 + 2×500 + 1×900 = 3,300" in done.stdout
    assert "difference: 3,900 − 3,300 = +600" in done.stdout
    assert "for the side to move (Black): -600" in done.stdout
    assert "alfil y torre valen 3, torre 5" in done.stdout


def test_json_gives_the_terms_in_the_documented_shape() -> None:
    whole = json.loads(run_main("analyze", "chess", FEN, "--terms", "--eval", "material",
                                "--json").stdout)
    assert (whole["schema"], whole["command"], whole["game"]) == (
        "minimax-cli/report/2", "analyze", "chess")
    data = whole["terms"]
    assert data["evaluation"] == "material" and data["sides"] == ["White", "Black"]
    assert data["position"] == FEN and data["phase"] is None
    assert [(t["name"], t["weight"], t["first"], t["second"], t["difference"])
            for t in data["terms"]] == [("pawns", 100, 8, 8, 0), ("knights", 300, 2, 2, 0),
                                        ("bishops", 300, 2, 0, 600), ("rooks", 500, 2, 2, 0),
                                        ("queens", 900, 1, 1, 0)]
    assert data["total"] == 600 and data["to_move"] == -600
    standard = json.loads(run_main("analyze", "chess", FEN, "--terms", "--json").stdout)["terms"]
    assert standard["phase"] == {"value": 22, "full": 24}
    assert standard["total"] == -standard["to_move"]
    assert sum(t["difference"] for t in standard["terms"]) == standard["total"]


def test_spanish_uses_the_courses_words() -> None:
    done = run_main("analyze", "chess", FEN, "--terms", "--lang", "es")
    assert done.returncode == 0, done.stderr
    for words in ("evaluación", "material", "posición de las piezas", "movilidad",
                  "seguridad del rey", "estructura de peones", "pareja de alfiles",
                  "fase (medio juego → final)"):
        assert words in done.stdout
    # Numbers in the one Spanish style of the tool (tests/cli/test_spanish_numbers.py): a decimal
    # point, never a decimal comma.
    table = done.stdout.split("fase")[0]
    assert re.search(r"\d\.\d", table) and not re.search(r"\d,\d", table)


def test_a_game_without_terms_is_refused_in_one_line() -> None:
    done = run_main("analyze", "tictactoe", "--terms", "--lang", "en")
    assert done.returncode == 2
    assert "tictactoe's evaluation has no terms to show" in done.stderr


def test_the_table_is_saved_for_a_slide_as_the_terminal_shows_it(tmp_path: Path) -> None:
    figure = tmp_path / "terms.svg"
    done = run_main("analyze", "chess", FEN, "--terms", "--save", str(figure), "--lang", "en")
    assert done.returncode == 0, done.stderr
    drawn = ET.parse(figure).getroot().itertext()
    text = "".join(drawn).replace("\xa0", " ")
    assert "bishop pair" in text and "difference" in text
    refused = run_main("analyze", "chess", FEN, "--terms", "--save", str(tmp_path / "t.tex"))
    assert refused.returncode == 2 and "--terms saves its table" in refused.stderr
    board = tmp_path / "terms.board.tex"
    done = run_main("analyze", "chess", FEN, "--terms", "--save", str(board))
    assert done.returncode == 0, done.stderr
    drawn_board = board.read_text(encoding="utf-8")  # the position, with no move to draw
    assert f"setfen={{{FEN}}}" in drawn_board and "markmoves" not in drawn_board
