"""The game protocol that every game implements, its game types, and the errors games raise.

A `Game` object holds rules and parameters only, never play state. States are small, immutable and
hashable (an int, a tuple of ints); `play` returns a new state and never mutates its argument, so a
state can be used directly as a transposition-table key and interactive undo is a list of states.

A game declares its type (`GameType`): how many players, whether it has chance nodes, zero-sum or
general-sum, win/loss or numeric outcomes. Players are numbered from 0; in a two-player game player
0 is MAX (moves first) and player 1 is MIN. At a chance node `to_move` answers CHANCE and
`chance_outcomes` lists the outcomes with exact probabilities. A terminal state has one return per
player (`returns`); a two-player zero-sum game also gives its value from MAX's point of view
(`outcome`), which is what the course shows. Evaluators are from MAX's point of view too.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar, Union

from minimax_cli.core.i18n import _
from minimax_cli.core.record import Record

if TYPE_CHECKING:  # kept out of start-up: `minimax games` needs none of them
    from fractions import Fraction

    from minimax_cli.core.board import MateBoard, SearchBoard
    from minimax_cli.core.proof import ProofKernel
    from minimax_cli.core.score import Scale
    from minimax_cli.core.solver import ExactSolver
    from minimax_cli.core.terms import EvaluationTerms

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

MAX = 0
MIN = 1
#: What `to_move` answers at a chance node (dice, a card drawn): nobody chooses, chance does.
CHANCE = -1
PLAYER_NAMES = ("MAX", "MIN")

#: A heuristic evaluation of a non-terminal state, from MAX's point of view. It must stay strictly
#: inside +-HEURISTIC_LIMIT (minimax_cli.core.score) so that proven wins outrank it.
Evaluator = Callable[[S], float]

#: A probability: exact (an int or a Fraction) where the game can give it so.
Probability = Union[int, float, "Fraction"]  # a runtime alias: Fraction loads only when used


class GameError(ValueError):
    """Base of every error caused by a game's input; the message is meant for the user."""


class InvalidPositionError(GameError):
    """A position's text could not be parsed or describes an impossible position."""


class InvalidMoveError(GameError):
    """A move's text is not in the game's move notation."""


class IllegalMoveError(GameError):
    """A well-formed move that is not legal in the given state."""


class SearchError(ValueError):
    """A search cannot be run as asked (no evaluation for a depth limit, a tree too deep...)."""


class GameType(Record):
    """What kind of game it is; every algorithm states which kinds it serves.

    `win_loss`: terminal values are only +1 (MAX wins), 0 (draw) and -1 (MIN wins), so searches may
    score quicker wins higher and show results as words; otherwise outcomes are numbers on the
    game's own scale (explicit trees, points). `low` and `high` bound every return where known; in a
    two-player zero-sum game they bound MAX's return, the value the course shows (MIN's is its
    negation), which is what pruning at chance nodes (Star1, Star2) needs.

    The game's classes are values (core.record), not dataclasses: every command loads them.
    """

    __slots__ = ("chance", "high", "low", "players", "win_loss", "zero_sum")
    fields = ("players", "chance", "zero_sum", "win_loss", "low", "high")

    def __init__(self, players: int = 2, chance: bool = False, zero_sum: bool = True,
                 win_loss: bool = True, low: float | None = -1, high: float | None = 1) -> None:
        if players < 1:
            raise ValueError(f"a game has at least one player, not {players}")
        if low is not None and high is not None and low > high:
            raise ValueError(f"low {low} is above high {high}")
        self.players: Final = players
        self.chance: Final = chance
        self.zero_sum: Final = zero_sum
        self.win_loss: Final = win_loss
        self.low: Final = low
        self.high: Final = high

    def describe(self) -> str:
        """`two players, deterministic, zero-sum, win/loss` and the like."""
        players = {1: _("one player"), 2: _("two players")}.get(
            self.players, _("{count} players").format(count=self.players))
        return ", ".join([players, _("chance") if self.chance else _("deterministic"),
                          _("zero-sum") if self.zero_sum else _("general-sum"),
                          _("win/loss") if self.win_loss else _("numeric outcomes")])


#: The usual type: two players, no chance, zero-sum, win / draw / loss.
TWO_PLAYER_WIN_LOSS = GameType()
#: Two players, no chance, zero-sum, outcomes are numbers (explicit game trees).
TWO_PLAYER_NUMERIC = GameType(win_loss=False, low=None, high=None)


