"""What a 比大小 table's messages show of the game (``kit.contents.GameScreens``), and its one
picture: a row of cards drawn with the bot's shared canvas."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from telegram import InlineKeyboardMarkup

from ddz_bot.games.kit.contents import Render, TableContents, game_of, turn_line, your_turn
from ddz_bot.i18n import t as shared
from ddz_bot.kernel import Card, Cards
from ddz_bot.render import ResultLine
from ddz_bot.render.canvas import draw_cards, encode, new_canvas
from ddz_bot.render.sprites import MEDIUM
from ddz_bot.tg.keyboards import Keyboards
from ddz_bot.tg.panels import SeatPanel
from ddz_bot.tg.table import Table

from .engine import HighCardGame
from .words import cards_text, t

__all__ = ["HighCardScreens", "high_card_contents", "render_cards"]


def render_cards(cards: Sequence[Card]) -> bytes:
    """The game's one picture: ``cards`` in a row on the felt (PNG)."""
    width = 40 + max(1, len(cards)) * (MEDIUM.width + 10)
    image, _ = new_canvas(width, MEDIUM.height + 40)
    draw_cards(image, list(cards), 20, 20, MEDIUM, MEDIUM.width + 10)
    return encode(image)


def _on_table(table: Table) -> list[Card]:
    return [card for card in game_of(table, HighCardGame).played if card is not None]


class HighCardScreens:
    """The cards on the table, each seat's cards and a button a rank it holds."""

    mark = "hc"

    def __init__(self, keyboards: Keyboards) -> None:
        self.keyboards = keyboards

    def lobby_text(self, table: Table, seats: str) -> str:
        return t(table.lang, "lobby", room=shared(table.lang, f"room_{table.room}"), seats=seats)

    def head(self, table: Table) -> str | None:
        return turn_line(table, t(table.lang, "game_name"))

    def caption_lines(self, table: Table) -> list[str]:
        cards = cards_text(c.rank for c in _on_table(table))
        return [t(table.lang, "on_table", cards=cards)]

    def table_picture(self, table: Table) -> Render:
        cards = _on_table(table)
        return lambda: render_cards(cards)

    def result_picture(self, table: Table, pictures: list[ResultLine]) -> Render | None:
        return self.table_picture(table)

    def panel_lines(self, table: Table, seat: int, lang: str, panel: SeatPanel) -> list[str]:
        cards = cards_text(c.rank for c in game_of(table, HighCardGame).hands[seat])
        return [*your_turn(table, seat, lang), t(lang, "your_cards", cards=cards)]

    def panel_keyboard(
        self, table: Table, seat: int, lang: str, panel: SeatPanel
    ) -> InlineKeyboardMarkup | None:
        """A button a rank held (it selects that card), then the play's row; 取消托管 on 托管."""
        game, keyboards = game_of(table, HighCardGame), self.keyboards
        if game.auto[seat] and not game.over:
            return keyboards.take_back(table, lang)
        if game.over or not game.legal_actions(seat):
            return None
        counts = Cards(card.rank for card in game.hands[seat]).counts()
        ranks = keyboards.rank_buttons(table, counts, panel.selection or [], lang)
        return InlineKeyboardMarkup([ranks, keyboards.play_row(table, lang, may_pass=False)])

    def panel_picture(self, table: Table, seat: int, lang: str) -> tuple[str, Render]:
        hand = list(game_of(table, HighCardGame).hands[seat])
        return "".join(str(c) for c in hand), lambda: render_cards(hand)

    def own_result(self, table: Table, seat: int, lang: str, outcome: Any) -> list[str]:
        return [shared(lang, "panel_won" if seat in outcome.winners else "panel_lost")]


def high_card_contents(keyboards: Keyboards) -> TableContents:
    return TableContents(keyboards, HighCardScreens(keyboards))
