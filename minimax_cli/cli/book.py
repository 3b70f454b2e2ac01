"""`minimax book build|show GAME`: build an opening book from proofs (services/book.py), or show what
a book holds. Progress on stderr, one line a proof; Ctrl-C keeps every proof done (the work file)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from minimax_cli.cli import options as cli_input
from minimax_cli.cli.arguments import (
    AddressOption,
    BackendOption,
    TableMbOption,
    game_argument,
    jobs_option,
    out_option,
)
from minimax_cli.cli.base import fail, one_line, user_errors
from minimax_cli.cli.game import GAME_HELP
from minimax_cli.cli.options import check_table_mb
from minimax_cli.core.i18n import N_, _, ngettext
from minimax_cli.core.words import grouped

if TYPE_CHECKING:
    from minimax_cli.services.book import Work

#: The deepest --plies and --lines accepted (far past what a machine proves in a day at --plies).
MAX_PLIES = 20
ACTIONS = ("build", "show")

# The first sentence is the row of `minimax --help` (one line, as every command's).
BOOK_HELP = N_(
    "An opening book of proven scores: build it, or show what it holds.\n\n"
    "`minimax book build connect4 --plies 2 --lines 8` proves "
    "every position of 2 discs (the shallower ones follow from them) and the positions a first "
    "player playing by the book meets up to 8 discs, appending each proof to the work file (a "
    "rerun proves only what is missing), then writes the book; `minimax book show connect4` says "
    "what the book holds.")


def book(
    ctx: typer.Context,
    action: Annotated[str, typer.Argument(metavar=N_("ACTION"), help=N_(
        "build (prove and write the book) or show."))],
    game_name: Annotated[str, game_argument(GAME_HELP, completion=False)],
    plies: Annotated[int | None, typer.Option(
        "--plies", metavar="N", parser=cli_input.count_parser(0, MAX_PLIES, N_("plies")),
        help=N_("Cover every position of at most N discs: those of N discs proven, the others "
                "derived (default 1)."))] = None,
    lines: Annotated[int | None, typer.Option(
        "--lines", metavar="N", parser=cli_input.count_parser(0, MAX_PLIES, N_("plies")),
        help=N_("Cover the first player's book lines to N discs (weak proofs; default 0: "
                "none)."))] = None,
    jobs: Annotated[int | None, jobs_option(N_(
        "Prove over N processes (1 to 64; default 1)."))] = None,
    backend: BackendOption = None,
    address: AddressOption = None,
    table_mb: TableMbOption = None,
    weak: Annotated[bool, typer.Option("--weak", help=N_(
        "Prove the --plies positions' win, draw or loss only (faster; the book then holds "
        "signs)."))] = False,
    out: Annotated[str | None, out_option(N_(
        "The work file: each proof appended as it comes; a rerun skips what it holds (default "
        "GAME_book.work in the current folder)."))] = None,
    book_file: Annotated[str | None, typer.Option("--book", metavar=N_("FILE"), help=N_(
        "The book file to write (default GAME_book.txt in the current folder, its index "
        "GAME_book.bin beside it; the game's packaged book is written only when named here) or "
        "to show (default: the game's packaged book)."))] = None,
) -> None:
    """`minimax book` (its description for users: BOOK_HELP)."""
    from minimax_cli.cli.game import game_and_position
    from minimax_cli.core.search.prover import kernel_of

    if action not in ACTIONS:
        fail(_("unknown action {action}: give build or show, e.g. `minimax book show connect4`")
             .format(action=repr(action)))
    game, _state = game_and_position(ctx, game_name, None)
    if backend is not None or address is not None:
        from minimax_cli.cli.batch import check_backend

        check_backend(backend, address)
    if ctx.meta.get("position_given"):
        fail(_("`minimax book` takes no position: give the game and its parameters"))
    with user_errors():
        kernel = kernel_of(game)
    if action == "show":
        _show(game, _book_to_show(game_name, book_file, kernel.book_file()))
        return
    # Never the packaged book by default: a build writes there only when it is named.
    path = book_file or f"{game_name}_book.txt"
    work = _open_work(game, path, out or f"{game_name}_book.work", kernel.book_file())
    try:
        _build(game, game_name, path, plies if plies is not None else 1, lines or 0,
               building_options(jobs or 1, backend or "local", address),
               check_table_mb(table_mb), weak, work)
    finally:
        work.close()


def _book_to_show(game_name: str, named: str | None, packaged: str | None) -> str:
    """The book `book show` reads: the one named, else the game's packaged book."""
    path = named or packaged
    if path is None:
        fail(_("{game} has no packaged book on this board: give --book FILE").format(
            game=game_name))
    return path


def _open_work(game: Any, path: str, work_path: str, packaged: str | None) -> Work:
    """The build's work file, open and locked, once the book `path` is known writable (both
    before any proof: one line and exit 2 if not); says which book the build will replace."""
    from minimax_cli.services import book as building
    from minimax_cli.services.book_target import check_target
    from minimax_cli.services.resume_file import UnusableFile

    try:
        replaced = check_target(path, work_path, packaged)
        work = building.Work(game, work_path)
    except UnusableFile as error:
        fail(str(error))
    if replaced is not None and replaced.packaged:
        print(ngettext("{file}: the game's packaged book, {count} position, is replaced by this "
                       "build", "{file}: the game's packaged book, {count} positions, is replaced "
                       "by this build", replaced.entries).format(
                           file=replaced.path, count=grouped(replaced.entries)),
              file=sys.stderr, flush=True)
    print(_("{path}: {count} proofs already done").format(path=work_path, count=work.loaded),
          file=sys.stderr, flush=True)
    return work


