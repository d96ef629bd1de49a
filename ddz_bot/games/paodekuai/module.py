"""跑得快 as the table layer hosts it: its ``GameModule`` (``GAMES["paodekuai"]``)."""

from __future__ import annotations

from ddz_bot.games.kit.page import HandPage
from ddz_bot.games.module import GameModule
from ddz_bot.games.paodekuai.engine import OWN_REFUSALS, PdkGame, read_action

from .ai.seats import PdkPlayers
from .i18n import CATALOGUES
from .tg.host import PAODEKUAI, PDK_HOST
from .tg.options import ALIASES, PdkOptions
from .tg.page import PdkPage
from .tg.present import pdk_contents
from .tg.replay import PdkReplay
from .tg.settle import settle_pdk_hand
from .tg.text import event_line, play_text
from .tg.typed import PDK_TYPING

__all__ = ["GAME"]

#: the words the table layer reads of 跑得快: its own refusals (the rest of its words, whose
#: keys may share a name with the bot's, it reads through its own ``i18n.t``)
_REFUSAL_WORDS = {
    lang: {
        key: text
        for key, text in catalogue.items()
        if key in {f"illegal_{refusal.code}" for refusal in OWN_REFUSALS}
    }
    for lang, catalogue in CATALOGUES.items()
}

GAME = GameModule(
    name=PAODEKUAI,
    variants=frozenset({PAODEKUAI}),
    aliases=ALIASES,
    host=PDK_HOST,
    contents=pdk_contents,
    settle=settle_pdk_hand,
    event_line=event_line,
    play_text=play_text,
    typing=PDK_TYPING,
    ai=PdkPlayers(),
    replay=PdkReplay(),
    refusals=OWN_REFUSALS,
    read_action=read_action,
    page=HandPage(PdkPage(), PdkGame),
    options=PdkOptions(),
    words=_REFUSAL_WORDS,
)