class Parameter(Record):
    """A game parameter as the registry and the CLI show it (`--rows 4`, `--take 1,3,4`).

    `parse` turns the user's text into the value and raises ValueError with a message naming the
    accepted form; `default` is the parsed default value. `sets_start` marks a parameter that only
    sets the start position (bones' heap, Nim's heaps), which a position given with it replaces.
    """

    __slots__ = ("default", "help", "metavar", "name", "parse", "sets_start")
    fields = ("name", "parse", "default", "help", "metavar", "sets_start")

    def __init__(self, name: str, parse: Callable[[str], object], default: object, help: str,
                 metavar: str = "VALUE", sets_start: bool = False) -> None:
        self.name: Final = name
        self.parse: Final = parse
        self.default: Final = default
        self.help: Final = help
        self.metavar: Final = metavar
        self.sets_start: Final = sets_start


class Grid(Record):
    """What a board renderer needs: cell symbols in reading order (None for empty)."""

    __slots__ = ("cells", "cols", "rows")
    fields: ClassVar[tuple[str, ...]] = ("rows", "cols", "cells")

    def __init__(self, rows: int, cols: int, cells: tuple[str | None, ...]) -> None:
        self.rows: Final = rows
        self.cols: Final = cols
        self.cells: Final = cells


class PieceGrid(Grid):
    """A grid of pieces that move from cell to cell (chess), drawn as pieces rather than marks:
    no empty cell is labelled with a move (a square is not a move); `letters` are the same cells in
    plain letters (K Q R B N P, k q r b n p), for a terminal that cannot show the symbols;
    `alert` the cells a reader must see at once (a king in check), drawn +K+."""

    __slots__ = ("alert", "letters")
    fields = ("rows", "cols", "cells", "letters", "alert")

    def __init__(self, rows: int, cols: int, cells: tuple[str | None, ...],
                 letters: tuple[str | None, ...], alert: tuple[int, ...] = ()) -> None:
        super().__init__(rows, cols, cells)
        self.letters: Final = letters
        self.alert: Final = alert


