"""The messages of a table, as every game's contents share them (``tg.screens.Contents``):
the lobby, the group's picture with its caption, the result, each seat's panel and a seat's
own result. A game gives what it draws and says of its own (``GameScreens``); this writes the
rest once: the lobby's seats, whose turn and the narration, the keyboards by phase, the
picture keys, the panel's head, the escape, the beans.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from telegram import InlineKeyboardMarkup

from ddz_bot.i18n import t
from ddz_bot.kernel import Cards, Termination
from ddz_bot.render import ResultLine
from ddz_bot.tg.cardwords import cards_text
from ddz_bot.tg.keyboards import Keyboards
from ddz_bot.tg.outbox import Content
from ddz_bot.tg.panels import SeatPanel
from ddz_bot.tg.screens import (
    lobby_content,
    lobby_seats,
    panel_picture_key,
    seconds_left,
    single_decider,
    waiting,
)
from ddz_bot.tg.table import FINISHED, Table

__all__ = [
    "GameScreens",
    "Render",
    "TableContents",
    "afk_warning",
    "game_of",
    "hand_key",
    "play_notes",
    "public_at",
    "seat_view_at",
    "turn_line",
    "your_turn",
]

G = TypeVar("G")

#: draws a picture when it is really sent (PNG bytes)
Render = Callable[[], bytes]


class GameScreens(Protocol):
    """What one game's messages show of its own."""

    #: keeps the game's panel pictures apart from another game's (``panel_picture_key``)
    mark: str

    def lobby_text(self, table: Table, seats: str) -> str:
        """The lobby's words around its ``seats`` lines (the room, the options)."""
        ...

    def head(self, table: Table) -> str | None:
        """The caption's first line, above the narration (``turn_line`` mostly)."""
        ...

    def caption_lines(self, table: Table) -> list[str]:
        """The caption's lines after the narration: the game as the group should see it."""
        ...

    def table_picture(self, table: Table) -> Render: ...

    def result_picture(self, table: Table, pictures: list[ResultLine]) -> Render | None:
        """The result's picture; ``None``: the result is told on the table's picture."""
        ...

    def panel_lines(self, table: Table, seat: int, lang: str, panel: SeatPanel) -> list[str]:
        """A seat's panel while the hand goes on, below the table's name."""
        ...

    def panel_keyboard(
        self, table: Table, seat: int, lang: str, panel: SeatPanel
    ) -> InlineKeyboardMarkup | None: ...

    def panel_picture(self, table: Table, seat: int, lang: str) -> tuple[str, Render]:
        """The seat's cards as a short text (its picture is drawn again when they change)
        and the picture."""
        ...

    def own_result(self, table: Table, seat: int, lang: str, outcome: Any) -> list[str]:
        """How the hand ended for ``seat`` when nobody escaped: won or lost, and the like."""
        ...


