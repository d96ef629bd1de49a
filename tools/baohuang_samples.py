"""保皇 sample states for the gallery, the tests and the benchmark, built by hand.

Every phase and option the pictures draw: the throne offer with attached cards, the
called card, declarations and hoes, tricks with the guard card and big joker-hung sets,
open and hidden solos, places, the end; hands of 33 to 45 cards (the results are in
``result_samples.py``). Each scene is drawn in the three languages, named
``baohuang_<picture>_<scene>_<lang>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from ddz_bot.games.baohuang.engine.cards import EMPEROR_CARD, GUARD_CARD, Face
from ddz_bot.games.baohuang.engine.melds import Meld
from ddz_bot.games.baohuang.engine.rules import BaoHuangRules, GuardMethod
from ddz_bot.games.baohuang.engine.views import (
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
from ddz_bot.kernel import DEFAULT_ROOM, RANK_CHARS, ROOMS, Card, Cards, Rank, Suit, Termination
from ddz_bot.render import LANGS

__all__ = [
    "LANG_SUFFIX",
    "NAMES",
    "BhHandSample",
    "BhTableSample",
    "Dealer",
    "bh_hand_samples",
    "bh_table_samples",
    "make_view",
]

NAMES: Final = ("小明", "Alice", "王大锤", "Бориска", "陳小姐 Kelly")
LANG_SUFFIX: Final = {"zh-Hans": "hans", "zh-Hant": "hant", "en": "en"}


class Dealer:
    """Hands out distinct physical cards of four decks by rank (``6789TJQKA2XD``); the
    emperor card and the guard card only when asked for by name."""

    def __init__(self) -> None:
        self._taken: set[int] = {EMPEROR_CARD, GUARD_CARD}

    def take(self, ranks: str) -> tuple[Card, ...]:
        return tuple(sorted((self._one(RANK_CHARS.index(c)) for c in ranks), key=_order))

    def _one(self, rank: int) -> Card:
        suits: tuple[int | None, ...] = (None,) if rank >= Rank.SMALL_JOKER else (1, 0, 3, 2)
        for deck in range(4):
            for suit in suits:
                card = Card.make(rank, suit, deck)
                if card not in self._taken:
                    self._taken.add(card)
                    return card
        raise ValueError(f"no {RANK_CHARS[rank]} left")


def _order(card: Card) -> tuple[int, int]:
    return int(card.rank), int(card)


def _hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_order))


def _meld(cards: Sequence[Card]) -> Meld:
    return Meld.of(Cards.of(cards))


def make_view(phase: Phase, seats: Sequence[SeatInfo], **fields: object) -> PublicView:
    base = PublicView(
        rules=BaoHuangRules(),
        room=DEFAULT_ROOM,
        phase=phase,
        seats=tuple(seats),
        turn=None,
        dealer=0,
        emperor=None,
        guard=None,
        solo=None,
        offer=None,
        called=None,
        to_beat=None,
        to_beat_seat=None,
        played=Cards(),
        places=(),
        factors=(),
    )
    return replace(base, **fields)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class BhTableSample:
    name: str
    view: PublicView
    names: tuple[str, ...]
    lang: str


@dataclass(frozen=True, slots=True)
class BhHandSample:
    name: str
    view: SeatView
    selected: Cards | None
    lang: str
    names: tuple[str, ...] | None


# --------------------------------------------------------------------------- scenes


def throne_view() -> PublicView:
    """Seat 4 yielded the emperor card, seat 3 yielded it too and attached a 2; seat 2
    holds it now."""
    deal = Dealer()
    attached = deal.take("2")
    offer = ThroneOffer(holder=2, number=3, attached=attached, yielded=(4, 3))
    counts = (34, 34, 34, 32, 33)
    seats = [SeatInfo(i, counts[i]) for i in range(5)]
    return make_view(Phase.THRONE, seats, turn=2, dealer=4, offer=offer)


def called_throne_view() -> PublicView:
    """The called-guard method in its second round: the holder must take the throne."""
    offer = ThroneOffer(holder=1, number=6, attached=(), yielded=(1, 0, 4, 3, 2), must_take=True)
    seats = [SeatInfo(i, 34 if i < 3 else 33) for i in range(5)]
    rules = BaoHuangRules(method=GuardMethod.CALLED, roast=True)
    return make_view(Phase.THRONE, seats, rules=rules, turn=1, dealer=1, offer=offer, redeals=1)


def declaring_view() -> PublicView:
    """The emperor said nothing, seat 2 revolted (a hoe), seat 3 is thinking."""
    seats = [
        SeatInfo(0, 34, declaration=None),
        SeatInfo(1, 35, role=Role.EMPEROR, declaration=Declaration.NOTHING),
        SeatInfo(2, 33, declaration=Declaration.REVOLT, hoe=True),
        SeatInfo(3, 33),
        SeatInfo(4, 33),
    ]
    revolt = ScoreFactor(FactorReason.REVOLT, 2, conditional=True)
    return make_view(Phase.DECLARING, seats, turn=3, dealer=1, emperor=1, factors=(revolt,))


def grab_view() -> PublicView:
    """抢独 on: the guard showed itself (明保 ×2), a rebel grabs the throne, one waits."""
    seats = [
        SeatInfo(0, 34, role=Role.EMPEROR, declaration=Declaration.NOTHING),
        SeatInfo(1, 34, role=Role.GUARD, declaration=Declaration.OPEN_GUARD),
        SeatInfo(2, 34, declaration=Declaration.GRAB_SOLO),
        SeatInfo(3, 33, declaration=Declaration.REVOLT, hoe=True),
        SeatInfo(4, 33, auto_play=True),
    ]
    factors = (ScoreFactor(FactorReason.OPEN_GUARD, 2, seat=1),)
    rules = BaoHuangRules(grab_solo=True)
    return make_view(
        Phase.DECLARING, seats, rules=rules, turn=4, emperor=0, guard=1, factors=factors
    )


def trick_view(deal: Dealer | None = None, guard_known: bool = True) -> PublicView:
    """Mid-trick: the guard just played the guard card in a joker-hung set and is known
    (or, with ``guard_known`` off, a plain big joker and stays hidden); seat 1 is out first;
    seat 2 passed on auto-play; seat 4 (a hoe) must answer. ``deal`` shares a dealer with
    a hand drawn beside it, so that no card is in two places."""
    deal = deal if deal is not None else Dealer()
    emperor_play = deal.take("7777")
    guard_play = (*deal.take("8888"), GUARD_CARD) if guard_known else deal.take("8888D")
    guard_role = Role.GUARD if guard_known else None
    seats = [
        SeatInfo(0, 21, role=Role.EMPEROR, play=_meld(emperor_play), play_cards=emperor_play),
        SeatInfo(1, 0, place=Place.FIRST),
        SeatInfo(2, 12, passed=True, auto_play=True),
        SeatInfo(3, 9, role=guard_role, play=_meld(guard_play), play_cards=guard_play),
        SeatInfo(4, 2, hoe=True),
    ]
    return make_view(
        Phase.PLAYING,
        seats,
        turn=4,
        dealer=0,
        emperor=0,
        guard=3 if guard_known else None,
        to_beat=_meld(guard_play),
        to_beat_seat=3,
        places=(1,),
    )


def big_play_view(deal: Dealer | None = None) -> PublicView:
    """The called-guard method: 特画 K♥ public, 明保 declared (×2), a 14-card play to beat
    and the emperor card played; seat 2 on auto-play for good."""
    deal = deal if deal is not None else Dealer()
    big = (*deal.take("AAAAAAAAAAAXX"), *deal.take("D"))
    sceptre = (*deal.take("QQQQ"), EMPEROR_CARD)
    rules = BaoHuangRules(method=GuardMethod.CALLED, six=True, grab_solo=True)
    seats = [
        SeatInfo(0, 6, role=Role.GUARD, declaration=Declaration.OPEN_GUARD, passed=True),
        SeatInfo(1, 14, role=Role.REBEL, play=_meld(big), play_cards=big, hoe=True),
        SeatInfo(2, 20, role=Role.REBEL, auto_play=True, auto_locked=True),
        SeatInfo(3, 17, role=Role.EMPEROR, play=_meld(sceptre), play_cards=sceptre),
        SeatInfo(4, 0, role=Role.REBEL, place=Place.FIRST),
    ]
    return make_view(
        Phase.PLAYING,
        seats,
        rules=rules,
        room=ROOMS[3],
        turn=2,
        dealer=3,
        emperor=3,
        guard=0,
        called=Face(Rank.KING, Suit.HEARTS),
        to_beat=_meld(big),
        to_beat_seat=1,
        places=(4,),
        factors=(ScoreFactor(FactorReason.OPEN_GUARD, 2, seat=0),),
    )


def solo_view() -> PublicView:
    """An open solo: everyone else a rebel, two of them with hoes, the emperor leads."""
    seats = [
        SeatInfo(0, 31, role=Role.REBEL, hoe=True, passed=True),
        SeatInfo(1, 28, role=Role.REBEL, passed=True),
        SeatInfo(2, 25, role=Role.EMPEROR),
        SeatInfo(3, 30, role=Role.REBEL, hoe=True, passed=True),
        SeatInfo(4, 33, role=Role.REBEL, passed=True),
    ]
    revolt = ScoreFactor(FactorReason.REVOLT, 2, conditional=True)
    return make_view(
        Phase.PLAYING, seats, turn=2, dealer=2, emperor=2, solo=Solo.OPEN, factors=(revolt,)
    )


def finished_view() -> PublicView:
    """Over: the emperor 1st and the guard 2nd; the two rebels left show their cards."""
    deal = Dealer()
    left_3 = deal.take("6799JJQ2X")
    left_4 = deal.take("66TTTTKKKKKAAAAAAA22XD")
    open_guard = ScoreFactor(FactorReason.OPEN_GUARD, 2, seat=1)
    outcome = BaoHuangOutcome(
        termination=Termination.WON,
        places=(0, 1, 2, 3, 4),
        emperor=0,
        guard=1,
        solo=None,
        scores=(12, 6, -6, -6, -6),
        base_scores=(6, 3, -3, -3, -3),
        factors=(open_guard,),
        multiplier=2,
        open_guard=True,
    )
    seats = [
        SeatInfo(0, 0, role=Role.EMPEROR, place=Place.FIRST),
        SeatInfo(1, 0, role=Role.GUARD, place=Place.SECOND),
        SeatInfo(2, 0, role=Role.REBEL, place=Place.THIRD, hoe=True),
        SeatInfo(3, len(left_3), role=Role.REBEL, place=Place.FOURTH, shown_hand=left_3),
        SeatInfo(4, len(left_4), role=Role.REBEL, place=Place.FIFTH, shown_hand=left_4),
    ]
    return make_view(
        Phase.FINISHED,
        seats,
        dealer=0,
        emperor=0,
        guard=1,
        places=(0, 1, 2, 3, 4),
        factors=(open_guard,),
        outcome=outcome,
    )


def table_scenes() -> dict[str, PublicView]:
    return {
        "throne": throne_view(),
        "called": called_throne_view(),
        "declaring": declaring_view(),
        "grab": grab_view(),
        "trick": trick_view(),
        "big_play": big_play_view(),
        "solo": solo_view(),
        "finished": finished_view(),
    }


def bh_table_samples() -> list[BhTableSample]:
    return [
        BhTableSample(f"baohuang_table_{scene}_{LANG_SUFFIX[lang]}", view, NAMES, lang)
        for scene, view in table_scenes().items()
        for lang in LANGS
    ]


# --------------------------------------------------------------------------- hands


def guard_hand_view() -> SeatView:
    """The hidden guard's 36 cards, the sword among them, with a play to beat."""
    deal = Dealer()
    public = trick_view(deal, guard_known=False)
    hand = _hand((*deal.take("666778899TTJJJQQKKKAAA22222XXXD"), GUARD_CARD, *deal.take("A9TQ")))
    seats = list(public.seats)
    seats[2] = replace(seats[2], card_count=len(hand), passed=False, auto_play=False)
    return SeatView(
        replace(public, seats=tuple(seats), turn=2), 2, hand, Role.GUARD, holds_guard_card=True
    )


