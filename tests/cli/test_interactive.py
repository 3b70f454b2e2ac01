"""The play session, driven through prompt-toolkit's pipe input and a console writing to a string."""

from __future__ import annotations

import io
import random
from typing import Any, cast

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from games.bones.game import Bones
from games.tictactoe.game import TicTacToe
from minimax_cli.answer import precedence
from minimax_cli.answer.policy import DEFAULT_BUDGET, Choice, Thinker
from minimax_cli.answer.thinks import think_report
from minimax_cli.core.game import MAX, MIN, Game, GameError
from minimax_cli.play import session as interactive
from minimax_cli.play.session import (
    ConfigError,
    PlayConfig,
    Session,
    make_config,
    parse_level,
    parse_side,
)
from minimax_cli.play.words import explain, line_text
from minimax_cli.reports.think import PlayLine
from minimax_cli.reports.words import Party, you
from tests.answer.test_policy import assert_best_play, interrupt_after

#: A budget no search of a 3x3 board comes near, so that the tests' facts never hang on speed.
AMPLE = 600.0

#: Try every cell in order, three times over: whatever the AI does, each human turn finds a free
#: cell (occupied ones are refused, and the next entry starts on an empty line), so a whole game
#: can be typed in advance.
EVERY_CELL = "".join(f"{cell}\r" for cell in list(range(1, 10)) * 3)


def console(width: int = 100) -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=width, color_system=None), buffer


def drive(keys: str, config: PlayConfig | None = None, game: Game[Any, Any] | None = None,
          width: int = 100) -> tuple[Session, int, str]:
    """Run a session on `keys` typed in advance; the input is closed after them (Ctrl-D)."""
    game = game or TicTacToe()
    out, buffer = console(width)
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        session = Session(game, config or make_config(game, seed=1, budget=AMPLE), console=out,
                          input=pipe, output=DummyOutput(), sleep=lambda seconds: None)
        code = session.run()
    return session, code, buffer.getvalue()


def scripted(lines: str, config: PlayConfig | None = None, game: Game[Any, Any] | None = None
             ) -> tuple[Session, int, str, str]:
    """Run a session reading lines from a stream, as when stdin is not a terminal; the exit code,
    what it printed and what it reported as errors."""
    game = game or TicTacToe()
    out, buffer = console()
    errors, error_buffer = console()
    session = Session(game, config or make_config(game, seed=1, budget=AMPLE), console=out,
                      stdin=io.StringIO(lines), sleep=lambda seconds: None, errors=errors)
    code = session.run()
    return session, code, buffer.getvalue(), error_buffer.getvalue()


# --- input through prompt-toolkit --------------------------------------------------------------
def test_a_refused_entry_followed_by_a_legal_one_is_accepted_as_the_legal_one() -> None:
    # Two humans, so every state is known. X 5; O tries 5 (taken), then types 1, which must be
    # read as 1 (not "51"); X tries 10 (off the board), then 2; O tries nonsense, then 3.
    keys = "5\r5\r1\r10\r2\rfoo\r3\rquit\r"
    session, code, text = drive(keys, make_config(TicTacToe(), vs="human"))
    assert code == 0
    assert session.moves == [4, 0, 1, 2]  # the game went on from each legal entry
    errors = [line for line in text.splitlines() if line.startswith("error:")]
    assert errors[0] == "error: illegal move '5': cell 5 is already taken by X"
    assert errors[1].startswith("error: illegal move '10': cell 10 is off the board")
    assert errors[2].startswith("error: invalid move 'foo'")
    assert len(errors) == 3 and "'51'" not in text and "'102'" not in text
    assert text.rstrip().endswith("bye")


def test_a_refused_answer_to_play_again_is_replaced_by_the_next() -> None:
    # `maybe` refused, then `y` starts a second game (not "maybey").
    _, code, text = drive(EVERY_CELL + "maybe\ry\r" + EVERY_CELL + "n\r")
    assert code == 0
    assert "error: answer y or n" in text
    assert text.count("game over: ") == 2


def test_the_reason_is_wrapped_to_the_terminal_and_never_cut() -> None:
    game = TicTacToe()
    with pytest.raises(GameError) as caught:
        game.parse_move(game.initial_state(), "foo")
    reason = str(caught.value)
    assert len(reason) > 80  # the game's full reason is long: it names the accepted forms
    _, _, text = drive("foo\rquit\r", make_config(game, vs="human"), width=80)
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("error: "))
    block = [lines[start]]
    block += [line for line in lines[start + 1:] if line.startswith("       ")][:10]
    assert all(len(line) <= 80 for line in block)
    assert " ".join(line.strip() for line in block) == "error: " + reason


