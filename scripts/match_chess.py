"""A match of `minimax uci` against a peer engine, through python-chess's `chess.engine` (cutechess
is not available here): the issue's "Play" target. A benchmark printing figures, never pass/fail.

    python scripts/match_chess.py [--peer sunfish|fairymax|stockfish] [--openings K] [--games N]
                                  [--movetime S | --tc BASE+INC] [--jobs 1|2] [--pgn FILE]

Openings: the first K lines (after `--skip`) of sunfish-chessathome_openings.fen (a FEN a line),
each played twice, our engine White in the odd game and Black in the even one (`--games N` stops
after N). Both get the same budget: `--movetime` seconds a move, or a clock `--tc BASE+INC` in
seconds, which exercises the engines' time management.

A game ends by the rules (python-chess's `outcome(claim_draw=True)`: mate, stalemate, insufficient
material, the 50-move rule and threefold repetition claimed), by adjudication, or by a fault:
- The judge, a separate Stockfish at `--judge-depth` (or `--judge-time`), scores every position
  reached; when its score stays beyond `--adjudicate-cp` (600) for `--adjudicate-plies` (6)
  consecutive plies on the same side, that side wins. At `--max-plies` (300) plies the game goes
  to the side the judge favours by at least `--cap-margin` (100 cp), else it is drawn.
- An engine that returns an illegal move (or none) loses; one that crashes (EngineTerminatedError)
  loses and is restarted; a loss on time is a move longer than 2 x movetime + 0.5 s, or in clock
  mode a flag fall (drawn when the opponent has no mating material, as FIDE rules). Each is counted
  per side. In clock mode python-chess sets no timeout of its own, so a hung engine hangs the run.

The score's 95 % interval is the normal approximation on the per-game scores (1, 1/2, 0) with
their trinomial variance (observed frequencies): mean +- 1.96 sd / sqrt(n), clipped to [0, 1]; Elo
maps the mean and both ends through 400 log10(s / (1 - s)). Games are taken as independent.

Fairy-Max speaks xboard without `setboard` (python-chess requires it), so the position goes to it in
xboard's edit mode (`FairymaxProtocol`): pieces, with castling rights implied by the kings and
rooks on their squares and no en-passant square (all the openings have White to move and none);
and xboard's `st` takes whole seconds, so with Fairy-Max `--movetime` is whole or `--tc` is used.
Peers live in a scratch folder, never dependencies. Uses python-chess (the `chess` extra).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import math
import os
import queue
import shlex
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine
import chess.pgn

ROOT = Path(__file__).resolve().parent.parent
OPENINGS = Path("/work/shared/data/chess/sunfish-chessathome_openings.fen")
SUNFISH_DIR = Path("/work/scratch/peers/sunfish")
FAIRYMAX = "/usr/games/fairymax"
STOCKFISH = "/usr/games/stockfish"
Z95 = 1.959963984540054
#: A mate as centipawns for the judge (beyond every threshold).
MATE_CP = 100_000
OURS, PEER = "ours", "peer"
Starter = Callable[[], chess.engine.SimpleEngine]


def score_interval(wins: int, draws: int, losses: int) -> tuple[float, float, float]:
    """The mean score a game and its 95 % interval (normal approximation, trinomial variance)."""
    games = wins + draws + losses
    if games == 0:
        return 0.0, 0.0, 1.0
    mean = (wins + 0.5 * draws) / games
    variance = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean**2) / games
    half = Z95 * math.sqrt(variance / games)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def elo_of(score: float) -> float | None:
    """The Elo difference that expects `score` a game (None at 0 or 1: unbounded)."""
    if not 0.0 < score < 1.0:
        return None
    return 400 * math.log10(score / (1 - score))


def edit_mode_lines(fen: str) -> list[str]:
    """xboard's edit-mode commands that set up `fen` (after `new` and `force`)."""
    board = chess.Board(fen)
    lines = [] if board.turn == chess.WHITE else ["a2a3"]  # xboard's dummy move: Black to move
    lines += ["edit", "#"]
    for color in (chess.WHITE, chess.BLACK):
        if color == chess.BLACK:
            lines.append("c")
        for square, piece in board.piece_map().items():
            if piece.color == color:
                lines.append(piece.symbol().upper() + chess.square_name(square))
    return [*lines, "."]


