"""Views as JSON, generically: what a game's ``view_for(seat)`` or ``public_view()`` holds,
written out field by field, so the live table needs nothing of a game to send its view.

Dataclasses become objects of their fields, enums their values, a physical ``Card`` its
name (``Ts``, ``X``, ``7h'`` for a second deck), ``Cards`` (ranks) the notation (``33344``),
tuples and lists arrays, mappings objects with string keys; anything else with a ``__str__``
of its own (a 保皇 ``Face``, a ``Combo``) its string. Only what the view object holds is
written: the observer idea holds as long as the view is the right one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from ..kernel import Card, Cards

__all__ = ["to_json"]

_MAX_DEPTH = 12
_PLAIN = (str, int, float, bool, type(None))
_PLAIN_TYPES = frozenset(_PLAIN)
#: how each type met so far is written (a view has a handful of types: looked up once)
_WRITERS: dict[type, Callable[[Any, int], Any]] = {}
#: each card's name by its id (``Card.__str__`` works it out from the rank and the suit)
_CARD_NAMES: dict[int, str] = {}


def to_json(value: object, _depth: int = 0) -> Any:
    """``value`` as plain JSON data (see the module docstring)."""
    if _depth > _MAX_DEPTH:
        raise ValueError("a view nested too deep")
    kind = type(value)
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer_for(kind)
    return writer(value, _depth)


def _writer_for(kind: type) -> Callable[[Any, int], Any]:
    if kind in _PLAIN:
        return lambda value, _: value
    if issubclass(kind, Enum):
        return lambda value, _: value.value
    if issubclass(kind, Card):
        return _card_name
    if issubclass(kind, Cards):
        return lambda value, _: str(value)
    if issubclass(kind, int):
        return lambda value, _: int(value)
    if dataclasses.is_dataclass(kind):
        if kind.__str__ is not object.__str__:
            return lambda value, _: str(value)  # a value with a name of its own (Kh)
        return _fields_writer(tuple(field.name for field in dataclasses.fields(kind)))
    if issubclass(kind, Mapping):
        return lambda value, depth: {
            str(to_json(k, depth + 1)): to_json(v, depth + 1) for k, v in value.items()
        }
    if issubclass(kind, tuple | list | frozenset | set):
        return _items
    return lambda value, _: str(value)


def _fields_writer(names: tuple[str, ...]) -> Callable[[Any, int], Any]:
    """A dataclass's writer: its fields by name, plain values taken as they are (most of a
    view's fields: no call for them)."""

    def write(value: Any, depth: int) -> dict[str, Any]:
        written: dict[str, Any] = {}
        for name in names:
            item = getattr(value, name)
            written[name] = item if type(item) in _PLAIN_TYPES else to_json(item, depth + 1)
        return written

    return write


def _card_name(card: Card, _: int) -> str:
    """A card's name, worked out once a card (a frame holds a hand or two of them)."""
    name = _CARD_NAMES.get(card)
    if name is None:
        name = _CARD_NAMES[card] = str(card)
    return name


def _items(value: Any, depth: int) -> list[Any]:
    """A sequence's items; a run of cards (a hand) without a look-up per card."""
    if depth >= _MAX_DEPTH and value:
        raise ValueError("a view nested too deep")
    names = _CARD_NAMES
    written: list[Any] = []
    for item in value:
        kind = type(item)
        if kind is Card:
            name = names.get(item)
            written.append(_card_name(item, 0) if name is None else name)
        elif kind in _PLAIN_TYPES:
            written.append(item)
        else:
            written.append(to_json(item, depth + 1))
    return written
