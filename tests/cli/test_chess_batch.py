"""`minimax solve chess --batch FILE.epd`: each line searched and judged by its `bm`/`am`, a broken
line named by its number while the batch goes on, the count last (`N of M solved`), exit 2 when a
line could not be read; and the EPD reading behind it (games/chess/epd.py)."""

from __future__ import annotations

from pathlib import Path

import chess
import pytest

from games.chess.game import Chess
from minimax_cli.core.game import InvalidPositionError
from minimax_cli.core.result import Limits
from minimax_cli.services.suite import SuiteScorer
from tests.cli.entry import run_main

MATE_IN_ONE = '6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "mate1";'
# Kaufman's KAUF.03 (its `am` line): whatever is played, the line is judged by not being Rd1.
AVOID = '3r2k1/1p3ppp/2pq4/p1n5/P6P/1P6/1PB2QP1/1K2R3 w - - am Rd1; id "KAUF.03";'


def test_a_suite_is_scored_line_by_line_and_counted(tmp_path: Path) -> None:
    suite = tmp_path / "three.epd"
    suite.write_text(f"{MATE_IN_ONE}\n6k1/5ppp/8/8/8/8/8/R5K1 x - - bm Ra8#;\n{AVOID}\n")
    done = run_main("solve", "chess", "--batch", str(suite), "--nodes", "300")
    lines = done.stdout.splitlines()
    assert lines[0].startswith("mate1 Ra8# solved #1 depth ")
    assert lines[1].startswith("KAUF.03 ")
    # The move played decides: Rd1 is the one move that fails it.
    assert (" not solved " in lines[1]) == lines[1].startswith("KAUF.03 Rd1 ")
    assert lines[-1] == f"{1 + (' not solved ' not in lines[1])} of 2 solved, 1 line not read"
    assert "line 2: " in done.stderr and "(the side to move)" in done.stderr
    assert done.returncode == 2


def test_the_scorer_judges_the_move_by_bm_and_am() -> None:
    game = Chess()
    scorer = SuiteScorer(game, Limits(nodes=300))
    line = scorer((1, MATE_IN_ONE, False))
    assert line.solved is True and line.report is not None
    assert line.report.facts is not None and line.report.facts["uci"] == "a1a8"
    wrong = scorer((4, MATE_IN_ONE.replace("bm Ra8#", "am Ra8#"), False))
    assert wrong.solved is False
    broken = scorer((7, "6k1/5ppp/8 w - -", False))
    assert broken.report is None and broken.number == 7 and "FEN field 1" in str(broken.error)


@pytest.mark.parametrize("text, problem", [
    ("6k1/5ppp/8/8/8/8/8/R5K1 w -", "4 FEN fields"),
    ('6k1/5ppp/8/8/8/8/8/R5K1 w - - id "x";', "no bm or am"),
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Qh5;", "Qh5"),
])
def test_a_broken_epd_line_names_its_problem(text: str, problem: str) -> None:
    with pytest.raises(InvalidPositionError, match=problem):
        Chess().test_line(text)


def test_an_epd_line_gives_its_position_name_and_moves() -> None:
    line = Chess().test_line(AVOID)
    assert line.name == "KAUF.03" and line.best == ()
    assert line.avoid == (chess.Move.from_uci("e1d1"),)
    assert line.state.board.fen().startswith("3r2k1/1p3ppp/")