def test_check_input_gives_the_games_reason() -> None:
    game = TicTacToe()
    session, _, _ = drive("5\r", make_config(game, vs="human"))  # X on 5, then end of input
    assert session.moves == [4]
    assert session.check_input("5") == "illegal move '5': cell 5 is already taken by X"
    assert "off the board" in (session.check_input("10") or "")
    assert "invalid move 'foo'" in (session.check_input("foo") or "")
    assert session.check_input("") == "type a move such as 1, or help for the commands"
    assert session.check_input("hint") is None
    assert session.check_input("1") is None


def test_undo_takes_back_a_full_turn() -> None:
    session, code, text = drive("5\rundo\r")
    assert code == 0
    reply = cast(int, session.analyses[1].move) + 1  # the AI's answer, taken back with ours
    assert f"took back 2 plies (your 5, the AI's {reply})" in text
    assert session.moves == []
    assert len(session.states) == 1


def test_undo_when_the_ai_moved_first() -> None:
    game = TicTacToe()
    config = make_config(game, ai_first=True, seed=3)
    opening = Thinker(game, config.policy, random.Random(3)).choose(game.initial_state()).move
    free = next(cell for cell in range(9) if cell != opening)
    keys = f"undo\r{free + 1}\rundo\r"  # nothing of ours to undo yet; then one move, undone
    session, _, text = drive(keys, config)
    assert "nothing to undo" in text
    assert f"took back 2 plies (your {free + 1}, the AI's " in text
    assert len(session.moves) == 1  # the AI's opening move stays
    assert game.to_move(session.state) == MIN


def test_hint_prints_the_moves_table() -> None:
    _, code, text = drive("hint\rquit\r")
    assert code == 0
    assert "Moves for you (X), best first" in text
    # Every opening draws with best play (tic-tac-toe's known value): all nine are best.
    assert "best: 1, 2, 3, 4, 5, 6, 7, 8, 9 (a draw with best play, proven by a search" in text


@pytest.mark.parametrize("seed", range(6))
def test_why_explains_the_move_that_was_played(seed: int) -> None:
    game = TicTacToe()
    session, _, text = drive("why\r5\rwhy\rquit\r", make_config(game, seed=seed, budget=AMPLE))
    assert "the AI has not moved yet" in text
    choice = session.analyses[1]
    played = cast(int, choice.move) + 1
    assert f"O (AI) plays {played}: a draw with best play" in text
    assert f"why {played}? the AI played {played} at ply 2: a draw with best play" in text
    line = next(row for row in text.splitlines() if row.startswith("line: "))
    words = line.removeprefix("line: ").split(" (")[0].split()
    assert words[0] == str(played)
    # A drawn game is played out to a full board: the line ends the game, no play comes "then".
    assert line.endswith("(best play on both sides, to the end of the game)")
    assert_best_play(game, session.states[1], [int(word) - 1 for word in words])
    assert f"{played} ★ played" in text


def test_why_is_not_the_searchs_own_first_choice() -> None:
    # The bug this guards against: `why` showed the search's best move and its line, another of
    # the equally good moves. Some seed must pick a tie other than the search's first.
    picks = []
    for seed in range(6):
        session, _, _ = drive("5\rquit\r", make_config(TicTacToe(), seed=seed, budget=AMPLE))
        choice = session.analyses[1]
        picks.append(choice.move != choice.thought.result.best_move)
    assert any(picks)


def test_help_and_board() -> None:
    _, _, text = drive("help\rboard\rquit\r")
    assert "take back your last move" in text
    assert text.count("┌───┬───┬───┐") == 2


def test_quit_end_of_input_and_ctrl_c() -> None:
    _, code, text = drive("quit\r")
    assert code == 0 and text.rstrip().endswith("bye")
    _, code, text = drive("")  # Ctrl-D at once
    assert code == 0 and text.rstrip().endswith("bye")
    _, code, text = drive("\x03")
    assert code == interactive.INTERRUPTED and text.rstrip().endswith("bye")


