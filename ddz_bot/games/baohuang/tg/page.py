"""保皇 at the live table: its page (a column a rank, the sceptre and the sword marked, four
decks), its decisions' labels, its key moments and its table as the page draws it."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ddz_bot.games.baohuang.engine import (
    EMPEROR_CARD,
    GUARD_CARD,
    BaoHuangGame,
    CallGuard,
    Declare,
    TakeThrone,
    YieldThrone,
)
from ddz_bot.games.kit.page import SummaryParts, seat_part
from ddz_bot.games.module import GamePage, deck_counts
from ddz_bot.i18n import t
from ddz_bot.kernel import Action, Cards, GameProtocol, Play

from .words import declaration_word, face_text

if TYPE_CHECKING:
    from ddz_bot.tg.table import Table

__all__ = ["BaoHuangPage"]

_PAGE = GamePage(
    "baohuang",
    "columns",
    {str(EMPEROR_CARD): "sceptre", str(GUARD_CARD): "sword"},
    deck_counts(4, "6789TJQKA2XD"),
)


class BaoHuangPage:
    """保皇's ``GamePageParts``."""

    def page(self, game: GameProtocol) -> GamePage:
        return _PAGE

    def label(self, game: GameProtocol, action: Action, lang: str) -> str:
        if isinstance(action, TakeThrone):
            return t(lang, "bh_btn_take")
        if isinstance(action, YieldThrone):
            return t(lang, "bh_btn_yield")
        if isinstance(action, CallGuard):
            return t(lang, "bh_btn_call", face=face_text(action.face, lang))
        if isinstance(action, Declare):
            return declaration_word(action.declaration, lang)
        return str(action.type)

    def play_action(self, game: GameProtocol, seat: int, cards: Cards) -> Action:
        return Play(seat, cards, None)

    def may_pass(self, game: GameProtocol, view: Any, seat: int) -> bool:
        return getattr(getattr(view, "public", view), "to_beat", None) is not None

    def key_moment(self, table: Table) -> Hashable:
        """The emperor known, the guard or a solo revealed, the factors, a seat out, the end."""
        game = table.game
        if not isinstance(game, BaoHuangGame):
            return (table.hand_no, str(table.phase))
        # what ``public_view()`` says of these, read without making the whole view
        over = game.over
        return (
            table.hand_no,
            str(game.phase),
            game.emperor,
            game.guard if (game.guard_revealed or over) else None,
            str(game.solo if over else game.public_solo()),
            len(game.places),
            len(game.outcome_factors() if over else game.factors()),
            over,
        )

    def summary_parts(self, game: GameProtocol, public: Any) -> SummaryParts:
        winners = _winners(game) if public.outcome is not None else []
        stakes = {
            "factors": [[f.reason.value, f.factor] for f in public.factors],
            "called": None if public.called is None else str(public.called),
            # each seat's place (头客 … 大拉), which its score follows (R-BH-SCORE): a word
            # without a factor
            "by_seat": [
                [] if info.place is None else [[f"place_{int(info.place)}", None]]
                for info in public.seats
            ],
        }
        return [_seat(info) for info in public.seats], stakes, winners


def _seat(info: Any) -> dict[str, Any]:
    notes = []
    if info.declaration is not None and info.declaration.value != "nothing":
        notes.append(f"declare_{info.declaration.value}")
    if info.hoe:
        notes.append("hoe")
    if info.place is not None:
        notes.append(f"place_{int(info.place)}")
    # on 托管 for good (R-BH-AFK): the page offers no Take back
    return seat_part(info, info.play_cards, notes, info.role, locked=info.auto_locked)


def _winners(game: GameProtocol) -> list[int]:
    settlement = game.settlement()
    return [] if settlement is None else [i for i, d in enumerate(settlement.deltas) if d > 0]