def throne_hand_view() -> SeatView:
    """The emperor card offered to this seat with an attached 2 (they join the hand only
    if it takes the throne)."""
    deal = Dealer()
    deal.take("2")  # the attached card of ``throne_view``
    hand = deal.take("6677888999TTJJQQKKKAAAA2222XXDDD7")
    return SeatView(throne_view(), 2, hand, None)


def called_hand_view() -> SeatView:
    """Called-guard method: the holder must take the throne and may call these faces."""
    deal = Dealer()
    hand = deal.take("666777888999TTTJJQQQKKKKAAA22XD")
    faces = (
        Face(Rank.KING, Suit.HEARTS),
        Face(Rank.NINE, Suit.SPADES),
        Face(Rank.SIX, Suit.DIAMONDS),
    )
    return SeatView(called_throne_view(), 1, hand, None, callable_faces=faces)


def rebel_lead_view() -> SeatView:
    """A rebel with 33 cards leads."""
    deal = Dealer()
    hand = deal.take("6677788999TTJQQQKKAAA22XXD6789TJQ")
    public = replace(solo_view(), turn=4)
    return SeatView(public, 4, hand, Role.REBEL)


def called_guard_hand_view() -> SeatView:
    """The called-guard method: the guard (it holds the fourth K♥) with six cards left."""
    deal = Dealer()
    public = big_play_view(deal)
    hand = deal.take("KTT99X")
    return SeatView(replace(public, turn=0), 0, hand, Role.GUARD)


