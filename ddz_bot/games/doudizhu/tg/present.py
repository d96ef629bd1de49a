"""What each chat shows of a 斗地主 table: its ``Contents`` (the presenter that hands them to
the outbox is ``tg/presenter.py``).

Contents are functions of the table, the game and a seat's half-made choices (``panels``);
pictures are drawn lazily by the outbox, only for the content that is really sent. What the
group's table message, the lobby message and each player's private panel contain is the
table's game's ``Contents`` (斗地主's are the functions here, 保皇's are
``baohuang.present``'s). What the settlement moved, the final panels read from the
finished table (``Table.settled``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Final

from ddz_bot.games.doudizhu.engine import AFK_LIMIT, Game, Phase, PublicView
from ddz_bot.games.doudizhu.render import render_hand, render_result, render_table
from ddz_bot.games.kit.contents import play_notes
from ddz_bot.i18n import t
from ddz_bot.kernel import DecisionKind, Event
from ddz_bot.render import ResultLine
from ddz_bot.tg.cardwords import cards_text, grouped_cards_text
from ddz_bot.tg.keyboards import Keyboards
from ddz_bot.tg.outbox import Content
from ddz_bot.tg.panels import SeatPanel
from ddz_bot.tg.screens import lobby_content as _lobby
from ddz_bot.tg.screens import lobby_seats, seconds_left, single_decider
from ddz_bot.tg.table import FINISHED, Seat, Table
from ddz_bot.tg.words import narrate as narrate_events

from .keyboards import DouDizhuKeyboards
from .words import (
    afk_warning,
    combo_text,
    event_line,
    multiplier_text,
    phase_key,
    play_text,
    seat_score,
    tracker_text,
)

__all__ = [
    "DouDizhuContents",
    "cards_text",
    "combo_text",
    "group_content",
    "grouped_cards_text",
    "lobby_content",
    "multiplier_text",
    "narrate",
    "panel_caption",
    "panel_content",
    "phase_key",
    "result_content",
]


def narrate(table: Table, events: Iterable[Event], lang: str) -> str | None:
    """One line for the group about what an action of a 斗地主 hand just did."""
    return narrate_events(table, events, lang, event_line, play_text)


def _ddz(table: Table) -> Game:
    """The table's 斗地主 hand (these contents are 斗地主's; 保皇 has its own)."""
    game = table.game
    assert isinstance(game, Game)
    return game


def _public(table: Table) -> PublicView:
    view = _ddz(table).public_view()
    return dataclasses.replace(view, deadline=table.deadline)


def group_caption(table: Table) -> str:
    game = _ddz(table)
    lang = table.lang
    names = table.names()
    lines = []
    phase = t(lang, phase_key(game))
    seconds = seconds_left(table)
    turn = single_decider(table)
    if game.over:
        lines.append(phase)
    elif turn is not None:
        lines.append(t(lang, "caption_turn", phase=phase, name=names[turn], seconds=seconds))
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


def final_lines(table: Table, seat: int, lang: str) -> list[str]:
    """A player's own result, for their final panel: won or lost, their beans and balance,
    the multiplier, spring (R-SPRING); who escaped (R-ESCAPE)."""
    game = _ddz(table)
    outcome = game.outcome()
    if outcome is None or outcome.aborted:
        return [t(lang, "result_aborted")]
    settled = {line.seat: line for line in table.settled}
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


def lobby_content(
    table: Table,
    keyboards: Keyboards,
    *,
    closed_text: str | None = None,
) -> Content:
    lang = table.lang

    def face_up(seat: Seat) -> str:
        return t(lang, "lobby_show_start") if seat.show_start else ""

    seats = lobby_seats(table, lang, closed=closed_text is not None, mark=face_up)
    text = t(
        lang,
        "lobby",
        room=t(lang, f"room_{table.room}"),
        game=t(lang, f"game_{table.rules}"),
        seats=seats,
    )
    return _lobby(text, closed_text, lambda: keyboards.lobby(table, lang))


def panel_caption(
    table: Table,
    seat: int,
    lang: str,
    panel: SeatPanel | None = None,
    *,
    seconds: int | None = None,
) -> str:
    """A player's panel caption; ``seconds``: what its clock shows (default: the time left)."""
    game = _ddz(table)
    panel = panel or SeatPanel()
    names = table.names()
    lines = [t(lang, "panel_table", group=table.title)]
    if panel.sat_down and not game.over:
        lines.append(t(lang, "panel_sat_down"))
    if game.over:
        lines += final_lines(table, seat, lang)
        return "\n".join(lines)
    if game.timeouts[seat] == AFK_LIMIT - 1 and not game.auto[seat]:
        lines.append(afk_warning(game, seat, lang))
    now = game.waiting_for()
    if game.auto[seat]:
        lines.append(t(lang, "panel_auto"))
    elif panel.reading is not None:
        lines.append(t(lang, "choose_reading", cards=cards_text(panel.reading[0], lang)))
    elif now is not None and seat in now:
        shown = seconds_left(table) if seconds is None else seconds
        lines.append(t(lang, "panel_your_turn", seconds=shown))
        if game.phase is Phase.PLAYING:
            to_beat = None
            if game.to_beat is not None and game.to_beat_seat is not None:
                to_beat = (combo_text(game.to_beat, lang), names[game.to_beat_seat])
            lines += play_notes(lang, panel.selection, to_beat, "panel_lead")
            if table.tracker:
                lines.append(t(lang, "panel_tracker", cards=tracker_text(game, seat, lang)))
    else:
        lines.append(waiting_line(table, seat, lang))
    return "\n".join(lines)


