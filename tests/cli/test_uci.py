"""`minimax uci` driven by python-chess's own UCI client (`chess.engine`), a client nobody here
wrote, and by raw lines where the client would not send them (garbage, `isready` while thinking).
Budgets are tiny: a depth of 2, a few hundred nodes; the 100 ms stop latency is measured by
scripts/bench_uci_stop.py, not asserted here."""

from __future__ import annotations

import os
import selectors
import subprocess
import sys
import time
from collections.abc import Iterator

import chess
import chess.engine
import pytest

from minimax_cli import registry
from minimax_cli.core.result import Limits
from minimax_cli.services.uci import Settings, mate_moves, move_time, parse_go, serve, shown
from tests.cli.entry import run_main
from tests.games.test_chess import without_chess  # noqa: F401 - the fixture

COMMAND = [sys.executable, "-m", "minimax_cli", "uci"]
#: Rd8 mates at once (a back-rank mate).
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
#: The same with colours swapped: Black mates by Rd1.
BLACK_MATES = "3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"
#: How long a stopped search may take to answer here: generous, the machine is shared.
STOP_BOUND = 2.0


@pytest.fixture(scope="module")
def engine() -> Iterator[chess.engine.SimpleEngine]:
    with chess.engine.SimpleEngine.popen_uci(COMMAND, timeout=30) as running:
        yield running


def legal_line(board: chess.Board, line: list[chess.Move]) -> bool:
    board = board.copy()
    for move in line:
        if move not in board.legal_moves:
            return False
        board.push(move)
    return True


@pytest.mark.parametrize(("fen", "mate"), [(MATE_IN_ONE, "d1d8"), (BLACK_MATES, "d8d1")])
def test_a_mate_in_one_is_played_and_scored_mate_1_for_the_engine(
        engine: chess.engine.SimpleEngine, fen: str, mate: str) -> None:
    board = chess.Board(fen)
    played = engine.play(board, chess.engine.Limit(depth=2), info=chess.engine.INFO_ALL)
    assert played.move == chess.Move.from_uci(mate)
    assert played.info["score"].relative == chess.engine.Mate(1)
    assert played.info["pv"][0] == played.move


