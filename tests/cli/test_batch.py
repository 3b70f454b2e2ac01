"""`minimax solve connect4 --batch`, `--jobs` and `--weak`, run as the installed command: lines out
in order with the published scores, the summary, exit codes, and one-line refusals (these through
the console script's entry point in this process: they are refused before any work)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from games.connect4.game import ConnectFour
from minimax_cli.core.score import Score
from minimax_cli.services.batch import LineProver
from minimax_cli.services.solve_proof import solve_by_proof
from tests.cli.entry import run_main

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "connect4"

# Pons' examples (4455: 18, 44455554221: -15) and lines of his Test_L3_R1 and Test_L2_R1 sets.
LINES = ["4455 18", "44455554221 -15", "2252576253462244111563365343671351441 -1",
         "5554224333234511764415115 4", "52753311433677442422121 8"]


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "minimax_cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=600)


def test_a_line_is_answered_by_a_solve_report() -> None:
    game = ConnectFour()
    line = LineProver(game, weak=False, table_mb=None)((3, "4455 18"))
    assert (line.number, line.position, line.score, line.mismatch) == (3, "4455", 18, False)
    report = line.report
    assert report is not None and report.proven
    # Pons' 18 = (43 - 7) / 2: the side to move wins with the 7th stone, 3 plies from here.
    assert report.mover_score == Score.win(3)
    assert report.count("nodes") > 0
    late = LineProver(game, weak=False, table_mb=None)((1, LINES[2]))
    solved = solve_by_proof(game, game.parse_position(LINES[2].split()[0]))  # as `solve` says
    assert late.report is not None and late.score == -1
    assert late.report.score == solved.score and late.report.facts == {"score": -1, "weak": False}
    weak = LineProver(game, weak=True, table_mb=None)((1, "44455554221 -15"))
    assert (weak.expected, weak.score, weak.mismatch) == (-1, -1, False)
    assert weak.report is not None and weak.report.mover_score == Score.loss()
    bad = LineProver(game, weak=False, table_mb=None)((2, "44 x"))
    assert bad.report is None and bad.score is None and "'x'" in (bad.error or "")


@pytest.mark.slow  # a subprocess proving positions
def test_batch_prints_each_score_then_a_summary(tmp_path: Path) -> None:
    source = tmp_path / "set.txt"
    source.write_text("# Pons' format\n" + "\n".join(LINES) + "\n\n")
    done = cli("solve", "connect4", "--batch", str(source))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == LINES
    assert f"{len(LINES)} positions solved" in done.stderr
    assert f"checked against the given scores: {len(LINES)} of {len(LINES)} agree" in done.stderr


@pytest.mark.slow  # a subprocess and its workers
def test_batch_from_stdin_with_jobs_keeps_the_order() -> None:
    plain = [line.split()[0] for line in LINES]
    done = cli("solve", "connect4", "--batch", "-", "--jobs", "2", stdin="\n".join(plain))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == LINES
    assert "checked against" not in done.stderr  # no scores were given


@pytest.mark.slow  # subprocesses
def test_a_wrong_score_exits_1_and_a_bad_line_exits_2() -> None:
    done = cli("solve", "connect4", "--batch", "-", stdin="4455 17\n")
    assert done.returncode == 1
    assert done.stdout == "4455 18\n"
    assert "line 1: 4455 scores 18, the file says 17" in done.stderr
    done = cli("solve", "connect4", "--batch", "-", stdin="4455 18\n4488\n44 x\n")
    assert done.returncode == 2
    assert done.stdout == "4455 18\n"
    errors = [line for line in done.stderr.splitlines() if line.startswith("line ")]
    assert len(errors) == 2 and errors[0].startswith("line 2: ") and "'x'" in errors[1]
    assert "Traceback" not in done.stderr


@pytest.mark.slow  # subprocesses proving positions
def test_weak_gives_the_sign() -> None:
    done = cli("solve", "connect4", "--batch", "-", "--weak", stdin="\n".join(LINES))
    assert done.returncode == 0, done.stderr
    signs = [f"{line.split()[0]} {(int(line.split()[1]) > 0) - (int(line.split()[1]) < 0)}"
             for line in LINES]
    assert done.stdout.splitlines() == signs
    done = cli("solve", "connect4", "5554224333234511764415115", "--weak", "--json")
    assert done.returncode == 0, done.stderr
    assert '"weak": true' in done.stdout


@pytest.mark.parametrize(("args", "words"), [
    (["solve", "bones", "--weak"], "--weak needs a game with a proof kernel"),
    (["solve", "connect4", "--jobs", "2"], "--jobs spreads a --batch"),
    (["solve", "connect4", "--batch", "/no/such/file"], "no such file"),
    (["solve", "connect4", "4455", "--batch", "-"], "--batch reads its positions from the file"),
    (["solve", "connect4", "--batch", "-", "--jobs", "65"], "--jobs"),
])
def test_refusals_are_one_line(args: list[str], words: str) -> None:
    done = run_main(*args, stdin="")  # refused before any work: the entry point in process
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.stderr


@pytest.mark.slow
@pytest.mark.skipif(not DATA.is_dir(), reason="the shared Connect Four sets are not here")
def test_a_shared_file_through_the_command() -> None:
    rows = (DATA / "Test_L3_R1").read_text().splitlines()[:50]
    done = cli("solve", "connect4", "--batch", "-", "--jobs", "2", stdin="\n".join(rows))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == rows


@pytest.mark.slow  # twenty subprocesses, each with seven workers
def test_many_jobs_end_with_a_clean_stderr() -> None:
    # `solve connect4 --batch - -j 7` printed "Exception ignored ... Bad file descriptor" from
    # concurrent.futures at exit in about 1 run in 6 (issue 20, defect 14): the pool was shut down
    # without waiting, its manager thread closing its pipe while the exit woke it through it.
    plain = "\n".join(line.split()[0] for line in LINES) + "\n"
    for run in range(20):
        done = cli("solve", "connect4", "--batch", "-", "-j", "7", stdin=plain)
        assert done.returncode == 0, (run, done.stderr)
        assert done.stdout.splitlines() == LINES, run
        assert done.stderr.splitlines()[0] == "5 positions solved", (run, done.stderr)
        assert len(done.stderr.splitlines()) == 2, (run, done.stderr)  # and the times: no more
