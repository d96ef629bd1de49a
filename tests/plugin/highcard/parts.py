"""比大小's own parts for the table layer, each the little its kit part asks of it: who
deals, what the AI plays, its narration, its settlement, its replay, its live page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ddz_bot.ai import SEAT_LEVEL, LevelName
from ddz_bot.games import rules_word
from ddz_bot.games.kit.host import HandStart, Host
from ddz_bot.games.kit.plain import EventReplay, PlainPage
from ddz_bot.games.kit.settle import GameSettle, HandSettlement, hand_of, seat_lines
from ddz_bot.games.module import GamePage
from ddz_bot.kernel import Action, Cards, Escaped, Event, GameProtocol, Play

from .engine import GAME_NAME, CardPlayed, HandTaken, HighCardGame, read_action
from .words import card_text, cards_text, t

__all__ = ["HOST", "PAGE", "REPLAY", "TWO_SEATS", "HighCardAI", "event_line", "play_text"]

#: the variant word of a two-seat table (a plain ``highcard`` table has three)
TWO_SEATS = "highcard2"


def _hand(start: HandStart) -> HighCardGame:
    seats = 2 if rules_word(start.rules) == TWO_SEATS else 3
    return HighCardGame(seats, start.room, start.balances, start.rng, first=start.dealer or 0)


#: one deal; a time-out plays the lowest card; the winner of a hand plays first in the next;
#: an escape costs the coefficient to each other seat
HOST = Host(
    seats_for=lambda rules: 2 if rules_word(rules) == TWO_SEATS else 3,
    make=_hand,
    read=HighCardGame.from_dict,
    dealer_after=lambda game: game.winner if isinstance(game, HighCardGame) else None,
    escape_cost=lambda game, seat: game.room.coefficient * (game.players - 1),
)


class HighCardAI:
    """The AI plays its highest card; hints are the seat's cards from the highest."""

    def configure(self, thinking_share: float) -> None:
        """Nothing to search."""

    def choose(
        self, view: Any, legal: list[Action], *, level: LevelName = SEAT_LEVEL, asked: Any = None
    ) -> Action:
        return legal[-1]

    def hints(self, game: GameProtocol, seat: int) -> list[Cards]:
        legal = reversed(game.legal_actions(seat))
        return [action.cards for action in legal if isinstance(action, Play)]


def event_line(event: Event, names: Sequence[str], lang: str) -> str | None:
    if isinstance(event, CardPlayed | HandTaken):
        key = "played" if isinstance(event, CardPlayed) else "took"
        return t(lang, key, name=names[event.seat], card=card_text(event.card.rank))
    return t(lang, "escaped", name=names[event.seat]) if isinstance(event, Escaped) else None


def play_text(event: Event, lang: str) -> str | None:
    return card_text(event.card.rank) if isinstance(event, CardPlayed) else None


def _head(game: GameProtocol, names: Sequence[str], lang: str) -> str:
    outcome = game.outcome()
    assert outcome is not None
    if outcome.escaped is not None:
        return t(lang, "escaped", name=names[outcome.escaped])
    assert outcome.winner is not None
    return t(lang, "winner_is", name=names[outcome.winner])


def _settlement(game: HighCardGame, outcome: Any) -> HandSettlement:
    result = {"game": GAME_NAME, "winner": outcome.winner, "escaped": outcome.escaped}
    return hand_of(GAME_NAME, game.actions, result, lambda seat: seat in outcome.winners)


#: the hand's beans through storage's one settlement path, and the group's result
settle_high_card = GameSettle(
    HighCardGame,
    _settlement,
    lambda table, game, outcome, applied: [
        _head(game, table.names(), table.lang),
        *seat_lines(table, applied.balances, applied.bean_changes),
    ],
)


def _replay_line(event: Event, n: int, names: list[str], lang: str) -> str | None:
    if not isinstance(event, CardPlayed):
        return None
    return t(lang, "replay_line", n=n, name=names[event.seat], card=card_text(event.card.rank))


#: /replay of a stored 比大小 hand, rebuilt from its start and its actions
REPLAY = EventReplay(
    GAME_NAME,
    HighCardGame.replay,
    read_action,
    lambda game, names, lang: t(lang, "replay_head", result=_head(game, names, lang)),
    _replay_line,
)

#: 比大小 at the live table: a fanned hand of three, the cards played
PAGE = PlainPage(
    GamePage(GAME_NAME, "fan", {}, {}),
    cards_text,
    lambda view: {
        "phase": str(view.phase),
        "turn": view.turn,
        "played": [None if c is None else str(c) for c in view.played],
    },
)
