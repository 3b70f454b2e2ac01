"""Which code runs the proof search: a game's native kernel, or plain Python.

Connect Four's proof search has a C version (games/connect4/_native.c), built by `pip install .`
where a C compiler is at hand and skipped where there is none; it gives the same scores and node
counts as the Python search. `MINIMAX_PURE=1` in the environment keeps the Python search even where
the C one is built, so that the two can be compared (read once, where a kernel is built: the
kernel's `ProofSwitches`, core/proof.py); so does a build older than its C source (an edited source
never runs as its outdated build). The game's own module loads its kernel when a
proof asks for it (games/connect4/native.py), so commands that never prove a Connect Four position
do not load it; this module says which kernels may run and what they are called.
"""

from __future__ import annotations

import os
from types import ModuleType

from minimax_cli.core.i18n import N_

#: `MINIMAX_PURE=1` in the environment: the plain-Python search (core/proof.py's ProofSwitches).
PURE_VARIABLE = "MINIMAX_PURE"

#: How `minimax games` and `--version` name the two kinds of proof search (translated where shown).
NATIVE_NAME = N_("native C")
PURE_NAME = N_("plain Python")


def stale(module: ModuleType) -> bool:
    """Whether a built extension is older than the C source beside it (a source checkout edited
    since its last build); an installed package has no source beside it and is never stale."""
    built = module.__file__ or ""
    source = os.path.join(os.path.dirname(built), module.__name__.rpartition(".")[2] + ".c")
    try:
        return os.path.getmtime(built) < os.path.getmtime(source)
    except OSError:
        return False


def usable(module: ModuleType) -> bool:
    """Whether a game's native kernel module, once imported, may run: not when stale."""
    return not stale(module)


__all__ = ["NATIVE_NAME", "PURE_NAME", "PURE_VARIABLE", "stale", "usable"]
