"""The contract every game keeps, checked over every registered game and the documented plug-in
example: a new game gets these tests for free. Each check is a function of a game and its
positions (`check_contract(game, label)` runs them all), so that a game installed by a test
(tests/test_plugins.py) goes through the same checks.

Positions come from seeded random playouts (from the start and from the game's named positions).
On each: notation round-trips, legal moves exactly while the game goes on, valid returns at the
end, the player to move, chance probabilities, move ordering, evaluators inside the heuristic band;
on small positions a search to the end agrees with itself with and without symmetry and with plain
minimax, and states sharing a canonical key get the same value. The parsers are fuzzed: whatever
they are fed, they answer or raise a GameError. Where theory counts the move sequences, the game's
tree has those counts.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minimax_cli import registry
from minimax_cli.core import CHANCE, Game, GameError
from minimax_cli.core.score import HEURISTIC_LIMIT
from minimax_cli.core.search import search
from tests.profiles import examples

AnyGame = Game[Any, Any]
CONTRIBUTING = Path(__file__).resolve().parents[1] / "docs" / "contributing.md"


def readme_game() -> AnyGame:
    """The Race game of the "Adding a game" section (docs/contributing.md, linked from the
    README), run as written there."""
    text = CONTRIBUTING.read_text(encoding="utf-8")
    section = text.split("## Adding a game", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match is not None, "the Adding a game section has no python example"
    namespace: dict[str, Any] = {}
    exec(compile(match.group(1), "contributing-race.py", "exec"), namespace)
    classes = [v for v in namespace.values()
               if isinstance(v, type) and issubclass(v, Game) and v is not Game]
    assert len(classes) == 1
    game: AnyGame = classes[0]()
    return game


@dataclass(frozen=True)
class Case:
    label: str
    make: Callable[[], AnyGame]


def variant(name: str, **params: str) -> Case:
    label = name + "".join(f"-{k}={v}" for k, v in params.items())
    return Case(label, lambda: registry.create(name, params))


CASES = [
    *(variant(name) for name in registry.names()),
    variant("tictactoe", rows="4", cols="4", k="4"),
    variant("tictactoe", rows="3", cols="4", k="3"),
    variant("bones", take="1,3,4", misere="yes"),
    variant("nim", heaps="1,2,3,2", misere="yes"),
    Case("readme-race", readme_game),
]
IDS = [c.label for c in CASES]


def same_state(game: AnyGame, a: Any, b: Any) -> bool:
    """Equal states; where states compare by identity (explicit trees: two readings of one text
    differ), by what their notation shows and whose turn it is."""
    text = game.format_position(a)
    if game.parse_position(text) == game.parse_position(text):
        return bool(a == b)
    return (game.format_position(a) == game.format_position(b)
            and game.to_move(a) == game.to_move(b))


def state_id(game: AnyGame, state: Any) -> Hashable:
    return (game.format_position(state), game.to_move(state))


@cache
def positions(case: Case) -> tuple[AnyGame, list[Any]]:
    """A few hundred distinct states from seeded random playouts, every one played to the end."""
    game = case.make()
    return game, playout_states(game, case.label)


def playout_states(game: AnyGame, label: str) -> list[Any]:
    """positions(): the states of `game` its playouts seeded by `label` reach."""
    starts = [game.initial_state(), *(game.parse_position(n) for n in game.named_positions())]
    rng = random.Random(f"contract {label}")
    seen: dict[Hashable, Any] = {}
    for playout in range(120):
        state = starts[playout % len(starts)]
        for _ in range(500):
            seen.setdefault(state_id(game, state), state)
            if game.outcome(state) is not None:
                break
            if game.to_move(state) == CHANCE:
                moves, weights = zip(*game.chance_outcomes(state), strict=True)
                move = rng.choices(moves, [float(w) for w in weights])[0]
            else:
                move = rng.choice(list(game.legal_moves(state)))
            state = game.play(state, move)
        else:
            pytest.fail(f"a playout of {label} did not end in 500 plies")
        if len(seen) >= 300:
            break
    return list(seen.values())


def check_contract(game: AnyGame, label: str) -> None:
    """Every check of this module on `game`, its positions from playouts seeded by `label`."""
    states = playout_states(game, label)
    check_notation_round_trips(game, states)
    check_rules_are_consistent(game, states)
    check_hooks_keep_their_promises(game, states)
    if searched_by_the_engine(game):
        check_searches_agree(game, states)
    check_parsers(game, states)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_notation_round_trips(case: Case) -> None:
    check_notation_round_trips(*positions(case))


def check_notation_round_trips(game: AnyGame, states: list[Any]) -> None:
    for state in states:
        text = game.format_position(state)
        again = game.parse_position(text)
        assert same_state(game, again, state), f"{text!r} reads back as another position"
        assert game.format_position(again) == text
        if game.to_move(state) == CHANCE:
            continue
        for move in game.legal_moves(state):
            notation = game.format_move(state, move)
            assert game.parse_move(state, notation) == move, (text, notation)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_rules_are_consistent(case: Case) -> None:
    check_rules_are_consistent(*positions(case))


def check_rules_are_consistent(game: AnyGame, states: list[Any]) -> None:
    kind = game.game_type
    terminal = 0
    for state in states:
        hash(state)
        text = game.format_position(state)
        moves = list(game.legal_moves(state))
        value = game.outcome(state)
        assert (value is not None) == (not moves), f"{text}: moves {moves}, outcome {value}"
        if value is None:
            assert game.returns(state) is None
            player = game.to_move(state)
            assert player in range(kind.players) or (kind.chance and player == CHANCE)
            if player == CHANCE:
                outcomes = list(game.chance_outcomes(state))
                assert sorted(map(repr, (m for m, _ in outcomes))) == sorted(map(repr, moves))
                probabilities = [p for _, p in outcomes]
                assert all(p > 0 for p in probabilities)
                assert sum(probabilities, Fraction(0)) == 1  # exactly, not nearly
            for move in moves:
                game.play(state, move)
                assert game.format_position(state) == text  # play never mutates a state
            continue
        terminal += 1
        returns = game.returns(state)
        assert returns is not None and len(returns) == kind.players
        assert value == returns[0]
        if kind.zero_sum:
            assert sum(returns) == 0
        if kind.win_loss:
            assert value in (-1, 0, 1)
        for r in returns:
            assert math.isfinite(r)
            assert kind.low is None or kind.low <= r
            assert kind.high is None or r <= kind.high
    assert terminal > 0, "no playout reached the end of the game"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_hooks_keep_their_promises(case: Case) -> None:
    check_hooks_keep_their_promises(*positions(case))


def check_hooks_keep_their_promises(game: AnyGame, states: list[Any]) -> None:
    evaluators = game.evaluators()
    for state in states:
        if game.outcome(state) is not None or game.to_move(state) == CHANCE:
            continue
        moves = list(game.legal_moves(state))
        ordered = list(game.order_moves(state, moves))
        assert Counter(ordered) == Counter(moves), "order_moves must permute the legal moves"
        assert list(game.order_moves(state, moves)) == ordered, "order_moves must be deterministic"
        hash(game.canonical_key(state))
        if not game.has_symmetry:
            assert game.canonical_key(state) == state
        for name, evaluate in evaluators.items():
            h = evaluate(state)
            assert isinstance(h, int | float | Fraction) and not isinstance(h, bool), name
            assert math.isfinite(h) and abs(h) < HEURISTIC_LIMIT, (name, h)
            assert evaluate(state) == h, f"{name} must be deterministic"


def small(game: AnyGame, state: Any, cap: int) -> bool:
    """True when at most `cap` distinct states are reachable from `state`."""
    seen = {state_id(game, state)}
    frontier = [state]
    while frontier:
        s = frontier.pop()
        for move in game.legal_moves(s):
            child = game.play(s, move)
            key = state_id(game, child)
            if key not in seen:
                seen.add(key)
                if len(seen) > cap:
                    return False
                frontier.append(child)
    return True


def public_attributes(game: AnyGame) -> dict[str, Any]:
    return {k: v for k, v in vars(game).items() if not k.startswith("_")}


def searched_by_the_engine(game: AnyGame) -> bool:
    return not game.game_type.chance and game.game_type.players == 2


@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.slow  # every search on every game, seconds for some
def test_searches_agree_and_symmetric_positions_share_a_value(case: Case) -> None:
    game, states = positions(case)
    if not searched_by_the_engine(game):
        pytest.skip("the engine serves two-player deterministic games")
    check_searches_agree(game, states)


def check_searches_agree(game: AnyGame, states: list[Any]) -> None:
    """On small positions, the engine with and without symmetry and plain minimax agree, and
    states sharing a canonical key share a value."""
    before = (repr(game), public_attributes(game))
    chosen = [s for s in states if small(game, s, 400)][:60]
    assert chosen, "no small positions to search"
    values: dict[Hashable, Any] = {}
    for state in chosen:
        with_symmetry = search(game, state, "negamax")
        plain = search(game, state, "negamax", symmetry=False)
        reference = search(game, state, "minimax")
        assert with_symmetry.max_score == plain.max_score and with_symmetry.exact
        assert {m.move: m.max_score for m in with_symmetry.moves} == {
            m.move: m.max_score for m in plain.moves}
        assert reference.value == plain.value
        key = game.canonical_key(state)
        if key in values:
            assert values[key] == plain.max_score, (
                f"{game.format_position(state)} shares a canonical key with a position of "
                f"another value")
        values[key] = plain.max_score
    assert (repr(game), public_attributes(game)) == before, "searching changed the game object"


def symmetric_images(game: AnyGame, state: Any) -> Iterator[Any]:
    """Positions that are the same game by the rules' own symmetry, built from the notation."""
    text = game.format_position(state)
    if game.name == "tictactoe":
        grid = text.split("/")
        flips = [[row[::-1] for row in grid], grid[::-1], [row[::-1] for row in grid[::-1]]]
        if len(grid) == len(grid[0]):
            columns = ["".join(col) for col in zip(*grid, strict=True)]
            flips += [columns, columns[::-1], [c[::-1] for c in columns],
                      [c[::-1] for c in columns[::-1]]]
        for image in flips:
            yield game.parse_position("/".join(image))
    elif game.name == "nim":
        heaps, _, side = text.partition("/")
        sizes = heaps.split(",")
        rest = "/" + side if side else ""
        yield game.parse_position(",".join(reversed(sizes)) + rest)
        yield game.parse_position(",".join([*sizes, "0"]) + rest)