class FairymaxProtocol(chess.engine.XBoardProtocol):
    """xboard for an engine that reads positions in edit mode (Fairy-Max declares setboard=0)."""

    def _line_received(self, line: str) -> None:
        if line.startswith("feature ") and "setboard=0" in line:
            line = line.replace("setboard=0", "setboard=1")  # translated in send_line
        super()._line_received(line)

    def send_line(self, line: str) -> None:
        if not line.startswith("setboard "):
            super().send_line(line)
            return
        for edit_line in edit_mode_lines(line.removeprefix("setboard ")):
            super().send_line(edit_line)


def starter(args: argparse.Namespace, who: str) -> Starter:
    """How to start our engine, the peer or the judge (again after a crash)."""
    sf_options: dict[str, chess.engine.ConfigValue] = {"Threads": 1, "Hash": 16}
    if who == OURS:
        command = shlex.split(args.engine) if args.engine else [sys.executable, "-m", "minimax_cli", "uci"]
        options: dict[str, chess.engine.ConfigValue] = {
            name: value for name, _, value in (option.partition("=") for option in args.option)}
        return lambda: configured(chess.engine.SimpleEngine.popen_uci(command, cwd=ROOT), options)
    if who == "judge":
        return lambda: configured(chess.engine.SimpleEngine.popen_uci(STOCKFISH), sf_options)
    if args.peer == "sunfish":
        command = shlex.split(args.peer_command or "python3 sunfish.py")
        return lambda: chess.engine.SimpleEngine.popen_uci(command, cwd=SUNFISH_DIR)
    if args.peer == "fairymax":
        return lambda: chess.engine.SimpleEngine.popen(FairymaxProtocol, args.peer_command or FAIRYMAX)
    strength = {**sf_options, "UCI_LimitStrength": True, "UCI_Elo": args.elo}
    return lambda: configured(chess.engine.SimpleEngine.popen_uci(args.peer_command or STOCKFISH), strength)


def configured(engine: chess.engine.SimpleEngine,
               options: dict[str, chess.engine.ConfigValue]) -> chess.engine.SimpleEngine:
    engine.configure(options)
    return engine


class Seat:
    """One engine of one worker, restarted after a crash or a hang."""

    def __init__(self, start: Starter) -> None:
        self.start = start
        self.engine = start()
        self.name = str(self.engine.id.get("name", "?"))

    def restart(self) -> None:
        self.close()
        self.engine = self.start()

    def close(self) -> None:
        with contextlib.suppress(Exception):  # a dead engine may fail to close; it is replaced
            self.engine.close()


@dataclass(frozen=True)
class Task:
    number: int
    opening: int
    fen: str
    ours_white: bool


@dataclass
class Record:
    """One finished game: its result, why, the faults and our engine's search figures."""

    task: Task
    result: str
    reason: str
    faults: list[tuple[str, str]] = field(default_factory=list)  # (ours|peer, illegal|time|crash)
    nodes: int = 0
    seconds: float = 0.0
    nps: list[int] = field(default_factory=list)
    pgn: str = ""
    names: tuple[str, str] = ("ours", "peer")

    @property
    def our_score(self) -> float:
        white_score = {"1-0": 1.0, "0-1": 0.0}.get(self.result, 0.5)
        return white_score if self.task.ours_white else 1.0 - white_score


def ask(seat: Seat, board: chess.Board, limit: chess.engine.Limit,
        game: int) -> tuple[chess.engine.PlayResult | None, str, float]:
    """The engine's answer, or none with the fault (illegal, time, crash), and the seconds taken."""
    started = time.perf_counter()
    try:
        answer = seat.engine.play(board, limit, game=game, info=chess.engine.INFO_BASIC)
    except chess.engine.EngineTerminatedError as error:
        seat.restart()
        return None, f"crash ({error})", time.perf_counter() - started
    except (TimeoutError, asyncio.TimeoutError, concurrent.futures.TimeoutError):
        elapsed = time.perf_counter() - started
        seat.restart()
        return None, "time (no answer)", elapsed
    except chess.engine.EngineError as error:
        return None, f"illegal ({error})", time.perf_counter() - started
    elapsed = time.perf_counter() - started
    if answer.move is None or answer.move not in board.legal_moves:
        return None, "resigned" if answer.resigned else f"illegal ({answer.move})", elapsed
    return answer, "", elapsed


