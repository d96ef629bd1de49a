"""What a 比大小 table's messages show of the game (the kit's ``PlainScreens``: the cards on
the table and each seat's), and its one picture: a row of cards drawn with the bot's shared
canvas."""

from __future__ import annotations

from collections.abc import Sequence

from ddz_bot.games.kit.contents import TableContents, game_of
from ddz_bot.games.kit.plain import PlainScreens
from ddz_bot.kernel import Card
from ddz_bot.render.canvas import draw_cards, encode, new_canvas
from ddz_bot.render.sprites import MEDIUM
from ddz_bot.tg.keyboards import Keyboards

from .engine import HighCardGame
from .words import cards_text, t

__all__ = ["high_card_contents", "render_cards"]


def render_cards(cards: Sequence[Card]) -> bytes:
    """The game's one picture: ``cards`` in a row on the felt (PNG)."""
    width = 40 + max(1, len(cards)) * (MEDIUM.width + 10)
    image, _ = new_canvas(width, MEDIUM.height + 40)
    draw_cards(image, list(cards), 20, 20, MEDIUM, MEDIUM.width + 10)
    return encode(image)


def high_card_contents(keyboards: Keyboards) -> TableContents:
    """The cards on the table, each seat's cards and a button a rank it holds."""
    return TableContents(
        keyboards,
        PlainScreens(
            keyboards,
            "hc",
            t,
            cards_text,
            lambda table: [c for c in game_of(table, HighCardGame).played if c is not None],
            lambda table, seat: game_of(table, HighCardGame).hands[seat],
            render_cards,
        ),
    )
