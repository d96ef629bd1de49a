"""What the group and each player see of a 跑得快 table: the lobby, the table picture with its
caption, each private panel, the result.

The group's caption is built from the public view only (each seat's count, the one-card
warning, the play to beat, whose turn); a panel adds its own seat's hand and choices, and
offers Pass only when passing is legal (R-PDK-MUST).
"""

from __future__ import annotations

import dataclasses

from ddz_bot.i18n import t
from ddz_bot.kernel import Termination
from ddz_bot.render import ResultLine
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

from ..engine import AFK_LIMIT, PdkGame, PublicView
from ..i18n import t as pt
from ..render import render_pdk_hand, render_pdk_result, render_pdk_table
from .host import pdk_rules
from .keyboards import PdkKeyboards
from .text import caption, options_text, panel_text

__all__ = ["PdkContents"]


def _game(table: Table) -> PdkGame:
    game = table.game
    assert isinstance(game, PdkGame)
    return game


def _public(table: Table) -> PublicView:
    return dataclasses.replace(_game(table).public_view(), deadline=table.deadline)


class PdkContents:
    """The contents of a 跑得快 table's messages (``screens.Contents``)."""

    def __init__(self, keyboards: Keyboards) -> None:
        self.keyboards = keyboards
        self.pdk_keyboards = PdkKeyboards(keyboards)

    # ---- the group --------------------------------------------------------------------
    def lobby(self, table: Table, *, closed_text: str | None = None) -> Content:
        lang = table.lang
        text = pt(
            lang,
            "lobby",
            room=t(lang, f"room_{table.room}"),
            options=options_text(pdk_rules(table.rules), lang),
            seats=lobby_seats(table, lang, closed=closed_text is not None),
        )
        return lobby_content(
            text, closed_text, lambda: self.keyboards.lobby(table, lang, show_start=False)
        )

    def caption(self, table: Table) -> str:
        game = _game(table)
        view = game.public_view()
        lang, names = table.lang, table.names()
        lines = []
        turn = single_decider(table)
        if turn is not None:
            phase = pt(lang, "game_name")
            lines.append(
                t(lang, "caption_turn", phase=phase, name=names[turn], seconds=seconds_left(table))
            )
        if table.narration:
            lines.append(table.narration)
        lines.append(pt(lang, "panel_game", options=options_text(game.rules, lang)))
        lines.append(caption(dataclasses.replace(view, turn=None), names, lang))
        return "\n".join(line for line in lines if line)

    def group(self, table: Table, extra: str = "") -> Content:
        view = _public(table)
        names, lang = table.names(), table.lang
        text = self.caption(table) + (f"\n{extra}" if extra else "")
        markup = (
            self.keyboards.result(table, lang)
            if table.phase == FINISHED
            else self.keyboards.table(table, lang)
        )
        return Content(
            text[:1024],
            markup,
            photo_key=f"t{table.hand_no}:{table.version}",
            render=lambda: render_pdk_table(view, names, lang),
        )

    def result(self, table: Table, text: list[str], pictures: list[ResultLine] | None) -> Content:
        view = _public(table)
        if not pictures or view.outcome is None:
            return self.group(table, "\n".join(text))
        names, lang = table.names(), table.lang
        beans = [line.beans_delta for line in sorted(pictures, key=lambda line: line.seat)]
        return Content(
            "\n".join(text)[:1024],
            self.keyboards.result(table, lang),
            photo_key=f"r{table.hand_no}",
            render=lambda: render_pdk_result(view, names, lang, beans),
        )

    # ---- a player's panel ---------------------------------------------------------------
    def panel(
        self, table: Table, seat: int, lang: str, panel: SeatPanel, *, since: int | None = None
    ) -> Content:
        """A seat's panel (``since`` is not needed: one seat plays at a time)."""
        game = _game(table)
        view = game.view_for(seat)
        view = dataclasses.replace(
            view, public=dataclasses.replace(view.public, deadline=table.deadline)
        )
        names = table.names()
        hand = "".join(f"{int(c):02x}" for c in view.hand)
        return Content(
            self.panel_caption(table, seat, lang, panel),
            self.pdk_keyboards.panel(table, seat, lang, panel),
            photo_key=panel_picture_key(table, seat, "pdk", hand),
            # the choice is told in the caption: the picture is drawn once a hand and turn
            render=lambda: render_pdk_hand(view, None, lang, names),
        )

    def panel_caption(self, table: Table, seat: int, lang: str, panel: SeatPanel) -> str:
        game = _game(table)
        lines = [t(lang, "panel_table", group=table.title)]
        if game.over:
            return "\n".join(lines + self.final_lines(table, seat, lang))
        if game.timeouts[seat] == AFK_LIMIT - 1 and not game.auto[seat]:
            lines.append(t(lang, "panel_afk_warning"))
        now = game.waiting_for()
        if now is not None and seat in now and not game.auto[seat]:
            lines.append(t(lang, "panel_your_turn", seconds=seconds_left(table)))
        lines.append(
            panel_text(
                game.view_for(seat),
                game.legal_actions(seat),
                table.names(),
                lang,
                panel.selection,
                auto=game.auto[seat],
            )
        )
        return "\n".join(lines)

    def final_lines(self, table: Table, seat: int, lang: str) -> list[str]:
        """A player's own result: won or lost, beans and balance."""
        outcome = _game(table).outcome()
        if outcome is None:
            return [t(lang, "result_aborted")]
        mine = {line.seat: line for line in table.settled}.get(seat)
        parts = []
        if outcome.termination is Termination.ESCAPED:
            assert outcome.escaped is not None
            if outcome.escaped == seat:
                parts.append(t(lang, "panel_you_escaped"))
            else:
                parts.append(t(lang, "escaped_short", name=table.names()[outcome.escaped]))
        else:
            parts.append(t(lang, "panel_won" if outcome.scores[seat] > 0 else "panel_lost"))
        if mine is not None:
            parts.append(t(lang, "panel_beans", delta=mine.beans_delta, balance=mine.beans_after))
        return [" · ".join(parts)]
