"""The Spanish catalogue: extract the interface's strings, update the `.po`, compile the `.mo`.

    python scripts/i18n.py            # extract, merge into minimax.po (translations kept), compile
    python scripts/i18n.py --check    # exit 1 if a string lacks a translation or the .mo is stale
    python scripts/i18n.py --fill es.json   # also take translations from a JSON object
                                            # {"English": "Spanish", "plural": ["uno", "varios"]}
                                            # ("context|English" for a pgettext string)

Strings are those passed to `_(...)` and `ngettext(...)` in minimax_cli/ and games/ (Babel's
Python extractor). New strings enter the `.po` with an empty translation, for a translator to
fill; strings no longer in the code are dropped. The `.mo` beside the `.po` is what the tool reads
(Python's gettext), so it is compiled here and committed: installing needs no Babel.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "minimax_cli" / "core" / "locale"
LANGUAGES = ("es",)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "M_": None, "nM_": (1, 2), "pM_": ((1, "c"), 2)}
SOURCES = ("minimax_cli", "games")


#: Dates in the header are fixed, so that the files change only when the strings do.
FIXED_DATE = datetime(2026, 11, 25, tzinfo=timezone.utc)


def extract() -> Catalog:
    """Every string of the code that goes through the translation functions."""
    template = Catalog(project="minimax-cli", charset="utf-8", creation_date=FIXED_DATE,
                       revision_date=FIXED_DATE)
    for folder in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS,
                strip_comment_tags=True):
            template.add(message, None, [(f"{folder}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    return template


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "minimax.po"


def load(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return Catalog(locale=language, project="minimax-cli", charset="utf-8",
                       creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def merged(language: str, template: Catalog) -> Catalog:
    catalog = load(language)
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()
    catalog.fuzzy = False  # the header: a fuzzy header would be left out of the .mo
    catalog.project, catalog.version = "minimax-cli", ""
    catalog.copyright_holder = "the minimax-cli developers"
    catalog.last_translator = catalog.language_team = "minimax-cli developers"
    return catalog


def fill(catalog: Catalog, translations: dict[str, str | list[str]]) -> None:
    """Set the translations given (by the English singular), leaving the others as they are."""
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        if message.context:
            key = f"{message.context}|{key}"
        if key in translations:
            given = translations[key]
            message.string = tuple(given) if isinstance(given, list) else given
            message.flags.discard("fuzzy")


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def missing(catalog: Catalog) -> list[str]:
    """The strings without a translation (a plural needs every form)."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            found.append(message.id if isinstance(message.id, str) else message.id[0])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check only, write nothing")
    parser.add_argument("--fill", type=Path, help="a JSON file of translations to merge (es)")
    args = parser.parse_args()
    template = extract()
    status = 0
    for language in LANGUAGES:
        catalog = merged(language, template)
        if args.fill is not None:
            fill(catalog, json.loads(args.fill.read_text(encoding="utf-8")))
        gaps = missing(catalog)
        mo = po_path(language).with_suffix(".mo")
        if args.check:
            if gaps:
                print(f"{language}: {len(gaps)} strings without a translation, e.g. {gaps[0]!r}")
                status = 1
            if not mo.exists() or mo.read_bytes() != compiled(load(language)):
                print(f"{language}: {mo.name} is not the compiled {po_path(language).name}")
                status = 1
            continue
        po_path(language).parent.mkdir(parents=True, exist_ok=True)
        with po_path(language).open("wb") as handle:
            write_po(handle, catalog, width=100, sort_output=True, omit_header=False)
        mo.write_bytes(compiled(catalog))
        print(f"{language}: {len(catalog)} strings, {len(gaps)} without a translation")
    return status


if __name__ == "__main__":
    sys.exit(main())
