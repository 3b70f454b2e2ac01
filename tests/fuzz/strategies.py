"""Hypothesis strategies for hostile `minimax` command lines and play input, and the settings
profiles of the fuzz run.

A command line is built from units (the game, the position, each option with its value), each
sane or hostile (values.py), shuffled now and then and salted with stray words. Work stays bounded
so that a slow case is a finding: analyze always carries a small --nodes or --time budget unless
the case is about those options (then it carries the other), solve gets small games, play a short
think (--time) and no delay between moves. Sane positions are reached by legal moves from the start,
so they are valid; hostile ones are anything.

Profiles: `fuzz-ci` (derandomized: the same cases every run, no example database) and `fuzz-long`
(random; scripts/fuzz.py prints its seed). Hypothesis's own `ci` profile is left alone. Pick one
with MINIMAX_FUZZ_PROFILE. The case counts follow the test suite's profile (HYPOTHESIS_PROFILE,
tests/profiles.py: `full` in CI, a tenth with `dev`); MINIMAX_FUZZ_SCALE multiplies them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import HealthCheck, reject, settings
from hypothesis import strategies as st

from minimax_cli import registry
from minimax_cli.core.game import GameError

# Imported here, not in a strategy: importing prompt-toolkit touches the global random state.
from minimax_cli.play import session as interactive
from tests import profiles
from tests.fuzz.harness import CliCase, PlayCase
from tests.fuzz.values import (
    MARKUP,
    NUMBERS,
    UNICODE,
    argv_safe,
    deep,
    hostile_word,
    long_word,
    number_word,
    position_file,
)
from tests.profiles import examples

GAMES = ("tree", "tictactoe", "bones", "nim")
UNKNOWN_GAMES = ("go", "TicTacToe", "tic-tac-toe", "tictactoe ", "nim\n", "bones/min", "Nim",
                 "gato", "tree.py", "games.tree.game:TreeGame", "__init__", "", "-", "[red]zqx", "[/]")
ALGORITHMS = ("negamax", "minimax", "alphabeta", "expectimax")
EVALUATORS = ("open-lines",)
LEVELS = ("1", "2", "3", "4", "5", "weak", "easy", "medium", "strong", "perfect")

# --- settings ------------------------------------------------------------------------------------
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
          HealthCheck.large_base_example]
settings.register_profile("fuzz-ci", derandomize=True, database=None, deadline=None,
                          suppress_health_check=_QUIET, print_blob=False)
settings.register_profile("fuzz-long", derandomize=False, database=None, deadline=None,
                          suppress_health_check=_QUIET, print_blob=True)
#: Cases per category in CI (the `full` profile of tests/profiles.py): a few thousand in all, under
#: two minutes on two cores. Another profile scales them as it scales every property test.
CI_CASES = {"games": 100, "analyze": 1100, "solve": 550, "play": 180, "interrupt": 16,
            "session": 120, "session-lines": 200, "chess": 100, "chess-session": 20, "uci": 60}


def fuzz_settings(category: str) -> settings:
    """The fuzz profile's settings with the category's share of the loaded profile's examples."""
    profile = os.environ.get("MINIMAX_FUZZ_PROFILE", "fuzz-ci")
    scale = float(os.environ.get("MINIMAX_FUZZ_SCALE", "1"))
    share = CI_CASES[category] / profiles.COUNTS[profiles.FULL] * scale
    return settings(settings.get_profile(profile), max_examples=examples(share).max_examples)


# --- units of a command line ---------------------------------------------------------------------
@dataclass(frozen=True)
class Unit:
    """Words that belong together: an option and its value, or one positional word."""

    name: str
    words: tuple[str, ...]
    sane: bool = True


def weighted(*choices: tuple[int, st.SearchStrategy[Any]]) -> st.SearchStrategy[Any]:
    """One of the strategies, the earlier ones (and those with more weight) more often."""
    pool = [strategy for weight, strategy in choices for _ in range(weight)]
    return st.sampled_from(range(len(pool))).flatmap(lambda i: pool[i])


#: How hostile one case is, shared by every strategy that builds it: 0 every word sane (the
#: success paths), 1 now and then a hostile word (about one a case), 2 hostile words everywhere.
HOSTILITY = st.shared(st.sampled_from((0, 0, 0, 1, 1, 2)), key="minimax-fuzz-hostility")
_RATE = {0: 0, 1: 12, 2: 35}


