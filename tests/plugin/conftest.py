"""Fixtures: 比大小 registered for the time of a test (``GAMES.registered``), and the real bot
Application over the fake Telegram on a real SQLite file, hosting it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from ddz_bot.games import GAMES
from ddz_bot.games.module import GameModule
from ddz_bot.kernel import Card, full_deck

from ..tg.clocks import manager_clock, outbox_waits  # noqa: F401 (fixtures for the tests here)
from ..tg.conftest import make_settings, start_bot
from ..tg.harness import Harness
from .highcard.module import GAME


@pytest.fixture
def highcard() -> Iterator[GameModule]:
    """比大小 hosted by the bot while the test runs, gone after it."""
    with GAMES.registered(GAME) as module:
        yield module


@pytest.fixture
async def bot(tmp_path: Path, highcard: GameModule) -> AsyncIterator[Harness]:
    harness = await start_bot(make_settings(tmp_path))
    try:
        yield harness
    finally:
        await harness.stop()


class FixedDeal(random.Random):
    """A table's random source that deals ``hands`` (by seat, as cards like ``Kh``)."""

    def __init__(self, hands: Sequence[str]) -> None:
        super().__init__(1)
        chosen = [Card.parse(card) for hand in hands for card in hand.split()]
        self.deck = chosen + [card for card in full_deck() if card not in chosen]

    def shuffle(self, x: Any) -> None:
        if len(x) == len(self.deck):
            x[:] = self.deck
        else:
            super().shuffle(x)