def test_ctrl_c_while_the_ai_thinks_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every think is "interrupted" after its first depth: the AI plays that depth's best move
    # (the centre, 8 - 4 = 4 at one ply), and the human's next input re-arms the interruption.
    monkeypatch.setattr(precedence, "iterate", interrupt_after(1))
    game = TicTacToe()
    session, code, text = drive("1\rquit\r", make_config(game, ai_first=True, seed=1,
                                                          budget=AMPLE))
    assert code == 0
    assert session.moves[:2] == [4, 0] and len(session.moves) == 3
    assert text.count("best move at depth 1 of a search stopped by Ctrl-C") == 2
    assert "X (AI) plays 5: best move at depth 1 of a search stopped by Ctrl-C; value not " \
           "proven: estimate 4 for the AI" in text
    assert text.count("the game goes on. Ctrl-C again quits.") == 2
    assert text.rstrip().endswith("bye")


def test_a_second_ctrl_c_in_a_row_quits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(precedence, "iterate", interrupt_after(1))
    out, buffer = console()
    game = TicTacToe()
    session = Session(game, make_config(game, watch=True, seed=1, budget=AMPLE), console=out,
                      stdin=io.StringIO(""), sleep=lambda seconds: None)
    assert session.run() == interactive.INTERRUPTED  # no human input came between the two
    assert session.moves == [4]
    assert buffer.getvalue().rstrip().endswith("bye")


def test_ctrl_c_during_a_hint_abandons_it_and_gives_the_prompt_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(precedence, "iterate", interrupt_after(1))
    session, code, text = drive("hint\r5\rquit\r")
    assert code == 0
    assert session.moves[0] == 4  # the prompt came back and took the move
    assert "(Ctrl-C stopped the hint; Ctrl-C again quits.)" in text
    assert "Moves for you" not in text and "best:" not in text  # abandoned: nothing half-done
    _, code, _ = drive("hint\rboard\r\x03")  # and Ctrl-C at a later prompt quits
    assert code == interactive.INTERRUPTED


def test_a_full_game_against_the_perfect_ai_is_not_lost_and_is_reviewed() -> None:
    session, code, text = drive(EVERY_CELL + "n\r")
    assert code == 0
    result = TicTacToe().outcome(session.state)
    assert result in (0, -1)  # a draw or a win for O, the AI
    assert "game over: " in text
    assert "review by the solver" in text
    assert "play again" not in text  # the question goes to prompt-toolkit's output




def test_human_against_human_and_the_winning_line() -> None:
    keys = "1\r4\r2\r5\r3\rn\r"
    session, code, text = drive(keys, make_config(TicTacToe(), vs="human"))
    assert code == 0
    assert session.moves == [0, 3, 1, 4, 2]
    assert "game over: X wins after 5 plies" in text
    assert "*X*" in text and "winning line * *: a3 b3 c3" in text
    # After X's corner only the centre draws for O: the review names O's edge and the centre.
    assert "ply 2, O at 4: threw away the draw; 5 kept it" in text
    assert text.count("threw away") == 1  # later moves were in a lost position already


# --- input read line by line (standard input not a terminal) ---------------------------------------
def test_scripted_game_with_a_bad_line_in_the_middle() -> None:
    # A bad line is reported on the error stream with its number; the game goes on with the
    # next line, and the exit code at the end says a line was bad.
    lines = "5\nfoo\n\n" + "\n".join(str(c) for c in list(range(1, 10)) * 3) + "\n"
    session, code, text, errors = scripted(lines)
    assert code == interactive.BAD_INPUT == 2
    assert "error" not in text  # the game's record on stdout stays clean
    error_lines = errors.splitlines()
    assert error_lines[0] == (
        "error: line 2: invalid move 'foo': expected a cell number 1 to 9 in reading order, or a "
        "coordinate a1 to c3 (column letter from the left, row number from the bottom; a1 is the "
        "bottom-left corner)"
    )
    # The blank line 3 is skipped; lines 4 on try cells 1, 2, ...: the taken ones are refused.
    taken = [int(line.split("'")[1]) for line in error_lines[1:]]
    assert all(line.startswith(f"error: line {cell + 3}: illegal move")
               for line, cell in zip(error_lines[1:], taken, strict=True))
    assert session.moves[0] == 4  # the move before the bad line stands
    assert TicTacToe().outcome(session.state) in (0, -1)
    assert "game over: " in text and "play again" not in text
    assert text.rstrip().endswith("bye")


def test_scripted_end_of_input_mid_game() -> None:
    session, code, text, errors = scripted("5\n")
    assert code == 0 and errors == ""
    assert len(session.moves) == 2
    assert text.rstrip().endswith("bye")


