"""The protocol every game of the bot implements, so that one table layer hosts them all.

A table, the AI dispatch, the presenters and storage speak to a hand only through these
names: how many seats it has, its phase, ``waiting_for()`` (who must decide now, what kind of
decision it is and which of the table's clocks applies), the legal actions of a seat,
``apply`` (an action in, events out, or an ``IllegalAction`` that changes nothing), a seat's
view and the public view (the observer idea: the public view holds no hidden card and no
hidden role), the outcome and the settlement it makes, and ``to_dict``/``from_dict``/
``replay`` for storage. 斗地主's ``Game`` implements it; so does 保皇's.

The table never re-derives any of this from a game's fields: a new game is a new module
implementing ``GameProtocol``, with nothing to change in the layers above but its panels.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any, Protocol, Self, runtime_checkable

from .actions import Action
from .cards import Cards
from .decisions import DecisionKind, Termination, TimeLimit, Waiting
from .economy import Room, Settlement
from .events import Event

__all__ = [
    "DecisionKind",
    "GameProtocol",
    "OnTable",
    "Termination",
    "TimeLimit",
    "Waiting",
]


class OnTable(Protocol):
    """A play lying on the table: its cards, as ranks."""

    @property
    def cards(self) -> Cards: ...


@runtime_checkable
class GameProtocol(Protocol):
    """One hand of any game, as the table layer sees it."""

    @property
    def game_name(self) -> str:
        """The game's name in the registry of the games the bot hosts."""
        ...

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def room(self) -> Room:
        """The room (场次) the hand is played in."""
        ...

    @property
    def auto(self) -> Sequence[bool]:
        """Whether each seat is on auto-play (托管) now."""
        ...

    @property
    def timeouts(self) -> Sequence[int]:
        """Each seat's time-outs in a row (R-AFK: a few put it on auto-play)."""
        ...

    @property
    def to_beat(self) -> OnTable | None:
        """The play the next one must beat; ``None`` when the turn leads."""
        ...

    def hand(self, seat: int) -> Cards:
        """The seat's cards, as ranks."""
        ...

    def clone(self) -> Self:
        """A copy that shares nothing with this hand (a table's draft works on one)."""
        ...

    @property
    def phase(self) -> StrEnum:
        """The game's own phase (a closed set of the game's)."""
        ...

    @property
    def over(self) -> bool:
        """True once the hand is finished or aborted."""
        ...

    def waiting_for(self) -> Waiting | None:
        """Who must decide now, what, and on which clock; ``None`` while nobody is (dealing,
        or the hand is over)."""
        ...

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's decisions now (not the table's own actions: deal, time-out, escape)."""
        ...

    def default_action(self, seat: int) -> Action:
        """What a time-out does for ``seat``; an ``IllegalAction`` if nothing is due."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Apply an action: the events it caused, or an ``IllegalAction`` and no change."""
        ...

    def view_for(self, seat: int) -> Any:
        """What one seat may see: the public view and its own hand (and secret role)."""
        ...

    def public_view(self) -> Any:
        """What everyone may see: no hidden card, no hidden role."""
        ...

    def outcome(self) -> Any:
        """How the hand ended, with a ``termination``; ``None`` while it goes on."""
        ...

    def settlement(
        self, points: Sequence[int] | None = None, balances: Sequence[int] | None = None
    ) -> Settlement | None:
        """The beans and points the finished hand moves, on the players' ``balances`` of now
        (those they brought to the hand when not given); ``None`` while it goes on."""
        ...

    def to_dict(self) -> dict[str, Any]: ...

    def start_dict(self) -> dict[str, Any]:
        """The hand's start (deals, seats, rules): with the actions, all a replay needs."""
        ...

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self: ...

    @classmethod
    def replay(cls, start: dict[str, Any], actions: Iterable[Action | dict[str, Any]]) -> Self: ...
