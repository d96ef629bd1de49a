"""The hand before its first play: the deal (R-BH-DEAL), the throne offer with its attached
cards (R-BH-THRONE) or the called guard (R-BH-CALL), solo (R-BH-SOLO) and the declaration round
(R-BH-DECLARE, R-BH-GRAB-SOLO, R-BH-REVOLT). ``BaoHuangGame`` (game.py) adds the play.

Each handler checks the whole action before it changes anything.
"""

from __future__ import annotations

from ddz_bot.kernel import Aborted, Card, Deal, Event, Rank, Redealt, need_phase, need_turn

from .actions import (
    CallGuard,
    CannotCall,
    CannotDeclare,
    Declare,
    MustTakeThrone,
    TakeThrone,
    WrongMethod,
    YieldThrone,
)
from .cards import EMPEROR_CARD, GUARD_CARD, RANK_OF, Face
from .events import (
    Declared,
    GuardCalled,
    GuardRevealed,
    HandDealt,
    HandFinished,
    PhaseChanged,
    SoloGrabbed,
    SoloRevealed,
    ThroneOffered,
    ThroneTaken,
    ThroneYielded,
)
from .rules import GuardMethod
from .scoring import PLAYERS
from .state import MAX_OFFERS, MAX_REDEALS, BaoHuangState, sort_key
from .views import Declaration, Phase, Solo

__all__ = ["Crowning"]


