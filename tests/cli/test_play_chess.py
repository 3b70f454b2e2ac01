"""`minimax play chess` and the chess engine's switches on `analyze` and `play`: sessions driven
through prompt-toolkit's pipe input at tiny depths (cheap), the command line through its entry."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.chess.game import Chess
from minimax_cli.answer.policy import HINT_LINES, Policy, Thinker
from minimax_cli.core.i18n import speaking
from minimax_cli.core.score import Bound, encode
from minimax_cli.play.session import ConfigError, make_config
from tests.cli.entry import run_main
from tests.cli.test_interactive import drive, scripted

#: An opening position with captures about, so that quiescence and ordering change the count.
ITALIAN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


def nodes(*options: str) -> int:
    return nodes_at(2, *options)


def nodes_at(depth: int, *options: str) -> int:
    done = run_main("analyze", "chess", ITALIAN, "--depth", str(depth), "--json", *options)
    assert done.returncode == 0, done.stderr
    return int(json.loads(done.stdout)["stats"]["nodes"])


def test_each_switch_reaches_the_engine() -> None:
    full = nodes()
    # Quiescence searches captures past the depth limit: without it, fewer nodes.
    assert nodes("--no-quiescence") < full
    # Without ordering alpha-beta cuts later: more nodes.
    assert nodes("--ordering", "none") > full
    assert nodes("--eval", "material") != full
    # Late move reductions search late quiet moves less deep first (from 3 plies left, so below
    # a root searched 4 deep): without them, more nodes.
    deep = nodes_at(4)
    assert nodes_at(4, "--no-reductions") > deep
    assert nodes_at(4, "--no-aspiration") != deep


@pytest.mark.parametrize("argv", [
    ("analyze", "chess", "--depth", "1", "--ordering", "sideways"),
    ("analyze", "tictactoe", "--no-table"),
    ("analyze", "chess", "--depth", "1", "--algorithm", "negamax", "--no-quiescence"),
    ("play", "tictactoe", "--no-null-move"),
    ("analyze", "nim", "--no-reductions"),
    ("play", "connect4", "--no-aspiration"),
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
    assert "\nexpected line: " in out  # the hint's principal variation
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


def test_black_is_named_and_the_hint_speaks_in_pawns() -> None:
    game = Chess()
    config = make_config(game, side="black", depth=1, budget=0.3, seed=1, review=False)
    _session, code, out, errors = scripted("hint\n", config, game)
    assert code == 0 and errors == ""
    assert "you play Black (second)" in out and "White (AI) plays " in out
    # Centipawns are shown as pawns with two decimals (chess's scale), never bare.
    assert re.search(r"estimate [-+]?\d+\.\d\d for you", out), out


def test_moves_lists_the_legal_moves_and_a_refused_draw_claim_says_why() -> None:
    game = Chess()
    config = make_config(game, depth=1, budget=5.0, seed=1, review=False)
    _session, code, out, errors = scripted("moves\ndraw\n", config, game)
    assert code == 0 and errors == ""  # a claim turned down is said, not a bad line
    assert "legal moves (20): " in out and " Nf3 " in out
    assert "no draw can be claimed: this position has occurred 1 time (3 are needed), and 0 moves " in out


def test_a_threefold_repetition_is_claimed() -> None:
    game = Chess()
    config = make_config(game, vs="human", review=False)
    shuffle = "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\ndraw\n"
    session, code, out, _errors = scripted(shuffle, config, game)
    assert code == 0
    assert "draw claimed: a draw may be claimed by threefold repetition" in out
    assert "game over: a draw after 8 plies" in out
    assert session.verdict is not None and session.verdict.value == 0


def test_resign_ends_the_game_for_the_other_side(tmp_path: Path) -> None:
    game = Chess()
    record = tmp_path / "game.pgn"
    config = make_config(game, depth=1, budget=5.0, seed=1, review=False, record=str(record))
    _session, code, out, _errors = scripted("e4\nresign\n", config, game)
    assert code == 0
    assert "resigns" in out and "(AI) wins after 2 plies" in out
    pgn = record.read_text(encoding="utf-8")
    assert '[Result "0-1"]' in pgn and "1. e4 " in pgn and '[White "You"]' in pgn


def test_the_pgn_is_written_after_a_move_and_kept_at_the_end_of_input(tmp_path: Path) -> None:
    game = Chess()
    record = tmp_path / "game.pgn"
    config = make_config(game, depth=1, budget=5.0, seed=1, review=False, record=str(record))
    session, code, _out = drive("d4\r", config, game)  # then the input ends (Ctrl-D)
    assert code == 0 and len(session.moves) == 2
    pgn = record.read_text(encoding="utf-8")
    assert pgn.startswith('[Event "minimax play"]') and '[Result "*"]' in pgn
    assert "1. d4 " in pgn and "[FEN" not in pgn
    assert not (tmp_path / "game.pgn.part").exists()


def test_the_pgn_survives_ctrl_c_at_the_prompt(tmp_path: Path) -> None:
    game = Chess()
    record = tmp_path / "game.pgn"
    config = make_config(game, depth=1, budget=5.0, seed=1, review=False, record=str(record))
    session, code, _out = drive("c4\rboard\r\x03", config, game)
    assert code == 130 and len(session.moves) == 2
    assert "1. c4 " in record.read_text(encoding="utf-8")


def test_from_pgn_continues_the_game_and_its_record(tmp_path: Path) -> None:
    earlier = tmp_path / "earlier.pgn"
    earlier.write_text('[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. e4 Kd7 *\n',
                       encoding="utf-8")
    record = tmp_path / "later.pgn"
    done = run_main("play", "chess", "--from-pgn", str(earlier), "--pgn", str(record), "--depth",
                    "1", "--no-review", stdin="Kd2\n")
    assert done.returncode == 0, done.stderr
    pgn = record.read_text(encoding="utf-8")
    # The moves read are kept before the new ones, from the FEN the game began at.
    assert '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]' in pgn and "1. e4 Kd7 2. Kd2 " in pgn


@pytest.mark.parametrize("text", ["1. e4 e5 2. Ke3 *\n", "", '[FEN "8/8/x w - - 0 1"]\n\n*\n'])
def test_a_broken_pgn_is_one_line_and_exit_2(tmp_path: Path, text: str) -> None:
    broken = tmp_path / "broken.pgn"
    broken.write_text(text, encoding="utf-8")
    done = run_main("play", "chess", "--from-pgn", str(broken), stdin="")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_spanish_moves_are_read_and_written_in_spanish() -> None:
    game = Chess()
    config = make_config(game, depth=1, budget=5.0, seed=1, review=False)
    with speaking("es"):
        session, code, out, errors = scripted("Cf3\njugadas\n", config, game)
    assert code == 0 and errors == ""
    assert "juega Cf3" in out
    listed = next(line for line in out.splitlines() if line.startswith("jugadas legales ("))
    assert " Cc3 " in listed and "N" not in listed
    assert game.format_move(session.states[0], session.moves[0]) == "Nf3"  # the record's SAN


def test_the_top_level_of_chess_is_the_strongest_not_perfect() -> None:
    # No think searches a chess game to its end, so its level 5 makes no claim of perfection.
    config = make_config(Chess(), level="strongest", budget=0.1)
    assert config.policy.level == 5 and not config.policy.perfect
    _session, code, out, _errors = scripted("", config, Chess())
    assert code == 0 and "level 5: strongest" in out and "perfect" not in out


def test_a_think_runs_the_engine_once_and_hands_over_each_depth(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from minimax_cli.answer.precedence import MOVE, Ask, answer
    from minimax_cli.core.result import Limits
    from minimax_cli.core.search import search

    game = Chess()
    state = game.parse_position(ITALIAN)
    alone = search(game, state, "pvs", Limits(depth=3), exact_root=True)
    boards = []  # the boards made for this position (a refusal check makes one of the start)
    made = Chess.search_board
    monkeypatch.setattr(Chess, "search_board", lambda self, position, *a, **k: (
        boards.append(1) if position == state else None) or made(self, position, *a, **k))
    found = answer(game, state, Ask(MOVE, seconds=60.0, depth=3, algorithm="pvs"))
    # One run of pvs's own deepening (one board): deepened from outside, depths 1, 2 and 3 would
    # each be searched again from the start, on three boards.
    assert len(boards) == 1
    assert found.result.depth == 3
    assert found.result.stats.nodes == alone.stats.nodes
    assert found.result.best_move == alone.best_move


def test_the_hint_gives_its_best_three_moves_exact_values_with_their_lines() -> None:
    # A knight that can take a queen, a rook or a bishop: taking the queen is best by far.
    game = Chess()
    state = game.parse_position("7k/8/2q1r3/1b6/3N4/8/8/K7 w - - 0 1")
    thought = Thinker(game, Policy(budget=0.5)).hint(state)
    moves = thought.result.moves
    # The best three carry their lines and exact values; any other move's value (a bound, or
    # exact when it was among the best three at some point of the search) is no better.
    lined = [m for m in moves if m.pv is not None]
    assert len(lined) == HINT_LINES
    assert all(m.score.relative.bound is Bound.EXACT for m in lined)
    assert game.format_move(state, thought.result.best_move) == "Nxc6"
    assert min(encode(m.score.relative) for m in lined) >= max(
        encode(m.score.relative) for m in moves if m not in lined)
