"""What a 保皇 hand is, and everything read from it: roles as each seat knows them, the
views, the outcome and the plain-data form. ``BaoHuangGame`` (game.py) adds the moves.

A hand's state is a pure function of its start (rules, room, balances, the shuffled decks
drawn at creation, the dealer) and its actions, so ``to_dict`` stores exactly those and
``from_dict`` replays them: nothing derived is ever stored, so nothing can disagree.
"""

from __future__ import annotations

from typing import Any, Final

from ddz_bot.kernel import (
    Action,
    BadSeat,
    Card,
    Cards,
    Rank,
    Room,
    Termination,
    from_hex,
    room_from_dict,
    room_to_dict,
    to_hex,
)

from .cards import GUARD_CARD, RANK_OF, Face, bh_deck
from .melds import Meld
from .rules import BaoHuangRules, GuardMethod
from .scoring import ESCAPE_PENALTY, PLAYERS, place_scores, score_factors
from .views import (
    BaoHuangOutcome,
    Declaration,
    FactorReason,
    Phase,
    Place,
    PublicView,
    Role,
    ScoreFactor,
    SeatInfo,
    SeatView,
    Solo,
    ThroneOffer,
)

__all__ = ["AFK_LIMIT", "AUTO_LOCK", "MAX_OFFERS", "MAX_REDEALS", "BaoHuangState"]

#: R-BH-THRONE: the emperor card goes round at most twice.
MAX_OFFERS: Final = 2 * PLAYERS
#: Redeals after which the table closes (as R-BID-ALLPASS).
MAX_REDEALS: Final = 3
#: R-BH-AFK: time-outs in a row that put a seat on auto-play.
AFK_LIMIT: Final = 2
#: R-BH-AFK: after going on auto-play this many times in a hand a seat can't be taken back.
AUTO_LOCK: Final = 4
FORMAT: Final = 1
_GAME: Final = "baohuang"
_DECK_IDS: Final = sorted(bh_deck())


def sort_key(card: Card) -> tuple[int, int]:
    return (RANK_OF[card], int(card))


