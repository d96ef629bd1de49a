"""Sample states for the gallery, the tests and the benchmark, built by hand.

Each sample is a plain value (views, names, result lines, records), so the pictures can
be looked at and tested without running a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ddz_bot.games.doudizhu.engine import (
    FOUR_PLAYER,
    WILDCARD,
    Combo,
    HandOutcome,
    MultiplierItem,
    MultiplierReason,
    Phase,
    PublicView,
    Role,
    RuleSet,
    SeatInfo,
    SeatView,
    ShowKind,
    classify,
)
from ddz_bot.kernel import DEFAULT_ROOM, RANK_CHARS, ROOMS, Card, Cards, Rank
from ddz_bot.render import PlayerRecord, ResultLine

__all__ = [
    "LONG_NAMES",
    "NAMES",
    "WORLD_NAMES",
    "Deck",
    "HandSample",
    "ResultSample",
    "TableSample",
    "hand_samples",
    "profile_samples",
    "result_samples",
    "table_samples",
]

NAMES = ("小明", "Alice", "王大锤")
LONG_NAMES = (
    "Александра Длинноимённая-Петровна",
    "🐉👨‍👩‍👧 龍騰四海 🀄",
    "مرحبا بالعالم Zoë",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
)
#: Names as people write them: scripts that join (Arabic), stack marks (Thai), build
#: conjuncts (Devanagari) or read from the right (Arabic, Hebrew), mixed with Latin,
#: digits and emoji; Korean and Japanese; a right-to-left name too long for its seat.
WORLD_NAMES = (
    "ليلى 🌙 Li 2",
    "สมชาย ใจดี",
    "प्रिया शर्मा",
    "שירה (Shira)",
    "김민준",
    "佐藤 桜子",
    "عبد الرحمن بن محمد بن عبد الله ١٤٤٥",
)


class Deck:
    """Hands out distinct physical cards by rank, as a real deal would."""

    def __init__(self, decks: int = 1) -> None:
        self._taken: set[int] = set()
        self._decks = decks

    def take(self, ranks: str | Iterable[int]) -> tuple[Card, ...]:
        values = [RANK_CHARS.index(c) for c in ranks] if isinstance(ranks, str) else list(ranks)
        out = []
        for rank in values:
            out.append(self._one(rank))
        return tuple(sorted(out, key=lambda card: (card.rank, int(card))))

    def _one(self, rank: int) -> Card:
        first = (rank * 3) % 4  # a mix of suits, as a shuffled deal gives
        suits: tuple[int | None, ...] = (
            (None,) if rank >= Rank.SMALL_JOKER else tuple((first + i) % 4 for i in range(4))
        )
        for deck in range(self._decks):
            for suit in suits:
                card = Card.make(rank, suit, deck)
                if card not in self._taken:
                    self._taken.add(card)
                    return card
        raise ValueError(f"no {RANK_CHARS[rank]} left")


def _combo(cards: tuple[Card, ...], rules: RuleSet) -> Combo:
    readings = classify(Cards.of(cards), rules)
    if not readings:
        raise ValueError(f"{Cards.of(cards)} is no combo")
    bombs = [combo for combo in readings if combo.is_bomb]
    return bombs[0] if bombs else readings[0]


@dataclass(frozen=True)
class TableSample:
    name: str
    view: PublicView
    names: tuple[str, ...]
    lang: str = "zh-Hans"


@dataclass(frozen=True)
class HandSample:
    name: str
    view: SeatView
    selected: Cards | None
    names: tuple[str, ...]
    lang: str = "zh-Hans"


@dataclass(frozen=True)
class ResultSample:
    name: str
    view: PublicView
    lines: tuple[ResultLine, ...]
    lang: str = "zh-Hans"


@dataclass
class _Built:
    view: PublicView
    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)


def classic_playing() -> _Built:
    """Three seats mid-hand: the landlord led a straight, seat 1 passed, seat 2 beat it."""
    deck = Deck()
    rules = RuleSet()
    play0 = deck.take("34567")
    play2 = deck.take("6789T")
    hands = {
        0: deck.take("455899TJQQKA22D"),
        1: deck.take("33456TTJJKKAA2X"),
        2: deck.take("3778QQKA"),
    }
    bottom = hands[0][4::5]
    seats = (
        SeatInfo(
            0, len(hands[0]), Role.LANDLORD, last_play=_combo(play0, rules), last_play_cards=play0
        ),
        SeatInfo(1, len(hands[1]), Role.FARMER, passed=True),
        SeatInfo(
            2,
            len(hands[2]),
            Role.FARMER,
            last_play=_combo(play2, rules),
            last_play_cards=play2,
            auto_play=True,
        ),
    )
    items = (
        MultiplierItem(MultiplierReason.GRAB, 2, 1),
        MultiplierItem(MultiplierReason.BOMB, 2, 0),
    )
    view = PublicView(
        rules=rules,
        room=DEFAULT_ROOM,
        phase=Phase.PLAYING,
        seats=seats,
        turn=0,
        landlord=0,
        bottom=bottom,
        bottom_count=3,
        wild_rank=None,
        base=1,
        multiplier=4,
        multiplier_items=items,
        to_beat=seats[2].last_play,
        to_beat_seat=2,
        played=Cards.of(play0 + play2),
    )
    return _Built(view, hands)


def classic_bidding() -> _Built:
    deck = Deck()
    hands = {
        0: deck.take("33456789TTJQKKA2X"),
        1: deck.take("34455667889JQKA22"),
        2: deck.take("345677899TJJQQKAA"),
    }
    seats = (SeatInfo(0, 17, bid="call"), SeatInfo(1, 17, bid="grab"), SeatInfo(2, 17))
    view = PublicView(
        rules=RuleSet(),
        room=ROOMS[0],
        phase=Phase.BIDDING,
        seats=seats,
        turn=2,
        landlord=None,
        bottom=None,
        bottom_count=3,
        wild_rank=None,
        base=1,
        multiplier=2,
        multiplier_items=(MultiplierItem(MultiplierReason.GRAB, 2, 1),),
        to_beat=None,
        to_beat_seat=None,
        played=Cards(),
    )
    return _Built(view, hands)


def shown_hands() -> _Built:
    """The landlord showed the hand (明牌), a farmer doubled, seat 1 is on auto-play."""
    deck = Deck()
    rules = RuleSet()
    hands = {0: deck.take("33445566778899TTJQKA"), 2: deck.take("456789TJQQKKAA22D")}
    play1 = deck.take("3456789")
    hands[1] = deck.take("3TJJQKA22X")
    seats = (
        SeatInfo(0, 20, Role.LANDLORD, shown_hand=hands[0], doubled=True, passed=True),
        SeatInfo(
            1,
            10,
            Role.FARMER,
            auto_play=True,
            doubled=False,
            last_play=_combo(play1, rules),
            last_play_cards=play1,
        ),
        SeatInfo(2, 17, Role.FARMER, doubled=True),
    )
    items = (
        MultiplierItem(MultiplierReason.GRAB, 2, 0),
        MultiplierItem(MultiplierReason.SHOW, 2, 0, ShowKind.LANDLORD),
        MultiplierItem(MultiplierReason.ROCKET, 2, 2),
    )
    view = PublicView(
        rules=rules,
        room=ROOMS[2],
        phase=Phase.PLAYING,
        seats=seats,
        turn=2,
        landlord=0,
        bottom=hands[0][5::6],
        bottom_count=3,
        wild_rank=None,
        base=1,
        multiplier=8,
        multiplier_items=items,
        to_beat=seats[1].last_play,
        to_beat_seat=1,
        played=Cards.of(play1),
    )
    return _Built(view, hands)


def wildcard_game() -> _Built:
    """Wildcard game, 7 is wild: seat 1 made a soft bomb with a 7, seat 2 played 7 as a 9."""
    deck = Deck()
    rules = WILDCARD.with_wild_rank(Rank.SEVEN)
    play1 = deck.take("5557")
    play2 = deck.take("789TJ")  # played earlier in the hand
    hands = {
        0: deck.take("3345667889TJQKKA2D"),
        1: deck.take("346899TQQKAA2"),
        2: deck.take("3447TJJKA2"),
    }
    soft = _combo(play1, rules)
    seats = (
        SeatInfo(0, len(hands[0]), Role.LANDLORD, passed=True),
        SeatInfo(1, len(hands[1]), Role.FARMER, last_play=soft, last_play_cards=play1),
        SeatInfo(2, len(hands[2]), Role.FARMER, shown_hand=hands[2], last_play=None),
    )
    items = (
        MultiplierItem(MultiplierReason.GRAB, 2, 0),
        MultiplierItem(MultiplierReason.SOFT_BOMB, 2, 1),
    )
    view = PublicView(
        rules=rules,
        room=DEFAULT_ROOM,
        phase=Phase.PLAYING,
        seats=seats,
        turn=2,
        landlord=0,
        bottom=hands[0][2::7],
        bottom_count=3,
        wild_rank=int(Rank.SEVEN),
        base=1,
        multiplier=4,
        multiplier_items=items,
        to_beat=soft,
        to_beat_seat=1,
        played=Cards.of(play1 + play2),
    )
    return _Built(view, hands)


def four_players() -> _Built:
    """Two decks, four seats, the landlord's 33 cards shown, long names elsewhere."""
    deck = Deck(decks=2)
    rules = FOUR_PLAYER
    hands = {
        0: deck.take("33344556677889TTJJQQKKAA22XD345JQ"),
        1: deck.take("3456789TJQA23456789TJQA24"),
        2: deck.take("66778899TTJJQQAA223344555"),
        3: deck.take("6TKA2X6TA2D"),
    }
    play3 = deck.take("KKKKK")
    seats = (
        SeatInfo(0, 33, Role.LANDLORD, shown_hand=hands[0], passed=True),
        SeatInfo(1, 25, Role.FARMER, passed=True),
        SeatInfo(2, 25, Role.FARMER, auto_play=True),
        SeatInfo(3, 11, Role.FARMER, last_play=_combo(play3, rules), last_play_cards=play3),
    )
    items = (
        MultiplierItem(MultiplierReason.BID, 3, 0),
        MultiplierItem(MultiplierReason.SHOW, 4, 0, ShowKind.START),
        MultiplierItem(MultiplierReason.BOMB, 2, 3),
    )
    view = PublicView(
        rules=rules,
        room=ROOMS[3],
        phase=Phase.PLAYING,
        seats=seats,
        turn=0,
        landlord=0,
        bottom=hands[0][::4][:8],
        bottom_count=8,
        wild_rank=None,
        base=3,
        multiplier=8,
        multiplier_items=items,
        to_beat=seats[3].last_play,
        to_beat_seat=3,
        played=Cards.of(play3),
    )
    return _Built(view, hands)


