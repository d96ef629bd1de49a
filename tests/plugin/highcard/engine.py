"""比大小 (high card), a game that exists only in the tests: its rules, pure.

Two or three seats are dealt three cards each; in turn, each seat plays one of its cards;
the highest rank wins (between equal ranks, the one played first). The winner takes the
room's coefficient from each other seat (never more than a seat holds) and the room takes
its fee from everyone. A time-out plays the seat's lowest card; an escape ends the hand at
once and costs the escapee the coefficient to each other seat.

It implements ``ddz_bot.kernel.GameProtocol`` and nothing of the bot knows its name: the
tests register it (``GAMES.registered``) and play it through the real table layer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Self

from ddz_bot.kernel import (
    Action,
    ActionReader,
    AutoPlay,
    BeanChange,
    BeanReason,
    Card,
    Cards,
    CardsNotInHand,
    Deal,
    DecisionKind,
    Escape,
    Escaped,
    Event,
    NotACombo,
    Play,
    Room,
    Settlement,
    Termination,
    TimedOut,
    TimeLimit,
    Timeout,
    Waiting,
    full_deck,
    need_phase,
    need_turn,
    room_from_dict,
    room_to_dict,
    switch_auto,
    take_action,
    take_fees,
)

__all__ = [
    "CARDS_EACH",
    "GAME_NAME",
    "CardPlayed",
    "HandTaken",
    "HighCardGame",
    "HighOutcome",
    "Phase",
    "PublicView",
    "SeatView",
    "read_action",
]

#: the game's name in the registry, in a table's ``rules`` and in a stored hand
GAME_NAME = "highcard"
#: each seat's cards
CARDS_EACH = 3

#: reads the game's actions back (it has none of its own: the kernel's shared ones)
read_action = ActionReader()


class Phase(StrEnum):
    DEALING = "dealing"
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: Card
    name: ClassVar[str] = "hc_card_played"


@dataclass(frozen=True, slots=True)
class HandTaken(Event):
    """The last card is down: ``seat`` played the highest."""

    seat: int
    card: Card
    name: ClassVar[str] = "hc_hand_taken"


@dataclass(frozen=True, slots=True)
class Best:
    """The card to beat, as the table layer asks for it (``to_beat.cards``)."""

    card: Card

    @property
    def cards(self) -> Cards:
        return Cards([self.card.rank])


@dataclass(frozen=True, slots=True)
class HighOutcome:
    """How a hand ended: the winner (``None`` after an escape), the cards played."""

    termination: Termination
    winner: int | None
    played: tuple[Card | None, ...]
    escaped: int | None = None

    @property
    def winners(self) -> tuple[int, ...]:
        if self.escaped is not None:
            return tuple(s for s in range(len(self.played)) if s != self.escaped)
        return () if self.winner is None else (self.winner,)


@dataclass(frozen=True, slots=True)
class PublicView:
    """What everyone sees: the cards played so far, how many each seat holds, whose turn."""

    players: int
    phase: Phase
    turn: int | None
    played: tuple[Card | None, ...]
    counts: tuple[int, ...]
    auto: tuple[bool, ...]
    outcome: HighOutcome | None
    deadline: float | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat sees: the public view and its own cards."""

    seat: int
    hand: tuple[Card, ...]
    public: PublicView

    @property
    def my_turn(self) -> bool:
        return self.public.turn == self.seat


