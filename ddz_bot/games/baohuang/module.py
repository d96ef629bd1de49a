"""保皇 as the table layer hosts it: its ``GameModule`` (``GAMES["baohuang"]``)."""

from __future__ import annotations

from ddz_bot.games.baohuang.engine import OWN_REFUSALS, BaoHuangGame, read_action
from ddz_bot.games.kit.page import HandPage
from ddz_bot.games.module import GameModule

from .ai.seats import BaoHuangPlayers
from .i18n import CATALOGUES
from .tg.host import BAOHUANG, BAOHUANG_HOST
from .tg.options import ALIASES, BaoHuangOptions
from .tg.page import BaoHuangPage
from .tg.present import baohuang_contents
from .tg.replay import BaoHuangReplay
from .tg.settle import settle_bh_hand
from .tg.typed import BaoHuangTyping
from .tg.words import event_line, play_text

__all__ = ["GAME"]

GAME = GameModule(
    name=BAOHUANG,
    variants=frozenset({BAOHUANG}),
    aliases=ALIASES,
    host=BAOHUANG_HOST,
    contents=baohuang_contents,
    settle=settle_bh_hand,
    event_line=event_line,
    play_text=play_text,
    typing=BaoHuangTyping(),
    ai=BaoHuangPlayers(),
    replay=BaoHuangReplay(),
    refusals=OWN_REFUSALS,
    read_action=read_action,
    page=HandPage(BaoHuangPage(), BaoHuangGame),
    words=CATALOGUES,
    options=BaoHuangOptions(),
)