def _show(game: Any, path: str) -> None:
    from minimax_cli.core.book import BookFormatError, source_words
    from minimax_cli.core.book_index import summarize
    from minimax_cli.core.game import GameError
    from minimax_cli.core.search.prover import kernel_of

    kernel = kernel_of(game)
    foreign: list[str] = []

    def plies_of(position: str) -> int:
        try:
            return kernel.plies(game.parse_position(position))
        except GameError:  # a book of another board, said below in one line
            foreign.append(position)
            return 0

    try:
        summary = summarize(path, plies_of)
    except BookFormatError as error:
        fail(str(error))
    if summary is None:
        fail(_("no book at {path}: build one with `minimax book build`").format(path=path))
    if (summary.game and summary.game != game_words(game)) or foreign:
        fail(_("{path} is a book of {book}, not of {game}: give the game's parameters it was "
               "built with").format(path=path, book=summary.game or _("another board"),
                                    game=game_words(game)))
    print(_("{game}: {entries} positions, {size} bytes").format(
        game=game_words(game), entries=summary.entries, size=summary.size))
    for source, count, low, high in summary.by_source:
        print("  " + source_words(count, low, high, source.text))
    for comment in summary.comments:
        print("  " + comment)


def building_options(jobs: int, backend: str, address: str | None) -> dict[str, Any]:
    """Where `book build`'s proofs run, as `services.book.prove_positions` takes it."""
    return {"jobs": jobs, "backend": backend, "address": address}


def _build(game: Any, name: str, path: str, plies: int, lines: int, where: dict[str, Any],
           table_mb: float | None, weak: bool, work: Work) -> None:
    from minimax_cli.services import book as building

    started = time.perf_counter()
    prove = _prover(game, work, table_mb, where)
    wanted = [p for p in building.positions_at(game, plies) if work.get(p) is None]
    finished = prove(wanted, weak)
    if finished and lines:
        _found, finished = building.first_player_lines(game, work, lambda ps: prove(ps, True),
                                                       lines)
    data = building.book_data(game, work, game_words(game), [],
                              parents=building.positions_upto(game, plies - 1))
    depth = building.complete_to(game, data)
    # In the file's own words (English, as the sources are): what it covers and how it was made.
    data.comments = [
        f"every position of up to {depth} {'disc' if depth == 1 else 'discs'} is in the book "
        "(one of each mirror pair; those decided or won at once left out)" if depth >= 0
        else "no depth is covered completely",
        f"written by `minimax book build {name}` (this run: --plies {plies} --lines {lines}"
        f"{' --weak' if weak else ''}) from {len(work.proven)} proofs of its work file"]
    try:
        text_path, _index_path = building.write_book(game, data, path)  # the text and its index
    except OSError as error:  # checked before the proofs, so only a full disk or the like
        _stop(_("cannot write {where}: {reason}").format(where=path,
                                                        reason=error.strerror or error), work)
    print(_("{path}: {entries} entries written in {seconds:.0f} s").format(
        path=text_path, entries=len(data.entries), seconds=time.perf_counter() - started),
        file=sys.stderr, flush=True)
    if not finished:
        print(_("interrupted: rerun the same command to go on"), file=sys.stderr)
        raise typer.Exit(130)


def _prover(game: Any, work: Work, table_mb: float | None,
            where: dict[str, Any]) -> Callable[[list[str], bool], bool]:
    """Prove positions (weak proofs or not) into the work file, one line on stderr a proof;
    False when Ctrl-C stopped it; exit 1 (the work file keeps every proof) when it cannot go on."""
    from minimax_cli.services import book as building

    def emit(proven: building.Proven) -> None:
        work.add(proven)
        print(f"{proven.position} {proven.score} ({proven.nodes} nodes)", file=sys.stderr,
              flush=True)

    def prove(positions: list[str], weak_proof: bool) -> bool:
        from minimax_cli.cli.batch_progress import batch_progress
        from minimax_cli.services.batch_pool import WorkersLost
        from minimax_cli.services.cluster import ClusterError  # no Ray in it: loaded on use

        try:
            with batch_progress(_("proving the book")) as progress:
                return building.prove_positions(game, positions, emit, weak=weak_proof,
                                                table_mb=table_mb, progress=progress, **where)
        except ClusterError as error:
            fail(str(error))
        except WorkersLost as error:  # as for solve --batch: exit 1, the work file keeps the rest
            _stop(str(error), work)
        except OSError as error:  # the work file could not take a proof (a full disk)
            _stop(_("cannot write {where}: {reason}").format(
                where=work.path, reason=error.strerror or error), work)

    return prove


def _stop(problem: str, work: Work) -> NoReturn:
    """One line saying why the build stops, one saying how to go on, and exit 1."""
    print(one_line(problem), file=sys.stderr, flush=True)
    print(_("run the same command again to prove what {file} does not hold").format(
        file=work.path), file=sys.stderr, flush=True)
    raise SystemExit(1)


def game_words(game: Any) -> str:
    """The game's name with its board when it has one: `connect4 7x6`."""
    cols, rows = getattr(game, "cols", None), getattr(game, "rows", None)
    return game.name if cols is None or rows is None else f"{game.name} {cols}x{rows}"


__all__ = ["BOOK_HELP", "book"]
