"""Useful wildcard plays: every one is legal, and every legal play left out wastes a
wildcard that a listed play with the same reading keeps."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_bot.games.doudizhu.engine import WILDCARD, ComboKind
from ddz_bot.games.doudizhu.engine.catalogue import legal_moves
from ddz_bot.games.doudizhu.engine.combos import Combo
from ddz_bot.games.doudizhu.engine.wildmoves import useful_moves
from ddz_bot.kernel import Cards, Rank, full_deck, parse_cards


def key(combo: Combo) -> tuple[Cards, str, int, int]:
    return (combo.cards, combo.kind.value, combo.rank, combo.length)


def keeps_more(better: Combo, worse: Combo, wild: int) -> bool:
    """``better`` is ``worse`` with some wildcards swapped for natural cards."""
    b, w = better.cards.counts(), worse.cards.counts()
    return (
        sum(b) == sum(w) and b[wild] < w[wild] and all(b[r] >= w[r] for r in range(15) if r != wild)
    )


def same_or_harder(kind: ComboKind, other: ComboKind) -> bool:
    """The same kind, or a hard bomb where the other is a soft one (R-LZ-BOMBS)."""
    return kind == other or (kind is ComboKind.BOMB and other is ComboKind.SOFT_BOMB)


def hands(max_size: int) -> st.SearchStrategy[Cards]:
    deck = full_deck()
    return st.lists(st.sampled_from(range(54)), min_size=1, max_size=max_size, unique=True).map(
        lambda ids: Cards.of(deck[i] for i in ids)
    )


def check(hand: Cards, previous: Combo | None, wild: int) -> None:
    rules = WILDCARD.with_wild_rank(wild)
    every = {key(m): m for m in legal_moves(hand, previous, rules)}
    useful = useful_moves(hand, previous, rules)
    assert len({key(m) for m in useful}) == len(useful)
    for move in useful:
        assert key(move) in every, move
    kept = {key(m) for m in useful}
    for k, move in every.items():
        if k in kept:
            continue
        assert any(
            same_or_harder(u.kind, move.kind)
            and u.rank == move.rank
            and u.length == move.length
            and keeps_more(u, move, wild)
            for u in useful
        ), move


@settings(max_examples=150)
@given(hands(12), st.sampled_from(range(13)), st.data())
def test_useful_plays_are_legal_and_cover_every_legal_play(
    hand: Cards, wild: int, data: st.DataObject
) -> None:
    hand = Cards(list(hand) + [wild] * data.draw(st.integers(0, 2)))
    if hand.counts()[wild] > 4:
        return
    check(hand, None, wild)
    other = data.draw(hands(8))
    for previous in legal_moves(other, None, WILDCARD.with_wild_rank(wild))[:5]:
        check(hand, previous, wild)


def test_a_wildcard_is_not_spent_on_a_rank_the_hand_holds() -> None:
    rules = WILDCARD.with_wild_rank(Rank.FIVE)
    plays = {
        str(m) for m in useful_moves(parse_cards("335"), None, rules) if m.kind is ComboKind.PAIR
    }
    assert plays == {"33"}  # 3 + 5 as a pair of 3s would waste the 5: a 3 stays in hand
    every = {
        str(m) for m in legal_moves(parse_cards("335"), None, rules) if m.kind is ComboKind.PAIR
    }
    assert every == {"33", "35"}
    soft = [m for m in useful_moves(parse_cards("3335"), None, rules) if m.is_bomb]
    assert [m.kind for m in soft] == [ComboKind.SOFT_BOMB]
    hard_only = [m for m in useful_moves(parse_cards("33335"), None, rules) if m.is_bomb]
    assert [m.kind for m in hard_only] == [ComboKind.BOMB]