@pytest.mark.parametrize("case", [c for c in CASES if c.label.startswith(("tictactoe", "nim"))],
                         ids=lambda c: c.label)
def test_symmetric_images_share_a_canonical_key(case: Case) -> None:
    game, states = positions(case)
    checked = 0
    for state in states:
        for image in symmetric_images(game, state):
            assert game.canonical_key(image) == game.canonical_key(state)
            checked += 1
            if checked % 25 == 0 and small(game, state, 300):
                assert (search(game, image, "negamax", symmetry=False).max_score
                        == search(game, state, "negamax", symmetry=False).max_score)
    assert checked > 0


# --- fuzzing the parsers -------------------------------------------------------------------------
NASTY = [
    "", " ", "\n", "\t\r", "\x00", "\x1b[31m", "[/]", "[red]x", "²", "٣", "①", "1²", "Ⅷ", "−1",
    "9" * 5000, "1" + "0" * 400, "-" + "9" * 5000, "1:" + "9" * 5000, "9" * 5000 + ":1",
    "a" + "9" * 5000, "9" * 5000 + "/min", "1e999", "-1e999", "NaN", "Infinity", "-0", "0",
    "1e400", "[1e400]", "[" + "1" + "0" * 400 + "]", "[" + "9" * 5000 + "]", "[" * 3000,
    "[" * 300 + "1" + "]" * 300, '{"label":"[/]","value":1}', '{"value":true}', "[[]]", "[1,",
    "@", "@" + "x" * 1000, "random:branching=" + "9" * 5000, "random:low=" + "1" + "0" * 400,
    "random:low=-" + "9" * 5000, "random:depth=-1", "/", "/min", "/max/min", ",", ",,", "1,,2",
    "1:", ":1", "1:0", "0:1", "a0", "z1", "x", "X" * 100, "xo.xo.xo.", "ＸＯ", "\ud800",
    "3,4,5/MIN", " 7 ", "+1", "0x10", "1_000", "٣٣", "\u0661:\u0662",
]
texts = st.one_of(
    st.sampled_from(NASTY),
    st.text(),
    st.text(alphabet="0123456789,:/ .-xXoOabcminax[]{}\"@", max_size=30),
    st.builds(lambda a, b: a + b, st.sampled_from(NASTY), st.text(max_size=5)),
)


