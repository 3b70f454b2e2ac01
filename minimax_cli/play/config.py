"""The options of `minimax play` checked against each other, the game and the start position:
who plays which side, how the AI chooses (minimax_cli.answer.policy), and where the game starts."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from minimax_cli.answer.levels import ConfigError
from minimax_cli.answer.policy import Policy
from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import _
from minimax_cli.core.score import format_number
from minimax_cli.play.words import policy_words
from minimax_cli.views import boards


@dataclass(frozen=True)
class PlayConfig:
    """Who plays what, how the AI chooses, and where the game starts (None: the game's start)."""

    ai: tuple[bool, ...] = (False, True)  # one per player (MAX, MIN...): True where the AI plays
    policy: Policy = field(default_factory=Policy)
    seed: int | None = None
    delay: float = 0.8
    review: bool = True
    start: Hashable | None = None
    record: str | None = None  # the file the game's record (chess: PGN) is kept in

    @property
    def watch(self) -> bool:
        return all(self.ai)


def parse_side(game: AnyGame, text: str) -> int:
    """`first`/`second` (also `max`/`min`, `1`/`2`, and the players' symbols such as x/o); in a
    game of more than two players the seat's number, 1..n (also `player 2`, `third`). The
    ordinals and `player N` are also taken in the interface's language (primero, jugador 2)."""
    word = text.strip().lower()
    labels = [label.lower() for label in boards.player_labels(game)]
    players = len(labels)
    local = [ordinal(i).lower() for i in range(min(players, len(ORDINALS)))]
    if players != 2:
        for player in range(players):
            if word in (str(player + 1), labels[player], ORDINALS[player], local[player],
                        f"player {player + 1}"):
                return player
        raise ConfigError(_("unknown side {side}; use a seat number from 1 to {count}").format(
            side=repr(text), count=players))
    sides = [name.lower() for name in game.side_names() or ("max", "min")]  # English too
    for player, words in enumerate((("first", "max", "1"), ("second", "min", "2"))):
        if word in words or word in (labels[player], local[player], sides[player]):
            return player
    if labels != ["max", "min"]:
        raise ConfigError(_("unknown side {side}; use first or second ({first} or {second})").format(
            side=repr(text), first=labels[0], second=labels[1]))
    raise ConfigError(_("unknown side {side}; use first or second").format(side=repr(text)))


def ordinal(seat: int) -> str:
    """`first`, `second`... (ORDINALS) in the interface's language."""
    return (_("first"), _("second"), _("third"), _("fourth"), _("fifth"), _("sixth"),
            _("seventh"), _("eighth"))[seat]


def finished_words(game: AnyGame, state: Any) -> str | None:
    """`X has won`, `it is a draw`, `its value is 3 (MAX's view)`; None while the game goes on."""
    value = game.outcome(state)
    if value is None:
        return None
    if game.game_type.players != 2:
        return winners_words(game, state)
    if not game.win_loss:
        return _("its value is {value} (MAX's view)").format(value=format_number(value))
    if value == 0:
        return _("it is a draw")
    return _("{player} has won").format(
        player=boards.player_labels(game)[MAX if value > 0 else 1 - MAX])


def winners_words(game: AnyGame, state: Any) -> str:
    """The end of a game of more than two players: `player 2 has won` when one return is the
    highest, otherwise the returns in player order."""
    returns = game.returns(state)
    assert returns is not None
    labels = boards.player_labels(game)
    best = max(returns)
    top = [i for i, r in enumerate(returns) if r == best]
    if len(top) == 1 and len(set(returns)) > 1:
        return _("{player} has won").format(player=labels[top[0]])
    shown = ", ".join(f"{labels[i]} {format_number(r)}" for i, r in enumerate(returns))
    return _("the returns are {returns}").format(returns=shown)


#: Seats in the order they move from the start (games of up to 8 players).
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
#: A position given to start from is named in the intro when it is at most this long.
SHORT_POSITION = 40


def intro_words(game: AnyGame, config: PlayConfig) -> tuple[str, str]:
    """Where the game starts (`, from X.O/.X./...` or nothing) and who plays whom: `you play X
    (first) against the AI (level 5: perfect, up to 1 s a move)`."""
    level = policy_words(config.policy)
    start = game.initial_state() if config.start is None else config.start
    names = boards.player_labels(game)
    where = ""
    if config.start is not None:
        text = game.format_position(config.start)
        where = (_(", from {position}").format(position=text) if len(text) <= SHORT_POSITION
                 else _(", from the position given"))
    if config.watch:
        return where, _("the AI plays both sides ({level})").format(level=level)
    if not any(config.ai):
        if len(config.ai) == 2:
            return where, _("two humans at one keyboard")
        return where, _("{count} humans at one keyboard").format(count=len(config.ai))
    human = config.ai.index(False)
    if config.start is None:
        order = ordinal(human) if human < len(ORDINALS) else _("player {number}").format(
            number=human + 1)
    else:
        order = _("to move") if game.to_move(start) == human else _("the AI moves first")
    return where, _("you play {player} ({order}) against the AI ({level})").format(
        player=names[human], order=order, level=level)


def make_config(game: AnyGame, *, side: str | None = None, ai_first: bool = False,
                vs: str = "ai", watch: bool = False, level: str = "perfect",
                algorithm: str | None = None, depth: int | None = None,
                budget: float | None = None, evaluator: str | None = None,
                seed: int | None = None, delay: float = 0.8, review: bool = True,
                start: Hashable | None = None,
                engine: Mapping[str, Any] | None = None, record: str | None = None) -> PlayConfig:
    """Check the play options against each other, the game and the start position (None: the
    game's own); raises ConfigError. The human plays the side to move at the start unless
    --side or --ai-first says otherwise. `engine`: the chess engine's switches (Policy)."""
    opponent = vs.strip().lower()
    if opponent not in ("ai", "human"):
        raise ConfigError(_("unknown opponent {opponent}; use --vs ai or --vs human").format(
            opponent=repr(vs)))
    state = game.initial_state() if start is None else start
    over = finished_words(game, state)
    if over is not None:
        raise ConfigError(_("the game is already over in that position ({result}); give one "
                            "where a move is still to be made").format(result=over))
    players = game.game_type.players
    mover = game.to_move(state)
    mover = MAX if mover == CHANCE else mover
    human = mover if side is None else parse_side(game, side)
    if ai_first:
        following = (mover + 1) % players
        if side is not None and human == mover:
            names = boards.player_labels(game)
            raise ConfigError(_("--ai-first means the AI makes the first move, as {ai}, and you "
                                "play {you}; it contradicts --side {side}").format(
                                    ai=names[mover], you=names[following], side=side))
        if side is None:
            human = following
    if watch and opponent == "human":
        raise ConfigError(_("--watch is the AI against itself; it cannot be combined with --vs "
                            "human"))
    if (watch or opponent == "human") and (side is not None or ai_first):
        mode = "--watch" if watch else "--vs human"
        raise ConfigError(_("--side and --ai-first choose your side against the AI; {mode} has "
                            "none").format(mode=mode))
    ai = tuple(watch or (opponent == "ai" and seat != human) for seat in range(players))
    policy = Policy.make(game, level, budget=budget, depth=depth, algorithm=algorithm,
                         evaluator=evaluator, engine=engine)
    if delay < 0:
        raise ConfigError(_("--delay must be 0 or more seconds, got {value}").format(value=delay))
    # Positions are compared as written: a game's states need not compare equal (a tree's nodes
    # are distinct objects each time the tree is read).
    initial = game.format_position(game.initial_state())
    if record is not None and game.game_record(state, {}, None) is None:
        raise ConfigError(_("{game} has no game record format to write").format(game=game.name))
    return PlayConfig(ai, policy, seed, delay, review,
                      None if start is None or game.format_position(start) == initial else start,
                      record)


__all__ = ["ConfigError", "PlayConfig", "finished_words", "intro_words", "make_config",
           "ordinal", "parse_side", "winners_words"]
