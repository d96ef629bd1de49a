"""What a seat knows when it must play: its hand, the table, and counts of the unseen cards.

The policies take a ``Situation`` rather than a ``SeatView`` so that the same code plays
inside the real game (``from_view``) and inside the light-weight playouts of the search.
It holds nothing a seat can't see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ddz_bot.games.doudizhu.engine import Combo, Role, RuleSet, SeatView, beats
from ddz_bot.kernel import NUM_RANKS, Cards, Rank

__all__ = ["Acted", "Observed", "Situation", "full_counts", "passes_shown", "topped"]


def full_counts(rules: RuleSet) -> list[int]:
    """Rank counts of the whole pack of ``rules``."""
    per = 4 * rules.decks
    return [per] * int(Rank.SMALL_JOKER) + [rules.decks, rules.decks]


@dataclass(frozen=True, slots=True)
class Acted:
    """A decision another seat made on the current top of the table, whose whole situation
    the view still shows: the top's own play (on what it topped, or as a lead) and every
    pass on it since. The sampled hand of that seat tells what it would have done then."""

    seat: int
    play: Combo | None  # None: it passed
    faced: Combo | None  # what it had to beat; None: it led
    faced_seat: int | None


@dataclass(frozen=True, slots=True)
class Observed:
    """A play another seat made earlier in the hand: what it played, on what (None: it
    led), and the rank counts of every card it has played since, this play's included, so
    that a sampled hand of that seat gives its hand at the time (the sample's cards plus
    these)."""

    seat: int
    play: Combo
    faced: Combo | None
    since: tuple[int, ...]
    #: whose play ``faced`` was (None: a lead, or not known)
    faced_seat: int | None = None


@dataclass(slots=True)
class Situation:
    rules: RuleSet
    seat: int
    hand: Cards
    landlord: int
    card_counts: tuple[int, ...]  # cards left in each seat's hand
    to_beat: Combo | None
    to_beat_seat: int | None
    unseen: list[int]  # rank counts of the cards neither in this hand nor played
    bottom_left: list[int] | None = None  # bottom cards the landlord must still hold
    #: combos each seat passed on when an enemy played them (it likely can't beat them)
    passed_on: dict[int, list[Combo]] = field(default_factory=dict)
    #: the plays the table offers, as (cards, reading); None: every legal play
    allowed: set[tuple[Cards, tuple[str, int, int] | None]] | None = None
    #: the other seats' decisions on the current top, in the order made
    acted: list[Acted] = field(default_factory=list)
    #: the other seats' plays this hand, as far as the seat saw them (kept by its player:
    #: the view shows only the current trick)
    observed: list[Observed] = field(default_factory=list)
    #: the other seats' passes this hand, partners' too (kept by its player): what each
    #: passed on, and the rank counts of the cards it has played since (it held them then)
    passes: list[tuple[int, Combo, tuple[int, ...]]] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.card_counts)

    @property
    def is_landlord(self) -> bool:
        return self.seat == self.landlord

    def is_partner(self, other: int) -> bool:
        return other != self.seat and (other == self.landlord) == self.is_landlord

    def enemies(self) -> list[int]:
        return [s for s in range(self.players) if s != self.seat and not self.is_partner(s)]

    def partners(self) -> list[int]:
        return [s for s in range(self.players) if self.is_partner(s)]

    def next_seat(self, seat: int | None = None) -> int:
        return ((self.seat if seat is None else seat) + 1) % self.players

    def fewest_enemy_cards(self) -> int:
        return min(self.card_counts[s] for s in self.enemies())

    @classmethod
    def from_view(cls, view: SeatView) -> Situation:
        """Read a seat's view. The landlord must be known (the play phase)."""
        public = view.public
        hand = view.hand_ranks
        rules = public.rules
        if public.wild_rank is not None and rules.wild_rank != public.wild_rank:
            rules = rules.with_wild_rank(public.wild_rank)
        landlord = public.landlord
        if landlord is None:
            landlord = next((s.seat for s in public.seats if s.role is Role.LANDLORD), 0)
        unseen = full_counts(rules)
        for r in hand:
            unseen[r] -= 1
        for r in public.played:
            unseen[r] -= 1
        shown: list[int] = [0] * NUM_RANKS
        for info in public.seats:
            if info.seat != view.seat and info.shown_hand is not None:
                for card in info.shown_hand:
                    shown[card.rank] += 1
        bottom_left: list[int] | None = None
        if public.bottom is not None and landlord != view.seat:
            # the bottom cards are known card by card (suits too): one stays the landlord's
            # until the landlord plays that very card
            gone = set(public.seats[landlord].played_cards)
            bottom_left = [0] * NUM_RANKS
            for card in public.bottom:
                if card not in gone:
                    bottom_left[card.rank] += 1
        return cls(
            acted=_acted(view),
            rules=rules,
            seat=view.seat,
            hand=hand,
            landlord=landlord,
            card_counts=tuple(s.card_count for s in public.seats),
            to_beat=None if public.to_beat_seat == view.seat else public.to_beat,
            to_beat_seat=None if public.to_beat_seat == view.seat else public.to_beat_seat,
            unseen=[max(0, n) for n in unseen],
            bottom_left=bottom_left,
            passed_on=_passed_on(view, landlord),
        )


