"""斗地主 at the live table: its page (a fanned hand, one deck or two), its decisions'
labels, a play read as typed words read it, its key moments and its table as the page draws
it."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ddz_bot.games.doudizhu.engine import SHOW_FACTORS, Bid, Game, ShowCards, typed_reading
from ddz_bot.games.kit.page import SummaryParts, seat_part
from ddz_bot.games.module import GamePage, deck_counts
from ddz_bot.i18n import t
from ddz_bot.kernel import Action, Cards, GameProtocol, Play

from .keyboards import decision_of, show_kind_of

if TYPE_CHECKING:
    from ddz_bot.tg.table import Table

__all__ = ["DouDizhuPage"]

_PAGES = {d: GamePage("doudizhu", "fan", {}, deck_counts(d, "3456789TJQKA2XD")) for d in (1, 2)}


class DouDizhuPage:
    """斗地主's ``GamePageParts``."""

    def page(self, game: GameProtocol) -> GamePage:
        decks = game.rules.decks if isinstance(game, Game) else 1
        return _PAGES.get(decks, _PAGES[1])

    def label(self, game: GameProtocol, action: Action, lang: str) -> str:
        if isinstance(action, ShowCards) and isinstance(game, Game):
            return t(lang, "btn_show", factor=SHOW_FACTORS[show_kind_of(game)])
        if isinstance(action, Bid):
            return t(lang, "btn_bid", n=action.points)
        decision = decision_of(type(action))
        if decision is not None:
            return t(lang, decision.label)
        return str(action.type)

    def play_action(self, game: GameProtocol, seat: int, cards: Cards) -> Action:
        """A play with wildcards that reads several ways takes the R-AMBIG reading."""
        reading = None
        if isinstance(game, Game):
            readings = game.readings(cards)
            if len(readings) > 1:
                chosen = typed_reading(readings)
                if chosen is not None:
                    reading = (chosen.kind, chosen.rank, chosen.length)
        return Play(seat, cards, reading)

    def may_pass(self, game: GameProtocol, view: Any, seat: int) -> bool:
        return getattr(getattr(view, "public", view), "to_beat", None) is not None

    def key_moment(self, table: Table) -> Hashable:
        """A deal (or a redeal), a hand shown, the landlord known, a bomb, the end: not
        each bid, grab or double (the group sees where the bidding led)."""
        game = table.game
        if not isinstance(game, Game):
            return (table.hand_no, str(table.phase))
        # what ``public_view()`` says of these, read from the hand's own fields
        return (
            table.hand_no,
            game.redeals,
            len(game.shows),
            game.landlord,
            len(game.bombs),
            game.over,
        )

    def summary_parts(self, game: GameProtocol, public: Any) -> SummaryParts:
        over = public.outcome is not None
        stakes = {
            "base": public.base,
            "multiplier": public.multiplier,
            "items": [[i.reason.value, i.factor] for i in public.multiplier_items],
            # doubling is per pair of players (R-DBL-EFFECT): each seat's own factor
            "by_seat": [[["doubled", 2]] if info.doubled else [] for info in public.seats],
            "bottom": None if public.bottom is None else [str(c) for c in public.bottom],
        }
        winners = [] if public.outcome is None else list(public.outcome.winners)
        return [_seat(info, over) for info in public.seats], stakes, winners


def _seat(info: Any, over: bool) -> dict[str, Any]:
    notes = []
    if info.bid is not None:
        notes.append(f"bid_{info.bid}")
    if info.doubled:
        notes.append("doubled")
    if info.shown_hand is not None and not over:  # every hand is face up at the end
        notes.append("shown")
    return seat_part(info, info.last_play_cards, notes, info.role)
