"""One hand of 保皇 as a state machine: actions in, events out (``GameProtocol``).

Every random draw a hand may need (the deal and the redeals, the first dealer of a table) is
made once, when the hand is created, from a secure source unless a seeded one is passed; after
that the hand is a pure function of its actions, so ``replay(start_dict(), actions)`` rebuilds
it and ``from_dict(to_dict())`` continues it. Actions are checked in full before anything
changes: an ``IllegalAction`` leaves the hand as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from ddz_bot.kernel import (
    DEFAULT_ROOM,
    Aborted,
    Action,
    AutoPlay,
    AutoPlayChanged,
    Card,
    Cards,
    CardsNotInHand,
    Deal,
    DecisionKind,
    DoesNotBeat,
    EmptyPlay,
    Escape,
    Event,
    GameOver,
    MustLead,
    NotACombo,
    Pass,
    Passed,
    Play,
    Rank,
    Room,
    Settlement,
    TimedOut,
    TimeLimit,
    Timeout,
    TrickWon,
    Waiting,
    WrongPhase,
    copy_hand,
    escape_events,
    replayed,
    switch_auto,
    take_action,
    timeout_move,
)

from .actions import (
    AutoPlayLocked,
    CallGuard,
    Declare,
    SixLast,
    TakeThrone,
    YieldThrone,
    read_action,
)
from .beats import meld_beats
from .cards import EMPEROR_CARD, GUARD_CARD, RANK_OF, bh_deck
from .deal import arrange_deal
from .events import HandFinished, PhaseChanged, Played, WentOut
from .melds import meld_of
from .moves import bh_moves
from .rules import BaoHuangRules, GuardMethod
from .scoring import PLAYERS, bh_settle
from .state import AFK_LIMIT, AUTO_LOCK, MAX_REDEALS
from .throne import Crowning
from .views import Declaration, Phase, Place, Solo

__all__ = ["BaoHuangGame"]

_set = object.__setattr__


def _play(seat: int, cards: Cards) -> Play:
    """A ``Play`` of cards the engine listed itself (already in shape: nothing to convert)."""
    play = object.__new__(Play)
    _set(play, "seat", seat)
    _set(play, "cards", cards)
    _set(play, "reading", None)
    return play


class BaoHuangGame(Crowning):
    """One hand of 保皇 (see the module docstring). ``dealer`` is the previous hand's emperor
    (``None`` for a table's first hand: a random seat); ``humans`` marks the seats of people,
    for R-BH-AFK's hand that scores nothing (every seat by default)."""

    #: the game's name in the registry of games the bot hosts
    game_name: ClassVar[str] = "baohuang"

    def __init__(
        self,
        rules: BaoHuangRules | None = None,
        room: Room = DEFAULT_ROOM,
        balances: Sequence[int] | None = None,
        rng: random.Random | None = None,
        *,
        dealer: int | None = None,
        humans: Sequence[bool] | None = None,
    ) -> None:
        rules = rules if rules is not None else BaoHuangRules()
        balances = [0] * PLAYERS if balances is None else [int(b) for b in balances]
        if len(balances) != PLAYERS:
            raise ValueError(f"保皇 needs {PLAYERS} balances, got {len(balances)}")
        humans = (True,) * PLAYERS if humans is None else tuple(bool(h) for h in humans)
        if len(humans) != PLAYERS:
            raise ValueError(f"保皇 needs {PLAYERS} seats in humans, got {len(humans)}")
        if dealer is not None and not 0 <= dealer < PLAYERS:
            raise ValueError(f"there is no seat {dealer}")
        rng = rng if rng is not None else random.SystemRandom()
        decks: list[list[Card]] = []
        for _ in range(MAX_REDEALS + 1):
            deck = bh_deck()
            rng.shuffle(deck)
            decks.append(deck)
        if dealer is None:
            dealer = rng.randrange(PLAYERS)
        self._setup(rules, room, balances, decks, dealer, humans)
        self._tokens: frozenset[int] = frozenset()
        self._pending_auto: int | None = None

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[str | Cards | Sequence[Card]],
        *,
        dealer: int = 0,
        emperor_card: int | None = None,
        guard_card: int | None = None,
        rules: BaoHuangRules | None = None,
        room: Room = DEFAULT_ROOM,
        balances: Sequence[int] | None = None,
        rng: random.Random | None = None,
        humans: Sequence[bool] | None = None,
    ) -> BaoHuangGame:
        """A hand with a chosen first deal (tests, puzzles): ``hands`` by seat as ranks or
        physical cards; ``emperor_card``/``guard_card`` say which seat gets the sceptre and the
        sword (by default the first seat holding a big / small joker)."""
        game = cls(rules, room, balances, rng, dealer=dealer, humans=humans)
        game._decks[0] = arrange_deal(hands, dealer, emperor_card, guard_card)
        return game

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; return what happened. ``IllegalAction`` changes nothing."""
        return take_action(self, action, _HANDLERS, self.actions.append, self.timeouts)

    # -- play (R-BH-PLAY, R-BH-PLACES, R-BH-END)

    def _pick(self, seat: int, cards: Cards) -> list[Card] | None:
        """The physical cards of ``cards`` from the hand, keeping the emperor card and the
        guard's token (the sword, or a copy of the called face) for last."""
        need = [0] * (Rank.BIG_JOKER + 1)
        for rank in cards:
            need[rank] += 1
        picked: list[Card] = []
        later: list[Card] = []
        tokens = self._tokens
        for card in self.hands[seat]:
            rank = RANK_OF[card]
            if need[rank]:
                if card in tokens:
                    later.append(card)
                    continue
                need[rank] -= 1
                picked.append(card)
        for card in later:
            rank = RANK_OF[card]
            if need[rank]:
                need[rank] -= 1
                picked.append(card)
        return picked if len(picked) == len(cards) else None

    def _on_play(self, action: Play) -> list[Event]:
        seat, cards = action.seat, action.cards
        self._need_phase(Phase.PLAYING)
        self._need_turn(seat)
        if not cards:
            raise EmptyPlay("choose cards to play, or pass")
        if cards[0] < Rank.SIX or cards[-1] > Rank.BIG_JOKER:
            raise CardsNotInHand(f"{cards}: not cards of 保皇")
        meld = meld_of(cards)
        if meld is None:
            raise NotACombo(f"{cards}: cards of two natural ranks are never one play")
        picked = self._pick(seat, cards)
        if picked is None:
            raise CardsNotInHand(f"you don't hold {cards}")
        hand = self.hands[seat]
        if self.rules.six and meld.has_six and len(cards) != len(hand):
            raise SixLast("憋6: a 6 can only be played with your last cards")
        if self.to_beat is not None and not meld_beats(meld, self.to_beat, self.rules.roast):
            raise DoesNotBeat(f"{cards} does not beat {self.to_beat}")
        # accepted: from here on the state changes
        if self.to_beat is None:
            self.trick = [None] * PLAYERS
            self.passed = [False] * PLAYERS
        taken = set(picked)
        self.hands[seat] = [c for c in hand if c not in taken]
        self.played.extend(picked)
        self.trick[seat] = (meld, picked)
        self.passed[seat] = False
        self.to_beat, self.to_beat_seat = meld, seat
        self.passes = 0
        events: list[Event] = [Played(seat, meld, tuple(picked), len(self.hands[seat]))]
        if taken & self._tokens:
            events += self._token_played(seat, picked)
        if not self.hands[seat]:
            self.places.append(seat)
            events.append(WentOut(seat, Place(len(self.places))))
            if self._ended():
                return events + self._finish()
        self.turn = self._next_active(seat)
        return events

    def _token_played(self, seat: int, picked: list[Card]) -> list[Event]:
        """The guard card played reveals the guard (R-BH-GUARD), or the emperor's hidden solo;
        in the called method the emperor's hidden solo shows once all four copies are played."""
        if seat == self.guard and any(c in self._tokens and c != EMPEROR_CARD for c in picked):
            return self._reveal("guard_card")
        if seat != self.emperor or self.solo is not Solo.HIDDEN:
            return []
        if self.rules.method is GuardMethod.FIXED:
            return self._reveal("guard_card") if GUARD_CARD in picked else []
        self.emperor_called_played += sum(
            1 for c in picked if c in self._tokens and c != EMPEROR_CARD
        )
        return self._reveal("guard_card") if self.emperor_called_played >= 4 else []

    def _on_pass(self, action: Pass) -> list[Event]:
        seat = action.seat
        self._need_phase(Phase.PLAYING)
        self._need_turn(seat)
        if self.to_beat is None:
            raise MustLead("you lead this trick: play any cards")
        self.passed[seat] = True
        self.trick[seat] = None
        self.passes += 1
        events: list[Event] = [Passed(seat)]
        leader = self.to_beat_seat
        assert leader is not None
        hands = self.hands
        others = sum(1 for s in range(PLAYERS) if s != leader and hands[s])
        if self.passes >= others:
            if not self._active(leader):
                leader = self._next_active(leader)
            self.to_beat = None
            self.passes = 0
            self.turn = leader
            return [*events, TrickWon(leader)]
        self.turn = self._next_active(seat)
        return events

    def _ended(self) -> bool:
        """R-BH-END: a side is out (open solo: anyone; hidden solo: the emperor or two)."""
        out = set(self.places)
        if self.solo is Solo.OPEN:
            return bool(out)
        if self.solo is Solo.HIDDEN:
            return self.emperor in out or len(out - {self.emperor}) >= 2
        if self.emperor in out and self.guard in out:
            return True
        return sum(1 for s in out if s not in (self.emperor, self.guard)) >= 3

    def _finish(self) -> list[Event]:
        last = self.places[-1]
        left = [s for s in range(PLAYERS) if s not in self.places]
        left.sort(key=lambda s: (len(self.hands[s]), (s - last) % PLAYERS))
        self.places.extend(left)
        self.turn = None
        self.to_beat = None
        humans = [s for s in range(PLAYERS) if self.humans[s]]
        if humans and all(self.auto[s] or s == self._pending_auto for s in humans):
            self.phase, self.abort_reason = Phase.ABORTED, "all_auto"
            head: list[Event] = [Aborted("all_auto"), PhaseChanged(Phase.ABORTED, None)]
        else:
            self.phase = Phase.FINISHED
            head = [PhaseChanged(Phase.FINISHED, None)]
        outcome = self.outcome()
        assert outcome is not None
        return [*head, HandFinished(outcome)]

    # -- time-outs, auto-play, escape (R-BH-AFK, R-BH-ESCAPE)

    def default_action(self, seat: int) -> Action:
        """What a time-out does for ``seat`` (R-BH-AFK); an ``IllegalAction`` if nothing is due:
        yield the throne (called method, second round: call the first face held three times),
        declare nothing, pass; when leading, the lowest single card (a small joker before a big
        one), or the one play a hand of 6s under 憋6 has."""
        self._check_seat(seat)
        if self.over:
            raise GameOver("the hand is over")
        if self.phase is Phase.DEALING:
            raise WrongPhase("nothing waits on a seat before the deal")
        self._need_turn(seat)
        if self.phase is Phase.THRONE:
            if self._must_take():
                faces = self.callable_faces(seat)
                if faces:
                    threes = [f for f in faces if self._copies_held(seat, f) == 3]
                    return CallGuard(seat, (threes or list(faces))[0])
            return YieldThrone(seat)
        if self.phase is Phase.DECLARING:
            return Declare(seat, Declaration.NOTHING)
        if self.to_beat is not None:
            return Pass(seat)
        moves = bh_moves(self.hand(seat), None, self.rules)
        singles = [move for move in moves if len(move) == 1]
        return _play(seat, min(singles) if singles else moves[0])  # 憋6: maybe 6s, the last

    def _on_timeout(self, action: Timeout) -> list[Event]:
        seat, default = action.seat, timeout_move(self, action)
        going_auto = self.timeouts[seat] + 1 >= AFK_LIMIT and not self.auto[seat]
        self._pending_auto = seat if going_auto else None
        try:
            events: list[Event] = [TimedOut(seat), *_HANDLERS[type(default)](self, default)]
        finally:
            self._pending_auto = None
        self.timeouts[seat] += 1
        if going_auto:
            self.auto[seat] = True
            self.auto_count[seat] += 1
            events.append(AutoPlayChanged(seat, True))
        return events

    def _on_auto(self, action: AutoPlay) -> list[Event]:
        seat = action.seat
        if not action.on and self.auto[seat] and self.auto_count[seat] >= AUTO_LOCK:
            raise AutoPlayLocked("this seat went on auto-play four times: it stays on")
        events = switch_auto(self.timeouts, self.auto, action)
        if events and action.on:
            self.auto_count[seat] += 1
        return events

    def _on_escape(self, action: Escape) -> list[Event]:
        self.escaped = action.seat
        self.phase, self.turn = Phase.FINISHED, None
        closing = PhaseChanged(Phase.FINISHED, None)
        return escape_events(action.seat, closing, HandFinished, self.outcome())

    # ------------------------------------------------------------------ what may be done

    def waiting_for(self) -> Waiting | None:
        """Who must decide now, what, and on which clock; ``None`` before the deal (the table
        sends ``Deal``) and once the hand is over."""
        if self.over or self.phase is Phase.DEALING or self.turn is None:
            return None
        if self.phase is Phase.THRONE:
            kind = (
                DecisionKind.THRONE
                if self.rules.method is GuardMethod.FIXED
                else DecisionKind.CALL_GUARD
            )
            return Waiting((self.turn,), kind, TimeLimit.BID)
        if self.phase is Phase.DECLARING:
            return Waiting((self.turn,), DecisionKind.DECLARE, TimeLimit.BID)
        return Waiting((self.turn,), DecisionKind.PLAY, TimeLimit.PLAY)

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's decisions now (not ``Deal``, ``Timeout``, ``AutoPlay``, ``Escape``)."""
        if self.over or self.turn != seat:
            return []
        if self.phase is Phase.THRONE:
            if self.rules.method is GuardMethod.FIXED:
                return [TakeThrone(seat), YieldThrone(seat)]
            faces = self.callable_faces(seat)
            out: list[Action] = [CallGuard(seat, face) for face in faces]
            if not (faces and self._must_take()):
                out.append(YieldThrone(seat))
            return out
        if self.phase is Phase.DECLARING:
            return [Declare(seat, word) for word in self.declarations_for(seat)]
        if self.phase is Phase.PLAYING:
            previous = None if self.to_beat is None else self.to_beat.cards
            plays: list[Action] = [] if previous is None else [Pass(seat)]
            plays.extend(_play(seat, c) for c in bh_moves(self.hand(seat), previous, self.rules))
            return plays
        return []

    def moves(self, seat: int) -> list[Cards]:
        """The seat's legal plays now as ranks (cheaper than ``legal_actions``)."""
        if self.phase is not Phase.PLAYING or self.turn != seat:
            return []
        previous = None if self.to_beat is None else self.to_beat.cards
        return bh_moves(self.hand(seat), previous, self.rules)

    # ------------------------------------------------------------------ storage

    @classmethod
    def _from_start(cls, data: dict[str, Any]) -> BaoHuangGame:
        rules, room, balances, decks, dealer, humans = cls._start_fields(data)
        game = object.__new__(cls)
        game._setup(rules, room, balances, decks, dealer, humans)
        game._tokens = frozenset()
        game._pending_auto = None
        return game

    @classmethod
    def replay(
        cls, start: dict[str, Any], actions: Iterable[Action | dict[str, Any]]
    ) -> BaoHuangGame:
        """Rebuild a hand from its start and its ordered actions."""
        return replayed(cls._from_start(start), actions, read_action)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BaoHuangGame:
        """Continue a hand stored with ``to_dict`` (its start and actions, replayed)."""
        return cls.replay(data, data.get("actions", []))

    def settlement(
        self, points: Sequence[int] | None = None, balances: Sequence[int] | None = None
    ) -> Settlement | None:
        """The beans and points the finished hand moves; ``None`` while it goes on."""
        outcome = self.outcome()
        if outcome is None:
            return None
        held = self.balances if balances is None else balances
        return bh_settle(outcome, self.room, held, points)

    def clone(self) -> BaoHuangGame:
        """A direct copy (``copy_hand``): no read of the stored form, no replay."""
        return copy_hand(self)


#: Actions the table sends for a seat: they don't reset its time-out count.

_HANDLERS: dict[type[Action], Callable[[BaoHuangGame, Any], list[Event]]] = {
    Deal: BaoHuangGame._on_deal,
    TakeThrone: BaoHuangGame._on_take,
    YieldThrone: BaoHuangGame._on_yield,
    CallGuard: BaoHuangGame._on_call,
    Declare: BaoHuangGame._on_declare,
    Play: BaoHuangGame._on_play,
    Pass: BaoHuangGame._on_pass,
    Timeout: BaoHuangGame._on_timeout,
    AutoPlay: BaoHuangGame._on_auto,
    Escape: BaoHuangGame._on_escape,
}
