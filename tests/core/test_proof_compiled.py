"""The compiled proof search (scripts/build_fast.py) and its plain-Python sources give the same
scores and node counts; MINIMAX_PURE=1 and a stale build both fall back to the sources."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from minimax_cli.core.compiled import is_compiled

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "connect4"

PROGRAM = """
import json, sys
from minimax_cli.core.compiled import choose, is_compiled
choose()
from minimax_cli.core.search.prover import Prover
from games.connect4 import ConnectFour
game = ConnectFour()
prover = Prover(game)
out = []
for line in sys.stdin.read().split("\\n"):
    if line.strip():
        prover.restart(fresh=True)
        proof = prover.prove(game.parse_position(line.split()[0]))
        out.append([proof.score, proof.nodes])
print(json.dumps({"compiled": is_compiled(), "proofs": out}))
"""


def run(pure: bool, lines: str) -> dict[str, object]:
    env = dict(os.environ)
    env.pop("MINIMAX_PURE", None)
    if pure:
        env["MINIMAX_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", PROGRAM], input=lines, capture_output=True,
                          text=True, env=env, timeout=600, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.slow  # two subprocesses proving 28 positions, one of them in pure Python
@pytest.mark.skipif(not DATA.is_dir(), reason="the shared Connect Four sets are not here")
def test_pure_and_compiled_agree() -> None:
    rows = (DATA / "Test_L2_R1").read_text().splitlines()[:25]
    rows += (DATA / "Test_L2_R2").read_text().splitlines()[:3]
    lines = "\n".join(rows)
    pure = run(True, lines)
    assert pure["compiled"] is False
    expected = [int(row.split()[1]) for row in rows]
    assert [p[0] for p in pure["proofs"]] == expected  # type: ignore[union-attr]
    if not is_compiled():
        pytest.skip("no compiled build here (scripts/build_fast.py has not run)")
    compiled = run(False, lines)
    assert compiled["compiled"] is True
    assert compiled["proofs"] == pure["proofs"]