class Crowning(BaoHuangState):
    """The moves of a hand from the deal to the first play."""

    _tokens: frozenset[int]  # the cards whose play may reveal the guard (and the sceptre)

    def _need_phase(self, phase: Phase) -> None:
        need_phase(self.phase, phase)

    def _need_turn(self, seat: int) -> None:
        need_turn(self.turn, seat)

    # -- the deal (R-BH-DEAL)

    def _on_deal(self, action: Deal) -> list[Event]:
        self._need_phase(Phase.DEALING)
        return self._deal()

    def _deal(self) -> list[Event]:
        hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for i, card in enumerate(self._decks[self.redeals]):
            hands[(self.dealer + i) % PLAYERS].append(card)
        self.hands = [sorted(hand, key=sort_key) for hand in hands]
        holder = next(s for s in range(PLAYERS) if EMPEROR_CARD in self.hands[s])
        self.phase = Phase.THRONE
        self.turn = holder
        self.offer_number = 1
        self._tokens = frozenset((EMPEROR_CARD, GUARD_CARD))
        return [
            HandDealt(self.dealer, tuple(len(h) for h in self.hands), self.redeals),
            PhaseChanged(Phase.THRONE, holder),
            ThroneOffered(holder, 1, ()),
        ]

    def _redeal(self) -> list[Event]:
        if self.redeals >= MAX_REDEALS:
            self.phase = Phase.ABORTED
            self.turn = None
            self.abort_reason = "no_emperor"
            outcome = self.outcome()
            assert outcome is not None
            return [Aborted("no_emperor"), PhaseChanged(Phase.ABORTED, None), HandFinished(outcome)]
        self.redeals += 1
        self._reset_deal()
        return [Redealt(self.redeals), *self._deal()]

    # -- the throne (R-BH-THRONE, R-BH-CALL)

    def _must_take(self) -> bool:
        return self.rules.method is GuardMethod.CALLED and self.offer_number > PLAYERS

    def attachment_for(self, seat: int) -> Card | None:
        """The card ``seat`` must attach if it yields the throne now (贴牌, R-BH-THRONE): a 2,
        else its highest card but a joker; ``None`` for the first offer and the called method."""
        if self.rules.method is not GuardMethod.FIXED or self.offer_number <= 1:
            return None
        hand = self.hands[seat]
        twos = [c for c in hand if RANK_OF[c] == Rank.TWO]
        naturals = twos or [c for c in hand if RANK_OF[c] < Rank.SMALL_JOKER]
        return naturals[-1]

    def _on_take(self, action: TakeThrone) -> list[Event]:
        seat = action.seat
        self._need_phase(Phase.THRONE)
        if self.rules.method is not GuardMethod.FIXED:
            raise WrongMethod("this table calls the guard: name a card to take the throne")
        self._need_turn(seat)
        taken = (EMPEROR_CARD, *self.attached)
        self.hands[seat] = sorted([*self.hands[seat], *self.attached], key=sort_key)
        self.attached = []
        self.emperor = seat
        guard = next(s for s in range(PLAYERS) if GUARD_CARD in self.hands[s])
        if guard == seat:
            self.solo = Solo.HIDDEN  # R-BH-SOLO
        else:
            self.guard = guard
        return [ThroneTaken(seat, taken), *self._begin_declaring()]

    def _on_call(self, action: CallGuard) -> list[Event]:
        seat, face = action.seat, action.face
        self._need_phase(Phase.THRONE)
        if self.rules.method is not GuardMethod.CALLED:
            raise WrongMethod("this table has a guard card: take the throne or yield it")
        self._need_turn(seat)
        if face.rank >= Rank.TWO:
            raise CannotCall(f"{face}: a 2 can't be called")
        copies = frozenset(int(c) for c in face.copies())
        held = sum(1 for c in self.hands[seat] if c in copies)
        if held < 3:
            raise CannotCall(f"{face}: you hold {held} of its four copies, not three")
        self.emperor = seat
        self.called = face
        self._tokens = frozenset((EMPEROR_CARD, *copies))
        if held == 4:
            self.solo = Solo.HIDDEN
        else:
            self.guard = next(
                s for s in range(PLAYERS) if s != seat and any(c in copies for c in self.hands[s])
            )
        events: list[Event] = [ThroneTaken(seat, (EMPEROR_CARD,)), GuardCalled(seat, face)]
        return events + self._begin_declaring()

    def _on_yield(self, action: YieldThrone) -> list[Event]:
        seat = action.seat
        self._need_phase(Phase.THRONE)
        self._need_turn(seat)
        if self._must_take() and self.callable_faces(seat):
            raise MustTakeThrone("the card went round once: call a guard and take the throne")
        attach = self.attachment_for(seat)
        hand = self.hands[seat]
        hand.remove(EMPEROR_CARD)
        if attach is not None:
            hand.remove(attach)
            self.attached.append(attach)
        self.yielded.append(seat)
        events: list[Event] = [ThroneYielded(seat, attach)]
        if self.offer_number >= MAX_OFFERS:
            return events + self._redeal()
        upper = (seat - 1) % PLAYERS
        self.hands[upper] = sorted([*self.hands[upper], EMPEROR_CARD], key=sort_key)
        self.offer_number += 1
        self.turn = upper
        return [
            *events,
            ThroneOffered(upper, self.offer_number, tuple(self.attached), self._must_take()),
        ]

    # -- declarations (R-BH-DECLARE, R-BH-GRAB-SOLO, R-BH-REVOLT)

    def _begin_declaring(self) -> list[Event]:
        self.phase = Phase.DECLARING
        self.turn = self.emperor
        return [PhaseChanged(Phase.DECLARING, self.emperor)]

    def declarations_for(self, seat: int) -> list[Declaration]:
        """What the seat may declare when asked (its own role decides: show it privately)."""
        out = [Declaration.NOTHING]
        if seat == self.emperor:
            out.append(Declaration.OPEN_SOLO)
            return out
        out.append(Declaration.OPEN_GUARD if seat == self.guard else Declaration.REVOLT)
        if self.rules.grab_solo and self.solo is not Solo.OPEN:
            out.append(Declaration.GRAB_SOLO)
        return out

    def _on_declare(self, action: Declare) -> list[Event]:
        seat, word = action.seat, action.declaration
        self._need_phase(Phase.DECLARING)
        self._need_turn(seat)
        if word not in self.declarations_for(seat):
            raise CannotDeclare(f"you can't declare {word.value} now")
        self.declarations[seat] = word
        events: list[Event] = [Declared(seat, word)]
        if word is Declaration.OPEN_SOLO:
            self.solo, self.guard, self.guard_revealed = Solo.OPEN, None, False
        elif word is Declaration.OPEN_GUARD:
            self.open_guard = True
            if not self.guard_revealed:
                self.guard_revealed = True
                events.append(GuardRevealed(seat, "open_guard"))
        elif word is Declaration.REVOLT:
            self.revolts.append(seat)
            if len(self.revolts) >= 2:
                events += self._reveal("revolt")
        elif word is Declaration.GRAB_SOLO:
            self.grabbers.append(seat)
        following = (seat + 1) % PLAYERS
        if following != self.emperor:
            self.turn = following
            return events
        return events + self._begin_play()

    def _reveal(self, reason: str) -> list[Event]:
        """The table learns the sides: the guard, or that the emperor plays a hidden solo."""
        if self.guard is not None and not self.guard_revealed:
            self.guard_revealed = True
            return [GuardRevealed(self.guard, reason)]
        if self.solo is Solo.HIDDEN and not self.solo_revealed:
            self.solo_revealed = True
            assert self.emperor is not None
            return [SoloRevealed(self.emperor, Solo.HIDDEN, reason)]
        return []

    def _begin_play(self) -> list[Event]:
        events: list[Event] = []
        emperor = self.emperor
        assert emperor is not None
        if self.grabbers and self.solo is not Solo.OPEN:
            grabber = min(self.grabbers, key=lambda s: (emperor - s) % PLAYERS)
            events.append(SoloGrabbed(grabber, emperor))
            self.emperor = grabber
            self.solo, self.guard, self.guard_revealed, self.open_guard = (
                Solo.OPEN,
                None,
                False,
                False,
            )
        self.phase = Phase.PLAYING
        self.turn = self.emperor
        return [*events, PhaseChanged(Phase.PLAYING, self.turn)]

    def _copies_held(self, seat: int, face: Face) -> int:
        copies = frozenset(int(c) for c in face.copies())
        return sum(1 for c in self.hands[seat] if c in copies)
