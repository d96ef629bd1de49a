"""What the group and each player see of a 保皇 table: the lobby, the table picture with its
caption, each private panel, the result.

The group's caption is built from the public view only (seats with counts, the public roles,
hoe marks, places, the play to beat, whose turn), so it can never name the hidden guard. A
panel adds what its own seat knows and nothing more: its hand, its own role, its own choices
(the declarations the engine offers this seat depend on its secret role: they are shown on
this seat's panel only).
"""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardMarkup

from ddz_bot.games.baohuang.engine import (
    AFK_LIMIT,
    BaoHuangGame,
    BaoHuangOutcome,
    Declaration,
    Phase,
    PublicView,
    Role,
    Solo,
)
from ddz_bot.games.baohuang.render import render_bh_hand, render_bh_result, render_bh_table
from ddz_bot.games.kit.contents import (
    Render,
    TableContents,
    afk_warning,
    game_of,
    hand_key,
    play_notes,
    public_at,
    seat_view_at,
    turn_line,
    your_turn,
)
from ddz_bot.i18n import t
from ddz_bot.kernel import DecisionKind, Rank
from ddz_bot.render import ResultLine
from ddz_bot.tg.cardwords import cards_text
from ddz_bot.tg.keyboards import Keyboards
from ddz_bot.tg.panels import SeatPanel
from ddz_bot.tg.screens import single_decider
from ddz_bot.tg.table import Table

from .host import baohuang_rules
from .keyboards import BaoHuangKeyboards
from .words import card_list_text, declaration_word, face_text, meld_text, options_text, role_word

__all__ = ["BaoHuangScreens", "baohuang_contents", "tracker_text"]

#: copies of each rank in the 168 cards (R-BH-DECK): 16 of a natural rank, 4 of a joker
_COPIES = {rank: 16 for rank in range(Rank.SIX, Rank.TWO + 1)} | {
    Rank.SMALL_JOKER: 4,
    Rank.BIG_JOKER: 4,
}


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


class BaoHuangScreens:
    """What a 保皇 table's messages show of the game (``kit.contents.GameScreens``)."""

    mark = "bh"

    def __init__(self, keyboards: Keyboards) -> None:
        self.keyboards = BaoHuangKeyboards(keyboards)

    def lobby_text(self, table: Table, seats: str) -> str:
        lang = table.lang
        options = options_text(baohuang_rules(table.rules), lang)
        return t(lang, "bh_lobby", room=t(lang, f"room_{table.room}"), options=options, seats=seats)

    def head(self, table: Table) -> str | None:
        phase = t(table.lang, f"bh_phase_{game_of(table, BaoHuangGame).phase.value}")
        return phase if game_of(table, BaoHuangGame).over else turn_line(table, phase)

    def caption_lines(self, table: Table) -> list[str]:
        game = game_of(table, BaoHuangGame)
        view = game.public_view()
        lang, names = table.lang, table.names()
        lines = [t(lang, "bh_cap_game", options=options_text(game.rules, lang))]
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
        return lines

    def table_picture(self, table: Table) -> Render:
        view, names, lang = public_at(table), table.names(), table.lang
        return lambda: render_bh_table(view, names, lang)

    def result_picture(self, table: Table, pictures: list[ResultLine]) -> Render | None:
        view, lines, lang = public_at(table), list(pictures), table.lang
        return lambda: render_bh_result(view, lines, lang)

    def panel_lines(self, table: Table, seat: int, lang: str, panel: SeatPanel) -> list[str]:
        game = game_of(table, BaoHuangGame)
        lines = []
        mine = _own_role(game, seat, lang)
        if mine is not None:
            lines.append(mine)
        lines += afk_warning(table, seat, lang, AFK_LIMIT)
        now = game.waiting_for()
        if game.auto[seat]:
            lines.append(t(lang, "panel_auto"))
        elif now is not None and seat in now:
            lines += your_turn(table, seat, lang)
            lines += _asked(table, game, seat, lang, panel)
        elif single_decider(table) is not None:
            # not who: five seats would see every panel edited at each move (the group's
            # caption says whose turn it is); this panel changes when the seat's turn comes
            lines.append(t(lang, "bh_panel_waiting"))
        return lines

    def panel_keyboard(
        self, table: Table, seat: int, lang: str, panel: SeatPanel
    ) -> InlineKeyboardMarkup | None:
        return self.keyboards.panel(table, seat, lang, panel)

    def panel_picture(self, table: Table, seat: int, lang: str) -> tuple[str, Render]:
        view, names = seat_view_at(table, seat), table.names()
        return hand_key(view.hand), lambda: render_bh_hand(view, None, lang, names)

    def own_result(self, table: Table, seat: int, lang: str, outcome: BaoHuangOutcome) -> list[str]:
        """Won, even or lost, and the seat's place."""
        score = outcome.scores[seat]
        key = "panel_won" if score > 0 else "bh_panel_even" if score == 0 else "panel_lost"
        parts = [t(lang, key)]
        place = outcome.place_of(seat)
        if place is not None:
            parts.append(t(lang, f"bh_place_{int(place)}"))
        return parts


def baohuang_contents(keyboards: Keyboards) -> TableContents:
    """The contents of a 保皇 table's messages (``screens.Contents``)."""
    return TableContents(keyboards, BaoHuangScreens(keyboards))


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
    to_beat = None
    if view.to_beat is not None and view.to_beat_seat is not None:
        to_beat = (meld_text(view.to_beat, lang), names[view.to_beat_seat])
    lines = play_notes(lang, panel.selection, to_beat, "bh_panel_lead")
    if game.rules.six:
        lines.append(t(lang, "bh_six_note"))
    if table.tracker:
        lines.append(t(lang, "panel_tracker", cards=tracker_text(game, seat, lang)))
    return lines
