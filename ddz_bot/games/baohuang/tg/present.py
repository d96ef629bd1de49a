"""What the group and each player see of a 保皇 table: the lobby, the table picture with its
caption, each private panel, the result.

The group's caption is built from the public view only (seats with counts, the public roles,
hoe marks, places, the play to beat, whose turn), so it can never name the hidden guard. A
panel adds what its own seat knows and nothing more: its hand, its own role, its own choices
(the declarations the engine offers this seat depend on its secret role: they are shown on
this seat's panel only).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ddz_bot.games.baohuang.engine import (
    AFK_LIMIT,
    BaoHuangGame,
    Declaration,
    Phase,
    PublicView,
    Role,
    Solo,
)
from ddz_bot.games.baohuang.render import render_bh_hand, render_bh_result, render_bh_table
from ddz_bot.i18n import t
from ddz_bot.kernel import Cards, DecisionKind, Rank, Termination
from ddz_bot.render import ResultLine
from ddz_bot.tg.cardwords import cards_text
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

from .host import baohuang_rules
from .keyboards import BaoHuangKeyboards
from .words import card_list_text, declaration_word, face_text, meld_text, options_text, role_word

__all__ = ["BaoHuangContents", "tracker_text"]

#: copies of each rank in the 168 cards (R-BH-DECK): 16 of a natural rank, 4 of a joker
_COPIES = {rank: 16 for rank in range(Rank.SIX, Rank.TWO + 1)} | {
    Rank.SMALL_JOKER: 4,
    Rank.BIG_JOKER: 4,
}


def _game(table: Table) -> BaoHuangGame:
    game = table.game
    assert isinstance(game, BaoHuangGame)
    return game


def _public(table: Table) -> PublicView:
    return dataclasses.replace(_game(table).public_view(), deadline=table.deadline)


def tracker_text(game: BaoHuangGame, seat: int, lang: str) -> str:
    """The card tracker (记牌器): cards ``seat`` has not seen (not in its hand, not played),
    high ranks first."""
    counts = dict(_COPIES)
    for rank in list(game.hand(seat)) + list(game.public_view().played):
        counts[rank] -= 1
    parts = [f"{cards_text([r], lang)}×{n}" for r, n in sorted(counts.items(), reverse=True) if n]
    return " ".join(parts) or "-"


def roles_line(view: PublicView, names: Sequence[str], lang: str) -> str | None:
    """The public roles: the emperor, the guard once revealed, a solo once public, the
    called card, the hoes (造反)."""
    parts = []
    if view.emperor is not None:
        parts.append(t(lang, "bh_cap_emperor", name=names[view.emperor]))
    if view.guard is not None:
        parts.append(t(lang, "bh_cap_guard", name=names[view.guard]))
    if view.solo is Solo.OPEN:
        parts.append(t(lang, "bh_cap_open_solo"))
    elif view.solo is Solo.HIDDEN:
        parts.append(t(lang, "bh_cap_hidden_solo"))
    if view.called is not None:
        parts.append(t(lang, "bh_cap_called", face=face_text(view.called, lang)))
    hoes = [names[seat] for seat in view.revolts]
    if hoes:
        parts.append(t(lang, "bh_cap_hoes", names=("、" if lang != "en" else ", ").join(hoes)))
    return " · ".join(parts) or None


def seats_line(view: PublicView, names: Sequence[str], lang: str) -> str:
    """Every seat with its card count, hoe mark, place, 托管."""
    parts = []
    for info in view.seats:
        text = f"{names[info.seat]} {info.card_count}"
        if info.hoe:
            text += "⛏"
        if info.place is not None:
            place = t(lang, f"bh_place_{int(info.place)}")
            text += f" ({place})" if lang == "en" else f"（{place}）"
        if info.auto_play and view.outcome is None:
            text += "🤖"
        parts.append(text)
    return " · ".join(parts)


class BaoHuangContents:
    """The contents of a 保皇 table's messages (``present.Contents``)."""

    def __init__(self, keyboards: Keyboards) -> None:
        self.keyboards = keyboards
        self.bh_keyboards = BaoHuangKeyboards(keyboards)

    # ---- the group --------------------------------------------------------------------
    def lobby(self, table: Table, *, closed_text: str | None = None) -> Content:
        lang = table.lang
        text = t(
            lang,
            "bh_lobby",
            room=t(lang, f"room_{table.room}"),
            options=options_text(baohuang_rules(table.rules), lang),
            seats=lobby_seats(table, lang, closed=closed_text is not None),
        )
        return lobby_content(
            text, closed_text, lambda: self.keyboards.lobby(table, lang, show_start=False)
        )

    def caption(self, table: Table) -> str:
        game = _game(table)
        view = game.public_view()
        lang, names = table.lang, table.names()
        phase = t(lang, f"bh_phase_{game.phase.value}")
        turn = single_decider(table)
        lines = []
        if game.over:
            lines.append(phase)
        elif turn is not None:
            lines.append(
                t(lang, "caption_turn", phase=phase, name=names[turn], seconds=seconds_left(table))
            )
        if table.narration:
            lines.append(table.narration)
        lines.append(t(lang, "bh_cap_game", options=options_text(game.rules, lang)))
        roles = roles_line(view, names, lang)
        if roles:
            lines.append(roles)
        offer = view.offer
        if offer is not None and offer.attached:
            lines.append(t(lang, "bh_cap_attached", cards=card_list_text(offer.attached, lang)))
        if view.to_beat is not None and view.to_beat_seat is not None:
            last = t(
                lang,
                "caption_last",
                name=names[view.to_beat_seat],
                play=meld_text(view.to_beat, lang),
            )
            if last not in table.narration:  # the narration may say it already
                lines.append(last)
        if game.phase is not Phase.THRONE:
            lines.append(seats_line(view, names, lang))
        return "\n".join(lines)

    def group(self, table: Table, extra: str = "") -> Content:
        view = _public(table)
        names, lang = table.names(), table.lang
        caption = self.caption(table) + (f"\n{extra}" if extra else "")
        markup = (
            self.keyboards.result(table, lang)
            if table.phase == FINISHED
            else self.keyboards.table(table, lang)
        )
        return Content(
            caption[:1024],
            markup,
            photo_key=f"t{table.hand_no}:{table.version}",
            render=lambda: render_bh_table(view, names, lang),
        )

    def result(self, table: Table, text: list[str], pictures: list[ResultLine] | None) -> Content:
        if not pictures:
            return self.group(table, "\n".join(text))
        view = _public(table)
        lines, lang = list(pictures), table.lang
        return Content(
            "\n".join(text)[:1024],
            self.keyboards.result(table, lang),
            photo_key=f"r{table.hand_no}",
            render=lambda: render_bh_result(view, lines, lang),
        )

    # ---- a player's panel ---------------------------------------------------------------
    def panel(
        self, table: Table, seat: int, lang: str, panel: SeatPanel, *, since: int | None = None
    ) -> Content:
        """A seat's panel. ``since`` is not needed: 保皇's seats decide one at a time."""
        game = _game(table)
        view = game.view_for(seat)
        view = dataclasses.replace(
            view, public=dataclasses.replace(view.public, deadline=table.deadline)
        )
        names = table.names()
        hand = "".join(f"{int(c):02x}" for c in view.hand)
        return Content(
            self.panel_caption(table, seat, lang, panel),
            self.bh_keyboards.panel(table, seat, lang, panel),
            photo_key=panel_picture_key(table, seat, "bh", hand),
            render=lambda: render_bh_hand(view, None, lang, names),
        )

    def panel_caption(self, table: Table, seat: int, lang: str, panel: SeatPanel) -> str:
        game = _game(table)
        lines = [t(lang, "panel_table", group=table.title)]
        if game.over:
            return "\n".join(lines + self.final_lines(table, seat, lang))
        mine = _own_role(game, seat, lang)
        if mine is not None:
            lines.append(mine)
        if game.timeouts[seat] == AFK_LIMIT - 1 and not game.auto[seat]:
            lines.append(t(lang, "panel_afk_warning"))
        now = game.waiting_for()
        turn = single_decider(table)
        if game.auto[seat]:
            lines.append(t(lang, "panel_auto"))
        elif now is not None and seat in now:
            lines.append(t(lang, "panel_your_turn", seconds=seconds_left(table)))
            lines += _asked(table, game, seat, lang, panel)
        elif turn is not None:
            # not who: five seats would see every panel edited at each move (the group's
            # caption says whose turn it is); this panel changes when the seat's turn comes
            lines.append(t(lang, "bh_panel_waiting"))
        return "\n".join(lines)

    def final_lines(self, table: Table, seat: int, lang: str) -> list[str]:
        """A player's own result: won or lost, place, beans and balance."""
        game = _game(table)
        outcome = game.outcome()
        if outcome is None or outcome.aborted:
            return [t(lang, "result_aborted")]
        settled = {line.seat: line for line in table.settled}
        mine = settled.get(seat)
        parts = []
        if outcome.termination is Termination.ESCAPED:
            assert outcome.escaped is not None
            if outcome.escaped == seat:
                parts.append(t(lang, "panel_you_escaped"))
            else:
                parts.append(t(lang, "escaped_short", name=table.names()[outcome.escaped]))
        else:
            score = outcome.scores[seat]
            parts.append(
                t(
                    lang,
                    "panel_won" if score > 0 else "bh_panel_even" if score == 0 else "panel_lost",
                )
            )
            place = outcome.place_of(seat)
            if place is not None:
                parts.append(t(lang, f"bh_place_{int(place)}"))
        if mine is not None:
            parts.append(t(lang, "panel_beans", delta=mine.beans_delta, balance=mine.beans_after))
        return [" · ".join(parts)]


