"""The one report model of every command, and its JSON form: plain data, no Rich, no Typer."""

from pathlib import Path

#: The JSON Schema that every `--json` output follows (checked in the tests).
SCHEMA_FILE = Path(__file__).resolve().parent / "schema" / "report.schema.json"
