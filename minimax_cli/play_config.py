"""The options of `minimax play` checked against each other, the game and the start position:
who plays which side, how the AI chooses (minimax_cli.policy), and where the game starts."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from minimax_cli import boards, render
from minimax_cli.core.game import CHANCE, MAX, Game
from minimax_cli.policy import ConfigError, Policy

AnyGame = Game[Any, Any]


@dataclass(frozen=True)
class PlayConfig:
    """Who plays what, how the AI chooses, and where the game starts (None: the game's start)."""

    ai: tuple[bool, ...] = (False, True)  # one per player (MAX, MIN...): True where the AI plays
    policy: Policy = field(default_factory=Policy)
    seed: int | None = None
    delay: float = 0.8
    review: bool = True
    start: Hashable | None = None

    @property
    def watch(self) -> bool:
        return all(self.ai)


def parse_side(game: AnyGame, text: str) -> int:
    """`first`/`second` (also `max`/`min`, `1`/`2`, and the players' symbols such as x/o); in a
    game of more than two players the seat's number, 1..n (also `player 2`, `third`)."""
    word = text.strip().lower()
    labels = [label.lower() for label in boards.player_labels(game)]
    players = len(labels)
    if players != 2:
        ordinals = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
        for player in range(players):
            if word in (str(player + 1), labels[player], ordinals[player]):
                return player
        raise ConfigError(f"unknown side {text!r}; use a seat number from 1 to {players}")
    for player, words in enumerate((("first", "max", "1"), ("second", "min", "2"))):
        if word in words or word == labels[player]:
            return player
    accepted = "first or second" + (f" ({labels[0]} or {labels[1]})"
                                    if labels != ["max", "min"] else "")
    raise ConfigError(f"unknown side {text!r}; use {accepted}")


def finished_words(game: AnyGame, state: Any) -> str | None:
    """`X has won`, `it is a draw`, `its value is 3 (MAX's view)`; None while the game goes on."""
    value = game.outcome(state)
    if value is None:
        return None
    if game.game_type.players != 2:
        return winners_words(game, state)
    if not game.win_loss:
        return f"its value is {render.fmt_value(value)} (MAX's view)"
    if value == 0:
        return "it is a draw"
    return f"{boards.player_labels(game)[MAX if value > 0 else 1 - MAX]} has won"


def winners_words(game: AnyGame, state: Any) -> str:
    """The end of a game of more than two players: `player 2 has won` when one return is the
    highest, otherwise the returns in player order."""
    returns = game.returns(state)
    assert returns is not None
    labels = boards.player_labels(game)
    best = max(returns)
    top = [i for i, r in enumerate(returns) if r == best]
    if len(top) == 1 and len(set(returns)) > 1:
        return f"{labels[top[0]]} has won"
    shown = ", ".join(f"{labels[i]} {render.fmt_value(r)}" for i, r in enumerate(returns))
    return f"the returns are {shown}"


#: Seats in the order they move from the start (games of up to 8 players).
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
#: A position given to start from is named in the intro when it is at most this long.
SHORT_POSITION = 40


def intro_words(game: AnyGame, config: PlayConfig) -> tuple[str, str]:
    """Where the game starts (`, from X.O/.X./...` or nothing) and who plays whom: `you play X
    (first) against the AI (level 5: perfect, up to 1 s a move)`."""
    level = config.policy.describe()
    start = game.initial_state() if config.start is None else config.start
    names = boards.player_labels(game)
    where = ""
    if config.start is not None:
        text = game.format_position(config.start)
        where = f", from {text if len(text) <= SHORT_POSITION else 'the position given'}"
    if config.watch:
        return where, f"the AI plays both sides ({level})"
    if not any(config.ai):
        humans = "two" if len(config.ai) == 2 else str(len(config.ai))
        return where, f"{humans} humans at one keyboard"
    human = config.ai.index(False)
    if config.start is None:
        order = ORDINALS[human] if human < len(ORDINALS) else f"player {human + 1}"
    else:
        order = "to move" if game.to_move(start) == human else "the AI moves first"
    return where, f"you play {names[human]} ({order}) against the AI ({level})"


def make_config(game: AnyGame, *, side: str | None = None, ai_first: bool = False,
                vs: str = "ai", watch: bool = False, level: str = "perfect",
                algorithm: str | None = None, depth: int | None = None,
                budget: float | None = None, evaluator: str | None = None,
                seed: int | None = None, delay: float = 0.8, review: bool = True,
                start: Hashable | None = None) -> PlayConfig:
    """Check the play options against each other, the game and the start position (None: the
    game's own); raises ConfigError. The human plays the side to move at the start unless
    --side or --ai-first says otherwise."""
    opponent = vs.strip().lower()
    if opponent not in ("ai", "human"):
        raise ConfigError(f"unknown opponent {vs!r}; use --vs ai or --vs human")
    state = game.initial_state() if start is None else start
    over = finished_words(game, state)
    if over is not None:
        raise ConfigError(f"the game is already over in that position ({over}); give one where "
                          "a move is still to be made")
    players = game.game_type.players
    mover = game.to_move(state)
    mover = MAX if mover == CHANCE else mover
    human = mover if side is None else parse_side(game, side)
    if ai_first:
        following = (mover + 1) % players
        if side is not None and human == mover:
            names = boards.player_labels(game)
            raise ConfigError(f"--ai-first means the AI makes the first move, as {names[mover]}, "
                              f"and you play {names[following]}; it contradicts --side {side}")
        if side is None:
            human = following
    if watch and opponent == "human":
        raise ConfigError("--watch is the AI against itself; it cannot be combined with --vs human")
    if (watch or opponent == "human") and (side is not None or ai_first):
        mode = "--watch" if watch else "--vs human"
        raise ConfigError(f"--side and --ai-first choose your side against the AI; {mode} has none")
    ai = tuple(watch or (opponent == "ai" and seat != human) for seat in range(players))
    policy = Policy.make(game, level, budget=budget, depth=depth, algorithm=algorithm,
                         evaluator=evaluator)
    if delay < 0:
        raise ConfigError(f"--delay must be 0 or more seconds, got {delay}")
    return PlayConfig(ai, policy, seed, delay, review,
                      None if start is None or start == game.initial_state() else start)


__all__ = ["ConfigError", "PlayConfig", "finished_words", "intro_words", "make_config",
           "parse_side", "winners_words"]
