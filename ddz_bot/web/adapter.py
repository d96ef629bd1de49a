"""The live table's way to a game's own parts: each game's ``GameModule.page``
(``ddz_bot.games.module.GamePageParts``), found through the registry by the game's name.

Everything else in ``ddz_bot.web`` speaks only the game protocol (``waiting_for``,
``legal_actions``, ``view_for``, ``public_view``) and serialises views generically; nothing
here imports a game's folder, so a new game gets the live table from its module.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..games import GAMES
from ..games.module import GamePage, GamePageParts
from ..kernel import Action, Cards, GameProtocol
from ..tg.table import Table

__all__ = [
    "GamePage",
    "key_moment",
    "label",
    "may_pass",
    "page_of",
    "parts_of",
    "play_action",
    "seat_summary",
    "seat_view",
    "summary",
]


def parts_of(game: GameProtocol) -> GamePageParts:
    """The live-table parts of ``game``'s module."""
    return GAMES[game.game_name].page


def page_of(game: GameProtocol) -> GamePage:
    return parts_of(game).page(game)


def label(game: GameProtocol, action: Action, lang: str) -> str:
    """A decision's label as the game's panel button says it."""
    return parts_of(game).label(game, action, lang)


def play_action(game: GameProtocol, seat: int, cards: Cards) -> Action:
    """A play in the shared notation as the game's typed words read it."""
    return parts_of(game).play_action(game, seat, cards)


def may_pass(game: GameProtocol, view: Any, seat: int) -> bool:
    """Whether the page offers Pass to the seat whose turn it is to play."""
    return parts_of(game).may_pass(game, view, seat)


def key_moment(table: Table) -> Hashable:
    """What the group's picture must follow while everyone plays at the page (before a
    hand is dealt: the table's phase)."""
    game = table.game
    if game is None:
        return (table.hand_no, str(table.phase))
    return parts_of(game).key_moment(table)


def summary(game: GameProtocol, view: Any) -> dict[str, Any]:
    """The table as the page draws it, the same shape for every game: each seat's count,
    public role, its play in this trick and its notes (codes the page words); the play to
    beat; the stakes; the seat's own hand and secret role when ``view`` is a seat's."""
    return parts_of(game).summary(game, view)


def seat_view(game: GameProtocol, seat: int, public: Any) -> Any:
    """``view_for(seat)`` on the hand's public view made already (shared by every page)."""
    return parts_of(game).seat_view(game, seat, public)


def seat_summary(game: GameProtocol, view: Any) -> dict[str, Any]:
    """The keys of ``summary`` a seat's own view sets (its hand and secret role)."""
    return parts_of(game).seat_summary(game, view)
