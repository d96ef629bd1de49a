"""What the group and each player see of a 比大小 table: its ``Contents`` (the lobby, the
table picture with its caption, the result, each panel) and its one picture: a row of cards
drawn with the bot's shared canvas."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardMarkup

from ddz_bot.i18n import t as shared
from ddz_bot.kernel import RANK_CHARS, Card, Termination
from ddz_bot.render import ResultLine
from ddz_bot.render.canvas import draw_cards, encode, new_canvas
from ddz_bot.render.sprites import MEDIUM
from ddz_bot.tg.codec import Button
from ddz_bot.tg.keyboards import Keyboards
from ddz_bot.tg.outbox import Content
from ddz_bot.tg.panels import SeatPanel
from ddz_bot.tg.screens import (
    lobby_content,
    lobby_seats,
    panel_picture_key,
    seconds_left,
    single_decider,
)
from ddz_bot.tg.table import FINISHED, Table

from .engine import HighCardGame
from .words import card_text, cards_text, t

__all__ = ["HighCardContents", "render_cards"]


def render_cards(cards: Sequence[Card]) -> bytes:
    """The game's one picture: ``cards`` in a row on the felt (PNG)."""
    width = 40 + max(1, len(cards)) * (MEDIUM.width + 10)
    image, _ = new_canvas(width, MEDIUM.height + 40)
    draw_cards(image, list(cards), 20, 20, MEDIUM, MEDIUM.width + 10)
    return encode(image)


def _game(table: Table) -> HighCardGame:
    game = table.game
    assert isinstance(game, HighCardGame)
    return game


def _on_table(game: HighCardGame) -> list[Card]:
    return [card for card in game.played if card is not None]


class HighCardContents:
    """The contents of a 比大小 table's messages (``tg.screens.Contents``)."""

    def __init__(self, keyboards: Keyboards) -> None:
        self.keyboards = keyboards

    def lobby(self, table: Table, *, closed_text: str | None = None) -> Content:
        lang = table.lang
        room = shared(lang, f"room_{table.room}")
        seats = lobby_seats(table, lang, closed=closed_text is not None)
        return lobby_content(
            t(lang, "lobby", room=room, seats=seats),
            closed_text,
            lambda: self.keyboards.lobby(table, lang, show_start=False),
        )

    def group(self, table: Table, extra: str = "") -> Content:
        game, lang = _game(table), table.lang
        lines = []
        turn = single_decider(table)
        if turn is not None:
            name, seconds = table.names()[turn], seconds_left(table)
            phase = t(lang, "game_name")
            lines.append(shared(lang, "caption_turn", phase=phase, name=name, seconds=seconds))
        if table.narration:
            lines.append(table.narration)
        cards = _on_table(game)
        lines.append(t(lang, "on_table", cards=cards_text(c.rank for c in cards)))
        if extra:
            lines.append(extra)
        finished = table.phase == FINISHED
        markup = (self.keyboards.result if finished else self.keyboards.table)(table, lang)
        return Content(
            "\n".join(lines)[:1024],
            markup,
            photo_key=f"hc{table.hand_no}:{table.version}",
            render=lambda: render_cards(cards),
        )

    def result(self, table: Table, text: list[str], pictures: list[ResultLine] | None) -> Content:
        cards = _on_table(_game(table))
        return Content(
            "\n".join(text)[:1024],
            self.keyboards.result(table, table.lang),
            photo_key=f"hcr{table.hand_no}",
            render=lambda: render_cards(cards),
        )

    def panel(
        self, table: Table, seat: int, lang: str, panel: SeatPanel, *, since: int | None = None
    ) -> Content:
        game = _game(table)
        hand = list(game.hands[seat])
        lines = [shared(lang, "panel_table", group=table.title)]
        if game.over:
            lines += self._final_lines(table, seat, lang)
        elif seat in (game.waiting_for() or ()):
            lines.append(shared(lang, "panel_your_turn", seconds=seconds_left(table)))
        lines.append(t(lang, "your_cards", cards=cards_text(c.rank for c in hand)))
        return Content(
            "\n".join(lines),
            self._keyboard(table, seat, lang, panel),
            photo_key=panel_picture_key(table, seat, "hc", "".join(str(c) for c in hand)),
            render=lambda: render_cards(hand),
        )

    def _keyboard(
        self, table: Table, seat: int, lang: str, panel: SeatPanel
    ) -> InlineKeyboardMarkup | None:
        """One button a rank held (it selects that card), then Play; 取消托管 on 托管."""
        game = _game(table)
        if game.over:
            return None
        b = self.keyboards.button
        if game.auto[seat]:
            return InlineKeyboardMarkup(
                [[b(shared(lang, "btn_take_back"), Button.TAKE_BACK, table, table.version)]]
            )
        if not game.legal_actions(seat):
            return None
        chosen = panel.selection or []
        ranks = sorted({card.rank for card in game.hands[seat]})
        row = [
            b(
                ("✅" if rank < len(chosen) and chosen[rank] else "") + card_text(rank),
                Button.RANK,
                table,
                table.hand_version,
                RANK_CHARS[rank],
            )
            for rank in ranks
        ]
        play = [b(shared(lang, "btn_play"), Button.PLAY, table, table.version)]
        return InlineKeyboardMarkup([row, play])

    @staticmethod
    def _final_lines(table: Table, seat: int, lang: str) -> list[str]:
        """The seat's own end: won or lost, and its beans once the hand is settled."""
        outcome = _game(table).outcome()
        assert outcome is not None
        if outcome.termination is Termination.ESCAPED:
            assert outcome.escaped is not None
            parts = [
                shared(lang, "panel_you_escaped")
                if outcome.escaped == seat
                else shared(lang, "escaped_short", name=table.names()[outcome.escaped])
            ]
        else:
            parts = [shared(lang, "panel_won" if seat in outcome.winners else "panel_lost")]
        mine = {line.seat: line for line in table.settled}.get(seat)
        if mine is not None:
            parts.append(
                shared(lang, "panel_beans", delta=mine.beans_delta, balance=mine.beans_after)
            )
        return [" · ".join(parts)]
