"""Why a 跑得快 hand refuses an action: ``IllegalAction`` subclasses with stable codes.

The actions themselves are the shared ``Deal``, ``Play``, ``Pass``, ``Timeout``, ``AutoPlay``
and ``Escape``, and the refusals that mean what the other games' refusals mean are the
kernel's (the table has words for them already); 跑得快's own rules add three.
"""

from __future__ import annotations

from ddz_bot.kernel import (
    Action,
    ActionReader,
    BadSeat,
    CardsNotInHand,
    DoesNotBeat,
    EmptyPlay,
    GameOver,
    IllegalAction,
    MustLead,
    NotACombo,
    NotYourTurn,
    Pass,
    WrongPhase,
)

from .cards import PLAYERS

__all__ = [
    "OWN_ACTIONS",
    "OWN_REFUSALS",
    "SEAT_PASSES",
    "BadSeat",
    "CardsNotInHand",
    "DoesNotBeat",
    "EmptyPlay",
    "GameOver",
    "MustBeat",
    "MustLead",
    "MustPlayHighest",
    "MustPlayThree",
    "NotACombo",
    "NotYourTurn",
    "WrongPhase",
    "read_action",
]


class MustBeat(IllegalAction, code="must_beat"):
    """有大必压 (R-PDK-MUST): a seat that can beat the play on the table must play."""


class MustPlayThree(IllegalAction, code="must_play_three"):
    """R-PDK-FIRST: a table's first play holds the ♠3."""


class MustPlayHighest(IllegalAction, code="must_play_highest"):
    """报单 (R-PDK-WARN): the next seat holds one card, so a single is the highest card."""


#: 跑得快 plays with the shared actions only
OWN_ACTIONS: tuple[type[Action], ...] = ()
OWN_REFUSALS: tuple[type[IllegalAction], ...] = (MustBeat, MustPlayThree, MustPlayHighest)
read_action = ActionReader(OWN_ACTIONS)

#: each seat's pass, as ``legal_actions`` lists it (frozen: one serves every hand)
SEAT_PASSES: tuple[Pass, ...] = tuple(Pass(s) for s in range(PLAYERS))
