"""A 保皇 player's panel keyboard, and the engine action each of its decision buttons makes.

Decision buttons (take or yield the throne, call a face, a declaration, Pass, Play, Hint) carry
the table's current version and go stale as soon as it moves on; rank buttons carry the
version the hand was dealt at, so choosing cards works while others move. A play is one
natural rank with any jokers, so a rank button counts up to what is held, and an "all"
button takes every card of the rank at once.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from ddz_bot.games.baohuang.engine import (
    AUTO_LOCK,
    BaoHuangGame,
    CallGuard,
    Declaration,
    Declare,
    Face,
    Phase,
    TakeThrone,
    YieldThrone,
)
from ddz_bot.i18n import t
from ddz_bot.kernel import RANK_CHARS, Action, CardParseError, Rank
from ddz_bot.tg.codec import BadCallback, Button, game_action
from ddz_bot.tg.keyboards import Keyboards, rank_label, rows_of
from ddz_bot.tg.panels import SeatPanel
from ddz_bot.tg.table import Table

from .words import declaration_word, face_text

__all__ = ["DECLARE_CODES", "BaoHuangButton", "BaoHuangKeyboards", "bh_decision", "select_rank"]


class BaoHuangButton(StrEnum):
    """保皇's own buttons, in its namespace of the callback codec: take the throne (t) or
    yield it (y); take it calling a face as the guard's card (the face, ``Kh``); a
    declaration (``DECLARE_CODES``)."""

    THRONE = game_action("T")
    CALL = game_action("k")
    DECLARE = game_action("D")


#: a declaration's one-letter argument on its button
DECLARE_CODES: Final[dict[Declaration, str]] = {
    Declaration.NOTHING: "n",
    Declaration.OPEN_SOLO: "s",
    Declaration.OPEN_GUARD: "g",
    Declaration.REVOLT: "r",
    Declaration.GRAB_SOLO: "q",
}
_DECLARE_OF: Final = {code: word for word, code in DECLARE_CODES.items()}
#: the throne button's argument: take (登基) or yield (让位)
TAKE, YIELD = "t", "y"


def bh_decision(action: str, arg: str, seat: int) -> Action:
    """The engine action a 保皇 decision button of ``seat`` makes; ``BadCallback`` if none."""
    if action == BaoHuangButton.THRONE and arg in (TAKE, YIELD):
        return TakeThrone(seat) if arg == TAKE else YieldThrone(seat)
    if action == BaoHuangButton.CALL:
        try:
            return CallGuard(seat, Face.parse(arg))
        except (CardParseError, ValueError):
            raise BadCallback(arg, "not a face") from None
    if action == BaoHuangButton.DECLARE and arg in _DECLARE_OF:
        return Declare(seat, _DECLARE_OF[arg])
    raise BadCallback(f"{action}:{arg}", "no such 保皇 decision")


class BaoHuangKeyboards:
    """The panel keyboards of a 保皇 table (the buttons are signed by ``keyboards``' codec)."""

    def __init__(self, keyboards: Keyboards) -> None:
        self.keyboards = keyboards

    def panel(
        self, table: Table, seat: int, lang: str, panel: SeatPanel
    ) -> InlineKeyboardMarkup | None:
        game = table.game
        if not isinstance(game, BaoHuangGame) or game.over:
            return None
        b, v = self.keyboards.button, table.version
        if game.auto[seat]:
            if game.auto_count[seat] >= AUTO_LOCK:  # R-BH-AFK: on auto-play to the end
                return None
            return self.keyboards.take_back(table, lang)
        legal = game.legal_actions(seat)
        row: list[InlineKeyboardButton] = []
        for action in legal:
            if isinstance(action, TakeThrone):
                row.append(b(t(lang, "bh_btn_take"), BaoHuangButton.THRONE, table, v, TAKE))
            elif isinstance(action, YieldThrone):
                row.append(b(t(lang, "bh_btn_yield"), BaoHuangButton.THRONE, table, v, YIELD))
            elif isinstance(action, CallGuard):
                label = t(lang, "bh_btn_call", face=face_text(action.face, lang))
                row.append(b(label, BaoHuangButton.CALL, table, v, str(action.face)))
            elif isinstance(action, Declare):
                code = DECLARE_CODES[action.declaration]
                label = declaration_word(action.declaration, lang)
                row.append(b(label, BaoHuangButton.DECLARE, table, v, code))
        if row:
            return InlineKeyboardMarkup(rows_of(row, 4))
        if game.hands[seat] and game.phase is Phase.PLAYING:
            return self._play(table, game, seat, lang, panel)
        return None

    def _play(
        self, table: Table, game: BaoHuangGame, seat: int, lang: str, panel: SeatPanel
    ) -> InlineKeyboardMarkup:
        keyboards, counts = self.keyboards, game.hand(seat).counts()
        chosen = panel.selection or [0] * len(counts)
        rows = keyboards.rank_rows(table, counts, chosen, lang)
        if seat in (game.waiting_for() or ()):
            alls = [
                keyboards.button(
                    t(lang, "bh_btn_all", rank=rank_label(rank, lang)),
                    Button.ALL_RANK,
                    table,
                    table.hand_version,
                    RANK_CHARS[rank],
                )
                for rank, held in enumerate(counts)
                if held > 1 and (chosen[rank] if rank < len(chosen) else 0) < held
            ]
            rows += rows_of(alls)
            rows.append(keyboards.play_row(table, lang, may_pass=game.to_beat is not None))
        elif any(chosen):
            rows.append(keyboards.clear_row(table, lang))
        return InlineKeyboardMarkup(rows)


def select_rank(counts: list[int], held: list[int], rank: int, *, everything: bool) -> list[int]:
    """A rank pressed on a 保皇 panel: one more of it (back to none past what is held), or all
    of it; a natural rank replaces another natural rank chosen before (a play holds one),
    jokers stay."""
    chosen = list(counts)
    natural = rank < Rank.SMALL_JOKER
    if natural:
        for other in range(len(chosen)):
            if other != rank and other < Rank.SMALL_JOKER:
                chosen[other] = 0
    if everything:
        chosen[rank] = held[rank]
    else:
        chosen[rank] = chosen[rank] + 1 if chosen[rank] < held[rank] else 0
    return chosen