def accepts_or_refuses(parse: Callable[[str], Any], text: str) -> Any:
    """The parser's answer, None when it refused with a GameError; any other exception fails."""
    try:
        return parse(text)
    except GameError:
        return None
    except Exception as error:  # exactly what the contract forbids
        pytest.fail(f"{type(error).__name__} (not a GameError) for {text[:40]!r}...: {error}"[:300])


@pytest.mark.parametrize("case", CASES, ids=IDS)
@examples(2.5, deadline=None)
@given(text=texts)
def test_parsers_answer_or_raise_a_game_error(case: Case, text: str) -> None:
    parse_answers_or_refuses(*positions(case), text)


def check_parsers(game: AnyGame, states: list[Any]) -> None:
    """test_parsers_answer_or_raise_a_game_error, on any game."""
    @examples(2.5, deadline=None)
    @given(text=texts)
    def fuzz(text: str) -> None:
        parse_answers_or_refuses(game, states, text)

    fuzz()


def parse_answers_or_refuses(game: AnyGame, states: list[Any], text: str) -> None:
    """Whatever `text` is, the parsers answer or raise a GameError; what they accept is sound."""
    state = accepts_or_refuses(game.parse_position, text)
    if state is not None:  # whatever it accepted is a position it can write and read again
        again = game.parse_position(game.format_position(state))
        assert same_state(game, again, state)
    for where in (states[0], states[len(states) // 2], states[-1]):
        if game.to_move(where) == CHANCE:
            continue
        move = accepts_or_refuses(partial(game.parse_move, where), text)
        if move is not None:
            assert move in list(game.legal_moves(where)), f"{text!r} parsed as an illegal move"


# --- counts of move sequences where theory gives them ---------------------------------------------
def nodes_by_depth(game: AnyGame, state: Any) -> list[int]:
    """How many nodes the game tree has at each ply (move sequences of each length), merging
    transpositions but counting their paths."""
    layer: Counter[Any] = Counter({state: 1})
    counts = []
    while layer:
        counts.append(sum(layer.values()))
        below: Counter[Any] = Counter()
        for s, paths in layer.items():
            for move in game.legal_moves(s):
                below[game.play(s, move)] += paths
        layer = below
    return counts


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def brute_force_tictactoe() -> list[int]:
    """Nodes per ply of tic-tac-toe, from nothing but the rules (boards as strings)."""
    counts = [0] * 10
    layer: Counter[str] = Counter({"." * 9: 1})
    for ply in range(10):
        below: Counter[str] = Counter()
        for board, paths in layer.items():
            counts[ply] += paths
            if any(board[a] == board[b] == board[c] != "." for a, b, c in LINES):
                continue
            mark = "XO"[ply % 2]
            for cell in range(9):
                if board[cell] == ".":
                    below[board[:cell] + mark + board[cell + 1:]] += paths
        layer = below
    return counts


# Games of tic-tac-toe by length: the standard counts (nodes at plies 0..9 of the game tree).
TICTACTOE_BY_PLY = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]


def test_tictactoe_tree_has_the_known_counts_by_depth() -> None:
    assert brute_force_tictactoe() == TICTACTOE_BY_PLY
    assert sum(TICTACTOE_BY_PLY) == 549_946
    game = registry.create("tictactoe")
    assert nodes_by_depth(game, game.initial_state()) == TICTACTOE_BY_PLY


@pytest.mark.parametrize("heap", [0, 1, 4, 10, 21])
def test_bones_tree_size_follows_its_recursion(heap: int) -> None:
    @cache
    def count(h: int) -> int:  # nodes of the tree from heap h: itself and each move's subtree
        return 1 + sum(count(h - t) for t in (1, 2, 3) if t <= h)

    game = registry.create("bones", {"n": str(heap), "take": "1,2,3"})
    assert sum(nodes_by_depth(game, game.initial_state())) == count(heap)
    if heap <= 10:  # plain minimax visits every node of the tree
        assert search(game, game.initial_state(), "minimax").stats.nodes == count(heap)
