"""The engine review of chess (answer/engine_review.py): the humans' moves judged by the AI's
engine as estimates at a depth, at tiny node budgets (cheap, and the same on any machine)."""

from __future__ import annotations

from typing import Any

import pytest

from games.chess.game import Chess
from minimax_cli.answer import engine_review, review
from minimax_cli.answer.engine_review import BLUNDER_CP, MISTAKE_CP, Estimator, estimate_moves
from minimax_cli.answer.precedence import Answer, Answerer, Ask
from minimax_cli.answer.review import review_game
from minimax_cli.core.i18n import speaking
from minimax_cli.play.review_words import review_words
from minimax_cli.play.session import make_config
from minimax_cli.reports.json_form import review_dict
from tests.answer.test_report_parts import REVIEW
from tests.cli.test_interactive import drive

#: White to move: Qf5 puts the queen where the bishop on c8 takes it for nothing.
HANGS = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 3"
#: A tiny budget a search: depth 2 or more is reached in these positions.
NODES = 3000
AMPLE = 600.0
NAMES = ["White (you)", "Black (AI)"]


def played(fen: str, texts: list[str]) -> tuple[Chess, list[Any], list[Any]]:
    """The positions before each move of `texts` played from `fen`, and the moves."""
    game = Chess()
    states, moves = [game.parse_position(fen)], []
    for text in texts:
        move = game.parse_move(states[-1], text)
        moves.append(move)
        states.append(game.play(states[-1], move))
    return game, states[:-1], moves


def reviewed(fen: str, texts: list[str], players: tuple[int, ...] = (0,),
             ) -> tuple[Chess, review.Review]:
    game, states, moves = played(fen, texts)
    # No time for the proofs (which find no mate here): the engine's estimates alone.
    return game, review_game(game, states, moves, total=0, seconds=0.001,
                             estimator=Estimator(players=players, nodes=NODES, seconds=AMPLE))


def test_a_hung_queen_is_a_blunder_by_the_engine_s_estimate() -> None:
    game, found = reviewed(HANGS, ["Qf5", "Bxf5"])
    engine = found.engine
    assert engine is not None
    assert (engine.positions, engine.checked, engine.unchecked) == (1, 1, 0)  # White's move only
    [estimate] = engine.estimates
    assert (estimate.ply, estimate.player, estimate.played, estimate.grade) == (
        1, 0, "Qf5", "blunder")
    assert estimate.better != "Qf5" and estimate.loss >= BLUNDER_CP
    # A queen is lost for nothing: White is estimated worse than -5 pawns after it.
    assert estimate.after.number < -500 < estimate.best.number
    lines, _note = review_words(game, found, NAMES, on_grid=False)
    text = "\n".join(lines)
    assert f"ply 1, White (you) played Qf5: a blunder by the engine's estimate at depth " \
           f"{estimate.depth}: -" in text
    assert f"after {estimate.better}" in text and "1 of 1 move" in text
    assert "estimate" in text and "proven" not in text and "loses" not in text
    data = review_dict(found)
    REVIEW.validate(data)
    [entry] = data["engine"]["estimates"]
    assert (entry["estimate"], entry["proven"], entry["grade"], entry["played"]) == (
        True, False, "blunder", "Qf5")
    assert entry["after_cp"] < -500 and data["engine"]["checked"] == 1


def test_good_moves_are_no_mistakes() -> None:
    game, found = reviewed("startpos", ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"],
                           players=(0, 1))
    assert found.engine is not None
    assert found.engine.checked == 6 and found.engine.estimates == []
    lines, _note = review_words(game, found, NAMES, on_grid=False)
    assert any(line.endswith("6 of 6 moves: no mistake or blunder found") for line in lines)
    assert f"at least {MISTAKE_CP / 100:.2f} for its player" in lines[-1]


def test_the_words_in_spanish() -> None:
    game, found = reviewed(HANGS, ["Qf5", "Bxf5"])
    with speaking("es"):
        lines, _note = review_words(game, found, ["Blancas (tú)", "Negras (IA)"], on_grid=False)
    text = "\n".join(lines)
    assert "error grave según la estimación del motor a profundidad" in text
    assert "jugó Df5" in text  # the move in Spanish letters
    assert "probad" not in text  # never "probado"


def test_the_review_never_runs_past_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[Ask, Answer]] = []
    real = Answerer.answer

    def counted(self: Answerer, state: Any, ask: Ask, display: Any = None) -> Answer:
        found = real(self, state, ask, display)
        asked.append((ask, found))
        return found

    monkeypatch.setattr(Answerer, "answer", counted)
    game, states, moves = played(HANGS, ["Qf5", "Bxf5", "exf5", "Nc6"])
    positions = [(ply, state, move) for ply, (state, move) in enumerate(
        zip(states, moves, strict=True), 1)]
    spent = estimate_moves(game, positions, Estimator(nodes=NODES, seconds=0.0))
    assert (spent.positions, spent.checked, spent.unchecked, asked) == (4, 0, 4, [])
    found = estimate_moves(game, positions, Estimator(nodes=NODES, seconds=AMPLE))
    assert found.checked == 4
    # At most two searches a move (before it, and after it when it is not the engine's best),
    # each within its nodes.
    assert len(found.estimates) == 1 and 4 < len(asked) <= 8
    assert all(ask.nodes == NODES and ask.algorithm == "pvs" for ask, _found in asked)
    assert all(answer.result.stats.nodes <= NODES + 64 for _ask, answer in asked)


def test_play_chess_reviews_the_human_s_moves_by_the_engine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "REVIEW_SECONDS", 0.001)
    monkeypatch.setattr(engine_review, "POSITION_NODES", NODES)
    game = Chess()
    config = make_config(game, start=game.parse_position(HANGS), depth=1, budget=5.0, seed=1)
    _session, code, out = drive("Qf5\rresign\r", config, game)  # prompt-toolkit's pipe input
    assert code == 0
    assert "(the engine reviews your moves: at most 12 s; Ctrl-C stops it)" in out
    assert "engine review (estimates by the AI's engine, pvs, at depth" in out
    assert "ply 1, White (you) played Qf5: a blunder by the engine's estimate" in out