def finished(built: _Built, winner: Role, spring: bool = False) -> PublicView:
    """The end of ``built``'s hand: every hand face up, an outcome set."""
    view = built.view
    seats = []
    for seat in view.seats:
        hand = built.hands.get(seat.seat, ())
        if seat.role is winner and winner is Role.LANDLORD:
            hand = ()
        seats.append(
            replace(
                seat,
                shown_hand=hand,
                card_count=len(hand),
                auto_play=False,
                passed=False,
                last_play=None,
                last_play_cards=(),
            )
        )
    if winner is Role.FARMER:
        first_farmer = next(s for s in seats if s.role is Role.FARMER)
        seats[first_farmer.seat] = replace(first_farmer, shown_hand=(), card_count=0)
    winners = tuple(s.seat for s in seats if s.role is winner)
    items = view.multiplier_items + (
        (MultiplierItem(MultiplierReason.SPRING, 2),) if spring else ()
    )
    multiplier = view.multiplier * (2 if spring else 1)
    outcome = HandOutcome(
        winner_role=winner,
        winners=winners,
        landlord=view.landlord,
        spring=spring,
        multiplier=multiplier,
        base=view.base,
        wildcard=view.rules.wildcard,
    )
    return replace(
        view,
        phase=Phase.FINISHED,
        seats=tuple(seats),
        turn=None,
        outcome=outcome,
        multiplier=multiplier,
        multiplier_items=items,
        to_beat=None,
        to_beat_seat=None,
    )


