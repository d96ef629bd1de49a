"""A hand's direct copy: its state's containers copied, its values shared.

A table changes a hand on a copy (``GameProtocol.clone``); reading the copy back from the
hand's stored form costs a parse of every card (or, for a hand stored as its actions, a replay
of the whole hand so far), while the state is a few lists of cards and numbers. Every value a
hand holds is immutable (cards, numbers, strings, enums, frozen dataclasses) but for the
lists, dicts, sets and tuples that hold them: those are copied, all the way down, and nothing
else is.
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["copy_hand", "state_copy"]

T = TypeVar("T")

_CONTAINERS = frozenset((list, dict, set, tuple))


def state_copy(value: T) -> T:
    """``value`` with its lists, dicts, sets and tuples copied (anything else is shared)."""
    copied: T = _copy(value)
    return copied


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind is list:
        if _CONTAINERS.isdisjoint(map(type, value)):  # flat (a hand of cards): at C speed
            return value[:]
        return [_copy(item) for item in value]
    if kind is dict:
        if _CONTAINERS.isdisjoint(map(type, value.values())):
            return value.copy()
        return {key: _copy(item) for key, item in value.items()}
    if kind is tuple:
        if _CONTAINERS.isdisjoint(map(type, value)):
            return value
        return tuple(_copy(item) for item in value)
    if kind is set:
        return set(value)
    return value


def copy_hand(hand: T) -> T:
    """A copy of ``hand`` (an object keeping its state in its ``__dict__``) that shares
    nothing it could change with it."""
    twin = object.__new__(type(hand))
    twin.__dict__.update({name: _copy(item) for name, item in vars(hand).items()})
    return twin