def _own_role(game: BaoHuangGame, seat: int, lang: str) -> str | None:
    """The seat's own role, as only it knows it (the guard knows it guards; the emperor
    knows it plays a hidden solo)."""
    role = game.role_of(seat)
    if role is None:
        return None
    if role is Role.EMPEROR and seat == game.emperor and game.solo is Solo.HIDDEN:
        return t(lang, "bh_you_hidden_solo")
    if role is Role.EMPEROR and game.solo is Solo.OPEN:
        return t(lang, "bh_you_open_solo")
    if role is Role.EMPEROR:
        return t(lang, "bh_you_emperor")  # everyone knows the emperor
    return t(lang, "bh_you_are", role=role_word(role, lang))


def _asked(table: Table, game: BaoHuangGame, seat: int, lang: str, panel: SeatPanel) -> list[str]:
    """What the seat is asked now, and what comes with each answer."""
    now = game.waiting_for()
    assert now is not None
    names = table.names()
    view = game.public_view()
    if now.kind is DecisionKind.THRONE:
        offer = view.offer
        attached = () if offer is None else offer.attached
        lines = [
            t(lang, "bh_ask_take", cards=card_list_text(attached, lang))
            if attached
            else t(lang, "bh_ask_take_plain")
        ]
        attach = game.attachment_for(seat)
        if attach is not None:
            lines.append(t(lang, "bh_ask_yield_attach", cards=card_list_text([attach], lang)))
        return lines
    if now.kind is DecisionKind.CALL_GUARD:
        faces = game.callable_faces(seat)
        if not faces:
            return [t(lang, "bh_ask_call_none")]
        lines = [t(lang, "bh_ask_call", faces=" ".join(face_text(f, lang) for f in faces))]
        if view.offer is not None and view.offer.must_take:
            lines.append(t(lang, "bh_ask_must_take"))
        return lines
    if now.kind is DecisionKind.DECLARE:
        words = game.declarations_for(seat)
        said = [declaration_word(w, lang) for w in words if w is not Declaration.NOTHING]
        return [t(lang, "bh_ask_declare", words=" / ".join(said))]
    lines = []
    selected = panel.selection
    if selected and any(selected):
        lines.append(t(lang, "panel_selected", cards=cards_text(Cards.from_counts(selected), lang)))
    if view.to_beat is not None and view.to_beat_seat is not None:
        lines.append(
            t(
                lang,
                "panel_to_beat",
                play=meld_text(view.to_beat, lang),
                name=names[view.to_beat_seat],
            )
        )
    else:
        lines.append(t(lang, "bh_panel_lead"))
    if game.rules.six:
        lines.append(t(lang, "bh_six_note"))
    if table.tracker:
        lines.append(t(lang, "panel_tracker", cards=tracker_text(game, seat, lang)))
    return lines