def hostile_now(draw: st.DrawFn) -> bool:
    """Whether the next word of this case is hostile, at the case's hostility level."""
    level = draw(HOSTILITY)
    return level > 0 and draw(st.integers(0, 99)) < _RATE[level]


@st.composite
def option(draw: st.DrawFn, name: str, sane: st.SearchStrategy[str],
           hostile: st.SearchStrategy[str] | None = None, short: str | None = None) -> Unit:
    """`--name value` (or `--name=value`, or the short form), the value sane or hostile."""
    is_sane = hostile is None or not hostile_now(draw)
    value = draw(sane if is_sane or hostile is None else hostile)
    form = draw(st.integers(0, 5))
    if form == 0:
        words: tuple[str, ...] = (f"{name}={value}",)
    elif form == 1 and short is not None:
        words = (short, value)
    else:
        words = (name, value)
    return Unit(name, words, is_sane)


@st.composite
def flag(draw: st.DrawFn, name: str) -> Unit:
    """`--name`, or hostile: `--name=value` (a flag takes none)."""
    if hostile_now(draw):
        value = draw(st.sampled_from(("true", "1", "no", "[/]", "")))
        return Unit(name, (f"{name}={value}",), sane=False)
    return Unit(name, (name,))


@cache
def count_words(low: int, high: int) -> st.SearchStrategy[str]:
    """A count from low to high in any of the accepted spellings."""
    def spell(pair: tuple[int, int]) -> str:
        number, form = pair
        if form == 1:
            return f"{number:_}"
        if form == 2 and number > 0 and str(number).rstrip("0") == "1":
            return f"10**{len(str(number)) - 1}"
        if form == 3 and number > 0 and str(number).rstrip("0") == "1":
            return f"1e{len(str(number)) - 1}"
        return str(number)

    return st.tuples(st.integers(low, high), st.integers(0, 3)).map(spell)


@cache
def hostile_value() -> st.SearchStrategy[str]:
    return weighted((3, number_word()), (2, hostile_word()))


@cache
def seconds(low: float, high: float) -> st.SearchStrategy[str]:
    """Seconds from low to high, written 0.012, 0.0123 or 1.23e-02."""
    return st.tuples(st.floats(low, high), st.sampled_from(("{:.3f}", "{:g}", "{:.2e}"))).map(
        lambda pair: pair[1].format(pair[0]))


# --- game parameters ------------------------------------------------------------------------------
@cache
def _amounts(high: int) -> st.SearchStrategy[str]:
    return st.lists(st.integers(1, high), min_size=1, max_size=5, unique=True).map(
        lambda xs: ",".join(map(str, sorted(xs))))


_BAD_TAKE = ("0", "-1", "1,,2", "1,1", "", ",", "1 2", "1;2", "3,2,1", "1,2,3,", "1.5", "10**30",
             "1e30", "1,2,1000000000000000000000000000000", ",".join(map(str, range(1, 101))),
             ",".join(map(str, range(1, 1_001))), ",".join(map(str, range(1, 5_001))),
             "1," * 50_000 + "1")
_BAD_HEAPS = ("", ",", "1,", ",1", "-1", "1.5", "1000000000", "10**18", "3000", "1e9",
              ",".join(["1"] * 1_000), ",".join(["1"] * 100_000), "1 2", "1;2", "0,0,0",
              "9" * 120, "3,4,5/min", "x")