def test_scripted_bones_against_a_weak_ai() -> None:
    game = Bones(5)
    lines = "\n".join(["9", "1"] * 6) + "\n"
    session, code, text, errors = scripted(lines, make_config(game, level="1", seed=0), game)
    assert code == 2
    assert "error: line 1: 9 is not an allowed amount; allowed: 1, 2, 3" in errors
    assert "position: 5" in text
    assert game.outcome(session.state) is not None
    assert "game over: " in text


def test_watch_plays_both_sides() -> None:
    pauses: list[float] = []
    out, buffer = console()
    game = TicTacToe()
    session = Session(game, make_config(game, watch=True, seed=5, delay=0.25), console=out,
                      stdin=io.StringIO(""), sleep=pauses.append)
    assert session.run() == 0
    text = buffer.getvalue()
    assert game.outcome(session.state) == 0  # perfect play on both sides draws
    assert "X plays" in text and "O plays" in text
    assert pauses == [0.25] * 8
    assert "game over: a draw after 9 plies" in text
    last = [line for line in text.splitlines() if " plays " in line][-1]
    assert last.startswith("X plays ") and last.endswith(": the game ends in a draw")


# --- the AI --------------------------------------------------------------------------------------
def worst_for_ai(game: TicTacToe, state: tuple[int, int], ai: int, thinker: Thinker,
                 memo: dict[tuple[int, int], float]) -> float:
    """The worst result for the AI over every human move and every tie the AI may pick."""
    if state in memo:
        return memo[state]
    outcome = game.outcome(state)
    if outcome is not None:
        value = outcome if ai == MAX else -outcome
    elif game.to_move(state) == ai:
        choice = thinker.choose(state)
        assert choice.thought.solved  # the ample budget lets every position be solved
        tied = [cast(int, m) for m in choice.thought.result.best_moves()]
        assert choice.move in tied and not choice.random
        value = min(worst_for_ai(game, game.play(state, m), ai, thinker, memo) for m in tied)
    else:
        value = min(worst_for_ai(game, game.play(state, m), ai, thinker, memo)
                    for m in game.legal_moves(state))
    memo[state] = value
    return value


@pytest.mark.parametrize("ai", [MAX, MIN])
@pytest.mark.slow  # every line of play
def test_the_perfect_ai_never_loses_against_any_sequence_of_moves(ai: int) -> None:
    game = TicTacToe()
    config = make_config(game, side="second" if ai == MAX else "first", budget=AMPLE)
    assert config.ai[ai] and not config.ai[1 - ai]
    memo: dict[tuple[int, int], float] = {}
    # One thinker for the whole walk: its table is reused from position to position, as in play.
    assert worst_for_ai(game, game.initial_state(), ai, Thinker(game, config.policy), memo) == 0
    assert len(memo) > 100  # the walk really covered the human's choices


def test_the_ai_choice_is_reproducible_with_a_seed() -> None:
    game = TicTacToe()
    policy = make_config(game, budget=AMPLE).policy
    picks = {Thinker(game, policy, random.Random(7)).choose((0, 0)).move for _ in range(3)}
    assert len(picks) == 1


def ai_words(game: TicTacToe, state: Any, choice: Choice, player: int) -> str:
    """The words of the AI's move line in `state`, once the move is played."""
    return explain(game, think_report(game, state, choice.thought), choice.move,
                   Party(player, "the AI"), you(1 - player), played=True)


def test_the_ai_says_what_it_proved() -> None:
    game = TicTacToe()
    thinker = Thinker(game, make_config(game, budget=AMPLE).policy)
    state = game.parse_position("XX./OO./...")  # X to move wins at once
    choice = thinker.choose(state)
    assert choice.move == 2
    assert ai_words(game, state, choice, MAX).startswith(
        "the AI wins with this move, proven by a search to the end · ")
    state = game.parse_position("XX./.O./...")  # O must block, then it is a draw
    choice = thinker.choose(state)
    assert choice.move == 2
    assert ai_words(game, state, choice, MIN).startswith("a draw with best play, proven by a search")


def test_a_depth_limited_ai_says_its_value_is_an_estimate() -> None:
    # The course's worked example: one ply from the empty board, X in the centre scores 8 - 4 = 4.
    game = TicTacToe()
    choice = Thinker(game, make_config(game, level="weak", budget=AMPLE).policy).choose((0, 0))
    assert choice.move == 4
    assert ai_words(game, (0, 0), choice, MAX).startswith(
        "best move of a search 1 ply deep; value not proven: estimate 4 for the AI · ")