class HighCardGame:
    """One hand of 比大小 (see the module docstring)."""

    game_name: ClassVar[str] = GAME_NAME

    def __init__(
        self,
        players: int,
        room: Room,
        balances: Sequence[int],
        rng: random.Random | None = None,
        *,
        first: int = 0,
        hands: Sequence[Sequence[Card]] | None = None,
    ) -> None:
        if players not in (2, 3):
            raise ValueError("比大小 is played by two or three")
        if hands is None:
            deck = full_deck()
            (rng or random.SystemRandom()).shuffle(deck)
            hands = [deck[i * CARDS_EACH : (i + 1) * CARDS_EACH] for i in range(players)]
        self._players = players
        self._room = room
        self.balances = list(balances)
        self.first = first
        self.hands: list[list[Card]] = [sorted(h) for h in hands]
        self.played: list[Card | None] = [None] * players
        self.turn: int | None = None
        self._phase = Phase.DEALING
        self._auto = [False] * players
        self._timeouts = [0] * players
        self.escaped: int | None = None
        self.winner: int | None = None
        self.actions: list[Action] = []
        self._start = {
            "game": GAME_NAME,
            "players": players,
            "room": room_to_dict(room),
            "balances": list(balances),
            "first": first,
            "hands": [[int(c) for c in h] for h in self.hands],
        }

    # ---- the protocol's properties -------------------------------------------------------
    @property
    def players(self) -> int:
        return self._players

    @property
    def room(self) -> Room:
        return self._room

    @property
    def auto(self) -> Sequence[bool]:
        return tuple(self._auto)

    @property
    def timeouts(self) -> Sequence[int]:
        return tuple(self._timeouts)

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def to_beat(self) -> Best | None:
        best = self._best()
        card = None if best is None else self.played[best]
        return None if card is None else Best(card)

    def hand(self, seat: int) -> Cards:
        return Cards(card.rank for card in self.hands[seat])

    def clone(self) -> Self:
        return type(self).from_dict(self.to_dict())

    # ---- decisions -------------------------------------------------------------------------
    def waiting_for(self) -> Waiting | None:
        if self._phase is not Phase.PLAYING or self.turn is None:
            return None
        return Waiting((self.turn,), DecisionKind.PLAY, TimeLimit.PLAY)

    def legal_actions(self, seat: int) -> list[Action]:
        if self._phase is not Phase.PLAYING or seat != self.turn:
            return []
        ranks = sorted({card.rank for card in self.hands[seat]})
        return [Play(seat, Cards([rank])) for rank in ranks]

    def default_action(self, seat: int) -> Action:
        need_phase(self._phase, Phase.PLAYING)
        need_turn(self.turn, seat)
        return Timeout(seat)

    def apply(self, action: Action) -> list[Event]:
        """The events ``action`` caused; an ``IllegalAction`` leaves the hand unchanged."""
        return take_action(self, action, _HANDLERS, self.actions.append, self._timeouts)

    def _on_deal(self, action: Deal) -> list[Event]:
        need_phase(self._phase, Phase.DEALING)
        self._phase, self.turn = Phase.PLAYING, self.first
        return []

    def _on_play(self, action: Play) -> list[Event]:
        return self._play(action.seat, action.cards)

    def _on_timeout(self, action: Timeout) -> list[Event]:
        """The seat's lowest card, or the AI's in its place."""
        need_phase(self._phase, Phase.PLAYING)
        need_turn(self.turn, action.seat)
        lowest = Cards([self.hands[action.seat][0].rank])
        chosen = lowest if action.play is None else action.play.cards
        self._timeouts[action.seat] += 1
        return [TimedOut(action.seat), *self._play(action.seat, chosen)]

    def _on_escape(self, action: Escape) -> list[Event]:
        self._phase, self.turn, self.escaped = Phase.OVER, None, action.seat
        return [Escaped(action.seat)]

    def _on_auto(self, action: AutoPlay) -> list[Event]:
        return switch_auto(self._timeouts, self._auto, action)

    def _play(self, seat: int, cards: Cards) -> list[Event]:
        need_phase(self._phase, Phase.PLAYING)
        need_turn(self.turn, seat)
        if len(cards) != 1:
            raise NotACombo("one card a turn")
        held = [card for card in self.hands[seat] if card.rank == cards[0]]
        if not held:
            raise CardsNotInHand(f"seat {seat} holds no {cards}")
        card = held[0]
        self.hands[seat].remove(card)
        self.played[seat] = card
        events: list[Event] = [CardPlayed(seat, card)]
        following = (seat + 1) % self._players
        if self.played[following] is None:
            self.turn = following
            return events
        self.winner = self._best()
        self._phase, self.turn = Phase.OVER, None
        assert self.winner is not None
        winning = self.played[self.winner]
        assert winning is not None
        return [*events, HandTaken(self.winner, winning)]

    def _best(self) -> int | None:
        """The seat whose card is highest so far (of equal ranks, the one played first)."""
        best: int | None = None
        for k in range(self._players):
            seat = (self.first + k) % self._players
            if self._rank(seat) > (-1 if best is None else self._rank(best)):
                best = seat
        return best

    def _rank(self, seat: int) -> int:
        card = self.played[seat]
        return -1 if card is None else int(card.rank)

    # ---- views and the end -----------------------------------------------------------------
    def public_view(self) -> PublicView:
        return PublicView(
            self._players,
            self._phase,
            self.turn,
            tuple(self.played),
            tuple(len(h) for h in self.hands),
            tuple(self._auto),
            self.outcome(),
        )

    def view_for(self, seat: int) -> SeatView:
        return SeatView(seat, tuple(self.hands[seat]), self.public_view())

    def outcome(self) -> HighOutcome | None:
        if not self.over:
            return None
        if self.escaped is not None:
            return HighOutcome(Termination.ESCAPED, None, tuple(self.played), self.escaped)
        return HighOutcome(Termination.WON, self.winner, tuple(self.played))

    def settlement(
        self, points: Sequence[int] | None = None, balances: Sequence[int] | None = None
    ) -> Settlement | None:
        """The winner takes the coefficient from each other seat (an escapee pays it to
        each), never more than a seat holds; then the room's fee from everyone."""
        outcome = self.outcome()
        if outcome is None:
            return None
        held = list(self.balances if balances is None else balances)
        now = list(points) if points is not None else [0] * self._players
        deltas = [0] * self._players
        changes: list[BeanChange] = []
        payer_reason = BeanReason.ESCAPE if outcome.escaped is not None else BeanReason.SETTLE
        for payer, taker in _payments(outcome, self._players):
            amount = min(self._room.coefficient, max(0, held[payer] + deltas[payer]))
            if amount:
                deltas[payer] -= amount
                deltas[taker] += amount
                changes += [
                    BeanChange(payer, -amount, payer_reason),
                    BeanChange(taker, amount, BeanReason.SETTLE),
                ]
        scores = tuple(1 if seat in outcome.winners else -1 for seat in range(self._players))
        fees = (
            0
            if outcome.escaped is not None
            else take_fees(self._room, held, deltas, changes, range(self._players))
        )
        return Settlement(
            changes=tuple(changes),
            deltas=tuple(deltas),
            balances=tuple(h + d for h, d in zip(held, deltas, strict=True)),
            scores=scores,
            points=tuple(p + s for p, s in zip(now, scores, strict=True)),
            fees=fees,
        )

    # ---- storage ---------------------------------------------------------------------------
    def start_dict(self) -> dict[str, Any]:
        return dict(self._start)

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start_dict(), "actions": [a.to_dict() for a in self.actions]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return cls.replay(data["start"], data["actions"])

    @classmethod
    def replay(cls, start: dict[str, Any], actions: Iterable[Action | dict[str, Any]]) -> Self:
        game = cls(
            int(start["players"]),
            room_from_dict(start["room"]),
            [int(b) for b in start["balances"]],
            first=int(start["first"]),
            hands=[[Card(c) for c in hand] for hand in start["hands"]],
        )
        for action in actions:
            game.apply(action if isinstance(action, Action) else read_action(action))
        return game


def _payments(outcome: HighOutcome, players: int) -> list[tuple[int, int]]:
    """Who pays whom the coefficient: every loser the winner, or the escapee everyone."""
    if outcome.escaped is not None:
        return [(outcome.escaped, s) for s in range(players) if s != outcome.escaped]
    assert outcome.winner is not None
    return [(s, outcome.winner) for s in range(players) if s != outcome.winner]


_HANDLERS: dict[type[Action], Callable[[HighCardGame, Any], list[Event]]] = {
    Deal: HighCardGame._on_deal,
    Play: HighCardGame._on_play,
    Timeout: HighCardGame._on_timeout,
    Escape: HighCardGame._on_escape,
    AutoPlay: HighCardGame._on_auto,
}
