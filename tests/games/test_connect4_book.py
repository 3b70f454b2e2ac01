"""Connect Four's opening book: the file format, the lookup (mirror images, missing positions, signs
only), the builder against a brute-force solver written here (4x4 board), resuming, the published
scores of the empty board's columns, and a sample of the shipped book re-proven by our search.
The compact index and its switches: tests/games/test_connect4_book_index.py."""

from __future__ import annotations

import functools
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.connect4.book import BOOK_TEXT
from games.connect4.game import ConnectFour
from games.connect4.proof import ConnectFourKernel
from minimax_cli.core.book import BookData, BookFormatError, format_book, parse_book
from minimax_cli.core.proof import ProofKernel, ProofSwitches
from minimax_cli.core.result import Limits
from minimax_cli.core.search.common import Stop
from minimax_cli.core.search.prover import Prover
from minimax_cli.services import book as building

TEST_BOOK = """# a test book
!game connect4 7x6
!source e exact exact proof
!source w weak weak proof
- 1 e 0
4 -1 e 10
3 0 e 11
44 1 w 12
"""


def oracle(cols: int, rows: int, moves: str) -> int:
    """The Pons-convention score of a position by plain negamax over every move (no pruning, no
    table beyond memoising whole positions): a win whose last disc is the P-th scores
    (cols * rows + 2 - P) // 2 for the winner."""
    return _negamax(cols, rows, frozenset(_cells(moves)), len(moves))


@functools.cache
def _negamax(cols: int, rows: int, cells: frozenset[tuple[int, int, int]], plies: int) -> int:
    if plies == cols * rows:
        return 0
    player = plies % 2
    heights = [sum(1 for c, _r, _p in cells if c == col) for col in range(cols)]
    best = -cols * rows
    for col in range(cols):
        if heights[col] == rows:
            continue
        cell = (col, heights[col], player)
        if _wins(cells, cell):
            return (cols * rows + 2 - (plies + 1)) // 2
        best = max(best, -_negamax(cols, rows, cells | {cell}, plies + 1))
    return best


def _wins(cells: frozenset[tuple[int, int, int]], cell: tuple[int, int, int]) -> bool:
    col, row, player = cell
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            step = 1
            while (col + sign * step * dc, row + sign * step * dr, player) in cells:
                count += 1
                step += 1
        if count >= 4:
            return True
    return False


def test_the_format_reads_back_what_it_writes_and_names_a_bad_line() -> None:
    data = parse_book(TEST_BOOK)
    assert [(e.position, e.score) for e in data.entries] == [("", 1), ("4", -1), ("3", 0),
                                                            ("44", 1)]
    assert parse_book(format_book(data)) == data
    with pytest.raises(BookFormatError, match="line 3"):
        parse_book("!game g\n!source w weak proof\n4 5 w 0\n")  # a sign is -1, 0 or 1
    with pytest.raises(BookFormatError, match="line 2"):
        parse_book("!game g\n4 -1 undeclared 0\n")


def write_test_book(folder: Path, text: str = TEST_BOOK) -> str:
    """The index of the 7x6 book `text`, written in `folder` as the builder writes it: its path."""
    return building.write_book(ConnectFour(), parse_book(text), str(folder / "book.txt"))[1]


class BookGame(ConnectFour):
    """Connect Four whose kernel looks positions up in the book at `book_path`."""

    def __init__(self, book_path: str, switches: ProofSwitches | None = None) -> None:
        super().__init__()
        self.book_kernel = ConnectFourKernel(7, 6, switches, book_path)

    def proof_kernel(self) -> ProofKernel:
        return self.book_kernel


def shipped_text() -> BookData:
    """The shipped book's text (the index is derived from it: test_connect4_book_index.py)."""
    return parse_book(Path(BOOK_TEXT).read_text(encoding="utf-8"))


