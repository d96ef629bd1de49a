"""斗地主's own words in the three languages (``GameModule.words``; how ``t`` reads a
game's words and what the tests hold them to: ``ddz_bot.i18n``)."""

from __future__ import annotations

from typing import Final

from ddz_bot.i18n import by_language

from . import en, zh_hans, zh_hant

__all__ = ["CATALOGUES"]

CATALOGUES: Final = by_language(zh_hans.CATALOGUE, zh_hant.CATALOGUE, en.CATALOGUE)
