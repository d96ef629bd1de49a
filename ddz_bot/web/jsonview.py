"""Views as JSON, generically: what a game's ``view_for(seat)`` or ``public_view()`` holds,
written out field by field, so the live table needs nothing of a game to send its view.

Dataclasses become objects of their fields, enums their values, a physical ``Card`` its
name (``Ts``, ``X``, ``7h'`` for a second deck), ``Cards`` (ranks) the notation (``33344``),
tuples and lists arrays, mappings objects with string keys; anything else with a ``__str__``
of its own (a 保皇 ``Face``) its string. Only what the view object holds is written: the
observer idea holds as long as the view is the right one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from typing import Any

from ..kernel import Card, Cards

__all__ = ["to_json"]

_MAX_DEPTH = 12


def to_json(value: object, _depth: int = 0) -> Any:
    """``value`` as plain JSON data (see the module docstring)."""
    if _depth > _MAX_DEPTH:
        raise ValueError("a view nested too deep")
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, Cards):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value).__str__ is not object.__str__:
            return str(value)  # a value with a name of its own (a 保皇 Face: Kh)
        return {
            field.name: to_json(getattr(value, field.name), _depth + 1)
            for field in dataclasses.fields(value)
        }
    if isinstance(value, Mapping):
        return {str(to_json(k, _depth + 1)): to_json(v, _depth + 1) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        return [to_json(item, _depth + 1) for item in value]
    return str(value)
