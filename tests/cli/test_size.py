"""`minimax size chess`: the sample's counts equal an independent count over python-chess's own
legal moves, perft's counts are the published ones, and b^d is written as d × log10 b."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

chess_pgn = pytest.importorskip("chess.pgn")

from tests.cli.entry import run_main  # noqa: E402
from tests.cli.test_report import SCHEMA_PATH  # noqa: E402

#: Two short games: Scholar's mate (ends in checkmate) and a game from a set-up position.
GAMES = """[Event "one"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "two"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[Result "*"]

1. e4 Kd7 2. Kd2 Kd6 *
"""


def _independent(text: str) -> tuple[int, int, int]:
    """Games, legal moves summed over the positions where a move was played, and plies."""
    stream = io.StringIO(text)
    games = moves = plies = 0
    while (game := chess_pgn.read_game(stream)) is not None:
        games += 1
        board = game.board()
        for move in game.mainline_moves():
            moves += board.legal_moves.count()
            board.push(move)
            plies += 1
    return games, moves, plies


def test_the_sample_and_perft_equal_an_independent_count(tmp_path: Path) -> None:
    pgn = tmp_path / "games.pgn"
    pgn.write_text(GAMES, encoding="utf-8")
    result = run_main("size", "chess", "--pgn", str(pgn), "--perft", "2", "--json")
    assert result.returncode == 0, result.stderr
    whole = json.loads(result.stdout)
    assert (whole["command"], whole["game"]) == ("size", "chess")
    answer = whole["size"]
    games, moves, plies = _independent(GAMES)
    sample = answer["sample"]
    assert (sample["games"], sample["legal_moves"], sample["plies"]) == (games, moves, plies)
    assert (games, plies) == (2, 11)
    assert sample["positions"] == plies
    assert sample["mean_legal_moves"] == round(moves / plies, 2)
    assert sample["power_of_ten"] == round(plies / games * math.log10(moves / plies), 1)
    assert answer["perft"] == [{"depth": 1, "count": 20}, {"depth": 2, "count": 400}]
    assert answer["course"] == {"branching": 35, "plies": 100, "power_of_ten": 154.4}


def test_the_view_writes_b_to_the_d_beside_the_course(tmp_path: Path) -> None:
    pgn = tmp_path / "games.pgn"
    pgn.write_text(GAMES, encoding="utf-8")
    result = run_main("size", "chess", "--pgn", str(pgn), "--perft", "0")
    assert result.returncode == 0, result.stderr
    assert "35^100 ≈ 10^154" in result.stdout and "b^d" in result.stdout
    spanish = run_main("size", "chess", "--pgn", str(pgn), "--perft", "1", "--lang", "es")
    assert spanish.returncode == 0, spanish.stderr
    assert "el curso: 35" in spanish.stdout and "partidas" in spanish.stdout


def test_an_illegal_move_or_a_missing_file_is_one_line(tmp_path: Path) -> None:
    pgn = tmp_path / "bad.pgn"
    pgn.write_text(GAMES.replace("Kd6", "Kd4"), encoding="utf-8")
    result = run_main("size", "chess", "--pgn", str(pgn))
    assert result.returncode == 2 and "game 2" in result.stderr, result.stderr
    missing = run_main("size", "chess", "--pgn", str(tmp_path / "none.pgn"))
    assert missing.returncode == 2 and len(missing.stderr.strip().splitlines()) == 1


def test_the_lessons_json_follows_the_one_schema(tmp_path: Path) -> None:
    # `--terms`, `--horizon` and `size`: the header keys, the report under its own key.
    validator = Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    pgn = tmp_path / "games.pgn"
    pgn.write_text(GAMES, encoding="utf-8")
    for argv, key in ((("size", "chess", "--pgn", str(pgn), "--perft", "1"), "size"),
                      (("analyze", "chess", "--terms"), "terms"),
                      (("analyze", "chess", "--terms", "--eval", "material"), "terms"),
                      (("analyze", "chess", "r5k1/r4pp1/p6p/8/8/7P/R4PP1/R5K1 w - - 0 1",
                        "--horizon", "1"), "horizon")):
        done = run_main(*argv, "--json")
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        validator.validate(data)
        assert key in data and data["game"] == "chess"
