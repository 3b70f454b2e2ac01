"""What every test shares: the interface's language is the process's, so each test starts from and
leaves English, whatever a test chose with --lang or set_language; and the Hypothesis profile
(tests/profiles.py), loaded before any test module builds its settings."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from minimax_cli.core.i18n import set_language
from tests import profiles

# Registered on import, before Hypothesis's plugin loads a profile named by --hypothesis-profile.
profiles.register()


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("hypothesis_profile", None):
        return  # --hypothesis-profile NAME: Hypothesis's own option, loaded by its plugin
    chosen = os.environ.get(profiles.PROFILE_VARIABLE)
    if not chosen:
        # A run that leaves out the slow tests is work in progress: the quick profile too.
        chosen = profiles.DEV if "not slow" in (config.option.markexpr or "") else profiles.FULL
    profiles.load(chosen)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