def judge_cp(judge: Seat, board: chess.Board, limit: chess.engine.Limit) -> int:
    """Stockfish's score of the position in centipawns from White's side (mates as MATE_CP)."""
    try:
        info = judge.engine.analyse(board, limit)
    except chess.engine.EngineError:
        judge.restart()
        info = judge.engine.analyse(board, limit)
    score = info.get("score")
    return 0 if score is None else int(score.white().score(mate_score=MATE_CP))


class Match:
    """The settings every game shares, and one game played out."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.clock: tuple[float, float] | None = None
        if args.tc:
            base, _, increment = args.tc.partition("+")
            self.clock = (float(base), float(increment or 0))
        self.judge_limit = (chess.engine.Limit(time=args.judge_time) if args.judge_time
                            else chess.engine.Limit(depth=args.judge_depth))
        self.stop = threading.Event()

    def play(self, task: Task, ours: Seat, peer: Seat, judge: Seat) -> Record | None:
        """The game of `task` (None when the match is interrupted)."""
        args, board = self.args, chess.Board(task.fen)
        seats = {task.ours_white: (OURS, ours), not task.ours_white: (PEER, peer)}
        clocks = dict.fromkeys((chess.WHITE, chess.BLACK), self.clock[0] if self.clock else 0.0)
        record, streak, white_cp = Record(task, "*", ""), 0, 0
        comments: list[str] = []  # a move's judge score and time, one a move played
        while not record.reason:
            if self.stop.is_set():
                return None
            outcome = board.outcome(claim_draw=True)
            if outcome is not None:
                record.result, record.reason = outcome.result(), outcome.termination.name.lower()
                break
            if len(comments) >= args.max_plies:
                favoured = "1-0" if white_cp > 0 else "0-1"
                record.result = favoured if abs(white_cp) >= args.cap_margin else "1/2-1/2"
                record.reason = f"adjudication (ply cap {args.max_plies}, judge {white_cp:+d} cp)"
                break
            side, seat = seats[board.turn]
            answer, fault, elapsed = ask(seat, board, self.limit(clocks), task.number)
            fault = fault or self.time_fault(board.turn, elapsed, clocks)
            if fault:
                self.forfeit(record, board, side, fault)
                break
            assert answer is not None and answer.move is not None
            if side == OURS:
                record.nodes += int(answer.info.get("nodes", 0))
                record.seconds += float(answer.info.get("time", 0.0))
                record.nps += [int(answer.info["nps"])] if "nps" in answer.info else []
            board.push(answer.move)
            if board.is_game_over(claim_draw=True):
                comments.append(f"{elapsed:.2f}s")
                continue
            white_cp = judge_cp(judge, board, self.judge_limit)
            comments.append(f"{white_cp / 100:+.2f} {elapsed:.2f}s")
            # streak: the consecutive plies beyond the threshold, signed by the side it favours
            sign = (white_cp > 0) - (white_cp < 0) if abs(white_cp) > args.adjudicate_cp else 0
            streak = streak + sign if sign and streak * sign > 0 else sign
            if abs(streak) >= args.adjudicate_plies:
                record.result = "1-0" if white_cp > 0 else "0-1"
                record.reason = f"adjudication (judge beyond {args.adjudicate_cp} cp for {abs(streak)} plies)"
        record.names = (ours.name, peer.name)
        record.pgn = self.pgn(record, board, comments, ours.name, peer.name)
        return record

    def limit(self, clocks: dict[chess.Color, float]) -> chess.engine.Limit:
        if self.clock is None:
            return chess.engine.Limit(time=self.args.movetime)
        increment = self.clock[1]
        return chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                  white_inc=increment, black_inc=increment)

    def time_fault(self, color: chess.Color, elapsed: float, clocks: dict[chess.Color, float]) -> str:
        """'time …' when the move took too long (and the mover's clock updated), else ''."""
        if self.clock is None:
            allowed = 2 * self.args.movetime + 0.5
            return f"time ({elapsed:.2f} s > {allowed:.2f} s)" if elapsed > allowed else ""
        clocks[color] -= elapsed
        if clocks[color] < 0:
            return f"time (flag fell, {elapsed:.2f} s on the move)"
        clocks[color] += self.clock[1]
        return ""

    @staticmethod
    def forfeit(record: Record, board: chess.Board, side: str, fault: str) -> None:
        """The mover loses by its fault (a flag fall against a bare opponent is drawn)."""
        kind = fault.split()[0]
        if kind != "resigned":
            record.faults.append((side, kind))
        drawn = kind == "time" and board.has_insufficient_material(not board.turn)
        record.result = "1/2-1/2" if drawn else ("0-1" if board.turn == chess.WHITE else "1-0")
        record.reason = f"{side} {fault}"

    def pgn(self, record: Record, board: chess.Board, comments: list[str], ours: str, peer: str) -> str:
        game = chess.pgn.Game()
        game.setup(chess.Board(record.task.fen))
        node: chess.pgn.GameNode = game
        for move, comment in zip(board.move_stack, comments, strict=True):
            node = node.add_variation(move, comment=comment)
        white, black = (ours, peer) if record.task.ours_white else (peer, ours)
        budget = f"{self.args.tc} s" if self.clock else f"{self.args.movetime} s a move"
        game.headers.update({
            "Event": f"match_chess {ours} vs {peer} ({budget})", "Site": os.uname().nodename,
            "Date": time.strftime("%Y.%m.%d"), "Round": str(record.task.number), "White": white,
            "Black": black, "Result": record.result, "Opening": str(record.task.opening),
            "Termination": record.reason, "PlyCount": str(len(board.move_stack))})
        if self.clock:
            game.headers["TimeControl"] = self.args.tc
        return str(game)


def worker(match: Match, tasks: queue.Queue[Task], done: queue.Queue[Record | None]) -> None:
    """Plays tasks with engines of its own until the queue is empty (or the match stops)."""
    seats = [Seat(starter(match.args, who)) for who in (OURS, PEER, "judge")]
    try:
        while not match.stop.is_set():
            try:
                task = tasks.get_nowait()
            except queue.Empty:
                break
            record = match.play(task, *seats)
            if record is not None:
                done.put(record)
    finally:
        for seat in seats:
            seat.close()
        done.put(None)


def read_tasks(path: Path, skip: int, count: int, games: int | None) -> list[Task]:
    """Each opening twice (our engine White, then Black), numbered from 1."""
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    tasks: list[Task] = []
    for opening, fen in enumerate(lines[skip:skip + count], skip + 1):
        if not chess.Board(fen).is_valid():
            print(f"  opening {opening} skipped: not a valid position: {fen}")
            continue
        for ours_white in (True, False):
            tasks.append(Task(len(tasks) + 1, opening, fen, ours_white))
    return tasks[:games] if games is not None else tasks


def summarize(records: list[Record], names: tuple[str, str]) -> None:
    scores = Counter(record.our_score for record in records)
    wins, draws, losses = scores[1.0], scores[0.5], scores[0.0]
    mean, low, high = score_interval(wins, draws, losses)
    elo, elo_low, elo_high = ("n/a" if e is None else f"{e:+.0f}" for e in map(elo_of, (mean, low, high)))
    print(f"\n{names[0]} vs {names[1]}: {len(records)} games, +{wins} ={draws} -{losses} (our side)")
    print(f"score {100 * mean:.1f} % ({wins + 0.5 * draws:g}/{len(records)}), 95 % interval "
          f"{100 * low:.1f}-{100 * high:.1f} % (normal approximation, trinomial per-game variance); "
          f"Elo {elo} ({elo_low} to {elo_high})")
    for white in (True, False):
        colour = [r.our_score for r in records if r.task.ours_white == white]
        print(f"  as {'White' if white else 'Black'}: {sum(colour):g}/{len(colour)}")
    faults = Counter(fault for record in records for fault in record.faults)
    for side, name in ((OURS, names[0]), (PEER, names[1])):
        print(f"  {name}: illegal moves {faults[side, 'illegal']}, losses on time {faults[side, 'time']}, "
              f"crashes {faults[side, 'crash']}")
    reasons = Counter(record.reason.split(" (")[0] for record in records)
    print("  endings: " + ", ".join(f"{reason} {count}" for reason, count in reasons.most_common()))
    nodes, seconds = sum(r.nodes for r in records), sum(r.seconds for r in records)
    reported = [value for record in records for value in record.nps]
    if seconds > 0 and reported:
        print(f"  {names[0]} (its info lines): {nodes:,} nodes in {seconds:.1f} s searched = "
              f"{nodes / seconds:,.0f} nodes/s; mean reported nps {sum(reported) / len(reported):,.0f}")


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", choices=("sunfish", "fairymax", "stockfish"), default="sunfish")
    parser.add_argument("--peer-command", help="the peer's command line instead of the default")
    parser.add_argument("--engine", help="our engine's command line (default: python -m minimax_cli uci)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option for our engine (repeatable)")
    parser.add_argument("--elo", type=int, default=1350, help="Stockfish peer's UCI_Elo")
    parser.add_argument("--openings-file", type=Path, default=OPENINGS)
    parser.add_argument("--openings", type=int, default=50, help="how many openings (2 games each)")
    parser.add_argument("--skip", type=int, default=0, help="openings skipped at the file's start")
    parser.add_argument("--games", type=int, help="stop after this many games")
    parser.add_argument("--movetime", type=float, default=1.0, help="seconds a move for both")
    parser.add_argument("--tc", help="a clock instead: BASE+INC in seconds (e.g. 60+0.5)")
    parser.add_argument("--judge-depth", type=int, default=10)
    parser.add_argument("--judge-time", type=float, help="the judge's seconds a position instead")
    parser.add_argument("--adjudicate-cp", type=int, default=600)
    parser.add_argument("--adjudicate-plies", type=int, default=6)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--cap-margin", type=int, default=100, help="cp the judge needs at the ply cap")
    parser.add_argument("--jobs", type=int, choices=(1, 2), default=1)
    parser.add_argument("--pgn", type=Path, help="the games' PGN file (written as they finish)")
    args = parser.parse_args()
    if args.tc and not all(part.replace(".", "", 1).isdigit() for part in args.tc.split("+", 1)):
        parser.error(f"--tc {args.tc}: expected BASE+INC in seconds, e.g. 60+0.5")
    if args.peer == "fairymax" and not args.tc and args.movetime != int(args.movetime):
        parser.error("fairymax takes whole seconds a move (xboard's st): give --movetime 1, 2... or --tc")
    return args


def main() -> None:
    args = parse_arguments()
    match = Match(args)
    tasks: queue.Queue[Task] = queue.Queue()
    planned = read_tasks(args.openings_file, args.skip, args.openings, args.games)
    for task in planned:
        tasks.put(task)
    budget = f"clock {args.tc} s" if args.tc else f"{args.movetime} s a move"
    judge = f"{args.judge_time} s" if args.judge_time else f"depth {args.judge_depth}"
    print(f"{len(planned)} games vs {args.peer}, {budget}, judge Stockfish {judge}, jobs {args.jobs}; "
          f"load at start {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    done: queue.Queue[Record | None] = queue.Queue()
    threads = [threading.Thread(target=worker, args=(match, tasks, done), daemon=True)
               for _ in range(args.jobs)]
    for thread in threads:
        thread.start()
    records: list[Record] = []
    with (args.pgn or Path(os.devnull)).open("w") as pgn_file:
        try:
            running = len(threads)
            while running:
                record = done.get()
                if record is None:
                    running -= 1
                    continue
                records.append(record)
                print(f"game {record.task.number:3} opening {record.task.opening:4} ours "
                      f"{'White' if record.task.ours_white else 'Black'}: {record.result:7} "
                      f"{record.reason}", flush=True)
                pgn_file.write(record.pgn + "\n\n")
                pgn_file.flush()
        except KeyboardInterrupt:
            match.stop.set()
            print("interrupted: the games in progress are dropped")
    names = records[0].names if records else ("ours", args.peer)
    summarize(sorted(records, key=lambda r: r.task.number), names)
    print(f"load at end {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
