"""Hostile files for the commands that write and read back files (issue 34, items 1, 3, 4, 8, 9):
`book build` never writes the packaged book unless it is named; devices, FIFOs and folders as
`--out`, `--book` or a work file are refused in one line before anything is read or proven; two
runs on one file are refused; scores read back are checked against the board before they are
trusted; files that are not UTF-8, or were written for another board, are one line, never a
traceback.

The cases that could read a device without end run `minimax` as a process, bounded in time and
memory, so that a regression fails here instead of filling the machine's memory."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from games.connect4.book import BOOK_PATH, BOOK_TEXT
from games.connect4.game import ConnectFour
from minimax_cli.core.book import parse_book
from minimax_cli.services.batch_out import AnswersFile, header
from minimax_cli.services.book import Work, work_header
from minimax_cli.services.book_target import check_target
from minimax_cli.services.resume_file import ResumeFile, UnusableFile
from tests.cli.entry import run_main

#: An answers file of the 7x6 board: 4455 scores 18 (Pons' convention; tests/cli/test_batch_resume.py).
SEVEN_BY_SIX = "# minimax solve connect4 --batch: line position score\n1 4455 18\n"
SMALL = ("--cols", "4", "--rows", "4")


def one_line_error(done: subprocess.CompletedProcess[str], code: int = 2) -> str:
    """The one line of stderr of a refused command (asserting its exit code)."""
    lines = done.stderr.strip().splitlines()
    assert done.returncode == code and len(lines) == 1, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    return lines[0]


def bounded(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`minimax ARGV` as a process with at most 60 s and 1.5 GB of address space (a read of
    /dev/zero without end ends in a MemoryError, not a full machine)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    return subprocess.run([sys.executable, "-m", "minimax_cli", *argv], capture_output=True,
                          text=True, timeout=60, cwd=cwd, preexec_fn=limit, stdin=subprocess.DEVNULL)


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


# --- item 1: the packaged book is written only when named --------------------------------------
def test_a_build_without_book_leaves_the_packaged_book_byte_identical(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--plies 0` proves nothing (the empty board's value is derived), so the build is quick; its
    book goes to connect4_book.txt in the current folder, never over the packaged one."""
    shipped = {path: Path(path).read_bytes() for path in (BOOK_TEXT, BOOK_PATH)}
    monkeypatch.chdir(tmp_path)
    try:
        done = run_main("book", "build", "connect4", "--plies", "0")
        assert done.returncode == 0, done.stderr
        assert {path: Path(path).read_bytes() for path in shipped} == shipped
    finally:  # put the shipped book back if a regression wrote over it
        for path, content in shipped.items():
            if Path(path).read_bytes() != content:
                Path(path).write_bytes(content)
    assert "!game connect4 7x6" in (tmp_path / "connect4_book.txt").read_text()
    assert (tmp_path / "connect4_book.bin").read_bytes().startswith(b"MMBOOK1\n")
    assert "connect4_book.txt: 0 entries written" in done.stderr


def test_the_help_names_the_default_book_file() -> None:
    done = run_main("book", "--help", env={"COLUMNS": "200"})
    assert "GAME_book.txt in the current folder" in " ".join(done.stdout.split())


def test_naming_the_packaged_book_says_in_one_line_what_it_replaces(tmp_path: Path) -> None:
    """The checkout's copy of the packaged book (games/connect4/data/book.txt of another folder)
    counts as the packaged book: named with --book, it is replaced, and the build says so first."""
    data = tmp_path / "games" / "connect4" / "data"
    data.mkdir(parents=True)
    for path in (BOOK_TEXT, BOOK_PATH):
        (data / Path(path).name).write_bytes(Path(path).read_bytes())
    entries = len(parse_book(Path(BOOK_TEXT).read_text(encoding="utf-8")).entries)
    done = run_main("book", "build", "connect4", "--plies", "0", "--book",
                    str(data / "book.txt"), "--out", str(tmp_path / "w"))
    assert done.returncode == 0, done.stderr
    first = done.stderr.splitlines()[0]
    assert first == (f"{data / 'book.txt'}: the game's packaged book, {entries:,} positions, is "
                     "replaced by this build")
    replaced = check_target(str(data / "book.bin"), str(tmp_path / "w"), BOOK_PATH)
    assert replaced is not None and replaced.packaged and replaced.entries == 0


