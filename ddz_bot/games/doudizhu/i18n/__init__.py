"""斗地主's words in the three languages the bot speaks (zh-Hans, zh-Hant, en).

The keys are 斗地主's own. The game's module hands them to the registry
(``GameModule.words``), and ``ddz_bot.i18n.t`` reads them after the shared keys: the game's
code and the table layer (a refusal's text, the game's typed-text reply) ask for them as for
any other key. Every key exists in every catalogue with the same placeholders, and none is
also a shared key or another game's (tests/tg/words/test_i18n.py checks both).
"""

from __future__ import annotations

from typing import Final

from . import en, zh_hans, zh_hant

__all__ = ["CATALOGUES"]

CATALOGUES: Final[dict[str, dict[str, str]]] = {
    "zh-Hans": zh_hans.CATALOGUE,
    "zh-Hant": zh_hant.CATALOGUE,
    "en": en.CATALOGUE,
}
