"""The README's promises: its test command is what CI runs, its example game works, a newcomer reads
it in minutes (issue 34: the reference moved to docs/), and every link of it and of docs/ leads to
a file and a section that are there."""

from __future__ import annotations

import re
from pathlib import Path

from games.dicebones.game import DiceBones
from minimax_cli.core import Game
from minimax_cli.core.search import search
from tests.cli.test_play_command import README_EXAMPLE
from tests.readme_examples import documents, examples

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONTRIBUTING = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
ALGORITHMS = (ROOT / "docs" / "algorithms.md").read_text(encoding="utf-8")

#: A newcomer reads the README in about ten minutes: about 300 lines, the reference in docs/.
README_MOST_LINES = 350
#: ... and meets a game being played within its first screens.
FIRST_PLAY_BEFORE_LINE = 80


def test_ci_runs_the_readme_test_command() -> None:
    commands = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    test_command = next(c for c in commands if "pytest" in c)
    install_and_test = test_command.split("&& . .venv/bin/activate && ", 1)[1]
    assert install_and_test in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert any("minimax play" in c for c in commands)


def test_the_readme_is_short_and_plays_early() -> None:
    lines = README.splitlines()
    assert len(lines) < README_MOST_LINES, f"the README has {len(lines)} lines"
    plays = [example.line for example in examples(README) if example.argv[:1] == ["play"]]
    assert plays and plays[0] < FIRST_PLAY_BEFORE_LINE, plays[:1]
    # the two set-up commands come before it: one installs and plays, one installs and tests
    set_up = re.findall(r"```sh\n(.*?)\n```", README[:README.index("$ minimax play")], re.S)
    assert [("minimax play" in c, "pytest" in c) for c in set_up] == [(True, False), (False, True)]


def test_the_readme_links_every_docs_page() -> None:
    linked = set(re.findall(r"\]\((docs/[\w-]+\.md)[)#]", README))
    pages = {path.relative_to(ROOT).as_posix() for path in (ROOT / "docs").glob("*.md")}
    assert pages and linked == pages


# --- links ----------------------------------------------------------------------------------
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces `-`."""
    text = heading.strip().lower().replace("`", "")
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of a document's headings (outside fenced blocks)."""
    found: set[str] = set()
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            found.add(anchor(line.lstrip("#")))
    return found


def test_a_heading_s_anchor_is_github_s() -> None:
    assert anchor(" Connect Four: exact scores, `--weak`, `--batch`, `--jobs`") == (
        "connect-four-exact-scores---weak---batch---jobs")
    assert anchor(" More than two players: max^n and paranoid") == (
        "more-than-two-players-maxn-and-paranoid")


def test_every_link_of_the_readme_and_docs_leads_somewhere() -> None:
    # A relative link names a file of the repository, and its #anchor a heading of that file.
    broken = []
    checked = 0
    for source, text in documents().items():
        folder = (ROOT / source).parent
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue  # a web address: not this repository's to check
            path_part, _, fragment = target.partition("#")
            path = (folder / path_part).resolve() if path_part else ROOT / source
            checked += 1
            if not path.exists():
                broken.append(f"{source}: {target} (no such file)")
            elif fragment and path.suffix == ".md" and fragment not in anchors(
                    path.read_text(encoding="utf-8")):
                broken.append(f"{source}: {target} (no such heading)")
    assert checked >= 30 and not broken, broken


def test_the_layout_names_modules_that_are_there() -> None:
    # The Layout section tells the code's story: every file it names is in the folder of its row
    # (or, named with its folder, under minimax_cli/ or the repository).
    section = README.split("## Layout: how the code is laid out\n", 1)[1]
    rows = re.findall(r"^\| `([^`]+)` \| (.*) \|[^|]*\|$", section, re.M)
    assert len(rows) >= 10
    missing = []
    for folder, job in rows:
        bases = sorted((ROOT / "games").glob("*/")) if "<game>" in folder else [
            ROOT / folder if folder.endswith("/") else (ROOT / folder).parent]
        for name in re.findall(r"`([\w/]+\.(?:py|c|txt|bin))`", job):
            places = [*(base / name for base in bases), ROOT / "minimax_cli" / name, ROOT / name]
            if not any(place.exists() for place in places):
                missing.append(f"{folder}: {name}")
    assert not missing, missing


# --- the documented examples that are code, not transcripts --------------------------------------
def test_the_example_plugin_game_works() -> None:
    source = re.search(r"```python\n# race.py\n(.*?)```", CONTRIBUTING, re.S)
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


def test_the_docs_count_star2_on_dice_bones_as_the_search_does() -> None:
    # docs/algorithms.md's account of Star2's cost quotes these counts: they must be the tool's.
    game = DiceBones()
    state = game.parse_position("40")
    nodes = {a: search(game, state, a).stats.nodes for a in ("expectiminimax", "star1", "star2")}
    assert nodes["star2"] > nodes["star1"] > nodes["expectiminimax"]
    quoted = (f"(heap 40: {nodes['star2']:,} against {nodes['expectiminimax']:,}; "
              f"Star1 {nodes['star1']:,})")
    assert quoted in " ".join(ALGORITHMS.split())
