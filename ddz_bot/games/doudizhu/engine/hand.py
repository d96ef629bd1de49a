"""The state of one hand and everything that can be read from it: the multiplier,
the outcome, the views each seat and the group may see, and the plain-data form.

``Auction`` (auction.py) adds the moves before the first play and ``Game`` (game.py) the
play; this module holds what a hand *is*, so that reading a hand never needs the rules of
how it moves.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final, Self

from ddz_bot.kernel import (
    BadSeat,
    Card,
    Cards,
    Room,
    Termination,
    from_hex,
    room_from_dict,
    room_to_dict,
    to_hex,
)

from .combos import Combo
from .rules import RuleSet
from .views import (
    HandOutcome,
    MultiplierItem,
    MultiplierReason,
    Phase,
    PublicView,
    Role,
    SeatInfo,
    SeatView,
    ShowKind,
)

__all__ = [
    "AFK_LIMIT",
    "MAX_REDEALS",
    "SHOW_FACTORS",
    "HandState",
]

#: 明牌 kinds and their multipliers (R-SHOW).
SHOW_FACTORS: Final = {
    ShowKind.START: 5,
    ShowKind.DEAL_FIRST: 4,
    ShowKind.DEAL_SECOND: 3,
    ShowKind.LANDLORD: 2,
}
#: Redeals after which a hand with no call closes (R-BID-ALLPASS).
MAX_REDEALS: Final = 3
#: R-AFK: time-outs in a row that put a seat on auto-play (托管)
AFK_LIMIT: Final = 2
FORMAT: Final = 1
#: The rank of each card id (a lookup is much cheaper than ``Card.rank``).
RANK_OF: Final = tuple(int(Card(i).rank) for i in range(2 * 54))


def sorted_hand(cards: Iterable[int]) -> list[Card]:
    return sorted((Card(c) for c in cards), key=lambda c: (RANK_OF[c], int(c)))


def _product(factors: Iterable[int]) -> int:
    product = 1
    for factor in factors:
        product *= factor
    return product


class HandState:
    """What a hand is: its deal, its bidding, its tricks, its score so far."""

    # ------------------------------------------------------------------ state

    def _setup(
        self,
        rules: RuleSet,
        room: Room,
        balances: list[int],
        decks: list[list[Card]],
        first: list[int],
        wild: int | None,
    ) -> None:
        n = rules.players
        self.rules = rules
        self.room = room
        self.balances = tuple(balances)
        self._decks = decks
        self._first_bidders = first
        self._wild_draw = wild
        self.phase = Phase.SHOW_START
        self.redeals = 0
        self.deal_step = 0
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.bottom: list[Card] = []
        self.shows: list[tuple[int, ShowKind]] = []
        self.timeouts = [0] * n
        self.auto = [False] * n
        self.log: list[dict[str, Any]] = []
        self._reset_deal()

    def _reset_deal(self) -> None:
        n = self.rules.players
        self.turn: int | None = None
        self.words: list[str | None] = [None] * n
        self.declined = [False] * n
        self.asked = 0
        self.caller: int | None = None
        self.grab_queue: list[int] = []
        self.grabbers: list[int] = []
        self.caller_asked = False
        self.high_bid = 0
        self.high_bidder: int | None = None
        self.landlord: int | None = None
        self.base = 1
        self.doubled: list[bool | None] = [None] * n
        self.to_beat: Combo | None = None
        self.to_beat_seat: int | None = None
        self.trick: list[tuple[Combo, list[Card]] | None] = [None] * n
        self.passed = [False] * n
        self.passes = 0
        self.plays_count = [0] * n
        self.played: list[Card] = []  # physical cards, in the order played
        self.bombs: list[tuple[int, MultiplierReason, int]] = []
        self.escaped: int | None = None
        self.winner: int | None = None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def over(self) -> bool:
        return self.phase in (Phase.FINISHED, Phase.ABORTED)

    def hand(self, seat: int) -> Cards:
        return Cards.presorted([RANK_OF[c] for c in self.hands[seat]])

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.rules.players

    # ------------------------------------------------------------------ score

    def can_double(self, seat: int) -> bool:
        """R-DBL-COND: the landlord needs everyone above the threshold; a farmer needs
        themself and the landlord above it."""
        limit = self.room.double_threshold
        if self.landlord is None:
            return False
        if seat == self.landlord:
            return all(b > limit for b in self.balances)
        return self.balances[seat] > limit and self.balances[self.landlord] > limit

    def _show_item(self) -> MultiplierItem | None:
        best: tuple[int, ShowKind] | None = None
        for seat, kind in self.shows:
            if best is None or SHOW_FACTORS[kind] > SHOW_FACTORS[best[1]]:
                best = (seat, kind)
        if best is None:
            return None
        return MultiplierItem(MultiplierReason.SHOW, SHOW_FACTORS[best[1]], best[0], best[1])

    def spring(self) -> tuple[bool, bool]:
        """(spring, anti-spring) of a finished hand (R-SPRING)."""
        if self.winner is None or self.landlord is None:
            return (False, False)
        farmers = [s for s in range(self.players) if s != self.landlord]
        if self.winner == self.landlord:
            return (all(self.plays_count[f] == 0 for f in farmers), False)
        return (False, self.plays_count[self.landlord] == 1)

    def multiplier_items(self) -> list[MultiplierItem]:
        """Why the hand is worth what it is (R-MULT), one item per factor."""
        items = [MultiplierItem(MultiplierReason.INITIAL, self.room.initial_multiplier)]
        items += [MultiplierItem(MultiplierReason.GRAB, 2, s) for s in self.grabbers]
        show = self._show_item()
        if show is not None:
            items.append(show)
        items += [MultiplierItem(kind, factor, s) for s, kind, factor in self.bombs]
        spring, anti = self.spring()
        if spring:
            items.append(MultiplierItem(MultiplierReason.SPRING, 2))
        if anti:
            items.append(MultiplierItem(MultiplierReason.ANTI_SPRING, 2))
        return items

    def multiplier(self) -> int:
        return _product(item.factor for item in self.multiplier_items())

    def escape_multiplier(self) -> int:
        """R-ESCAPE's M: game actions only (no initial multiplier), every bomb and rocket
        counted whether played or still in a hand."""
        m = 1
        for item in self.multiplier_items()[1:]:
            m *= item.factor
        hard = 4 if self.rules.wildcard else 2
        rocket = self.rules.rocket_size // 2
        for cards in self.hands:
            counts = self.hand_counts(cards)
            m *= hard ** sum(1 for r in range(13) if counts[r] >= 4)
            if counts[13] >= rocket and counts[14] >= rocket:
                m *= hard
        return m

    @staticmethod
    def hand_counts(cards: Iterable[int]) -> list[int]:
        counts = [0] * 15
        for card in cards:
            counts[RANK_OF[card]] += 1
        return counts

    def stakes(self) -> dict[int, int]:
        """R-DBL-EFFECT: the stake of each (landlord, farmer) pair, by farmer seat."""
        if self.landlord is None:
            return {}
        m = self.base * self.multiplier() * (2 if self.doubled[self.landlord] else 1)
        return {
            f: m * (2 if self.doubled[f] else 1) for f in range(self.players) if f != self.landlord
        }

    def outcome(self) -> HandOutcome | None:
        """How the hand ended; ``None`` while it is going on.

        After an escape, ``multiplier`` is R-ESCAPE's M (game actions only, every bomb
        dealt counted) and ``stakes`` is empty: ``scoring.settle`` charges the penalty.
        """
        wildcard = self.rules.wildcard
        if self.phase is Phase.ABORTED:
            return HandOutcome(None, (), None, termination=Termination.ABORTED, wildcard=wildcard)
        if self.phase is not Phase.FINISHED:
            return None
        if self.escaped is not None:
            others = tuple(s for s in range(self.players) if s != self.escaped)
            return HandOutcome(
                None,
                others,
                self.landlord,
                multiplier=self.escape_multiplier(),
                base=self.base,
                escaped=self.escaped,
                termination=Termination.ESCAPED,
                wildcard=wildcard,
            )
        assert self.winner is not None and self.landlord is not None
        winners: tuple[int, ...]
        if self.winner == self.landlord:
            role, winners = Role.LANDLORD, (self.landlord,)
        else:
            role = Role.FARMER
            winners = tuple(s for s in range(self.players) if s != self.landlord)
        spring, anti = self.spring()
        return HandOutcome(
            role,
            winners,
            self.landlord,
            spring=spring,
            anti_spring=anti,
            multiplier=self.multiplier(),
            base=self.base,
            stakes=self.stakes(),
            wildcard=wildcard,
        )

    # ------------------------------------------------------------------ views

    def _played_by_seat(self) -> list[tuple[Card, ...]]:
        """The cards each seat played this hand, in the order played: a card is the
        seat's it was dealt to, a bottom card the landlord's."""
        n = self.players
        if not self.played or self.landlord is None:
            return [()] * n
        size = self.rules.hand_size
        owner = {card: i // size for i, card in enumerate(self._decks[self.redeals])}
        by_seat: list[list[Card]] = [[] for _ in range(n)]
        for card in self.played:
            seat = owner[card]
            by_seat[seat if seat < n else self.landlord].append(card)
        return [tuple(cards) for cards in by_seat]

    def _seat_info(self, seat: int, reveal_all: bool, played: tuple[Card, ...] = ()) -> SeatInfo:
        role = None
        if self.landlord is not None:
            role = Role.LANDLORD if seat == self.landlord else Role.FARMER
        shown = reveal_all or any(s == seat for s, _ in self.shows)
        trick = self.trick[seat] if self.phase in (Phase.PLAYING, Phase.FINISHED) else None
        return SeatInfo(
            seat=seat,
            card_count=len(self.hands[seat]),
            role=role,
            shown_hand=tuple(self.hands[seat]) if shown else None,
            auto_play=self.auto[seat],
            doubled=self.doubled[seat],
            bid=self.words[seat],
            last_play=trick[0] if trick else None,
            last_play_cards=tuple(trick[1]) if trick else (),
            passed=self.passed[seat],
            escaped=self.escaped == seat,
            played_cards=played,
        )

    def public_view(self) -> PublicView:
        """What the group may see: no card of a hidden hand."""
        reveal = self.over
        revealed = self.landlord is not None
        played = self._played_by_seat()
        items = tuple(self.multiplier_items())  # and the multiplier is their product
        return PublicView(
            rules=self.rules,
            room=self.room,
            phase=self.phase,
            seats=tuple(self._seat_info(s, reveal, played[s]) for s in range(self.players)),
            turn=self.turn,
            landlord=self.landlord,
            bottom=tuple(self.bottom) if revealed or (reveal and self.bottom) else None,
            bottom_count=self.rules.bottom_size,
            wild_rank=self.rules.wild_rank,
            base=self.base,
            multiplier=_product(item.factor for item in items),
            multiplier_items=items,
            to_beat=self.to_beat,
            to_beat_seat=self.to_beat_seat if self.to_beat is not None else None,
            played=Cards.presorted(sorted(RANK_OF[c] for c in self.played)),
            redeals=self.redeals,
            outcome=self.outcome(),
            deal_step=self.deal_step,
        )

    def view_for(self, seat: int, public: PublicView | None = None) -> SeatView:
        """What ``seat`` may see: the public view and its own hand. ``public``: this
        hand's ``public_view()`` made already (a page per seat shares one)."""
        if not 0 <= seat < self.players:
            raise BadSeat(f"there is no seat {seat}")
        if public is None:
            public = self.public_view()
        return SeatView(public=public, seat=seat, hand=tuple(self.hands[seat]))

    # ------------------------------------------------------------------ persistence

    def _start_fields(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "rules": self.rules.with_wild_rank(None).to_dict(),
            "room": room_to_dict(self.room),
            "balances": list(self.balances),
            "decks": [to_hex(d) for d in self._decks],
            "first": list(self._first_bidders),
            "wild": self._wild_draw,
        }

    def start_dict(self) -> dict[str, Any]:
        """The hand as it was created (before any action): the input of ``replay``."""
        return {**self._start_fields(), "log": []}

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible data; ``Game.from_dict`` continues the hand exactly."""

        def combo(c: Combo | None) -> dict[str, object] | None:
            return None if c is None else c.to_dict()

        return {
            **self._start_fields(),
            "state": {
                "phase": self.phase.value,
                "wild_rank": self.rules.wild_rank,
                "redeals": self.redeals,
                "deal_step": self.deal_step,
                "hands": [to_hex(h) for h in self.hands],
                "bottom": to_hex(self.bottom),
                "shows": [[s, k] for s, k in self.shows],
                "timeouts": list(self.timeouts),
                "auto": list(self.auto),
                "turn": self.turn,
                "words": list(self.words),
                "declined": list(self.declined),
                "asked": self.asked,
                "caller": self.caller,
                "grab_queue": list(self.grab_queue),
                "grabbers": list(self.grabbers),
                "caller_asked": self.caller_asked,
                "high_bid": self.high_bid,
                "high_bidder": self.high_bidder,
                "landlord": self.landlord,
                "base": self.base,
                "doubled": list(self.doubled),
                "to_beat": combo(self.to_beat),
                "to_beat_seat": self.to_beat_seat,
                "trick": [None if t is None else [combo(t[0]), to_hex(t[1])] for t in self.trick],
                "passed": list(self.passed),
                "passes": self.passes,
                "plays_count": list(self.plays_count),
                "played": to_hex(self.played),
                "bombs": [list(b) for b in self.bombs],
                "escaped": self.escaped,
                "winner": self.winner,
            },
            "log": list(self.log),
        }

    @classmethod
    def _from_start(cls, data: dict[str, Any]) -> Self:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"unknown game format {data.get('format')!r}")
        game = cls.__new__(cls)
        game._setup(
            RuleSet.from_dict(data["rules"]),
            room_from_dict(data["room"]),
            [int(b) for b in data["balances"]],
            [from_hex(d) for d in data["decks"]],
            [int(f) for f in data["first"]],
            data["wild"],
        )
        return game

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Read back ``to_dict()`` (or ``start_dict()``); ``ValueError`` if it isn't one."""
        try:
            return cls._load(data)
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"not a stored hand: {exc!r}") from exc

    @classmethod
    def _load(cls, data: dict[str, Any]) -> Self:
        game = cls._from_start(data)
        state = data.get("state")
        game.log = [dict(a) for a in data.get("log", [])]
        if state is None:
            return game
        s = state
        game.phase = Phase(s["phase"])
        game.rules = game.rules.with_wild_rank(s["wild_rank"])
        game.redeals, game.deal_step = s["redeals"], s["deal_step"]
        game.hands = [from_hex(h) for h in s["hands"]]
        game.bottom = from_hex(s["bottom"])
        game.shows = [(int(a), ShowKind(b)) for a, b in s["shows"]]
        game.timeouts, game.auto = list(s["timeouts"]), list(s["auto"])
        game.turn, game.words = s["turn"], list(s["words"])
        game.declined, game.asked, game.caller = list(s["declined"]), s["asked"], s["caller"]
        game.grab_queue, game.grabbers = list(s["grab_queue"]), list(s["grabbers"])
        game.caller_asked, game.high_bid = s["caller_asked"], s["high_bid"]
        game.high_bidder, game.landlord, game.base = s["high_bidder"], s["landlord"], s["base"]
        game.doubled = list(s["doubled"])
        game.to_beat = None if s["to_beat"] is None else Combo.from_dict(s["to_beat"])
        game.to_beat_seat = s["to_beat_seat"]
        game.trick = [
            None if t is None else (Combo.from_dict(t[0]), from_hex(t[1])) for t in s["trick"]
        ]
        game.passed, game.passes = list(s["passed"]), s["passes"]
        game.plays_count = list(s["plays_count"])
        game.played = from_hex(s["played"])
        game.bombs = [(int(a), MultiplierReason(b), int(c)) for a, b, c in s["bombs"]]
        game.escaped, game.winner = s["escaped"], s["winner"]
        return game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.rules} {self.phase.value} turn={self.turn} "
            f"landlord={self.landlord} x{self.multiplier()}>"
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))