@pytest.mark.parametrize(("cols", "rows"), [(7, 6), (6, 5)])
def test_the_keys_of_a_list_of_positions_are_those_of_their_boards(cols: int, rows: int) -> None:
    """Keyed together (parents kept for their children), in any order, with or without their
    parents, each position gets the folded key of the board the rules give it (mirror images
    are folded by the column count: also on a board of an even number of columns)."""
    game = ConnectFour(cols, rows)
    kernel = game.proof_kernel()
    rng = random.Random(4)
    positions = ["", "4", "44", "4453", "44", "3", "5", "445", "123456", "12345", "654321"]
    for _ in range(200):  # random games of up to 11 discs, stopped before any win
        state, moves = game.initial_state(), ""
        for _ in range(rng.randrange(12)):
            move = rng.choice(list(game.legal_moves(state)))
            if game.outcome(game.play(state, move)) is not None:
                break
            state, moves = game.play(state, move), moves + str(move)
        positions.append(moves)
    rng.shuffle(positions)
    expected = [kernel.book_key(game.parse_position(p)) for p in positions]
    assert kernel.book_keys_of(positions) == expected
    assert [kernel.book_key_of(p) for p in positions] == expected


def test_the_lookup_answers_mirror_images_signs_and_nothing_else(tmp_path: Path) -> None:
    game = BookGame(write_test_book(tmp_path))
    kernel = game.proof_kernel()

    def known(position: str, exact: bool = False) -> tuple[int, bool] | None:
        return kernel.known_score(game.parse_position(position), len(position), exact)

    assert known("4") == (-1, False)
    assert known("3") == known("5") == (0, False)  # column 5 is column 3's mirror image
    assert known("44") == (1, True)  # a weak source: the sign only
    assert known("44", exact=True) is None  # ... which cannot answer an exact score
    assert known("") == known("", exact=True) == (1, False)
    assert known("2") is None and known("444") is None


