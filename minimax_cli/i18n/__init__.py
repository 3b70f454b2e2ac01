"""The translation functions, where the CLI layer imports them (see minimax_cli.core.i18n)."""

from minimax_cli.core.i18n import (
    LANGUAGES,
    LOCALE_DIR,
    _,
    language,
    language_from_environment,
    ngettext,
    parse_language,
    set_language,
)

__all__ = ["LANGUAGES", "LOCALE_DIR", "_", "language", "language_from_environment", "ngettext",
           "parse_language", "set_language"]