class TableContents:
    """A game's ``Contents``: its ``GameScreens`` inside the messages every game shows."""

    def __init__(self, keyboards: Keyboards, screens: GameScreens) -> None:
        self.keyboards = keyboards
        self.screens = screens

    # ---- the group --------------------------------------------------------------------
    def lobby(self, table: Table, *, closed_text: str | None = None) -> Content:
        seats = lobby_seats(table, table.lang, closed=closed_text is not None)
        return lobby_content(
            self.screens.lobby_text(table, seats),
            closed_text,
            lambda: self.keyboards.lobby(table, table.lang, show_start=False),
        )

    def caption(self, table: Table) -> str:
        lines = [self.screens.head(table), table.narration, *self.screens.caption_lines(table)]
        return "\n".join(line for line in lines if line)

    def group(self, table: Table, extra: str = "") -> Content:
        text = self.caption(table) + (f"\n{extra}" if extra else "")
        finished = table.phase == FINISHED
        markup = (self.keyboards.result if finished else self.keyboards.table)(table, table.lang)
        return Content(
            text[:1024],
            markup,
            photo_key=f"t{table.hand_no}:{table.version}",
            render=self.screens.table_picture(table),
        )

    def result(self, table: Table, text: list[str], pictures: list[ResultLine] | None) -> Content:
        render = self.screens.result_picture(table, pictures) if pictures else None
        if render is None:
            return self.group(table, "\n".join(text))
        return Content(
            "\n".join(text)[:1024],
            self.keyboards.result(table, table.lang),
            photo_key=f"r{table.hand_no}",
            render=render,
        )

    # ---- a player's panel ---------------------------------------------------------------
    def panel(
        self, table: Table, seat: int, lang: str, panel: SeatPanel, *, since: int | None = None
    ) -> Content:
        """A seat's panel (``since`` is not needed: the seats decide one at a time)."""
        hand, render = self.screens.panel_picture(table, seat, lang)
        return Content(
            self.panel_caption(table, seat, lang, panel),
            self.screens.panel_keyboard(table, seat, lang, panel),
            photo_key=panel_picture_key(table, seat, self.screens.mark, hand),
            render=render,
        )

    def panel_caption(self, table: Table, seat: int, lang: str, panel: SeatPanel) -> str:
        assert table.game is not None
        lines = [t(lang, "panel_table", group=table.title)]
        if table.game.over:
            return "\n".join(lines + self.final_lines(table, seat, lang))
        return "\n".join(lines + self.screens.panel_lines(table, seat, lang, panel))

    def final_lines(self, table: Table, seat: int, lang: str) -> list[str]:
        """A player's own result: the game's words for it (or who escaped), beans, balance."""
        assert table.game is not None
        outcome = table.game.outcome()
        if outcome is None or outcome.termination is Termination.ABORTED:
            return [t(lang, "result_aborted")]
        if outcome.termination is Termination.ESCAPED:
            runner = outcome.escaped
            assert runner is not None
            if runner == seat:
                parts = [t(lang, "panel_you_escaped")]
            else:
                parts = [t(lang, "escaped_short", name=table.names()[runner])]
        else:
            parts = self.screens.own_result(table, seat, lang, outcome)
        mine = {line.seat: line for line in table.settled}.get(seat)
        if mine is not None:
            parts.append(t(lang, "panel_beans", delta=mine.beans_delta, balance=mine.beans_after))
        return [" · ".join(parts)]


# ---- the pieces a game's screens are made of ------------------------------------------------
def game_of(table: Table, kind: type[G]) -> G:
    """The table's hand as its game's own class (the table holds any game's hand)."""
    game = table.game
    assert isinstance(game, kind)
    return game


def turn_line(table: Table, phase: str) -> str | None:
    """Whose turn it is and the seconds left, when one seat is asked."""
    turn = single_decider(table)
    if turn is None:
        return None
    name = table.names()[turn]
    return t(table.lang, "caption_turn", phase=phase, name=name, seconds=seconds_left(table))


def public_at(table: Table) -> Any:
    """The hand's public view with the table's deadline (the clock the picture shows)."""
    assert table.game is not None
    return dataclasses.replace(table.game.public_view(), deadline=table.deadline)


def seat_view_at(table: Table, seat: int) -> Any:
    """A seat's view whose public part has the table's deadline."""
    assert table.game is not None
    view = table.game.view_for(seat)
    return dataclasses.replace(
        view, public=dataclasses.replace(view.public, deadline=table.deadline)
    )


def hand_key(cards: Sequence[int]) -> str:
    """A seat's cards as a short text for its picture's key."""
    return "".join(f"{int(c):02x}" for c in cards)


def afk_warning(table: Table, seat: int, lang: str, limit: int) -> list[str]:
    """The warning on the time-out before 托管 (``limit`` time-outs in a row turn it on)."""
    game = table.game
    assert game is not None
    if game.timeouts[seat] == limit - 1 and not game.auto[seat]:
        return [t(lang, "panel_afk_warning")]
    return []


def your_turn(table: Table, seat: int, lang: str) -> list[str]:
    """The seat is asked now (and not on 托管): the seconds it has."""
    now = waiting(table)
    assert table.game is not None
    if now is not None and seat in now and not table.game.auto[seat]:
        return [t(lang, "panel_your_turn", seconds=seconds_left(table))]
    return []


def play_notes(
    lang: str,
    selection: list[int] | None,
    to_beat: tuple[str, str] | None,
    lead_key: str,
) -> list[str]:
    """A panel's lines while its seat plays: the cards it selected, and the play to beat
    with whose it is (``to_beat``: the play's words and the name), else that it leads."""
    lines = []
    if selection and any(selection):
        lines.append(
            t(lang, "panel_selected", cards=cards_text(Cards.from_counts(selection), lang))
        )
    if to_beat is not None:
        lines.append(t(lang, "panel_to_beat", play=to_beat[0], name=to_beat[1]))
    else:
        lines.append(t(lang, "panel_lead"))
    return lines
