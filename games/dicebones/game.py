"""Dice bones: bones with a die that caps each take, a game of chance to show expectiminimax.

Rules. A heap of n bones and two players, MAX (who starts) and MIN. Before each turn the player to
move rolls a die (a chance node); the roll caps the take: the player then takes from 1 to
min(roll, bones left) bones. Whoever takes the last bone wins. The die is a list of faces, each
equally likely; a face listed twice comes up twice as often (`1,1,2,3`: 1 with probability 1/2).
With the faces 1, 2, 3 a player who rolls 3 may take 1, 2 or 3, one who rolls 1 must take 1.

A state is `(heap, mover, roll)`: the bones left, the player to move (0 = MAX, 1 = MIN) and the
roll, None while the die is still to be rolled (then chance is to move). The game is over when the
heap is empty: the player to move then lost, the other took the last bone. Outcomes are +1 (MAX
wins) and -1 (MIN wins), so a chance algorithm's value is MAX's expected outcome, 2 P(MAX wins) - 1.

Position notation: the heap, then optionally `/min` (or `/max`, the default) for the player to
move, then optionally `roll R` once that player has rolled R: `10` (MAX to roll), `10/min`,
`10 roll 2` (MAX rolled 2 and takes 1 or 2), `10/min roll 3`. Moves: the number of bones to take,
e.g. `2`; at a chance node the roll, written `roll 3` (a bare `3` is read too).

Limits: at most HEAP_MAX bones (a search goes down one level per roll and per take, and its values
are fractions whose denominators grow with the heap); a die of at most FACES_MAX faces, each from
1 to FACE_MAX.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import ClassVar

from games.heaps import bones_left, bones_text, sticks
from minimax_cli.core.game import (
    CHANCE,
    MAX,
    MIN,
    PLAYER_NAMES,
    Game,
    GameType,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Parameter,
)
from minimax_cli.core.i18n import N_, _, ngettext
from minimax_cli.core.params import quote

#: (bones left, player to move, roll or None while the die is to be rolled)
DiceBonesState = tuple[int, int, int | None]

#: The largest heap: about 8 x HEAP_MAX plies deep and fractions with hundreds of digits.
HEAP_MAX = 500
#: The most faces a die may list (repeats included), and the largest face.
FACES_MAX = 60
FACE_MAX = 100

_HEAP_FORM = N_("a whole number from 0 to {most}, e.g. 10")
_FACES_FORM = N_("comma-separated whole numbers from 1 to {most}, e.g. 1,2,3 (at most {count} "
                 "faces; repeat a face to make it likelier, e.g. 1,1,2,3)")
_POSITION_FORM = N_("the heap ({heap}), optionally /min or /max for the player to move, then "
                    "optionally `roll R` once that player has rolled R, e.g. 10, 10/min, 10 roll 2")
MOVE_FORM = N_("the number of bones to take, e.g. 2")


def heap_form() -> str:
    return _(_HEAP_FORM).format(most=HEAP_MAX)


def faces_form() -> str:
    return _(_FACES_FORM).format(most=FACE_MAX, count=FACES_MAX)


def position_form() -> str:
    return _(_POSITION_FORM).format(heap=heap_form())


_WHOLE = re.compile(r"[0-9]+")
_POSITION = re.compile(r"([0-9]+)\s*(?:/\s*(max|min))?(?:\s*roll\s*([0-9]+))?", re.IGNORECASE)
_ROLL = re.compile(r"(?:roll\s*)?([0-9]+)", re.IGNORECASE)
#: Digits beyond which a number is out of every range here (no int() of a huge text).
_DIGITS = 4


def _small_number(digits: str) -> int | None:
    """ASCII digits as an int, or None when they have more than _DIGITS significant digits."""
    significant = digits.lstrip("0")
    return None if len(significant) > _DIGITS else int(significant or "0")


def parse_heap(text: str) -> int:
    """A heap size for the parameter n: 0 to HEAP_MAX."""
    stripped = text.strip()
    number = _small_number(stripped) if _WHOLE.fullmatch(stripped) else None
    if number is None or number > HEAP_MAX:
        raise ValueError(_("{text} is not a heap size: use {form}").format(
            text=quote(text), form=heap_form()))
    return number


def parse_faces(text: str) -> tuple[int, ...]:
    """A die such as "1,1,2,3": its faces in the order given, repeats kept."""
    parts = [part.strip() for part in text.split(",", FACES_MAX)]
    numbers = [_small_number(p) if _WHOLE.fullmatch(p) else None for p in parts]
    if (len(parts) > FACES_MAX
            or not all(n is not None and 1 <= n <= FACE_MAX for n in numbers)):
        raise ValueError(_("{text} is not a die: use {form}").format(
            text=quote(text), form=faces_form()))
    return tuple(n for n in numbers if n is not None)


class DiceBones(Game[DiceBonesState, int]):
    """Bones with a die: roll, then take 1 to the roll; who takes the last bone wins."""

    name: ClassVar[str] = "dicebones"
    # English, marked for the catalogue; translated where shown (N_: fixed at import).
    description: ClassVar[str] = N_(
        "Dice bones: roll a die, then take 1 up to the roll from a heap (1, 2 or 3 with the "
        "default die); who takes the last bone wins. A game of chance: expectiminimax, star1, "
        "star2."
    )
    # HEAP_MAX written out (a marked text is a literal); tests check it.
    position_help: ClassVar[str] = N_(
        "The heap, e.g. 10: 10 bones, MAX (the first player) to roll. Add /min for MIN to move "
        "(10/min), and `roll R` once the player to move has rolled R (10 roll 2, 10/min roll 3). "
        "Heaps up to 500."
    )
    move_help: ClassVar[str] = N_(
        "The number of bones to take, e.g. 2: from 1 to the roll (and the bones left). The die "
        "is rolled for you."
    )
    game_type: ClassVar[GameType] = GameType(chance=True, low=-1, high=1)
    parameters: ClassVar[tuple[Parameter, ...]] = (
        Parameter("n", parse_heap, 10, N_("bones in the starting heap (0 to 500)"), "N",
                  sets_start=True),
        Parameter("faces", parse_faces, (1, 2, 3), N_("the die's faces, each equally likely; "
                  "repeat one to make it likelier"), "A,B,..."),
    )

    def __init__(self, n: int = 10, faces: Iterable[int] = (1, 2, 3)) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= HEAP_MAX:
            raise ValueError(_("n must be {form}, got {value}").format(
                form=heap_form(), value=f"{n!r:.40}"))
        die = tuple(faces)
        if (not 0 < len(die) <= FACES_MAX or not all(
                isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= FACE_MAX
                for f in die)):
            raise ValueError(_("faces must be {form}, got {value}").format(
                form=faces_form(), value=f"{die!r:.60}"))
        self.n = n
        self.faces = die
        counts = Counter(die)
        self._rolls = tuple(sorted(counts))
        self._outcomes = tuple((face, Fraction(counts[face], len(die))) for face in self._rolls)

    def __repr__(self) -> str:
        return f"DiceBones(n={self.n}, faces={self.faces})"

    # --- the rules -------------------------------------------------------------------------------
    def initial_state(self) -> DiceBonesState:
        return (self.n, MAX, None)

    def to_move(self, state: DiceBonesState) -> int:
        heap, mover, roll = state
        return CHANCE if roll is None and heap > 0 else mover

    def legal_moves(self, state: DiceBonesState) -> Sequence[int]:
        heap, _mover, roll = state
        if heap == 0:
            return ()
        if roll is None:
            return self._rolls
        return range(1, min(roll, heap) + 1)

    def chance_outcomes(self, state: DiceBonesState) -> Sequence[tuple[int, Fraction]]:
        return self._outcomes

    def play(self, state: DiceBonesState, move: int) -> DiceBonesState:
        heap, mover, roll = state
        self._check_move(state, move)
        if roll is None:
            return (heap, mover, move)
        return (heap - move, 1 - mover, None)

    def outcome(self, state: DiceBonesState) -> int | None:
        heap, mover, _roll = state
        if heap > 0:
            return None
        return 1 if mover == MIN else -1  # the player to move did not take the last bone

    # --- notation --------------------------------------------------------------------------------
    def parse_position(self, text: str) -> DiceBonesState:
        match = _POSITION.fullmatch(text.strip())
        heap = None if match is None else _small_number(match[1])
        if match is None or heap is None or heap > HEAP_MAX:
            raise InvalidPositionError(_("{text} is not a dicebones position: use {form}").format(
                text=quote(text), form=position_form()))
        mover = MIN if (match[2] or "max").lower() == "min" else MAX
        if match[3] is None:
            return (heap, mover, None)
        roll = _small_number(match[3])
        if heap == 0:
            raise InvalidPositionError(_("{text} is not a dicebones position: with no bones left "
                                         "the game is over and nobody rolls; write 0 or 0/min")
                                       .format(text=quote(text)))
        if roll not in self._rolls:
            raise InvalidPositionError(_("{text} is not a dicebones position: the die has no face "
                                         "{face}; its faces are {faces}").format(
                text=quote(text), face=match[3].lstrip("0")[:8] or "0", faces=self._faces_text()))
        return (heap, mover, roll)

    def format_position(self, state: DiceBonesState) -> str:
        heap, mover, roll = state
        text = f"{heap}/min" if mover == MIN else str(heap)
        return text if roll is None else f"{text} roll {roll}"

    def parse_move(self, state: DiceBonesState, text: str) -> int:
        heap, _mover, roll = state
        stripped = text.strip()
        if roll is None and heap > 0:  # chance to move: a roll
            match = _ROLL.fullmatch(stripped)
            face = None if match is None else _small_number(match[1])
            if face is None or face not in self._rolls:
                raise InvalidMoveError(_("{text} is not a roll of this die: write roll R with R "
                                         "one of its faces, {faces}").format(
                    text=quote(text), faces=self._faces_text()))
            return face
        amount = _small_number(stripped) if _WHOLE.fullmatch(stripped) else None
        if amount is None or amount == 0:
            raise InvalidMoveError(_("{text} is not a move: write {form}").format(
                text=quote(text), form=_(MOVE_FORM)))
        self._check_move(state, amount)
        return amount

    def format_move(self, state: DiceBonesState, move: int) -> str:
        heap, _mover, roll = state
        return f"roll {move}" if roll is None and heap > 0 else str(move)

    def _check_move(self, state: DiceBonesState, move: int) -> None:
        heap, _mover, roll = state
        if heap == 0:
            raise IllegalMoveError(_("the game is over: no bones left"))
        if roll is None:
            if move not in self._rolls:
                raise IllegalMoveError(_("the die has no face {face}; its faces are {faces}")
                                       .format(face=move, faces=self._faces_text()))
            return
        most = min(roll, heap)
        if not 1 <= move <= most:
            allowed = "1" if most == 1 else _("1 to {most}").format(most=most)
            raise IllegalMoveError(ngettext(
                "cannot take {amount}: the roll was {roll} and {count} bone is left, so take "
                "{allowed}",
                "cannot take {amount}: the roll was {roll} and {count} bones are left, so take "
                "{allowed}", heap).format(amount=move, roll=roll, count=heap, allowed=allowed))

    def _faces_text(self) -> str:
        """The die as given, repeats included: `1, 1, 2, 3` (so 1 comes up half the time)."""
        return ", ".join(map(str, self.faces))

    # --- optional hooks ------------------------------------------------------------------------
    def sketch(self, state: DiceBonesState) -> Sequence[str]:
        """The heap as a row of sticks, and the roll or who rolls next."""
        heap, mover, roll = state
        if heap == 0:
            return (bones_left(0),)
        bones = f"{sticks(heap)}  {bones_text(heap)}"
        who = PLAYER_NAMES[mover]
        if roll is None:
            return (bones, _("{player} to roll the die (faces {faces})").format(
                player=who, faces=self._faces_text()))
        if min(roll, heap) == 1:
            return (bones, _("{player} rolled {roll}: must take 1").format(player=who, roll=roll))
        return (bones, _("{player} rolled {roll}: takes 1 to {most}").format(
            player=who, roll=roll, most=min(roll, heap)))