def test_a_file_that_is_not_a_book_is_never_written_over(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    done = run_main("book", "build", "connect4", *SMALL, "--plies", "1", "--book", str(notes),
                    "--out", str(tmp_path / "w"))
    assert "is never written over" in one_line_error(done)
    assert notes.read_text() == "my notes\n" and not (tmp_path / "w").exists()


# --- item 3: devices, FIFOs and folders as --out, a work file or --book ------------------------
@pytest.mark.parametrize("name", ["/dev/full", "/dev/zero", "fifo", "folder"])
def test_solve_batch_refuses_an_out_that_is_not_a_regular_file(tmp_path: Path, fifo: Path,
                                                                 name: str) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "in.txt").write_text("4455\n")
    done = bounded("solve", "connect4", "--batch", "in.txt", "--out", name, cwd=tmp_path)
    assert name in one_line_error(done) and done.stdout == ""


@pytest.mark.parametrize("option", ["--out", "--book"])
@pytest.mark.parametrize("name", ["/dev/zero", "/dev/full", "fifo", "folder"])
def test_book_build_refuses_a_device_fifo_or_folder_before_any_proof(
        tmp_path: Path, fifo: Path, option: str, name: str) -> None:
    """Before the fix a folder as --book ran every proof first and then exited 1 with a traceback;
    /dev/zero as the work file was read without end. One line, exit 2, nothing proven."""
    (tmp_path / "folder").mkdir()
    done = bounded("book", "build", "connect4", *SMALL, "--plies", "2", option, name,
                   cwd=tmp_path)
    assert name in one_line_error(done)
    assert not (tmp_path / "connect4_book.txt").exists()


@pytest.mark.parametrize("args", [["--book", "nowhere/b.txt"], ["--out", "w", "--book", "w"],
                                  ["--out", "nowhere/w"]])