def test_the_kernel_and_the_prover_answer_from_the_book(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_test_book(tmp_path)
    game = BookGame(path)
    kernel = game.proof_kernel()
    assert kernel.known_score(game.parse_position("5"), 1) == (0, False)
    prover = Prover(game)
    assert prover.prove(game.parse_position("5")).score == 0 and prover.book_hits == 1
    assert prover.nodes == 0
    # A sign answers a weak proof, never an exact one (that one is searched).
    assert prover.prove(game.parse_position("44"), weak=True).score == 1
    assert prover.book_hits == 2
    # The moves the book scores: 5's mirror image 3 scores 0 for the opponent, so 0 for the mover
    # of either; 4 loses for the side to move after it, so it wins for the mover.
    scored = {m.move: (m.score, sign) for m, sign in prover.book_moves(game.parse_position(""))}
    assert scored == {3: (0, False), 4: (1, False), 5: (0, False)}
    # Without the book (its switch, or MINIMAX_NO_BOOK=1 where the kernel is built), 5 is proven.
    off = BookGame(path, ProofSwitches(book=False))
    assert off.proof_kernel().known_score(game.parse_position("5"), 1) is None
    # A prover with the book switched off searches the position the book holds (a one-disc proof
    # takes minutes: its first 2,000 nodes show it, then the budget stops it).
    unbooked = Prover(game, Limits(nodes=2_000), switches=ProofSwitches(book=False))
    with pytest.raises(Stop):
        unbooked.prove(game.parse_position("5"))
    assert unbooked.book_hits == 0 and unbooked.nodes > 0
    assert kernel.known_score(game.parse_position("5"), 1) == (0, False)  # its own: still on
    monkeypatch.setenv("MINIMAX_NO_BOOK", "1")
    assert ConnectFour().proof_kernel().known_score(game.parse_position("5"), 1) is None
    # Other boards have no book.
    small = ConnectFour(cols=5, rows=4)
    assert small.proof_kernel().known_score(small.parse_position("3"), 1) is None


def test_a_small_book_agrees_with_brute_force(tmp_path: Path) -> None:
    game = ConnectFour(cols=4, rows=4)
    positions = building.positions_upto(game, 3)
    # Every position of up to 3 discs, once per mirror pair (no 4x4 game ends by then).
    mirrored = {min(_cells(p), _cells("".join(str(5 - int(c)) for c in p)))
                for p in _sequences(4, 3)}
    assert len(positions) == len(mirrored)
    work = building.Work(game, str(tmp_path / "work"))
    assert building.prove_positions(game, positions, work.add, weak=False, jobs=1,
                                    table_mb=None)
    data = building.book_data(game, work, "connect4 4x4", [])
    assert len(data.entries) == len(positions)  # the empty board's is derived
    for entry in data.entries:
        assert entry.score == oracle(4, 4, entry.position), entry.position


@pytest.mark.parametrize("weak", [False, True])
def test_a_book_proven_at_one_level_derives_every_shallower_position(tmp_path: Path,
                                                                     weak: bool) -> None:
    game = ConnectFour(cols=4, rows=4)
    work = building.Work(game, str(tmp_path / "work"))
    assert building.prove_positions(game, building.positions_at(game, 3), work.add, weak=weak,
                                    jobs=1, table_mb=None)
    assert {len(p.position) for p in work.proven.values()} == {3}
    data = building.book_data(game, work, "connect4 4x4", [],
                              parents=building.positions_upto(game, 2))
    assert building.complete_to(game, data) == 3
    for entry in data.entries:
        truth = oracle(4, 4, entry.position)
        if weak:
            assert entry.score == (truth > 0) - (truth < 0), entry.position
        else:
            assert entry.score == truth, entry.position


def test_a_weak_proof_that_one_negamax_step_makes_exact_is_written_once(tmp_path: Path) -> None:
    """133435: O has three in a row on the bottom row, open at both ends, and X (to move) cannot
    win at once, so O wins with the game's eighth disc: (42 + 2 - 8) / 2 = 18 for O, -18 for X.
    Its weak proof (-1) and that exact value, derived when its level is among the shallower ones
    of a build (`parents`), are one position: one entry, the exact one."""
    game = ConnectFour()
    work = building.Work(game, str(tmp_path / "work"))
    work.add(building.Proven("133435", -1, False, "default", 1))
    data = building.book_data(game, work, "connect4 7x6", [], parents=["133435"])
    assert [(e.score, e.source) for e in data.entries if e.position == "133435"] == [(-18, "d")]


def test_the_shipped_book_holds_each_position_once() -> None:
    game = ConnectFour()
    kernel = game.proof_kernel()
    entries = shipped_text().entries
    keys = [kernel.book_key(game.parse_position(e.position)) for e in entries]
    assert len(set(keys)) == len(keys)


def test_a_rebuild_writes_the_same_book_whatever_the_hash_seed(tmp_path: Path) -> None:
    """Python orders a set of strings by a hash seeded per process; the book must not follow it.
    The work file names each four-disc position by another of its move orders (seeded), so that
    many three-disc prefixes are one position reached two ways."""
    game = ConnectFour(cols=4, rows=4)
    proven: list[building.Proven] = []
    assert building.prove_positions(game, building.positions_at(game, 4), proven.append,
                                    weak=True, jobs=1, table_mb=None)
    shuffle = random.Random(4)
    work_path = tmp_path / "work"
    work_path.write_text("".join(
        f"{_another_order(p.position, shuffle)} {p.score} weak default {p.nodes}\n"
        for p in proven), encoding="utf-8")
    script = ("import sys; from games.connect4.game import ConnectFour; "
              "from minimax_cli.core.book import format_book; "
              "from minimax_cli.services import book as b; g = ConnectFour(cols=4, rows=4); "
              "sys.stdout.write(format_book(b.book_data(g, b.Work(g, sys.argv[1]), '4x4', [], "
              "parents=b.positions_upto(g, 3))))")
    books = {subprocess.run([sys.executable, "-c", script, str(work_path)], capture_output=True,
                            text=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed},
                            timeout=300).stdout
             for seed in ("1", "2", "3", "4")}
    assert len(books) == 1 and next(iter(books)).count("\n") > 20