def test_a_losing_ai_says_so() -> None:
    game = TicTacToe()
    state = game.parse_position("X.X/.O./O.X")  # O to move: X threatens 2 and 6
    choice = Thinker(game, make_config(game, budget=AMPLE).policy).choose(state)
    # Whatever O does, X wins with its next move: a loss in 2 plies for O, told to X.
    assert ai_words(game, state, choice, MIN).startswith(
        "you can force a win in 1 move, proven by a search to the end")


# --- options -------------------------------------------------------------------------------------
def test_levels_and_sides() -> None:
    game = TicTacToe()
    assert parse_level("weak") == 1 and parse_level("5") == 5 and parse_level("Perfect") == 5
    with pytest.raises(ConfigError, match="unknown level"):
        parse_level("9")
    assert parse_side(game, "x") == MAX and parse_side(game, "O") == MIN
    assert parse_side(game, "second") == MIN
    assert parse_side(Bones(), "min") == MIN
    with pytest.raises(ConfigError, match="first or second"):
        parse_side(Bones(), "x")


def test_make_config() -> None:
    game = TicTacToe()
    assert make_config(game).ai == (False, True)
    assert make_config(game, ai_first=True).ai == (True, False)
    assert make_config(game, side="o").ai == (True, False)
    assert make_config(game, vs="human").ai == (False, False)
    assert make_config(game, watch=True).watch
    assert make_config(game, level="1").policy.depth == 1
    assert make_config(game, level="4").policy.depth == 5
    assert make_config(game, level="1", depth=4).policy.depth == 4
    perfect = make_config(game).policy
    assert perfect.depth is None and perfect.budget == DEFAULT_BUDGET == 1.0
    assert make_config(game, level="2", budget=2.5).policy.budget == 2.5
    bones = make_config(Bones(), level="2").policy
    assert bones.depth is None and bones.randomness == 0.4
    assert make_config(Bones(), budget=0.5).policy.budget == 0.5  # a budget needs no evaluation
    cases: list[tuple[dict[str, Any], str]] = [
        ({"side": "first", "ai_first": True}, "contradicts"),
        ({"vs": "robot"}, "unknown opponent"),
        ({"watch": True, "vs": "human"}, "--watch"),
        ({"evaluator": "nope"}, "unknown evaluation"),
        ({"delay": -1.0}, "--delay"),
        ({"budget": 0.0}, "--time must be a positive number"),
        ({"algorithm": "nope"}, "unknown algorithm"),
        ({"vs": "human", "ai_first": True}, "--vs human has none"),
        ({"watch": True, "side": "o"}, "--watch has none"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ConfigError, match=message):
            make_config(game, **kwargs)
    with pytest.raises(ConfigError, match="at least one ply"):
        make_config(game, depth=0)
    with pytest.raises(ConfigError, match="no evaluation function"):
        make_config(Bones(), depth=2)



def test_a_ctrl_c_before_the_prompt_reads_waits_for_it_as_a_key() -> None:
    # On a dumb terminal prompt-toolkit writes the prompt before it handles SIGINT itself: a
    # Ctrl-C in between must reach the prompt as its key, not raise wherever Python is.
    import signal

    from prompt_toolkit.input.typeahead import get_typeahead
    from prompt_toolkit.keys import Keys

    from minimax_cli.play.lines import ctrl_c_kept_for_the_prompt

    before = signal.getsignal(signal.SIGINT)
    with create_pipe_input() as pipe:
        with ctrl_c_kept_for_the_prompt(pipe):
            signal.raise_signal(signal.SIGINT)  # no KeyboardInterrupt here
        assert [press.key for press in get_typeahead(pipe)] == [Keys.ControlC]
    assert signal.getsignal(signal.SIGINT) is before


def test_a_line_that_ends_the_game_promises_no_play_after_it() -> None:
    # Found by a user's tour: `why` said "(then best play on both sides)" after a finished game.
    game = Bones(n=4)
    state = game.initial_state()
    ended = line_text(game, state, PlayLine([3, 1], to_the_end=True, proven=True))
    assert ended == "3 1 (best play on both sides, to the end of the game)"
    going_on = line_text(game, state, PlayLine([1, 1], to_the_end=False, proven=True))
    assert going_on == "1 1 … (then best play on both sides)"
    guessed = line_text(game, state, PlayLine([3, 1], to_the_end=True, proven=False))
    assert guessed == "3 1 (the play the search expects, to the end of the game; not proven)"
