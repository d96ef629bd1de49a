"""Why a 跑得快 hand refuses an action: ``IllegalAction`` subclasses with stable codes.

The actions themselves are the shared ``Deal``, ``Play``, ``Pass``, ``Timeout``, ``AutoPlay``
and ``Escape``. Refusals that mean what the other games' refusals mean keep their codes (the
table has words for them already); 跑得快's own rules add three.
"""

from __future__ import annotations

from .._shared import IllegalAction

__all__ = [
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
]


class WrongPhase(IllegalAction):
    code = "wrong_phase"


class GameOver(WrongPhase):
    code = "game_over"


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class BadSeat(IllegalAction):
    code = "bad_seat"


class EmptyPlay(IllegalAction):
    code = "empty_play"


class CardsNotInHand(IllegalAction):
    code = "not_in_hand"


class NotACombo(IllegalAction):
    code = "not_a_combo"


class DoesNotBeat(IllegalAction):
    code = "does_not_beat"


class MustLead(IllegalAction):
    """The leader can't pass (R-PDK-MUST)."""

    code = "must_lead"


class MustBeat(IllegalAction):
    """有大必压 (R-PDK-MUST): a seat that can beat the play on the table must play."""

    code = "must_beat"


class MustPlayThree(IllegalAction):
    """R-PDK-FIRST: a table's first play holds the ♠3."""

    code = "must_play_three"


class MustPlayHighest(IllegalAction):
    """报单 (R-PDK-WARN): the next seat holds one card, so a single is the highest card."""

    code = "must_play_highest"
