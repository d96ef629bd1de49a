"""What the group and each player see of a 跑得快 table: the lobby, the table picture with its
caption, each private panel, the result.

The group's caption is built from the public view only (each seat's count, the one-card
warning, the play to beat, whose turn); a panel adds its own seat's hand and choices, and
offers Pass only when passing is legal (R-PDK-MUST).
"""

from __future__ import annotations

import dataclasses

from telegram import InlineKeyboardMarkup

from ddz_bot.games.kit.contents import (
    Render,
    TableContents,
    afk_warning,
    game_of,
    hand_key,
    public_at,
    seat_view_at,
    turn_line,
    your_turn,
)
from ddz_bot.i18n import t
from ddz_bot.render import ResultLine
from ddz_bot.tg.keyboards import Keyboards
from ddz_bot.tg.panels import SeatPanel
from ddz_bot.tg.table import Table

from ..engine import AFK_LIMIT, PdkGame, PdkOutcome
from ..i18n import t as pt
from ..render import render_pdk_hand, render_pdk_result, render_pdk_table
from .host import pdk_rules
from .keyboards import pdk_panel
from .text import caption, options_text, panel_text

__all__ = ["PdkScreens", "pdk_contents"]


class PdkScreens:
    """What a 跑得快 table's messages show of the game (``kit.contents.GameScreens``)."""

    mark = "pdk"

    def __init__(self, keyboards: Keyboards) -> None:
        self.keyboards = keyboards

    def lobby_text(self, table: Table, seats: str) -> str:
        lang = table.lang
        options = options_text(pdk_rules(table.rules), lang)
        return pt(lang, "lobby", room=t(lang, f"room_{table.room}"), options=options, seats=seats)

    def head(self, table: Table) -> str | None:
        return turn_line(table, pt(table.lang, "game_name"))

    def caption_lines(self, table: Table) -> list[str]:
        game, lang = game_of(table, PdkGame), table.lang
        view = dataclasses.replace(game.public_view(), turn=None)
        return [
            pt(lang, "panel_game", options=options_text(game.rules, lang)),
            caption(view, table.names(), lang),
        ]

    def table_picture(self, table: Table) -> Render:
        view, names, lang = public_at(table), table.names(), table.lang
        return lambda: render_pdk_table(view, names, lang)

    def result_picture(self, table: Table, pictures: list[ResultLine]) -> Render | None:
        view, names, lang = public_at(table), table.names(), table.lang
        if view.outcome is None:
            return None
        beans = [line.beans_delta for line in sorted(pictures, key=lambda line: line.seat)]
        return lambda: render_pdk_result(view, names, lang, beans)

    def panel_lines(self, table: Table, seat: int, lang: str, panel: SeatPanel) -> list[str]:
        game = game_of(table, PdkGame)
        legal = game.legal_actions(seat)
        return [
            *afk_warning(table, seat, lang, AFK_LIMIT),
            *your_turn(table, seat, lang),
            panel_text(
                game.view_for(seat),
                legal,
                table.names(),
                lang,
                panel.selection,
                auto=game.auto[seat],
            ),
        ]

    def panel_keyboard(
        self, table: Table, seat: int, lang: str, panel: SeatPanel
    ) -> InlineKeyboardMarkup | None:
        return pdk_panel(self.keyboards, table, seat, lang, panel)

    def panel_picture(self, table: Table, seat: int, lang: str) -> tuple[str, Render]:
        view, names = seat_view_at(table, seat), table.names()
        # the choice is told in the caption: the picture is drawn once a hand and turn
        return hand_key(view.hand), lambda: render_pdk_hand(view, None, lang, names)

    def own_result(self, table: Table, seat: int, lang: str, outcome: PdkOutcome) -> list[str]:
        return [t(lang, "panel_won" if outcome.scores[seat] > 0 else "panel_lost")]


def pdk_contents(keyboards: Keyboards) -> TableContents:
    """The contents of a 跑得快 table's messages (``screens.Contents``)."""
    return TableContents(keyboards, PdkScreens(keyboards))
