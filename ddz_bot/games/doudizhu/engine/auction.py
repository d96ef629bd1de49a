"""The hand before its first play: the deal in two steps with the 明牌 windows (R-SHOW), the
bidding (R-GRAB: 叫地主 and 抢地主, or R-BID-POINTS: 叫分), redeals when nobody calls
(R-BID-ALLPASS), the landlord taking the bottom cards, and 加倍 (R-DBL). ``Game`` (game.py)
adds the play.

Each handler checks the whole action before it changes anything.
"""

from __future__ import annotations

from ddz_bot.kernel import (
    Aborted,
    AlreadyAnswered,
    Deal,
    Event,
    Redealt,
    WrongPhase,
    need_phase,
    need_turn,
)

from .actions import (
    AlreadyShown,
    Bid,
    BidTooLow,
    Call,
    CannotGrab,
    Decline,
    Double,
    DoubleNotAllowed,
    Grab,
    NoDouble,
    NoGrab,
    NoShow,
    ShowCards,
)
from .events import (
    BidPlaced,
    Called,
    Dealt,
    Declined,
    Doubled,
    Grabbed,
    LandlordChosen,
    NotGrabbed,
    PhaseChanged,
    ShowedCards,
    WildcardDrawn,
)
from .hand import MAX_REDEALS, SHOW_FACTORS, HandState, sorted_hand
from .rules import Bidding
from .views import Phase, ShowKind

__all__ = ["Auction"]


