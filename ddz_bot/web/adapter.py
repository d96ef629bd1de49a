"""PER-GAME KNOWLEDGE of the live table, all of it in this one module: how a game's decisions
are labelled, how a play written in the game's notation becomes its action, how its hand is
laid out and which cards are special, and what its table's key moments are.

Everything else in ``ddz_bot.web`` speaks only the game protocol (``waiting_for``,
``legal_actions``, ``view_for``, ``public_view``) and serialises views generically. Once each
game has its ``GameModule``, each function here moves into that game's module as its page's
part; until then a game not named here gets the generic defaults (the action's type as its
label, a fanned hand, no special card, the phase as its key moment).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..games.baohuang.engine import (
    EMPEROR_CARD,
    GUARD_CARD,
    BaoHuangGame,
    CallGuard,
    Declare,
    TakeThrone,
    YieldThrone,
)
from ..games.baohuang.tg.words import declaration_word, face_text
from ..games.doudizhu.engine import SHOW_FACTORS, Bid, Game, ShowCards, typed_reading
from ..games.doudizhu.tg.keyboards import decision_of, show_kind_of
from ..i18n import t
from ..kernel import Action, Cards, Play
from ..tg.table import Table

__all__ = ["GamePage", "key_moment", "label", "page_of", "play_action", "summary"]


class GamePage:
    """How a game's page looks: its hand's layout, its special cards (by name) and the
    cards of each rank in its deck (the card tracker counts down from them)."""

    def __init__(
        self, game: str, layout: str, special: dict[str, str], deck: dict[str, int]
    ) -> None:
        self.game = game
        self.layout = layout  # "fan": one row of cards; "columns": a column a rank
        self.special = special  # card name -> its mark (保皇's sceptre and sword)
        self.deck = deck  # rank character -> copies in the deck

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "layout": self.layout,
            "special": self.special,
            "deck": self.deck,
        }


def _deck(decks: int, ranks: str) -> dict[str, int]:
    return {rank: decks * (1 if rank in "XD" else 4) for rank in ranks}


_DOUDIZHU = {d: GamePage("doudizhu", "fan", {}, _deck(d, "3456789TJQKA2XD")) for d in (1, 2)}
_BAOHUANG = GamePage(
    "baohuang",
    "columns",
    {str(EMPEROR_CARD): "sceptre", str(GUARD_CARD): "sword"},
    _deck(4, "6789TJQKA2XD"),
)


def page_of(game: object) -> GamePage:
    if isinstance(game, BaoHuangGame):
        return _BAOHUANG
    decks = game.rules.decks if isinstance(game, Game) else 1
    return _DOUDIZHU.get(decks, _DOUDIZHU[1])


def label(game: object, action: Action, lang: str) -> str:
    """A decision's label as the DM panel's button says it."""
    if isinstance(action, ShowCards) and isinstance(game, Game):
        return t(lang, "btn_show", factor=SHOW_FACTORS[show_kind_of(game)])
    if isinstance(action, Bid):
        return t(lang, "btn_bid", n=action.points)
    if isinstance(action, TakeThrone):
        return t(lang, "bh_btn_take")
    if isinstance(action, YieldThrone):
        return t(lang, "bh_btn_yield")
    if isinstance(action, CallGuard):
        return t(lang, "bh_btn_call", face=face_text(action.face, lang))
    if isinstance(action, Declare):
        return declaration_word(action.declaration, lang)
    decision = decision_of(type(action))
    if decision is not None:
        return t(lang, decision.label)
    return str(action.type)


def play_action(game: object, seat: int, cards: Cards) -> Action:
    """A play in the game's notation as the typed-word path reads it: in 斗地主 a play with
    wildcards that reads several ways takes the R-AMBIG reading."""
    reading = None
    if isinstance(game, Game):
        readings = game.readings(cards)
        if len(readings) > 1:
            chosen = typed_reading(readings)
            if chosen is not None:
                reading = (chosen.kind, chosen.rank, chosen.length)
    return Play(seat, cards, reading)


def key_moment(table: Table) -> Hashable:
    """What the group's picture must follow while everyone plays at the page: the landlord or
    the emperor known, the multiplier (bombs, grabs), the guard or a solo revealed, a seat
    out, the end."""
    game = table.game
    if game is None:
        return (table.hand_no, str(table.phase))
    if isinstance(game, BaoHuangGame):
        view = game.public_view()
        return (
            table.hand_no,
            str(view.phase),
            view.emperor,
            view.guard,
            str(view.solo),
            len(view.places),
            len(view.factors),
            game.over,
        )
    if isinstance(game, Game):
        seen = game.public_view()
        return (table.hand_no, str(seen.phase), seen.landlord, seen.multiplier, game.over)
    return (table.hand_no, str(game.phase), game.over)


def summary(game: object, view: Any) -> dict[str, Any]:
    """The table as the page draws it, the same shape for every game: each seat's count,
    public role, its play in this trick and its notes (codes the page words); the play to
    beat; the stakes; the seat's own hand and secret role when ``view`` is a seat's."""
    public = getattr(view, "public", view)
    hand = getattr(view, "hand", None)
    if isinstance(game, BaoHuangGame):
        seats = [_bh_seat(info) for info in public.seats]
        stakes: dict[str, Any] = {
            "factors": [[f.reason.value, f.factor] for f in public.factors],
            "called": None if public.called is None else str(public.called),
        }
        winners = [] if public.outcome is None else _bh_winners(game)
    else:
        seats = [_ddz_seat(info, public.outcome is not None) for info in public.seats]
        stakes = {
            "base": public.base,
            "multiplier": public.multiplier,
            "items": [[i.reason.value, i.factor] for i in public.multiplier_items],
            "bottom": None if public.bottom is None else [str(c) for c in public.bottom],
        }
        winners = [] if public.outcome is None else list(public.outcome.winners)
    return {
        "phase": str(public.phase),
        "turn": public.turn,
        "seats": seats,
        "to_beat_seat": public.to_beat_seat,
        "stakes": stakes,
        "hand": None if hand is None else [str(card) for card in hand],
        "role": None if getattr(view, "role", None) is None else str(view.role),
        "winners": winners,
        "played": str(public.played),
    }


def _ddz_seat(info: Any, over: bool) -> dict[str, Any]:
    notes = []
    if info.bid is not None:
        notes.append(f"bid_{info.bid}")
    if info.doubled:
        notes.append("doubled")
    if info.shown_hand is not None and not over:  # every hand is face up at the end
        notes.append("shown")
    return {
        "count": info.card_count,
        "role": None if info.role is None else str(info.role),
        "cards": [str(c) for c in info.last_play_cards],
        "passed": info.passed,
        "auto": info.auto_play,
        "shown": None if info.shown_hand is None else [str(c) for c in info.shown_hand],
        "notes": notes,
    }


def _bh_seat(info: Any) -> dict[str, Any]:
    notes = []
    if info.declaration is not None and info.declaration.value != "nothing":
        notes.append(f"declare_{info.declaration.value}")
    if info.hoe:
        notes.append("hoe")
    if info.place is not None:
        notes.append(f"place_{int(info.place)}")
    return {
        "count": info.card_count,
        "role": None if info.role is None else str(info.role),
        "cards": [str(c) for c in info.play_cards],
        "passed": info.passed,
        "auto": info.auto_play,
        "shown": None if info.shown_hand is None else [str(c) for c in info.shown_hand],
        "notes": notes,
    }


def _bh_winners(game: BaoHuangGame) -> list[int]:
    settlement = game.settlement()
    return [] if settlement is None else [i for i, d in enumerate(settlement.deltas) if d > 0]