def _another_order(moves: str, shuffle: random.Random) -> str:
    """A move order reaching the same discs: each player's moves shuffled until they stack the
    same way (the given order if none is found in 50 tries)."""
    for _ in range(50):
        first, second = list(moves[0::2]), list(moves[1::2])
        shuffle.shuffle(first)
        shuffle.shuffle(second)
        order = "".join(a + b for a, b in zip(first, second, strict=False)) + "".join(first[len(second):])
        if _cells(order) == _cells(moves):
            return order
    return moves


def _cells(moves: str) -> tuple[tuple[int, int, int], ...]:
    """The discs of a position, (column, row, player), sorted: one tuple per position."""
    heights = [0] * 10
    cells = []
    for n, move in enumerate(moves):
        col = int(move) - 1
        cells.append((col, heights[col], n % 2))
        heights[col] += 1
    return tuple(sorted(cells))


def _sequences(cols: int, plies: int) -> list[str]:
    """Every move sequence of up to `plies` discs on an empty board (none can end a game yet)."""
    found, level = [""], [""]
    for _ in range(plies):
        level = [p + str(c) for p in level for c in range(1, cols + 1)]
        found += level
    return found


def test_a_rerun_proves_only_what_the_work_file_lacks(tmp_path: Path) -> None:
    game = ConnectFour(cols=4, rows=4)
    work_path = str(tmp_path / "work")
    proven: list[str] = []

    def add(work: building.Work) -> building.Prove:
        def prove(positions: list[str]) -> bool:
            return building.prove_positions(
                game, positions, lambda p: (proven.append(p.position), work.add(p)), weak=False,
                jobs=1, table_mb=None)
        return prove

    first = building.Work(game, work_path)
    wanted = building.positions_upto(game, 2)
    add(first)([p for p in wanted[:5] if first.get(p) is None])  # stopped after 5
    assert len(proven) == 4  # the empty board is never a batch line
    first.close()  # the first run ends (its lock with it)
    again = building.Work(game, work_path)
    assert again.loaded == 4
    add(again)([p for p in wanted if again.get(p) is None])
    assert len(proven) == len(wanted) - 1 and len(set(proven)) == len(proven)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "minimax_cli", *args], capture_output=True,
                          text=True, timeout=300)


@pytest.mark.slow
def test_the_command_builds_resumes_and_shows(tmp_path: Path) -> None:
    work, book = str(tmp_path / "w"), str(tmp_path / "b.txt")
    args = ["book", "build", "connect4", "--cols", "4", "--rows", "4", "--plies", "2",
            "--out", work, "--book", book]
    assert cli(*args).returncode == 0
    rerun = cli(*args)
    # --plies 2 proves the 8 positions of 2 discs (one of each mirror pair); the 3 shallower
    # ones are derived.
    assert rerun.returncode == 0 and " 8 " in rerun.stderr.splitlines()[0]
    assert len(rerun.stderr.splitlines()) == 2  # nothing proven again
    shown = cli("book", "show", "connect4", "--cols", "4", "--rows", "4", "--book", book)
    assert shown.returncode == 0 and "11 " in shown.stdout


@pytest.mark.slow
@pytest.mark.parametrize("args", [["book", "build", "chess"], ["book", "show", "tictactoe"],
                                  ["book", "build", "connect4", "--plies", "99"],
                                  ["book", "frob", "connect4"],
                                  ["book", "show", "connect4", "--cols", "5"]])
