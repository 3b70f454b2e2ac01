"""Hostile streams and early Ctrl-C (issue 34, items 6, 7 and 24), with the installed `minimax`:
stdout closed (`>&-`) or full (/dev/full, with Python's buffering as it comes, not only with
PYTHONUNBUFFERED=1) is one line and exit code 1 for every command; a pipe whose reader has gone
(`| head`) ends quietly with 0 on every run, a `--batch` included; a Ctrl-C while the command's
modules load, or while Python shuts down after it, is exit code 130 with at most one line."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from minimax_cli.cli.app import COMMANDS
from tests.registered import built_in_games

MINIMAX = str(Path(sys.executable).with_name("minimax"))
NOT_WRITTEN = "error: the output could not be written: {reason}\n"
FULL = NOT_WRITTEN.format(reason="No space left on device")
CLOSED = NOT_WRITTEN.format(reason="stdout is closed")

# Pons' examples (4455: 18, 44455554221: -15), answered at once.
QUICK = ["4455 18", "44455554221 -15"]


def environment(buffered: bool) -> dict[str, str]:
    """The environment without PYTHONUNBUFFERED (`buffered`: stdout flushed only at exit), or
    with it set."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    env["COLUMNS"] = "100"
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


def batch_file(folder: Path, lines: list[str]) -> str:
    path = folder / "set.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def command_lines(folder: Path) -> list[list[str]]:
    """A command line of each kind that writes to stdout: every command's help, the overview,
    --version, the games, an analysis (drawn and as JSON), a batch."""
    return [*([name, "--help"] for name in COMMANDS), [], ["--version"], ["games"],
            ["games", "connect4"], ["analyze", "tictactoe"], ["analyze", "tictactoe", "--json"],
            ["solve", "tictactoe"], ["solve", "connect4", "--batch", batch_file(folder, QUICK)]]


def test_stdout_closed_is_one_line_and_exit_1_for_every_command(tmp_path: Path) -> None:
    failures = []
    for argv in command_lines(tmp_path):
        done = subprocess.run([MINIMAX, *argv], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, timeout=120, preexec_fn=lambda: os.close(1),
                              env=environment(buffered=True))
        if (done.returncode, done.stderr) != (1, CLOSED):
            failures.append((argv, done.returncode, done.stderr[-200:]))
    assert failures == []


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "PYTHONUNBUFFERED"])
def test_a_full_stdout_is_one_line_and_exit_1(tmp_path: Path, buffered: bool) -> None:
    failures = []
    for argv in command_lines(tmp_path):
        with open("/dev/full", "w") as full:
            done = subprocess.run([MINIMAX, *argv], stdin=subprocess.DEVNULL, stdout=full,
                                  stderr=subprocess.PIPE, text=True, timeout=120,
                                  env=environment(buffered))
        if (done.returncode, done.stderr) != (1, FULL):
            failures.append((argv, done.returncode, done.stderr[-200:]))
    assert failures == []


def _closed_first(read: int) -> None:
    os.close(read)  # gone before the command writes: its first write meets a closed pipe


def _head_c_10(read: int) -> None:
    with os.fdopen(read, "rb") as reader:  # `head -c 10`: takes ten bytes, then goes
        reader.read(10)


@pytest.mark.parametrize("argv", [["games"], ["--version"], ["analyze", "tictactoe"],
                                  ["analyze", "tictactoe", "--json"]])
@pytest.mark.parametrize("reader", [_closed_first, _head_c_10], ids=["closed", "head -c 10"])
def test_a_pipe_whose_reader_went_ends_quietly_with_0_on_every_run(
        argv: list[str], reader: Callable[[int], None]) -> None:
    """`minimax games | head -c 10`: whether the command meets the closed pipe depends on which
    process runs first; both ways it exits 0, and says nothing."""
    read, write = os.pipe()
    with subprocess.Popen([MINIMAX, *argv], stdin=subprocess.DEVNULL, stdout=write,
                          stderr=subprocess.PIPE, text=True, env=environment(True)) as child:
        os.close(write)
        reader(read)
        _, err = child.communicate(timeout=120)
    assert (child.returncode, err) == (0, "")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_into_head_1_ends_quietly(tmp_path: Path, jobs: str) -> None:
    """`solve --batch FILE | head -1`: the first answer read, the pipe closed; the next answer
    meets it (each later line takes a second or more), and the batch ends quietly: not exit 2
    with "cannot write '-'"."""
    lines = [QUICK[0], *["12345671 0"] * 6]  # Pons' score: 0 (a draw)
    source = batch_file(tmp_path, lines)
    with subprocess.Popen([MINIMAX, "solve", "connect4", "--batch", source, "--jobs", jobs],
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=environment(True)) as child:
        assert child.stdout is not None and child.stderr is not None
        first = child.stdout.readline()
        child.stdout.close()
        err = child.stderr.read()
        child.wait(timeout=120)
    assert first == "4455 18\n"
    assert (child.returncode, err) == (0, "")


# --- Ctrl-C outside the command's own handling ----------------------------------------------------
def _run_script_with(setup: str, argv: list[str]) -> subprocess.CompletedProcess[str]:
    """The installed console script run as it is (its own first lines included), after `setup`
    (Python code) has prepared a Ctrl-C at a known moment."""
    script = Path(MINIMAX).read_text()
    code = (f"import os, signal, sys\n{setup}\nsys.argv = [{MINIMAX!r}, *{argv!r}]\n"
            f"exec(compile({script!r}, {MINIMAX!r}, 'exec'))\n")
    return subprocess.run([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120, env=environment(True))


@pytest.mark.parametrize(("module", "said"), [
    ("minimax_cli.cli.app", "\ninterrupted\n"),  # the start-up: before any handling of Ctrl-C
    ("typer", "\ninterrupted\n"),
    ("rich.console", ""),  # within the command, where Typer ends it with 130 and no word
])
def test_ctrl_c_while_the_command_loads_is_130_and_one_line(module: str, said: str) -> None:
    """SIGINT sent the moment `module` starts loading (within the first tenth of a second of
    `minimax games connect4`)."""
    setup = (
        "class CtrlC:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name == {module!r}:\n"
        "            sys.meta_path.remove(self)\n"
        "            os.kill(os.getpid(), signal.SIGINT)\n"
        "        return None\n"
        "sys.meta_path.insert(0, CtrlC())\n")
    done = _run_script_with(setup, ["games", "connect4"])
    assert (done.returncode, done.stderr, done.stdout) == (130, said, "")


def test_ctrl_c_as_python_exits_after_the_command_is_130_without_a_traceback() -> None:
    """SIGINT sent while Python shuts down, after the command printed its answer (an exit
    handler runs then, as concurrent.futures' does)."""
    setup = "import atexit\natexit.register(lambda: os.kill(os.getpid(), signal.SIGINT))\n"
    done = _run_script_with(setup, ["games"])
    assert done.returncode == 130
    assert done.stderr == ""
    assert all(name in done.stdout for name in built_in_games())  # the answer, whole
