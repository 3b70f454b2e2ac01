"""Hypothesis strategies for chess in the fuzz (issue 35): hostile `analyze chess`, `solve chess`
(the mate prover and `--batch FILE.epd`), `play chess` command lines, play sessions typed in SAN,
and `minimax uci` sessions on stdin.

Sane positions are FENs reached by random legal moves from the start (through the game's own move
interface), so they are valid; hostile ones are sane FENs with one field broken (nine files, a king
missing, bad castling or en passant, huge counters) or anything at all. Every case stays cheap, so
that a slow one is a finding: analyze and solve always carry a sane --nodes or --time of a few
hundred nodes or a few hundredths of a second (besides any hostile one), the mate prover looks 1 or
2 moves deep, a batch scores a handful of lines, play thinks 0.02 s a move, and in a UCI session a
`go` whose limits are not small is followed by `stop` (the end of the input lets a bounded search
finish, as a GUI expects: a `go depth 60` with no `stop` is a long search asked for, not a hang).
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from minimax_cli import registry
from minimax_cli.core.game import GameError
from minimax_cli.play import session as interactive
from tests.fuzz.harness import CliCase, PlayCase
from tests.fuzz.strategies import (
    KEYS,
    LEVELS,
    PASTE,
    Unit,
    count_words,
    flag,
    hostile_now,
    hostile_value,
    option,
    seconds,
    weighted,
)
from tests.fuzz.values import CONTROL, MARKUP, UNICODE, argv_safe, hostile_word, position_file

#: Plies of random play from the start for a sane position (a middle game at most).
MAX_PLIES = 30
#: Positions known without search, for the mate prover: mates in 1 and 2, a stalemate, a bare
#: endgame (built by hand for these tests).
MATES = ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
         "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K2R w KQkq - 0 1",
         "6k1/6pp/8/8/8/8/8/R3R1K1 w - - 0 1",
         "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
         "4k3/8/8/8/8/8/8/4K3 w - - 0 1")


@cache
def _chess() -> Any:
    return registry.create("chess")


# --- positions -------------------------------------------------------------------------------------
@st.composite
def reached(draw: st.DrawFn, playable: bool = False) -> tuple[Any, list[str]]:
    """A state reached by random legal moves from the start (short of the end when `playable`)
    and the moves played, in UCI."""
    game = _chess()
    state = game.initial_state()
    moves: list[str] = []
    for choice in draw(st.lists(st.integers(0, 10**6), max_size=MAX_PLIES)):
        legal = game.legal_moves(state)
        if not legal or game.outcome(state) is not None:
            break
        move = legal[choice % len(legal)]
        after = game.play(state, move)
        if playable and game.outcome(after) is not None:
            break
        moves.append(game.format_uci(move))
        state = after
    return state, moves


@cache
def sane_fen() -> st.SearchStrategy[str]:
    return weighted((6, reached().map(lambda pair: _chess().format_position(pair[0]))),
                    (1, st.sampled_from(MATES)), (1, st.sampled_from(("startpos", ""))))


#: Broken values for each of a FEN's six fields.
_BAD_FIELDS: tuple[tuple[str, ...], ...] = (
    ("rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR",
     "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR", "Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP",
     "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR",
     "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "8/8/8/8/8/8/8/8", "K7/8/8/8/8/8/8/7k/",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/", "rnbqkbnr//8/8/8/8/PPPPPPPP/RNBQKBNR",
     "♜♞♝♛♚♝♞♜/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "k7/8/8/8/8/8/8/K6q"),
    ("x", "W", "B", "white", "-", "wb", "ｗ"),
    ("KQkqX", "QK", "KK", "-K", "A", "Hh", "KQkq-", "kqKQ", "KQkqKQkq", "ñ", "k-"),
    ("e9", "e4", "z3", "e", "--", "e33", "a0", "i6", "d6d3"),
    ("-1", "10**400", "9" * 5_000, "1e9", "x", "150", "1.5", "+1", "٣", "2" * 30),
    ("0", "-1", "9" * 5_000, "1.5", "10**10", "١", "1" * 30, "x"),
)
_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@st.composite
def broken_fen(draw: st.DrawFn) -> str:
    """A FEN with one thing wrong: a field broken or hostile, fields missing or added, odd
    whitespace; or any hostile word."""
    fields = (draw(sane_fen()) or _START).split()
    if len(fields) < 6:
        fields = _START.split()
    kind = draw(st.integers(0, 9))
    if kind <= 4:
        at = draw(st.integers(0, 5))
        fields[at] = draw(weighted((3, st.sampled_from(_BAD_FIELDS[at])), (1, hostile_word())))
    elif kind == 5:
        fields = fields[:draw(st.integers(1, 3))]
    elif kind == 6:
        fields.append(draw(st.sampled_from(("0", "moves", "e2e4", "bm e4;", "x"))))
    elif kind == 7:
        return draw(st.sampled_from(("\t", "\n", "  ", " \r\n"))).join(fields)
    else:
        return draw(weighted((2, st.sampled_from(("STARTPOS", "startpos moves e2e4", "start",
                                                  "fen", "-", " "))), (1, hostile_word())))
    return " ".join(fields)


@st.composite
def fen_unit(draw: st.DrawFn, solve: bool = False) -> Unit | None:
    """The position word of a command line: none (the start), a sane FEN or a broken one."""
    if hostile_now(draw):
        return Unit("position", (draw(broken_fen()),), sane=False)
    if draw(st.integers(0, 4)) == 0:
        return None
    fen = draw(st.sampled_from(MATES) if solve and draw(st.booleans()) else sane_fen())
    return Unit("position", (fen,))


# --- command lines ---------------------------------------------------------------------------------
_BUDGETS = ("--nodes", "--time")
_EVALS = st.sampled_from(("standard", "material"))
_ALGORITHMS = st.sampled_from(("pvs", "negamax", "alphabeta", "pvs", "pvs"))


def _node_budget() -> st.SearchStrategy[str]:
    return count_words(1, 400)


def _analyze_options() -> list[tuple[int, st.SearchStrategy[Unit]]]:
    return [(4, option("--depth", count_words(0, 2), hostile_value(), "-d")),
            (3, option("--time", seconds(0.001, 0.03), hostile_value(), "-t")),
            (5, option("--nodes", _node_budget(), hostile_value())),
            (3, option("--eval", _EVALS, hostile_word())),
            (2, option("--algorithm", _ALGORITHMS, hostile_word(), "-a")),
            (1, option("--table-mb", st.sampled_from(("1", "4", "16")), hostile_value())),
            (1, option("--multipv", st.sampled_from(("1", "2", "3")), hostile_value())),
            (1, flag("--terms")), (1, flag("--compare")), (4, flag("--json"))]


def _size_options() -> list[tuple[int, st.SearchStrategy[Unit]]]:
    return [(8, option("--perft", st.sampled_from(("0", "1", "2")),
                       hostile_value() | st.sampled_from(("6", "-1", "10**9")))),
            (4, flag("--json"))]


def _solve_options() -> list[tuple[int, st.SearchStrategy[Unit]]]:
    return [(6, option("--max-moves", st.sampled_from(("1", "2")),
                       hostile_value() | st.sampled_from(("0", "11", "-1", "10**9")))),
            (5, option("--nodes", _node_budget(), hostile_value())),
            (3, option("--time", seconds(0.001, 0.03), hostile_value(), "-t")),
            (1, option("--table-mb", st.sampled_from(("1", "16")), hostile_value())),
            (4, flag("--json"))]


def _play_options() -> list[tuple[int, st.SearchStrategy[Unit]]]:
    return [(3, option("--level", st.sampled_from(LEVELS), hostile_value(), "-l")),
            (2, option("--side", st.sampled_from(("first", "second")), hostile_word(), "-s")),
            (1, flag("--ai-first")),
            (1, option("--depth", count_words(1, 2), hostile_value(), "-d")),
            (1, option("--eval", _EVALS, hostile_word())),
            (1, option("--seed", st.integers(0, 99).map(str), hostile_value())),
            (2, st.just(Unit("--no-review", ("--no-review",))))]


@st.composite
def _some(draw: st.DrawFn, specs: list[tuple[int, st.SearchStrategy[Unit]]]) -> list[Unit]:
    return [draw(spec) for weight, spec in specs if draw(st.integers(0, 9)) < weight]


@st.composite
def _budget(draw: st.DrawFn, units: list[Unit]) -> list[Unit]:
    """`units` with a sane --nodes or --time last, unless one is there already: a hostile budget
    the command accepts (`--nodes 10**9`) must not make the case long."""
    if any(u.name in _BUDGETS and u.sane for u in units):
        return units
    if draw(st.booleans()):
        return [*units, Unit("--nodes", ("--nodes", draw(_node_budget())))]
    return [*units, Unit("--time", ("--time", draw(seconds(0.005, 0.03))))]


def _lang(draw: st.DrawFn) -> list[str]:
    return draw(st.sampled_from(([], [], ["--lang", "es"], ["--lang=en"])))


@st.composite
def command_case(draw: st.DrawFn, command: str) -> CliCase:
    """`minimax COMMAND chess [FEN] [options]` (analyze, solve, play), hostile here and there."""
    where = draw(fen_unit(solve=command == "solve"))
    specs = {"analyze": _analyze_options, "solve": _solve_options, "play": _play_options,
             "size": _size_options}[command]
    units = draw(_some(specs()))
    if command == "play":
        units += [Unit("--time", ("--time", "0.02")), Unit("--delay", ("--delay", "0"))]
        if not any(u.name == "--no-review" for u in units):
            units.append(Unit("--no-review", ("--no-review",)))  # a review searches every move
        if any(u.name == "--ai-first" for u in units):
            units = [u for u in units if u.name != "--side"]
    elif command == "size":  # no search: perft to 2 plies at most, or the default 3 replaced
        if not any(u.name == "--perft" and u.sane for u in units):
            units.append(Unit("--perft", ("--perft", "1")))
    else:
        units = draw(_budget(units))
    if hostile_now(draw):
        units = draw(st.permutations(units))
    words = [word for unit in ([where] if where else []) + units for word in unit.words]
    if hostile_now(draw):  # a stray word anywhere
        words.insert(draw(st.integers(0, len(words))), draw(hostile_word()))
    stdin = None
    if command == "play":
        stdin = draw(san_lines(scripted=True)).encode("utf-8", "surrogateescape")
    argv = [*_lang(draw), command, "chess", *words]
    return CliCase(command, tuple(argv_safe(w) for w in argv), stdin)


# --- EPD batches -----------------------------------------------------------------------------------
@st.composite
def epd_line(draw: st.DrawFn) -> str:
    """A test-suite line: a reached position with `bm` or `am` of one of its legal moves (sane),
    or a broken one (a field, an operation, a move, a quote, the whole line)."""
    game = _chess()
    state, _ = draw(reached(playable=True))
    four = " ".join(game.format_position(state).split()[:4])
    legal = game.legal_moves(state)
    san = game.format_move(state, legal[draw(st.integers(0, len(legal) - 1))]) if legal else "e4"
    ops = draw(st.sampled_from((f"bm {san};", f"am {san};", f'bm {san}; id "fuzz";')))
    if not hostile_now(draw):
        return f"{four} {ops}"
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return " ".join(draw(broken_fen()).split()[:4]) + f" {ops}"
    if kind == 1:
        return f"{four} " + draw(st.sampled_from((
            "", "bm;", "bm Nz9;", "bm Ke8;", "am;", 'id "unterminated', "bm e4 id", "c0 ;;",
            "bm " + "e4 " * 2_000 + ";", "bm Cf3;", "bm e8=D;", "bm ♘f3;", 'id "[red]zqx";')))
    if kind == 2:
        return f"{four} {ops}".replace(" ", draw(st.sampled_from(("\t", "  ", "\u00a0"))))
    if kind == 3:
        return "\ufeff" + f"{four} {ops}"
    return draw(hostile_word())


@st.composite
def batch_case(draw: st.DrawFn) -> CliCase:
    """`solve chess --batch FILE` on a few EPD lines, each within a small budget."""
    lines = draw(st.lists(epd_line(), min_size=0, max_size=5))
    text = draw(st.sampled_from(("\n", "\r\n"))).join(lines) + draw(st.sampled_from(("", "\n")))
    data = text.encode("utf-8", "surrogateescape")
    stdin = None
    if draw(st.integers(0, 4)) == 0:
        source, stdin = "-", data
    else:
        source = position_file(data)
    units = [Unit("--batch", ("--batch", source))]
    units += draw(_some([(5, option("--nodes", count_words(1, 200), hostile_value())),
                         (2, option("--time", seconds(0.001, 0.02), hostile_value(), "-t")),
                         (2, option("--jobs", st.just("1"),
                                    st.sampled_from(("0", "-1", "65", "1e9", "x", "")), "-j")),
                         (1, option("--max-moves", st.sampled_from(("1", "2")), hostile_value())),
                         (1, flag("--json"))]))
    units = draw(_budget(units))
    words = [word for unit in units for word in unit.words]
    if hostile_now(draw):
        words.insert(draw(st.integers(0, len(words))), draw(hostile_word()))
    argv = [*_lang(draw), "solve", "chess", *words]
    return CliCase("chess", tuple(argv_safe(w) for w in argv), stdin)


@st.composite
def chess_case(draw: st.DrawFn) -> CliCase:
    """One chess command line of any kind: analyze, solve, a batch, play or size."""
    kind = draw(st.sampled_from(("analyze", "analyze", "solve", "solve", "batch", "play", "size")))
    case: CliCase = draw(batch_case() if kind == "batch" else command_case(kind))
    return CliCase("chess", case.argv, case.stdin)


# --- play input in SAN ----------------------------------------------------------------------------
_SAN = ("e4", "d4", "Nf3", "Nc3", "c4", "e5", "d5", "Nf6", "Nc6", "O-O", "O-O-O", "0-0", "Bb5",
        "Qh5", "exd5", "e2e4", "g1f3", "e7e5", "a7a8q", "Cf3", "Cc3", "Dh5", "Ab5", "Tb1", "Re2",
        "e8=D", "Nbd2", "Nd2", "moves", "hint", "why", "undo", "board", "help", "pista", "deshacer",
        "jugadas")
_BAD_SAN = ("Nf4", "Nd7", "Ke2+", "Kxe8", "e5e4", "e2e9", "e2", "e9", "i4", "Z", "nf3", "NF3",
            "N-f3", "Ng1-f3", "e4!!", "Nf3?", "1. e4", "1...e5", "exd6ep", "e8=K", "e8=Q+",
            "a8=X", "P-K4", "0-0-0-0", "o-o", "OO", "♘f3", "Ｎf3", "e4\u200b", "е4", "Cxf7#",
            "Rey", "Dama", "d8=R", "d8=T", "O-O+", "--", "null", "0000", "e2e4e5", "e4" * 2_500,
            "N" + "f3" * 3_000, "resign", "draw", "abandonar")


@cache
def san_lines(scripted: bool) -> st.SearchStrategy[str]:
    """Lines for a chess session: moves of the opening (English, Spanish and UCI), near misses
    (ambiguous, illegal, malformed, unicode look-alikes, very long), commands and hostile text;
    at a terminal also raw keys."""
    line = weighted((4, st.sampled_from(_SAN)), (3, st.sampled_from(_BAD_SAN)),
                    (1, st.sampled_from(MARKUP + UNICODE + CONTROL)),
                    (1, hostile_word().filter(lambda w: len(w) <= 20_000)))
    if scripted:
        item = line.map(lambda text: text + "\n")
    else:
        item = line.map(lambda text: (PASTE % text if len(text) > 40 else text) + "\r")
        item = weighted((8, item), (2, st.sampled_from(KEYS)), (1, st.just("\x03")))
    return st.lists(item, max_size=10).map("".join)


@st.composite
def play_case(draw: st.DrawFn, scripted: bool) -> PlayCase:
    """A chess session from the start or a reached position, with valid options, fed SAN."""
    game = _chess()
    start = None
    if draw(st.booleans()):
        state, _ = draw(reached(playable=True))
        start = game.format_position(state)
    options: dict[str, Any] = {"seed": draw(st.integers(0, 1000)), "budget": 0.02,
                               "review": False, "level": draw(st.sampled_from(LEVELS))}
    mode = draw(st.sampled_from(("ai", "ai", "human")))
    if mode == "human":
        options["vs"] = "human"
    elif draw(st.booleans()):
        options["side"] = draw(st.sampled_from(("first", "second")))
    if draw(st.integers(0, 3)) == 0:
        options["depth"] = draw(st.integers(1, 2))
    try:  # only valid set-ups: the command-line cases try the invalid ones
        interactive.make_config(game, start=None if start is None else game.parse_position(start),
                                **options)
    except (interactive.ConfigError, GameError):
        reject()
    keys = draw(san_lines(scripted))
    return PlayCase("chess-session", "chess", (), start, tuple(sorted(options.items())), keys,
                    scripted)


# --- UCI sessions ----------------------------------------------------------------------------------
#: `go` limits small enough that a search within them ends by itself in well under a second.
_SMALL = {"depth": 2, "nodes": 400, "movetime": 30, "wtime": 500, "btime": 500, "mate": 1}
_OPTION_VALUES = {"Hash": ("1", "4", "16"), "Level": ("1", "2", "3", "4", "5"),
                  "Quiescence": ("true", "false"), "Table": ("true", "false"),
                  "NullMove": ("true", "false"), "Ordering": ("none", "mvv", "killers", "full"),
                  "Evaluation": ("standard", "material"), "Move Overhead": ("0", "30", "100"),
                  "MultiPV": ("1", "2", "3")}
_BAD_OPTIONS = ("setoption", "setoption name", "setoption name Hash", "setoption name Hash value",
                "setoption name Hash value 0", "setoption name Hash value 99999999999999999999",
                "setoption name Hash value -1", "setoption name Hash value 1.5",
                "setoption name Level value 6", "setoption name Level value ٣",
                "setoption name Ordering value sideways", "setoption name Quiescence value yes",
                "setoption name Evaluation value", "setoption name Foo value 1",
                "setoption value 1 name Hash", "setoption name name value value",
                "setoption name Move Overhead value 5001", "setoption name Hash value ５")


def _bounded(words: list[str]) -> bool:
    """Whether `go WORDS` ends by itself soon: every limit it reads (an int, as the engine reads
    it) is small, or it reads none (then it is infinite, and the end of the input stops it)."""
    for key, value in itertools.pairwise(words):
        if key in _SMALL:
            try:
                number = int(value)
            except ValueError:
                continue
            if number > _SMALL[key]:
                return False
    return True


@st.composite
def go_line(draw: st.DrawFn) -> list[str]:
    """A `go` line, and a `stop` after it when its limits are not small."""
    if not hostile_now(draw):
        words = draw(st.sampled_from((
            ["depth", str(draw(st.integers(1, 2)))], ["nodes", str(draw(st.integers(1, 400)))],
            ["movetime", str(draw(st.integers(1, 30)))], ["infinite"], ["mate", "1"],
            ["wtime", str(draw(st.integers(0, 500))), "btime", str(draw(st.integers(0, 500))),
             "winc", str(draw(st.integers(0, 20))), "binc", "0", "movestogo",
             str(draw(st.integers(1, 40)))])))
    else:
        keys = st.sampled_from((*_SMALL, "winc", "binc", "movestogo", "infinite", "ponder",
                                "searchmoves", "e2e4"))
        value = weighted((2, st.sampled_from(("0", "-1", "-0", "1", "2", "+1", "1_0", "٣", "５",
                                               "99999999999999999999", "10**9", "1e3", "x", ""))),
                         (1, hostile_value()))
        words = draw(st.lists(st.tuples(keys, value).map(list), max_size=4))
        words = [w for pair in words for w in pair]
    lines = [" ".join(["go", *words])]
    if not _bounded(words) or draw(st.integers(0, 4)) == 0:
        lines.append("stop")
    return lines


@st.composite
def position_line(draw: st.DrawFn) -> str:
    state, moves = draw(reached())
    if not hostile_now(draw):
        if draw(st.booleans()):
            return " ".join(["position", "startpos", *(["moves", *moves] if moves else [])])
        return f"position fen {_chess().format_position(state)}"
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return f"position fen {draw(broken_fen())}"
    if kind == 1:  # an illegal move in the list: the moves before it stand
        bad = draw(st.sampled_from(("e2e5", "e1g1", "a7a8q", "zz", "e2e4e4", "0000", "Nf3", "")))
        at = draw(st.integers(0, len(moves)))
        return " ".join(["position", "startpos", "moves", *moves[:at], bad, *moves[at:]])
    if kind == 2:
        return draw(st.sampled_from(("position", "position fen", "position moves e2e4",
                                     "position startpos moves", "position fen startpos",
                                     "position startpos fen " + _START,
                                     "position startpos moves " + "e2e4 e7e5 e4e2 e5e7 " * 200)))
    if kind == 3:
        return "position startpos moves " + " ".join(["g1f3", "g8f6", "f3g1", "f6g8"] * 30)
    return "position " + draw(hostile_word())


@st.composite
def uci_line(draw: st.DrawFn) -> list[str]:
    kind = draw(st.integers(0, 9))
    if kind <= 1:
        return [draw(position_line())]
    if kind <= 3:
        return draw(go_line())
    if kind == 4:
        if hostile_now(draw):
            return [draw(st.sampled_from(_BAD_OPTIONS))]
        name = draw(st.sampled_from(sorted(_OPTION_VALUES)))
        return [f"setoption name {name} value {draw(st.sampled_from(_OPTION_VALUES[name]))}"]
    if kind <= 6:
        return [draw(st.sampled_from(("uci", "isready", "ucinewgame", "stop", "ponderhit",
                                      "debug on", "register later", "  isready  ", "ISREADY")))]
    return [draw(weighted((2, hostile_word()), (1, st.sampled_from(MARKUP + UNICODE + CONTROL))))]


@st.composite
def uci_case(draw: st.DrawFn) -> CliCase:
    """`minimax uci` fed a session: `uci`, positions, searches, options, and hostile lines."""
    lines = ["uci"] if draw(st.booleans()) else []
    for more in draw(st.lists(uci_line(), max_size=12)):
        lines += more
    if draw(st.integers(0, 3)) == 0:
        lines.append(draw(st.sampled_from(("quit", "quit now", "QUIT"))))
    end = draw(st.sampled_from(("\n", "\n", "\r\n", "")))
    stdin = (end or "\n").join(lines) + end
    return CliCase("uci", ("uci",), stdin.encode("utf-8", "surrogateescape"))


__all__ = ["MATES", "batch_case", "broken_fen", "chess_case", "command_case", "epd_line",
           "play_case", "reached", "san_lines", "sane_fen", "uci_case"]
