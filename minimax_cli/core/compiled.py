"""Which modules scripts/build_fast.py compiles with mypyc, whether they are compiled, and the
switch back to their sources.

With `MINIMAX_PURE=1` in the environment, or a build older than its sources, `choose()` puts a
finder first on `sys.meta_path` that loads these modules from their `.py` files even when compiled
files sit next to them, so the two can be compared (same scores, same nodes). Importing changes
nothing: `choose()` is called by a program's entry (the console script's `main`, the tests'
conftest, the benchmark scripts) before anything loads the proof search.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType

#: Compiled together: the kernel base, the proof search, and Connect Four's kernel.
COMPILED_MODULES = (
    "minimax_cli.core.proof",
    "minimax_cli.core.search.proof",
    "games.connect4_proof",
)

PURE_VARIABLE = "MINIMAX_PURE"


class _SourceFinder(importlib.machinery.PathFinder):
    """Finds the compiled modules' `.py` sources, never their extension modules."""

    @classmethod
    def find_spec(cls, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED_MODULES or path is None:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def use_sources() -> None:
    """Load the compiled modules from their sources from now on (see the docstring)."""
    if not any(finder is _SourceFinder for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder)


def stale() -> bool:
    """Whether a compiled module is older than its source (edited since scripts/build_fast.py
    ran): then the sources are used, never an outdated build."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for name in COMPILED_MODULES:
        source = os.path.join(root, *name.split(".")) + ".py"
        folder, leaf = os.path.split(source)
        try:
            built = [entry.path for entry in os.scandir(folder)
                     if entry.name.startswith(leaf[:-3] + ".") and entry.name.endswith((".so", ".pyd"))]
            if any(os.path.getmtime(path) < os.path.getmtime(source) for path in built):
                return True
        except OSError:
            continue
    return False


def choose() -> None:
    """At start-up: the sources when MINIMAX_PURE is set or the build is stale."""
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0") or stale():
        use_sources()


def is_compiled() -> bool:
    """Whether the proof search runs compiled (it imports it)."""
    from minimax_cli.core.search import proof

    return not (proof.__file__ or "").endswith(".py")


__all__ = ["COMPILED_MODULES", "PURE_VARIABLE", "choose", "is_compiled", "stale", "use_sources"]
