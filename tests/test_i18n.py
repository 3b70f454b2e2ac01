"""The Spanish catalogue: every string the code passes through the translation functions has a
Spanish translation with the same fields, and the compiled catalogue the tool reads is current."""

from __future__ import annotations

import gettext
import importlib.util
import re
import string
import struct
from pathlib import Path
from types import ModuleType

import pytest

from minimax_cli.core import i18n

ROOT = Path(__file__).resolve().parent.parent


def catalogue_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = catalogue_tool()


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_string_of_the_interface_has_a_spanish_translation() -> None:
    catalogue = TOOL.merged("es", TOOL.extract())
    assert len(catalogue) > 100  # the extraction found the interface's strings
    missing = TOOL.missing(catalogue)
    assert missing == [], f"{len(missing)} strings without a Spanish translation: {missing[:5]}"


def test_translations_keep_every_field_of_their_string() -> None:
    for message in TOOL.load("es"):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(fields(i) for i in ids))
        for translated in strings:
            assert fields(translated) <= wanted, (message.id, translated)
            # a field of the English may be left out only in a plural's singular form
            if len(ids) == 1:
                assert fields(translated) == wanted, (message.id, translated)


def mo_messages(data: bytes) -> dict[bytes, bytes]:
    """The messages of a compiled catalogue (GNU .mo: magic, revision, count, then two tables of
    (length, offset) pairs), the header (the empty id, which names the Babel that wrote the file)
    left out: two compilers of one .po give the same messages whatever bytes they differ in."""
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, ids_at, strings_at = struct.unpack(order + "3I", data[8:20])
    messages = {}
    for index in range(count):
        id_length, id_offset = struct.unpack(order + "2I", data[ids_at + 8 * index:][:8])
        length, offset = struct.unpack(order + "2I", data[strings_at + 8 * index:][:8])
        messages[data[id_offset:id_offset + id_length]] = data[offset:offset + length]
    messages.pop(b"", None)
    return messages


def test_the_message_reader_sees_a_changed_translation() -> None:
    catalog = TOOL.load("es")
    before = mo_messages(TOOL.compiled(catalog))
    catalog["the root"].string = "la copa"
    after = mo_messages(TOOL.compiled(catalog))
    assert before[b"the root"] == "la raíz".encode() and after[b"the root"] == b"la copa"
    assert {k: v for k, v in before.items() if k != b"the root"} == \
        {k: v for k, v in after.items() if k != b"the root"}


def test_the_compiled_catalogue_is_the_po() -> None:
    mo = TOOL.po_path("es").with_suffix(".mo")
    assert mo_messages(mo.read_bytes()) == mo_messages(TOOL.compiled(TOOL.load("es"))), (
        "run python scripts/i18n.py to compile the catalogue")
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    assert compiled.gettext("the root") == "la raíz"
    assert compiled.ngettext("… {count} node below, not drawn (--tree-depth {depth})",
                             "… {count} nodes below, not drawn (--tree-depth {depth})",
                             2).startswith("… {count} nodos")


@pytest.mark.parametrize(("environment", "language"), [
    ({"LANG": "es_AR.UTF-8"}, "es"),
    ({"LANG": "es_ES"}, "es"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
    ({"LANGUAGE": "es:en", "LANG": "en_US.UTF-8"}, "es"),
    ({"LANGUAGE": "fr:es", "LANG": "fr_FR"}, "es"),
    ({"LC_ALL": "fr_FR.UTF-8", "LANG": "es_MX"}, "en"),
])
def test_the_locale_chooses_the_language(environment: dict[str, str], language: str) -> None:
    assert i18n.language_from_environment(environment) == language


@pytest.mark.parametrize(("text", "code"), [("es", "es"), ("ES", "es"), ("es_AR", "es"),
                                             ("español", "es"), ("en", "en"), ("en-GB", "en")])
def test_language_names(text: str, code: str) -> None:
    assert i18n.parse_language(text) == code


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match=re.escape("choose one of en (English), es (español)")):
        i18n.parse_language("klingon")


def test_an_unknown_language_on_the_command_line_is_one_line() -> None:
    from typer.testing import CliRunner

    from minimax_cli.cli.app import app

    result = CliRunner().invoke(app, ["analyze", "tree", "@abcd", "--lang", "xx"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: --lang: unknown language 'xx'; choose one of en (English), es (español)"]


def test_the_bundled_trees_descriptions_are_in_the_catalogue() -> None:
    from games.tree.sources import DESCRIPTIONS, bundled_descriptions

    assert sorted(bundled_descriptions().values()) == sorted(DESCRIPTIONS)
