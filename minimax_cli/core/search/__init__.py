"""The search algorithms, selectable by name, each declaring the kinds of game it serves.

`search(game, state, algorithm, limits, **options)` checks the game's type against the algorithm,
turns the options into `SearchOptions` (an unknown option is an error) and runs it.

A built-in algorithm is its module plus one line in BUILT_IN below, naming its function as
"module:function" (imported when it first runs); another package registers one through the
entry-point group `minimax_cli.algorithms` (core/search/registered.py). ALGORITHMS holds both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from minimax_cli.core.game import SearchError
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.params import close_match
from minimax_cli.core.result import Limits, SearchOptions, SearchResult
from minimax_cli.core.search.common import Algorithm, AnyGame, BoundedAlgorithm
from minimax_cli.core.search.registered import GROUP, Algorithms, Descriptions

if TYPE_CHECKING:
    from minimax_cli.core.search.negamax import iterate

# The built-in algorithms' names, declared once: the rooms above decide and speak by them (the
# engine, the tree `solve --tree` draws, a comparison's sentences, the proof's results) as these
# names, never as string literals of their own.
#: The engine (negamax: alpha-beta with a table, deepening iteratively under a budget).
DEFAULT_ALGORITHM = "negamax"
#: The course's plain searches: every node (minimax), pruning in the natural order (alpha-beta),
#: pruning in the game's best order.
PLAIN_MINIMAX, PLAIN_ALPHABETA, ORDERED_ALPHABETA = "minimax", "alphabeta", "alphabeta-ordered"
EXPECTIMAX, EXPECTIMINIMAX, STAR1, STAR2 = "expectimax", "expectiminimax", "star1", "star2"
#: The exact proof search over a game's proof kernel.
PROOF = "proof"
MAXN, PARANOID = "maxn", "paranoid"
#: Monte Carlo tree search.
MCTS = "mcts"
#: Principal-variation search over a game's mutable search board (chess).
PVS = "pvs"

#: The built-in algorithms, in the order listed to users: each names its search function as
#: "module:function", imported when it first runs (a command loads only the searches it uses).
BUILT_IN: tuple[Algorithm, ...] = (
    Algorithm(DEFAULT_ALGORITHM, N_("the engine: alpha-beta with move ordering, transposition "
              "table, symmetry, iterative deepening under a time or node budget"),
              "minimax_cli.core.search.negamax:negamax"),
    Algorithm(PLAIN_MINIMAX, N_("textbook minimax: every node visited, no pruning, no table"),
              "minimax_cli.core.search.textbook:minimax"),
    Algorithm(PLAIN_ALPHABETA, N_("textbook alpha-beta: children in natural order, no table"),
              "minimax_cli.core.search.textbook:alphabeta"),
    Algorithm(ORDERED_ALPHABETA, N_("textbook alpha-beta with the game's move ordering "
              "(best first; on an explicit tree, by the children's minimax values), no table"),
              "minimax_cli.core.search.textbook:alphabeta_ordered"),
    Algorithm(EXPECTIMAX, N_("MAX maximises; the opponent plays uniformly at random (MIN "
              "nodes average) and chance nodes average by their probabilities"),
              "minimax_cli.core.search.expectimax:expectimax", chance=True, minimax_value=False),
    Algorithm(EXPECTIMINIMAX, N_("MAX maximises, MIN minimises, chance nodes average by "
              "their probabilities; no pruning, a memo of positions"),
              "minimax_cli.core.search.expectiminimax:expectiminimax", chance=True),
    BoundedAlgorithm(STAR1, N_("expectiminimax with alpha-beta, and Ballard's Star1 windows "
                     "at chance nodes from the game's bounds on its outcomes"),
                     "minimax_cli.core.search.expectiminimax:star1", chance=True),
    BoundedAlgorithm(STAR2, N_("Star1 with Ballard's probing: the first move of each outcome "
                     "bounds the chance node before the full search"),
                     "minimax_cli.core.search.expectiminimax:star2", chance=True),
    Algorithm(PROOF, N_("exact proof search: null windows by bisection over the game's proof "
              "kernel (losing moves skipped, threats first, bounds in the table)"),
              "minimax_cli.core.search.prover:proof_search", needs_kernel=True,
              records_tree=False),
    Algorithm(MAXN, N_("max^n for any number of players: each player takes the child best for "
              "its own utility (ties: the first in move order); chance nodes average; "
              "no pruning, a memo of positions"), "minimax_cli.core.search.maxn:maxn",
              players=tuple(range(2, 9)), chance=True, general_sum=True, minimax_value=False),
    Algorithm(PARANOID, N_("the player to move against all the others, who minimise its "
              "utility together: alpha-beta on the root player's utility, a memo of "
              "positions and windows"), "minimax_cli.core.search.paranoid:paranoid",
              players=tuple(range(2, 9)), general_sum=True, minimax_value=False),
    Algorithm(MCTS, N_("Monte Carlo tree search (UCT) with the MCTS-Solver: random (or "
              "evaluation-guided) playouts, the most visited move; anytime, within "
              "--iterations, --time or --nodes"), "minimax_cli.core.search.mcts:mcts",
              players=tuple(range(2, 9)), chance=True, general_sum=True, minimax_value=False,
              sampled=True, records_tree=False),
    Algorithm(PVS, N_("principal-variation search over the game's own search board (chess): "
              "iterative deepening, transposition table, quiescence, move ordering, check "
              "extension, null move; needs --depth, --time or --nodes"),
              "minimax_cli.core.search.pvs:pvs", needs_board=True, records_tree=False,
              proves=False),
)

#: Every algorithm by name: the built-in ones, then those other packages register (read when a
#: name is not a built-in's, or when all are listed).
ALGORITHMS: Algorithms = Algorithms(BUILT_IN)
DESCRIPTIONS: Mapping[str, str] = Descriptions(ALGORITHMS)


def get_algorithm(name: str) -> Algorithm:
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(ALGORITHMS)
        close = close_match(name, ALGORITHMS)
        if close is not None:
            raise SearchError(_("unknown algorithm '{name}'; did you mean '{close}'? choose one "
                                "of: {known}").format(name=name, close=close, known=known)
                              ) from None
        raise SearchError(_("unknown algorithm '{name}'; choose one of: {known}").format(
            name=name, known=known)) from None


def make_options(**options: Any) -> SearchOptions:
    """Search options from keywords; an unknown name or a bad value is a SearchError."""
    try:
        return SearchOptions(**options)
    except TypeError as error:
        accepted = ", ".join(SearchOptions.fields)
        raise SearchError(_("{error}; search options are: {accepted}").format(
            error=error, accepted=accepted)) from None
    except ValueError as error:
        raise SearchError(str(error)) from None


def check_algorithm(algorithm: str, game: AnyGame) -> Algorithm:
    """The named algorithm, once it is known to serve `game`; SearchError otherwise."""
    chosen = get_algorithm(algorithm)
    refusal = chosen.refusal(game)
    if refusal is not None:
        raise SearchError(refusal)
    return chosen


#: What `--compare` sets side by side in a game of more than two players: two different
#: questions (each player for itself, or everyone against the player to move), work beside.
COMPARED_MULTIPLAYER = (MAXN, PARANOID)
#: The course's searches, which `--compare` sets first in this order: no pruning, pruning in
#: the natural order, pruning in the game's best order (so each row says what one change saves).
TEXTBOOK = (PLAIN_MINIMAX, PLAIN_ALPHABETA, ORDERED_ALPHABETA)
#: The searches whose value is a sample estimate; `--compare` sets them last.
SAMPLED = tuple(algorithm.name for algorithm in BUILT_IN if algorithm.sampled)


def compared_algorithms(game: AnyGame) -> list[str]:
    """The algorithms `--compare` sets side by side on `game`: those computing the minimax value
    (the expectiminimax value in a game of chance) that serve it, the plainest first (node counts
    are given against it); in a game of more players, max^n and paranoid. The chance algorithms
    are left out of deterministic games, where they are alpha-beta by another name. Monte Carlo
    tree search comes last wherever it serves: its value is an estimate, set beside the exact ones."""
    sampled = [n for n in SAMPLED if n in ALGORITHMS and ALGORITHMS[n].refusal(game) is None]
    if game.game_type.players > 2:
        return [n for n in COMPARED_MULTIPLAYER
                if n in ALGORITHMS and ALGORITHMS[n].refusal(game) is None] + sampled
    order = [*TEXTBOOK, *(n for n in ALGORITHMS if n not in TEXTBOOK)]
    return [n for n in order
            if ALGORITHMS[n].minimax_value and ALGORITHMS[n].refusal(game) is None
            and (game.game_type.chance or not ALGORITHMS[n].chance)] + sampled


#: What searches a game when no algorithm is named, in order of preference: the engine, then the
#: algorithms for chance and for more than two players, then Monte Carlo tree search.
PREFERRED = (DEFAULT_ALGORITHM, EXPECTIMINIMAX, MAXN, MCTS)


def default_algorithm(game: AnyGame) -> str:
    """The algorithm used on `game` when none is named: the game's own choice if it serves it
    (explicit trees: the course's alpha-beta), else the first of PREFERRED that serves it."""
    own = game.default_algorithm
    if own is not None and own in ALGORITHMS and ALGORITHMS[own].refusal(game) is None:
        return own
    for name in PREFERRED:
        if name in ALGORITHMS and ALGORITHMS[name].refusal(game) is None:
            return name
    return DEFAULT_ALGORITHM


def __getattr__(name: str) -> Any:
    # `iterate` (the engine's deepening, for `solve` and `play`) loads with the engine, on use.
    if name == "iterate":
        from minimax_cli.core.search.negamax import iterate

        return iterate
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def search(game: AnyGame, state: Any, algorithm: str = DEFAULT_ALGORITHM,
           limits: Limits | None = None, **options: Any) -> SearchResult:
    """Run the named algorithm on `state`."""
    chosen = check_algorithm(algorithm, game)
    return chosen.run(game, state, limits or Limits(), make_options(**options))


__all__ = ["ALGORITHMS", "BUILT_IN", "DEFAULT_ALGORITHM", "DESCRIPTIONS", "EXPECTIMAX",
           "EXPECTIMINIMAX", "GROUP", "MAXN", "MCTS", "ORDERED_ALPHABETA", "PARANOID",
           "PLAIN_ALPHABETA", "PLAIN_MINIMAX", "PROOF", "PVS", "STAR1", "STAR2", "Algorithm",
           "check_algorithm", "compared_algorithms", "default_algorithm", "get_algorithm", "iterate",
           "make_options", "search"]
