"""The game registry as Rich renderables: `minimax games` and `minimax games GAME`."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text


def named_positions_table(classes: dict[str, Any]) -> Table | None:
    """Bundled positions (textbook trees) that games accept by name."""
    rows = [(name, key, text) for name, cls in classes.items()
            for key, text in cls.named_positions().items()]
    if not rows:
        return None
    table = Table(title="Bundled positions", title_justify="left")
    for column in ("game", "position", "description"):
        table.add_column(column)
    for row in rows:
        table.add_row(*row)
    return table


def games_table(classes: dict[str, Any]) -> Table:
    """The registry: each game, its parameters and notation."""
    table = Table(title="Games", title_justify="left", show_lines=True)
    table.add_column("name", style="bold")
    table.add_column("description")
    table.add_column("parameters")
    table.add_column("notation")
    for name, cls in classes.items():
        params = "\n".join(f"--{p.name} {p.metavar} (default {_param_default(p.default)}): {p.help}"
                           for p in cls.parameters) or "-"
        notation = f"position: {cls.position_help}\nmove: {cls.move_help}"
        kind = cls.game_type.describe()
        table.add_row(Text(name), Text(f"{cls.description}\n({kind})"), Text(params),
                      Text(notation))
    return table


def _param_default(value: object) -> str:
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)
