"""斗地主 as the table layer hosts it: its ``GameModule`` (``GAMES["doudizhu"]``)."""

from __future__ import annotations

from ddz_bot.games.doudizhu.engine import OWN_REFUSALS, Game, read_action, warm_up
from ddz_bot.games.kit.page import HandPage
from ddz_bot.games.module import GameModule

from .ai.seats import DouDizhuAI
from .i18n import CATALOGUES
from .tg.host import DOUDIZHU_HOST
from .tg.options import ALIASES, VARIANTS, DouDizhuOptions
from .tg.page import DouDizhuPage
from .tg.present import DouDizhuContents
from .tg.replay import DouDizhuReplay
from .tg.settle import settle_hand
from .tg.typed import DouDizhuTyping
from .tg.words import event_line, play_text

__all__ = ["GAME"]

GAME = GameModule(
    name="doudizhu",
    variants=VARIANTS,
    aliases=ALIASES,
    host=DOUDIZHU_HOST,
    contents=DouDizhuContents,
    settle=settle_hand,
    event_line=event_line,
    play_text=play_text,
    typing=DouDizhuTyping(),
    ai=DouDizhuAI(),
    replay=DouDizhuReplay(),
    refusals=OWN_REFUSALS,
    read_action=read_action,
    page=HandPage(DouDizhuPage(), Game),
    words=CATALOGUES,
    options=DouDizhuOptions(),
    warm_up=warm_up,
)
