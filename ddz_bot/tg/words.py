"""Words for the table: cards as people write them, narration of what just happened, the
worth of a hand. Functions of the game and the table's names; no Telegram here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ddz_bot.games.baohuang.engine import BaoHuangGame
from ddz_bot.games.baohuang.engine import Played as BhPlayed
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
from ddz_bot.kernel import AutoPlayChanged, Escaped, Event, Passed, Redealt, TimedOut
from ddz_bot.render.labels import multiplier_reason

from ..i18n import t
from .baohuang.words import event_line as bh_event_line
from .baohuang.words import meld_text
from .cardwords import cards_text, grouped_cards_text
from .table import Table

__all__ = [
    "afk_warning",
    "cards_text",
    "combo_text",
    "grouped_cards_text",
    "multiplier_text",
    "narrate",
    "phase_key",
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


def narrate(table: Table, events: Iterable[Event], lang: str) -> str | None:
    """One line for the group about what an action just did (its events that matter,
    joined); a time-out and the move made for the sleeper read as one, and stay in front
    until the sleeper acts again (the AI seats answering at once would hide it)."""
    names = table.names()
    events = list(events)
    carried = (
        [] if any(isinstance(event, TimedOut) for event in events) else _still_late(table, lang)
    )
    parts: list[str] = list(carried)
    line_of = bh_event_line if isinstance(table.game, BaoHuangGame) else _event_line
    late: int | None = None  # the seat that just timed out, until its default move is told
    for event in events:
        if isinstance(event, TimedOut):
            parts.append(t(lang, "timed_out", name=names[event.seat]))
            late = event.seat
            continue
        if isinstance(event, Played | BhPlayed | Passed) and event.seat == late:
            if isinstance(event, Passed):
                parts[-1] = t(lang, "timed_out_passed", name=names[event.seat])
            else:
                play = (
                    combo_text(event.combo, lang)
                    if isinstance(event, Played)
                    else meld_text(event.meld, lang)
                )
                parts[-1] = t(lang, "timed_out_played", name=names[event.seat], play=play)
        elif isinstance(event, AutoPlayChanged) and event.on and event.seat == late:
            pass  # the status line says 托管 already
        else:
            line = line_of(event, names, lang)
            if line is None:
                continue
            parts.append(line)
        late = None
    if len(parts) == len(carried):
        return None  # nothing new to say
    return " · ".join(parts)


def _still_late(table: Table, lang: str) -> list[str]:
    """The time-out line of the group's current narration, if its sleeper has not acted
    since (the engine's count of time-outs in a row is still running) nor gone on 托管."""
    game = table.game
    previous = table.narration.split(" · ")[0]
    if game is None or not previous:
        return []
    for seat, name in enumerate(table.names()):
        if not game.timeouts[seat] or game.auto[seat]:
            continue
        for key in ("timed_out_played", "timed_out_passed", "timed_out"):
            opening = t(lang, key, name=name, play="\0").split("\0")[0]
            if previous.startswith(opening):
                return [previous]
    return []


def _event_line(event: Event, names: Sequence[str], lang: str) -> str | None:
    if isinstance(event, Played):
        return t(lang, "caption_last", name=names[event.seat], play=combo_text(event.combo, lang))
    if isinstance(event, Passed):
        return f"{names[event.seat]} {t(lang, 'said_pass')}"
    if isinstance(event, AutoPlayChanged):
        return t(lang, "auto_on" if event.on else "auto_off", name=names[event.seat])
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
    if isinstance(event, Escaped):
        return t(lang, "left", name=names[event.seat])
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