def crowded_hand_view() -> SeatView:
    """45 cards, 16 of one rank and both special cards: a hidden solo's worst case."""
    deal = Dealer()
    public = trick_view(deal, guard_known=False)
    hand = _hand(
        (*deal.take("2222222222222222AAAAKKKQQJJTT99877666XXXDD6"), EMPEROR_CARD, GUARD_CARD)
    )
    seats = list(public.seats)
    seats[0] = replace(seats[0], card_count=len(hand))
    return SeatView(
        replace(public, seats=tuple(seats), turn=0),
        0,
        hand,
        Role.EMPEROR,
        solo=Solo.HIDDEN,
        holds_guard_card=True,
    )


def hand_scenes() -> dict[str, tuple[SeatView, Cards | None]]:
    crowded = crowded_hand_view()
    return {
        "guard": (guard_hand_view(), None),
        "throne": (throne_hand_view(), None),
        "called": (called_hand_view(), None),
        "called_guard": (called_guard_hand_view(), Cards.parse("TT")),
        "lead": (rebel_lead_view(), Cards.parse("QQQ")),
        "crowded": (crowded, Cards.parse("22222")),
    }


def bh_hand_samples() -> list[BhHandSample]:
    return [
        BhHandSample(f"baohuang_hand_{scene}_{LANG_SUFFIX[lang]}", view, selected, lang, NAMES)
        for scene, (view, selected) in hand_scenes().items()
        for lang in LANGS
    ]
