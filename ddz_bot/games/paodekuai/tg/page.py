"""跑得快 at the live table: its page (three seats, a fanned hand, the 48- or 45-card deck),
its table as the page draws it (card counts, who is down to one card, the play to beat, the
bombs that stood, the result) and Pass offered only where the rules allow it (R-PDK-MUST)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ddz_bot.games.kit.page import SummaryParts, seat_part
from ddz_bot.games.module import GamePage
from ddz_bot.kernel import Action, Cards, GameProtocol, Pass, Play

from ..engine import PdkGame, PdkRules, max_of_rank
from ..i18n import t

if TYPE_CHECKING:
    from ddz_bot.tg.table import Table

__all__ = ["PdkPage"]

_RANKS = "3456789TJQKA2"


def _page(rules: PdkRules) -> GamePage:
    return GamePage("paodekuai", "fan", {}, dict(zip(_RANKS, max_of_rank(rules), strict=True)))


_PAGES = {cards15: _page(PdkRules(cards15=cards15)) for cards15 in (False, True)}


class PdkPage:
    """跑得快's ``GamePageParts``."""

    def page(self, game: GameProtocol) -> GamePage:
        return _PAGES[isinstance(game, PdkGame) and game.rules.cards15]

    def label(self, game: GameProtocol, action: Action, lang: str) -> str:
        if isinstance(action, Pass):
            return t(lang, "btn_pass")
        return str(action.type)

    def play_action(self, game: GameProtocol, seat: int, cards: Cards) -> Action:
        return Play(seat, cards, None)

    def may_pass(self, game: GameProtocol, view: Any, seat: int) -> bool:
        """Only a seat that follows and can't beat (有大必压, R-PDK-MUST)."""
        return any(isinstance(action, Pass) for action in game.legal_actions(seat))

    def key_moment(self, table: Table) -> Hashable:
        """A seat down to one card (报单), a bomb that stood, the end."""
        game = table.game
        if not isinstance(game, PdkGame):
            return (table.hand_no, str(table.phase))
        # what ``public_view()`` says of these, read without making the whole view
        warned = tuple(seat for seat, hand in enumerate(game.hands) if len(hand) == 1)
        return (table.hand_no, str(game.phase), warned, len(game.bombs), game.over)

    def summary_parts(self, game: GameProtocol, public: Any) -> SummaryParts:
        outcome = public.outcome
        stakes = {
            "bombs": [[b.seat, str(Cards([b.rank]))] for b in public.bombs],
            "cards_left": None if outcome is None else list(outcome.cards_left),
        }
        seats = [_seat(info, outcome) for info in public.seats]
        return seats, stakes, [] if outcome is None else list(outcome.winners)


def _seat(info: Any, outcome: Any) -> dict[str, Any]:
    notes = []
    if info.one_card and outcome is None:
        notes.append("one_card")  # 报单 (R-PDK-WARN)
    if info.bombs:
        notes.append("bomb")
    if info.escaped:
        notes.append("escaped")
    if outcome is not None and not outcome.aborted and outcome.shut[info.seat]:
        notes.append("shut")  # 被关
    return seat_part(info, info.play_cards, notes)
