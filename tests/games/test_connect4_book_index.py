"""Connect Four's book as it is looked up: the compact index (core/book_index.py) says what the text
says, entry for entry, and is derived from it byte for byte; it answers an exact request only from
exact entries, without reading a record where it holds none; and the kernel's switches (book,
native search) are fixed where it is built, also for the book builder's workers."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from games.connect4.book import BOOK_PATH, BOOK_TEXT
from games.connect4.game import ConnectFour
from minimax_cli.core.book import NO_BOOK_VARIABLE, BookFormatError, summarize
from minimax_cli.core.book_index import MAGIC, BookIndex, book_paths
from minimax_cli.core.compiled import PURE_NAME
from minimax_cli.core.proof import ProofSwitches
from minimax_cli.core.search.proof import ProofSearch
from minimax_cli.core.search.prover import Prover
from minimax_cli.services import book as building
from tests.games.test_connect4_book import BookGame, shipped_text, write_test_book

DATA = next((folder / "shared" / "data" / "connect4" for folder in Path(__file__).resolve().parents
             if (folder / "shared" / "data" / "connect4").is_dir()), Path("shared/data/connect4"))


def test_the_shipped_index_is_derived_from_the_shipped_text() -> None:
    """`minimax book build` writes both; scripts/book_index.py rewrites the index of a text."""
    assert building.book_index(ConnectFour(), shipped_text()) == Path(BOOK_PATH).read_bytes()


def test_the_shipped_index_says_what_the_text_says_entry_for_entry() -> None:
    game = ConnectFour()
    kernel = game.proof_kernel()
    data = shipped_text()
    index = BookIndex(BOOK_PATH)
    keys = kernel.book_keys_of([entry.position for entry in data.entries])
    for entry, key in zip(data.entries, keys, strict=True):
        assert index.entry(key, len(entry.position)) == (entry.score, data.sources[entry.source])
    assert len(index) == len(set(keys)) == len(data.entries)
    # What `book show` and `minimax games connect4` print: the same but for the file's size.
    text = summarize(BOOK_TEXT, len)
    shown = index.summary()
    assert text is not None and shown is not None
    assert (shown.entries, shown.by_source, shown.comments) == \
        (text.entries, text.by_source, text.comments)
    assert shown.size == os.path.getsize(BOOK_PATH) < text.size / 3


def test_an_exact_request_reads_no_record_where_the_book_holds_only_signs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped book holds exact scores at 0, 1, 5 and 6 discs only, signs to 15 discs and
    nothing beyond: an exact proof at 8 or 20 discs never looks a position up; a weak one at 8
    does, and is answered."""
    read: list[int] = []
    entry = BookIndex.entry

    def counted(self: BookIndex, key: int, plies: int) -> object:
        read.append(plies)
        return entry(self, key, plies)

    monkeypatch.setattr(BookIndex, "entry", counted)
    game = ConnectFour()
    prover = Prover(game)
    index = BookIndex(BOOK_PATH)
    assert [p for p in range(43) if index.covers(p, exact=True)] == [0, 1, 5, 6]
    assert [p for p in range(43) if index.covers(p)] == list(range(16))
    eight = game.parse_position("44444432")  # a first player's book line: signs only
    assert prover.prove(eight).nodes > 0 and read == []
    assert prover.prove(game.parse_position("44444432" + "1111117777")).nodes > 0 and read == []
    weak = prover.prove(eight, weak=True)
    assert weak.nodes == 0 and read == [8]


@pytest.mark.skipif(not DATA.is_dir(), reason="the shared Connect Four sets are not here")
def test_exact_proofs_count_the_same_nodes_with_and_without_the_book(tmp_path: Path) -> None:
    """End-Easy and Middle-Easy lines proven exactly: the same scores and nodes whether the book
    is on, off, or its file missing."""
    game = ConnectFour()
    lines = [line.split()[0] for name in ("Test_L3_R1", "Test_L2_R1")
             for line in (DATA / name).read_text().splitlines()[:10]]
    provers = [Prover(game), Prover(game, switches=ProofSwitches(book=False)),
               Prover(BookGame(str(tmp_path / "missing.bin")))]
    counts = []
    for prover in provers:
        found = []
        for moves in lines:
            prover.restart(fresh=True)
            proof = prover.prove(prover.game.parse_position(moves))
            found.append((proof.score, proof.nodes))
        counts.append(found)
    assert counts[0] == counts[1] == counts[2]


