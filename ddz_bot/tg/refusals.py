"""A refused action, with the reason the player reads; a player's words repeated safely."""

from __future__ import annotations

import unicodedata

from ddz_bot.kernel import Action, Cards, IllegalAction, Play

from ..i18n import t
from .games import HostedGame
from .words import cards_text

__all__ = ["CARDS_LIMIT", "ECHO_LIMIT", "Refused", "echo", "explain_illegal", "refusal_key"]


class Refused(ValueError):
    """An action refused with a reason the player reads (an i18n key and its values)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def text(self, lang: str) -> str:
        """The reason in ``lang``; cards read as people write them, an echo kept short."""
        return t(
            lang, self.key, **{name: _shown(value, lang) for name, value in self.values.items()}
        )


#: the most characters of a player's own input (or cards) a refusal repeats back
ECHO_LIMIT = 40


def echo(text: str) -> str:
    """A player's own words repeated back: no control or direction characters (which could
    garble the message), at most ``ECHO_LIMIT`` characters."""
    text = "".join(c if unicodedata.category(c)[0] != "C" else " " for c in text).strip()
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


#: the most characters of cards a refusal repeats (a whole 33-card hand, spaced, fits)
CARDS_LIMIT = 100


def _shown(value: object, lang: str) -> object:
    """A value put into a message: cards as the player reads them (cut only when far
    longer than any hand: typed text can make any number of them), other text from a
    player cleaned and cut (``echo``)."""
    if isinstance(value, Cards):
        text = cards_text(value, lang)
        return text if len(text) <= CARDS_LIMIT else text[: CARDS_LIMIT - 1] + "…"
    return echo(value) if isinstance(value, str) else value


#: codes whose message says more than the code (the cards at fault) or is shared with a
#: check the table makes itself; every other code reads ``illegal_<code>``
_ILLEGAL_KEYS = {
    "illegal": "illegal",
    "not_your_turn": "not_your_turn",
    "not_in_hand": "dont_hold",
    "not_a_combo": "not_a_combo",
    "does_not_beat": "doesnt_beat",
    "must_lead": "must_lead",
    "empty_play": "nothing_selected",
    "double_not_allowed": "cant_double",
    "game_over": "stale_button",
}


def refusal_key(code: str) -> str:
    """The message key of an engine refusal's ``code``: each code has its own text."""
    return _ILLEGAL_KEYS.get(code, f"illegal_{code}")


def explain_illegal(error: IllegalAction, game: HostedGame, action: Action) -> Refused:
    """The engine's refusal as the player reads it: its ``code`` picks the message, the
    refused play (not the error's English text) fills it."""
    key = refusal_key(error.code)
    if not isinstance(action, Play):
        return Refused(key)
    if key == "dont_hold":
        held = game.hand(action.seat).counts()
        wanted = action.cards.counts()
        missing = Cards.from_counts([max(0, w - h) for w, h in zip(wanted, held, strict=True)])
        return Refused(key, cards=missing or action.cards)
    if key == "not_a_combo":
        return Refused(key, cards=action.cards)
    if key == "doesnt_beat":
        return Refused(
            key, cards=action.cards, table=game.to_beat.cards if game.to_beat else Cards()
        )
    return Refused(key)
