"""The translation functions, where the layers above the core import them (see
minimax_cli.core.i18n); the catalogue is `locale/`, the shared vocabulary `words.py`."""

from minimax_cli.core.i18n import (
    LANGUAGES,
    LOCALE_DIR,
    _,
    language,
    language_from_environment,
    ngettext,
    parse_language,
    speaking,
)

__all__ = ["LANGUAGES", "LOCALE_DIR", "_", "language", "language_from_environment", "ngettext",
           "parse_language", "speaking"]