def test_book_build_file_errors_come_before_the_proofs(tmp_path: Path, args: list[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    line = one_line_error(run_main("book", "build", "connect4", *SMALL, "--plies", "2", *args))
    assert args[-1] in line


def test_a_resume_file_refuses_devices_by_name(tmp_path: Path, fifo: Path) -> None:
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        with pytest.raises(UnusableFile, match="--out"):
            ResumeFile(path, "--out")


# --- item 4: one run at a time on a file, and scores checked before they are trusted -----------
def test_a_second_run_on_one_out_is_refused(tmp_path: Path) -> None:
    """A run holds the answers file (its lock); another on the same file is refused in one line,
    exit 2, and writes nothing (before the fix each run proved and wrote every line)."""
    out, source = tmp_path / "answers.txt", tmp_path / "in.txt"
    source.write_text("4455\n")
    first = AnswersFile(str(out), ConnectFour(), weak=False)
    try:
        done = run_main("solve", "connect4", "--batch", str(source), "--out", str(out))
        assert "in use by another run" in one_line_error(done)
        assert done.stdout == ""
    finally:
        first.close()
    assert out.read_text() == header("connect4", weak=False) + "\n"
    again = run_main("solve", "connect4", "--batch", str(source), "--out", str(out))
    assert again.returncode == 0 and again.stdout == "4455 18\n", again.stderr


def test_a_second_build_on_one_work_file_is_refused(tmp_path: Path) -> None:
    work_path = tmp_path / "w"
    first = Work(ConnectFour(cols=4, rows=4), str(work_path))
    try:
        done = run_main("book", "build", "connect4", *SMALL, "--plies", "1", "--out",
                        str(work_path), "--book", str(tmp_path / "b.txt"))
        assert "in use by another run" in one_line_error(done)
    finally:
        first.close()
    assert not (tmp_path / "b.txt").exists()


@pytest.mark.parametrize(("row", "words"), [
    ("1 4455 99", "4455 scores 99, outside"),  # 4 discs: -19 to 19
    ("1 4455 -19", None),  # the most a position of 4 discs can lose by (a loss at ply 6)
    ("1 4455 20", "outside"),
    ("1 4485 18", "not a position of this board"),  # column 8
])
def test_scores_read_back_from_out_are_checked(tmp_path: Path, row: str,
                                                words: str | None) -> None:
    out, source = tmp_path / "answers.txt", tmp_path / "in.txt"
    source.write_text(row.split()[1] + "\n")
    out.write_text(header("connect4", weak=False) + "\n" + row + "\n")
    done = run_main("solve", "connect4", "--batch", str(source), "--out", str(out))
    if words is None:  # in range: trusted (and differs from nothing given)
        assert done.returncode == 0 and done.stdout == f"{row.split()[1]} -19\n", done.stderr
        return
    line = one_line_error(done)
    assert line.startswith(f"error: --out {out}, line 2: ") and words in line


def test_a_weak_answer_read_back_is_a_sign(tmp_path: Path) -> None:
    out = tmp_path / "answers.txt"
    out.write_text(header("connect4", weak=True) + "\n1 4455 18\n")
    with pytest.raises(UnusableFile, match=r"line 2: 4455 scores 18, outside .* \(-1 to 1\)"):
        AnswersFile(str(out), ConnectFour(), weak=True)


def test_an_answers_file_names_its_board(tmp_path: Path) -> None:
    """A 4x4 batch names its board in the file's first line; that file is refused for 7x6, and a
    7x6 file for 4x4, in one line (before the fix a 4x4 --batch could not even be asked for)."""
    source, small, large = tmp_path / "in.txt", tmp_path / "small.txt", tmp_path / "large.txt"
    source.write_text("2233\n")  # a draw (brute force: tests/games/test_connect4_book.py)
    done = run_main("solve", "connect4", *SMALL, "--batch", str(source), "--out", str(small))
    assert done.returncode == 0 and done.stdout == "2233 0\n", done.stderr
    assert small.read_text() == (
        "# minimax solve connect4 --cols 4 --rows 4 --batch: line position score\n1 2233 0\n")
    refused = run_main("solve", "connect4", "--batch", str(source), "--out", str(small))
    assert "was not written by this command" in one_line_error(refused)
    large.write_text(SEVEN_BY_SIX)
    refused = run_main("solve", "connect4", *SMALL, "--batch", str(source), "--out", str(large))
    assert "was not written by this command" in one_line_error(refused)


def test_scores_read_back_from_a_work_file_are_checked(tmp_path: Path) -> None:
    """4x4: a position of 2 discs scores at most (16 + 1 - 2) // 2 = 7 for its side to move."""
    work, book = tmp_path / "w", tmp_path / "b.txt"
    work.write_text(work_header(ConnectFour(cols=4, rows=4)) + "\n22 0 exact default 5\n"
                    "23 9 exact default 5\n")
    done = run_main("book", "build", "connect4", *SMALL, "--plies", "2", "--out", str(work),
                    "--book", str(book))
    line = one_line_error(done)
    assert f"--out {work}, line 3: 23 scores 9, outside" in line and "(-7 to 7)" in line
    assert not book.exists()


# --- item 9: non-UTF-8 and foreign files --------------------------------------------------------
def test_a_work_file_of_another_board_is_one_line(tmp_path: Path) -> None:
    """Its first line names its board; a headerless (older) file of another board is caught by its
    positions (column 5 on a 4-column board): before the fix, a traceback."""
    named, older = tmp_path / "named", tmp_path / "older"
    named.write_text(work_header(ConnectFour(cols=5, rows=4)) + "\n22 0 exact default 5\n")
    older.write_text("57 0 exact default 100\n")
    for work, words in ((named, "written for another game or board"),
                        (older, "not a position of this board")):
        done = run_main("book", "build", "connect4", *SMALL, "--plies", "1", "--out", str(work),
                        "--book", str(tmp_path / "b.txt"))
        assert f"--out {work}, line 1: {words}" in one_line_error(done)


def test_a_non_utf8_work_file_is_one_line(tmp_path: Path) -> None:
    work = tmp_path / "w"
    work.write_bytes(b"22 0 exact default 5\n\xff\xfe 1 exact default 2\n")
    done = run_main("book", "build", "connect4", *SMALL, "--plies", "1", "--out", str(work),
                    "--book", str(tmp_path / "b.txt"))
    assert f"--out {work}, line 2: not UTF-8 text" in one_line_error(done)


def test_book_show_of_a_non_utf8_or_foreign_book_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"!game connect4 7x6\n\xff\xfe\n")
    assert one_line_error(run_main("book", "show", "connect4", "--book", str(bad))) == (
        f"error: {bad}: not UTF-8 text, so not a book")
    for shipped in (BOOK_TEXT, BOOK_PATH):
        line = one_line_error(run_main("book", "show", "connect4", *SMALL, "--book", shipped))
        assert "is a book of connect4 7x6, not of connect4 4x4" in line


def test_a_torn_last_line_is_cut_and_a_file_of_one_foreign_line_kept(tmp_path: Path) -> None:
    """A build killed while writing a proof leaves a line without its newline: the next build
    cuts it off, so its own lines start on a line of their own; a file of one unended line that
    is not the start of a work file is not ours and is left as it is."""
    game = ConnectFour(cols=4, rows=4)
    work = tmp_path / "w"
    work.write_text(work_header(game) + "\n22 0 exact default 5\n23 0 ex")
    done = run_main("book", "build", "connect4", *SMALL, "--plies", "2", "--out", str(work),
                    "--book", str(tmp_path / "b.txt"))
    assert done.returncode == 0 and done.stderr.startswith(f"{work}: 1 proofs already done")
    rows = work.read_text().splitlines()
    assert rows[:2] == [work_header(game), "22 0 exact default 5"] and len(rows) == 9
    assert all(len(row.split()) == 5 for row in rows[1:])
    mine = tmp_path / "mine"
    mine.write_text("my notes")
    with pytest.raises(UnusableFile, match="not a work file"):
        Work(game, str(mine))
    assert mine.read_text() == "my notes"
