"""`minimax solve GAME --batch FILE`: many positions proven one after the other, as they come.

Each input line is `position [score]` (Pons' test-set format: `moves score`); blank lines and
lines starting with `#` are skipped. Each position is proven by the answering room's proof
(minimax_cli.answer.proof_stream.LineProof: the core's proof search) with a fresh table (so its
time and nodes are its own, whatever came before); its answer is a report (`from_solve`, the
proof's score in `facts` as `solve --json` gives it), and an output line `position score` is
written and flushed at once. A line that cannot be read is reported on stderr with its number and
skipped. `jobs` > 1 spreads the lines over that many processes; the output keeps the input's order
(batch_run.py spreads the work and keeps the answers file). No Rich here: the caller prints."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, cast

from minimax_cli.answer.proof_stream import LineProof
from minimax_cli.core.bounded import BoundedLines
from minimax_cli.core.game import AnyGame, GameError
from minimax_cli.core.i18n import _
from minimax_cli.core.params import quote
from minimax_cli.core.proof import ProofSwitches
from minimax_cli.core.result import Limits
from minimax_cli.core.words import grouped
from minimax_cli.reports.batch import BatchLine
from minimax_cli.reports.model import METHOD_PROOF, from_solve

#: The longest input line read (a position and a score); longer lines are refused.
MAX_LINE = 10_000
MAX_JOBS = 64


def numbered(lines: Iterable[str] | IO[str]) -> Iterator[tuple[int, str, bool]]:
    """The lines worth reading, with their numbers and whether each was cut at MAX_LINE. A stream
    is read in bounded chunks: a line past the limit is cut as soon as it passes it (its rest
    skipped, `< /dev/zero` ending the input), never read whole."""
    if not hasattr(lines, "readline"):
        for number, line in enumerate(lines, 1):
            text = line.strip()
            if text and not text.startswith("#"):
                yield number, text, False
        return
    stream = cast("IO[str]", lines)
    reader = BoundedLines(stream)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    number = 0
    while (read := _next_line(reader, encoding)) is not None:
        number += 1
        line, cut = read
        text = line.strip()
        if cut or (text and not text.startswith("#")):
            yield number, text, cut


def count_lines(path: str) -> int:
    """How many lines of the file at `path` `numbered` reads (about 0.6 s a million lines, less
    than proving the quickest of them takes): a batch's "of how many" before its work starts."""
    with open(path, encoding="utf-8", errors="replace") as stream:
        return sum(1 for _ in numbered(stream))


def _next_line(reader: BoundedLines, encoding: str) -> tuple[str, bool] | None:
    """The next line and whether it was cut: read as bytes when the stream has them (MAX_LINE
    characters take at most 4 * MAX_LINE bytes; what is not text is replaced, as in a file)."""
    if reader.raw is None:
        return reader.read_text(MAX_LINE)
    read = reader.read_bytes(4 * MAX_LINE)
    if read is None:
        return None
    data, cut = read
    return data.decode(encoding, errors="replace"), cut


class LineProver:
    """Answers input lines in one game (one per process with --jobs): reads each, has the
    answering room prove it (answer/proof_stream.py: LineProof) and makes its report."""

    def __init__(self, game: AnyGame, weak: bool, table_mb: float | None,
                 switches: ProofSwitches | None = None) -> None:
        """`switches`: the kernel's (None: as the game builds its kernel)."""
        self.game, self.weak = game, weak
        self.proof = LineProof(game, weak, table_mb, switches)

    def __call__(self, item: tuple[int, str] | tuple[int, str, bool]) -> BatchLine:
        """The answer to a line: (its number, its text[, whether it was cut at MAX_LINE])."""
        number, text = item[0], item[1]
        if len(item) == 3 and item[2]:
            return BatchLine(number, text[:40] + "…", None, None,
                             _("the line is longer than {limit} characters").format(
                                 limit=grouped(MAX_LINE)))
        if len(text) > MAX_LINE:
            return BatchLine(number, text[:40] + "…", None, None,
                             _("the line is {length} characters long; at most {limit}").format(
                                 length=grouped(len(text)), limit=grouped(MAX_LINE)))
        words = text.split()
        position = words[0] if words else ""
        expected = None
        if len(words) > 2:
            return BatchLine(number, position, None, None,
                             _("expected `position [score]`, got {line}").format(
                                 line=quote(text)))
        if len(words) == 2:
            try:
                expected = int(words[1])
            except ValueError:
                return BatchLine(number, position, None, None,
                                 _("the score {score} is not a whole number").format(
                                     score=quote(words[1])))
            if self.weak:
                expected = (expected > 0) - (expected < 0)
        try:
            state = self.game.parse_position(position)
        except GameError as error:
            return BatchLine(number, position, expected, None, str(error))
        if expected is not None:
            least, most = self.proof.score_range(state)
            if not least <= int(words[1]) <= most:  # checked before any work
                return BatchLine(number, position, None, None, _(
                    "the score {score} is impossible for this position: the side to move scores "
                    "from {least} to {most}").format(score=quote(_short(words[1])), least=least,
                                                     most=most))
        fact = self.proof.prove(state)
        return BatchLine(number, position, expected, from_solve(
            self.game, state, fact.score, (), method=METHOD_PROOF, explanation=(),
            facts={"score": fact.kernel_score, "weak": self.weak}, nodes=fact.nodes,
            elapsed=fact.elapsed))


@dataclass(frozen=True)
class Answering:
    """How every line of a batch is answered, the same on each worker (sent to each process or
    Ray task, which `start`s its own): proven by the proof kernel (`LineProver`, with `weak` and
    the kernel's `switches`), or, with `budget`, read as a test suite's line, searched within
    that budget and judged by its moves (services/suite.py: `SuiteScorer`, chess's EPD)."""

    game: AnyGame
    weak: bool = False
    table_mb: float | None = None
    switches: ProofSwitches | None = None
    budget: Limits | None = None

    def start(self) -> Callable[[tuple[int, str, bool]], BatchLine]:
        if self.budget is not None:
            from minimax_cli.services.suite import SuiteScorer

            return SuiteScorer(self.game, self.budget, self.table_mb)
        return LineProver(self.game, self.weak, self.table_mb, self.switches)


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:23] + "…"


__all__ = ["MAX_JOBS", "MAX_LINE", "Answering", "LineProver", "count_lines", "numbered"]
