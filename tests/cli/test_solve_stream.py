"""`solve` of Connect Four as it is proven: the score first, then each column's, checked against a
brute-force solver written here; a --nodes stop and Ctrl-C keep only what was proven; the opening
book's answers are said to be the book's; a batch line's impossible score is refused at once."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from minimax_cli import registry
from minimax_cli.cli.solve_stream import fact_line
from minimax_cli.core.book import NO_BOOK_VARIABLE
from minimax_cli.core.result import Limits
from minimax_cli.reports.proven import ProvenFact
from minimax_cli.services.solve_proof import solve_by_proof
from tests.cli.entry import run_main
from tests.cli.test_solve import REPORT_SCHEMA

COLS, ROWS = 5, 4
#: A 5x4 position with 14 empty cells: small enough for the brute force below.
POSITION = "332211"


@cache
def brute(heights: tuple[int, ...], cells: frozenset[tuple[int, int, int]], mover: int) -> int:
    """The score for `mover` (Pons' convention on COLS x ROWS: (cells + 2 - P) // 2 for a win whose
    last disc is the P-th) by plain negamax over every continuation; `cells` holds
    (column, row, player)."""
    plies = sum(heights)
    if plies == COLS * ROWS:
        return 0
    best = -COLS * ROWS
    for col in range(COLS):
        if heights[col] == ROWS:
            continue
        placed = (col, heights[col], mover)
        if wins(cells | {placed}, placed):
            return (COLS * ROWS + 2 - (plies + 1)) // 2
        after = (*heights[:col], heights[col] + 1, *heights[col + 1:])
        best = max(best, -brute(after, cells | {placed}, 1 - mover))
    return best


def wins(cells: frozenset[tuple[int, int, int]], placed: tuple[int, int, int]) -> bool:
    col, row, who = placed
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while (c, r, who) in cells:
                run, c, r = run + 1, c + sign * dc, r + sign * dr
        if run >= 4:
            return True
    return False


def oracle(position: str) -> tuple[int, dict[str, int]]:
    """The brute force's score of `position` and of each column (for the player making it)."""
    heights, cells, mover = [0] * COLS, set(), 0
    for ch in position:
        col = int(ch) - 1
        cells.add((col, heights[col], mover))
        heights[col] += 1
        mover = 1 - mover
    root = brute(tuple(heights), frozenset(cells), mover)
    columns = {}
    for col in range(COLS):
        if heights[col] < ROWS:
            columns[str(col + 1)] = -oracle_after(position + str(col + 1))
    return root, columns


