"""The live table's summary of a hand, the parts every game's page shares: a seat's view
made from the public view already made, a seat's row (its count, its last play, pass, 托管,
the hand it showed and the game's notes) and the table's head (phase, turn, the play to
beat, the winners and the cards played), each game giving its stakes and its notes."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ddz_bot.games.module import GamePage, own_part
from ddz_bot.kernel import Action, Cards, GameProtocol

if TYPE_CHECKING:
    from ddz_bot.tg.table import Table

__all__ = ["HandPage", "OwnPage", "SummaryParts", "seat_part"]

#: a game's part of the page's summary: its seats' rows, its stakes, its winners
SummaryParts = tuple[list[dict[str, Any]], dict[str, Any], list[int]]


class OwnPage(Protocol):
    """What a game says itself at the live table; ``summary_parts``: the rows of its seats,
    its stakes and its winners, from the public view."""

    def page(self, game: GameProtocol) -> GamePage: ...

    def label(self, game: GameProtocol, action: Action, lang: str) -> str: ...

    def play_action(self, game: GameProtocol, seat: int, cards: Cards) -> Action: ...

    def may_pass(self, game: GameProtocol, view: Any, seat: int) -> bool: ...

    def key_moment(self, table: Table) -> Hashable: ...

    def summary_parts(self, game: GameProtocol, public: Any) -> SummaryParts: ...


@dataclass(frozen=True, slots=True)
class HandPage:
    """The ``GamePageParts`` of a game whose ``engine`` makes a seat's view from the public
    view already made: the game's ``own`` parts, and the seat views and summaries once."""

    own: OwnPage
    engine: type

    def page(self, game: GameProtocol) -> GamePage:
        return self.own.page(game)

    def label(self, game: GameProtocol, action: Action, lang: str) -> str:
        return self.own.label(game, action, lang)

    def play_action(self, game: GameProtocol, seat: int, cards: Cards) -> Action:
        return self.own.play_action(game, seat, cards)

    def may_pass(self, game: GameProtocol, view: Any, seat: int) -> bool:
        return self.own.may_pass(game, view, seat)

    def key_moment(self, table: Table) -> Hashable:
        return self.own.key_moment(table)

    def seat_view(self, game: GameProtocol, seat: int, public: Any) -> Any:
        views: Any = game  # the engine's ``view_for`` takes the public view too
        return (
            views.view_for(seat, public) if isinstance(game, self.engine) else views.view_for(seat)
        )

    def seat_summary(self, game: GameProtocol, view: Any) -> dict[str, Any]:
        return own_part(view)

    def summary(self, game: GameProtocol, view: Any) -> dict[str, Any]:
        """The page's summary of ``view`` (a seat's or the public one): the game's rows, stakes
        and winners; a seat's hand and role where it is a seat's."""
        public = getattr(view, "public", view)
        seats, stakes, winners = self.own.summary_parts(game, public)
        return {
            "phase": str(public.phase),
            "turn": public.turn,
            "seats": seats,
            "to_beat_seat": public.to_beat_seat,
            "stakes": stakes,
            "hand": None,
            "role": None,
            "winners": winners,
            "played": str(public.played),
            **own_part(view),
        }


def seat_part(
    info: Any, cards: Iterable[object], notes: list[str], role: object = None, **own: Any
) -> dict[str, Any]:
    """One seat's row of the summary: ``own`` are the game's further keys."""
    shown = info.shown_hand
    return {
        "count": info.card_count,
        "role": None if role is None else str(role),
        "cards": [str(c) for c in cards],
        "passed": info.passed,
        "auto": info.auto_play,
        **own,
        "shown": None if shown is None else [str(c) for c in shown],
        "notes": notes,
    }
