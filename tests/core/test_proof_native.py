"""Connect Four's C kernel (games/connect4/_native.c) and the plain-Python proof search give the
same scores AND node counts, on samples of every shared test set; MINIMAX_PURE=1 selects Python;
the budget check and a table cap work the same in both; only Connect Four's proof loads it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.connect4 import native as connect4_native
from games.connect4.game import ConnectFour
from minimax_cli.core.compiled import NATIVE_NAME, PURE_NAME, PURE_VARIABLE
from minimax_cli.core.result import Limits
from minimax_cli.core.search.common import Stop
from minimax_cli.core.search.proof import CHECK_EVERY, ProofSearch, table_slots
from minimax_cli.core.search.prover import Prover

# The shared folder beside the checkout, or beside the folder of worktrees it sits in.
DATA = next((folder / "shared" / "data" / "connect4" for folder in Path(__file__).resolve().parents
             if (folder / "shared" / "data" / "connect4").is_dir()), Path("shared/data/connect4"))

needs_native = pytest.mark.skipif(not connect4_native.available(7, 6),
                                  reason="the C kernel was not built here (no C compiler)")
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason="the shared Connect Four sets are not here")

#: Lines of each set, sampled evenly (the plain-Python side bounds the run: about 20 s in all).
SAMPLES = {"Test_L3_R1": 25, "Test_L2_R1": 25, "Test_L2_R2": 6, "Test_L1_R1": 12, "Test_L1_R2": 2,
           "Gen_L3_R1": 10, "Gen_L2_R1": 10, "Gen_L2_R2": 3, "Gen_L1_R1": 5}


def sample(name: str, count: int) -> list[tuple[str, int]]:
    rows = [line.split() for line in (DATA / name).read_text().splitlines() if line.strip()]
    return [(moves, int(score)) for moves, score in rows[::len(rows) // count][:count]]


def proofs(prover: Prover, game: ConnectFour, lines: list[tuple[str, int]],
           weak: bool = False) -> list[tuple[int, int]]:
    found = []
    for moves, _ in lines:
        prover.restart(fresh=True)
        proof = prover.prove(game.parse_position(moves), weak)
        found.append((proof.score, proof.nodes))
    return found


@needs_native
def test_the_kernel_runs_natively_where_built() -> None:
    game = ConnectFour()
    assert type(Prover(game).search).__name__ == "NativeProofSearch"
    assert isinstance(Prover(game, native=False).search, ProofSearch)
    assert game.proof_kernel().kernel_name() == NATIVE_NAME


@needs_native
@needs_data
@pytest.mark.slow  # a few hundred proofs, some seconds each in plain Python
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_native_and_plain_python_agree_on_scores_and_nodes(name: str) -> None:
    game = ConnectFour()
    lines = sample(name, SAMPLES[name])
    native = proofs(Prover(game), game, lines)
    assert [score for score, _ in native] == [score for _, score in lines]  # the published scores
    assert native == proofs(Prover(game, native=False), game, lines)


@needs_native
@needs_data
def test_weak_proofs_and_a_small_table_agree_too() -> None:
    """--weak (sign only), and a table far too small, emptied at the checkpoints: same counts."""
    game = ConnectFour()
    lines = sample("Test_L2_R1", 8) + sample("Test_L1_R1", 3)
    for weak in (False, True):
        small = dict(table_mb=0.01)  # 1024 entries, the least the prover takes
        native_prover, plain_prover = Prover(game, **small), Prover(game, native=False, **small)
        assert proofs(native_prover, game, lines, weak) == proofs(plain_prover, game, lines, weak)
        assert native_prover.search.probes == plain_prover.search.probes
        assert native_prover.search.hits == plain_prover.search.hits


@needs_native
def test_other_board_sizes_agree() -> None:
    """5 x 4 (a smaller board, another column order) and 8 x 7 (64 bits, the most it takes)."""
    for cols, rows, moves in ((5, 4, "3323"), (8, 7, "4455445566")):
        game = ConnectFour(cols, rows)
        state = game.parse_position(moves)
        native, plain = Prover(game), Prover(game, native=False)
        assert type(native.search).__name__ == "NativeProofSearch"
        assert [(m.move, m.score) for m in native.moves_of(state)] == [
            (m.move, m.score) for m in plain.moves_of(state)]
        assert native.nodes == plain.nodes


def test_a_board_beyond_64_bits_runs_in_python() -> None:
    game = ConnectFour(10, 6)  # 10 columns of 7 bits
    assert not connect4_native.fits(10, 6)
    assert isinstance(Prover(game).search, ProofSearch)
    assert game.proof_kernel().kernel_name() == PURE_NAME


@needs_native
def test_the_budget_check_is_called_at_the_same_nodes_and_stops_the_search() -> None:
    class Stop(Exception):
        pass

    game = ConnectFour()
    state = game.parse_position("4453")  # far more than a few thousand nodes
    for native in (True, False):
        seen: list[int] = []

        def check(nodes: int, seen: list[int] = seen) -> int:
            seen.append(nodes)
            if len(seen) == 3:
                raise Stop
            return nodes + CHECK_EVERY

        prover = Prover(game, native=native)
        search = (connect4_native.search(7, 6, game.proof_kernel().order, 10, 100_000, check)
                  if native else ProofSearch(game.proof_kernel(), 100_000, check))
        assert search is not None
        prover.search = search
        with pytest.raises(Stop):
            prover.prove(state)
        assert seen == [CHECK_EVERY, 2 * CHECK_EVERY, 3 * CHECK_EVERY]
        assert search.nodes == 3 * CHECK_EVERY - 1  # the node the check refused is not counted


@pytest.mark.parametrize("budget", [1, 2, 100, 4_095, 4_096, 4_097, 7_777, 10_000])
def test_a_node_budget_stops_both_kernels_at_exactly_its_node(budget: int) -> None:
    """--nodes N: no node past N is visited or counted, at any N (not only at the checkpoints
    of the clock), and the C kernel and the plain-Python one stop at the same node."""
    game = ConnectFour()
    state = game.parse_position("4453")  # millions of nodes: every budget here stops it
    counts = []
    for native in (True, False) if connect4_native.available(7, 6) else (False,):
        prover = Prover(game, Limits(nodes=budget), native=native)
        with pytest.raises(Stop):
            prover.prove(state)
        search = prover.search
        counts.append((search.nodes, search.probes, search.hits, len(search.table)))
        assert search.nodes == budget
    assert len(set(counts)) == 1


def test_a_node_budget_counts_from_a_restart_and_covers_a_win_at_once() -> None:
    """The budget of a restart counts on from the nodes already searched (as the AI's think
    gives it), and a position won at once is a node like any other: a budget of one node proves
    it, and none beyond it."""
    game = ConnectFour()
    for native in (True, False):
        prover = Prover(game, native=native)
        prover.prove(game.parse_position("243335424257"))
        spent = prover.nodes
        prover.restart(Limits(nodes=spent + 50), fresh=True)
        with pytest.raises(Stop):
            prover.prove(game.parse_position("4453"))
        assert prover.nodes == spent + 50
        won = game.parse_position("112233")  # the side to move wins with column 4
        prover.restart(Limits(nodes=prover.nodes + 1))
        assert prover.prove(won).nodes == 1
        prover.restart(Limits(nodes=prover.nodes))
        with pytest.raises(Stop):
            prover.prove(won)


@needs_native
def test_minimax_pure_selects_plain_python_and_the_kernel_loads_only_for_connect_four() -> None:
    code = ("import sys\nfrom games.connect4.game import ConnectFour\n"
            "from minimax_cli.core.search.prover import Prover\n"
            "game = ConnectFour()\nprint(game.proof_kernel().kernel_name(), "
            "type(Prover(game).search).__name__)")
    pure = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, PURE_VARIABLE: "1"})
    assert pure.stdout.split() == ["plain", "Python", "ProofSearch"]
    loaded = ("import sys\nfrom minimax_cli.cli.app import main\nfrom games.connect4.game import "
              "ConnectFour\nprint('games.connect4._native' in sys.modules)")
    quiet = subprocess.run([sys.executable, "-c", loaded], capture_output=True, text=True,
                           check=True, env={k: v for k, v in os.environ.items() if k != PURE_VARIABLE})
    assert quiet.stdout.strip() == "False"


@needs_native
@pytest.mark.slow  # a subprocess, interrupted after a second
def test_ctrl_c_stops_a_native_proof_at_once() -> None:
    """The C search returns to Python every few thousand nodes, where a pending SIGINT raises."""
    code = ("from games.connect4.game import ConnectFour\nfrom minimax_cli.core.search.prover import "
            "Prover\ngame = ConnectFour()\nprover = Prover(game)\nprint('proving', flush=True)\n"
            "try:\n    prover.prove(game.parse_position('4453'))\n"  # over a minute of work
            "except KeyboardInterrupt:\n    print('interrupted', prover.nodes > 0)\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                             env={k: v for k, v in os.environ.items() if k != PURE_VARIABLE})
    assert child.stdout is not None and child.stdout.readline() == "proving\n"
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=10)
    assert out.strip() == "interrupted True"


@pytest.mark.parametrize("native", [True, False])
def test_a_fresh_tables_proof_counts_the_same_nodes_whatever_came_before(native: bool) -> None:
    """A batch worker proves line after line with one prover, emptying its table in between: a
    line whose proof fills a small table (new entries then replace old ones) must count what it
    counts in a prover of its own."""
    game = ConnectFour()
    alone = Prover(game, table_mb=0.05, native=native)
    hard = game.parse_position("32164625")  # Begin-Easy's first line: 18,662 nodes here
    alone_nodes = alone.prove(hard).nodes
    # Every slot taken, by a proof of many more nodes: entries were replaced, the case that matters.
    assert len(alone.search.table) == table_slots(alone.search.max_entries) < alone_nodes
    after = Prover(game, table_mb=0.05, native=native)
    after.prove(game.parse_position("243335424257"))  # 1,092 nodes: not a multiple of 4,096
    after.restart(fresh=True)
    assert after.prove(hard).nodes == alone_nodes