class Auction(HandState):
    """The moves of a hand from the deal to the first play."""

    def _need_phase(self, *phases: Phase) -> None:
        need_phase(self.phase, *phases)

    def _need_turn(self, seat: int) -> None:
        need_turn(self.turn, seat)

    # -- dealing and showing

    def _on_deal(self, action: Deal) -> list[Event]:
        self._need_phase(Phase.SHOW_START, Phase.DEALING)
        return self._deal_next()

    def _deal_next(self) -> list[Event]:
        n, size = self.rules.players, self.rules.hand_size
        deck = self._decks[self.redeals]
        if self.deal_step == 0:
            first = (size + 1) // 2
            self.hands = [sorted_hand(deck[i * size : i * size + first]) for i in range(n)]
            self.bottom = []
            self.deal_step = 1
            self.phase = Phase.DEALING
            return [Dealt(1, first), PhaseChanged(Phase.DEALING, None)]
        if self.deal_step == 1:
            self.hands = [sorted_hand(deck[i * size : (i + 1) * size]) for i in range(n)]
            self.bottom = sorted_hand(deck[n * size :])
            self.deal_step = 2
            return [Dealt(2, size)]
        return self._begin_bidding()

    def _on_show(self, action: ShowCards) -> list[Event]:
        seat = action.seat
        if any(s == seat for s, _ in self.shows):
            raise AlreadyShown("your cards are already shown")
        if self.phase is Phase.SHOW_START:
            kind = ShowKind.START
        elif self.phase is Phase.DEALING:
            kind = ShowKind.DEAL_FIRST if self.deal_step <= 1 else ShowKind.DEAL_SECOND
        elif self.phase is Phase.LANDLORD_SHOW:
            self._need_turn(seat)
            kind = ShowKind.LANDLORD
        else:
            raise WrongPhase(
                "cards can be shown only before or during the deal, "
                "or by the landlord after taking the bottom cards"
            )
        self.shows.append((seat, kind))
        events: list[Event] = [ShowedCards(seat, kind, SHOW_FACTORS[kind], tuple(self.hands[seat]))]
        if kind is ShowKind.LANDLORD:
            events += self._begin_doubling()
        return events

    def _on_no_show(self, action: NoShow) -> list[Event]:
        self._need_phase(Phase.LANDLORD_SHOW)
        self._need_turn(action.seat)
        return self._begin_doubling()

    # -- bidding

    def _begin_bidding(self) -> list[Event]:
        self.phase = Phase.BIDDING
        self.turn = self.shows[0][0] if self.shows else self._first_bidders[self.redeals]
        return [PhaseChanged(Phase.BIDDING, self.turn)]

    def _need_bidding(self, mode: Bidding) -> None:
        self._need_phase(Phase.BIDDING)
        if self.rules.bidding is not mode:
            raise WrongPhase(
                "this table bids points (1, 2, 3 or pass)"
                if mode is Bidding.GRAB
                else "this table calls and grabs the landlord"
            )

    def _on_call(self, action: Call) -> list[Event]:
        seat = action.seat
        self._need_bidding(Bidding.GRAB)
        if self.caller is not None:
            raise WrongPhase("the landlord was already called: grab or not")
        self._need_turn(seat)
        self.caller = seat
        self.words[seat] = "call"
        order = [(seat + i) % self.rules.players for i in range(1, self.rules.players)]
        self.grab_queue = [s for s in order if not self.declined[s]]
        return [Called(seat), *self._advance_grab()]

    def _on_decline(self, action: Decline) -> list[Event]:
        seat = action.seat
        self._need_phase(Phase.BIDDING)
        if self.rules.bidding is Bidding.GRAB and self.caller is not None:
            raise WrongPhase("the landlord was already called: grab or not")
        self._need_turn(seat)
        self.asked += 1
        if self.rules.bidding is Bidding.GRAB:
            self.declined[seat] = True
            self.words[seat] = "decline"
        else:
            self.words[seat] = "pass"
        events: list[Event] = [Declined(seat)]
        if self.asked == self.rules.players:
            if self.high_bidder is not None:
                return events + self._choose_landlord(self.high_bidder)
            return events + self._all_passed()
        self.turn = self._next(seat)
        return events

    def _on_grab(self, action: Grab | NoGrab) -> list[Event]:
        seat = action.seat
        self._need_bidding(Bidding.GRAB)
        if self.caller is None:
            raise WrongPhase("nobody has called the landlord yet")
        if self.declined[seat]:
            raise CannotGrab("you declined to call, so you can't grab")
        self._need_turn(seat)
        self.grab_queue.pop(0)
        event: Event
        if isinstance(action, Grab):
            self.grabbers.append(seat)
            self.words[seat] = "grab"
            event = Grabbed(seat)
        else:
            self.words[seat] = "no_grab"
            event = NotGrabbed(seat)
        return [event, *self._advance_grab()]

    def _advance_grab(self) -> list[Event]:
        assert self.caller is not None
        if not self.grab_queue and self.grabbers and not self.caller_asked:
            self.caller_asked = True
            self.grab_queue = [self.caller]
        if self.grab_queue:
            self.turn = self.grab_queue[0]
            return []
        return self._choose_landlord(self.grabbers[-1] if self.grabbers else self.caller)

    def _on_bid(self, action: Bid) -> list[Event]:
        seat, points = action.seat, action.points
        self._need_bidding(Bidding.POINTS)
        self._need_turn(seat)
        if points not in (1, 2, 3) or points <= self.high_bid:
            raise BidTooLow(
                f"bid {self.high_bid + 1} to 3, or pass" if self.high_bid < 3 else "pass"
            )
        self.asked += 1
        self.high_bid, self.high_bidder = points, seat
        self.words[seat] = str(points)
        events: list[Event] = [BidPlaced(seat, points)]
        if points == 3 or self.asked == self.rules.players:
            return events + self._choose_landlord(seat)
        self.turn = self._next(seat)
        return events

    def _all_passed(self) -> list[Event]:
        """R-BID-ALLPASS: the first who showed is landlord; else redeal, or close."""
        if self.shows:
            return self._choose_landlord(self.shows[0][0])
        if self.redeals >= MAX_REDEALS:
            self.phase = Phase.ABORTED
            self.turn = None
            return [Aborted("no_call"), PhaseChanged(Phase.ABORTED, None)]
        self.redeals += 1
        self._reset_deal()
        self.deal_step = 0
        events: list[Event] = [Redealt(self.redeals)]
        return events + self._deal_next()

    def _choose_landlord(self, seat: int) -> list[Event]:
        self.landlord = seat
        if self.rules.bidding is Bidding.POINTS:
            self.base = max(1, self.high_bid) if self.high_bidder == seat else 1
        self.hands[seat] = sorted_hand([*self.hands[seat], *self.bottom])
        events: list[Event] = [LandlordChosen(seat, tuple(self.bottom), self.base)]
        if self.rules.wildcard and self._wild_draw is not None:
            self.rules = self.rules.with_wild_rank(self._wild_draw)
            events.append(WildcardDrawn(self._wild_draw))
        if any(s == seat for s, _ in self.shows):
            return events + self._begin_doubling()
        self.phase = Phase.LANDLORD_SHOW
        self.turn = seat
        return [*events, PhaseChanged(Phase.LANDLORD_SHOW, seat)]

    # -- doubling

    def _begin_doubling(self) -> list[Event]:
        self.doubled = [None if self.can_double(s) else False for s in range(self.players)]
        if all(d is not None for d in self.doubled):
            return self._begin_play()
        self.phase = Phase.DOUBLING
        self.turn = None
        return [PhaseChanged(Phase.DOUBLING, None)]

    def _on_double(self, action: Double | NoDouble) -> list[Event]:
        seat = action.seat
        self._need_phase(Phase.DOUBLING)
        yes = isinstance(action, Double)
        if yes and not self.can_double(seat):
            raise DoubleNotAllowed(
                f"doubling needs more than {self.room.double_threshold} beans "
                + (
                    "for everyone at the table"
                    if seat == self.landlord
                    else "for you and for the landlord"
                )
            )
        if self.doubled[seat] is not None:
            raise AlreadyAnswered("you already answered")
        self.doubled[seat] = yes
        events: list[Event] = [Doubled(seat, yes)]
        if all(d is not None for d in self.doubled):
            events += self._begin_play()
        return events

    # -- the play begins

    def _begin_play(self) -> list[Event]:
        self.phase = Phase.PLAYING
        self.turn = self.landlord
        return [PhaseChanged(Phase.PLAYING, self.turn)]
