"""What every test shares: the proof search compiled or from its sources, as a program's entry
chooses it; and `speak`, for a test that speaks another language (the language lives in the
command's context: nothing a test sets outlives it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack

import pytest

from minimax_cli.core.compiled import choose
from minimax_cli.core.i18n import speaking

choose()  # the compiled proof search, or its sources (MINIMAX_PURE=1, a stale build)


@pytest.fixture
def speak() -> Iterator[Callable[[str], None]]:
    """`speak("es")`: Spanish from there to the end of the test (or to the next `speak`)."""
    with ExitStack() as scopes:
        yield lambda code: scopes.enter_context(speaking(code)) and None
