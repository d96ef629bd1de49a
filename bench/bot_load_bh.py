"""The scripted 保皇 players of ``bench/bot_load.py --game baohuang``: they read their panel and
press its buttons (take or yield the throne, call a face, say nothing), then play the lowest
play by typing it most of the time (``dx77``), sometimes by the "all of a rank" button."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

from ddz_bot.games.baohuang.engine import BaoHuangGame, Phase
from ddz_bot.games.baohuang.tg import present as bh_present
from ddz_bot.kernel import RANK_CHARS, Cards, Rank
from ddz_bot.tg.cardwords import cards_text
from ddz_bot.tg.table import Table
from tests.tg.fake_api import FakeMessage

__all__ = ["BH_PICTURES", "bh_decide", "typed_play"]

#: the 保皇 pictures ``stub_pictures`` replaces
BH_PICTURES = (bh_present, ("render_bh_table", "render_bh_hand", "render_bh_result"))

Press = Callable[[dict[str, Any], FakeMessage | None, str], Awaitable[Any]]
Send = Callable[[dict[str, Any], int, str], Awaitable[None]]


def typed_play(cards: Cards) -> str:
    """A play as a player types it: the jokers as ``x``/``d``, then the rank (``dx77``)."""
    jokers = "".join("d" if r == Rank.BIG_JOKER else "x" for r in cards if r >= Rank.SMALL_JOKER)
    natural = [RANK_CHARS[r].replace("T", "10") for r in cards if r < Rank.SMALL_JOKER]
    return jokers + "".join(natural)


def _label(message: FakeMessage | None, start: str) -> str | None:
    if message is None:
        return None
    return next((b["text"] for b in message.buttons() if b["text"].startswith(start)), None)


async def bh_decide(
    table: Table,
    game: BaoHuangGame,
    seat: int,
    user: dict[str, Any],
    panel: FakeMessage | None,
    press: Press,
    send: Send,
    rng: random.Random,
) -> bool:
    """One decision of a 保皇 seat through its panel (the seat is the one asked)."""
    if game.phase is Phase.THRONE:
        wanted = ("登基", "叫 ") if rng.random() < 0.5 else ("让位",)
        for start in (*wanted, "登基", "叫 ", "让位"):
            label = _label(panel, start)
            if label is not None:
                await press(user, panel, label)
                return True
        return False
    if game.phase is Phase.DECLARING:
        await press(user, panel, "不表态")
        return True
    moves = game.moves(seat)
    if not moves or (game.to_beat is not None and rng.random() < 0.2):
        await send(user, user["id"], "不出")
        return True
    choice = min(moves, key=lambda c: (max(c), -len(c)))
    natural = [r for r in choice if r < Rank.SMALL_JOKER]
    held = game.hand(seat).counts()
    if natural and len(natural) == len(choice) == held[natural[0]] > 1 and rng.random() < 0.3:
        label = _label(panel, f"全部{cards_text([natural[0]], 'zh-Hans')}")
        if label is not None:
            await press(user, panel, label)
            await press(user, panel, "出牌")
            return True
    await send(user, user["id"], typed_play(choice))
    return True
