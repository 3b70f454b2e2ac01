"""The Spanish catalogue speaks to the user in one register, tú, and says whose play "perfect play"
is: both sides' (issue 34, item 20). Read from the .po the tool's .mo is compiled from."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PO = Path(__file__).resolve().parents[1] / "minimax_cli/core/locale/es/LC_MESSAGES/minimax.po"
#: Forms of usted: the pronoun, and imperatives a message might give a user.
USTED = re.compile(r"\b(usted|ustedes|elija|escriba|pulse|intente|introduzca|pruebe|indique|"
                   r"ejecute|consulte|quítelos|quítela|quítelo|use|utilice|vea|dele|déle)\b",
                   re.IGNORECASE)


def translations() -> dict[str, str]:
    """msgid -> msgstr (the plural forms one after another), read plainly from the .po."""
    found: dict[str, str] = {}
    parts: dict[str, list[str]] = {"msgid": [], "msgstr": []}
    field: str | None = None
    for line in [*PO.read_text(encoding="utf-8").splitlines(), 'msgid ""']:
        if line.startswith("msgid "):
            if parts["msgid"]:
                found["".join(parts["msgid"])] = " ".join(parts["msgstr"])
            parts, field = {"msgid": [], "msgstr": []}, "msgid"
        elif line.startswith("msgid_plural"):
            field = None
        elif line.startswith("msgstr"):
            field = "msgstr"
            parts["msgstr"].append("")
        if field is not None and line.endswith('"') and '"' in line[:-1]:
            text = line[line.index('"') + 1:-1].replace('\\"', '"').replace("\\n", "\n")
            parts[field][-1:] = [(parts[field][-1] if parts[field] else "") + text]
    return found


def test_every_string_speaks_to_the_user_as_tu() -> None:
    usted = [f"{english[:50]!r}: {match.group(0)}" for english, spanish in translations().items()
             for match in [USTED.search(spanish)] if match]
    assert usted == []


@pytest.mark.parametrize("english", [
    "wins with perfect play", "does not win with perfect play",
    "the player to move ({player}) wins{distance} with perfect play",
    "the player to move ({player}) loses{distance} with perfect play",
    "a draw with perfect play: neither player can force a win",
    "who wins from the start with perfect play"])
def test_perfect_play_is_both_sides_play(english: str) -> None:
    assert "con juego perfecto por ambos lados" in translations()[english]
