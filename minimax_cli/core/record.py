"""`Record`: the equality, hash and repr of a small value class, written once.

A frozen dataclass generates and compiles its `__init__`, `__eq__`, `__hash__`, `__repr__`,
`__setattr__` and `__delattr__` when its module is imported: about four million instructions a
class, paid by every command that loads it (issue 19, start-up). The value classes every command
loads are plain slotted classes instead: each writes its `__init__` (its checks included) and
declares its attributes `Final` (read-only to the type checker), and `Record` gives it what the
dataclass gave besides: equal when of the same class with equal fields, hashable, and shown as
`Name(field=value, ...)`, the fields in `fields` order.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Record:
    """Equality, hash and repr by the fields named in `fields` (in their declared order)."""

    __slots__ = ()
    fields: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.fields)
        return f"{type(self).__qualname__}({shown})"


__all__ = ["Record"]
