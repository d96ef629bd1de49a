"""跑得快's words in the three languages the bot speaks (zh-Hans, zh-Hant, en), and ``t``.

The keys are 跑得快's own; every key exists in every catalogue with the same placeholders
(tests/games/paodekuai/test_words.py checks it). An unknown language reads Simplified
Chinese, the bot's default.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ddz_bot.i18n import by_language

from . import en, zh_hans, zh_hant

__all__ = ["CATALOGUES", "LANGS", "cards_text", "rank_label", "t"]

LANGS: Final = ("zh-Hans", "zh-Hant", "en")
CATALOGUES: Final = by_language(zh_hans.CATALOGUE, zh_hant.CATALOGUE, en.CATALOGUE)


def t(lang: str, key: str, /, **values: object) -> str:
    """The words ``key`` in ``lang`` with their placeholders filled (``KeyError``, a bug: an
    unknown key or a placeholder without its value)."""
    template = (CATALOGUES.get(lang) or CATALOGUES["zh-Hans"])[key]
    return template.format(**values)  # a placeholder left unfilled: ``KeyError``


_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def rank_label(rank: int, lang: str = "en") -> str:
    """A rank as printed on a card: ``10`` for ten."""
    return _LABELS[rank]


def cards_text(cards: Iterable[int], lang: str = "en") -> str:
    """Cards as people write them: ``34567``, spaced once a ten is in (``8 9 10 J Q``)."""
    labels = [rank_label(rank, lang) for rank in cards]
    return (" " if "10" in labels else "").join(labels)