def table_samples() -> list[TableSample]:
    four = four_players()
    return [
        TableSample("table_classic", classic_playing().view, NAMES),
        TableSample("table_classic_en", classic_playing().view, NAMES, "en"),
        TableSample("table_bidding", classic_bidding().view, NAMES, "zh-Hant"),
        TableSample("table_shown", shown_hands().view, NAMES),
        TableSample("table_wildcard", wildcard_game().view, NAMES),
        TableSample("table_four", four.view, ("Bob", *LONG_NAMES[:3])),
        TableSample("table_long_names", classic_playing().view, LONG_NAMES[:3], "en"),
        TableSample("table_world_names", classic_playing().view, WORLD_NAMES[:3], "en"),
        TableSample("table_world_names_four", four.view, WORLD_NAMES[3:]),
        TableSample("table_finished", finished(classic_playing(), Role.LANDLORD), NAMES),
        TableSample("table_doubling", doubling().view, NAMES, "en"),
    ]


def doubling() -> _Built:
    """After the landlord took the bottom: everyone chooses to double at once."""
    built = classic_bidding()
    view = built.view
    seats = (
        replace(view.seats[0], role=Role.FARMER, doubled=True, bid=None),
        replace(view.seats[1], role=Role.LANDLORD, card_count=20, doubled=None, bid=None),
        replace(view.seats[2], role=Role.FARMER, doubled=False, bid=None),
    )
    bottom = Deck().take("9TJ")
    return _Built(
        replace(view, phase=Phase.DOUBLING, seats=seats, turn=None, landlord=1, bottom=bottom),
        built.hands,
    )


