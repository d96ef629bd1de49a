"""Fixtures for the picture tests: a spy on the one function that draws a card's face."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image

from ddz_bot.kernel import Card
from ddz_bot.render import sprites
from ddz_bot.render.sprites import CardSize


class FaceSpy:
    """Every card whose face was drawn, and how many backs."""

    def __init__(self) -> None:
        self.faces: list[Card] = []
        self.wild: list[Card] = []
        self.backs = 0


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Iterator[FaceSpy]:
    record = FaceSpy()
    real_face, real_back = sprites.face, sprites.back

    def face(card: Card, size: CardSize, wild: bool = False) -> Image.Image:
        record.faces.append(card)
        if wild:
            record.wild.append(card)
        return real_face(card, size, wild)

    def back(size: CardSize) -> Image.Image:
        record.backs += 1
        return real_back(size)

    monkeypatch.setattr(sprites, "face", face)
    monkeypatch.setattr(sprites, "back", back)
    yield record
