"""`minimax uci`: the Universal Chess Interface on a stream of lines, so that chess GUIs, match
runners and lichess-bot can play the engine (pvs, core/search/pvs.py, over the game's search board).

`UciEngine.handle` takes one line from the GUI and answers through `write`; the search runs in a
thread of its own, so that the reader keeps reading while it thinks: `isready` is answered at once,
`stop` ends the search (SearchOptions.stop, asked where the search reads its clock: every
CHECK_INTERVAL nodes) and the thread writes `bestmove` from the last completed depth, or from move
ordering's first choice when none completed: a move is always given. After each completed depth
(SearchOptions.on_depth) an `info` line gives the depth, the score (`cp`, or `mate` in moves from
the engine's side, negative when it is mated, as UCI counts), nodes, nps, time and the principal
variation in UCI, every move of it legal (checked by playing it out).

The protocol says an engine ignores what it does not understand; so does this one, and says why in
an `info string` line, never stopping. Its words are the protocol's, in English in every language,
as the JSON writer's are: a GUI reads them, not a person.

The game is the caller's (`minimax uci` gives chess): anything with the game protocol, a search
board for pvs and `format_uci` (the move in UCI, `g1f3`). Positions are read by the game's own
`parse_position` (a FEN; `startpos`) and moves by its `parse_move`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Protocol, runtime_checkable

from minimax_cli import __version__
from minimax_cli.answer.follow import followed_search
from minimax_cli.core.game import AnyGame, SearchError
from minimax_cli.core.params import MAX_NODES, MAX_TIME
from minimax_cli.core.result import MAX_MULTIPV, ORDERINGS, Limits, SearchOptions, SearchResult
from minimax_cli.core.score import Bound, Kind, Score
from minimax_cli.core.search.pvs_memory import PvsMemory

NAME = f"minimax-cli {__version__}"
AUTHOR = "the minimax-cli authors"
ALGORITHM = "pvs"
#: The deepest iteration of `go infinite` (pvs's own ceiling for a time or node budget).
INFINITE_DEPTH = 64
DEFAULT_HASH_MB = 16
MAX_HASH_MB = 4096
DEFAULT_OVERHEAD_MS = 30
#: Moves still to play that a clock without `movestogo` is shared over.
HORIZON_MOVES = 30
#: Of the remaining time (less the overhead), the most one move may take (`movestogo 1`: most).
HARD_SHARE, LAST_MOVE_SHARE = 0.4, 0.8
#: A completed depth past this share of the move's target leaves no time for the next one.
NEXT_DEPTH_SHARE = 0.5
EVALUATIONS = ("standard", "material")
LEVELS = 5


@runtime_checkable
class UciGame(Protocol):
    """What a game offers besides the game protocol to be played over UCI."""

    def format_uci(self, move: Any) -> str: ...


@dataclass
class Settings:
    """The engine's options, as `setoption` sets them (`uci` lists them)."""

    hash_mb: int = DEFAULT_HASH_MB
    quiescence: bool = True
    ordering: str = "full"
    table: bool = True
    null_move: bool = True
    reductions: bool = True
    aspiration: bool = True
    evaluation: str = "standard"
    level: int = LEVELS
    overhead_ms: int = DEFAULT_OVERHEAD_MS
    multipv: int = 1


