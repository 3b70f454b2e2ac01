"""The algorithms by name: the built-in ones, declared in core/search/__init__.py, and those other
packages register through the entry-point group `minimax_cli.algorithms`, each entry naming an
`Algorithm` (`mysearch = "mypackage.search:ALGORITHM"`), as a game registers in
`minimax_cli.games`.

The entry points are read (core/plugins.py, as the games' are) only when a name is asked
for that no built-in algorithm has, or when the whole table is listed (help, completion,
`--compare`): a command naming a built-in algorithm, or none, never pays for reading every
installed distribution's metadata. What was read is kept until `forget()`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from minimax_cli.core.game import SearchError
from minimax_cli.core.plugins import declared, load_object
from minimax_cli.core.search.common import Algorithm

GROUP = "minimax_cli.algorithms"


def plugged_in(group: str = GROUP, taken: Iterable[str] = ()) -> dict[str, Algorithm]:
    """The algorithms the installed distributions register in `group`, by name (sorted): each
    entry point names an `Algorithm` of the entry's own name. A name in `taken` (a built-in's)
    stays the built-in's; SearchError when an entry cannot be loaded or names something else."""
    skipped = set(taken)
    found: dict[str, Algorithm] = {}
    for name, value in declared(group).items():
        if name in skipped:
            continue
        try:
            algorithm = load_object(value)
        except (ImportError, AttributeError) as error:
            raise SearchError(f"algorithm '{name}' could not be loaded from {value}: "
                              f"{error}") from None
        if not isinstance(algorithm, Algorithm) or algorithm.name != name:
            raise SearchError(f"entry point '{name}' of {group} does not name an Algorithm "
                              f"called '{name}'")
        found[name] = algorithm
    return found


class Algorithms(Mapping[str, Algorithm]):
    """Name -> Algorithm: the built-in ones in their declared order, then those registered by
    other packages, in the order of their names (read on first need, as the module says)."""

    def __init__(self, built_in: Iterable[Algorithm], group: str = GROUP) -> None:
        self._built_in = {algorithm.name: algorithm for algorithm in built_in}
        self._group = group
        self._every: dict[str, Algorithm] | None = None

    def every(self) -> dict[str, Algorithm]:
        """Every algorithm, the registered ones read now if they have not been yet."""
        if self._every is None:
            self._every = {**self._built_in, **plugged_in(self._group, self._built_in)}
        return self._every

    def forget(self) -> None:
        """Read the registered algorithms again at their next need (a package was installed
        or removed while this process ran)."""
        self._every = None

    def built_in(self) -> dict[str, Algorithm]:
        """The algorithms this package declares, without reading any entry point."""
        return dict(self._built_in)

    def __getitem__(self, name: str) -> Algorithm:
        found = self._built_in.get(name)
        return self.every()[name] if found is None else found

    def __contains__(self, name: object) -> bool:
        return name in self._built_in or name in self.every()

    def __iter__(self) -> Iterator[str]:
        return iter(self.every())

    def __len__(self) -> int:
        return len(self.every())


class Descriptions(Mapping[str, str]):
    """Name -> description (English, marked for translation), over a table of algorithms."""

    def __init__(self, algorithms: Mapping[str, Algorithm]) -> None:
        self._algorithms = algorithms

    def __getitem__(self, name: str) -> str:
        return self._algorithms[name].description

    def __iter__(self) -> Iterator[str]:
        return iter(self._algorithms)

    def __len__(self) -> int:
        return len(self._algorithms)


__all__ = ["GROUP", "Algorithms", "Descriptions", "plugged_in"]
