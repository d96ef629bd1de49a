"""One hand of 跑得快 as a state machine: actions in, events out (``GameProtocol``).

The deck is shuffled when the hand is created, from a secure source unless a seeded one is
passed; after that the hand is a pure function of its actions, so ``replay(start_dict(),
actions)`` rebuilds it and ``from_dict(to_dict())`` continues it. Every action is checked in
full before anything changes: an ``IllegalAction`` leaves the hand as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Final

from ddz_bot.kernel import (
    DEFAULT_ROOM,
    Action,
    AutoPlay,
    Card,
    Cards,
    Deal,
    DecisionKind,
    Escape,
    Event,
    Pass,
    Play,
    Room,
    Settlement,
    TimedOut,
    TimeLimit,
    Timeout,
    Waiting,
    action_from_dict,
    copy_hand,
    count_timeout,
    escape_events,
    replayed,
    switch_auto,
    take_action,
    timeout_move,
)

from .actions import (
    SEAT_PASSES,
    BadSeat,
    CardsNotInHand,
    DoesNotBeat,
    EmptyPlay,
    GameOver,
    MustBeat,
    MustLead,
    MustPlayHighest,
    MustPlayThree,
    NotACombo,
    NotYourTurn,
    WrongPhase,
)
from .cards import PLAYERS, RANK_OF, SPADE_THREE, TOP_RANK, deck_for, ranks_of
from .combos import PdkCombo, played_combo, readings
from .deal import arrange_deal, read_start, start_dict
from .events import (
    SEAT_ONE_CARD_LEFT,
    SEAT_PASSED,
    SEAT_TRICK_WON,
    BombStood,
    HandDealt,
    HandFinished,
    PhaseChanged,
    Played,
)
from .held import Spans, count_ranks, find_cards, take_cards
from .moves import listed_moves, listed_play, listed_plays, lowest_play
from .rules import PdkRules
from .scoring import balances_of, escaped_outcome, pdk_settle, won_outcome
from .views import BombItem, PdkOutcome, Phase, PublicView, SeatInfo, SeatView

__all__ = ["AFK_LIMIT", "PdkGame"]

#: the phases as plain names (on Python 3.11 reading an enum member off its class is slow)
_DEALING, _PLAYING, _FINISHED = Phase.DEALING, Phase.PLAYING, Phase.FINISHED

#: Time-outs in a row after which a person's seat is played for them (托管), as in the other games.
AFK_LIMIT: Final = 2


class PdkGame:
    """One hand of 跑得快 (see the module docstring). ``leader``: the previous hand's winner,
    who leads any play; ``None`` for a table's first hand, led by the ♠3 (R-PDK-FIRST)."""

    #: the game's name in the registry (``ddz_bot.games.GAMES``) and in stored hands
    game_name: ClassVar[str] = "paodekuai"
    players: int = PLAYERS

    def __init__(
        self,
        rules: PdkRules | None = None,
        room: Room = DEFAULT_ROOM,
        balances: Sequence[int] | None = None,
        rng: random.Random | None = None,
        *,
        leader: int | None = None,
    ) -> None:
        rules = rules if rules is not None else PdkRules()
        deck = deck_for(rules)
        (rng if rng is not None else random.SystemRandom()).shuffle(deck)
        self._setup(rules, room, balances_of(balances), deck, leader)

    def _setup(
        self, rules: PdkRules, room: Room, balances: list[int], deck: list[Card], leader: int | None
    ) -> None:
        if leader is not None and not 0 <= leader < PLAYERS:
            raise ValueError(f"there is no seat {leader}")
        if sorted(deck) != deck_for(rules):
            raise ValueError("a 跑得快 deal must hold the whole deck, each card once")
        self.rules, self.room, self.balances = rules, room, balances
        self.deck = list(deck)
        self.start_leader = leader
        self.phase = _DEALING
        self.hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.played: list[Card] = []
        self.trick: list[tuple[PdkCombo, tuple[Card, ...]] | None] = [None] * PLAYERS
        self.passed = [False] * PLAYERS
        self.to_beat: PdkCombo | None = None
        self.to_beat_seat: int | None = None
        self.passes = 0
        self.turn: int | None = None
        self.leader = 0 if leader is None else leader
        self.must_three = False
        self.played_any = [False] * PLAYERS
        self.bombs: list[BombItem] = []
        self.timeouts = [0] * PLAYERS
        self.auto = [False] * PLAYERS
        self.winner: int | None = None
        self.escaped: int | None = None
        self.actions: list[Action] = []
        # the turn's plays, listed once a state (``actions`` only grows: its length names it)
        self._moves_at, self._moves = -1, list[Cards]()
        self._plays_at, self._plays = -1, list[Action]()
        self._ranks: list[Cards] = [Cards()] * PLAYERS
        self._counts: list[list[int]] = [[0] * (TOP_RANK + 1) for _ in range(PLAYERS)]

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[str | Cards | Sequence[Card]],
        *,
        leader: int | None = None,
        rules: PdkRules | None = None,
        room: Room = DEFAULT_ROOM,
        balances: Sequence[int] | None = None,
    ) -> PdkGame:
        """A hand with chosen cards by seat (ranks, or physical cards), dealt at once."""
        rules = rules if rules is not None else PdkRules()
        deck = arrange_deal(hands, rules)
        game = cls.__new__(cls)
        game._setup(rules, room, balances_of(balances), deck, leader)
        game.apply(Deal())
        return game

    # ------------------------------------------------------------------ protocol

    @property
    def over(self) -> bool:
        return self.phase is _FINISHED

    def hand(self, seat: int) -> Cards:
        """The seat's cards as ranks (kept with the hand: read on every decision)."""
        return self._ranks[seat]

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; return what happened. ``IllegalAction`` changes nothing."""
        return take_action(self, action, _HANDLERS, self.actions.append, self.timeouts)

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < PLAYERS:
            raise BadSeat(f"there is no seat {seat}")

    def _need(self, phase: Phase) -> None:
        if self.phase is not phase:
            raise WrongPhase(f"that is only possible while {phase.value}")

    def _need_turn(self, seat: int) -> None:
        if self.turn != seat:
            raise NotYourTurn(f"it is seat {self.turn}'s turn, not seat {seat}'s")

    def _on_deal(self, action: Deal) -> list[Event]:
        self._need(_DEALING)
        size = self.rules.hand_size
        for seat in range(PLAYERS):
            self.hands[seat] = sorted(self.deck[seat * size : (seat + 1) * size])
            self._ranks[seat] = ranks_of(self.hands[seat])
            self._counts[seat] = count_ranks(self._ranks[seat])
        first = self.start_leader is None
        if first:
            self.leader = next(s for s in range(PLAYERS) if SPADE_THREE in self.hands[s])
            self.must_three = not self.rules.free_first
        self.phase, self.turn = _PLAYING, self.leader
        return [HandDealt(size, self.leader, first), PhaseChanged(_PLAYING, self.turn)]

    def next_has_one(self, seat: int) -> bool:
        return len(self.hands[(seat + 1) % PLAYERS]) == 1

    def moves(self, seat: int) -> list[Cards]:
        """The seat's legal plays now as ranks (cheaper than ``legal_actions``)."""
        if self.phase is not _PLAYING or self.turn != seat:
            return []
        return list(self._listed(seat))

    def _listed(self, seat: int) -> list[Cards]:
        """The legal plays of ``seat``, whose turn it is, listed once a state (not a copy)."""
        if self._moves_at != len(self.actions):
            self._moves = listed_moves(
                self._ranks[seat],
                self._counts[seat],
                self.to_beat,
                self.rules,
                len(self.hands[(seat + 1) % PLAYERS]) == 1,
                self.must_three,
            )
            self._moves_at = len(self.actions)
        return self._moves

    def _check_play(self, seat: int, cards: Cards) -> tuple[PdkCombo, Spans]:
        """The combo a play is read as and where its cards lie in the hand, or the refusal."""
        if not cards:
            raise EmptyPlay("choose cards to play, or pass")
        if cards[-1] > TOP_RANK:
            raise CardsNotInHand(f"{cards}: 跑得快 has no jokers")
        spans = find_cards(self._ranks[seat], cards)
        if spans is None:
            raise CardsNotInHand(f"you don't hold {cards}")
        hand, rules = self._ranks[seat], self.rules
        last = len(cards) == len(hand)
        if not readings(cards, rules, last):
            raise NotACombo(f"{cards} is not a play of 跑得快")
        if self.must_three and self.hands[seat][spans[0][0]] != SPADE_THREE:
            raise MustPlayThree("the first play of the table holds the ♠3")
        if len(cards) == 1 and cards[0] != hand[-1] and self.next_has_one(seat):
            raise MustPlayHighest("the next player holds one card: play your highest single")
        combo = played_combo(cards, self.to_beat, rules, last)
        if combo is None:
            raise DoesNotBeat(f"{cards} does not beat {self.to_beat}")
        return combo, spans

    def _on_play(self, action: Play) -> list[Event]:
        seat, cards = action.seat, action.cards
        if self.phase is not _PLAYING:
            self._need(_PLAYING)
        if self.turn != seat:
            self._need_turn(seat)
        combo, spans = self._check_play(seat, cards)
        # accepted: from here on the state changes
        if self.to_beat is None:
            self.trick = [None] * PLAYERS
            self.passed = [False] * PLAYERS
        picked, rest, self._ranks[seat] = take_cards(
            self.hands[seat], self._ranks[seat], self._counts[seat], spans
        )
        self.hands[seat] = rest
        self.played += picked
        shown = tuple(picked)
        self.trick[seat] = (combo, shown)
        self.passed[seat] = False
        self.to_beat, self.to_beat_seat, self.passes = combo, seat, 0
        self.played_any[seat] = True
        self.must_three = False
        left = len(rest)
        events: list[Event] = [Played(seat, combo, shown, left)]
        if left == 1:
            events.append(SEAT_ONE_CARD_LEFT[seat])
        if not left:
            return events + self._stand() + self._finish(seat)
        self.turn = (seat + 1) % PLAYERS
        return events

    def _stand(self) -> list[Event]:
        """The play on the table won its trick: a bomb stands (R-PDK-SCORE)."""
        combo, seat = self.to_beat, self.to_beat_seat
        if combo is None or seat is None or not combo.is_bomb:
            return []
        self.bombs.append(BombItem(seat, combo.rank))
        return [BombStood(seat, combo.rank)]

    def _on_pass(self, action: Pass) -> list[Event]:
        seat = action.seat
        if self.phase is not _PLAYING:
            self._need(_PLAYING)
        if self.turn != seat:
            self._need_turn(seat)
        if self.to_beat is None:
            raise MustLead("you lead this trick: play any cards")
        if self._listed(seat):
            raise MustBeat("you can beat it, so you must (有大必压)")
        self.passed[seat] = True
        self.trick[seat] = None
        self.passes += 1
        events: list[Event] = [SEAT_PASSED[seat]]
        if self.passes >= PLAYERS - 1:
            leader = self.to_beat_seat
            assert leader is not None
            events += self._stand()
            self.to_beat, self.passes, self.turn = None, 0, leader
            return [*events, SEAT_TRICK_WON[leader]]
        self.turn = (seat + 1) % PLAYERS
        return events

    def _finish(self, winner: int) -> list[Event]:
        self.winner, self.turn, self.to_beat = winner, None, None
        self.phase = _FINISHED
        outcome = self.outcome()
        assert outcome is not None
        return [PhaseChanged(_FINISHED, None), HandFinished(outcome)]

    # -- time-outs, auto-play, escape (R-PDK-AFK, R-PDK-ESCAPE)

    def default_action(self, seat: int) -> Action:
        """What a time-out does (R-PDK-AFK): following, the lowest play that beats (a bomb
        only if nothing else does), else pass; leading, the lowest play (the table lets the
        AI choose it instead). An ``IllegalAction`` if nothing waits on the seat."""
        self._check_seat(seat)
        if self.over:
            raise GameOver("the hand is over")
        self._need(_PLAYING)
        self._need_turn(seat)
        moves = self.moves(seat)
        if not moves:
            return Pass(seat)
        return listed_play(seat, lowest_play(moves, self.to_beat, self.rules))

    def _on_timeout(self, action: Timeout) -> list[Event]:
        seat, move = action.seat, timeout_move(self, action)
        events: list[Event] = [TimedOut(seat), *_HANDLERS[type(move)](self, move)]
        return events + count_timeout(self.timeouts, self.auto, seat, AFK_LIMIT, ended=self.over)

    def _on_auto(self, action: AutoPlay) -> list[Event]:
        return switch_auto(self.timeouts, self.auto, action)

    def _on_escape(self, action: Escape) -> list[Event]:
        self.escaped = action.seat
        self.phase, self.turn = _FINISHED, None
        closing = PhaseChanged(_FINISHED, None)
        return escape_events(action.seat, closing, HandFinished, self.outcome())

    # ------------------------------------------------------------------ what may be done

    def waiting_for(self) -> Waiting | None:
        """Who must play now; ``None`` before the deal (the table sends ``Deal``) and once
        the hand is over."""
        if self.phase is not _PLAYING or self.turn is None:
            return None
        return _WAITING[self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's plays now, and ``Pass`` only when it follows and can't beat
        (R-PDK-MUST)."""
        if self.phase is not _PLAYING or self.turn != seat:
            return []
        if self._plays_at != len(self.actions):
            moves = self._listed(seat)
            self._plays = listed_plays(seat, moves) if moves else [SEAT_PASSES[seat]]
            self._plays_at = len(self.actions)
        return self._plays[:]

    # ------------------------------------------------------------------ views and the end

    def public_view(self) -> PublicView:
        over = self.over
        seats = tuple(
            SeatInfo(
                seat=s,
                card_count=len(self.hands[s]),
                play=None if (entry := self.trick[s]) is None else entry[0],
                play_cards=() if entry is None else entry[1],
                passed=self.passed[s],
                played_any=self.played_any[s],
                bombs=sum(1 for b in self.bombs if b.seat == s),
                auto_play=self.auto[s],
                escaped=self.escaped == s,
                shown_hand=tuple(self.hands[s]) if over else None,
            )
            for s in range(PLAYERS)
        )
        return PublicView(
            rules=self.rules,
            room=self.room,
            phase=self.phase,
            seats=seats,
            turn=self.turn,
            leader=self.leader,
            first_hand=self.start_leader is None,
            must_three=self.must_three,
            to_beat=self.to_beat,
            to_beat_seat=self.to_beat_seat if self.to_beat is not None else None,
            played=Cards(RANK_OF[c] for c in self.played),
            bombs=tuple(self.bombs),
            outcome=self.outcome(),
        )

    def view_for(self, seat: int, public: PublicView | None = None) -> SeatView:
        """What one seat may see; ``public``: this hand's ``public_view()`` made already (a
        page per seat shares one)."""
        self._check_seat(seat)
        return SeatView(
            self.public_view() if public is None else public, seat, tuple(self.hands[seat])
        )

    def outcome(self) -> PdkOutcome | None:
        """How the hand ended; ``None`` while it goes on."""
        if not self.over:
            return None
        left = tuple(len(h) for h in self.hands)
        if self.escaped is not None:
            return escaped_outcome(self.escaped, left, self.rules.hand_size)
        assert self.winner is not None
        return won_outcome(self.winner, left, self.played_any, self.bombs)

    def settlement(
        self, points: Sequence[int] | None = None, balances: Sequence[int] | None = None
    ) -> Settlement | None:
        """The beans and points the finished hand moves, on ``balances`` (those the seats
        brought to the hand when not given); ``None`` while it goes on."""
        outcome = self.outcome()
        if outcome is None:
            return None
        held = self.balances if balances is None else list(balances)
        return pdk_settle(outcome, self.room, held, points)

    # ------------------------------------------------------------------ storage

    def start_dict(self) -> dict[str, Any]:
        """The hand's start: with the actions, all a replay needs."""
        return start_dict(self.rules, self.room, self.balances, self.deck, self.start_leader)

    def to_dict(self) -> dict[str, Any]:
        return {**self.start_dict(), "actions": [a.to_dict() for a in self.actions]}

    @classmethod
    def _from_start(cls, data: dict[str, Any]) -> PdkGame:
        game = cls.__new__(cls)
        game._setup(*read_start(data))
        return game

    @classmethod
    def replay(cls, start: dict[str, Any], actions: Iterable[Action | dict[str, Any]]) -> PdkGame:
        """Rebuild a hand from its start and its ordered actions."""
        return replayed(cls._from_start(start), actions, action_from_dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PdkGame:
        """Continue a hand stored with ``to_dict`` (its start and actions, replayed)."""
        return cls.replay(data, data.get("actions", []))

    def clone(self) -> PdkGame:
        """A direct copy (``copy_hand``): no read of the stored form, no replay."""
        return copy_hand(self)


#: what a hand waits on in each seat's turn (frozen: one serves every hand)
_WAITING: Final = tuple(Waiting((s,), DecisionKind.PLAY, TimeLimit.PLAY) for s in range(PLAYERS))

#: Actions the table sends for a seat: they don't reset its time-out count.

_HANDLERS: dict[type[Action], Callable[[PdkGame, Any], list[Event]]] = {
    Deal: PdkGame._on_deal,
    Play: PdkGame._on_play,
    Pass: PdkGame._on_pass,
    Timeout: PdkGame._on_timeout,
    AutoPlay: PdkGame._on_auto,
    Escape: PdkGame._on_escape,
}
