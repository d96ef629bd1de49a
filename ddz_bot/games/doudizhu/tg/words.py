"""斗地主's words: its combos, plays and events as the table tells them, the card tracker, the
worth of a hand (R-MULT) and the 托管 warning. Functions of the game and the table's names."""

from __future__ import annotations

from collections.abc import Sequence

from ddz_bot.games.doudizhu.engine import (
    WILDCARD_CAP,
    Bidding,
    Combo,
    Game,
    HandOutcome,
    LandlordChosen,
    Phase,
    Played,
    WildcardDrawn,
    kicker_count,
)
from ddz_bot.games.kit.words import table_line
from ddz_bot.i18n import t
from ddz_bot.kernel import Event, Redealt
from ddz_bot.render.labels import multiplier_reason
from ddz_bot.tg.cardwords import cards_text

__all__ = [
    "afk_warning",
    "combo_text",
    "event_line",
    "multiplier_text",
    "phase_key",
    "play_text",
    "seat_score",
    "tracker_text",
    "unseen_counts",
]


def combo_text(combo: Combo, lang: str) -> str:
    """A played combo as people write it: the trios or the four first, then the kickers
    (``10 10 10 10 7 8``, ``333444 79``); other combos, and combos holding wildcards, in
    rank order."""
    if kicker_count(combo) and not combo.wild_as:
        main = range(combo.rank - combo.length + 1, combo.rank + 1)
        return cards_text(sorted(combo.cards, key=lambda r: (r not in main, r)), lang)
    return cards_text(combo.cards, lang)


def unseen_counts(game: Game, seat: int) -> list[int]:
    """The card tracker (记牌器): how many of each rank ``seat`` has not seen yet (not in its
    hand, not played)."""
    decks = game.rules.decks
    counts = [4 * decks] * 13 + [decks, decks]
    for rank in list(game.hand(seat)) + list(game.public_view().played):
        counts[rank] -= 1
    return counts


def tracker_text(game: Game, seat: int, lang: str) -> str:
    """Unseen cards, high ranks first: ``大王1 小王1 2×4 A×3 ...`` (ranks all seen left out)."""
    counts = unseen_counts(game, seat)
    parts = []
    for rank in range(len(counts) - 1, -1, -1):
        if counts[rank]:
            parts.append(f"{cards_text([rank], lang)}×{counts[rank]}")
    return " ".join(parts) or "-"


def event_line(event: Event, names: Sequence[str], lang: str) -> str | None:
    said = table_line(event, names, lang, play_text)
    if said is not None:
        return said
    if isinstance(event, Redealt):
        return t(lang, "redealt")
    if isinstance(event, LandlordChosen):
        # the status line names the landlord; the bottom cards are public once taken
        return t(
            lang,
            "caption_bottom",
            cards=cards_text(sorted(card.rank for card in event.bottom), lang),
        )
    if isinstance(event, WildcardDrawn):
        return t(lang, "caption_wild", rank=cards_text([event.rank], lang))
    return None


def phase_key(game: Game) -> str:
    """The message key of the game's phase (叫分 is not 叫地主)."""
    if game.phase is Phase.BIDDING and game.rules.bidding is Bidding.POINTS:
        return "phase_bidding_points"
    return f"phase_{game.phase.value}"


def seat_score(outcome: HandOutcome, seat: int) -> int:
    """The points (积分) at stake for ``seat``: a farmer's pair with the landlord
    (base x multiplier x doubling, R-DBL-EFFECT), the landlord's against every farmer."""
    if seat == outcome.landlord:
        return sum(outcome.stakes.values())
    return outcome.stakes.get(seat, 0)


def multiplier_text(game: Game, names: Sequence[str], lang: str) -> str:
    """The hand's worth and why (R-MULT): ``底分 3 × 32 倍（炸弹×3，春天）``; who doubled
    (R-DBL-EFFECT, per pair, so not in the product) on a second line."""
    counts: dict[tuple[str, int], int] = {}
    for item in game.multiplier_items():
        if item.factor != 1:
            counts[(item.reason, item.factor)] = counts.get((item.reason, item.factor), 0) + 1
    reasons = []
    for (reason, factor), count in counts.items():
        word = multiplier_reason(reason, lang)
        if factor != 2:
            word = t(lang, "mult_factor", reason=word, factor=factor)
        reasons.append(t(lang, "mult_count", reason=word, count=count) if count > 1 else word)
    separator = ", " if lang == "en" else "、"
    if reasons:
        text = t(
            lang,
            "result_mult_why",
            base=game.base,
            multiplier=game.multiplier(),
            reasons=separator.join(reasons),
        )
    else:
        text = t(lang, "result_mult", base=game.base, multiplier=game.multiplier())
    doubled = [name for seat, name in enumerate(names) if game.doubled[seat]]
    if doubled:
        text += "\n" + t(lang, "result_doubled", names=separator.join(doubled))
        outcome = game.outcome()
        if outcome is not None and outcome.landlord is not None:
            scores = [
                f"{name} {seat_score(outcome, seat)}"
                for seat, name in enumerate(names)
                if seat != outcome.landlord
            ]
            text += "\n" + t(lang, "result_scores", scores=separator.join(scores))
    room = game.room
    if game.rules.wildcard:
        text += "\n" + t(lang, "result_rate_wild", coefficient=room.coefficient, cap=WILDCARD_CAP)
    else:
        text += "\n" + t(lang, "result_rate", coefficient=room.coefficient)
    return text


def afk_warning(game: Game, seat: int, lang: str) -> str:
    """R-AFK: one more time-out puts the seat on auto-play; with what was done for them,
    when it is still on the table."""
    if game.phase is Phase.PLAYING and game.trick:
        played = game.trick[seat]
        if played is not None:
            return t(lang, "panel_afk_played", cards=combo_text(played[0], lang))
        if game.passed[seat]:
            return t(lang, "panel_afk_passed")
    return t(lang, "panel_afk_warning")


def play_text(event: Event, lang: str) -> str | None:
    """The combo of a play event as the table writes it."""
    return combo_text(event.combo, lang) if isinstance(event, Played) else None