class BaoHuangState:
    """The state of one 保皇 hand (see the module docstring)."""

    def _setup(
        self,
        rules: BaoHuangRules,
        room: Room,
        balances: list[int],
        decks: list[list[Card]],
        dealer: int,
        humans: tuple[bool, ...],
    ) -> None:
        self.rules = rules
        self.room = room
        self.balances = tuple(balances)
        self._decks = decks
        self.dealer = dealer
        self.humans = humans
        self.phase = Phase.DEALING
        self.redeals = 0
        self.timeouts = [0] * PLAYERS
        self.auto = [False] * PLAYERS
        self.auto_count = [0] * PLAYERS
        self.actions: list[Action] = []
        self.escaped: int | None = None
        self.abort_reason = ""
        self._reset_deal()

    def _reset_deal(self) -> None:
        n = PLAYERS
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self._ranks: dict[int, tuple[list[Card], int, Cards]] = {}
        self.turn: int | None = None
        self.offer_number = 0
        self.attached: list[Card] = []
        self.yielded: list[int] = []
        self.emperor: int | None = None
        self.guard: int | None = None  # the true guard (secret until revealed)
        self.solo: Solo | None = None  # the true solo (a hidden one is secret)
        self.guard_revealed = False
        self.solo_revealed = False
        self.called: Face | None = None
        self.declarations: list[Declaration | None] = [None] * n
        self.grabbers: list[int] = []
        self.open_guard = False
        self.revolts: list[int] = []
        self.to_beat: Meld | None = None
        self.to_beat_seat: int | None = None
        self.trick: list[tuple[Meld, list[Card]] | None] = [None] * n
        self.passed = [False] * n
        self.passes = 0  # passes in a row since the last play
        self.places: list[int] = []
        self.played: list[Card] = []
        self.emperor_called_played = 0  # copies of the called face the emperor played

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def over(self) -> bool:
        return self.phase in (Phase.FINISHED, Phase.ABORTED)

    def hand(self, seat: int) -> Cards:
        """The seat's hand as ranks (kept until the hand's list is replaced or resized: every
        change of a hand does one or the other)."""
        cards = self.hands[seat]
        cached = self._ranks.get(seat)
        if cached is not None and cached[0] is cards and cached[1] == len(cards):
            return cached[2]
        ranks = Cards.presorted([RANK_OF[c] for c in cards])
        self._ranks[seat] = (cards, len(cards), ranks)
        return ranks

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < PLAYERS:
            raise BadSeat(f"there is no seat {seat}")

    def _active(self, seat: int) -> bool:
        """Still in the hand: a seat is out exactly when its hand is empty."""
        return bool(self.hands[seat])

    def _next_active(self, seat: int) -> int:
        for step in range(1, PLAYERS + 1):
            other = (seat + step) % PLAYERS
            if self._active(other):
                return other
        return seat

    def callable_faces(self, seat: int) -> tuple[Face, ...]:
        """R-BH-CALL: faces (not a 2) of which the seat holds three or four copies."""
        copies: dict[int, int] = {}
        for card in self.hands[seat]:
            rank = RANK_OF[card]
            if rank < Rank.TWO:
                copies[int(card) % 54] = copies.get(int(card) % 54, 0) + 1
        faces = [Face.of(Card(index)) for index, count in copies.items() if count >= 3]
        return tuple(sorted(faces))

    def _is_guard_token(self, card: Card) -> bool:
        """The card whose play reveals the guard: the sword, or a copy of the called face."""
        if self.rules.method is GuardMethod.FIXED:
            return card == GUARD_CARD
        return self.called is not None and card.suit is not None and Face.of(card) == self.called

    def public_role(self, seat: int) -> Role | None:
        """The seat's role as the table knows it."""
        if self.emperor is None:
            return None
        if seat == self.emperor:
            return Role.EMPEROR
        if self.guard is not None and self.guard_revealed:
            return Role.GUARD if seat == self.guard else Role.REBEL
        if self.solo is Solo.OPEN or (self.solo is Solo.HIDDEN and self.solo_revealed):
            return Role.REBEL
        return None

    def role_of(self, seat: int) -> Role | None:
        """The seat's true role (what the seat itself knows); ``None`` before the throne."""
        if self.emperor is None:
            return None
        if seat == self.emperor:
            return Role.EMPEROR
        return Role.GUARD if seat == self.guard else Role.REBEL

    def public_solo(self) -> Solo | None:
        if self.solo is Solo.OPEN or self.solo_revealed:
            return self.solo
        return None

    def factors(self) -> tuple[ScoreFactor, ...]:
        """The score's factors so far (R-BH-DOUBLE); a revolt's only if the rebels win."""
        items: list[ScoreFactor] = []
        if self.open_guard and self.guard is not None:
            items.append(ScoreFactor(FactorReason.OPEN_GUARD, 2, self.guard))
        if self.revolts:
            items.append(ScoreFactor(FactorReason.REVOLT, 2, None, conditional=True))
        return tuple(items)

    # ------------------------------------------------------------------ outcome

    def outcome(self) -> BaoHuangOutcome | None:
        """How the hand ended; ``None`` while it goes on."""
        if not self.over:
            return None
        zeros = (0,) * PLAYERS
        if self.escaped is not None:
            scores = [ESCAPE_PENALTY // (PLAYERS - 1)] * PLAYERS
            scores[self.escaped] = -ESCAPE_PENALTY
            return BaoHuangOutcome(
                Termination.ESCAPED,
                tuple(self.places),
                self.emperor,
                self.guard,
                self.solo,
                tuple(scores),
                zeros,
                revolts=tuple(self.revolts),
                open_guard=self.open_guard,
                escaped=self.escaped,
            )
        if self.phase is Phase.ABORTED or self.emperor is None:
            return BaoHuangOutcome(
                Termination.ABORTED,
                tuple(self.places),
                self.emperor,
                self.guard,
                self.solo,
                zeros,
                zeros,
                revolts=tuple(self.revolts),
                open_guard=self.open_guard,
                reason=self.abort_reason,
            )
        base = place_scores(self.places, self.emperor, self.guard, self.solo)
        factors = score_factors(base, self.emperor, self.guard, self.open_guard, self.revolts)
        multiplier = 1
        for factor in factors:
            multiplier *= factor.factor
        return BaoHuangOutcome(
            Termination.WON,
            tuple(self.places),
            self.emperor,
            self.guard,
            self.solo,
            tuple(x * multiplier for x in base),
            base,
            factors,
            multiplier,
            tuple(self.revolts),
            self.open_guard,
        )

    # ------------------------------------------------------------------ views

    def _seat_info(self, seat: int) -> SeatInfo:
        trick = self.trick[seat]
        place = Place(self.places.index(seat) + 1) if seat in self.places else None
        return SeatInfo(
            seat=seat,
            card_count=len(self.hands[seat]),
            role=self.role_of(seat) if self.over else self.public_role(seat),
            declaration=self.declarations[seat],
            hoe=seat in self.revolts,
            play=None if trick is None else trick[0],
            play_cards=() if trick is None else tuple(trick[1]),
            passed=self.passed[seat],
            place=place,
            auto_play=self.auto[seat],
            auto_locked=self.auto_count[seat] >= AUTO_LOCK,
            escaped=self.escaped == seat,
            shown_hand=tuple(self.hands[seat]) if self.over else None,
        )

    def _offer(self) -> ThroneOffer | None:
        if self.phase is not Phase.THRONE or self.turn is None:
            return None
        return ThroneOffer(
            self.turn,
            self.offer_number,
            tuple(self.attached),
            tuple(self.yielded),
            self.rules.method is GuardMethod.CALLED and self.offer_number > PLAYERS,
        )

    def public_view(self) -> PublicView:
        """What everyone may see: no hidden card, no hidden role."""
        over = self.over
        return PublicView(
            rules=self.rules,
            room=self.room,
            phase=self.phase,
            seats=tuple(self._seat_info(s) for s in range(PLAYERS)),
            turn=self.turn,
            dealer=self.dealer,
            emperor=self.emperor,
            guard=self.guard if (self.guard_revealed or over) else None,
            solo=self.solo if over else self.public_solo(),
            offer=self._offer(),
            called=self.called,
            to_beat=self.to_beat,
            to_beat_seat=self.to_beat_seat if self.to_beat is not None else None,
            played=Cards(RANK_OF[c] for c in self.played),
            places=tuple(self.places),
            factors=self.outcome_factors() if over else self.factors(),
            redeals=self.redeals,
            outcome=self.outcome(),
        )

    def outcome_factors(self) -> tuple[ScoreFactor, ...]:
        outcome = self.outcome()
        return () if outcome is None else outcome.factors

    def view_for(self, seat: int, public: PublicView | None = None) -> SeatView:
        """What one seat may see: the public view, its hand and its own role. ``public``:
        this hand's ``public_view()`` made already (a page per seat shares one)."""
        self._check_seat(seat)
        fixed = self.rules.method is GuardMethod.FIXED
        return SeatView(
            public=self.public_view() if public is None else public,
            seat=seat,
            hand=tuple(self.hands[seat]),
            role=self.role_of(seat),
            solo=self.solo if seat == self.emperor else None,
            holds_guard_card=fixed and GUARD_CARD in self.hands[seat],
            callable_faces=()
            if fixed or self.phase is not Phase.THRONE
            else self.callable_faces(seat),
        )

    # ------------------------------------------------------------------ plain data

    def start_dict(self) -> dict[str, Any]:
        """The hand's start: with the actions, all a replay needs."""
        return {
            "game": _GAME,
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "room": room_to_dict(self.room),
            "balances": list(self.balances),
            "humans": list(self.humans),
            "dealer": self.dealer,
            "decks": [to_hex(deck) for deck in self._decks],
        }

    def to_dict(self) -> dict[str, Any]:
        return {**self.start_dict(), "actions": [a.to_dict() for a in self.actions]}

    @staticmethod
    def _start_fields(
        data: dict[str, Any],
    ) -> tuple[BaoHuangRules, Room, list[int], list[list[Card]], int, tuple[bool, ...]]:
        if data.get("game") != _GAME or data.get("format") != FORMAT:
            raise ValueError(f"not a 保皇 hand of format {FORMAT}: {data.get('game')!r}")
        decks = [from_hex(text) for text in data["decks"]]
        if not decks or any(sorted(deck) != _DECK_IDS for deck in decks):
            raise ValueError("a 保皇 deal is the 168 cards of R-BH-DECK")
        return (
            BaoHuangRules.from_dict(data["rules"]),
            room_from_dict(data["room"]),
            [int(b) for b in data["balances"]],
            decks,
            int(data["dealer"]),
            tuple(bool(h) for h in data["humans"]),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BaoHuangState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<BaoHuangGame {self.phase.value} turn={self.turn} {self.rules}>"
