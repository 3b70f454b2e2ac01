"""Where trees come from besides their JSON: the textbook trees bundled in games/tree/data/trees.json
(`@abcd`), and seeded random trees for exercises, like the course's NetLogo model
(`random:branching=3,depth=3,seed=1,low=0,high=10`, every key optional)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from games.tree.kinds import Node
from minimax_cli.core.game import InvalidPositionError
from minimax_cli.core.i18n import N_, _
from minimax_cli.core.params import grouped, parse_whole, quote

RANDOM_DEFAULTS = {"branching": 3, "depth": 3, "seed": 0, "low": 0, "high": 10}
RANDOM_FORM = N_("random:branching=3,depth=3,seed=1,low=0,high=10 (every key optional)")
_SIGNED = re.compile(r"([+-]?)([0-9]+)")


#: Shipped inside the package (a plain path: importlib.resources costs start-up time).
TREES_FILE = Path(__file__).parent / "data" / "trees.json"


def bundled_trees() -> dict[str, str]:
    """Name -> JSON text of the textbook trees shipped in games/tree/data/trees.json."""
    text = TREES_FILE.read_text(encoding="utf-8")
    return {name: json.dumps(entry["tree"]) for name, entry in json.loads(text).items()}


#: The bundled trees' descriptions, the same English as trees.json, marked for the catalogue: they
#: are translated where shown (a test checks the two lists agree).
DESCRIPTIONS = (
    N_("The course's alpha-beta worked example: MAX root A over MIN nodes B, C, D (value 3, move "
       "B; alpha-beta skips C's 4 and 6)."),
    N_("Three plies (MAX, MIN, MAX): alpha-beta prunes a whole subtree, not only leaves (value "
       "5)."),
    N_("The abcd example with MIN's children reversed: alpha-beta now skips D's last two leaves "
       "instead of C's (7 of 9 leaves either way); --compare shows the best order's 5."),
)


def bundled_descriptions() -> dict[str, str]:
    text = TREES_FILE.read_text(encoding="utf-8")
    return {name: entry["description"] for name, entry in json.loads(text).items()}


def random_options(text: str, max_nodes: int) -> dict[str, int]:
    """The keys of `random:...`, each a whole number of ASCII digits with an optional sign, at
    most MAX_DIGITS digits (so low and high are far within a double's range); a tree of more than
    `max_nodes` nodes is refused."""
    options = dict(RANDOM_DEFAULTS)
    rest = text[len("random"):]
    if rest and not rest.startswith(":"):
        raise InvalidPositionError(_("{text} is not a random tree; write {form}").format(
            text=quote(text), form=_(RANDOM_FORM)))
    for part in filter(None, rest[1:].split(",")):
        key, _equals, raw = part.partition("=")
        key = key.strip()
        if key not in options:
            raise InvalidPositionError(_("unknown key {key} in {text}; write {form}").format(
                key=quote(key, 20), text=quote(text), form=_(RANDOM_FORM)))
        number = _SIGNED.fullmatch(raw.strip())
        if number is None:
            raise InvalidPositionError(
                _("{value} for {key} in {text} is not a whole number; write {form}").format(
                    value=quote(raw.strip(), 20), key=key, text=quote(text), form=_(RANDOM_FORM)))
        try:
            value = parse_whole(number.group(2))
        except ValueError as error:  # more than MAX_DIGITS digits
            raise InvalidPositionError(f"{key} in {quote(text)}: {error}") from None
        options[key] = -value if number.group(1) == "-" else value
    branching, depth = options["branching"], options["depth"]
    if not 1 <= branching <= 10 or not 1 <= depth <= 12:
        raise InvalidPositionError(
            _("random trees take branching 1..10 and depth 1..12: {text}").format(text=quote(text)))
    nodes = sum(branching**level for level in range(depth + 1))
    if nodes > max_nodes:
        raise InvalidPositionError(
            _("{text} would have {count} nodes: a tree has at most {most} nodes").format(
                text=quote(text), count=grouped(nodes), most=grouped(max_nodes)))
    if options["low"] > options["high"]:
        raise InvalidPositionError(_("low must not exceed high in {text}").format(text=quote(text)))
    return options


def random_tree(branching: int = 3, depth: int = 3, seed: int = 0, low: int = 0,
                high: int = 10, first_ply: int = 0) -> Node:
    """A complete tree with `branching` children per node and integer leaves in low..high; the
    root is at `first_ply` (1 when MIN moves first)."""
    rng = random.Random(seed)

    def make(ply: int) -> Node:
        if ply == first_ply + depth:
            return Node(rng.randint(low, high), (), ply)
        return Node(None, tuple(make(ply + 1) for _ in range(branching)), ply)

    return make(first_ply)


__all__ = ["DESCRIPTIONS", "RANDOM_DEFAULTS", "RANDOM_FORM", "TREES_FILE", "bundled_descriptions",
           "bundled_trees", "random_options", "random_tree"]