#: the phases whose waiting seats are told whom they play after (the landlord is known, so
#: is the order of the play): a seat done doubling already sees its panel of the play
_PLAY_ORDER_KNOWN: Final = frozenset({Phase.DOUBLING, Phase.PLAYING})


def waiting_line(table: Table, seat: int, lang: str) -> str:
    """What a seat waiting for others' decisions is told: what stays true until its own
    turn, so its panel is not edited at every move of the others. In the play every seat
    acts in order (a pass is an action): it plays after the seat before it, which is true
    from the doubling on (but for the landlord, who leads first); the bidding may skip
    seats, so there it is told only that its panel changes when its turn comes."""
    game = _ddz(table)
    leads = game.phase is Phase.DOUBLING and seat == game.landlord
    if game.phase in _PLAY_ORDER_KNOWN and not leads:
        before = table.names()[(seat - 1) % table.players]
        return t(lang, "panel_waiting", name=before)
    if leads or single_decider(table) is not None:
        return t(lang, "panel_waiting_turn")
    return t(lang, "panel_waiting_all")


def panel_content(
    table: Table,
    seat: int,
    keyboards: Keyboards,
    lang: str,
    panel: SeatPanel | None = None,
    *,
    since: int | None = None,
) -> Content:
    """A player's DM panel: the hand picture, a caption, the decision keyboard.

    What changes it is the seat's cards, its decision and the phase (never another seat's
    move: ``waiting_line``): its decision buttons carry ``since`` (the version since which
    its decision is open, when known), so another seat's answer leaves them as they are;
    the clock's seconds alone change nothing (the gist); a seat that stops deciding with
    the same cards keeps its picture."""
    game = _ddz(table)
    panel = panel or SeatPanel()
    view = game.view_for(seat)
    view = dataclasses.replace(
        view, public=dataclasses.replace(view.public, deadline=table.deadline)
    )
    names = table.names()
    now = game.waiting_for()
    deciding = now is not None and seat in now and now.kind is DecisionKind.PLAY
    hand_key = "".join(f"{int(c):02x}" for c in view.hand)
    cards_key = f"h{table.hand_no}:{hand_key}:{game.rules.wild_rank}"
    opened = table.version if since is None else since  # the turn's picture, drawn once
    mode = f":turn{opened}" if deciding else (":over" if game.over else "")
    markup = DouDizhuKeyboards(keyboards).panel(table, seat, lang, panel, since=since)
    return Content(
        panel_caption(table, seat, lang, panel),
        markup,
        photo_key=cards_key + mode,
        render=lambda: render_hand(view, None, lang, names),
        gist=panel_caption(table, seat, lang, panel, seconds=-1),
        keeps_picture=not mode,
    )


class DouDizhuContents:
    """斗地主's contents (the functions above)."""

    def __init__(self, keyboards: Keyboards) -> None:
        self.keyboards = keyboards

    def lobby(self, table: Table, *, closed_text: str | None = None) -> Content:
        return lobby_content(table, self.keyboards, closed_text=closed_text)

    def group(self, table: Table, extra: str = "") -> Content:
        return group_content(table, self.keyboards, extra)

    def result(self, table: Table, text: list[str], pictures: list[ResultLine] | None) -> Content:
        return result_content(table, self.keyboards, text, pictures)

    def panel(
        self, table: Table, seat: int, lang: str, panel: SeatPanel, *, since: int | None = None
    ) -> Content:
        return panel_content(table, seat, self.keyboards, lang, panel, since=since)
