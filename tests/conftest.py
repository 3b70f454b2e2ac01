"""What every test shares: the proof search compiled or from its sources, as a program's entry
chooses it; and English: the interface's language is the process's, so each test starts from and
leaves English, whatever a test chose with --lang or set_language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from minimax_cli.core.compiled import choose
from minimax_cli.core.i18n import set_language

choose()  # the compiled proof search, or its sources (MINIMAX_PURE=1, a stale build)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
