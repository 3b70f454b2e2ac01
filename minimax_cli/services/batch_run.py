"""A batch of positions proven, on one process, local processes or a Ray cluster, resumable.

`run` is the one entry for every caller that proves positions in bulk (`solve --batch`, a book
builder): lines in (`position [score]`), each answer handed to `emit` in the input's order, the
work spread as asked (`jobs`, `backend`), an answers file (`out`) written as answers come and read
back first so that running again proves only what it does not hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from minimax_cli.core.game import AnyGame
from minimax_cli.core.proof import ProofSwitches
from minimax_cli.core.result import Limits
from minimax_cli.reports.batch import BatchLine, Summary
from minimax_cli.services.batch import Answering, numbered
from minimax_cli.services.batch_out import AnswersFile
from minimax_cli.services.batch_pool import (
    Chunk,
    InProcess,
    Item,
    LocalProcesses,
    Workers,
    chunk_size,
    in_order,
)

BACKENDS = ("local", "ray")


def run(game: AnyGame, lines: Iterable[str] | IO[str], emit: Callable[[BatchLine], None], *,
        weak: bool = False, jobs: int = 1, table_mb: float | None = None,
        out: str | None = None, backend: str = "local", address: str | None = None,
        chunk: int | None = None, resuming: Callable[[int, int], None] | None = None,
        progress: Callable[[int, int | None], None] | None = None,
        total: int | None = None, switches: ProofSwitches | None = None,
        budget: Limits | None = None) -> Summary:
    """Prove every line, calling `emit` with each answer in input order; the summary.

    With `out`, the answers file is read first: `resuming(held, to_go)` is told how many input
    lines it already answers and how many are left, those are emitted from it (as `stored`) and
    not proven again; each new answer is added to it as it comes. `backend` "ray" proves the
    chunks on the Ray cluster at `address` (None: RAY_ADDRESS, or a local Ray of `jobs` CPUs).
    `chunk` fixes the lines per task (default: as many as take about CHUNK_SECONDS, from the
    mean time of the lines proven so far); the answers are the same whatever it is.
    `progress(done, to_prove)` is told how many lines this run has answered of how many it has
    to (those the answers file holds are in neither; None when not known: a stream read as the
    work goes, unless `total`, the number of lines worth reading, is given), first once the
    workers are up, then after each answer.
    `switches`: the proof kernel's on every worker (None: as the game builds its kernel; a book
    builder proves without the book).
    `budget`: each line is a test suite's (chess: EPD), searched within it and judged by its
    moves instead of proven (services/suite.py); no `out` then.
    Ctrl-C stops it with the summary of what was done (`interrupted`); with `out`, the summary
    also counts the answers kept in the file but not emitted (`unprinted`: a line before them was
    still being proven), so that it tells what the file holds. Raises UnusableFile (or its child
    AnswersError) for an answers file not of this run, not a regular file or in use by another
    run, cluster.ClusterError when Ray cannot be used, WorkersLost when a chunk's retries ran out:
    each before or between answers, the file keeping those given.
    """
    summary = Summary(weak)
    answers = AnswersFile(out, game, weak) if out is not None else None
    items: Iterable[Item] = numbered(lines)
    to_prove = total
    held = 0
    if answers is not None or isinstance(lines, (list, tuple)):
        listed = list(items)  # counted first, for "N already in FILE, M to go"
        items, to_prove = listed, len(listed)
    if answers is not None:
        held = sum(answers.check(number, _position(text)) is not None
                   for number, text, cut in listed if not cut)
        to_prove = len(listed) - held
        if resuming is not None:
            resuming(held, to_prove)
    answering = Answering(game, weak, table_mb, switches, budget)
    workers: Workers[Any]
    if backend == "ray":
        from minimax_cli.services.cluster import RayWorkers  # Ray only when asked for

        workers = RayWorkers(answering, address, jobs)
    elif jobs > 1:
        workers = LocalProcesses(answering, jobs)
    else:
        workers = InProcess(answering)
        chunk = 1  # each answer as soon as it is proven

    def size() -> int:
        return chunk if chunk is not None else chunk_size(summary.mean_time)

    waiting: dict[int, BatchLine] = {}  # kept in the answers file, not emitted yet

    def proven(batch: list[BatchLine]) -> None:
        if answers is None:
            return
        for line in batch:
            if line.score is not None:
                answers.add(line.number, line.position, line.score)
                waiting[line.number] = line
        answers.sync()

    finished = False
    try:
        if progress is not None:
            progress(0, to_prove)
        for result in in_order(_units(items, answers, size, weak), workers, proven):
            waiting.pop(result.number, None)
            summary.add(result)
            emit(result)
            if progress is not None and result.held is None:
                progress(summary.solved + summary.invalid, to_prove)
        finished = True
    except KeyboardInterrupt:
        summary.interrupted = True
        for line in waiting.values():
            summary.add_unprinted(line)
        summary.add_unprinted_held(held - summary.held)
    finally:
        workers.close(finished)
        if answers is not None:
            answers.close()
            summary.kept = len(answers.done)
    return summary


def _position(text: str) -> str:
    words = text.split()
    return words[0] if words else ""


def _units(items: Iterable[Item], answers: AnswersFile | None, size: Callable[[], int],
           weak: bool) -> Iterator[list[BatchLine] | Chunk]:
    """The input as chunks of at most `size()` lines to prove (asked as each chunk fills),
    between runs of lines the answers file holds (their answers, read back)."""
    chunk: list[Item] = []
    for item in items:
        number, text, cut = item
        stored = None if answers is None or cut else answers.check(number, _position(text))
        if stored is None:
            chunk.append(item)
            if len(chunk) >= size():
                yield tuple(chunk)
                chunk = []
            continue
        if chunk:
            yield tuple(chunk)
            chunk = []
        yield [BatchLine.from_answers(number, text, stored.score, weak)]
    if chunk:
        yield tuple(chunk)


__all__ = ["BACKENDS", "run"]
