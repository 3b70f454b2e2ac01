"""The AI's think settled by proof in Connect Four (minimax_cli.answer.proving), against a brute-force
oracle written here: a won position gets a winning move, a drawn one a drawing move, a think that
proved its move ends at once, the words say what was proven, and a book answers without a search."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from games.connect4.game import ConnectFour
from games.connect4.proof import ConnectFourKernel
from minimax_cli.answer import proving
from minimax_cli.answer.policy import Policy, Thinker
from minimax_cli.answer.precedence import Answer, Answerer
from minimax_cli.answer.thinks import think_report
from minimax_cli.core.proof import ProofKernel
from minimax_cli.core.result import STOP_TIME, Limits
from minimax_cli.core.score import Kind
from minimax_cli.core.search.prover import Prover
from minimax_cli.play.why_words import proven_words
from minimax_cli.play.words import explain, line_text
from minimax_cli.reports.table import Reader, reader_table
from minimax_cli.reports.words import Party, you

COLS, ROWS = 7, 6
AMPLE = 600.0
Columns = tuple[str, ...]  # each column's discs bottom up, "x" for the first player, "o" the second


def _four(columns: Columns, col: int) -> bool:
    """Whether the top disc of `col` completes four in a line."""
    row = len(columns[col]) - 1
    disc = columns[col][row]

    def at(c: int, r: int) -> bool:
        return 0 <= c < COLS and 0 <= r < len(columns[c]) and columns[c][r] == disc

    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while at(c, r):
                run += 1
                c, r = c + sign * dc, r + sign * dr
        if run >= 4:
            return True
    return False


def oracle(columns: Columns, memo: dict[Columns, int]) -> int:
    """Plain negamax to the end: the score for the side to move in Pons' convention (22 minus the
    winner's discs at its win, negative for a loss, 0 for a draw)."""
    if columns in memo:
        return memo[columns]
    stones = sum(len(c) for c in columns)
    if stones == COLS * ROWS:
        return 0
    disc = "x" if stones % 2 == 0 else "o"
    best = -COLS * ROWS
    for col in range(COLS):
        if len(columns[col]) < ROWS:
            after = (*columns[:col], columns[col] + disc, *columns[col + 1:])
            value = (22 - (stones + 2) // 2) if _four(after, col) else -oracle(after, memo)
            best = max(best, value)
    memo[columns] = best
    return best


def move_scores(columns: Columns, memo: dict[Columns, int]) -> dict[int, int]:
    """Each legal move (column 1..7)'s oracle score for the player making it."""
    stones = sum(len(c) for c in columns)
    disc = "x" if stones % 2 == 0 else "o"
    scores = {}
    for col in range(COLS):
        if len(columns[col]) < ROWS:
            after = (*columns[:col], columns[col] + disc, *columns[col + 1:])
            scores[col + 1] = (22 - (stones + 2) // 2) if _four(after, col) else \
                -oracle(after, memo)
    return scores


def sign(score: int) -> int:
    return (score > 0) - (score < 0)


def late_positions(stones: int, count: int, seed: int) -> list[str]:
    """Positions of `stones` discs by seeded random play, none finished on the way (the oracle
    then solves them in a moment)."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        columns: Columns = ("",) * COLS
        moves = ""
        while len(moves) < stones:
            open_ = [c for c in range(COLS) if len(columns[c]) < ROWS]
            col = rng.choice(open_)
            disc = "x" if len(moves) % 2 == 0 else "o"
            columns = (*columns[:col], columns[col] + disc, *columns[col + 1:])
            if _four(columns, col):
                break
            moves += str(col + 1)
        else:
            if not any(_four(columns, c) for c in range(COLS) if columns[c]):
                found.append(moves)
    return found


def columns_of(moves: str) -> Columns:
    columns: Columns = ("",) * COLS
    for ply, text in enumerate(moves):
        col = int(text) - 1
        columns = (*columns[:col], columns[col] + ("x" if ply % 2 == 0 else "o"), *columns[col + 1:])
    return columns


def words(game: ConnectFour, state: Any, thought: Answer, move: int) -> str:
    mover = game.to_move(state)
    return explain(game, think_report(game, state, thought), move, Party(mover, "the AI"),
                   you(1 - mover))


POSITIONS = late_positions(32, 6, seed=21)


def test_the_oracle_knows_the_rules() -> None:
    """Fours in each direction, and no four from three in a line."""
    assert _four(columns_of("1212121"), 0)  # vertical
    assert _four(columns_of("1122334"), 3)  # horizontal
    assert _four(columns_of("12234334544"), 3)  # rising diagonal
    assert not _four(columns_of("112233"), 2)


@pytest.mark.parametrize("moves", POSITIONS)
def test_a_proven_think_keeps_the_value_and_ends_at_once(moves: str) -> None:
    """With a budget of 10 minutes, a position of 10 empty cells is settled by an exact proof
    (every move's score, the quickest win or slowest loss played) in few nodes: the think did
    not go on to fill its budget."""
    game = ConnectFour()
    state = game.parse_position(moves)
    memo: dict[Columns, int] = {}
    scores = move_scores(columns_of(moves), memo)
    choice = Thinker(game, Policy(budget=AMPLE), random.Random(1)).choose(state)
    thought = choice.thought
    assert thought.proof == proving.EXACT and thought.solved
    assert scores[choice.move] == max(scores.values())
    assert thought.result.stats.nodes < 2_000_000  # a whole budget of search is ~10**8 here
    said = words(game, state, thought, choice.move)
    assert "proven by an exact proof search" in said and "not proven" not in said


@pytest.mark.parametrize("moves", POSITIONS)
def test_a_value_proof_alone_keeps_the_value_and_says_the_distance_is_unproven(
        moves: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No time to refine: the move keeps the position's value (won stays won, drawn stays drawn),
    and a win or loss is said to be proven with its distance not proven."""
    monkeypatch.setattr(proving.Settler, "_refine_seconds",
                        staticmethod(lambda value, started, deadline: 0.0))
    game = ConnectFour()
    state = game.parse_position(moves)
    scores = move_scores(columns_of(moves), {})
    value = sign(max(scores.values()))
    thinker = Thinker(game, Policy(budget=AMPLE), random.Random(1))
    choice = thinker.choose(state)
    thought = choice.thought
    if value < 0:  # lost, no distance proven: the search's estimate picks the move
        assert thought.proof is None or thought.proof == proving.VALUE
        return
    # Only the moves up to the first that keeps the value were proven (centre first).
    assert thought.proof == (proving.EXACT if len(thought.result.moves) == len(scores) and
                             value == 0 else proving.VALUE)
    assert sign(scores[choice.move]) == value
    chosen = next(m for m in thought.result.moves if m.move == choice.move)
    said = words(game, state, thought, choice.move)
    assert "estimate" not in said
    if value == 0:
        assert "a draw with best play" in said and "distance not proven" not in said
    if chosen.score.relative.kind is Kind.WIN and chosen.score.relative.plies is None:
        assert "can force a win (proven; distance not proven)" in said
        line = line_text(game, state, thinker.line(state, thought, choice.move))
        assert "each move keeps the game value" in line and "best play" not in line


def test_no_proof_in_time_is_an_estimate_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MINIMAX_NO_BOOK", "1")  # the empty board is in the shipped book
    game = ConnectFour()
    thought = Thinker(game, Policy(budget=0.05), random.Random(1)).choose(
        game.initial_state()).thought
    assert thought.proof is None
    said = words(game, game.initial_state(), thought, thought.result.best_move)
    assert "(proven" not in said and ("not proven" in said or "no value found" in said)


class BookKernel(ConnectFourKernel):
    """A kernel whose book holds the positions of `book` (state -> (score, only_sign))."""

    def __init__(self, book: dict[Any, tuple[int, bool]]) -> None:
        super().__init__(COLS, ROWS)
        self.book = book

    def known_score(self, state: Any, plies: int, exact: bool = False) -> tuple[int, bool] | None:
        known = self.book.get(state)
        return None if exact and (known is None or known[1]) else known


class BookConnectFour(ConnectFour):
    def __init__(self, book: dict[Any, tuple[int, bool]]) -> None:
        super().__init__()
        self.book_kernel = BookKernel(book)

    def proof_kernel(self) -> ProofKernel:
        return self.book_kernel


def book_of(game: ConnectFour, moves: str, only_sign: bool) -> dict[Any, tuple[int, bool]]:
    """The oracle's score of every position after one move from `moves`, as a book holds it."""
    memo: dict[Columns, int] = {}
    book = {}
    state = game.parse_position(moves)
    for move, score in move_scores(columns_of(moves), memo).items():
        child = game.play(state, move)
        if game.outcome(child) is None:
            book[child] = (-sign(score), True) if only_sign else (-score, False)
    return book


@pytest.mark.parametrize("only_sign", [False, True])
def test_a_book_holding_every_move_answers_without_a_search(only_sign: bool) -> None:
    moves = POSITIONS[0]
    game = BookConnectFour(book_of(ConnectFour(), moves, only_sign))
    state = game.parse_position(moves)
    scores = move_scores(columns_of(moves), {})
    choice = Thinker(game, Policy(budget=AMPLE), random.Random(1)).choose(state)
    thought = choice.thought
    assert thought.proof == proving.BOOK and thought.result.stats.nodes == 0
    assert sign(scores[choice.move]) == sign(max(scores.values()))
    if not only_sign:
        assert scores[choice.move] == max(scores.values())
    said = words(game, state, thought, choice.move)
    assert "the opening book" in said and "estimate" not in said
    chosen = next(m for m in thought.result.moves if m.move == choice.move).score.relative
    if only_sign and chosen.kind in (Kind.WIN, Kind.LOSS) and chosen.plies is None:
        assert "(proven; distance not proven)" in said


def test_a_lost_position_whose_book_holds_only_losses_is_still_thought_about() -> None:
    """Every move loses and the book holds each only as a loss, with no distance: the AI does
    not pick among them blindly but proves the slowest loss (the oracle's best score)."""
    plain = ConnectFour()
    lost = next(moves for moves in late_positions(30, 60, seed=7)
                if max(move_scores(columns_of(moves), {}).values()) < 0)
    scores = move_scores(columns_of(lost), {})
    game = BookConnectFour(book_of(plain, lost, True))
    state = game.parse_position(lost)
    choice = Thinker(game, Policy(budget=AMPLE), random.Random(1)).choose(state)
    assert choice.thought.proof == proving.EXACT and choice.thought.result.stats.nodes > 0
    assert scores[choice.move] == max(scores.values())


def first_of_value(value: int) -> str:
    """A late position (30 discs) whose value for the side to move has `value`'s sign, and whose
    best move ends nothing within two plies (a search two plies deep leaves it an estimate)."""
    def best(moves: str) -> int:
        return max(move_scores(columns_of(moves), {}).values())

    return next(moves for moves in late_positions(30, 200, seed=7)
                if sign(best(moves)) == value and abs(best(moves)) <= 4)


@pytest.mark.parametrize(("value", "in_book"), [(-1, True), (-1, False), (1, False)])
def test_a_proven_value_without_a_proven_move_is_said_and_the_estimate_picks(
        value: int, in_book: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The position's value is proven (by the book or by the proof search) but no move that keeps
    it (no distance of a loss, no winning move found in time): the words give the proven value,
    say the move is the search's estimate, and claim no proven move. (A drawn position always
    has its move: the one its not-lost proof found, test below.)"""
    monkeypatch.setattr(proving.Settler, "_refine_seconds",
                        staticmethod(lambda value, started, deadline: 0.0))

    def no_time(*args: Any) -> None:
        raise proving.Stop(STOP_TIME)

    monkeypatch.setattr(proving.Settler, "_weak", staticmethod(no_time))
    monkeypatch.setattr(proving.Settler, "_wins", no_time)
    # The search stops two plies deep, as it stops short of the end in an early position.
    search = Answerer.search
    monkeypatch.setattr(Answerer, "search",
                        lambda self, state, limits, algorithm, evaluator, engine=None:
                        search(self, state, Limits(depth=2), algorithm, evaluator))
    moves = first_of_value(value)
    plain = ConnectFour()
    game = BookConnectFour(book_of(plain, moves, True)) if in_book else plain
    state = game.parse_position(moves)
    thought = Thinker(game, Policy(budget=AMPLE), random.Random(1)).choose(state).thought
    assert thought.proof is None and thought.value == value
    assert thought.value_proof == (proving.BOOK if in_book else proving.VALUE)
    said = words(game, state, thought, thought.result.best_move)
    by = "proven by the opening book" if in_book else "proven by a proof search"
    # One short sentence for the proven value, then the estimate as the way the move was chosen.
    claim = {-1: f"you can force a win ({by}); chosen to make the win as hard as possible: ",
             1: f"the AI can force a win ({by}); no winning move was proven in time, so the "
                "search chose: "}
    assert said.startswith(claim[value])
    assert "estimate" in said and "did not finish" not in said
    # `why` says first what was proven of the moves: each loses, in a lost position.
    report = think_report(game, state, thought)
    mover = game.to_move(state)
    proven = proven_words(game, state, report, Party(mover, "the AI"), you(1 - mover))
    assert proven is not None
    if value < 0:
        columns = ", ".join(str(move) for move in game.legal_moves(state))
        assert proven == (f"{by}: every move loses ({columns}): you can force a win after any "
                          "of them; how soon is not proven")
    else:
        assert proven.startswith(f"{by}: the AI can force a win, but no winning move was found "
                                 "in time")


def test_a_drawn_position_is_settled_by_the_move_its_not_lost_proof_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No move's own value proven (each re-check cut short): the position proven not lost and
    not won is a draw, and the move proven not to lose keeps it."""
    monkeypatch.setattr(proving.Settler, "_refine_seconds",
                        staticmethod(lambda value, started, deadline: 0.0))

    def no_time(*args: Any) -> None:
        raise proving.Stop(STOP_TIME)

    monkeypatch.setattr(proving.Settler, "_weak", staticmethod(no_time))
    game = ConnectFour()
    moves = first_of_value(0)
    state = game.parse_position(moves)
    scores = move_scores(columns_of(moves), {})
    choice = Thinker(game, Policy(budget=AMPLE), random.Random(1)).choose(state)
    assert choice.thought.proof == proving.VALUE and scores[choice.move] == 0
    said = words(game, state, choice.thought, choice.move)
    assert "a draw with best play, proven by a proof search" in said and "estimate" not in said


def _win_test_cut(monkeypatch: pytest.MonkeyPatch, root: Any) -> None:
    """The proof of "can the side to move in `root` force a win?" runs out of time at once."""
    at_least = Prover.at_least

    def cut(self: Prover, state: Any, value: int) -> bool:
        if value >= 1 and state == root:
            raise proving.Stop(STOP_TIME)
        return at_least(self, state, value)

    monkeypatch.setattr(Prover, "at_least", cut)


def not_lost_first_loses(count: int) -> list[str]:
    """Positions of 30 discs not lost for the side to move whose first move in the game's order
    loses (the move that does not lose comes later): about one random position in a hundred."""
    game, found = ConnectFour(), []
    for moves in late_positions(30, 1000, seed=9):
        scores = move_scores(columns_of(moves), {})
        state = game.parse_position(moves)
        first = next(iter(game.order_moves(state, list(game.legal_moves(state)))))
        if max(scores.values()) >= 0 and scores[first] < 0:
            found.append(moves)
            if len(found) == count:
                break
    return found


def won_first_does_not_win(count: int) -> list[str]:
    """Positions of 30 discs won for the side to move whose first move in the game's order does
    not win (the winning move comes later)."""
    game, found = ConnectFour(), []
    for moves in late_positions(30, 200, seed=9):
        scores = move_scores(columns_of(moves), {})
        state = game.parse_position(moves)
        first = next(iter(game.order_moves(state, list(game.legal_moves(state)))))
        if max(scores.values()) > 0 >= scores[first]:
            found.append(moves)
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize("moves", won_first_does_not_win(3))
def test_a_won_position_the_book_holds_looks_only_for_a_winning_move(
        moves: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The book holds the position as won (none of its moves): the AI's time goes to finding a
    winning move, none to proving a move that merely does not lose, and it plays a move the
    oracle says wins."""
    scores = move_scores(columns_of(moves), {})
    game = BookConnectFour({ConnectFour().parse_position(moves): (1, True)})

    def holding(*args: Any) -> bool:
        raise AssertionError("a move that merely does not lose was looked for")

    monkeypatch.setattr(Prover, "loses", holding)
    choice = Thinker(game, Policy(budget=AMPLE), random.Random(1)).choose(
        game.parse_position(moves))
    assert choice.thought.proof in (proving.VALUE, proving.EXACT)
    assert scores[choice.move] > 0


@pytest.mark.parametrize("moves", [m for m in POSITIONS
                                   if max(move_scores(columns_of(m), {}).values()) >= 0])
def test_a_win_test_cut_short_plays_the_move_proven_not_to_lose(
        moves: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Won or drawn, the position is proven not lost but whether it is won is not proven in time:
    the AI plays a move that does not lose (by the oracle), scores it at least a draw, a proven
    bound, and scores a loss only a move that loses."""
    game = ConnectFour()
    state = game.parse_position(moves)
    _win_test_cut(monkeypatch, state)
    scores = move_scores(columns_of(moves), {})
    choice = Thinker(game, Policy(budget=AMPLE), random.Random(1)).choose(state)
    thought = choice.thought
    assert thought.proof == proving.VALUE and thought.value is None
    assert scores[choice.move] >= 0
    order = list(game.order_moves(state, list(game.legal_moves(state))))
    assert [m.move for m in thought.result.moves] == sorted(order[:order.index(choice.move) + 1])
    for move in thought.result.moves:
        kind = move.score.relative.kind
        assert kind is (Kind.LOSS if scores[move.move] < 0 else Kind.DRAW)
    said = words(game, state, thought, choice.move)
    assert "at least a draw for the AI (a proven bound)" in said
    assert "estimate" not in said and "force a win" not in said
    thinker = Thinker(game, Policy(budget=AMPLE), random.Random(1))
    line = line_text(game, state, thinker.line(state, thought, choice.move))
    assert "keeps the game value" not in line  # it may give a win away
    table = reader_table(game, state, think_report(game, state, thought).report,
                         Reader(Party(game.to_move(state), "the AI")))
    assert "best: keeps the game value" not in table.legend and "not proven" in table.legend


def test_a_win_test_cut_short_scores_the_moves_before_as_losses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """As above where the first moves in the game's order lose: they are scored as losses and
    the move after them that does not lose is played."""
    found = not_lost_first_loses(3)
    assert len(found) == 3
    for moves in found:
        test_a_win_test_cut_short_plays_the_move_proven_not_to_lose(moves, monkeypatch)


def test_a_book_missing_a_move_leaves_the_proof_to_the_search() -> None:
    moves = POSITIONS[0]
    book = book_of(ConnectFour(), moves, False)
    book.pop(next(iter(book)))
    game = BookConnectFour(book)
    state = game.parse_position(moves)
    thinker = Thinker(game, Policy(budget=AMPLE), random.Random(1))
    thought = thinker.choose(state).thought
    assert thought.proof in (proving.EXACT, proving.VALUE) and thought.result.stats.nodes > 0


def test_a_book_move_that_keeps_the_win_is_tried_before_the_others(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The book holds a won position (its sign) and only the child of one winning move, the last
    winning one in the game's order (as the book's lines hold the move proven to keep the win):
    the AI plays it without searching the moves before it (a search that may outlast the
    budget at a few discs)."""
    monkeypatch.setattr(proving.Settler, "_refine_seconds",
                        staticmethod(lambda value, started, deadline: 0.0))
    plain = ConnectFour()
    for moves in late_positions(32, 40, seed=5):
        state = plain.parse_position(moves)
        scores = move_scores(columns_of(moves), {})
        order = list(plain.order_moves(state, plain.legal_moves(state)))
        ends = any(plain.outcome(plain.play(state, m)) is not None for m in order)
        winning = [m for m in order if scores[m] > 0]
        if not ends and winning and order.index(winning[-1]) > 0:
            break
    else:
        pytest.skip("no won position whose last winning move is not first in order")
    kept = winning[-1]
    game = BookConnectFour({state: (1, True), plain.play(state, kept): (-1, True)})
    choice = Thinker(game, Policy(budget=AMPLE), random.Random(1)).choose(state)
    assert choice.move == kept and scores[choice.move] > 0
    assert choice.thought.proof == proving.VALUE and choice.thought.result.stats.nodes == 0


def test_the_book_is_read_before_the_ai_clock_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading the book (a fraction of a second, once a sitting) is not taken from the first move's
    budget: the kernel is prepared before the deadline is set."""
    game = ConnectFour()
    kernel = game.proof_kernel()
    events: list[tuple[str, float]] = []
    monkeypatch.setattr(kernel, "prepare", lambda: events.append(("prepare", time.perf_counter())))
    settle = proving.Settler.settle

    def timed_settle(self: proving.Settler, state: Any, deadline: float,
                     value_share: float) -> proving.Settled | None:
        events.append(("clock", deadline - budget))
        return settle(self, state, deadline, value_share)

    budget = 0.5
    monkeypatch.setattr(proving.Settler, "settle", timed_settle)
    policy = Policy(budget=budget)
    Thinker(game, policy).think(game.initial_state(), None, policy.algorithm)
    assert [name for name, _ in events] == ["prepare", "clock"]
    assert events[0][1] <= events[1][1]
