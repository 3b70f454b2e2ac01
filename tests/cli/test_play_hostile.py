"""`minimax play` survives any line typed into it: a hostile line is refused with one short line
and the game goes on from the next legal move, in every game, typed at a prompt (prompt-toolkit's
pipe input) and scripted (lines on standard input). Also keys at awkward moments (Ctrl-C just
after Enter) and a review whose solver never returns."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console
from typer.testing import CliRunner

from games.bones.game import Bones
from games.nim.game import Nim
from games.tictactoe.game import TicTacToe
from games.tree.game import TreeGame
from minimax_cli.answer.review import review_game
from minimax_cli.cli.app import app
from minimax_cli.core.game import MAX, MIN, Game
from minimax_cli.play.lines import (
    COMPLETION_SCAN,
    COMPLETIONS,
    MAX_LINE,
    EntryCompleter,
    LineReader,
    line_problem,
    shown,
)
from minimax_cli.play.session import BAD_INPUT, INTERRUPTED, Session, make_config
from tests.answer.test_policy import MultipleOfFour, SolvedBones, reporting

AnyGame = Game[Any, Any]

#: Each game with a legal first move and the move it stands for.
GAMES: dict[str, tuple[AnyGame, str, Any]] = {
    "tictactoe": (TicTacToe(), "5", 4),
    "bones": (Bones(), "1", 1),
    "nim": (Nim(), "1:1", (0, 1)),
    "tree": (TreeGame(), "1", 0),
}

#: Hostile entries for every game, by kind; none is a legal move in any of the games.
COMMON: dict[str, list[str]] = {
    "huge digits": ["9" * 5_000, "9" * MAX_LINE, "0" * 99 + "1" + "0" * 50],
    "unicode digits": ["²", "٣", "１", "⑤", "½", "𝟓"],
    "control characters": ["\x1b[31m5", "5\x00", "\x07", "\u202e5", "\x7f", "a\u200bb"],
    "markup": ["[/]", "[red]hello", "[bold]5[/bold]", "[link=x]y"],
    "very long lines": ["x" * (MAX_LINE + 1), "hint" * 10_000, "é" * 3_000],
    "odd words": ["hint me", "undo undo", "-1", "nan", "inf", "1e9", "0x10", "None", "'", "\\"],
}
#: Hostile entries in a game's own notation: numbers past the int limit inside the form.
PER_GAME: dict[str, list[str]] = {
    "tictactoe": ["a" + "9" * 5_000, "a" + "9" * 98, "z1", "a٣", "b²"],
    "bones": ["-" + "9" * 5_000, "0", "4" * 99],
    "nim": ["1:" + "9" * 5_000, "9" * 5_000 + ":1", "1:" + "9" * 97, "9" * 97 + ":1", "1:²",
            "²:1", "1:0", "0:1", "1:-1", ":", "1:1:1"],
    "tree": ["9" * 99, "0", "²", "b", "B C"],
}
BLANK = ["", "   ", "\t \t"]


def hostile(name: str) -> list[str]:
    return [line for lines in COMMON.values() for line in lines] + PER_GAME[name]


def cases() -> list[tuple[str, str]]:
    return [(name, line) for name in GAMES for line in hostile(name)]


def console() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=100, color_system=None), buffer


def scripted(game: AnyGame, lines: str) -> tuple[Session, int, str, str]:
    out, buffer = console()
    errors, error_buffer = console()
    session = Session(game, make_config(game, vs="human"), console=out, stdin=io.StringIO(lines),
                      sleep=lambda seconds: None, errors=errors)
    return session, session.run(), buffer.getvalue(), error_buffer.getvalue()


def typed(game: AnyGame, keys: str) -> tuple[Session, int, str]:
    out, buffer = console()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        session = Session(game, make_config(game, vs="human"), console=out, input=pipe,
                          output=DummyOutput(), sleep=lambda seconds: None)
        code = session.run()
    return session, code, buffer.getvalue()


def drive_ai(keys: str) -> tuple[Session, int, str]:
    """`keys` typed against the perfect AI (seed 1, a budget no 3x3 search comes near)."""
    game = TicTacToe()
    out, buffer = console()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        session = Session(game, make_config(game, seed=1, budget=600.0), console=out, input=pipe,
                          output=DummyOutput(), sleep=lambda seconds: None)
        code = session.run()
    return session, code, buffer.getvalue()


def pasted(text: str) -> str:
    """`text` as a terminal delivers a paste (bracketed paste): inserted as it is, control
    characters included, where typing them would press keys."""
    return f"\x1b[200~{text}\x1b[201~"


def assert_one_short_refusal(lines: list[str]) -> None:
    assert len(lines) == 1, lines
    # Never the 5,000 digits back: past MAX_LINE the session refuses without echoing, and within
    # it a game's message quotes at most the entry.
    assert len(lines[0]) < MAX_LINE + 400
    assert not any(ord(c) < 32 or c == "\x7f" for c in lines[0])  # no raw control character


# --- scripted ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "line"), cases())
def test_a_hostile_scripted_line_is_refused_and_the_game_goes_on(name: str, line: str) -> None:
    game, legal, move = GAMES[name]
    session, code, out, errors = scripted(game, f"{line}\n{legal}\n")
    assert code == BAD_INPUT
    assert session.moves == [move]  # the next legal line was played
    assert_one_short_refusal(errors.splitlines())
    assert errors.startswith("error: line 1: ")
    assert "Traceback" not in out + errors
    assert out.rstrip().endswith("bye")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("blank", BLANK)
def test_blank_scripted_lines_are_skipped(name: str, blank: str) -> None:
    game, legal, move = GAMES[name]
    session, code, _, errors = scripted(game, f"{blank}\n{legal}\n")
    assert (code, errors, session.moves) == (0, "", [move])


def test_a_line_over_the_limit_is_refused_before_any_parsing() -> None:
    class Watched(TicTacToe):
        seen: list[str] = []  # noqa: RUF012 - the test reads what reached the parser

        def parse_move(self, state: Any, text: str) -> int:
            self.seen.append(text)
            return super().parse_move(state, text)

    game = Watched()
    over, at = "1" * (MAX_LINE + 1), "1" * MAX_LINE
    _, code, _, errors = scripted(game, f"{over}\n{at}\n5\n")
    assert code == BAD_INPUT
    first, second = errors.splitlines()
    assert first == (f"error: line 1: the line has {MAX_LINE + 1} characters; a move or command "
                     f"is at most {MAX_LINE} characters")
    assert second.startswith("error: line 2: ")  # within the limit: the game's own reason
    assert over not in game.seen and at in game.seen


def test_a_huge_line_is_skipped_without_being_kept() -> None:
    class Endless(io.StringIO):
        """A line of `size` characters, then `5`, made as it is read (never all in memory)."""

        def __init__(self, size: int) -> None:
            super().__init__()
            self.left, self.rest, self.largest = size, ["\n", "5\n"], 0

        def readline(self, limit: int | None = -1) -> str:
            assert limit is not None and 0 < limit <= 65_536  # every read is bounded
            self.largest = max(self.largest, limit)
            if self.left:
                chunk = min(limit, self.left)
                self.left -= chunk
                return "x" * chunk
            return self.rest.pop(0) if self.rest else ""

    stream = Endless(10**8)
    reader = LineReader(stream)
    entry = reader.read()
    assert entry is not None and entry.problem == (
        f"the line has more than {4 * MAX_LINE} characters; a move or command is at most "
        f"{MAX_LINE} characters")
    following = reader.read()
    assert following is not None and (following.text, following.problem) == ("5", None)
    assert reader.read() is None


def test_bytes_that_are_not_utf8_are_a_bad_line_not_a_crash() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["play", "--vs", "human", "--no-review"],
                           input=b"\xff\xfe5\n\xc3\n5\n1\n")
    assert result.exit_code == 2, result.output
    errors = result.stderr.splitlines()
    assert errors == [
        "error: line 1: the line is not UTF-8 text (byte 1 is 0xff); type a move or a command",
        "error: line 2: the line is not UTF-8 text (byte 1 is 0xc3); type a move or a command"]
    assert "X plays 5" in result.stdout and "O plays 1" in result.stdout


def test_a_byte_order_mark_at_the_start_is_not_part_of_the_first_move() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["play", "--vs", "human"], input="\ufeff5\n")
    assert (result.exit_code, result.stderr) == (0, "")
    assert "X plays 5" in result.stdout


def test_every_hostile_line_in_one_script_through_the_command() -> None:
    # The whole list in one run of `minimax play`, as a user would pipe it: one error line per
    # hostile line, and the legal moves between them make the game.
    lines = hostile("tictactoe")
    script = "".join(f"{line}\n" for line in lines) + "5\n1\n"
    result = CliRunner().invoke(app, ["play", "--vs", "human", "--no-review"], input=script)
    assert result.exit_code == 2
    errors = result.stderr.splitlines()
    assert len(errors) == len(lines)
    for number, error in enumerate(errors, start=1):
        assert error.startswith(f"error: line {number}: ")
    assert "X plays 5" in result.stdout and "O plays 1" in result.stdout
    assert "Traceback" not in result.output


# --- typed at a prompt ------------------------------------------------------------------------------
def typed_cases() -> list[Any]:
    """Every case; beyond tic-tac-toe's, slow: a prompt-toolkit session each, 150 in all (the
    scripted test above goes through every game quickly)."""
    return [pytest.param(name, line, marks=() if name == "tictactoe" else pytest.mark.slow)
            for name, line in cases()]


@pytest.mark.parametrize(("name", "line"), typed_cases())
def test_a_hostile_pasted_entry_is_refused_and_the_game_goes_on(name: str, line: str) -> None:
    game, legal, move = GAMES[name]
    session, code, text = typed(game, pasted(line) + f"\r{legal}\rquit\r")
    assert code == 0
    assert session.moves == [move]
    errors = [row for row in text.splitlines() if row.startswith("error: ")]
    assert len(errors) == 1
    assert "Traceback" not in text


@pytest.mark.parametrize("keys", ["\x1b[31m\r", "\x00\x07\r", "\x1b[A\x1b[B\r", "\x15\x17\r",
                                  "\x08\x7f\r", "\x1b[201~\r"])
def test_control_keys_typed_at_the_prompt_do_not_break_it(keys: str) -> None:
    session, code, text = typed(TicTacToe(), keys + "5\rquit\r")
    assert code == 0
    assert session.moves == [4]
    assert "Traceback" not in text


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("blank", BLANK)
def test_an_empty_entry_says_what_to_type(name: str, blank: str) -> None:
    game, legal, move = GAMES[name]
    session, code, text = typed(game, pasted(blank) + f"\r{legal}\rquit\r")
    assert (code, session.moves) == (0, [move])
    first = game.format_move(game.initial_state(), game.legal_moves(game.initial_state())[0])
    assert f"error: type a move such as {first}, or help for the commands" in text


def test_a_pasted_entry_of_several_lines_is_one_refused_entry() -> None:
    session, code, text = typed(TicTacToe(), pasted("5\n6") + "\r1\rquit\r")
    assert (code, session.moves) == (0, [0])
    assert "error: the line '5\\n6' contains U+000A (a control character)" in text


def test_tab_completion_is_bounded_and_survives_a_broken_notation() -> None:
    class Huge(Nim):
        def format_move(self, state: Any, move: Any) -> str:
            if move == (0, 7):
                raise ValueError("a notation bug")
            return super().format_move(state, move)

    game = Huge((9_000,))
    session = Session(game, make_config(game, vs="human"), console=console()[0],
                      stdin=io.StringIO(""))
    session.states = [game.initial_state()]
    completer = EntryCompleter(session.entries)
    found = [c.text for c in completer.get_completions(Document("1:"), CompleteEvent())]
    assert found == [f"1:{n}" for n in range(1, 7)]  # the broken notation ends the list
    found = [c.text for c in EntryCompleter(lambda: (f"1:{n}" for n in range(1, 10**6)))
             .get_completions(Document("1:"), CompleteEvent())]
    assert len(found) == COMPLETIONS and found[0] == "1:1"
    made: list[str] = []

    def words() -> Iterator[str]:
        for n in range(10**6):
            made.append(str(n))
            yield made[-1]

    assert list(EntryCompleter(words).get_completions(Document("x"), CompleteEvent())) == []
    assert len(made) == COMPLETION_SCAN  # a prefix nothing matches looks at a bounded number
    assert [c.text for c in EntryCompleter(session.entries).get_completions(
        Document("h"), CompleteEvent())] == ["hint", "help"]


@pytest.mark.slow  # a very long line through prompt-toolkit
def test_a_long_entry_at_the_prompt_names_the_limit() -> None:
    _, code, text = typed(TicTacToe(), "5" * 10_000 + "\r5\rquit\r")
    assert code == 0
    assert (f"error: the line has 10,000 characters; a move or command is at most {MAX_LINE} "
            "characters") in text


# --- a move reader that breaks its contract ---------------------------------------------------------
class Faulty(TicTacToe):
    """A game whose move reader raises what it should not (the contract is GameError)."""

    def parse_move(self, state: Any, text: str) -> int:
        if text == "boom":
            raise ValueError("invalid literal for int() with base 10: 'boom'")
        if text == "deep":
            raise RecursionError("maximum recursion depth exceeded")
        if text == "big":
            raise OverflowError("int too large to convert to float")
        return super().parse_move(state, text)


@pytest.mark.parametrize(("entry", "kind"), [("boom", "ValueError"), ("deep", "RecursionError"),
                                             ("big", "OverflowError")])
def test_a_game_bug_in_reading_a_move_costs_one_line_not_the_game(entry: str, kind: str) -> None:
    game = Faulty()
    expected = (f"the move '{entry}' was not understood (the game's move reader failed: {kind}); "
                f"{game.move_help}")
    session, code, _, errors = scripted(game, f"5\n{entry}\n1\n")
    assert code == BAD_INPUT and session.moves == [4, 0]
    assert errors.splitlines() == [f"error: line 2: {expected}"]
    session, code, text = typed(game, f"5\r{entry}\r1\rquit\r")
    assert code == 0 and session.moves == [4, 0]
    assert re.sub(r"\s+", " ", text).count(f"error: {expected}") == 1


# --- keys at awkward moments, work that does not stop by itself ----------------------------------
def test_ctrl_c_typed_right_after_enter_is_for_the_think_that_follows() -> None:
    # Keys pressed while prompt-toolkit winds up after Enter are kept for the next prompt; a
    # Ctrl-C among them was meant for the hint or the AI's think that Enter started. (Pipe input
    # delivers every key at once, so each Ctrl-C here came "right after" its Enter.)
    session, code, text = drive_ai("hint\r\x03quit\r")
    assert code == 0  # the prompt came back: the Ctrl-C did not quit
    assert "(Ctrl-C stopped the hint; Ctrl-C again quits.)" in text and "best:" not in text
    assert session.moves == []
    game = TicTacToe()
    after = game.play(game.initial_state(), 4)
    first_choice = next(iter(game.order_moves(after, game.legal_moves(after))))
    session, code, text = drive_ai("5\r\x031\r2\rquit\r")
    assert code == 0
    assert session.moves[:2] == [4, first_choice]  # no depth was searched: ordering's choice
    assert f"O (AI) plays {first_choice + 1}: no value found: Ctrl-C stopped the search before " \
           "any depth was completed; the move is move ordering's first choice, not searched" in text
    assert session.moves[2] == (0 if first_choice != 0 else 1)  # the game went on
    _, code, _ = drive_ai("hint\r\x03\x03")  # the second Ctrl-C is at the prompt: it quits
    assert code == INTERRUPTED


def test_a_review_whose_solver_runs_on_is_stopped_and_says_so() -> None:
    # Every position's solve would take ten seconds: the review stops it at its next progress
    # report after its seconds, and the positions it did not get to are counted as not reviewed,
    # never guessed.
    game = SolvedBones(6, MultipleOfFour(stall=reporting))
    states = [(6, MAX), (5, MIN), (4, MAX)]
    review = review_game(game, states, [1, 1, 1], seconds=0.05)
    assert (review.slips, review.unsolved) == ([], 3)


# --- the checks themselves -------------------------------------------------------------------------
def test_line_problem_and_shown() -> None:
    assert line_problem("5") is None and line_problem("x" * MAX_LINE) is None
    assert line_problem("x" * (MAX_LINE + 1)) == (
        f"the line has {MAX_LINE + 1} characters; a move or command is at most {MAX_LINE} "
        "characters")
    assert line_problem("5", typed=MAX_LINE + 5) is not None  # white space around counts as typed
    assert line_problem("5\x1b[0m") == ("the line '5\\x1b[0m' contains U+001B (a control "
                                        "character); type a move or a command in printable "
                                        "characters")
    assert line_problem("\u202e5") == ("the line '\\u202e5' contains U+202E (right-to-left "
                                       "override); type a move or a command in printable "
                                       "characters")
    assert shown("x" * 100) == "'" + "x" * 40 + "…'"
    assert shown("a\x00b") == "'a\\x00b'"
