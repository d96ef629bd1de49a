"""What the AI reads from a seat's view: unseen cards, the bottom the landlord still
holds, and the passes it saw."""

from __future__ import annotations

from ddz_bot.games.doudizhu.ai import Situation
from ddz_bot.kernel import Cards, Pass, Play

from .helpers import cards, play_game

HANDS = ["3456789TJQKA22XD3", "3456789TJQKA24455", "366778899TTJJQQKA"]
BOTTOM = "A2K"


def test_unseen_cards_exclude_the_hand_and_the_played_cards() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    sit = Situation.from_view(game.view_for(1))
    assert sit.hand == cards(HANDS[1])
    assert sum(sit.unseen) == 54 - 17 - 1
    assert sit.card_counts == (19, 17, 17)
    assert sit.to_beat is not None and sit.to_beat_seat == 0


def test_the_landlord_still_holds_the_unplayed_bottom_cards() -> None:
    game = play_game(HANDS, BOTTOM)
    for king in ("K", "K"):  # the landlord's own K and the bottom K, in either order
        game.apply(Play(0, cards(king)))
        game.apply(Pass(1))
        game.apply(Pass(2))
    sit = Situation.from_view(game.view_for(1))
    assert sit.bottom_left is not None
    assert Situation.from_view(game.view_for(0)).bottom_left is None
    left = [r for r in range(15) for _ in range(sit.bottom_left[r])]
    assert sorted(left) == sorted(cards("A2"))


def test_a_bottom_card_is_known_by_its_suit() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("K")))
    view = game.view_for(1)
    bottom_king = next(c for c in view.public.bottom or () if c.rank == cards("K")[0])
    played = view.public.seats[0].played_cards
    sit = Situation.from_view(view)
    assert sit.bottom_left is not None
    left = Cards(r for r in range(15) for _ in range(sit.bottom_left[r]))
    assert left == (cards("A2") if bottom_king in played else cards("A2K"))


def test_a_pass_on_an_enemy_play_is_remembered() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("2")))
    game.apply(Pass(1))  # farmer 1 passed on the landlord's 2
    sit = Situation.from_view(game.view_for(2))
    assert list(sit.passed_on) == [1]
    assert str(sit.passed_on[1][0]) == "2"


def test_a_bottom_rank_played_by_a_farmer_stays_the_landlords() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("A")))  # farmer 1's own A: the bottom A is still the landlord's
    sit = Situation.from_view(game.view_for(2))
    assert sit.bottom_left is not None
    left = [r for r in range(15) for _ in range(sit.bottom_left[r])]
    assert sorted(left) == sorted(cards("A2K"))


def test_the_view_records_whose_cards_were_played() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("A")))
    seats = game.view_for(2).public.seats
    assert [Cards(c.rank for c in s.played_cards) for s in seats] == [
        cards("3"),
        cards("A"),
        Cards(),
    ]


def test_the_passes_on_a_trick_won_are_read_when_its_winner_leads() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("2")))
    game.apply(Pass(1))
    game.apply(Pass(2))  # both farmers passed on the landlord's 2: it leads again
    sit = Situation.from_view(game.view_for(0))
    assert sit.to_beat is None
    assert {s: [str(c) for c in combos] for s, combos in sit.passed_on.items()} == {
        1: ["2"],
        2: ["2"],
    }


def test_a_pass_on_this_seats_play_before_another_play_is_read() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("9")))
    game.apply(Pass(1))  # farmer 1 passed on the landlord's 9
    game.apply(Play(2, cards("T")))  # then farmer 2 topped it
    sit = Situation.from_view(game.view_for(0))
    assert {s: [str(c) for c in combos] for s, combos in sit.passed_on.items()} == {1: ["9"]}