def _passes(view: SeatView) -> list[tuple[int, Combo, int]]:
    """Every pass of this trick the view still shows: the seat, the play it was on and
    whose play that was. Walking from this seat's own play when it is still live (a trick
    everyone passed on stays on show until its winner leads again: their passes are read
    then), else from the top, each pass is on the latest play before it."""
    public = view.public
    seats = public.seats
    mine = seats[view.seat]
    live, by = public.to_beat, public.to_beat_seat
    if mine.last_play is not None and not mine.passed:
        live, by = mine.last_play, view.seat
    if live is None or by is None:
        return []
    out: list[tuple[int, Combo, int]] = []
    seat = (by + 1) % len(seats)
    while seat != view.seat:
        info = seats[seat]
        if info.passed:
            out.append((seat, live, by))
        elif info.last_play is not None:
            live, by = info.last_play, seat
        seat = (seat + 1) % len(seats)
    return out


def passes_shown(view: SeatView) -> list[tuple[int, Combo]]:
    """Every pass of this trick the view still shows, partners' too, with the play it was
    on."""
    return [(seat, play) for seat, play, _ in _passes(view)]


def _passed_on(view: SeatView, landlord: int) -> dict[int, list[Combo]]:
    """The passes of this trick on an enemy's play, as the view still shows them."""
    out: dict[int, list[Combo]] = {}
    for seat, play, by in _passes(view):
        if (seat == landlord) != (by == landlord):
            out.setdefault(seat, []).append(play)
    return out


def topped(view: SeatView, seat: int, play: Combo) -> tuple[Combo, int] | None:
    """What ``play`` of ``seat`` topped in the current trick, and whose it was: the
    greatest of the other seats' plays in it that ``play`` beats (a trick's plays rise);
    None: it led."""
    rules = view.public.rules
    faced: tuple[Combo, int] | None = None
    for info in view.public.seats:
        other = info.last_play
        if info.seat == seat or other is None or not beats(play, other, rules):
            continue
        if faced is None or beats(other, faced[0], rules):
            faced = other, info.seat
    return faced


def _acted(view: SeatView) -> list[Acted]:
    """The decisions on the table's top: its play, on the greatest play of the trick
    before it (plays in a trick rise) or as a lead, then the passes of the seats after it
    up to this one."""
    public = view.public
    top, by = public.to_beat, public.to_beat_seat
    if top is None or by is None:
        return []
    out: list[Acted] = []
    if by != view.seat:
        faced = topped(view, by, top)
        faced_play, faced_seat = (None, None) if faced is None else faced
        out.append(Acted(by, top, faced_play, faced_seat))
    seat = (by + 1) % len(public.seats)
    while seat != view.seat:
        out.append(Acted(seat, None, top, by))
        seat = (seat + 1) % len(public.seats)
    return out
