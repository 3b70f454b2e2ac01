"""`minimax play chess` and the chess engine's switches on `analyze` and `play`: sessions driven
through prompt-toolkit's pipe input at tiny depths (cheap), the command line through its entry."""

from __future__ import annotations

import json

import pytest

from games.chess.game import Chess
from minimax_cli.play.session import ConfigError, make_config
from tests.cli.entry import run_main
from tests.cli.test_interactive import drive, scripted

#: An opening position with captures about, so that quiescence and ordering change the count.
ITALIAN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


def nodes(*options: str) -> int:
    done = run_main("analyze", "chess", ITALIAN, "--depth", "2", "--json", *options)
    assert done.returncode == 0, done.stderr
    return int(json.loads(done.stdout)["stats"]["nodes"])


def test_each_switch_reaches_the_engine() -> None:
    full = nodes()
    # Quiescence searches captures past the depth limit: without it, fewer nodes.
    assert nodes("--no-quiescence") < full
    # Without ordering alpha-beta cuts later: more nodes.
    assert nodes("--ordering", "none") > full
    assert nodes("--eval", "material") != full


@pytest.mark.parametrize("argv", [
    ("analyze", "chess", "--depth", "1", "--ordering", "sideways"),
    ("analyze", "tictactoe", "--no-table"),
    ("analyze", "chess", "--depth", "1", "--algorithm", "negamax", "--no-quiescence"),
    ("play", "tictactoe", "--no-null-move"),
    ("play", "chess", "--ordering", "most"),
])
def test_a_switch_that_cannot_apply_is_one_line_and_exit_2(argv: tuple[str, ...]) -> None:
    done = run_main(*argv, stdin="")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_the_switches_reach_the_ai_s_policy() -> None:
    config = make_config(Chess(), depth=1, engine={"quiescence": False, "ordering": "mvv",
                                                   "use_table": True, "null_move": False})
    assert config.policy.engine["ordering"] == "mvv"
    assert config.policy.algorithm == "pvs"
    with pytest.raises(ConfigError):
        make_config(Chess(), algorithm="negamax", engine={"quiescence": False})


def test_moves_hint_and_undo_at_a_tiny_depth() -> None:
    game = Chess()
    config = make_config(game, depth=1, budget=0.2, seed=1, review=False)
    session, code, out, errors = scripted("e4\nhint\nundo\nd4\n", config, game)
    assert code == 0 and errors == ""
    assert "plays e4" in out and "plays d4" in out
    assert "took back 2 plies (your e4" in out
    # After the undo and d4, the game holds d4 and the AI's reply only.
    assert game.format_move(session.states[0], session.moves[0]) == "d4"
    assert len(session.moves) == 2


def test_black_with_the_ai_first_through_the_pipe() -> None:
    game = Chess()
    config = make_config(game, ai_first=True, depth=1, budget=5.0, seed=1, review=False)
    session, code, _out = drive("e5\r", config, game)
    assert code == 0
    assert game.to_move(session.states[0]) == 0 and config.ai == (True, False)
    # The AI moved first as White; e5 is legal after any first move of White's.
    assert game.format_move(session.states[1], session.moves[1]) == "e5"