def test_a_node_budget_is_honoured_and_the_line_is_legal(
        engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board()
    board.push_san("e4")
    info = engine.analyse(board, chess.engine.Limit(nodes=400))
    assert 0 < info["nodes"] <= 400
    assert info["pv"] and legal_line(board, info["pv"])


def test_infinite_analysis_stops_with_a_legal_move_and_legal_lines(
        engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
    with engine.analysis(board) as analysis:
        lines = []
        for info in analysis:
            if "pv" in info:
                lines.append(info["pv"])
            if info.get("depth", 0) >= 2:
                break
        asked = time.perf_counter()
        analysis.stop()
        best = analysis.wait()
        answered = time.perf_counter() - asked
    assert answered < STOP_BOUND
    assert best.move in board.legal_moves
    assert lines and all(legal_line(board, line) for line in lines)


def test_options_are_declared_and_set(engine: chess.engine.SimpleEngine) -> None:
    assert engine.options["Hash"].default == 16
    assert engine.options["Ordering"].var == ["none", "mvv", "killers", "full"]
    engine.configure({"Hash": 1, "Level": 1, "Evaluation": "material", "Ordering": "mvv"})
    try:
        info = engine.analyse(chess.Board(), chess.engine.Limit(depth=4))
        assert info["depth"] == 1  # level 1 searches one ply, whatever the GUI asks
    finally:
        engine.configure({"Hash": 16, "Level": 5, "Evaluation": "standard", "Ordering": "full"})


def test_multipv_gives_each_line_its_exact_score() -> None:
    # Depth 1, no quiescence, material: each capture is worth exactly the material it leaves,
    # 300 for White's knight against 1,700 of Black's (queen 900, rook 500, bishop 300).
    board = chess.Board("7k/8/2q1r3/1b6/3N4/8/8/K7 w - - 0 1")
    with chess.engine.SimpleEngine.popen_uci(COMMAND, timeout=30) as fresh:
        fresh.configure({"Evaluation": "material", "Quiescence": False})
        infos = fresh.analyse(board, chess.engine.Limit(depth=1), multipv=3)
    assert [info["pv"][0].uci() for info in infos] == ["d4c6", "d4e6", "d4b5"]
    assert [info["score"].white() for info in infos] == [
        chess.engine.Cp(300 - 800), chess.engine.Cp(300 - 1200), chess.engine.Cp(300 - 1400)]


class Lines:
    """A raw `minimax uci` process: lines written, lines read with a deadline (from the pipe's
    bytes: a text stream's buffer may hold lines the selector cannot see)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.process.stdout is not None
        self.fd = self.process.stdout.fileno()
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.fd, selectors.EVENT_READ)
        self.pending = b""

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("".join(line + "\n" for line in lines).encode())
        self.process.stdin.flush()

    def until(self, word: str, seconds: float = 20.0) -> list[str]:
        """The lines read up to the first that starts with `word` (included)."""
        deadline, read = time.monotonic() + seconds, []
        while True:
            while b"\n" in self.pending:
                line, self.pending = self.pending.split(b"\n", 1)
                read.append(line.decode().strip())
                if read[-1].startswith(word):
                    return read
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise AssertionError(f"no {word!r} within {seconds} s; read {read}")
            chunk = os.read(self.fd, 65536)
            assert chunk, f"the engine ended; it said {read}"
            self.pending += chunk


def test_isready_is_answered_while_thinking_and_garbage_never_stops_it() -> None:
    engine = Lines()
    try:
        engine.send("uci")
        engine.until("uciok")
        engine.send("position startpos", "go infinite", "isready")
        before = engine.until("readyok")
        assert not any(line.startswith("bestmove") for line in before)
        engine.send("stop")
        assert engine.until("bestmove")[-1].split()[1] in {m.uci() for m in chess.Board().legal_moves}
        engine.send("go depth x nodes 60 bogus")  # the broken and the unknown skipped, said
        said = engine.until("bestmove")
        assert said[0].startswith("info string ignored in go: depth x bogus")
        engine.send("hello", "position", "position fen not/a/fen w", "position startpos moves e2e5",
                    "setoption name Nope value 1", "setoption", "setoption name Hash value many",
                    "\x00\x7f" * 50, "x" * 100_000, "", "   ", "position startpos moves e2e4")
        engine.send("isready")
        said = engine.until("readyok")
        assert sum(line.startswith("info string") for line in said) == 9
        engine.send("go depth 1")
        after_e4 = chess.Board()
        after_e4.push_san("e4")
        assert chess.Move.from_uci(engine.until("bestmove")[-1].split()[1]) in after_e4.legal_moves
        engine.send("quit")
        assert engine.process.wait(timeout=20) == 0
    finally:
        engine.process.kill()
        engine.process.wait()


@pytest.mark.usefixtures("without_chess")
def test_without_python_chess_uci_says_how_to_install_it() -> None:
    result = run_main("uci", stdin="uci\n")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "pip install '.[chess]'" in result.stderr
    assert result.stdout == ""


# --- the protocol's arithmetic, in this process --------------------------------------------------
def test_mate_is_counted_in_moves_negative_when_mated() -> None:
    assert [mate_moves(p, True) for p in (1, 3, 5)] == [1, 2, 3]
    assert [mate_moves(p, False) for p in (2, 4)] == [-1, -2]


@pytest.mark.parametrize(("remaining", "increment", "to_go"),
                         [(60_000, 0, None), (1_000, 2_000, None), (50, 0, None),
                          (10_000, 0, 1), (300_000, 5_000, 40)])
def test_a_move_never_takes_more_than_its_share_of_the_clock(
        remaining: int, increment: int, to_go: int | None) -> None:
    soft, hard = move_time(remaining, increment, to_go, overhead_ms=30)
    share = 0.8 if to_go == 1 else 0.4
    assert 0 < soft <= hard <= max((remaining - 30) * share, 1) / 1000


def test_go_reads_the_side_to_moves_clock_and_skips_what_it_does_not_know() -> None:
    settings = Settings()
    go, ignored = parse_go(["wtime", "60000", "btime", "1000", "winc", "0", "binc", "0",
                             "bogus"], False, settings)
    assert go.hard is not None and go.hard <= 0.4 * (1000 - 30) / 1000
    assert ignored == ["bogus"]
    go, _ = parse_go(["depth", "3", "nodes", "500"], True, settings)
    assert (go.depth, go.nodes, go.hard, go.infinite) == (3, 500, None, False)
    assert parse_go([], True, settings)[0].infinite
    assert Limits(depth=parse_go(["mate", "2"], True, settings)[0].depth).depth == 3


def test_go_nodes_0_is_the_smallest_budget_not_none() -> None:
    # The fuzz of issue 35 found `go nodes 0` read as no limit: a depth-64 search that the end of
    # the input waited for.
    go, ignored = parse_go(["nodes", "0"], True, Settings())
    assert (go.nodes, go.depth, go.infinite, ignored) == (1, None, False, [])


def test_a_line_echoed_in_an_info_string_carries_no_control_character() -> None:
    said: list[str] = []
    serve(registry.create("chess"), ["\x1b[2Jzz\x9b\n", "go depth \x7f1\n", "quit\n"], said.append)
    assert said[0] == "info string unknown command: ?[2Jzz?"
    assert said[1] == "info string ignored in go: depth ?1"
    assert shown("a\tb\x07  c", 4) == "a b?"



def test_a_byte_that_is_not_utf8_is_a_line_not_understood() -> None:
    # The fuzz of issue 35: under a UTF-8 locale stdin is strict, and the byte ended the engine.
    result = run_main("uci", stdin=b"\x80\xff\nisready\n")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == "info string unknown command: \ufffd\ufffd\nreadyok\n"


def test_a_stopped_search_with_one_legal_move_says_each_depth_once() -> None:
    # Ke1-d1 is White's only move. A budget stop after depth k used to repeat depth k's line,
    # taken for a move the unfinished depth had proven better.
    engine = Lines()
    try:
        engine.send("uci", "position fen 7k/8/8/8/8/8/6q1/4K3 w - - 0 1", "go nodes 3000")
        said = engine.until("bestmove")
    finally:
        engine.send("quit")
        engine.process.wait(timeout=20)
    depths = [int(line.split()[2]) for line in said
              if line.startswith("info depth") and "string" not in line]
    assert len(depths) >= 2 and depths == sorted(set(depths))
    assert said[-1].split()[:2] == ["bestmove", "e1d1"]