class Game(ABC, Generic[S, M]):
    """Rules of a turn-taking game: two-player zero-sum win/loss unless `game_type` says otherwise.

    Subclasses set `name` and `description` and implement the abstract methods. The optional hooks
    (`evaluators`, `order_moves`, `canonical_key`, `is_quiet`, `noisy_moves`, `grid`, `sketch`,
    `chance_outcomes`, `exact_solver`) have neutral defaults here, so callers use them directly
    and never probe with `hasattr`; `has_symmetry` tells whether `canonical_key` is more than the identity.
    """

    name: ClassVar[str]
    description: ClassVar[str]
    position_help: ClassVar[str] = ""
    move_help: ClassVar[str] = ""

    game_type: ClassVar[GameType] = TWO_PLAYER_WIN_LOSS

    has_symmetry: ClassVar[bool] = False
    #: The algorithm `analyze` and `solve` use when none is named, where the game has a reason to
    #: differ from the usual choice (a textbook tree: the course's alpha-beta); None: the usual.
    default_algorithm: ClassVar[str | None] = None
    #: An explicit game tree: a position is a node, a move a child number; a search's trace may
    #: name nodes by their path (2.1) and list the leaves of a pruned subtree.
    explicit_tree: ClassVar[bool] = False

    #: Seconds `analyze` searches when given no limit, for a game whose search to the end is out
    #: of reach from most positions (Connect Four); None: to the end.
    analysis_seconds: ClassVar[float | None] = None
    #: How deep `play`'s levels 1 to 4 cut the search, for a game with an evaluation function
    #: (level 5 searches to the end); a game whose evaluation was measured level against level
    #: may space its levels otherwise (Connect Four: scripts/levels_connect4.py).
    level_depths: ClassVar[Mapping[int, int]] = MappingProxyType({1: 1, 2: 2, 3: 3, 4: 5})
    #: Whether the AI's top level, a search to the end within the budget (or the game's solver),
    #: can play perfectly; False where it never gets there (chess), so that it is not called so.
    searched_to_the_end: ClassVar[bool] = True
    #: A position that `solve` and a search to the end answer in a moment, for examples and tests
    #: of a game too large to solve from the start; None: the start is such a position.
    example_position: ClassVar[str | None] = None

    #: Constructor keyword arguments, in order; each game's __init__ takes exactly these.
    parameters: ClassVar[tuple[Parameter, ...]] = ()
    #: The name of the test-suite format `test_line` reads (chess: "EPD"), for `solve --batch`;
    #: None: the game reads none.
    test_suite: ClassVar[str | None] = None

    # --- the rules -------------------------------------------------------------------------
    @abstractmethod
    def initial_state(self) -> S:
        """The start position."""

    @abstractmethod
    def to_move(self, state: S) -> int:
        """The player to move, 0 .. players - 1 (MAX is 0, MIN 1), or CHANCE at a chance node."""

    @abstractmethod
    def legal_moves(self, state: S) -> Sequence[M]:
        """The legal moves in the game's natural order (empty exactly at terminal states)."""

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """The state after `move`; `move` must be legal. Never mutates `state`."""

    @abstractmethod
    def outcome(self, state: S) -> float | None:
        """None while the game goes on; at a terminal state player 0's return (for a two-player
        zero-sum game: the value from MAX's point of view)."""

    def returns(self, state: S) -> tuple[float, ...] | None:
        """None while the game goes on; at a terminal state one return per player. The default
        serves two-player zero-sum games (MIN's return is minus MAX's); other games override it."""
        value = self.outcome(state)
        if value is None:
            return None
        return (value, -value)

    @property
    def win_loss(self) -> bool:
        """Shorthand for `game_type.win_loss`."""
        return self.game_type.win_loss

    # --- notation ------------------------------------------------------------------------------
    @abstractmethod
    def parse_position(self, text: str) -> S:
        """Parse position notation; raises InvalidPositionError quoting `text` and the accepted form."""

    @abstractmethod
    def format_position(self, state: S) -> str:
        """Position notation that `parse_position` reads back to the same state."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """Parse a move in `state`; InvalidMoveError for bad notation, IllegalMoveError if not legal."""

    @abstractmethod
    def format_move(self, state: S, move: M) -> str:
        """Move notation that `parse_move` reads back to `move`."""

    # --- optional hooks ----------------------------------------------------------------------
    def move_letters(self) -> Mapping[int, str] | None:
        """How the letters of a move's text (`format_move`'s) change for the interface's reader,
        as `str.translate` takes them (chess in Spanish: K Q R B N written R D T A C), so that a
        report's moves and lines read as `spoken_move` says them; None: shown as written."""
        return None

    def spoken_move(self, state: S, move: M) -> str:
        """The move as a reader of the interface's language is shown it (chess in Spanish:
        Cf3, e8=D), read back by `parse_move` too; by default `format_move`, the same in every
        language (JSON and records keep `format_move`)."""
        return self.format_move(state, move)

    def for_position(self, text: str) -> Game[S, M]:
        """The game that reads the position `text`: this one, unless the kind of game depends on
        the position (an explicit tree with chance nodes or with a tuple of utilities at its
        leaves is a different game type). Callers that take a position call it before
        `parse_position`; it raises what `parse_position` would for text it cannot read."""
        return self

    def node_name(self, state: S) -> str | None:
        """A position's own short name where the game gives one (a tree node's label, `B`), for
        naming nodes in traces; None otherwise."""
        return None

    @classmethod
    def named_positions(cls) -> Mapping[str, str]:
        """Bundled positions that `parse_position` accepts by name (e.g. `@abcd`) -> description."""
        return {}

    def evaluators(self) -> Mapping[str, Evaluator[S]]:
        """Named heuristic evaluations (the first is the default); empty if the game has none."""
        return {}

    def order_moves(self, state: S, moves: Sequence[M]) -> Sequence[M]:
        """The moves in the order a pruning search should try them (best first)."""
        return moves

    def canonical_key(self, state: S) -> Hashable:
        """A key shared by all states equivalent under the game's symmetries (same value)."""
        return state

    def is_quiet(self, state: S) -> bool:
        """False when a depth cut here would be misleading (quiescence search goes on)."""
        return True

    def evaluation_terms(self, state: S, evaluator: str | None = None) -> EvaluationTerms | None:
        """The named evaluation (None: the default) at `state` term by term (core/terms.py), its
        total exactly the value the search uses; None for a game whose evaluation has no terms."""
        return None

    def noisy_moves(self, state: S) -> Sequence[M]:
        """The legal moves that change the material (chess: captures, en passant included, and
        promotions), which the textbook searches' quiescence goes on with past the depth limit
        (core/search/textbook_quiet.py); none by default, so that no other game changes."""
        return ()

    def grid(self, state: S) -> Grid | None:
        """Cells for board rendering, or None when the game is not played on a grid."""
        return None

    def side_names(self) -> tuple[str, str] | None:
        """The two players' own names, untranslated (`N_`: shown through `_`), where the game has
        them (chess: White, Black); None: MAX and MIN, the course's names."""
        return None

    def score_scale(self) -> Scale | None:
        """How the game's players write a score (core.score.Scale: chess's centipawns shown as
        pawns, mates counted in moves); None: the house's words for values and results."""
        return None

    def uci_move(self, state: S, move: M) -> str | None:
        """The move in the Universal Chess Interface's notation (`g1f3`), for a game that has it
        (JSON gives it beside the move); None for the others."""
        return None

    def board_figure(self, state: S, moves: Sequence[M], kind: str) -> str | None:
        """The position's board drawn for a slide, `kind` "svg" (an SVG document) or "tex" (a
        LaTeX snippet), with an arrow for each of the first moves of `moves` (a line from
        `state`: the principal variation); None for a game that draws no such board (chess's is
        python-chess's, which only the game may import)."""
        return None

    def sketch(self, state: S) -> Sequence[str] | None:
        """A picture of a position without a grid, as lines of plain text (bones or Nim heaps as
        rows of sticks), or None. Kept short whatever the position: a game draws a huge heap
        as its number, so callers may print it as it is."""
        return None

    def chance_outcomes(self, state: S) -> Sequence[tuple[M, Probability]]:
        """At a chance node (`to_move` is CHANCE), each outcome with its probability, exact where
        possible, summing to 1. Never called at a player's node."""
        raise NotImplementedError(f"{self.name} has no chance nodes")

    def proof_kernel(self) -> ProofKernel | None:
        """What the core's exact proof search needs of the game (core/proof.py), for games where a
        player wins only by its own move and the game is drawn when moves run out; or None."""
        return None

    def search_board(self, state: S, evaluator: str | None = None) -> SearchBoard | None:
        """A mutable board at `state` for the PVS engine (core/board.py), evaluating by the named
        evaluation (None: the game's default), for games where copying a state at every node is
        too slow (chess); or None. Each call gives a fresh board."""
        return None

    def mate_board(self, state: S) -> MateBoard | None:
        """A search board at `state` that the mate prover (core/search/mate.py) can walk, for
        games where a position is too large to solve but a mate can be proven (chess: `solve`
        is the mate prover); or None. Each call gives a fresh board."""
        return None

    def exact_solver(self, memory_mb: float | None = None) -> ExactSolver[S, M] | None:
        """The game's own exact solver (a table, a proven period, a theorem), or None; its own
        tables stay within `memory_mb` megabytes (None: the default of core.memory).

        `minimax solve`, hints and the AI use it where it answers, instead of a search."""
        return None

    def draw_claim_words(self, state: S) -> tuple[bool, str] | None:
        """For `play`'s `draw`: whether the player to move may claim a draw here, with the rule
        in words (why not, when not: chess's threefold repetition and 50-move rule); None for a
        game without draws a player claims."""
        return None

    def game_record(self, state: S, headers: Mapping[str, str],
                    result: float | None) -> str | None:
        """The game that led to `state` (a state that keeps its moves, as chess's does) as the
        game's own record text (chess: PGN), with `headers` (Event, White, Black, Date...) and
        `result` (MAX's view; None: unfinished); None for a game with no record format."""
        return None

    def read_game_record(self, text: str) -> S:
        """The position at the end of a record written as `game_record` writes it, keeping its
        moves; GameError (one line) when it is broken or a move in it is illegal, or the game has
        no record format."""
        raise InvalidPositionError(_("{game} has no game record format").format(game=self.name))

    def read_game_records(self, text: str) -> Sequence[tuple[S, tuple[M, ...]]]:
        """Every game of a file of records (chess: PGN), each as the position it starts from and
        the moves of its main line, checked legal; GameError (one line) when one is broken or the
        game has no record format. For measuring the game's size over real games."""
        raise InvalidPositionError(_("{game} has no game record format").format(game=self.name))

    def test_line(self, text: str) -> TestLine[S, M]:
        """One line of the game's test-suite format (chess: EPD with `bm`/`am`), read for
        `solve --batch` on a game without a proof kernel: the position, its name and the moves
        that solve it or fail it. GameError (one line naming the problem) for a line it cannot
        read; a game without a test-suite format reads none."""
        raise GameError(_("{game} has no test-suite format").format(game=self.name))


class TestLine(Record, Generic[S, M]):
    """A test-suite line read: the position, its name (the line's `id`, or None), the moves of
    which the one played must be one (`best`; empty: any) and the moves it must not be (`avoid`).
    """

    __slots__ = ("avoid", "best", "name", "state")
    fields = ("state", "name", "best", "avoid")
    __test__ = False  # not a pytest class

    def __init__(self, state: S, name: str | None, best: tuple[M, ...],
                 avoid: tuple[M, ...]) -> None:
        self.state: Final = state
        self.name: Final = name
        self.best: Final = best
        self.avoid: Final = avoid

    def solved_by(self, move: M | None) -> bool:
        """Whether `move` solves the line: one of `best` (when it names any) and none of `avoid`."""
        if move is None:
            return False
        return (not self.best or move in self.best) and move not in self.avoid


#: A game of any state and move types, for code that serves every game.
AnyGame = Game[Any, Any]
