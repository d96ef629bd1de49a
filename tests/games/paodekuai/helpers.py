"""Helpers for 跑得快's tests: hands dealt as chosen, plays by seat, a walk over views."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from ddz_bot.games.paodekuai.engine import PdkGame
from ddz_bot.kernel import Card, Pass, Play, parse_cards


def play(game: PdkGame, seat: int, cards: str) -> None:
    game.apply(Play(seat, parse_cards(cards)))


def pass_(game: PdkGame, seat: int) -> None:
    game.apply(Pass(seat))


def cards_in(value: Any) -> Iterator[Card]:
    """Every physical card anywhere in a view (dataclasses, tuples, lists)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
