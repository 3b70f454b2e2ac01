"""Every example in README.md and in the pages of docs/, run: what the tool prints must be what
they show (issue 20, defect 10; the reference moved to docs/ in issue 34), so that the
documentation cannot go stale again.

Three forms of example are in them, and each is run here:

- a ```text block's `$ minimax ...` line (or `$ printf '...' | minimax ...`) with the output shown
  under it, compared line by line as tests/readme_examples.py says (`...` lines elide, spacing and
  the speed-dependent figures of MACHINE_FIGURES are masked, everything else is exact); a
  `--json` example is compared as JSON, where `...` leaves the rest of an object, list or string
  out;
- the commands of `minimax play`'s synopsis block (no output shown; the comment says what happens);
- commands quoted in the prose with what they give (PROSE_CLAIMS, each with the documents' words).

`python -m tests.readme_examples` prints every stale example at once.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from tests.cli.test_play_command import README_EXAMPLE
from tests.readme_examples import (
    MACHINE_FIGURES,
    Example,
    as_typed,
    check,
    documented_examples,
    documents,
    elided_json,
    fenced_blocks,
    json_matches,
    masked,
    matches,
    printf_text,
    run,
)

DOCUMENTS = documents()  # the README and docs/*.md, by path
EXAMPLES = documented_examples()
#: Every document as one line of words, for prose wrapped anywhere.
FLOWING = " ".join(" ".join(text.split()) for text in DOCUMENTS.values())

#: Examples that take seconds, run only by the full suite (their command, from the documents).
SLOW = {
    "minimax solve tictactoe --rows 4 --cols 4 --k 4":
        "proves the 4x4 board: 74,855 nodes, about 2 s of CPU",
    "minimax analyze tictactoe ......... --compare":
        "plain minimax visits 549,946 nodes of the empty board, and MCTS runs 10,000 simulations",
    "printf '4455 18\\n44455554221 -15\\n274552224131661 0\\n5455174361263362 -1\\n' | "
    "minimax solve connect4 --batch -":
        "four Connect Four proofs, about half a second of CPU in all",
    "printf '4453\\n' | minimax solve connect4 --batch -":
        "the proof of 4453's score: 61,320,580 nodes, about 3 s of CPU",
}
# `minimax solve connect4 4455` is no example of the documents: the prose gives 4455's score (18), which the
# batch example proves. Solving it with every move's exact score took 2 min of CPU here (6 min
# on the loaded machine), so it is not run.
#: Examples not run at all, with the reason. (None today: the one transcript of a terminal,
#: `minimax play --seed 1`, is run piped, its prompt lines read as a piped session prints them.)
NOT_RUN: dict[str, str] = {}


def key(example: Example) -> str:
    return " ".join(example.command.split())


def marked(example: Example) -> Any:
    marks = [pytest.mark.slow] if key(example) in SLOW else []
    if key(example) in NOT_RUN:
        marks.append(pytest.mark.skip(reason=NOT_RUN[key(example)]))
    return pytest.param(example, marks=marks, id=key(example)[:60])


@pytest.mark.parametrize("example", [marked(example) for example in EXAMPLES])
def test_the_readme_example_prints_what_the_readme_shows(example: Example) -> None:
    problem = check(example)
    assert problem is None, f"{example.name}: {problem}"


# --- the reading of the documents themselves ---------------------------------------------------
def blocks() -> list[tuple[str, int, list[str]]]:
    """Every fenced block of every document."""
    return [block for text in DOCUMENTS.values() for block in fenced_blocks(text)]


def test_every_example_block_is_read() -> None:
    # Every `$` line of every text block is an example, and every other command line of a text
    # block is the play synopsis's, run below: none is left unread, in the README or in docs/.
    dollar_lines = [line for language, _, lines in blocks() if language == "text"
                    for line in lines if line.startswith("$ ")]
    assert len(EXAMPLES) == len(dollar_lines) >= 20
    bare = [line.split("#")[0].strip() for language, _, lines in blocks()
            if language == "text" and not any(line.startswith("$ ") for line in lines)
            for line in lines if line.startswith(("minimax ", "printf "))]
    assert sorted(bare) == sorted([SYNOPSIS_LINE, *SYNOPSIS, SCRIPTED])
    assert [language for language, _, _ in blocks() if language == "json"] == ["json"]
    assert set(SLOW) | set(NOT_RUN) <= {key(example) for example in EXAMPLES}


def test_the_examples_of_the_docs_pages_are_read_too() -> None:
    # The reference moved from the README to docs/ (issue 34): its examples are run as before.
    sources = {example.source for example in EXAMPLES}
    assert "README.md" in sources and {"docs/games.md", "docs/connect4.md"} <= sources
    assert all(source == "README.md" or source.startswith("docs/") for source in sources)


def test_a_continued_command_is_read_whole() -> None:
    chance = next(example for example in EXAMPLES if '{"chance"' in example.command)
    assert chance.argv[:2] == ["analyze", "tree"] and chance.argv[-1] == "--compare"
    assert json.loads(chance.argv[2])[2]["chance"][1][0] == "2/3"
    assert chance.shown[0] == "..."


def test_a_printf_example_gives_its_input() -> None:
    batch = next(example for example in EXAMPLES if "--batch" in example.command)
    assert batch.argv == ["solve", "connect4", "--batch", "-"]
    assert batch.stdin is not None and batch.stdin.splitlines()[:2] == ["4455 18",
                                                                        "44455554221 -15"]


def test_what_is_masked_and_what_is_not() -> None:
    assert len(MACHINE_FIGURES) == 4
    # times and speeds are masked, and so is the padding around a wider figure
    assert masked("time        0.003 s") == masked("time   12.250 s")
    assert masked("255 nodes, 0.012 s, 20,747 nodes/s") == masked("255 nodes, 0.1 s, 2,844 nodes/s")
    assert masked("255 nodes, 0.012 s") != masked("256 nodes, 0.012 s")
    assert masked("mean 383.1 ms, max 1.02 s") == masked("mean 402.8 ms, max 961.7 ms")
    assert masked("  nodes per second   16,860") == masked("  nodes per second 1,234,567")
    assert masked("─" * 66) == masked("─" * 70)
    # node counts, values, moves and words are not
    assert masked("nodes (root included)   126") != masked("nodes (root included)    38")
    assert masked("best         5") != masked("best         1")
    assert masked("value 191/192") != masked("value 191/193")
    assert masked("a draw with best play") != masked("a draw with perfect play")
    assert masked("O (AI) plays 5: · 1,785 nodes") != masked("O (AI) plays 5: · 1,696 nodes")


def test_an_elided_line_stands_for_any_lines_and_only_there() -> None:
    printed = ["a", "b", "c", "d"]
    assert matches(["a", "...", "d"], printed)
    assert matches(["...", "c", "d"], printed)
    assert matches(["a", "b", "c", "d"], printed)
    assert not matches(["a", "b", "c"], printed)  # the end must be shown, or elided
    assert not matches(["a", "c", "d"], printed)  # a line left out without `...`
    assert not matches(["a", "...", "c", "b"], printed)


def test_a_terminal_transcript_of_play_is_read_as_the_piped_session() -> None:
    shown, typed = as_typed(["board", "your move (X): 1", "reply", "your move (X): hint", "table"])
    assert shown == ["board", "X (you) plays 1", "reply", "table", "..."]
    assert typed == "1\nhint\n"


def test_elided_json_leaves_out_only_what_the_dots_leave_out() -> None:
    shown = elided_json('{"a": 1, "b": [1, 2, ...], "c": "[x,...]", ...}')
    assert json_matches(shown, {"a": 1, "b": [1, 2, 3], "c": "[x,y,z]", "d": 4})
    assert not json_matches(shown, {"a": 1, "b": [2, 1, 3], "c": "[x,y]"})  # order kept
    assert not json_matches(shown, {"a": 2, "b": [1, 2], "c": "[x]"})
    assert not json_matches(elided_json('{"a": 1}'), {"a": 1, "b": 2})  # no dots: all keys
    assert not json_matches(elided_json("[1, 2]"), [1, 2, 3])
    assert not json_matches(elided_json("[true]"), [1])


# --- the JSON trace event shown under `--trace` -------------------------------------------------
def test_the_trace_event_shown_is_the_one_the_search_records() -> None:
    shown_event = json.loads(next(
        "\n".join(lines) for language, _, lines in blocks() if language == "json"))
    assert "With `--json` the report gets a `trace` list, one event per step" in FLOWING
    printed = run(["analyze", "tree", "@abcd", "--trace", "--json"])
    assert printed.exit_code == 0
    trace = json.loads("\n".join(printed.lines))["trace"]
    assert trace[shown_event["step"] - 1] == shown_event


# --- the synopsis of `minimax play` -------------------------------------------------------------
SYNOPSIS_LINE = "minimax play [GAME] [POSITION] [game parameters]"
SCRIPTED = README_EXAMPLE
#: The synopsis's examples with no input (the session ends at once, as after Ctrl-D) and what
#: its comment says of each.
SYNOPSIS: dict[str, list[str]] = {
    "minimax play tictactoe --rows 5 --cols 5 --k 4 --ai-first":
        ["you play O (second)", "X (AI) plays", "value not proven"],
    "minimax play bones --n 21": ["bones: you play MAX (first)", "21 bones"],
    "minimax play tictactoe x.o/.x./...": ["you play O (to move)"],
    "minimax play tree @abcd": ["tree: you play MAX"],
}


@pytest.mark.parametrize("command", sorted(SYNOPSIS))
def test_the_play_synopsis_examples_start_as_their_comments_say(command: str) -> None:
    printed = run(command.split()[1:], stdin="")
    assert printed.exit_code == 0, printed.lines
    text = "\n".join(printed.lines)
    for fragment in SYNOPSIS[command]:
        assert fragment in text, (command, fragment)


def test_the_scripted_play_example_plays_a_whole_game() -> None:
    # tests/cli/test_play_command.py plays it move by move; here, that it is the synopsis's line.
    typed, command = SCRIPTED.split(" | ")
    printed = run(command.split()[1:], stdin=printf_text(typed))
    assert printed.exit_code == 0
    assert "game over: a draw after 9 plies" in printed.lines


# --- commands quoted in the prose with what they give -------------------------------------------
@dataclass(frozen=True)
class Claim:
    """A sentence of the documents (their words, however wrapped) and the run that bears it
    out."""

    sentence: str
    argv: tuple[str, ...]
    holds: Callable[[int, list[str]], bool]  # exit code, lines printed


def report(lines: list[str]) -> Any:
    return json.loads("\n".join(lines))


def move_values(lines: list[str]) -> dict[str, Fraction]:
    return {move["move"]: Fraction(move["value"]) for move in report(lines)["moves"]}


def minimax_search(lines: list[str]) -> dict[str, Any]:
    return next(s for s in report(lines)["searches"] if s["algorithm"] == "minimax")


def bones3_winners(lines: list[str]) -> bool:
    series = report(lines)["series"]
    winner_by_residue = {0: 3, 1: 1, 2: 1, 3: 1, 4: 2}
    return (series["pattern"]["proven"] and series["pattern"]["period"] == 5
            and [row["winner"] for row in series["standings"]]
            == [winner_by_residue[n % 5] for n in range(31)])


def compared_nodes(lines: list[str]) -> dict[str, int]:
    return {r["algorithm"]: r["stats"]["nodes"] for r in json.loads("\n".join(lines))}


COURSE_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"
STAR2_TREE = '{"chance":[["2/3",{"chance":[["1/4",[-1,0]],["3/4",[-5,9]]]}],["1/3",-5]]}'
DICE_ERROR = ("negamax cannot search dicebones: it has chance nodes (dice, cards), which this "
              "algorithm does not model; use expectiminimax (or expectimax, which models the "
              "opponent as random)")

PROSE_CLAIMS = [
    Claim("a position together with the parameter that sets the start (`minimax solve bones 10 "
          "--n 20`)", ("solve", "bones", "10", "--n", "20"),
          lambda code, lines: code == 2 and len(lines) == 1 and lines[0].startswith("error: ")),
    Claim("(`minimax solve bones --n 6 --tree`: 52 nodes, winning move 2, a win in 3 plies)",
          ("solve", "bones", "--n", "6", "--tree", "--json"),
          lambda code, lines: (minimax_search(lines)["stats"]["nodes"] == 52
                               and report(lines)["best_move"] == "2"
                               and (report(lines)["value"], report(lines)["distance"]) == (1, 3))),
    Claim("With `--algorithm minimax` the same tree takes 13 nodes and 9 leaves.",
          ("analyze", "tree", COURSE_TREE, "--algorithm", "minimax", "--json"),
          lambda code, lines: (report(lines)["stats"]["nodes"],
                               report(lines)["stats"]["leaves"]) == (13, 9)),
    Claim("`minimax analyze tictactoe ......... --algorithm minimax --depth 1` gives the centre 4, "
          "each corner 3, each edge 2.",
          ("analyze", "tictactoe", ".........", "--algorithm", "minimax", "--depth", "1",
           "--json"),
          lambda code, lines: move_values(lines) == {
              "5": 4, "1": 3, "3": 3, "7": 3, "9": 3, "2": 2, "4": 2, "6": 2, "8": 2}),
    Claim("Answers are typed at the prompt or piped one a line (`printf '3\\n5 6\\n' | minimax "
          "analyze tree @abcd --quiz`)", ("analyze", "tree", "@abcd", "--quiz"),
          lambda code, lines: code == 0 and "2 of 2 right" in lines),
    Claim("`minimax analyze tictactoe -a expectimax` says `value 191/192 ≈ 0.9948`",
          ("analyze", "tictactoe", "-a", "expectimax"),
          lambda code, lines: any(" ".join(line.split()) == "value 191/192 ≈ 0.9948 (MAX's view)"
                                  for line in lines)),
    Claim(f"e.g. `{DICE_ERROR}`", ("analyze", "dicebones", "10", "-a", "negamax"),
          lambda code, lines: code == 2 and lines == [f"error: {DICE_ERROR}"]),
    Claim(f"on `{STAR2_TREE}` 13 nodes against 9", ("analyze", "tree", STAR2_TREE, "--compare",
                                                    "--json"),
          lambda code, lines: {name: compared_nodes(lines)[name]
                               for name in ("star2", "expectiminimax")}
          == {"star2": 13, "expectiminimax": 9}),
    Claim("`minimax solve bones3 --upto 30` tabulates who wins every heap under max^n with its "
          "tie-break rule, with the period proven (player 1 wins when n mod 5 is 1, 2 or 3, "
          "player 2 when it is 4, player 3 when it is 0)",
          ("solve", "bones3", "--upto", "30", "--json"),
          lambda code, lines: bones3_winners(lines)),
]
#: Input for the claims whose command is piped into.
PIPED: dict[tuple[str, ...], str] = {("analyze", "tree", "@abcd", "--quiz"): "3\n5 6\n"}
#: Claims in the prose that no test runs, and why.
NOT_CHECKED = {
    "visits 61.3 million positions for the position's score and 98.7 million with every move's, "
    "about 4 s of processor time here":
        "a time, which the machine decides; the score's nodes are the slow --batch example's "
        "(61,320,580), and every move's (98,688,204) a proof of seconds more",
    "every amount from 1 to 1000, takes milliseconds)":
        "a speed, which the machine decides; the command itself is run as pasted (below) and "
        "tests/games check the sweep's work",
}


@pytest.mark.parametrize("claim", PROSE_CLAIMS, ids=[" ".join(c.argv)[:50] for c in PROSE_CLAIMS])
def test_the_readme_prose_says_what_the_command_gives(claim: Claim) -> None:
    assert " ".join(claim.sentence.split()) in FLOWING, "the documents no longer say this"
    printed = run(claim.argv, PIPED.get(claim.argv))
    assert claim.holds(printed.exit_code, printed.lines), "\n".join(printed.lines[:40])


def test_the_claims_not_checked_are_still_the_readme_s() -> None:
    for sentence in NOT_CHECKED:
        assert " ".join(sentence.split()) in FLOWING, sentence


def test_the_sweep_command_shown_works_when_pasted_into_a_shell() -> None:
    # Issue 34: `--take 1,2,...,1000` was shown, and the tool refuses it when pasted. The command
    # shown now lets the shell write the thousand amounts; bash expands it, then the tool runs it.
    shown = re.search(r"`(minimax solve bones --take \"\$\(seq [^`]*)`", FLOWING)
    assert shown is not None, "the documents no longer show the sweep's command"
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash here to expand the command as a shell would")
    arguments = shown.group(1).removeprefix("minimax ")
    expanded = subprocess.run([bash, "-c", f"printf '%s\\0' {arguments}"], capture_output=True,
                              text=True, check=True, timeout=30).stdout.split("\0")[:-1]
    assert expanded[:2] == ["solve", "bones"] and "--n" in expanded, shlex.join(expanded)[:200]
    assert expanded[expanded.index("--take") + 1] == ",".join(map(str, range(1, 1001)))
    printed = run(expanded)
    assert printed.exit_code == 0, printed.lines
    # past 1,048,576 heaps the sweep stops once the period is proven, as the sentence says
    assert "1,048,576 positions computed" in " ".join(" ".join(printed.lines).split())
