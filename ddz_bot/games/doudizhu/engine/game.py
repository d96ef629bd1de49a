"""One hand of a table as a state machine: actions in, events out, to/from dict.

Every random draw a hand may need (the deal and up to three redeals, the first
bidder of each deal, the wildcard rank) is made once, when the hand is created, from
a secure source unless a seeded one is passed. After that the hand is a pure function
of its actions: ``Game.replay(game.start_dict(), actions)`` rebuilds it exactly, and
``Game.from_dict(game.to_dict())`` continues it exactly.

Actions are validated in full before anything changes, so an ``IllegalAction`` leaves
the hand as it was. The moves before the first play (the deal, 明牌, bidding, 加倍) are
``Auction``'s (auction.py); this module adds the play, time-outs, 托管 and escape, and
what a seat may do now.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from ddz_bot.kernel import (
    DEFAULT_ROOM,
    RANK_CHARS,
    Action,
    AlreadyAnswered,
    AutoPlay,
    Card,
    Cards,
    CardsNotInHand,
    Deal,
    DecisionKind,
    EmptyPlay,
    Escape,
    Event,
    MustLead,
    Pass,
    Passed,
    Play,
    PlayReading,
    Room,
    Settlement,
    TimedOut,
    TimeLimit,
    Timeout,
    TrickWon,
    Waiting,
    WrongPhase,
    copy_hand,
    count_timeout,
    escape_events,
    full_deck,
    rank_name,
    replayed,
    room_from_dict,
    room_to_dict,
    switch_auto,
    take_action,
    timeout_move,
)

from .actions import (
    Bid,
    Call,
    Decline,
    Double,
    Grab,
    NoDouble,
    NoGrab,
    NoShow,
    ShowCards,
    read_action,
)
from .auction import Auction
from .combos import Combo, bomb_factor
from .events import HandFinished, PhaseChanged, Played
from .hand import AFK_LIMIT, MAX_REDEALS, RANK_OF, SHOW_FACTORS
from .reading import as_reading, choose_reading, playable_readings
from .rules import CLASSIC, Bidding, RuleSet
from .scoring import settle
from .views import MultiplierReason, Phase
from .wildmoves import useful_moves

__all__ = ["AFK_LIMIT", "MAX_REDEALS", "SHOW_FACTORS", "Game", "room_from_dict", "room_to_dict"]


class Game(Auction):
    """One hand of a table (see the module docstring)."""

    #: the game's name in the registry of games the bot hosts
    game_name: ClassVar[str] = "doudizhu"

    def __init__(
        self,
        rules: RuleSet = CLASSIC,
        room: Room = DEFAULT_ROOM,
        balances: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        n = rules.players
        if balances is None:
            balances = [0] * n
        if len(balances) != n:
            raise ValueError(f"{rules.name} needs {n} balances, got {len(balances)}")
        if rules.wild_rank is not None:
            rules = rules.with_wild_rank(None)
        rng = rng if rng is not None else random.SystemRandom()
        decks: list[list[Card]] = []
        for _ in range(MAX_REDEALS + 1):
            deck = full_deck(rules.decks)
            rng.shuffle(deck)
            decks.append(deck)
        first = [rng.randrange(n) for _ in range(MAX_REDEALS + 1)]
        wild = rng.randrange(13) if rules.wildcard else None
        self._setup(rules, room, [int(b) for b in balances], decks, first, wild)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[str | Cards],
        bottom: str | Cards,
        *,
        rules: RuleSet = CLASSIC,
        room: Room = DEFAULT_ROOM,
        balances: Sequence[int] | None = None,
        first_bidder: int = 0,
        wild_rank: int | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """A hand with a chosen deal (puzzles, tests, replays of a known deal): ``hands``
        and ``bottom`` as rank strings; redeals, if any, come from ``rng``."""
        game = cls(rules, room, balances, rng)
        wanted = [Cards.parse(h) if isinstance(h, str) else h for h in hands]
        wanted.append(Cards.parse(bottom) if isinstance(bottom, str) else bottom)
        sizes = [rules.hand_size] * rules.players + [rules.bottom_size]
        if [len(w) for w in wanted] != sizes:
            raise ValueError(
                f"a deal of {rules.name} is {sizes} cards, not {[len(w) for w in wanted]}"
            )
        pool = full_deck(rules.decks)
        deck: list[Card] = []
        for cards in wanted:
            for rank in cards:
                card = next((c for c in pool if RANK_OF[c] == rank), None)
                if card is None:
                    raise ValueError(f"the deal has too many {rank_name(rank)}")
                pool.remove(card)
                deck.append(card)
        game._decks[0] = deck
        game._first_bidders[0] = first_bidder
        if rules.wildcard and wild_rank is not None:
            game._wild_draw = wild_rank
        return game

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; return what happened. ``IllegalAction`` changes nothing."""
        return take_action(self, action, _HANDLERS, self._log, self.timeouts)

    def _log(self, action: Action) -> None:
        self.log.append(action.to_dict())

    # -- play

    def _pick(self, seat: int, cards: Cards) -> list[Card] | None:
        """The physical cards of ``cards`` (ranks) from the seat's hand, or None."""
        need = cards.counts()
        picked: list[Card] = []
        for card in self.hands[seat]:
            rank = RANK_OF[card]
            if need[rank]:
                need[rank] -= 1
                picked.append(card)
        return picked if len(picked) == len(cards) else None

    def readings(self, cards: Cards) -> list[Combo]:
        """Every reading of ``cards`` that may be played now (R-LZ-CHOICE: the bot offers
        these when there is more than one); empty if none."""
        return playable_readings(cards, self.to_beat, self.rules)

    def choose_reading(self, cards: Cards, reading: PlayReading | None = None) -> Combo:
        """How ``cards`` would read if played now (R-AMBIG, R-LZ-CHOICE); raises
        ``NotACombo``, ``BadReading`` or ``DoesNotBeat``."""
        return choose_reading(cards, as_reading(reading), self.to_beat, self.rules)

    def _on_play(self, action: Play) -> list[Event]:
        seat = action.seat
        self._need_phase(Phase.PLAYING)
        self._need_turn(seat)
        if not action.cards:
            raise EmptyPlay("choose cards to play, or pass")
        if action.cards[0] < 0 or action.cards[-1] >= len(RANK_CHARS):
            raise CardsNotInHand("those are not cards")
        picked = self._pick(seat, action.cards)
        if picked is None:
            raise CardsNotInHand(f"you don't hold {action.cards}")
        combo = self.choose_reading(action.cards, action.reading)
        # accepted: from here on the state changes
        if self.to_beat is None:
            self.trick = [None] * self.players
            self.passed = [False] * self.players
        taken = set(picked)
        self.hands[seat] = [c for c in self.hands[seat] if c not in taken]
        self.played.extend(picked)
        self.plays_count[seat] += 1
        self.trick[seat] = (combo, picked)
        self.passed[seat] = False
        self.to_beat, self.to_beat_seat = combo, seat
        self.passes = 0
        if combo.is_bomb:
            self.bombs.append(
                (seat, MultiplierReason(combo.kind.value), bomb_factor(combo, self.rules))
            )
        events: list[Event] = [Played(seat, combo, tuple(picked), len(self.hands[seat]))]
        if not self.hands[seat]:
            return events + self._finish(seat)
        self.turn = self._next(seat)
        return events

    def _on_pass(self, action: Pass) -> list[Event]:
        seat = action.seat
        self._need_phase(Phase.PLAYING)
        self._need_turn(seat)
        if self.to_beat is None:
            raise MustLead("you lead this trick: play any combo")
        self.passed[seat] = True
        self.passes += 1
        events: list[Event] = [Passed(seat)]
        if self.passes == self.players - 1:
            leader = self.to_beat_seat
            assert leader is not None
            self.to_beat = None
            self.passes = 0
            self.turn = leader
            return [*events, TrickWon(leader)]
        self.turn = self._next(seat)
        return events

    def _finish(self, seat: int) -> list[Event]:
        self.winner = seat
        self.phase = Phase.FINISHED
        self.turn = None
        outcome = self.outcome()
        assert outcome is not None
        return [PhaseChanged(Phase.FINISHED, None), HandFinished(outcome)]

    # -- time-outs, auto-play, escape

    def default_action(self, seat: int) -> Action:
        """What a time-out does for ``seat`` (R-AFK); ``NotYourTurn`` if nothing is due."""
        phase = self.phase
        if phase is Phase.DOUBLING:
            if self.doubled[seat] is not None:
                raise AlreadyAnswered("you already answered")
            return NoDouble(seat)
        if phase not in (Phase.BIDDING, Phase.LANDLORD_SHOW, Phase.PLAYING):
            raise WrongPhase(f"nothing is waiting for seat {seat} while {phase.value}")
        self._need_turn(seat)
        if phase is Phase.BIDDING:
            if self.rules.bidding is Bidding.GRAB and self.caller is not None:
                return NoGrab(seat)
            return Decline(seat)
        if phase is Phase.LANDLORD_SHOW:
            return NoShow(seat)
        if self.to_beat is not None:
            return Pass(seat)
        return Play(seat, Cards.presorted([RANK_OF[self.hands[seat][0]]]))

    def _on_timeout(self, action: Timeout) -> list[Event]:
        seat, move = action.seat, timeout_move(self, action)
        events: list[Event] = [TimedOut(seat), *_HANDLERS[type(move)](self, move)]
        return events + count_timeout(self.timeouts, self.auto, seat, AFK_LIMIT)

    def _on_auto(self, action: AutoPlay) -> list[Event]:
        return switch_auto(self.timeouts, self.auto, action)

    def _on_escape(self, action: Escape) -> list[Event]:
        self.escaped = action.seat
        self.phase, self.turn = Phase.FINISHED, None
        closing = PhaseChanged(Phase.FINISHED, None)
        return escape_events(action.seat, closing, HandFinished, self.outcome())

    # ------------------------------------------------------------------ what may be done

    def waiting_for(self) -> Waiting | None:
        """Who must decide now, what, and on which clock (for timers and panels). ``None``
        while dealing (the table sends ``Deal`` when the 明牌 window closes) and once over."""
        phase = self.phase
        if self.over or phase in (Phase.SHOW_START, Phase.DEALING):
            return None
        if phase is Phase.DOUBLING:
            seats = tuple(s for s in range(self.players) if self.doubled[s] is None)
            return _waiting(seats, DecisionKind.DOUBLE, TimeLimit.DOUBLE) if seats else None
        if self.turn is None:
            return None
        if phase is Phase.PLAYING:
            return _waiting((self.turn,), DecisionKind.PLAY, TimeLimit.PLAY)
        kind = DecisionKind.SHOW if phase is Phase.LANDLORD_SHOW else DecisionKind.BID
        return _waiting((self.turn,), kind, TimeLimit.BID)

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's game decisions now (not ``Deal``, ``Timeout``, ``Escape``,
        ``AutoPlay``, which the table sends)."""
        phase = self.phase
        shown = any(s == seat for s, _ in self.shows)
        if phase in (Phase.SHOW_START, Phase.DEALING):
            return [] if shown else [ShowCards(seat)]
        if phase is Phase.DOUBLING:
            if self.doubled[seat] is not None:
                return []
            return ([Double(seat)] if self.can_double(seat) else []) + [NoDouble(seat)]
        if self.turn != seat:
            return []
        if phase is Phase.LANDLORD_SHOW:
            return [ShowCards(seat), NoShow(seat)]
        if phase is Phase.BIDDING:
            if self.rules.bidding is Bidding.POINTS:
                return [*(Bid(seat, p) for p in range(self.high_bid + 1, 4)), Decline(seat)]
            if self.caller is None:
                return [Call(seat), Decline(seat)]
            return [Grab(seat), NoGrab(seat)]
        if phase is Phase.PLAYING:
            wild = self.rules.wild_rank is not None
            out: list[Action] = [] if self.to_beat is None else [Pass(seat)]
            # useful_moves: every legal play but those wasting a wildcard (any legal play
            # is still accepted when made; see engine.wildmoves)
            of = Play.of
            out.extend(
                [
                    of(seat, combo, wild)
                    for combo in useful_moves(self.hand(seat), self.to_beat, self.rules)
                ]
            )
            return out
        return []

    @classmethod
    def replay(cls, start: dict[str, Any], actions: Iterable[Action | dict[str, Any]]) -> Game:
        """Rebuild a hand from its start and its ordered actions (replays, crash recovery)."""
        return replayed(cls._from_start(start), actions, read_action)

    def settlement(
        self, points: Sequence[int] | None = None, balances: Sequence[int] | None = None
    ) -> Settlement | None:
        """The beans and points this hand moves (``scoring.settle`` on its outcome, with
        the balances the players brought); ``None`` while the hand goes on."""
        outcome = self.outcome()
        if outcome is None:
            return None
        held = self.balances if balances is None else balances
        return settle(outcome, self.room, held, points)

    def clone(self) -> Game:
        """A direct copy (``copy_hand``): no read of the stored form, no replay."""
        return copy_hand(self)


#: each ``Waiting`` made so far (a frozen value: a handful serve every hand, asked for
#: several times a move)
_WAITINGS: dict[tuple[tuple[int, ...], DecisionKind, TimeLimit], Waiting] = {}


def _waiting(seats: tuple[int, ...], kind: DecisionKind, limit: TimeLimit) -> Waiting:
    key = (seats, kind, limit)
    found = _WAITINGS.get(key)
    if found is None:
        found = _WAITINGS[key] = Waiting(seats, kind, limit)
    return found


_HANDLERS: dict[type[Action], Callable[[Game, Any], list[Event]]] = {
    Deal: Game._on_deal,
    ShowCards: Game._on_show,
    NoShow: Game._on_no_show,
    Call: Game._on_call,
    Decline: Game._on_decline,
    Grab: Game._on_grab,
    NoGrab: Game._on_grab,
    Bid: Game._on_bid,
    Double: Game._on_double,
    NoDouble: Game._on_double,
    Play: Game._on_play,
    Pass: Game._on_pass,
    Timeout: Game._on_timeout,
    AutoPlay: Game._on_auto,
    Escape: Game._on_escape,
}
