"""Compile the proof search's hot path with mypyc, in place; optional.

    python scripts/build_fast.py            # compile (needs mypy's mypyc and a C compiler)
    python scripts/build_fast.py --clean    # remove the compiled files: plain Python again

The compiled modules sit next to their sources, which Python then imports instead; the sources
stay, and `MINIMAX_PURE=1` makes the tool use them even when compiled files exist. Results and node
counts are the same either way (tests/core/test_proof_compiled.py checks it). Without mypyc or a
compiler this script says so and exits 0: the tool works the same, only slower.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from minimax_cli.core.compiled import COMPILED_MODULES  # noqa: E402


def sources() -> list[Path]:
    return [ROOT / (name.replace(".", "/") + ".py") for name in COMPILED_MODULES]


def compiled_files() -> list[Path]:
    found: list[Path] = []
    for source in sources():
        found.extend(source.parent.glob(source.stem + ".*.so"))
        found.extend(source.parent.glob(source.stem + ".*.pyd"))
    found.extend(ROOT.glob("*__mypyc.*.so"))
    found.extend(ROOT.glob("*__mypyc.*.pyd"))
    return found


def clean() -> None:
    for path in compiled_files():
        path.unlink()
    shutil.rmtree(ROOT / "build", ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled files")
    args = parser.parse_args()
    clean()
    if args.clean:
        print("removed the compiled files: the proof search runs as plain Python")
        return 0
    try:
        import mypyc  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as missing:
        print(f"{missing.name} is not installed (pip install mypy setuptools): the proof search"
              " stays plain Python")
        return 0
    files = [str(p.relative_to(ROOT)) for p in sources()]
    # setup() with no packages of its own, so that setuptools does not go looking in pyproject.
    program = ("import sys; from setuptools import setup; from mypyc.build import mypycify; "
               "setup(name='minimax-fast', packages=[], py_modules=[], "
               "ext_modules=mypycify(sys.argv[1:]), script_args=['build_ext', '--inplace'])")
    done = subprocess.run([sys.executable, "-c", program, *files], cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0:
        clean()
        last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["(no output)"]
        print(f"could not compile ({last[0]}): the proof search stays plain Python")
        return 0
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    print(f"compiled {len(COMPILED_MODULES)} modules with mypyc: "
          + ", ".join(COMPILED_MODULES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
