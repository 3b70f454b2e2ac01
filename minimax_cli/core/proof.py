"""What the exact proof search (`minimax_cli.core.search.proof`) asks of a game: a proof kernel.

A game offers a kernel (`Game.proof_kernel`) when it has this shape: two players alternate, a
player wins only by a move of its own (completing a line), the game is drawn when the moves run out,
and it lasts at most `max_plies` plies from the start. Connect Four and tic-tac-toe are such games.
The shape lets a search know, without looking, how good a position can still be (see `ProofScale`),
which is where most of an exact solver's speed comes from; the kernel adds what only the game knows:
whether the side to move wins at once, which moves do not hand the opponent a win at once, in which
order to try them, and a key for the transposition table.

Scores (kernel scores) are whole numbers for the side to move, in "own moves to spare": a win whose
last move brings the game to ply P scores (max_plies + 2 - P) // 2, a loss the negative of the
opponent's, a draw 0. For 7x6 Connect Four this is Pascal Pons' published convention (22 minus the
winner's discs). The sooner a win, the higher its score.

A kernel may also offer the whole search in native code (`native_search`: Connect Four's C
kernel, games/connect4/_native.c), which must give the same scores and node counts as the Python
search over the kernel. Whether it may, and whether the game's opening book answers, are the
kernel's `ProofSwitches`, given when it is built: `MINIMAX_PURE=1` (keep the Python search) and
`MINIMAX_NO_BOOK=1` (no book) are read from the environment there, once, never during a proof.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from minimax_cli.core.book import NO_BOOK_VARIABLE
from minimax_cli.core.compiled import PURE_VARIABLE
from minimax_cli.core.i18n import Words


@dataclass(frozen=True)
class ProofSwitches:
    """How a kernel's proofs run, fixed when the kernel is built: `native`, its native search
    where it has one (else the Python search, which gives the same scores and node counts);
    `book`, its opening book answers the positions it holds (else every position is proven: the
    book's builder proves so, so that a rebuilt book holds proofs, not copies of the one it
    replaces)."""

    native: bool = True
    book: bool = True

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> ProofSwitches:
        """The switches a user sets in the environment (`MINIMAX_PURE=1`, `MINIMAX_NO_BOOK=1`;
        empty or 0 leaves a switch on), read where a kernel is built."""
        environ = os.environ if environ is None else environ
        return cls(native=environ.get(PURE_VARIABLE, "") in ("", "0"),
                   book=environ.get(NO_BOOK_VARIABLE, "") in ("", "0"))


class ProofTable(Protocol):
    """What a proof search's table offers outside it."""

    def __len__(self) -> int: ...

    def clear(self) -> None: ...


class ExactSearch(Protocol):
    """A proof search as the prover drives it: `core/search/proof.py`'s ProofSearch, or a
    kernel's native search that mirrors it (same contract, same counts). Before it visits node
    number n, when n reaches `check_at`, it calls its budget check with n, which raises to stop
    it (node n then neither visited nor counted) or returns the next `check_at`."""

    check_at: int

    @property
    def nodes(self) -> int: ...

    @property
    def probes(self) -> int: ...

    @property
    def hits(self) -> int: ...

    @property
    def max_entries(self) -> int: ...

    @property
    def table(self) -> ProofTable: ...

    def clear(self) -> None: ...

    def solve(self, state: Any, n: int, weak: bool) -> int: ...

    def at_least(self, state: Any, n: int, value: int) -> bool: ...


class ProofKernel:
    """A game's part of the proof search. Subclasses set `max_plies` and implement the methods.

    The contract, for a state that is not finished and whose `plies` are n:
    - `wins_now(state)`: the side to move has a move that wins at once.
    - `expand(state, n)`, called only when `wins_now` is false: None when every move lets the
      opponent win at once (including two wins at once that cannot both be blocked); otherwise the
      states after the moves that do not, best first (the kernel's move ordering). When the
      opponent threatens a win at once, only the blocking move is returned.
    - `key(state, n)`: an int identifying the position for the transposition table; states with the
      same key must have the same score (a key shared by mirror images is allowed).
    """

    max_plies: int = 0
    #: Its switches (a kernel with neither a book nor a native search has nothing to switch).
    switches: ProofSwitches = ProofSwitches()
    #: What kernel scores are called in the game's own literature, for reports ("" if nothing).
    convention: str = ""

    def convention_words(self, capital: bool = False) -> Words:
        """`convention` in words a view translates (capitalised to open a sentence); a kernel
        with a convention says it with its own messages."""
        words = self.convention or "score"
        return words[:1].upper() + words[1:] if capital else words

    def plies(self, state: Any) -> int:
        """Plies played to reach `state` (the same by every route: discs on the board)."""
        raise NotImplementedError

    def wins_now(self, state: Any) -> bool:
        raise NotImplementedError

    def expand(self, state: Any, plies: int) -> list[Any] | None:
        raise NotImplementedError

    def key(self, state: Any, plies: int) -> int:
        raise NotImplementedError

    def known_score(self, state: Any, plies: int, exact: bool = False) -> tuple[int, bool] | None:
        """The score of `state` (not finished, `plies` played) from the game's opening book, where
        it has one and the position is in it: (kernel score, only_sign), `only_sign` true when the
        book holds only win, draw or loss (the score is then 1, 0 or -1). None: not in a book.
        With `exact`, only an exact score will do: a book that holds none at `plies` answers None
        without looking (an exact proof of a deep position never touches it)."""
        return None

    def prepare(self) -> None:
        """Load what the first proof would otherwise load inside its time budget (the book's
        index): a sitting calls it before it starts the AI's clock."""

    def with_switches(self, switches: ProofSwitches) -> ProofKernel:
        """This kernel with other switches (itself when they change nothing)."""
        return self

    def book_key(self, state: Any) -> int:
        """A key shared by exactly the positions an opening book treats as one (a position and
        its mirror image, at any number of plies): the book's builder deduplicates by it."""
        return self.key(state, self.plies(state))

    def book_file(self) -> str | None:
        """The path of the game's packaged opening book for this board (None: it has none)."""
        return None

    def native_search(self, max_entries: int, check: Callable[[int], int]) -> ExactSearch | None:
        """The proof search over this kernel in native code, where the game has one, it was built
        and the kernel's `switches.native` allows it; None otherwise (the Python search runs)."""
        return None

    def kernel_name(self) -> str:
        """Which code runs this kernel's proof search, for `games` and `--version`."""
        return "plain Python"


class ProofScale:
    """Conversions between kernel scores and distances, for a game of at most `max_plies` plies."""

    def __init__(self, max_plies: int) -> None:
        self.max_plies = max_plies

    def win_score(self, end_ply: int) -> int:
        """The score, for the winner, of a win whose last move reaches ply `end_ply`."""
        return (self.max_plies + 2 - end_ply) // 2

    def end_ply(self, score: int, plies: int) -> int | None:
        """The ply at which the game ends with best play from a position at `plies` with `score`
        for its side to move; None for a draw (it ends when the moves run out)."""
        if score == 0:
            return None
        # A win of the side to move ends on an odd number of plies from here, a loss on an even.
        parity = 1 if score > 0 else 0
        end = self.max_plies + 2 - 2 * abs(score)
        if (end - plies) % 2 != parity:
            end -= 1
        return end

    def distance(self, score: int, plies: int) -> int:
        """Plies from the position to the end of the game with best play."""
        end = self.end_ply(score, plies)
        return self.max_plies - plies if end is None else end - plies


__all__ = ["ExactSearch", "ProofKernel", "ProofScale", "ProofSwitches", "ProofTable"]