def oracle_after(position: str) -> int:
    heights, cells, mover = [0] * COLS, set(), 0
    last = None
    for ch in position:
        col = int(ch) - 1
        last = (col, heights[col], mover)
        cells.add(last)
        heights[col] += 1
        mover = 1 - mover
    assert last is not None
    if wins(frozenset(cells), last):  # the column wins at once: its score, negated by the caller
        return -((COLS * ROWS + 2 - len(position)) // 2)
    return brute(tuple(heights), frozenset(cells), mover)


def small_game() -> Any:
    return registry.create("connect4", {"cols": str(COLS), "rows": str(ROWS)})


def test_the_score_comes_first_then_every_column_as_the_brute_force_says() -> None:
    game = small_game()
    state = game.parse_position(POSITION)
    heard: list[ProvenFact] = []
    report = solve_by_proof(game, state, on_fact=heard.append)
    root, columns = oracle(POSITION)
    assert heard[0].move is None and heard[0].kernel_score == root
    said = {game.format_move(state, f.move): f.kernel_score for f in heard[1:]}
    assert said == columns
    assert report.facts is not None and report.facts["move_scores"] == columns
    assert report.stopped is None and report.facts["score"] == root
    assert all(f.from_book is False for f in heard)


def test_ctrl_c_after_the_score_keeps_what_was_proven() -> None:
    game = small_game()
    state = game.parse_position(POSITION)
    root, columns = oracle(POSITION)

    def progress(done: int, total: int) -> None:
        if done >= 3:  # the score and two columns proven
            raise KeyboardInterrupt

    report = solve_by_proof(game, state, progress=progress)
    assert report.stopped == "interrupted"
    assert report.facts is not None and report.facts["score"] == root
    proven = dict(report.facts["move_scores"])  # type: ignore[call-overload]
    assert len(proven) == 2 and all(columns[m] == s for m, s in proven.items())
    assert sorted(report.facts["unproven_moves"]) == sorted(set(columns) - set(proven))  # type: ignore[call-overload]
    assert {m.text for m in report.moves} == set(proven)


def test_a_node_budget_stop_shows_only_proven_facts() -> None:
    # 4455: the side to move wins with its next-but-one disc by 3 or 6 (an open three), 18 in
    # Pons' convention; the rest of the columns take millions of nodes.
    done = run_main("solve", "connect4", "4455", "--nodes", "100000", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    REPORT_SCHEMA.validate(data)
    assert data["stopped"] == "nodes" and data["facts"]["score"] == 18
    proven = data["facts"]["move_scores"]
    assert all((score == 18) == (move in ("3", "6")) for move, score in proven.items())
    assert {m["move"] for m in data["moves"]} == set(proven)
    assert set(data["facts"]["unproven_moves"]) == set("1234567") - set(proven)
    # The book holds 4455 and its moves only as win, draw or loss: said at once, before the
    # search, and kept for the moves whose exact score the stop left unproven.
    weak = json.loads(run_main("solve", "connect4", "4455", "--weak", "--json").stdout)
    signs = data["facts"]["book_signs"]
    assert signs == {"position": 1, **{m: s for m, s in weak["facts"]["move_scores"].items()
                                       if m not in ("3", "6")}}
    text = run_main("solve", "connect4", "4455", "--nodes", "100000")
    lines = text.stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("score "))
    assert lines[first].startswith("score +18 for the side to move")
    assert "a win for the side to move (proven by the opening book)" in lines[:first]
    assert "  move 4: a win (proven by the opening book)" in lines[:first]
    assert "  move 1: a loss (proven by the opening book)" in lines[:first]
    said = " ".join(text.stdout.split())
    assert ("exact score not proven (stopped by nodes); the opening book proves: 4, 5 win; "
            "1, 2, 7 lose") in said
    assert "not proven (stopped by nodes): " not in said  # every move has the book's value


def test_a_stop_before_the_score_invents_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without the book (which proves 4453's win, draw or loss: see the test after this one).
    monkeypatch.setenv(NO_BOOK_VARIABLE, "1")
    game = registry.create("connect4")
    state = game.parse_position("4453")  # millions of nodes
    report = solve_by_proof(game, state, limits=Limits(nodes=1))
    assert report.score is None and report.moves == () and report.stopped == "nodes"
    done = run_main("solve", "connect4", "4453", "--nodes", "1")
    assert done.returncode == 0
    data = json.loads(run_main("solve", "connect4", "4453", "--nodes", "1", "--json").stdout)
    REPORT_SCHEMA.validate(data)
    assert data["value"] is None and data["score"] is None and data["moves"] == []
    assert data["best_move"] is None and data["pv"] == []
    assert "the position's score: not proven (stopped by nodes)" in done.stdout


def test_a_stop_before_the_exact_score_keeps_what_the_book_proves() -> None:
    """44: the book holds it and its moves as win, draw or loss only; its exact score takes
    minutes. They are said at once, before the search; a stop keeps them as the answer (a win,
    its distance unknown), and says that no exact score was proven."""
    game = registry.create("connect4")
    state = game.parse_position("44")
    heard: list[ProvenFact] = []
    report = solve_by_proof(game, state, limits=Limits(nodes=1_000), on_fact=heard.append)
    assert report.stopped == "nodes" and report.stats["nodes"] == 1_000
    # The book's values (its own proofs, re-proven in samples by tests/games): after 4 4 the
    # first player wins by 4 only; the exact score, +1, takes minutes (README).
    assert all(f.sign_only and f.from_book and f.nodes == 0 for f in heard)
    assert [(f.move, f.kernel_score) for f in heard][:1] == [(None, 1)]
    moves = {game.format_move(state, f.move): f.kernel_score for f in heard[1:]}
    assert moves == {"4": 1, **{m: -1 for m in "123567"}}
    assert report.score is not None and report.score.kind.value == "win"
    assert report.score.plies is None  # how soon is not proven
    assert {m.text: m.score.number for m in report.moves} == moves
    assert report.facts is not None and report.facts["score"] is None
    assert report.facts["move_scores"] == {} and report.facts["unproven_moves"] == []
    assert report.facts["book_signs"] == {"position": 1, **dict(sorted(moves.items()))}
    done = run_main("solve", "connect4", "44", "--nodes", "1000")
    said = " ".join(done.stdout.split())
    lines = done.stdout.splitlines()
    assert "a win for the side to move (proven by the opening book)" in lines
    assert "  move 4: a win (proven by the opening book)" in lines
    assert "the position's exact score: not proven (stopped by nodes); the opening book " \
           "proves a win for the side to move" in said
    assert "exact score not proven (stopped by nodes); the opening book proves: 4 win; " \
           "1, 2, 3, 5, 6, 7 lose" in said
    assert "in a time not known in advance" in said  # no invented estimate


def test_a_weak_solve_and_a_finished_exact_one_show_no_book_signs() -> None:
    """--weak asks only what the book holds: its answers are the facts themselves, with no sign
    shown first; in an exact solve the signs come first, then the exact score."""
    game = registry.create("connect4")
    heard: list[ProvenFact] = []
    solve_by_proof(game, game.parse_position("44"), weak=True, on_fact=heard.append)
    assert heard and not any(f.sign_only for f in heard)
    heard.clear()
    solve_by_proof(game, game.parse_position("4455"), limits=Limits(nodes=10),
                   on_fact=heard.append)
    assert [f.move for f in heard if not f.sign_only][:1] == [None]  # the exact score after


def test_the_books_answers_are_named_as_the_books(monkeypatch: pytest.MonkeyPatch) -> None:
    game = small_game()
    kernel_type = type(game.proof_kernel())

    root = oracle(POSITION)[0]

    def known(self: Any, state: Any, plies: int, exact: bool = False) -> tuple[int, bool] | None:
        """A book holding the root only (its score from the brute force)."""
        return (root, False) if plies == len(POSITION) else None

    monkeypatch.setattr(kernel_type, "known_score", known)
    state = game.parse_position(POSITION)
    heard: list[ProvenFact] = []
    report = solve_by_proof(game, state, on_fact=heard.append)
    assert heard[0].from_book and heard[0].kernel_score == root
    assert not any(f.from_book for f in heard[1:])
    assert report.facts is not None and report.facts["sources"]["position"] == "book"  # type: ignore[index]
    assert "from the opening book" in str(fact_line(game, state, heard[0]))
    assert "proven by the proof search" in str(fact_line(game, state, heard[1]))


def test_budgets_are_refused_where_they_cannot_bound() -> None:
    for argv in (["tictactoe", "--time", "1"], ["bones", "--n", "10", "--nodes", "5"],
                 ["connect4", "--batch", "-", "--time", "1"], ["connect4", "4", "--tree",
                                                                "--nodes", "9"]):
        done = run_main("solve", *argv, stdin="4455\n")
        assert done.returncode == 2 and "--time and --nodes bound `solve`" in done.stderr, argv
        assert done.stderr.count("\n") == 1 and done.stdout == "", argv


def test_an_impossible_batch_score_is_refused_before_any_work() -> None:
    done = run_main("solve", "connect4", "--batch", "-",
                    stdin="4453 99999999999999999999999\n4455 18\n")
    assert done.returncode == 2
    assert done.stdout.splitlines() == ["4455 18"]
    # 4 discs played: at best a win with the 5th disc, (42 + 2 - 5) // 2 = 19; at worst a loss to
    # the 6th, -(42 + 2 - 6) // 2 = -19.
    assert "line 1: the score '99999999999999999999999…' is impossible" not in done.stderr
    assert "line 1: " in done.stderr and "from -19 to 19" in done.stderr


#: The empty 7x6 board's column scores for the first player, as Pascal Pons' site shows them.
PONS_FIRST_MOVES = {"1": -2, "2": -1, "3": 0, "4": 1, "5": 0, "6": -1, "7": -2}


def test_the_empty_board_answers_at_once_from_a_book(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in book holding the empty board (+1) and the seven one-disc positions (the
    published values): every score is the book's and named so, and the solve searches nothing
    (its line ends where the book does)."""
    game = registry.create("connect4")
    kernel_type = type(game.proof_kernel())

    def known(self: Any, state: Any, plies: int, exact: bool = False) -> tuple[int, bool] | None:
        if plies == 0:
            return 1, False
        if plies == 1:
            bottom = game.format_position(state).split("/")[-1]
            column = next(i for i, cell in enumerate(bottom) if cell != ".") + 1
            return -PONS_FIRST_MOVES[str(column)], False  # for the second player, to move
        return None

    monkeypatch.setattr(kernel_type, "known_score", known)
    done = run_main("solve", "connect4", "--json")
    data = json.loads(done.stdout)
    REPORT_SCHEMA.validate(data)
    assert data["facts"]["score"] == 1 and data["facts"]["move_scores"] == PONS_FIRST_MOVES
    assert set(data["facts"]["sources"].values()) == {"book"}
    assert data["best_moves"] == ["4"] and data["pv"] == ["4"] and not data["pv_complete"]
    assert data["stats"]["nodes"] == 0  # hours of search without the book
    text = run_main("solve", "connect4").stdout
    assert text.splitlines()[0] == "score +1 for the side to move (from the opening book)"
    assert "  move 4: +1 (from the opening book)" in text.splitlines()
    assert "Every score here is from the opening book" in " ".join(text.split())


def test_ctrl_c_at_the_command_line_shows_the_proven_and_exits_130(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from minimax_cli.cli import solve_stream

    said: list[str] = []
    real = solve_stream.fact_line

    def interrupted_at_the_third(game: Any, state: Any, fact: ProvenFact) -> Any:
        if len(said) == 2:  # Ctrl-C as the third score is shown
            raise KeyboardInterrupt
        line = real(game, state, fact)
        said.append(str(line))
        return line

    monkeypatch.setattr(solve_stream, "fact_line", interrupted_at_the_third)
    done = run_main("solve", "connect4", "--cols", str(COLS), "--rows", str(ROWS), POSITION)
    assert done.returncode == 130
    assert "· stopped before the end" in done.stdout and "· solved" not in done.stdout
    root, columns = oracle(POSITION)
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"score {root:+d} for the side to move")
    first = said[1].split(":")[0].split()[-1]
    assert lines[1].startswith(f"  move {first}: {columns[first]:+d}")
    unproven = next(line for line in lines if line.startswith("not proven (stopped by Ctrl-C): "))
    # The second column was proven when Ctrl-C came as its line was printed: the answer keeps it.
    assert len(unproven.split(": ")[1].split(", ")) == len(columns) - 2


@pytest.mark.parametrize("pure", ["0", "1"])
def test_solve_and_analyze_stop_at_exactly_the_node_budget(pure: str) -> None:
    """--nodes N is exact for the proof search (both kernels): the report's count is N when the
    search is stopped, not the next checkpoint of the clock (8,192 for 7,777 before)."""
    from minimax_cli.core.compiled import PURE_VARIABLE

    for budget in (1, 100, 7_777):
        for command in (["solve"], ["analyze", "-a", "proof"]):
            done = run_main(*command, "connect4", "4453", "--nodes", str(budget), "--json",
                            env={PURE_VARIABLE: pure})
            assert done.returncode == 0, done.stderr
            data = json.loads(done.stdout)
            assert data["stopped"] == "nodes" and data["stats"]["nodes"] == budget, command


def test_the_books_reading_is_never_the_proofs_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The book is read once, before the clock of a solve or of a batch's line starts: a clock
    that moves only while the book is read (by 10 s here) leaves their times at 0."""
    import time

    from minimax_cli.answer.proof_stream import LineProof
    from minimax_cli.core.book_index import BookIndex

    clock = [1000.0]
    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])
    real_open = BookIndex.open

    def slow_open(self: BookIndex) -> None:
        if self._header is None:  # not read yet: reading it "takes" 10 s
            clock[0] += 10.0
        real_open(self)

    monkeypatch.setattr(BookIndex, "open", slow_open)
    game = registry.create("connect4")
    state = game.parse_position("44")
    for weak in (True, False):
        solved = solve_by_proof(game, state, weak=weak, limits=Limits(nodes=10))
        assert solved.stats["time_s"] == 0
        assert solved.facts is not None and (solved.facts["book_hits"] or 0) > 0  # type: ignore[operator]
    line = LineProof(game, True, None).prove(state)
    assert line.from_book and line.elapsed == 0
