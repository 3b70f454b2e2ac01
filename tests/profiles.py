"""How many examples the property tests try: Hypothesis settings profiles, one knob for every test.

- `full`: Hypothesis's 100 examples a test, times each test's own multiple: the counts CI runs.
- `dev`: a tenth of those (at least one), for work in progress.

HYPOTHESIS_PROFILE names the profile (or Hypothesis's own `--hypothesis-profile NAME`); unset,
tests/conftest.py picks `full`, or `dev` for a run whose `-m` expression leaves out the slow tests
(`python -m pytest -m "not slow"`). Both profiles keep everything else (deadline, example database,
derandomization) from the profile Hypothesis loaded itself, its `ci` profile on a CI host.

A test that needs more or fewer examples than the profile's count asks for a multiple of it with
`examples(times)`, never a fixed `max_examples`, so a profile scales every test alike.
"""

from __future__ import annotations

from typing import Any

from hypothesis import settings

PROFILE_VARIABLE = "HYPOTHESIS_PROFILE"
FULL = "full"
DEV = "dev"
#: Examples a test tries in each profile before its own multiple.
COUNTS = {FULL: 100, DEV: 10}


def register() -> None:
    """Register `full` and `dev` on top of the profile loaded now."""
    for name, count in COUNTS.items():
        settings.register_profile(name, settings.default, max_examples=count)


def load(name: str) -> None:
    settings.load_profile(name)


def examples(times: float, **overrides: Any) -> settings:
    """Settings trying `times` the loaded profile's examples (at least one), with `overrides`.
    Read when the test module is imported: tests/conftest.py loads the profile before that."""
    assert settings.default is not None
    return settings(max_examples=max(1, round(settings.default.max_examples * times)), **overrides)