#: option name (lower case) -> (the name as `uci` lists it, its declaration).
OPTIONS: dict[str, tuple[str, str]] = {
    "hash": ("Hash", f"type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
    "quiescence": ("Quiescence", "type check default true"),
    "ordering": ("Ordering", "type combo default full " + " ".join(f"var {o}" for o in ORDERINGS)),
    "table": ("Table", "type check default true"),
    "nullmove": ("NullMove", "type check default true"),
    "reductions": ("Reductions", "type check default true"),
    "aspiration": ("Aspiration", "type check default true"),
    "evaluation": ("Evaluation", "type combo default standard "
                   + " ".join(f"var {e}" for e in EVALUATIONS)),
    "level": ("Level", f"type spin default {LEVELS} min 1 max {LEVELS}"),
    "move overhead": ("Move Overhead", f"type spin default {DEFAULT_OVERHEAD_MS} min 0 max 5000"),
    "multipv": ("MultiPV", f"type spin default 1 min 1 max {MAX_MULTIPV}"),
}


@dataclass(frozen=True)
class Go:
    """A `go` command's limits: `depth` plies, `nodes`, `hard` seconds at most (None: none),
    `soft` seconds after which no new depth is begun, `infinite` (bestmove only after `stop`)."""

    depth: int | None = None
    nodes: int | None = None
    hard: float | None = None
    soft: float | None = None
    infinite: bool = False


def move_time(remaining_ms: int, increment_ms: int, moves_to_go: int | None,
              overhead_ms: int) -> tuple[float, float]:
    """(soft, hard) seconds for one move on a clock of `remaining_ms` plus `increment_ms` a move:
    the remaining time (less the overhead the GUI and the pipe cost) shared over the moves still
    to play, with most of the increment; never more than HARD_SHARE of the remaining time (more on
    the last move before the control), so that no move loses on time; the hard limit at most twice
    the target."""
    usable = max(remaining_ms - overhead_ms, 0)
    share = max(1, min(moves_to_go, HORIZON_MOVES)) if moves_to_go else HORIZON_MOVES
    target = usable / share + 0.75 * max(increment_ms, 0)
    cap = usable * (LAST_MOVE_SHARE if moves_to_go == 1 else HARD_SHARE)
    hard = max(min(2 * target, cap), 1.0)
    return min(target, hard) / 1000, hard / 1000


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise ValueError(f"{text} is negative")
    return value


def parse_go(tokens: list[str], white_to_move: bool, settings: Settings,
             level_depth: int | None = None) -> tuple[Go, list[str]]:
    """The limits of `go` TOKENS (within `level_depth` plies, the level's cut, when given), and
    the words ignored (unknown ones, `searchmoves`' moves)."""
    numbers: dict[str, int] = {}
    ignored: list[str] = []
    infinite = False
    words = iter(tokens)
    for word in words:
        if word in ("infinite", "ponder"):  # pondering is not offered: think until `stop`
            infinite = True
        elif word in ("depth", "nodes", "movetime", "wtime", "btime", "winc", "binc",
                      "movestogo", "mate"):
            value = next(words, None)
            try:
                numbers[word] = _count(value or "")
            except ValueError:
                ignored.append(f"{word} {value or ''}".strip())
        else:
            ignored.append(word)
    depth = numbers.get("depth")
    if "mate" in numbers:  # a mate in N moves is found within 2N - 1 plies
        depth = min(depth or INFINITE_DEPTH, max(1, 2 * numbers["mate"] - 1))
    soft = hard = None
    if "movetime" in numbers:
        hard = min(max(numbers["movetime"] - settings.overhead_ms, 1) / 1000, MAX_TIME)
    else:
        clock, increment = ("wtime", "winc") if white_to_move else ("btime", "binc")
        if clock in numbers:
            soft, hard = move_time(numbers[clock], numbers.get(increment, 0),
                                   numbers.get("movestogo"), settings.overhead_ms)
            soft, hard = min(soft, MAX_TIME), min(hard, MAX_TIME)
    if level_depth is not None:
        depth = min(depth or INFINITE_DEPTH, level_depth)
    if depth is None and hard is None and "nodes" not in numbers:
        infinite = True
    # `nodes 0` is the smallest budget, not none: read as no limit, with a depth-64 search
    # that the end of the input waits for, it never ended (found by the fuzz, issue 35).
    nodes = min(max(numbers["nodes"], 1), MAX_NODES) if "nodes" in numbers else None
    depth = None if depth is None else min(depth, INFINITE_DEPTH)
    return Go(depth, nodes, hard, soft, infinite), ignored


def shown(text: str, limit: int) -> str:
    """`text` as one line of at most `limit` characters for an `info string`, every character
    that is not printable (an escape, a DEL, a C1 control) shown as `?`: a line echoed from the
    input must not drive the terminal it is read on."""
    words = " ".join(text.split())
    return "".join(c if c.isprintable() else "?" for c in words)[:limit]


def mate_moves(plies: int, winning: bool) -> int:
    """UCI's `mate` number: moves (not plies) to the mate, negative when the engine is mated."""
    moves = (plies + 1) // 2
    return moves if winning else -moves


def uci_score(score: Score) -> str:
    """`cp N` or `mate N` (with `lowerbound` or `upperbound` when it is a bound) for the side to
    move (the engine's, the root player's view), as UCI writes a score."""
    bound = {Bound.LOWER: " lowerbound", Bound.UPPER: " upperbound"}.get(score.bound, "")
    if score.kind in (Kind.WIN, Kind.LOSS):
        return f"mate {mate_moves(score.plies or 0, score.kind is Kind.WIN)}{bound}"
    return f"cp {round(score.number)}{bound}"


class UciEngine:
    """One engine speaking UCI: `handle` each line read; answers go to `write` (one line each,
    whole lines: the search thread writes too)."""

    def __init__(self, game: AnyGame, write: Callable[[str], None]) -> None:
        if not isinstance(game, UciGame):
            raise SearchError(f"{game.name} cannot be played over UCI")
        self.game, self.uci_game = game, game
        self._write, self._lock = write, threading.Lock()
        self.settings = Settings()
        self.state: Any = game.initial_state()
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        self.infinite = False
        #: The engine's table and history, kept from one move's search to the next of a game.
        self.memory = PvsMemory()

    def say(self, line: str) -> None:
        with self._lock:
            self._write(line)

    def handle(self, line: str) -> bool:
        """Answer one line; False after `quit`. A line not understood gets an `info string`."""
        tokens = line.split()
        if not tokens:
            return True
        command, rest = tokens[0], tokens[1:]
        try:
            if command == "quit":
                self.finish()
                return False
            handler = self._handlers().get(command)
            if handler is None:
                self.say(f"info string unknown command: {shown(line, 80)}")
            else:
                handler(rest)
        except ValueError as error:  # GameError, SearchError: a broken line, said and ignored
            self.say(f"info string ignored: {shown(str(error), 200)}")
        return True

    def _handlers(self) -> dict[str, Callable[[list[str]], None]]:
        return {"uci": self._uci, "isready": lambda _: self.say("readyok"),
                "ucinewgame": self._new_game, "position": self._position, "go": self._go,
                "stop": lambda _: self.finish(), "setoption": self._setoption,
                "debug": lambda _: None, "register": lambda _: None,
                "ponderhit": lambda _: self.finish()}  # no pondering offered: answer now

    def finish(self) -> None:
        """Stop the search, if one runs, and return once its thread has written its bestmove."""
        if self.thread is not None:
            self.stop.set()
            self.wait()

    def wait(self) -> None:
        """Let a search within limits end, and stop one without (`go infinite`); return once its
        thread has written its bestmove. A new `go`, and the end of the input, wait so: a GUI
        that did not say `stop` wants the move it asked for (Stockfish's `go` waits too)."""
        thread = self.thread
        if thread is not None:
            if self.infinite:
                self.stop.set()
            thread.join()
            self.thread = None

    # --- the commands --------------------------------------------------------------------------
    def _uci(self, _: list[str]) -> None:
        self.say(f"id name {NAME}")
        self.say(f"id author {AUTHOR}")
        for shown, declaration in OPTIONS.values():
            self.say(f"option name {shown} {declaration}")
        self.say("uciok")

    def _new_game(self, _: list[str]) -> None:
        self.state = self.game.initial_state()  # a running search keeps its own position
        self.memory = PvsMemory()  # (and its own memory): the new game starts with none

    def _position(self, tokens: list[str]) -> None:
        """`position startpos|fen FEN [moves M...]`: a bad move keeps the moves before it. A
        running search keeps its own position (the state is immutable)."""
        cut = tokens.index("moves") if "moves" in tokens else len(tokens)
        head, moves = tokens[:cut], tokens[cut + 1:]
        if head[:1] == ["startpos"]:
            state = self.game.initial_state()
        elif head[:1] == ["fen"] and len(head) > 1:
            state = self.game.parse_position(" ".join(head[1:]))
        else:
            raise ValueError("position needs startpos or fen FEN")
        self.state = state
        for text in moves:
            self.state = self.game.play(self.state, self.game.parse_move(self.state, text))

    def _setoption(self, tokens: list[str]) -> None:
        if not tokens or tokens[0] != "name":
            raise ValueError("setoption needs: name NAME [value VALUE]")
        cut = tokens.index("value") if "value" in tokens else len(tokens)
        name, value = " ".join(tokens[1:cut]).lower(), " ".join(tokens[cut + 1:])
        if name not in OPTIONS:
            raise ValueError(f"no option {name!r}")
        setattr(self.settings, *_option_value(name, value))

    def _go(self, tokens: list[str]) -> None:
        self.wait()
        level = self.settings.level
        level_depth = None if level >= LEVELS else self.game.level_depths.get(level)
        go, ignored = parse_go(tokens, self.game.to_move(self.state) == 0, self.settings,
                               level_depth)
        if ignored:
            self.say(f"info string ignored in go: {shown(' '.join(ignored), 200)}")
        self.stop.clear()
        self.infinite = go.infinite
        settings = replace(self.settings)  # a setoption while it thinks is for the next search
        self.thread = threading.Thread(target=self._think, args=(self.state, go, settings),
                                       name="uci-search", daemon=True)
        self.thread.start()

    # --- the search thread ---------------------------------------------------------------------
    def _think(self, state: Any, go: Go, settings: Settings) -> None:
        """Search `state` within `go` and write its info lines and its bestmove."""
        started = time.perf_counter()
        best: Any = None
        try:
            result = self._search(state, go, settings, started)
            best = result.best_move
            line = self._legal_line(state, result.pv) if result.pv else []
        except Exception as error:  # whatever went wrong, the GUI waits for a move: give one
            self.say(f"info string search failed: {shown(str(error), 200)}")
            line = []
        if best is None:
            moves = list(self.game.legal_moves(state))
            best = moves[0] if moves else None
        if go.infinite:
            self.stop.wait()  # UCI: after `go infinite` the bestmove waits for `stop`
        if best is None:
            self.say("bestmove (none)")
            return
        words = f"bestmove {self.uci_game.format_uci(best)}"
        if line[:1] == [best] and len(line) > 1:
            words += f" ponder {self.uci_game.format_uci(line[1])}"
        self.say(words)

    def _search(self, state: Any, go: Go, settings: Settings, started: float) -> SearchResult:
        stop = self.stop
        said: list[int | None] = [None]  # the last depth whose line was said

        def on_depth(result: SearchResult) -> None:
            self._info(state, result)
            said[0] = result.depth
            if go.soft is not None and time.perf_counter() - started > go.soft * NEXT_DEPTH_SHARE:
                stop.set()  # the next depth would not finish in the time left: stop here

        options = SearchOptions(
            evaluator=settings.evaluation, table_mb=settings.hash_mb,
            quiescence=settings.quiescence, ordering=settings.ordering,
            use_table=settings.table, null_move=settings.null_move,
            reductions=settings.reductions, aspiration=settings.aspiration, stop=stop.is_set,
            on_depth=on_depth, memory=self.memory, partial_root=True, multipv=settings.multipv)
        depth = go.depth if go.depth is not None else (
            None if go.hard is not None or go.nodes is not None else INFINITE_DEPTH)
        limits = Limits(depth=depth, time=go.hard, nodes=go.nodes)
        result = followed_search(self.game, state, ALGORITHM, limits, options)
        if result.stopped is not None and result.depth != said[0]:
            self._info(state, result)  # a move the unfinished depth proved better: say so
        return result

    def _info(self, state: Any, result: SearchResult) -> None:
        if result.score is None:
            return
        stats = result.stats
        counts = (f"nodes {stats.nodes} nps {round(stats.nodes_per_second)} "
                  f"time {round(stats.elapsed * 1000)}")
        lines = [(m.score, m.pv) for m in result.moves if m.pv is not None]
        if len(lines) < 2:  # one line: the result's own (MultiPV 1)
            lines = [(result.score, tuple(result.pv))]
        for number, (score, pv) in enumerate(lines, 1):
            words = [f"info depth {result.depth or 0}"]
            if len(lines) > 1:
                words.append(f"multipv {number}")
            words += [f"score {uci_score(score.relative)}", counts]
            line = self._legal_line(state, pv)
            if line:
                words.append("pv " + " ".join(self.uci_game.format_uci(m) for m in line))
            self.say(" ".join(words))

    def _legal_line(self, state: Any, line: Iterable[Any]) -> list[Any]:
        """The moves of `line` up to the first that is not legal where it stands."""
        legal: list[Any] = []
        for move in line:
            if move not in self.game.legal_moves(state):
                break
            legal.append(move)
            state = self.game.play(state, move)
        return legal


def _option_value(name: str, value: str) -> tuple[str, object]:
    """The Settings field and value of `setoption name NAME value VALUE`; ValueError if broken."""
    word = value.strip().lower()
    if name in ("quiescence", "table", "nullmove", "reductions", "aspiration"):
        if word not in ("true", "false"):
            raise ValueError(f"{name} is true or false, not {value!r}")
        return {"nullmove": "null_move"}.get(name, name), word == "true"
    if name in ("ordering", "evaluation"):
        choices = ORDERINGS if name == "ordering" else EVALUATIONS
        if word not in choices:
            raise ValueError(f"{name} is one of {', '.join(choices)}, not {value!r}")
        return name, word
    if not word.isdigit():
        raise ValueError(f"{name} is a whole number, not {value!r}")
    number = int(word)
    bounds = {"hash": (1, MAX_HASH_MB), "level": (1, LEVELS), "move overhead": (0, 5000),
              "multipv": (1, MAX_MULTIPV)}[name]
    if not bounds[0] <= number <= bounds[1]:
        raise ValueError(f"{name} is from {bounds[0]} to {bounds[1]}, not {number}")
    field = {"hash": "hash_mb", "level": "level", "move overhead": "overhead_ms",
             "multipv": "multipv"}[name]
    return field, number


def serve(game: AnyGame, lines: Iterable[str], write: Callable[[str], None]) -> None:
    """Play `game` over UCI: each line of `lines` handled in turn until `quit` or their end (the
    end of the input is a `quit` once a search within limits has given its move)."""
    engine = UciEngine(game, write)
    for line in lines:
        if not engine.handle(line):
            return
    engine.wait()


__all__ = ["Go", "Settings", "UciEngine", "move_time", "parse_go", "serve", "shown"]