def test_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    result = cli(*args)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_the_empty_boards_columns_score_as_pons_publishes() -> None:
    """Pons' site (connect4.gamesolver.org) scores the empty board's columns 1..7 as
    -2 -1 0 1 0 -1 -2 for the first player."""
    game = ConnectFour()
    kernel = game.proof_kernel()
    scores = []
    for col in range(1, 8):
        known = kernel.known_score(game.parse_position(str(col)), 1, True)
        if known is None:
            pytest.skip(f"the shipped book lacks column {col}'s exact score")
        assert not known[1]
        scores.append(-known[0])
    assert scores == [-2, -1, 0, 1, 0, -1, -2]
    assert kernel.known_score(game.parse_position(""), 0) == (1, False)


@pytest.mark.slow
def test_a_sample_of_the_shipped_book_re_proves() -> None:
    """Three random entries of the book proven again by our search, without the book (entries
    whose proof took over 200 M nodes, minutes here, are left out)."""
    game = ConnectFour()
    data = shipped_text()
    cheap = [e for e in data.entries if 0 < e.nodes <= 200_000_000]
    sample = random.Random(21).sample(cheap, min(3, len(cheap)))
    if not sample:
        pytest.skip("the shipped book holds no cheap proof")
    prover = Prover(game, table_mb=64)
    for entry in sample:
        prover.restart(fresh=True)
        state = game.parse_position(entry.position)
        weak = data.only_sign(entry)
        assert prover.search.solve(state, len(entry.position), weak) == entry.score, entry


def test_every_derived_entry_of_the_shipped_book_follows_from_its_moves() -> None:
    """A derived value is one negamax step over the values of the position's moves: checked here
    for every derived entry, from the book's entries of its children (a move that ends the game,
    or after which the opponent wins at once, scored by the rules)."""
    game = ConnectFour()
    kernel = game.proof_kernel()
    derived = [e for e in shipped_text().entries if e.source in ("d", "dw")]
    if not derived:
        pytest.skip("the shipped book holds no derived entry")
    for entry in derived:
        state = game.parse_position(entry.position)
        signs = []
        for move in game.legal_moves(state):
            child = game.play(state, move)
            if game.outcome(child) is not None:
                signs.append(1 if game.outcome(child) != 0 else 0)
            elif kernel.wins_now(child):
                signs.append(-1)
            else:
                known = kernel.known_score(child, len(entry.position) + 1)
                signs.append(None if known is None else -_sign(known[0]))
        if entry.score > 0:
            assert 1 in signs, entry
        else:  # a draw or a loss needs every move's value
            assert None not in signs and max(s for s in signs if s is not None) == \
                _sign(entry.score), entry


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


def test_the_first_players_lines_try_moves_in_order_until_one_keeps_the_win(
        tmp_path: Path) -> None:
    """With made-up proofs (a position whose last disc went into column 3 is lost for the side to
    move, every other one a draw), the builder asks for each candidate in the game's move order
    (centre first: 4, 3, 5, ...) until one is lost for the opponent, and then every reply."""
    game = ConnectFour()
    work = building.Work(game, str(tmp_path / "work"))
    asked: list[list[str]] = []

    def prove(positions: list[str]) -> bool:
        asked.append(positions)
        for position in positions:
            work.add(building.Proven(position, -1 if position[-1] == "3" else 0, False, "1", 1))
        return True

    found, finished = building.first_player_lines(game, work, prove, 3)
    assert finished
    assert asked[:2] == [["4"], ["3"]]  # the centre first: a draw; then column 3: a win
    assert found[0] == ""
    # Then each of the 7 replies to 3, mirror images once (none: 3 is off-centre), plays 4 first
    # (a draw by the made-up proofs), then 3.
    replies = [p for p in found if len(p) == 2]
    assert sorted(replies) == ["31", "32", "33", "34", "35", "36", "37"]
    assert sorted(asked[2]) == sorted(r + "4" for r in replies)
    assert sorted(asked[3]) == sorted(r + "3" for r in replies)
