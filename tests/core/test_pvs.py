"""The PVS engine (core/search/pvs.py) on a tiny search board written here: two heaps, a move
takes 1 to 3 tokens from one of them, and the player left without a move loses. Its values are
checked against a brute-force negamax written below, which shares nothing with the engine."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

import pytest

from minimax_cli.core.game import Game, SearchError
from minimax_cli.core.result import ORDERINGS, Limits
from minimax_cli.core.score import WIN, Bound, encode
from minimax_cli.core.search import check_algorithm, search
from minimax_cli.core.search.pvs_memory import PvsMemory

Move = tuple[int, int]  # (heap, tokens taken)
State = tuple[int, int, int]  # (heap 0, heap 1, player to move)


def evaluation(a: int, b: int, turn: int) -> int:
    """An arbitrary but fixed heuristic for the side to move, inside the heuristic band."""
    return ((a * 37 + b * 91 + turn * 53) * 2654435761 >> 7) % 201 - 100


class HeapBoard:
    """The SearchBoard protocol over two heaps."""

    def __init__(self, a: int, b: int, turn: int) -> None:
        self.heaps = [a, b]
        self.turn = turn
        self.stack: list[Move] = []

    def moves(self) -> Iterator[Move]:
        for heap in (0, 1):
            for take in (1, 2, 3):
                if take <= self.heaps[heap]:
                    yield heap, take

    def noisy_moves(self) -> Iterator[Move]:
        return iter(())

    def push(self, move: Move) -> None:
        self.heaps[move[0]] -= move[1]
        self.turn ^= 1
        self.stack.append(move)

    def pop(self) -> None:
        heap, take = self.stack.pop()
        self.heaps[heap] += take
        self.turn ^= 1

    def push_null(self) -> None:
        raise AssertionError("never allowed")

    def pop_null(self) -> None:
        raise AssertionError("never allowed")

    def null_move_allowed(self) -> bool:
        return False

    def key(self) -> int:
        return hash((self.heaps[0], self.heaps[1], self.turn))

    def in_check(self) -> bool:
        return self.heaps == [0, 0]  # no move left: lost, as a mate is

    def is_draw(self) -> bool:
        return False

    def outcome(self) -> int | None:
        return -1 if self.heaps == [0, 0] else None

    def evaluate(self) -> int:
        return evaluation(self.heaps[0], self.heaps[1], self.turn)

    def is_capture(self, move: Move) -> bool:
        return move[1] == 3

    def capture_gain(self, move: Move) -> int:
        return 10 * move[1] if move[1] == 3 else 0

    def losing_capture(self, move: Move) -> bool:
        return False

    def quiet(self, move: Move) -> bool:
        return False  # never reduced: these tests compare with a search that reduces nothing


class Heaps(Game[State, Move]):
    name = "heaps-board"
    description = "two heaps, take 1 to 3 from one; no move left loses"

    def initial_state(self) -> State:
        return (5, 4, 0)

    def to_move(self, state: State) -> int:
        return state[2]

    def legal_moves(self, state: State) -> Sequence[Move]:
        return list(HeapBoard(*state).moves())

    def play(self, state: State, move: Move) -> State:
        heaps = [state[0], state[1]]
        heaps[move[0]] -= move[1]
        return heaps[0], heaps[1], state[2] ^ 1

    def outcome(self, state: State) -> float | None:
        if state[:2] != (0, 0):
            return None
        return -1.0 if state[2] == 0 else 1.0

    def parse_position(self, text: str) -> State:
        a, b, turn = map(int, text.split())
        return a, b, turn

    def format_position(self, state: State) -> str:
        return " ".join(map(str, state))

    def parse_move(self, state: State, text: str) -> Move:
        heap, take = map(int, text.split())
        return heap, take

    def format_move(self, state: State, move: Move) -> str:
        return f"{move[0]} {move[1]}"

    def search_board(self, state: State, evaluator: str | None = None) -> HeapBoard:
        return HeapBoard(*state)


def brute(state: State, depth: int, ply: int = 0) -> int:
    """Negamax over every move, for the side to move, as the engine scores: no move left loses
    -(WIN - ply); at depth 0 the evaluation."""
    a, b, turn = state
    if (a, b) == (0, 0):
        return ply - WIN
    if depth == 0:
        return evaluation(a, b, turn)
    game = Heaps()
    return max(-brute(game.play(state, move), depth - 1, ply + 1)
               for move in game.legal_moves(state))


@pytest.mark.parametrize("ordering", ORDERINGS)
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("state", [(5, 4, 0), (7, 6, 1)])
def test_pvs_without_table_agrees_with_brute_force(ordering: str, depth: int,
                                                   state: State) -> None:
    game = Heaps()
    result = search(game, state, "pvs", Limits(depth=depth), ordering=ordering, use_table=False,
                    quiescence=False)
    assert result.score is not None and result.depth is not None
    # A mate found within the depth searched in full ends the deepening early.
    assert result.depth == depth or WIN - abs(encode(result.score.relative)) <= result.depth
    assert encode(result.score.relative) == brute(state, depth)
    for move in result.moves:
        child = -brute(game.play(state, move.move), result.depth - 1, 1)
        number = encode(move.score.relative)  # the engine's number of a score
        if move.score.relative.bound is Bound.EXACT:
            assert number == child
        else:  # it could not beat the best before it: an upper bound
            assert move.score.relative.bound is Bound.UPPER and child <= number


@cache
def solved(a: int, b: int) -> int:
    """The game's value for the side to move as the engine scores it, -(WIN - plies) for a loss
    in so many plies, WIN - plies for a win (the player to move does not change the rules)."""
    if (a, b) == (0, 0):
        return -WIN
    values = []
    for heap, take in Heaps().legal_moves((a, b, 0)):
        child = -solved(a - take if heap == 0 else a, b - take if heap == 1 else b)
        values.append(child - 1 if child > 0 else child + 1)  # one ply farther
    return max(values)


@pytest.mark.parametrize("state", [(5, 4, 0), (4, 4, 1), (6, 3, 0), (7, 0, 1), (9, 8, 0),
                                   (11, 7, 1), (12, 12, 0)])
def test_pvs_with_table_finds_the_game_value(state: State) -> None:
    # Deep enough to reach the end everywhere: the value is the game's, whatever the table did.
    result = search(Heaps(), state, "pvs", Limits(depth=30), quiescence=False)
    assert result.score is not None
    assert encode(result.score.relative) == solved(state[0], state[1])


def test_ordering_changes_the_nodes_not_the_value() -> None:
    results = {o: search(Heaps(), (9, 8, 0), "pvs", Limits(depth=5), ordering=o, use_table=False,
                         quiescence=False) for o in ORDERINGS}
    values = {r.score.relative.number for r in results.values() if r.score is not None}
    assert len(values) == 1
    assert results["none"].stats.nodes != results["full"].stats.nodes


def test_a_stopped_search_reports_only_a_completed_depth() -> None:
    full = search(Heaps(), (9, 8, 0), "pvs", Limits(depth=6), quiescence=False)
    stopped = search(Heaps(), (9, 8, 0), "pvs", Limits(depth=6, nodes=full.stats.nodes - 1),
                     quiescence=False)
    assert stopped.stopped == "nodes" and stopped.stats.nodes <= full.stats.nodes - 1
    assert stopped.depth is not None and stopped.depth < 6
    again = search(Heaps(), (9, 8, 0), "pvs", Limits(depth=stopped.depth), quiescence=False)
    assert stopped.value == again.value and stopped.best_move == again.best_move
    nothing = search(Heaps(), (9, 8, 0), "pvs", Limits(nodes=1))
    assert nothing.score is None and not nothing.best_searched and nothing.depth is None


def test_a_finished_root_is_scored_without_search() -> None:
    result = search(Heaps(), (0, 0, 1), "pvs", Limits(depth=3))
    assert result.score is not None and result.score.relative.kind.value == "loss"
    assert result.best_move is None


def test_pvs_refuses_a_game_without_a_search_board_and_a_search_without_a_limit() -> None:
    from games.tictactoe.game import TicTacToe

    with pytest.raises(SearchError, match="search board"):
        check_algorithm("pvs", TicTacToe())
    with pytest.raises(SearchError, match="limit"):
        search(Heaps(), (5, 4, 0), "pvs", Limits())


class ReducingHeapBoard(HeapBoard):
    """The heaps with every move but a take of 3 offered for late move reductions."""

    def quiet(self, move: Move) -> bool:
        return move[1] != 3


class ReducingHeaps(Heaps):
    def search_board(self, state: State, evaluator: str | None = None) -> ReducingHeapBoard:
        return ReducingHeapBoard(*state)


@pytest.mark.parametrize("state", [(9, 8, 0), (11, 7, 1), (12, 12, 0)])
def test_reductions_keep_the_game_value_when_the_depth_reaches_the_end(state: State) -> None:
    # A ply less still reaches every end (no heap pair lasts 30 plies), so a reduced search is
    # exact there and a reduction can change the nodes, never the value.
    plain = search(Heaps(), state, "pvs", Limits(depth=30), quiescence=False)
    reduced = search(ReducingHeaps(), state, "pvs", Limits(depth=30), quiescence=False)
    assert reduced.score is not None and plain.score is not None
    assert encode(reduced.score.relative) == solved(state[0], state[1])
    assert encode(plain.score.relative) == solved(state[0], state[1])


@pytest.mark.parametrize("depth", [3, 5])
def test_an_aspiration_window_changes_the_nodes_not_the_root_value(depth: int) -> None:
    # Without a table each search is the exact depth-limited value; a window that fails is
    # searched again, so the value is the full window's.
    on, off = (search(Heaps(), (11, 9, 0), "pvs", Limits(depth=depth), use_table=False,
                      quiescence=False, aspiration=flag) for flag in (True, False))
    assert on.score is not None and off.score is not None
    assert encode(on.score.relative) == encode(off.score.relative) == brute((11, 9, 0), depth)


def test_pvs_refuses_an_unknown_evaluation_by_name() -> None:
    # The fuzz of issue 35: `analyze chess --eval nope` ended in a KeyError inside the board.
    with pytest.raises(SearchError, match="unknown evaluation 'nope'"):
        search(Heaps(), (5, 4, 0), "pvs", Limits(depth=2), evaluator="nope")


@pytest.mark.parametrize("state", [(9, 8, 0), (7, 6, 1)])
def test_a_move_proven_better_in_an_unfinished_depth_is_truly_better(state: State) -> None:
    # Without a table the search is a fixed function of the position, so brute force is the
    # oracle: the move must beat, at the unfinished depth, the last completed depth's best.
    game = Heaps()
    switches = {"quiescence": False, "use_table": False}
    full = search(game, state, "pvs", Limits(depth=7), **switches)
    seen = 0
    for nodes in range(1, full.stats.nodes, full.stats.nodes // 60):
        result = search(game, state, "pvs", Limits(depth=7, nodes=nodes), partial_root=True,
                        **switches)
        if result.stopped is None or len(result.moves) != 1:
            continue
        seen += 1
        depth, move = result.depth, result.moves[0]
        assert depth is not None and move.move == result.best_move
        completed = search(game, state, "pvs", Limits(depth=depth - 1), **switches)
        value = -brute(game.play(state, move.move), depth - 1, 1)
        claimed = encode(move.score.relative)
        if move.score.relative.bound is Bound.EXACT:
            assert value == claimed
        else:
            assert move.score.relative.bound is Bound.LOWER and value >= claimed
        assert completed.best_move != move.move
        assert value > -brute(game.play(state, completed.best_move), depth - 1, 1)
    assert seen > 0  # the budgets above do stop some searches after such a proof


def test_a_kept_memory_answers_the_next_search_from_the_table() -> None:
    game, memory = Heaps(), PvsMemory()
    first = search(game, (12, 12, 0), "pvs", Limits(depth=30), quiescence=False, memory=memory)
    assert first.best_move is not None and memory.table
    child = game.play(game.play((12, 12, 0), first.best_move), first.pv[1])
    fresh = search(game, child, "pvs", Limits(depth=30), quiescence=False)
    kept = search(game, child, "pvs", Limits(depth=30), quiescence=False, memory=memory)
    for result in (fresh, kept):  # the game's value either way, searched to the end
        assert result.score is not None
        assert encode(result.score.relative) == solved(child[0], child[1])
    assert kept.stats.nodes < fresh.stats.nodes
