"""The README's promises: its test command is what CI runs, and its example game works."""

from __future__ import annotations

import re
from pathlib import Path

from games.dicebones.game import DiceBones
from minimax_cli.core import Game
from minimax_cli.core.search import search
from tests.cli.test_play_command import README_EXAMPLE

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_ci_runs_the_readme_test_command() -> None:
    commands = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    test_command = next(c for c in commands if "pytest" in c)
    install_and_test = test_command.split("&& . .venv/bin/activate && ", 1)[1]
    assert install_and_test in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert any("minimax play" in c for c in commands)


def test_the_example_plugin_game_works() -> None:
    source = re.search(r"```python\n# race.py\n(.*?)```", README, re.S)
    assert source is not None
    namespace: dict[str, object] = {}
    exec(compile(source.group(1), "race.py", "exec"), namespace)
    race_cls = namespace["Race"]
    assert isinstance(race_cls, type) and issubclass(race_cls, Game)
    race = race_cls()
    # Totals 1, 4 and 7 are lost for the player to move (10 - total is a multiple of 3).
    for total in range(10):
        result = search(race, race.parse_position(str(total)), "minimax")
        assert result.value == (-1 if (10 - total) % 3 == 0 else 1), total


def test_the_scripted_play_example_is_the_one_tested() -> None:
    # tests/cli/test_play_command.py runs this exact line and checks it is reproducible
    assert README_EXAMPLE in README


def test_the_readme_counts_star2_on_dice_bones_as_the_search_does() -> None:
    # The README's account of Star2's cost quotes these counts: they must be the tool's own.
    game = DiceBones()
    state = game.parse_position("40")
    nodes = {a: search(game, state, a).stats.nodes for a in ("expectiminimax", "star1", "star2")}
    assert nodes["star2"] > nodes["star1"] > nodes["expectiminimax"]
    quoted = (f"(heap 40: {nodes['star2']:,} against {nodes['expectiminimax']:,}; "
              f"Star1 {nodes['star1']:,})")
    assert quoted in " ".join(README.split())
