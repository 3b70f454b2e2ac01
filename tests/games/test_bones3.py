"""Three-player bones: the rules, the notation and its refusals, and the table of who wins for
n = 0..30 (take 1, 2, 3) under max^n with its tie-break rule, computed here by an independent
bottom-up oracle and compared with `Bones3.winners`, with the core's max^n search, and with what
`minimax solve bones3 --upto 30` prints and writes as JSON. `minimax play bones3` is played
from every seat."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from games.bones3.game import HEAP_MAX, POSITION_FORM, Bones3
from minimax_cli.cli.app import app
from minimax_cli.core import IllegalMoveError, InvalidMoveError, InvalidPositionError
from minimax_cli.core.i18n import text_of
from minimax_cli.core.params import quote
from minimax_cli.core.search.maxn import maxn

GAME = Bones3()
PLAYERS = 3
UPTO = 30
runner = CliRunner()


# --- the rules ---------------------------------------------------------------------------------------
def test_whoever_takes_the_last_bone_wins() -> None:
    # Player 1 takes the last bone from a heap of 1: player 2 is to move with nothing left.
    assert GAME.returns(GAME.play((1, 0), 1)) == (1, 0, 0)
    # From 3 bones with player 2 to move, player 2 takes 2, player 3 takes the last one.
    state = GAME.play(GAME.play((3, 1), 2), 1)
    assert state == (0, 0) and GAME.returns(state) == (0, 0, 1) and GAME.outcome(state) == 0
    # Nobody moved yet: the rule still names the player before the mover.
    assert GAME.returns((0, 0)) == (0, 0, 1)
    assert list(GAME.legal_moves((2, 2))) == [1, 2] and GAME.returns((2, 2)) is None
    assert [GAME.to_move(s) for s in ((5, 0), GAME.play((5, 0), 1), GAME.play((4, 1), 3))] == [
        0, 1, 2]


def test_other_amounts_end_the_game_when_the_mover_cannot_take() -> None:
    game = Bones3(n=9, take=(2, 5))
    assert list(game.legal_moves((1, 1))) == [] and game.returns((1, 1)) == (1, 0, 0)
    assert list(game.legal_moves((6, 0))) == [2, 5]
    assert game.game_type.players == 3 and not game.game_type.zero_sum


# --- notation -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "state", "written"), [
    ("10", (10, 0), "10"), ("10/1", (10, 0), "10"), ("10/2", (10, 1), "10/2"),
    (" 7 / 3 ", (7, 2), "7/3"), ("0", (0, 0), "0"), (f"{HEAP_MAX}/2", (HEAP_MAX, 1), f"{HEAP_MAX}/2"),
    ("007", (7, 0), "7"),
])
def test_positions_read_and_write_back(text: str, state: tuple[int, int], written: str) -> None:
    assert GAME.parse_position(text) == state
    assert GAME.format_position(state) == written
    assert GAME.parse_position(written) == state


@pytest.mark.parametrize(("text", "message"), [
    ("x", f"'x' is not a bones3 position: use {POSITION_FORM}"),
    ("-1", f"'-1' is not a bones3 position: use {POSITION_FORM}"),
    (f"{HEAP_MAX + 1}", f"'{HEAP_MAX + 1}' is not a bones3 position: use {POSITION_FORM}"),
    ("9" * 200, f"{quote('9' * 200)} is not a bones3 position: use {POSITION_FORM}"),
    ("10/4", "'10/4' is not a bones3 position: the player to move is 1, 2 or 3; use "
     + POSITION_FORM),
    ("10/0", "'10/0' is not a bones3 position: the player to move is 1, 2 or 3; use "
     + POSITION_FORM),
    ("", f"'' is not a bones3 position: use {POSITION_FORM}"),
])
def test_bad_positions_are_one_line_with_exit_code_2(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError) as error:
        GAME.parse_position(text)
    assert str(error.value) == message
    result = runner.invoke(app, ["analyze", "bones3", text])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"error: {message}"]


@pytest.mark.parametrize(("state", "text", "error", "message"), [
    ((5, 0), "x", InvalidMoveError,
     "'x' is not a move: write how many bones to take, a positive whole number, e.g. 3"),
    ((5, 0), "0", InvalidMoveError,
     "'0' is not a move: write how many bones to take, a positive whole number, e.g. 3"),
    ((5, 0), "4", IllegalMoveError, "4 is not an allowed amount; allowed: 1, 2, 3"),
    ((2, 1), "3", IllegalMoveError, "cannot take 3: only 2 bones left"),
    ((5, 0), "12345", IllegalMoveError, "'12345' is not an allowed amount; allowed: 1, 2, 3"),
])
def test_bad_moves(state: tuple[int, int], text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        GAME.parse_move(state, text)
    assert str(raised.value) == message
    assert GAME.parse_move(state, " 2 ") == 2


# --- the table of who wins ------------------------------------------------------------------------------
def oracle(upto: int, take: tuple[int, ...] = (1, 2, 3)) -> list[dict[str, Any]]:
    """Who wins each heap with player 1 to move, worked bottom-up over absolute states (heap,
    mover): each player takes the amount whose returns are best for itself, the smallest among
    equally good ones (max^n's rule); a tie counts where the equally good amounts give different
    returns. Also the move player 1 makes and the ties broken on the line of play."""
    returns: dict[tuple[int, int], tuple[int, ...]] = {}
    choice: dict[tuple[int, int], int] = {}
    tied: dict[tuple[int, int], bool] = {}
    for heap in range(upto + 1):
        for mover in range(PLAYERS):
            options = [(a, returns[(heap - a, (mover + 1) % PLAYERS)]) for a in take if a <= heap]
            if not options:
                last = (mover - 1) % PLAYERS
                returns[(heap, mover)] = tuple(int(p == last) for p in range(PLAYERS))
                continue
            best = max(r[mover] for _, r in options)
            equal = [(a, r) for a, r in options if r[mover] == best]
            choice[(heap, mover)], returns[(heap, mover)] = equal[0]
            tied[(heap, mover)] = len({r for _, r in equal}) > 1
    rows = []
    for n in range(upto + 1):
        ties, state = 0, (n, 0)
        while state in choice:
            ties += tied[state]
            state = (state[0] - choice[state], (state[1] + 1) % PLAYERS)
        vector = returns[(n, 0)]
        rows.append({"n": n, "winner": vector.index(1) + 1, "returns": list(vector),
                     "plays": str(choice[(n, 0)]) if (n, 0) in choice else None, "ties": ties})
    return rows


EXPECTED = oracle(UPTO)


def test_winners_agree_with_the_oracle() -> None:
    found = [{"n": w.n, "winner": w.winner + 1, "returns": list(w.vector),
              "plays": None if w.move is None else str(w.move), "ties": w.ties}
             for w in GAME.winners(UPTO)]
    assert found == EXPECTED
    other = Bones3(take=(2, 5))
    assert [w.winner + 1 for w in other.winners(40)] == [r["winner"] for r in oracle(40, (2, 5))]


def test_the_cores_maxn_agrees_heap_by_heap() -> None:
    for row in EXPECTED:
        result = maxn(GAME, (row["n"], 0))
        assert result.vector == tuple(row["returns"]), row
        on_line = [note for note in map(text_of, result.notes) if note.startswith("in position")]
        assert len(on_line) == row["ties"], row
        if row["plays"] is not None:
            assert str(result.best_move) == row["plays"]


def test_the_tie_notes_name_the_heap_the_mover_and_the_alternatives() -> None:
    rows = GAME.winners(UPTO)
    for row in rows:
        assert len(row.notes) == min(row.ties, 3)
    # Heap 5, player 1: every amount loses; 1 leaves 4 to player 2, so player 3 takes the last
    # bone after player 2's move; 2 or 3 leave player 2 a heap it empties.
    assert tuple(map(text_of, rows[5].notes)) == (
        "at heap 5, player 1 cannot win whatever it takes; by the tie-break rule (the smallest "
        "amount among those equally good for the mover) it takes 1, so player 3 wins (taking 2 "
        "or 3 would make player 2 the winner)",)


def smallest_period(seq: list[int]) -> tuple[int, int]:
    """The (preperiod, period) with the smallest sum that holds over all of `seq`."""
    for total in range(1, len(seq) + 1):
        for period in range(1, total + 1):
            start = total - period
            if all(seq[i] == seq[i + period] for i in range(start, len(seq) - period)):
                return start, period
    raise AssertionError("no period")


def cli(*args: str) -> str:
    result = runner.invoke(app, ["solve", "bones3", *args], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_solve_upto_30_prints_the_oracles_table() -> None:
    out = cli("--upto", str(UPTO))
    printed: list[tuple[str, ...]] = []
    for line in out.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if len(cells) == 10 and cells[0].isdigit():
            printed += [tuple(cells[i:i + 5]) for i in (0, 5) if cells[i]]
    expected = [(str(r["n"]), str(r["winner"]), ",".join(map(str, r["returns"])),
                 r["plays"] or "-", str(r["ties"]) if r["ties"] else "-") for r in EXPECTED]
    assert sorted(printed, key=lambda row: int(row[0])) == expected
    words = " ".join(out.split())
    assert "Who wins under the assumption below, n = 0..30" in words
    assert "assumption every player plays max^n" in words
    assert "A three-player game has no single value" in words


def test_solve_upto_30_json_carries_the_table_and_the_pattern() -> None:
    data = json.loads(cli("--upto", str(UPTO), "--json"))["series"]
    assert [{k: row[k] for k in ("n", "winner", "returns", "plays", "ties")}
            for row in data["standings"]] == EXPECTED
    assert [row["outcome"] for row in data["rows"]] == [
        "W" if r["winner"] == 1 else "L" for r in EXPECTED]
    assert data["assumption"].startswith("every player plays max^n")
    # The pattern: the oracle's winners repeat with the smallest period it shows, proven by the
    # solver for every n (each winner depends only on the three heaps below).
    winners = [r["winner"] for r in EXPECTED]
    start, period = smallest_period(winners)
    pattern = data["pattern"]
    assert (pattern["preperiod"], pattern["period"], pattern["proven"]) == (start, period, True)
    rules = []
    for player in (1, 2, 3):
        residues = sorted(n % period for n in range(start, start + period)
                          if winners[n] == player)
        listed = ", ".join(map(str, residues[:-1])) + " or " + str(residues[-1]) if len(
            residues) > 1 else str(residues[0])
        rules.append(f"player {player}{' wins' if player == 1 else ''} when n mod {period} = "
                     f"{listed}")
    assert pattern["text"] == (f"for every n, {'; '.join(rules)} (period {period} from n = "
                               f"{start}, proven; see the proof)")
    assert pattern["losing_residues"] == sorted(
        n % period for n in range(start, start + period) if winners[n] != 1)


def test_solve_upto_refuses_heaps_beyond_the_limit() -> None:
    result = runner.invoke(app, ["solve", "bones3", "--upto", str(HEAP_MAX + 1)])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: bones3 tabulates heaps 0 to {HEAP_MAX:,}; --upto {HEAP_MAX + 1:,} is beyond them"]


def test_solve_one_heap_gives_the_oracles_returns() -> None:
    data = json.loads(cli("--n", "10", "--json"))
    assert data["returns"] == EXPECTED[10]["returns"]
    assert data["best_move"] == EXPECTED[10]["plays"]
    assert (data["to_move"], data["method"]) == ("player 1", "maxn")
    words = " ".join(cli("--n", "10").split())
    assert "to move player 1" in words and "method search: maxn to the end" in words
    assert "MAX" not in words.replace("max^n", "")


# --- play from every seat -----------------------------------------------------------------------------
@pytest.mark.parametrize("seat", ["", "1", "2", "3"])
def test_play_from_every_seat(seat: str) -> None:
    args = ["play", "bones3", "--n", "7", "--seed", "1", "--no-review"]
    if seat:
        args += ["--side", seat]
    result = runner.invoke(app, args, input="1\n" * 7)
    assert result.exit_code == 0, result.output
    human = int(seat or "1")
    ordinal = ("first", "second", "third")[human - 1]
    assert f"you play player {human} ({ordinal}) against the AI" in result.stdout
    plays = re.findall(r"player (\d) \((you|AI)\) plays (\d)", result.stdout)
    assert plays and all((int(p) == human) == (who == "you") for p, who, _ in plays)
    assert sum(int(taken) for _, _, taken in plays) == 7  # played to the end: the heap emptied
    assert re.search(r"game over: player \d has won after \d+ plies", result.stdout)


def test_the_issues_scripted_line() -> None:
    result = runner.invoke(app, ["play", "bones3", "--n", "7", "--seed", "1", "--no-review"],
                           input="1\n2\n")
    assert result.exit_code == 0 and result.stderr == ""
    assert "player 1 (you) plays 1" in result.stdout and "player 1 (you) plays 2" in result.stdout
