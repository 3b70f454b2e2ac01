"""The command line's own words in Spanish (issue 12): help pages, the overview of a bare
`minimax`, error lines. `--lang es` anywhere on the line, or a Spanish locale, chooses Spanish
before anything is printed; help texts given to Typer in English at import are translated as the
page is drawn. English is tested in test_help.py and must not change."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from minimax_cli.cli import help as cli_help
from minimax_cli.cli.app import app

runner = CliRunner()
NBSP = "\u00a0"
#: A terminal 80 columns wide, in an English locale unless a test says otherwise.
ENGLISH = {"COLUMNS": "80", "NO_COLOR": "1", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "",
           "LC_MESSAGES": ""}
SPANISH_LOCALE = {**ENGLISH, "LANG": "es_AR.UTF-8"}
PAGES = [["--help"], ["play", "--help"], ["analyze", "--help"], ["solve", "--help"],
         ["games", "--help"], ["quiz", "--help"], []]



def page(*args: str, env: dict[str, str] | None = None) -> str:
    result = runner.invoke(app, list(args), env=env or ENGLISH)
    assert result.exit_code == 0, result.output
    return result.stdout


#: The console script, as a user runs it (else the module, which Click names `python -m ...`).
SCRIPT = Path(sys.executable).with_name("minimax")
COMMAND = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "minimax_cli"]
PROG = "minimax" if SCRIPT.exists() else "python -m minimax_cli"


def run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMMAND, *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **env})


def screen(*args: str) -> list[str]:
    """What `COLUMNS=80 minimax ARGS` shows, line by line."""
    done = run(*args, env=ENGLISH)
    assert (done.returncode, done.stderr) == (0, ""), done
    return done.stdout.splitlines()


def error_line(*args: str, env: dict[str, str]) -> str:
    done = run(*args, env=env)
    assert (done.returncode, done.stdout) == (2, ""), done
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


# --- the pages -------------------------------------------------------------------------------------
def test_the_group_page_in_spanish() -> None:
    lines = screen("--help", "--lang", "es")
    assert lines[:3] == ["Uso: minimax [OPCIONES] COMANDO [ARGUMENTOS]...", "",
                         "  Juega, analiza y resuelve juegos mediante búsqueda con adversario."]
    commands = "\n".join(lines[lines.index("Comandos:"):lines.index("Opciones:")])
    assert re.findall(r"^  (\w+) ", commands, re.M) == list(typer.main.get_group(app).commands)
    assert ("  analyze  El valor de cada jugada legal, la mejor jugada, la variante\n"
            "           principal y los recuentos de nodos.") in commands
    assert "  --version             Muestra la versión y termina." in lines
    assert "  --help                Muestra este mensaje y termina." in lines
    assert "  `minimax COMANDO --help` muestra las opciones de un comando y los parámetros" in lines


def test_the_analyze_page_in_spanish() -> None:
    lines = screen("analyze", "--help", "--lang", "es")
    text = "\n".join(lines)
    assert lines[0] == "Uso: minimax analyze [OPCIONES] JUEGO [POSICIÓN] [PARÁMETROS DEL JUEGO]"
    for line in [
        "Argumentos:",
        "  JUEGO     Un juego de `minimax games`.",
        f"            archivo; `-` la lee de la entrada estándar; como mucho 4{NBSP}000{NBSP}000",
        "  -d, --depth TURNOS      Corta la búsqueda a tantos turnos por debajo de la",
        f"                          raíz (de 0 a 100{NBSP}000).",
        "  --tree                  Dibuja el árbol de búsqueda.",
        "  --help                  Muestra este mensaje y termina.",
        "Algoritmos (--algorithm NOMBRE):",
        "Parámetros del juego (tras el juego; `minimax games JUEGO` los explica):",
        "  tree       ninguno",
    ]:
        assert line in lines, line
    assert "--max-steps N" in text and "[por defecto: 200]" in text
    assert "(el predeterminado)" in text and "(the default)" not in text


def test_a_spanish_locale_gives_the_same_page_as_lang_es() -> None:
    assert page("analyze", "--help", env=SPANISH_LOCALE) == page("analyze", "--help", "--lang",
                                                                  "es")
    assert page("analyze", "--help", "--lang", "en", env=SPANISH_LOCALE) == page("analyze",
                                                                                  "--help")


@pytest.mark.parametrize("args", PAGES, ids=[" ".join(a) or "bare" for a in PAGES])
def test_spanish_pages_fit_80_columns(args: list[str]) -> None:
    text = page(*args, "--lang", "es")
    for line in text.splitlines():
        assert len(line) <= 80 and line == line.rstrip(), line
    assert "\\xa0" not in text  # digit groups keep their no-break spaces


def test_the_overview_in_spanish() -> None:
    for env, args in [(ENGLISH, ["--lang", "es"]), (SPANISH_LOCALE, [])]:
        lines = page(*args, env=env).splitlines()
        assert lines[0] == ("minimax juega, analiza y resuelve juegos mediante búsqueda con "
                            "adversario:")
        assert "  minimax play                           tres en raya contra la IA; tú eres X" in lines
        assert lines[-3:] == [
            "Después: `minimax games JUEGO` muestra un juego completo, con ejemplos;",
            "`minimax COMANDO --help`: opciones de un comando; `minimax --help`: el resto.",
            "In English: --lang en."]


def help_texts(command: Any) -> Iterator[tuple[str, str]]:
    """Every English text a help page draws for `command` and its subcommands: (where, text)."""
    yield command.name, command.help
    for param in command.params:
        if param.help:
            yield f"{command.name} {param.name}", param.help
        if param.metavar and len(param.metavar) > 2:  # N, MB and C are the same in Spanish
            yield f"{command.name} {param.name} metavar", param.metavar
    for sub in getattr(command, "commands", {}).values():
        yield from help_texts(sub)


def test_every_help_text_has_its_spanish(speak: Callable[[str], None]) -> None:
    texts = list(help_texts(typer.main.get_command(app)))
    assert len(texts) > 60
    for _where, text in texts:
        assert cli_help.translated(text) == text  # English: the text as Typer has it
    speak("es")
    untranslated = [where for where, text in texts if cli_help.translated(text) == text]
    assert untranslated == []


# --- errors ----------------------------------------------------------------------------------------
ERRORS = [
    (["analyze", "tree", "@abcd", "--tree-depth", "2"],
     "error: --tree-depth y --boards dicen cómo dibuja --tree la búsqueda: añade --tree"),
    (["analyze", "tictactoe", "--depth", "1e9"],
     "error: valor no válido para '--depth' / '-d': '1e9' es demasiado grande: da un número "
     f"entero de 0 a 100{NBSP}000 turnos (consulta `{PROG} analyze --help`)"),
    (["anlyze", "tree"],
     f"error: no existe el comando 'anlyze'; ¿quisiste decir 'analyze'? (consulta `{PROG} "
     "--help`)"),
    (["analyze"], f"error: falta el argumento 'JUEGO' (consulta `{PROG} analyze --help`)"),
]
IDS = [" ".join(args) for args, _line in ERRORS]


@pytest.mark.parametrize(("args", "expected"), ERRORS, ids=IDS)
def test_errors_in_spanish_are_one_line_with_lang_es(args: list[str], expected: str) -> None:
    assert error_line(*args, "--lang", "es", env=ENGLISH) == expected


@pytest.mark.parametrize(("args", "expected"), ERRORS[:3], ids=IDS[:3])
@pytest.mark.slow  # two processes each
def test_errors_in_spanish_are_one_line_with_a_spanish_locale(args: list[str],
                                                              expected: str) -> None:
    assert error_line(*args, env=SPANISH_LOCALE) == expected
    english = error_line(*args, "--lang", "en", env=SPANISH_LOCALE)
    assert english.startswith("error: ") and english != expected


def test_clicks_usage_errors_are_matched_whole(speak: Callable[[str], None]) -> None:
    speak("es")
    assert cli_help.usage_message("No such option: --bogus") == "no existe la opción --bogus"
    assert cli_help.usage_message("Option '--depth' requires an argument.") == (
        "la opción '--depth' necesita un valor")
    assert cli_help.usage_message("Got unexpected extra argument(s) (x y)") == (
        "sobran argumentos (x y)")
    # a message no template gives stays as Click wrote it
    assert cli_help.usage_message("Something else.") == "Something else."
