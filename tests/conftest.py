"""What every test shares: the Hypothesis profile (tests/profiles.py), loaded before any test
module builds its settings; and `speak`, for a test that speaks another language (the language
lives in the command's context: nothing a test sets outlives it)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack

import pytest

from minimax_cli.core.i18n import speaking
from tests import profiles

# Registered on import, before Hypothesis's plugin loads a profile named by --hypothesis-profile.
profiles.register()


def _compile_the_sources() -> None:
    """Byte-compile the tool's own modules once. Where PYTHONDONTWRITEBYTECODE is set (as on the
    CI machine) nothing else writes them, and every `minimax` a test starts as a process would
    compile them again: about 50 ms a process, hundreds of processes."""
    import compileall
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for package in ("minimax_cli", "games"):
        compileall.compile_dir(root / package, quiet=2)


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # once, in the run's first process (pytest-xdist's too)
        _compile_the_sources()
    if config.getoption("hypothesis_profile", None):
        return  # --hypothesis-profile NAME: Hypothesis's own option, loaded by its plugin
    chosen = os.environ.get(profiles.PROFILE_VARIABLE)
    if not chosen:
        # A run that leaves out the slow tests is work in progress: the quick profile too.
        chosen = profiles.DEV if "not slow" in (config.option.markexpr or "") else profiles.FULL
    profiles.load(chosen)


@pytest.fixture
def speak() -> Iterator[Callable[[str], None]]:
    """`speak("es")`: Spanish from there to the end of the test (or to the next `speak`)."""
    with ExitStack() as scopes:
        yield lambda code: scopes.enter_context(speaking(code)) and None


@pytest.fixture
def without_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray made unimportable for one test, as on a machine without the `cluster` extra, even
    where it is installed."""
    import builtins
    import sys

    real_import = builtins.__import__

    def no_ray(name: str, *args: object, **kwargs: object) -> object:
        if name == "ray" or name.startswith("ray."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_ray)
    monkeypatch.delitem(sys.modules, "ray", raising=False)
