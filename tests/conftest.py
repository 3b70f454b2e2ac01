"""What every test shares: the interface's language is the process's, so each test starts from and
leaves English, whatever a test chose with --lang or set_language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from minimax_cli.core.i18n import set_language


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
