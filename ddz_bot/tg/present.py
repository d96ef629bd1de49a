"""What each chat should show for a table: words (captions, narration) and ``Content``.

Functions of the table and the game; pictures are drawn lazily by the outbox, only for the
content that is really sent. The one thing a table does not hold is what its settlement
moved: ``remember_result`` keeps the last hands' bean changes for the players' final panels.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Iterable, Sequence

from ..engine.cards import Cards
from ..engine.combos import Combo, kicker_count
from ..engine.events import (
    AutoPlayChanged,
    Escaped,
    Event,
    LandlordChosen,
    Passed,
    Played,
    Redealt,
    TimedOut,
    WildcardDrawn,
)
from ..engine.game import AFK_LIMIT, Game
from ..engine.rules import Bidding
from ..engine.scoring import WILDCARD_CAP
from ..engine.views import HandOutcome, Phase, PublicView
from ..i18n import t
from ..render import ResultLine, render_hand, render_result, render_table
from ..render.labels import multiplier_reason
from .keyboards import Keyboards, rank_label
from .outbox import Content
from .table import FINISHED, Table

__all__ = [
    "cards_text",
    "group_content",
    "lobby_content",
    "multiplier_text",
    "narrate",
    "panel_content",
    "phase_seconds",
    "remember_result",
    "result_content",
    "seconds_left",
    "tracker_text",
    "unseen_counts",
]


def cards_text(cards: Iterable[int], lang: str) -> str:
    """Cards as people write them: ``33344`` when every label is one character, spaced as
    soon as one is longer (``7 8 10 10 10 10``, ``小王 大王``) so the tens stay readable."""
    labels = [rank_label(rank, lang) for rank in cards]
    return (" " if any(len(label) > 1 for label in labels) else "").join(labels)


def grouped_cards_text(cards: Iterable[int], lang: str) -> str:
    """A hand as groups of a rank, easy to scan at a glance: ``3 4 555 7777 JJJJ``, a
    rank with a long label counted (``10×4``, ``小王``)."""
    counts: dict[int, int] = {}
    for rank in cards:
        counts[rank] = counts.get(rank, 0) + 1
    groups = []
    for rank in sorted(counts):
        label, n = rank_label(rank, lang), counts[rank]
        groups.append(label * n if len(label) == 1 else (f"{label}×{n}" if n > 1 else label))
    return " ".join(groups)


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


def phase_seconds(table: Table) -> float:
    """The full time limit of the decision the table waits for (the group's setting)."""
    game = table.game
    if game is None:
        return 0.0
    if game.phase is Phase.DOUBLING:
        return table.double_seconds
    if game.phase is Phase.PLAYING:
        return table.play_seconds
    return table.bid_seconds


def seconds_left(table: Table, now: float | None = None) -> int:
    """Whole seconds until the table's deadline (never negative): what a clock shows, also
    on a refresh mid-turn or after a restart. The full limit when no deadline is set."""
    if table.deadline is None:
        return int(phase_seconds(table))
    remaining = table.deadline - (time.time() if now is None else now)
    return max(0, math.ceil(remaining))


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
    late: int | None = None  # the seat that just timed out, until its default move is told
    for event in events:
        if isinstance(event, TimedOut):
            parts.append(t(lang, "timed_out", name=names[event.seat]))
            late = event.seat
            continue
        if isinstance(event, Played | Passed) and event.seat == late:
            parts[-1] = (
                t(
                    lang,
                    "timed_out_played",
                    name=names[event.seat],
                    play=combo_text(event.combo, lang),
                )
                if isinstance(event, Played)
                else t(lang, "timed_out_passed", name=names[event.seat])
            )
        elif isinstance(event, AutoPlayChanged) and event.on and event.seat == late:
            pass  # the status line says 托管 already
        else:
            line = _event_line(event, names, lang)
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


def _event_line(event: Event, names: list[str], lang: str) -> str | None:
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


def _public(table: Table) -> PublicView:
    assert table.game is not None
    view = table.game.public_view()
    return dataclasses.replace(view, deadline=table.deadline)


def group_caption(table: Table) -> str:
    game = table.game
    lang = table.lang
    assert game is not None
    names = table.names()
    lines = []
    phase = t(lang, phase_key(game))
    seconds = seconds_left(table)
    if game.over:
        lines.append(phase)
    elif game.turn is not None:
        lines.append(t(lang, "caption_turn", phase=phase, name=names[game.turn], seconds=seconds))
    else:
        lines.append(t(lang, "caption_all", phase=phase, seconds=seconds))
    if table.narration:
        lines.append(table.narration)
    if game.landlord is not None:
        lines.append(
            t(lang, "caption_landlord", name=names[game.landlord])
            + " · "
            + t(lang, "caption_mult", base=game.base, multiplier=game.multiplier())
        )
    for seat, auto in enumerate(game.auto):
        if auto and not game.over:
            lines.append(t(lang, "caption_auto", name=names[seat]))
    return "\n".join(lines)


def group_content(table: Table, keyboards: Keyboards, extra: str = "") -> Content:
    """The table picture with its caption and the "My cards" button."""
    view = _public(table)
    names = table.names()
    lang = table.lang
    caption = group_caption(table) + (f"\n{extra}" if extra else "")
    markup = (
        keyboards.result(table, lang) if table.phase == FINISHED else keyboards.table(table, lang)
    )
    return Content(
        caption[:1024],
        markup,
        photo_key=f"t{table.hand_no}:{table.version}",
        render=lambda: render_table(view, names, lang),
    )


def result_content(
    table: Table, keyboards: Keyboards, text: list[str], pictures: list[ResultLine] | None
) -> Content:
    """The end of a hand: the result picture (or the table, if cancelled), Again / Leave."""
    if not pictures:
        return group_content(table, keyboards, "\n".join(text))
    view = _public(table)
    lang = table.lang
    lines = list(pictures)
    return Content(
        "\n".join(text)[:1024],
        keyboards.result(table, lang),
        photo_key=f"r{table.hand_no}",
        render=lambda: render_result(view, lines, lang),
    )


#: what the settlements of the last hands moved, by hand id (bounded: a long-running bot)
_RESULTS: dict[str, tuple[ResultLine, ...]] = {}
_RESULTS_KEPT = 1024


def remember_result(table: Table, lines: Sequence[ResultLine]) -> None:
    """Keep what the settlement of the table's hand moved, for its players' final panels
    (``settle_hand`` calls it; after a restart the hand settles again and so is kept again)."""
    _RESULTS.pop(table.hand_id, None)
    _RESULTS[table.hand_id] = tuple(lines)
    while len(_RESULTS) > _RESULTS_KEPT:
        del _RESULTS[next(iter(_RESULTS))]


def final_lines(table: Table, seat: int, lang: str) -> list[str]:
    """A player's own result, for their final panel: won or lost, their beans and balance,
    the multiplier, spring (R-SPRING); who escaped (R-ESCAPE)."""
    game = table.game
    assert game is not None
    outcome = game.outcome()
    if outcome is None or outcome.aborted:
        return [t(lang, "result_aborted")]
    settled = {line.seat: line for line in _RESULTS.get(table.hand_id, ())}
    mine = settled.get(seat)
    lines: list[str] = []
    parts: list[str] = []
    if outcome.escaped is not None:
        escaper = settled.get(outcome.escaped)
        if outcome.escaped == seat:
            parts.append(t(lang, "panel_you_escaped"))
        elif escaper is not None:
            parts.append(
                t(
                    lang,
                    "escaped_paid",
                    name=table.names()[outcome.escaped],
                    beans=-escaper.beans_delta,
                )
            )
        else:
            parts.append(t(lang, "escaped_short", name=table.names()[outcome.escaped]))
    else:
        assert outcome.winner_role is not None
        lines.append(t(lang, "panel_won" if seat in outcome.winners else "panel_lost"))
        parts.append(t(lang, f"won_{outcome.winner_role.value}"))
    if mine is not None:
        parts.append(t(lang, "panel_beans", delta=mine.beans_delta, balance=mine.beans_after))
    if outcome.escaped is None:
        parts.append(t(lang, "panel_mult", multiplier=outcome.multiplier))
        score = seat_score(outcome, seat)
        if score != outcome.multiplier:  # the base or a doubling changed this seat's stake
            parts.append(t(lang, "panel_score", score=score))
    # a full-width bracket already spaces itself: "（余 13329）· 32 倍"
    lines.append(" · ".join(parts).replace("） · ", "）· "))
    if outcome.spring:
        lines.append(t(lang, "result_spring"))
    if outcome.anti_spring:
        lines.append(t(lang, "result_anti_spring"))
    if mine is not None and mine.beans_after < max(game.room.min_beans, 1):
        lines.append(t(lang, "panel_relief"))
    return lines


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


def lobby_content(
    table: Table,
    keyboards: Keyboards,
    *,
    closed_text: str | None = None,
) -> Content:
    lang = table.lang
    seats = []
    for n in range(table.players):
        if n < len(table.seats):
            seat = table.seats[n]
            name = seat.name + (t(lang, "lobby_show_start") if seat.show_start else "")
        else:
            name = t(lang, "seat_empty")
        seats.append(t(lang, "lobby_seat", n=n + 1, name=name))
    if table.invited and closed_text is None:
        separator = ", " if lang == "en" else "、"
        seats.append(t(lang, "lobby_invited", names=separator.join(table.invited.values())))
    text = t(
        lang,
        "lobby",
        room=t(lang, f"room_{table.room}"),
        game=t(lang, f"game_{table.rules}"),
        seats="\n".join(seats),
    )
    if closed_text is not None:
        return Content(f"{text}\n\n{closed_text}", None)
    return Content(text, keyboards.lobby(table, lang))


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


def panel_caption(table: Table, seat: int, lang: str) -> str:
    game = table.game
    assert game is not None
    names = table.names()
    lines = [t(lang, "panel_table", group=table.title)]
    if game.over:
        lines += final_lines(table, seat, lang)
        return "\n".join(lines)
    if game.timeouts[seat] == AFK_LIMIT - 1 and not game.auto[seat]:
        lines.append(afk_warning(game, seat, lang))
    if game.auto[seat]:
        lines.append(t(lang, "panel_auto"))
    elif seat in table.readings:
        lines.append(t(lang, "choose_reading", cards=cards_text(table.readings[seat][0], lang)))
    elif seat in game_deciders(table):
        lines.append(t(lang, "panel_your_turn", seconds=seconds_left(table)))
        selected = table.selections.get(seat)
        if game.phase is Phase.PLAYING and selected and any(selected):
            lines.append(
                t(lang, "panel_selected", cards=cards_text(Cards.from_counts(selected), lang))
            )
        if game.phase is Phase.PLAYING:
            if game.to_beat is not None and game.to_beat_seat is not None:
                lines.append(
                    t(
                        lang,
                        "panel_to_beat",
                        play=combo_text(game.to_beat, lang),
                        name=names[game.to_beat_seat],
                    )
                )
            else:
                lines.append(t(lang, "panel_lead"))
            if table.tracker:
                lines.append(t(lang, "panel_tracker", cards=tracker_text(game, seat, lang)))
    elif game.turn is not None and game.phase is not Phase.DOUBLING:
        lines.append(t(lang, "panel_waiting", name=names[game.turn]))
    else:
        lines.append(t(lang, "panel_waiting_all"))
    return "\n".join(lines)


def game_deciders(table: Table) -> set[int]:
    """Seats whose decision the table waits for now."""
    game = table.game
    if game is None or game.over:
        return set()
    if game.phase is Phase.DOUBLING:
        return {s for s, d in enumerate(game.doubled) if d is None}
    if game.phase in (Phase.SHOW_START, Phase.DEALING):
        return set()
    return set() if game.turn is None else {game.turn}


def panel_content(table: Table, seat: int, keyboards: Keyboards, lang: str) -> Content:
    """A player's DM panel: the hand picture, a caption, the decision keyboard."""
    game = table.game
    assert game is not None
    view = game.view_for(seat)
    view = dataclasses.replace(
        view, public=dataclasses.replace(view.public, deadline=table.deadline)
    )
    names = table.names()
    deciding = seat in game_deciders(table) and game.phase is Phase.PLAYING
    hand_key = "".join(f"{int(c):02x}" for c in view.hand)
    mode = f"turn{table.version}" if deciding else ("over" if game.over else "wait")
    markup = keyboards.panel(table, seat, lang)
    return Content(
        panel_caption(table, seat, lang),
        markup,
        photo_key=f"h{table.hand_no}:{hand_key}:{mode}:{game.rules.wild_rank}",
        render=lambda: render_hand(view, None, lang, names),
    )