def test_a_missing_index_is_an_empty_book_and_a_foreign_file_is_refused(tmp_path: Path) -> None:
    missing = BookIndex(str(tmp_path / "none.bin"))
    assert len(missing) == 0 and missing.known(1, 0) is None and missing.summary() is None
    for content in (b"", b"# a book's text\n", MAGIC + b"\x05\x00\x00\x00{}"):
        path = tmp_path / "bad.bin"
        path.write_bytes(content)
        with pytest.raises(BookFormatError, match=r"bad\.bin"):
            BookIndex(str(path)).known(1, 0)
    whole = Path(write_test_book(tmp_path)).read_bytes()
    (tmp_path / "cut.bin").write_bytes(whole[:-3])
    with pytest.raises(BookFormatError, match=r"cut\.bin"):
        BookIndex(str(tmp_path / "cut.bin")).open()


def test_a_books_text_and_index_are_named_after_each_other() -> None:
    assert book_paths("d/book.txt") == book_paths("d/book.bin") == ("d/book.txt", "d/book.bin")
    assert book_paths("b") == ("b", "b.bin")


def test_a_kernel_with_its_book_open_travels_to_another_process(tmp_path: Path) -> None:
    """A Ray worker gets the game (and its kernel) pickled: the mapping is reopened there."""
    game = BookGame(write_test_book(tmp_path))
    kernel = game.proof_kernel()
    kernel.prepare()
    copy = pickle.loads(pickle.dumps(kernel))
    assert copy.known_score(game.parse_position("5"), 1) == (0, False)
    assert kernel.known_score(game.parse_position("5"), 1) == (0, False)


def test_the_switches_are_read_from_the_environment_where_a_kernel_is_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert ProofSwitches.from_environment({}) == ProofSwitches(native=True, book=True)
    assert ProofSwitches.from_environment({"MINIMAX_PURE": "1", NO_BOOK_VARIABLE: "0"}) == \
        ProofSwitches(native=False, book=True)
    assert ProofSwitches.from_environment({NO_BOOK_VARIABLE: "yes"}).book is False
    game = ConnectFour()
    kernel = game.proof_kernel()
    monkeypatch.setenv(NO_BOOK_VARIABLE, "1")  # too late for a kernel already built
    assert kernel.known_score(game.parse_position(""), 0) == (1, False)
    plain = kernel.with_switches(ProofSwitches(native=False))
    assert plain.kernel_name() == PURE_NAME and plain.known_score((0, 0), 0) == (1, False)
    assert isinstance(Prover(game, switches=ProofSwitches(native=False)).search, ProofSearch)
    assert kernel.with_switches(kernel.switches) is kernel


def test_the_builder_proves_without_the_book_by_its_switches(tmp_path: Path) -> None:
    """A book that holds a wrong score for a position: the builder's proof of it is the search's,
    whatever the environment says (none is set: the workers get the switches)."""
    moves = "2252576253462244111563365343671351441"  # End-Easy's first line: -1
    game = BookGame(write_test_book(tmp_path, f"!game connect4 7x6\n!source e exact e\n"
                                              f"{moves} 3 e 0\n"))
    assert game.proof_kernel().known_score(game.parse_position(moves), len(moves)) == (3, False)
    proven: list[building.Proven] = []
    environment: list[str | None] = []

    def emit(found: building.Proven) -> None:
        proven.append(found)
        environment.append(os.environ.get(NO_BOOK_VARIABLE))

    assert building.prove_positions(game, [moves], emit, weak=False, jobs=1, table_mb=None)
    assert [(p.score, p.nodes > 0) for p in proven] == [(-1, True)]
    assert environment == [os.environ.get(NO_BOOK_VARIABLE)]
