"""`minimax book build GAME`: an opening book built from proofs, resumable.

What it covers: every position with at most `plies` discs (a position and its mirror image once;
positions the game has already decided, and those whose side to move wins at once, left out: the
search answers those without a book): those of exactly `plies` discs proven, the shallower ones
derived from them (proving a level is cheaper than proving the shallower ones: far fewer positions
but each one a much deeper search), and, to `lines` discs, the positions met by a first player
who plays by the book: at each of its turns one move proven to keep the win (its children tried in
the game's move order until one is proven lost for the opponent), at each opponent turn every reply.
Parents whose children are all in the book get their value by one negamax step ("derived").

Every proof goes through `prove_positions` (positions in, proven scores out, over services/batch.py's
`run` with --jobs), the one place to put another backend. Each proof is appended and flushed to the
work file as it comes, one line `position score exact|weak table_mb nodes` (after a first line
naming the game and board); a rerun reads it, checking every line, and proves only what is
missing. The work file is locked while a build uses it (`Work`). The book file (core/book.py's
format) is written from the work file, and beside it its compact index (core/book_index.py), what
the game looks positions up in (`write_book`). Proofs never use the book being built: the
kernel's switches turn it off.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from minimax_cli.core.book import BookData, Entry, Source, format_book
from minimax_cli.core.book_index import book_paths, index_bytes, write_index
from minimax_cli.core.game import AnyGame
from minimax_cli.core.i18n import _
from minimax_cli.core.proof import ProofKernel, ProofScale
from minimax_cli.core.search.prover import kernel_of
from minimax_cli.services.batch_out import board_options, score_problem
from minimax_cli.services.resume_file import ResumeFile


@dataclass(frozen=True)
class Proven:
    """One proof of the work file: the position's score for its side to move (sign only unless
    `exact`), the table it was proven with ("default" when none was given) and its nodes."""

    position: str
    score: int
    exact: bool
    table: str
    nodes: int

    def line(self) -> str:
        return (f"{self.position or '-'} {self.score} {'exact' if self.exact else 'weak'} "
                f"{self.table} {self.nodes}")


def parse_work_line(line: str) -> Proven | None:
    """A work-file line, None for one that does not read."""
    words = line.split()
    if len(words) != 5 or words[2] not in ("exact", "weak"):
        return None
    try:
        score, nodes = int(words[1]), int(words[4])
    except ValueError:
        return None
    return Proven("" if words[0] == "-" else words[0], score, words[2] == "exact", words[3], nodes)


#: What each line of a work file holds.
WORK_LINE = "position score exact|weak table nodes"


def work_header(game: AnyGame) -> str:
    """The first line of a work file of `game` (its board's options where not the default)."""
    return f"# minimax book build {game.name}{board_options(game)}: {WORK_LINE}"


class Work:
    """The proofs done so far, by the kernel's book key; `add` appends each to the work file.

    The file is opened, locked against another run and read whole when this is made, before any
    proof (UnusableFile for one that cannot be used: services/resume_file.py), and stays open
    until `close`. Its first line names the game and board (`work_header`); a file without it
    (written before it was added) is read too. Each proof read back is checked (a position of
    this board, a score it can have) before it is trusted: UnusableFile names the line."""

    def __init__(self, game: AnyGame, path: str) -> None:
        self.game, self.path = game, path
        self.kernel: ProofKernel = kernel_of(game)
        self.proven: dict[int, Proven] = {}
        self.loaded = 0
        self.file = ResumeFile(path, "--out")
        try:
            self._read()
        except BaseException:
            self.file.close()
            raise

    def _read(self) -> None:
        head = work_header(self.game)
        whole = False
        for number, line in self.file.lines():
            whole = True
            if number == 1 and line.startswith("#"):
                if line != head:
                    raise self.file.refuse(number, _(
                        "written for another game or board ({line}; this run is {header}): "
                        "give another file").format(line=line, header=head))
                continue
            proven = parse_work_line(line)
            problem = (_("expected `{form}`, got {line}").format(form=WORK_LINE, line=line[:60])
                       if proven is None else
                       score_problem(self.game, self.kernel, proven.position, proven.score,
                                     not proven.exact))
            if problem is not None:
                raise self.file.refuse(number, problem)
            assert proven is not None
            self.remember(proven)
            self.loaded += 1
        # A torn last line (a kill while writing it) is dropped; a file of one unended line is
        # ours only if it is the start of the header (never truncate a file not ours).
        if not whole and self.file.torn and not head.encode().startswith(self.file.torn):
            raise self.file.refuse(1, _("not a work file of `minimax book build` (its first "
                                        "line should be {header}); give another file").format(
                                            header=head))
        self.file.cut_torn()
        if not whole:
            self.file.append(head)

    def key(self, position: str) -> int:
        return self.kernel.book_key(self.game.parse_position(position))

    def remember(self, proven: Proven) -> None:
        key = self.key(proven.position)
        known = self.proven.get(key)
        if known is None or (proven.exact and not known.exact):
            self.proven[key] = proven

    def get(self, position: str) -> Proven | None:
        return self.proven.get(self.key(position))

    def add(self, proven: Proven) -> None:
        self.file.append(proven.line())
        self.remember(proven)

    def close(self) -> None:
        """Close the work file, which ends its lock."""
        self.file.close()


def prove_positions(game: AnyGame, positions: list[str], emit: Callable[[Proven], None], *,
                    weak: bool, jobs: int, table_mb: float | None, backend: str = "local",
                    address: str | None = None,
                    progress: Callable[[int, int | None], None] | None = None) -> bool:
    """Prove `positions` (never from the book being built) through the batch machinery
    (`batch_run.run`: chunks on `jobs` local processes, or on the Ray cluster of `backend` "ray"
    at `address`), calling `emit` with each proof as it comes (and `progress` as `run` does);
    False when Ctrl-C stopped it.
    Raises what `batch_run.run` raises (ClusterError, WorkersLost)."""
    from minimax_cli.reports.batch import BatchLine
    from minimax_cli.services.batch_run import run

    table = "default" if table_mb is None else f"{table_mb:g}"

    def each(line: BatchLine) -> None:
        if line.score is not None and line.report is not None:
            emit(Proven(line.position, line.score, not weak, table, line.report.count("nodes")))

    switches = replace(kernel_of(game).switches, book=False)  # sent to every worker
    # A batch line needs a word: the empty board is never proven here (its value is derived).
    summary = run(game, [p for p in positions if p], each, weak=weak, jobs=jobs,
                  table_mb=table_mb, backend=backend, address=address, progress=progress,
                  switches=switches)
    return not summary.interrupted


def children(game: AnyGame, position: str) -> list[tuple[str, Any]]:
    """The positions after each legal move, in the game's move order: (notation, state)."""
    state = game.parse_position(position)
    moves = game.order_moves(state, game.legal_moves(state))
    return [(position + str(move), game.play(state, move)) for move in moves]


def open_position(game: AnyGame, kernel: ProofKernel, state: Any) -> bool:
    """Not decided by the game, and its side to move cannot win at once: worth a book entry."""
    return game.outcome(state) is None and not kernel.wins_now(state)


def positions_upto(game: AnyGame, plies: int) -> list[str]:
    """Every open position with at most `plies` discs, one of each mirror pair, by discs."""
    return [position for level in _levels(game, plies) for position in level]


def positions_at(game: AnyGame, plies: int) -> list[str]:
    """Every open position with exactly `plies` discs, one of each mirror pair."""
    return _levels(game, plies)[-1]


def _levels(game: AnyGame, plies: int) -> list[list[str]]:
    """The open positions of 0, 1, ... `plies` discs, one of each mirror pair, level by level."""
    kernel = kernel_of(game)
    levels = [[""]]
    seen = {kernel.book_key(game.parse_position(""))}
    for _ply in range(plies):
        following = []
        for position in levels[-1]:
            for child, state in children(game, position):
                key = kernel.book_key(state)
                if key not in seen and open_position(game, kernel, state):
                    seen.add(key)
                    following.append(child)
        levels.append(following)
    return levels


Prove = Callable[[list[str]], bool]


def first_player_lines(game: AnyGame, work: Work, prove: Prove,
                       plies: int) -> tuple[list[str], bool]:
    """The open positions a first player playing by the book meets up to `plies` discs, proving
    what it needs (weak proofs suffice: a child proven lost for the opponent keeps the win): the
    positions whose book move was found, and False if Ctrl-C stopped it early."""
    kernel = kernel_of(game)
    frontier: list[str] = [""]
    found: list[str] = []
    for _ply in range(0, plies, 2):
        choices: dict[str, list[str]] = {}
        for position in frontier:
            choices[position] = [child for child, state in children(game, position)
                                 if open_position(game, kernel, state)]
        chosen: dict[str, str] = {}
        while choices:
            wanted = []
            for position, candidates in list(choices.items()):
                while candidates:
                    proven = work.get(candidates[0])
                    if proven is None:
                        wanted.append(candidates[0])
                        break
                    if proven.score < 0:
                        chosen[position] = candidates[0]
                        break
                    candidates.pop(0)
                if position in chosen or not candidates:
                    del choices[position]  # a move found, or none keeps a win here
            if wanted and not prove(sorted(set(wanted))):
                return found, False
        found += list(chosen)
        following: dict[int, str] = {}
        for move in chosen.values():
            for reply, state in children(game, move):
                if open_position(game, kernel, state):
                    following.setdefault(kernel.book_key(state), reply)
        frontier = list(following.values())
    return found, True


def derive(game: AnyGame, work: Work,
           parents: Iterable[str] = ()) -> dict[int, tuple[str, int, bool]]:
    """Values one negamax step gives to the parents of proven positions (every prefix of a proven
    line, and `parents`: the shallower levels of a book proven at one level, whose mirror pair's
    representative need not be a prefix; deepest first): exact when every child is known exactly,
    else the sign when a child is known lost for the opponent or every child's sign is known. By
    book key: (position, score, exact)."""
    kernel = kernel_of(game)
    scale = ProofScale(kernel.max_plies)
    known: dict[int, tuple[int, bool]] = {k: (p.score, p.exact) for k, p in work.proven.items()}
    prefixes = {p.position[:n] for p in work.proven.values() for n in range(len(p.position))}
    prefixes.update(parents)
    derived: dict[int, tuple[str, int, bool]] = {}
    # Deepest first; then by text, so that a rebuild writes the same file byte for byte.
    for position in sorted(prefixes, key=lambda p: (-len(p), p)):
        state = game.parse_position(position)
        key = kernel.book_key(state)
        if (key in known and known[key][1]) or not open_position(game, kernel, state):
            continue
        plies = kernel.plies(state)
        values: list[tuple[int, bool] | None] = []
        for _child, after in children(game, position):
            outcome = game.outcome(after)
            if outcome is not None:
                values.append((0 if outcome == 0 else scale.win_score(plies + 1), True))
            elif kernel.wins_now(after):
                values.append((-scale.win_score(plies + 2), True))
            else:
                score = known.get(kernel.book_key(after))
                values.append(None if score is None else (-score[0], score[1]))
        value: tuple[int, bool] | None = None
        if all(v is not None and v[1] for v in values):
            value = (max(v[0] for v in values if v is not None), True)
        elif any(v is not None and v[0] > 0 for v in values):
            value = (1, False)
        elif all(v is not None for v in values):
            best = max(v[0] for v in values if v is not None)
            value = ((best > 0) - (best < 0), False)
        if value is not None and (key not in known or value[1]):
            known[key] = value
            derived[key] = (position, *value)
    return derived


def book_data(game: AnyGame, work: Work, board: str, comments: Iterable[str],
              parents: Iterable[str] = ()) -> BookData:
    """The book of the work done: every proof (the best one of each position) and every value
    derived from them (`derive`, with its `parents`), each with its source; a position once."""
    data = BookData(board, comments=list(comments))
    entries: list[Entry] = []
    derived = derive(game, work, parents)
    for key, proven in work.proven.items():
        if key in derived:  # a weak proof one negamax step makes exact: the exact value stands
            continue
        ident = f"{'e' if proven.exact else 'w'}{proven.table}"
        if ident not in data.sources:
            table = (_table_words(proven.table))
            data.sources[ident] = Source(
                ident, proven.exact,
                f"{'exact' if proven.exact else 'weak (win, draw or loss)'} proof by the "
                f"minimax-cli proof search, {table}; nodes as counted by it")
        entries.append(Entry(proven.position, proven.score, ident, proven.nodes))
    for position, score, exact in derived.values():
        ident = "d" if exact else "dw"
        if ident not in data.sources:
            data.sources[ident] = Source(
                ident, exact, "derived: one negamax step over the book's values of every move"
                if exact else "derived, sign only: a move the book proves wins, or every move's "
                              "sign known")
        entries.append(Entry(position, score, ident, 0))
    data.entries = sorted(entries, key=lambda e: (len(e.position), e.position))
    return data


def complete_to(game: AnyGame, data: BookData) -> int:
    """The most discs N such that every open position of at most N discs is in the book."""
    kernel = kernel_of(game)
    keys = {kernel.book_key(game.parse_position(e.position)) for e in data.entries}
    level, depth = [game.parse_position("")], -1
    while level and all(kernel.book_key(s) in keys for s in level):
        depth += 1
        following: dict[int, Any] = {}
        for state in level:
            for move in game.legal_moves(state):
                after = game.play(state, move)
                if open_position(game, kernel, after):
                    following.setdefault(kernel.book_key(after), after)
        level = list(following.values())
    return depth


def book_index(game: AnyGame, data: BookData) -> bytes:
    """The compact index of the book `data` (core/book_index.py), keyed by the game's kernel."""
    kernel = kernel_of(game)
    states = [game.parse_position(entry.position) for entry in data.entries]
    return index_bytes(data, [kernel.book_key(state) for state in states],
                       [kernel.plies(state) for state in states])


def write_book(game: AnyGame, data: BookData, path: str) -> tuple[str, str]:
    """Write the book's text and, beside it, its index (`book_paths(path)`): the paths written."""
    text, index = book_paths(path)
    with open(text, "w", encoding="utf-8") as handle:
        handle.write(format_book(data))
    write_index(index, book_index(game, data))
    return text, index


def _table_words(table: str) -> str:
    return "the default table" if table == "default" else f"table {table} MB"


__all__ = ["WORK_LINE", "Proven", "Work", "book_data", "book_index", "complete_to", "derive",
           "first_player_lines", "parse_work_line", "positions_at", "positions_upto",
           "prove_positions", "work_header", "write_book"]