def hand_samples() -> list[HandSample]:
    classic = classic_playing()
    wild = wildcard_game()
    four = four_players()
    bidding = classic_bidding()
    return [
        HandSample(
            "hand_to_beat", SeatView(classic.view, 0, classic.hands[0]), Cards.parse("89TJQ"), NAMES
        ),
        HandSample(
            "hand_lead",
            SeatView(
                replace(classic.view, to_beat=None, to_beat_seat=None, turn=1), 1, classic.hands[1]
            ),
            None,
            NAMES,
            "en",
        ),
        HandSample(
            "hand_wildcard",
            SeatView(wild.view, 2, wild.hands[2]),
            Cards.parse("7JJ"),
            NAMES,
            "zh-Hant",
        ),
        HandSample(
            "hand_four", SeatView(four.view, 0, four.hands[0]), None, ("Bob", *LONG_NAMES[:3])
        ),
        HandSample("hand_bidding", SeatView(bidding.view, 2, bidding.hands[2]), None, NAMES),
    ]


def result_samples() -> list[ResultSample]:
    spring = finished(classic_playing(), Role.LANDLORD, spring=True)
    farmers = finished(four_players(), Role.FARMER)
    wild = finished(wildcard_game(), Role.FARMER)
    return [
        ResultSample(
            "result_spring",
            spring,
            (
                ResultLine(0, NAMES[0], 11_950, 16, 21_950),
                ResultLine(1, NAMES[1], -805, -8, 3_195),
                ResultLine(2, NAMES[2], -805, -8, 0),
            ),
        ),
        ResultSample(
            "result_four",
            farmers,
            (
                ResultLine(0, "Bob", -720_000, -72, 1_280_000),
                ResultLine(1, LONG_NAMES[0], 239_500, 24, 739_500),
                ResultLine(2, LONG_NAMES[1], 239_500, 24, 1_500),
                ResultLine(3, LONG_NAMES[2], 239_500, 24, 60_000_000),
            ),
            "en",
        ),
        ResultSample(
            "result_world_names",
            farmers,
            (
                ResultLine(0, WORLD_NAMES[3], -720_000, -72, 1_280_000),
                ResultLine(1, WORLD_NAMES[1], 239_500, 24, 739_500),
                ResultLine(2, WORLD_NAMES[2], 239_500, 24, 1_500),
                ResultLine(3, WORLD_NAMES[0], 239_500, 24, 60_000),
            ),
            "en",
        ),
        ResultSample(
            "result_wildcard",
            wild,
            (
                ResultLine(0, NAMES[0], -205, -8, 1_795),
                ResultLine(1, NAMES[1], 95, 4, 6_095),
                ResultLine(2, NAMES[2], 95, 4, 395),
            ),
            "zh-Hant",
        ),
    ]


def profile_samples() -> list[tuple[str, PlayerRecord, str]]:
    return [
        ("profile", PlayerRecord("小明", 12_345, 88, 12, 7, 30, 21, 3), "zh-Hans"),
        ("profile_en", PlayerRecord(LONG_NAMES[1], 980, 0, 0, 2, 1, 3, -2), "en"),
        ("profile_top", PlayerRecord("丞相大人", 66_000_000, 9_999, 400, 100, 900, 300), "zh-Hant"),
    ]
