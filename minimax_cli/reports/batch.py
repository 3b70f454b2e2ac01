"""A `--batch` run as a report: each input line with its answer (the report of its position's
proof, or why it could not be read, or the score an answers file already held), and the summary of
the run (lines solved, unreadable, checked against the file's scores, the mismatches, times and
nodes). Plain data: services/batch.py reads and proves the lines, cli/batch.py shows them."""

from __future__ import annotations

from dataclasses import dataclass, field

from minimax_cli.reports.model import Report


@dataclass(frozen=True)
class BatchLine:
    """One input line: its number (from 1), the position as given and the score the file gives,
    with its answer: the report of the position's proof, or why the line could not be read."""

    number: int
    position: str
    expected: int | None
    report: Report | None
    error: str | None = None
    held: int | None = None  # the score an answers file holds (--out), proven by an earlier run

    @classmethod
    def from_answers(cls, number: int, text: str, score: int, weak: bool) -> BatchLine:
        """A line an answers file answers already, with the score the input gives if it gives
        one (a line that gives another score differs as any other does)."""
        words = text.split()
        expected = int(words[1]) if len(words) == 2 and words[1].lstrip("-").isdigit() else None
        if expected is not None and weak:
            expected = (expected > 0) - (expected < 0)
        return cls(number, words[0], expected, None, held=score)

    @property
    def score(self) -> int | None:
        """The proven score in the kernel's convention (Pons' for Connect Four: the report's
        `facts`, as `solve --json` has them); None when the line could not be read, or is a
        test suite's (services/suite.py: its move is judged, not its score)."""
        if self.held is not None:
            return self.held
        if self.report is None or self.report.facts is None:
            return None
        score = self.report.facts.get("score")
        return score if isinstance(score, int) else None

    @property
    def solved(self) -> bool | None:
        """A test suite's line (services/suite.py): whether the move played solves it by its
        best and avoided moves; None for a line not judged so (a proof's, or one not read)."""
        if self.report is None or self.report.facts is None:
            return None
        solved = self.report.facts.get("solved")
        return solved if isinstance(solved, bool) else None

    @property
    def mismatch(self) -> bool:
        return self.score is not None and self.expected is not None and self.expected != self.score


@dataclass
class Summary:
    weak: bool
    solved: int = 0
    invalid: int = 0
    checked: int = 0  # lines that gave a score to compare with
    mismatches: list[BatchLine] = field(default_factory=list)
    total_time: float = 0.0
    max_time: float = 0.0
    nodes: int = 0
    interrupted: bool = False
    held: int = 0  # lines answered by the answers file, not proven by this run
    kept: int = 0  # answers the answers file holds at the end (--out)
    # Of the lines solved and held, those stopped (Ctrl-C) before they were shown, a line before
    # them not proven yet: kept in the answers file all the same, and counted so that the summary
    # and the file agree.
    unprinted: int = 0
    judged: int = 0  # test-suite lines searched and judged by their moves (services/suite.py)
    found: int = 0  # of those, the lines whose move solves them

    def add(self, line: BatchLine) -> None:
        if line.held is not None:
            self.held += 1
            if line.expected is not None:
                self.checked += 1
                if line.mismatch:
                    self.mismatches.append(line)
            return
        if line.report is None:
            self.invalid += 1
            return
        self._solved(line.report)
        if line.solved is not None:
            self.judged += 1
            self.found += line.solved
        if line.expected is not None:
            self.checked += 1
            if line.mismatch:
                self.mismatches.append(line)

    def add_unprinted(self, line: BatchLine) -> None:
        """A line proven and kept, never shown: counted as solved (its time and nodes too), not
        checked (no line said where it differs)."""
        assert line.report is not None
        self.unprinted += 1
        self._solved(line.report)

    def add_unprinted_held(self, count: int) -> None:
        """Lines the answers file answers that the run stopped before reaching."""
        self.held += count
        self.unprinted += count

    def _solved(self, report: Report) -> None:
        self.solved += 1
        elapsed = report.stats["time_s"] or 0.0
        self.total_time += elapsed
        self.max_time = max(self.max_time, elapsed)
        self.nodes += report.count("nodes")

    @property
    def mean_time(self) -> float:
        return self.total_time / self.solved if self.solved else 0.0

    @property
    def mean_nodes(self) -> float:
        return self.nodes / self.solved if self.solved else 0.0


__all__ = ["BatchLine", "Summary"]
