"""The answers file of `solve --batch FILE --out ANSWERS`: what makes a batch resumable.

Its first line names what it holds, `# minimax solve GAME --batch: line position score` (with the
board's options after GAME where they are not the default, `--cols 4 --rows 4`, and `--weak`
after them for a weak run); every other line is one proven input line, `NUMBER POSITION SCORE`
(the input line's number from 1, the position as given, the proven score), written and flushed
as soon as it is proven, so in the order the answers come, not the input's (`sort -n` puts it in
order; `diff` against another run's after sorting). Running the same command again reads the
file first and proves only the lines it does not hold; each score read back is checked against
what a position of its plies can score on this board before it is trusted. A process killed
mid-write leaves at most a torn last line (no newline): it is dropped when the file is read back.
The file is a regular one, locked while a run uses it (services/resume_file.py says why).
"""

from __future__ import annotations

from dataclasses import dataclass

from minimax_cli.core.game import AnyGame, GameError
from minimax_cli.core.i18n import _
from minimax_cli.core.proof import ProofKernel, ProofScale
from minimax_cli.core.search.prover import kernel_of
from minimax_cli.reports.model import parameters
from minimax_cli.services.resume_file import ResumeFile, UnusableFile


class AnswersError(UnusableFile):
    """The answers file cannot be used for this run (another game, board, mode or input; not
    ours; a device; in use by another run)."""


@dataclass(frozen=True)
class Stored:
    """An answer read back: the position it was given for and its proven score."""

    position: str
    score: int


def board_options(game: AnyGame) -> str:
    """The game's parameters set otherwise than by default, as options (` --cols 4 --rows 4`;
    empty for the default board): what a file of results names besides the game."""
    values = parameters(game)
    words = []
    for parameter in type(game).parameters:
        if getattr(game, parameter.name, parameter.default) != parameter.default:
            value = values[parameter.name]
            text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
            words.append(f" --{parameter.name} {text}")
    return "".join(words)


def header(game_name: str, weak: bool, board: str = "") -> str:
    """The first line of an answers file of game `game_name` on `board` (`board_options`)."""
    return (f"# minimax solve {game_name}{board}{' --weak' if weak else ''} --batch: line "
            "position score")


def score_problem(game: AnyGame, kernel: ProofKernel, position: str, score: int,
                  weak: bool) -> str | None:
    """What is wrong with `score` as a proven score of `position` on this board (None: nothing):
    a position of another board, or a score outside what a position of its plies can score
    (a sign, -1 to 1, when `weak`). Why: a score read back is shown and trusted as proven."""
    try:
        plies = kernel.plies(game.parse_position(position))
    except GameError as error:
        return _("not a position of this board: {reason}").format(reason=error)
    scale = ProofScale(kernel.max_plies)
    # The mover's best is a win with its next disc; its worst, a loss to the opponent's next.
    low, high = -scale.win_score(plies + 2), scale.win_score(plies + 1)
    if weak:
        low, high = max(low, -1), min(high, 1)
    if low <= score <= high:
        return None
    return _("{position} scores {score}, outside what a position of {plies} plies can score on "
             "this board ({low} to {high}): written for another board, or altered").format(
                 position=position or "-", score=score, plies=plies, low=low, high=high)


class AnswersFile:
    """The answers already in the file (`done`), and the file open to add more (`add`), locked
    against another run until `close`."""

    def __init__(self, path: str, game: AnyGame, weak: bool) -> None:
        self.path = path
        self.done: dict[int, Stored] = {}
        self._file = ResumeFile(path, "--out")
        try:
            self._read(game, weak)
        except BaseException:
            self._file.close()
            raise

    def _read(self, game: AnyGame, weak: bool) -> None:
        head = header(game.name, weak, board_options(game))
        kernel = kernel_of(game)
        whole = False
        for row_number, row in self._file.lines():
            whole = True
            if row_number == 1 and row != head:
                raise self._not_ours(head)
            if row_number > 1:
                self._take(row_number, row, game, kernel, weak)
        # A torn last line (no newline: the process died while writing it) is dropped; a file
        # of one unended line is ours only if it is the start of the header.
        if not whole and self._file.torn and not head.encode().startswith(self._file.torn):
            raise self._not_ours(head)  # never truncate a file not ours
        self._file.cut_torn()
        if not whole:
            self._file.append(head)

    def _not_ours(self, head: str) -> AnswersError:
        return AnswersError(_(
            "--out {file} was not written by this command (its first line should be "
            "{header}); give another file").format(file=self.path, header=head))

    def _take(self, row_number: int, row: str, game: AnyGame, kernel: ProofKernel,
              weak: bool) -> None:
        words = row.split()
        try:
            number, position, score = int(words[0]), words[1], int(words[2])
            if len(words) != 3 or number < 1:
                raise ValueError(row)
        except (ValueError, IndexError):
            raise AnswersError(_("--out {file}, line {line}: expected `number position score`, "
                                 "got {row}").format(file=self.path, line=row_number,
                                                     row=row[:60])) from None
        problem = score_problem(game, kernel, position, score, weak)
        if problem is not None:
            raise AnswersError(str(self._file.refuse(row_number, problem)))
        self.done[number] = Stored(position, score)

    def check(self, number: int, position: str) -> Stored | None:
        """The stored answer to input line `number` if the file holds one; an AnswersError if it
        holds one for another position (the file was written for another input)."""
        stored = self.done.get(number)
        if stored is not None and stored.position != position:
            raise AnswersError(_(
                "--out {file} holds line {line} as {stored}, the input has {position}: it was "
                "written for another input; give another file").format(
                    file=self.path, line=number, stored=stored.position, position=position))
        return stored

    def add(self, number: int, position: str, score: int) -> None:
        """One answer, written and flushed at once (one write: a kill tears at most this line)."""
        self._file.append(f"{number} {position} {score}")
        self.done[number] = Stored(position, score)

    def sync(self) -> None:
        """To the disk, not only to the system (against a reboot); once per chunk, not per line."""
        self._file.sync()

    def close(self) -> None:
        self._file.close()


__all__ = ["AnswersError", "AnswersFile", "Stored", "board_options", "header", "score_problem"]