@cache
def game_params(game: str, command: str) -> st.SearchStrategy[tuple[dict[str, int], list[Unit]]]:
    """The game's parameters as units, and the sane ones' values (for positions that fit)."""
    solve = command == "solve"
    bad = weighted((2, hostile_value()), (1, st.sampled_from(_BAD_TAKE + _BAD_HEAPS)))

    @st.composite
    def build(draw: st.DrawFn) -> tuple[dict[str, int], list[Unit]]:
        units: list[Unit] = []
        sizes: dict[str, int] = {}
        if game == "bones":
            if command == "play":  # a game as long as the heap: keep it short
                n: st.SearchStrategy[Any] = st.integers(1, 40)
            elif solve:
                n = st.integers(0, 100_000) | st.sampled_from(("10**8", "1e18", "10**30", "12" * 15))
            else:
                n = st.integers(0, 10**6).map(str) | count_words(0, 10**18)
            specs = [("--n", n.map(str), bad), ("--take", _amounts(12),
                                                 st.sampled_from(_BAD_TAKE) | bad)]
        elif game == "nim":
            heaps = st.lists(st.integers(0, 200 if solve else 12), min_size=1, max_size=5)
            specs = [("--heaps", heaps.map(lambda xs: ",".join(map(str, xs))),
                      st.sampled_from(_BAD_HEAPS) | bad)]
        elif game == "tictactoe":
            rows = draw(st.integers(1, 4 if solve else 6 if command == "play" else 8))
            cols = draw(st.integers(1, min(8, 12 // rows) if solve else 6 if command == "play" else 8))
            k = draw(st.integers(1, max(rows, cols)))
            sizes = {"rows": rows, "cols": cols, "k": k}
            specs = [(f"--{key}", st.just(str(value)), bad) for key, value in sizes.items()]
        else:
            specs = []
        for name, sane, hostile in specs:
            # solve keeps its boards small: rows and cols are always given
            keep = solve and name in ("--rows", "--cols")
            if not keep and draw(st.integers(0, 2)) == 0:
                if name[2:] in sizes:
                    sizes[name[2:]] = 3  # the default
                continue
            unit = draw(option(name, sane, hostile))
            units.append(unit)
        if game in ("bones", "nim") and draw(st.integers(0, 3)) == 0:
            units.append(draw(flag("--misere")))
        if hostile_now(draw) and draw(st.booleans()):  # an unknown parameter, or one twice
            name = draw(st.sampled_from(("--foo", "--rows", "--n", "--take", "--heaps", "--",
                                         "---n", "--N", "--=", "--take=")))
            units.append(Unit(name, (name, draw(hostile_value())), sane=False))
        if units and hostile_now(draw) and draw(st.booleans()):
            units.append(draw(st.sampled_from(units)))
        return ({k: v for k, v in sizes.items()} if all(u.sane for u in units) else {}), units

    return build()


# --- positions ------------------------------------------------------------------------------------
@st.composite
def reached_position(draw: st.DrawFn, game: str, sizes: dict[str, int], playable: bool = False
                     ) -> str:
    """A valid position of `game` (with the sane `sizes`): legal moves from the start (stopping
    short of the end when `playable`)."""
    try:
        board = registry.create(game, {k: str(v) for k, v in sizes.items()})
    except (registry.ParameterError, GameError):  # sizes the command refuses (k = 3 on 2x2)
        board = registry.create(game)
    state = board.initial_state()
    for choice in draw(st.lists(st.integers(0, 10**6), max_size=12)):
        moves = board.legal_moves(state)
        if not moves or board.outcome(state) is not None:
            break
        after = board.play(state, moves[choice % len(moves)])
        if playable and board.outcome(after) is not None:
            break
        state = after
    text = board.format_position(state)
    if game == "tictactoe" and draw(st.booleans()):  # the other spellings of a board
        text = text.replace("/", "").lower().replace(".", draw(st.sampled_from(".-_")))
    return text


@cache
def _leaf() -> st.SearchStrategy[str]:
    return weighted((8, st.integers(-100, 100).map(str)),
                    (1, st.sampled_from(("1e400", "-1e400", "NaN", "Infinity", "-Infinity", "true",
                                         "null", '"a"', "1" * 5000, "1" + "0" * 400, "-0", "1.5e308",
                                         "0.1", "1e-400", "[]", "{}"))),
                    (1, st.floats(allow_nan=False, allow_infinity=False).map(repr)))


@cache
def _label() -> st.SearchStrategy[str]:
    import json

    return weighted((4, st.sampled_from(("A", "B", "C", "1", "2", "A"))),
                    (1, hostile_word())).map(json.dumps)


@cache
def tree_json(small: bool) -> st.SearchStrategy[str]:
    def extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        lists = st.lists(children, min_size=0 if not small else 1, max_size=4).map(
            lambda xs: "[" + ",".join(xs) + "]")
        labelled = st.tuples(_label(), lists).map(
            lambda p: f'{{"label":{p[0]},"children":{p[1]}}}')
        valued = st.tuples(_label(), _leaf()).map(lambda p: f'{{"label":{p[0]},"value":{p[1]}}}')
        return weighted((4, lists), (1, labelled), (1, valued))

    leaves = st.integers(-20, 20).map(str) if small else _leaf()
    return st.recursive(leaves, extend, max_leaves=25 if small else 40)


@st.composite
def random_tree_spec(draw: st.DrawFn, small: bool) -> str:
    parts = []
    for key, sane, high in (("branching", (1, 4), 10), ("depth", (1, 5 if small else 8), 12),
                            ("seed", (0, 10**6), 0), ("low", (-20, 0), 0), ("high", (1, 20), 0)):
        if draw(st.integers(0, 2)) == 0:
            continue
        hostile = st.sampled_from((str(high), "0", "-1", "1e400", "10**400", "nan", "x", "",
                                   "1" * 500, str(10**400), "²"))
        value = draw(weighted((6, st.integers(*sane).map(str)), (1, hostile)))
        parts.append(f"{key}={value}")
    if draw(st.integers(0, 9)) == 0:
        parts.append(draw(st.sampled_from(("foo=1", "branching=2", "depth", "=", ",", ""))))
    head = draw(st.sampled_from(("random:", "random:", "random", "RANDOM:", "random;")))
    return head + ",".join(parts)


def sane_position(game: str, sizes: dict[str, int], command: str) -> st.SearchStrategy[str]:
    if game == "tree":
        return _tree_position(command == "solve")
    if game in ("bones", "nim"):
        return _heap_position(game, command == "play")
    return reached_position(game, sizes, command == "play")


_TURN = st.sampled_from(("", "", "", "/min", "/max", "/MIN", " /min"))


@cache
def _tree_position(small: bool) -> st.SearchStrategy[str]:
    base = weighted((3, tree_json(small)), (1, random_tree_spec(small)),
                    (1, st.sampled_from(("@abcd", "@subtree", "@order"))))
    return st.tuples(base, _TURN).map("".join)


@cache
def _heap_position(game: str, playable: bool) -> st.SearchStrategy[str]:
    return st.tuples(reached_position(game, {}, playable), _TURN).map(
        lambda pair: pair[0] if "/" in pair[0] else "".join(pair))


@st.composite
def position(draw: st.DrawFn, game: str, sizes: dict[str, int], command: str
             ) -> tuple[Unit | None, bytes | None]:
    """The position word (None: the start) and stdin, sane or hostile, as text, file or stdin."""
    if game not in GAMES or hostile_now(draw):
        if draw(st.integers(0, 3)) == 0:
            return None, None
        if draw(st.integers(0, 4)) == 0:  # from stdin
            stdin = draw(hostile_word().map(lambda w: w.encode("utf-8", "surrogateescape"))
                         | st.binary(max_size=64))
            return Unit("position", ("-",), sane=False), stdin
        return Unit("position", (draw(hostile_word()),), sane=False), None
    kind = draw(st.integers(0, 9))
    if kind <= 2:
        return None, None
    text = draw(sane_position(game, sizes, command))
    if kind == 7:  # the same text from a file
        return Unit("position", (position_file(text.encode("utf-8")),)), None
    if kind == 8 and command != "play":  # from stdin
        return Unit("position", ("-",)), text.encode("utf-8")
    return Unit("position", (text,)), None


# --- options of each command ----------------------------------------------------------------------
@cache
def _name_word(names: tuple[str, ...]) -> st.SearchStrategy[str]:
    return weighted((4, st.sampled_from(names)),
                    (1, st.sampled_from(names).map(str.upper) | hostile_word()))


#: Seconds a budget or delay must refuse (never a long one it should accept: a slow case is a
#: finding only when the user did not ask for it).
_BAD_SECONDS = st.sampled_from(("inf", "-inf", "nan", "1e308", "-1", "0", "1e400", "-0", "1e-400",
                                "x", "", "10**999", "61", "3601", "1_0_0_0_0"))
_TABLE_MB = st.sampled_from(("1", "0.01", "16", "64", "256", "1_0", "1e2"))
_BAD_TABLE_MB = st.sampled_from(("0", "-1", "nan", "inf", "-inf", "1e400", "16385", "abc",
                                 "1e-9", "0.001", "10**5", ""))


@cache
def analyze_options(game: str) -> st.SearchStrategy[list[Unit]]:
    evaluated = game == "tictactoe"  # the one game with an evaluation function
    specs = [
        (4 if evaluated else 0, option("--depth", count_words(0, 6), hostile_value(), "-d")),
        (3, option("--time", seconds(0.001, 0.05), hostile_value() | st.sampled_from(("inf", "0")),
                   "-t")),
        (4, option("--nodes", count_words(1, 3000), hostile_value())),
        (3, option("--algorithm", _name_word(ALGORITHMS), hostile_word(), "-a")),
        (2 if evaluated else 0, option("--eval", _name_word(EVALUATORS), hostile_word())),
        (2, option("--table-mb", _TABLE_MB, _BAD_TABLE_MB | hostile_value())),
        (2, flag("--tree")), (2, flag("--compare")), (4, flag("--json")),
    ]
    return _some(specs)


@cache
def solve_options(game: str) -> st.SearchStrategy[list[Unit]]:
    specs = [
        (4 if game == "bones" else 0, option("--upto", count_words(0, 60), hostile_value()
                                             | st.sampled_from(("10**6", "1e18", "100000000")))),
        (1, flag("--tree")),
        (2, option("--table-mb", st.sampled_from(("1", "16", "64")), hostile_value())),
        (5, flag("--json")),
    ]
    return _some(specs)


@cache
def play_options(game: str) -> st.SearchStrategy[list[Unit]]:
    evaluated = game == "tictactoe"
    specs = [
        (2, option("--side", st.sampled_from(("first", "second", "x", "o", "max", "min", "1",
                                              "2", "X")), hostile_word(), "-s")),
        (1, flag("--ai-first")),
        (3, option("--level", _name_word(LEVELS), hostile_value(), "-l")),
        (1, option("--algorithm", _name_word(ALGORITHMS[:3]), hostile_word(), "-a")),
        (1 if evaluated else 0, option("--depth", count_words(1, 3), hostile_value(), "-d")),
        (2, option("--time", seconds(0.005, 0.03), _BAD_SECONDS | hostile_word(), "-t")),
        (1 if evaluated else 0, option("--eval", _name_word(EVALUATORS), hostile_word())),
        (2, option("--seed", st.integers(0, 10**6).map(str), hostile_value())),
        (1, option("--vs", st.sampled_from(("ai", "AI")), hostile_word())),
        (1, option("--vs", st.just("human"), hostile_word())),
        (2, flag("--watch")),
        (1, option("--delay", st.sampled_from(("0", "0.0", "0.001")), _BAD_SECONDS | hostile_word())),
        (2, st.sampled_from(("--review", "--no-review")).map(lambda w: Unit(w, (w,)))),
    ]
    return _some(specs)


def _some(specs: list[tuple[int, st.SearchStrategy[Unit]]]) -> st.SearchStrategy[list[Unit]]:
    """Each option with probability weight/10."""
    @st.composite
    def build(draw: st.DrawFn) -> list[Unit]:
        units = []
        for weight, spec in specs:
            if draw(st.integers(0, 9)) < weight:
                units.append(draw(spec))
        return units

    return build()


def _sane(units: list[Unit], *names: str) -> bool:
    return any(u.name in names and u.sane for u in units)


def _without(units: list[Unit], *names: str) -> list[Unit]:
    return [u for u in units if u.name not in names]


def consistent(command: str, units: list[Unit], positioned: bool) -> list[Unit]:
    """Sane units made to agree, so that the sane cases succeed: options that exclude each other
    are dropped (unless hostile: then the refusal is what the case tests)."""
    names = {u.name for u in units if u.sane}
    if positioned:  # a position replaces the parameter that sets the start
        units = [u for u in units if not (u.sane and u.name in ("--n", "--heaps"))]
    if command == "analyze" and "--compare" in names:
        units = [u for u in units if not (u.sane and u.name == "--algorithm")]
    if command == "play":
        vs = [u for u in units if u.name == "--vs"]
        units = [u for u in units if u.name != "--vs" or u is vs[0]]  # one --vs
        human = bool(vs) and vs[0].sane and vs[0].words[-1].endswith("human")
        if "--watch" in names and human:
            units = _without(units, "--vs")
        if "--watch" in names or human:
            units = [u for u in units if not (u.sane and u.name in ("--side", "--ai-first"))]
        elif "--side" in names and "--ai-first" in names:
            units = _without(units, "--ai-first")
    return units


def bounded(command: str, units: list[Unit], draw: st.DrawFn) -> list[Unit]:
    """Units with a small budget added where the case gives none, so every case ends quickly."""
    if command == "analyze" and not _sane(units, "--time", "--nodes"):
        given = {u.name for u in units}
        if "--nodes" in given and "--time" in given:
            units = _without(units, "--nodes")
            given.discard("--nodes")
        if "--time" in given or ("--nodes" not in given and draw(st.booleans())):
            units.append(Unit("--nodes", ("--nodes", str(draw(st.integers(1, 3000))))))
        else:
            units.append(Unit("--time", ("--time", "0.05")))
    if command == "play":
        if not any(u.name == "--time" for u in units):
            units.append(Unit("--time", ("--time", "0.02")))
        if not any(u.name == "--delay" for u in units):
            units.append(Unit("--delay", ("--delay", "0")))
    return units


# --- whole command lines --------------------------------------------------------------------------
OPTIONS = {"analyze": analyze_options, "solve": solve_options, "play": play_options}


@st.composite
def game_choice(draw: st.DrawFn) -> str:
    if not hostile_now(draw):
        return draw(st.sampled_from(GAMES))
    name: str = draw(weighted((1, st.sampled_from(UNKNOWN_GAMES)), (1, hostile_word())))
    return name


@st.composite
def command_case(draw: st.DrawFn, command: str) -> CliCase:
    """`minimax COMMAND GAME [POSITION] [parameters] [options]`, hostile here and there."""
    game = draw(game_choice())
    kind = game if game in GAMES else "?"
    sizes, units = draw(game_params(kind, command))
    where, stdin = draw(position(game, sizes, command))
    units = consistent(command, units + draw(OPTIONS[command](kind)), where is not None)
    units = bounded(command, draw(st.permutations(units)), draw)
    head = [Unit("game", (game,))] + ([where] if where is not None else [])
    everything = draw(st.permutations(head + units)) if hostile_now(draw) else head + units
    words = [word for unit in everything for word in unit.words]
    if hostile_now(draw):  # a stray word anywhere
        words.insert(draw(st.integers(0, len(words))), draw(hostile_word()))
    if command == "play":
        stdin = draw(play_lines(game, scripted=True)).encode("utf-8", "surrogateescape")
    return CliCase(command, tuple(argv_safe(w) for w in [command, *words]), stdin)


@st.composite
def games_case(draw: st.DrawFn) -> CliCase:
    words = draw(st.lists(weighted((3, st.sampled_from(GAMES)), (1, st.sampled_from(UNKNOWN_GAMES)),
                                   (2, hostile_word())), max_size=2))
    return CliCase("games", tuple(argv_safe(w) for w in ["games", *words]))


@st.composite
def interrupt_case(draw: st.DrawFn) -> CliCase:
    """A command that runs for a while, and Ctrl-C some time into it."""
    argv = draw(st.sampled_from((
        ("analyze", "tictactoe", "--rows", "4", "--cols", "4", "--k", "4", "--time", "0.6"),
        ("analyze", "tictactoe", "--rows", "5", "--cols", "5", "--k", "4", "--compare", "--time",
         "0.3"),
        ("solve", "bones", "--n", "3000000"),
        ("solve", "tictactoe", "--rows", "3", "--cols", "4", "--json"),
        ("solve", "bones", "--n", "200000", "--take", "1,3,4", "--upto", "20"),
        ("play", "tictactoe", "--time", "0.2", "--watch", "--delay", "0", "--no-review"),
        ("play", "tictactoe", "--rows", "4", "--cols", "4", "--k", "3", "--time", "0.3"),
    )))
    stdin = b"hint\n6\n7\n8\nundo\n" if argv[0] == "play" else None
    after = draw(st.floats(0.0, 0.5))
    return CliCase("interrupt", argv, stdin, interrupt_after=round(after, 3))


# --- play sessions --------------------------------------------------------------------------------
COMMAND_WORDS = ("hint", "undo", "why", "board", "help", "?", "h", "HINT", " hint ", "y", "n",
                 "yes", "no")
KEYS = ("\x04", "\t", "\t\t", "\x1b[A", "\x1b[B", "\x1b[D", "\x1b", "\x1b[200~", "\x1b[201~",
        "\x7f", "\x15", "\x1a", "\x0c", "\x12", "\x1bOP", "\x1b[3~", "\x17", "\x08", "\x00")
_MOVES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "b2", "a1", "1:1", "2:3", "B", "C")
#: Bracketed paste, as a terminal sends pasted text.
PASTE = "\x1b[200~%s\x1b[201~"
_NEAR_MOVES = ("0", "10", "-1", "+1", "1.0", "1e0", "01", " 5", "5 ", "5,", "5 6", "a4", "j1",
               "A1", "i9", "1:0", "0:1", "9:9", "1:", ":1", "1:1:1", "Z", "B", "b", "4", "²",
               "1:²", "٣", "９", "9" * 5000, "a" + "9" * 5000, "1:" + "9" * 5000, "1" * 101,
               "9" * 4300 + ":1")


@cache
def play_lines(game: str, scripted: bool) -> st.SearchStrategy[str]:
    """Input lines for a session: moves, near misses, commands and hostile text; at a terminal
    also raw keys (Ctrl-D, Tab, arrows, escapes) and, rarely, Ctrl-C."""
    line = weighted((4, st.sampled_from(_MOVES)),
                    (2, st.sampled_from(COMMAND_WORDS)), (2, st.sampled_from(_NEAR_MOVES)),
                    (2, hostile_word().filter(lambda w: len(w) <= 20_000)),
                    (0 if scripted else 1, st.sampled_from(("quit", "q", "exit"))))
    if scripted:
        item = line.map(lambda text: text + "\n")
    else:  # a long line is pasted: prompt-toolkit takes a millisecond a typed key
        item = line.map(lambda text: (PASTE % text if len(text) > 40 else text) + "\r")
        item = weighted((8, item), (2, st.sampled_from(KEYS)), (1, st.just("\x03")))
    return st.lists(item, max_size=25).map("".join)


_SETUPS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("tictactoe", ()), ("tictactoe", ()), ("tictactoe", (("rows", "3"), ("cols", "4"))),
    ("tictactoe", (("rows", "4"), ("cols", "4"), ("k", "3"))),
    ("tictactoe", (("rows", "5"), ("cols", "5"), ("k", "4"))),
    ("bones", ()), ("bones", (("n", "12"), ("take", "1,3,4"))), ("bones", (("misere", "true"),)),
    ("nim", ()), ("nim", (("heaps", "1,2,3"),)), ("nim", (("heaps", "4,4"), ("misere", "true"))),
    ("tree", ()),
)


@st.composite
def play_case(draw: st.DrawFn, scripted: bool) -> PlayCase:
    """A session of a small game, from its start or a reached position, with valid options."""
    game, params = draw(st.sampled_from(_SETUPS))
    board = registry.create(game, dict(params))
    start = None
    if draw(st.booleans()):
        sizes = {k: int(v) for k, v in params if k in ("rows", "cols", "k")}
        start = draw(reached_position(game, sizes)) if game != "tree" else draw(
            st.sampled_from(("@abcd", "@subtree", "@order", "random:branching=3,depth=4,seed=7")))
        if board.outcome(board.parse_position(start)) is not None:
            start = None  # a finished game cannot be played; the CLI cases cover that refusal
    small = dict(params).get("rows", "3") == "3"  # watching a 5x5 game takes seconds
    mode = draw(st.sampled_from(("ai", "ai", "ai", "human", "watch") if small else ("ai", "human")))
    options: dict[str, Any] = {"seed": draw(st.integers(0, 1000)),
                               "budget": draw(st.sampled_from((0.005, 0.01, 0.02))),
                               "review": draw(st.booleans()),
                               "level": draw(st.sampled_from(LEVELS))}
    if mode == "watch":
        options["watch"] = True
    elif mode == "human":
        options["vs"] = "human"
    else:
        side = draw(st.sampled_from((None, "first", "second")))
        if side is not None:
            options["side"] = side
        elif draw(st.booleans()):
            options["ai_first"] = True
    if game == "tictactoe" and draw(st.integers(0, 3)) == 0:
        options["depth"] = draw(st.integers(1, 3))
    if draw(st.integers(0, 4)) == 0:
        options["algorithm"] = draw(st.sampled_from(("negamax", "alphabeta", "minimax")))
    try:  # only valid set-ups: the CLI cases try the invalid ones
        interactive.make_config(board, start=None if start is None else board.parse_position(start),
                                **options)
    except (interactive.ConfigError, GameError):
        reject()
    keys = draw(play_lines(game, scripted))
    return PlayCase("session-lines" if scripted else "session", game, params, start,
                    tuple(sorted(options.items())), keys, scripted)


__all__ = ["ALGORITHMS", "CI_CASES", "GAMES", "MARKUP", "NUMBERS", "PASTE", "UNICODE", "Unit",
           "command_case", "deep", "fuzz_settings", "games_case", "interrupt_case", "long_word",
           "play_case", "play_lines"]
