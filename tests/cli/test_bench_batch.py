"""scripts/bench_batch.py in a clone without the shared test sets (issue 34, item 24): one line that
says where they go, exit code 2, no traceback."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_batch.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_batch", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench = load()


def test_a_missing_file_is_one_line_and_exit_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "Gen_L2_R2"
    with pytest.raises(SystemExit) as stop:
        bench.main(["--file", str(missing), "--no-ray"])
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert str(missing) in err and "--file" in err


def test_a_file_that_is_not_text_is_one_line_and_exit_2(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "positions"
    binary.write_bytes(b"\xff\xfe4455 18\n")
    with pytest.raises(SystemExit) as stop:
        bench.main(["--file", str(binary), "--no-ray"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not UTF-8" in err


def test_the_default_file_missing_says_where_the_test_sets_go(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    absent = tmp_path / "shared" / "data" / "connect4" / "Gen_L2_R2"
    monkeypatch.setattr(bench, "DEFAULT_FILE", absent)
    with pytest.raises(SystemExit) as stop:
        bench.main(["--no-ray"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"no test set at {absent}" in err and str(absent.parent) in err and "--file" in err


def test_a_fresh_clone_without_the_shared_data_gets_one_line(tmp_path: Path) -> None:
    # the script as a fresh clone has it: its default file, two folders up, is not there
    clone = tmp_path / "clone" / "scripts"
    clone.mkdir(parents=True)
    shutil.copy(SCRIPT, clone / SCRIPT.name)
    done = subprocess.run([sys.executable, str(clone / SCRIPT.name), "--no-ray"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1
    assert str(tmp_path / "shared" / "data" / "connect4") in done.stderr
