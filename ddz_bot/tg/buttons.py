"""Button presses: each action code (``codec.Button``) has one handler, where it may be
pressed (``Place``) and, for a result's buttons, what it does once its table is gone.

Every press is answered once (text, as an alert or not, or a url to open); a refused press
raises ``Refused`` and changes nothing. A press whose answer has no text is answered as soon
as it is accepted, before the slow part (the deal, saving, the AI's moves): the button stops
spinning at once; a word that comes after that goes to the player's private chat.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from telegram import CallbackQuery, Update
from telegram.ext import ContextTypes

from ddz_bot.games import GAMES
from ddz_bot.kernel import RANK_CHARS, Cards, Pass

from ..i18n import LANGS, t
from .codec import BadCallback, Button, Callback, is_game_action
from .group_settings import cycle_setting, settings_view
from .people import Person
from .phases import TablePhase
from .refusals import Refused
from .runtime import Runtime, runtime_of
from .table import Table
from .typed import hint, play_cards

__all__ = ["BUTTONS", "GAME_BUTTON", "Answer", "Place", "Press", "Route", "button_pressed"]

#: the answer text, as an alert, a url to open
Answer = tuple[str | None, bool, str | None]
_NOTHING: Final[Answer] = (None, False, None)


class Place(StrEnum):
    """Where a button may be pressed."""

    ANYWHERE = "anywhere"  # on no table: a language, a group setting
    GROUP = "group"  # on the table's group messages (the lobby, the result)
    TABLE = "table"  # on any message of the table (My cards, the escape's confirmation)
    PANEL = "panel"  # on the presser's own private panel, during the hand


@dataclass(frozen=True, slots=True)
class Press:
    """A button pressed: by whom, on which table (None for ``Place.ANYWHERE`` and a result
    whose table is gone), at which seat (panel buttons)."""

    rt: Runtime
    query: CallbackQuery
    cb: Callback
    lang: str
    table: Table | None = None
    person: Person | None = None
    seat: int = -1

    @property
    def on_table(self) -> Table:
        assert self.table is not None
        return self.table

    @property
    def who(self) -> Person:
        assert self.person is not None
        return self.person

    def accepted(self, text: str | None = None) -> Callable[[], None]:
        """What to call once the press is accepted: it is answered then (``text`` as a
        passing note), before the slow part that follows."""
        return lambda: self.rt.answers.answer(self.query, text)

    def answer_now(self) -> None:
        self.rt.answers.answer(self.query)


Handler = Callable[[Press], Awaitable[Answer]]


@dataclass(frozen=True, slots=True)
class Route:
    place: Place
    handle: Handler
    #: a result's button once its table is gone (Again opened a new lobby): where it leads
    gone: Handler | None = None


async def button_pressed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The one callback-query handler: decode, route, answer."""
    query = update.callback_query
    if query is None:
        return
    rt = runtime_of(context)
    lang = await rt.people.lang_of(query.from_user)
    try:
        callback = rt.codec.decode(query.data)
    except BadCallback:
        rt.answers.answer(query, t(lang, "bad_button"), alert=True)
        return
    try:
        text, alert, url = await _route(Press(rt, query, callback, lang))
    except Refused as refusal:
        rt.answers.answer(query, refusal.text(lang), alert=True, refusal=True)
        return
    except BadCallback:  # signed by us, yet asking for something that doesn't exist
        rt.answers.answer(query, t(lang, "bad_button"), alert=True, refusal=True)
        return
    rt.answers.answer(query, text, alert=alert, url=url)


async def _route(press: Press) -> Answer:
    """Check where the button was pressed, then hand it to its handler."""
    rt, query, cb = press.rt, press.query, press.cb
    route = GAME_BUTTON if is_game_action(cb.action) else BUTTONS[Button(cb.action)]
    if route.place is Place.ANYWHERE:
        return await route.handle(press)
    message = query.message
    chat_id = message.chat.id if message is not None else None
    table = rt.registry.get(cb.table)
    if table is None and route.gone is not None:
        return await route.gone(press)
    if table is None:
        raise Refused("join_expired" if route.place is Place.GROUP else "stale_button")
    person = await rt.people.person(query.from_user)
    press = Press(rt, query, cb, press.lang, table, person)
    if route.place is Place.GROUP:
        if chat_id is None or chat_id != table.chat_id:
            raise Refused("bad_button")
        return await route.handle(press)
    if route.place is Place.TABLE:
        return await route.handle(press)
    # a private panel's button: only the panel's owner may press it, during the hand
    if chat_id != query.from_user.id:
        raise Refused("foreign_button")
    seat = table.seat_of(query.from_user.id)
    if seat is None:
        raise Refused("foreign_button")
    if table.game is None or table.phase != TablePhase.PLAYING or cb.version < table.hand_version:
        raise Refused("stale_button")
    return await route.handle(Press(rt, query, cb, press.lang, table, person, seat))


# ---- buttons on no table -------------------------------------------------------------------
async def _language(press: Press) -> Answer:
    rt, query, cb = press.rt, press.query, press.cb
    if cb.arg not in LANGS:
        raise BadCallback(cb.arg, "unknown language")
    user = query.from_user
    await rt.db.ensure_player(user.id, user.full_name or str(user.id))
    await rt.db.set_language(user.id, cb.arg)
    rt.people.set_lang(user.id, cb.arg)
    await rt.hands.set_language(user.id, cb.arg)
    message = query.message
    in_group = message is not None and message.chat.id != user.id
    return t(cb.arg, "lang_set_own" if in_group else "lang_set"), in_group, None


async def _tournament(press: Press) -> Answer:
    """A tournament's sign-up button: its answer once done (starting deals every board)."""
    rt, query = press.rt, press.query
    person = await rt.people.person(query.from_user)
    started = press.accepted(t(person.lang, "tour_started"))
    text = await rt.tournaments.press(press.cb.table, press.cb.arg, person, accepted=started)
    return text, False, None


async def _setting(press: Press) -> Answer:
    rt, query = press.rt, press.query
    message = query.message
    if message is None:
        raise Refused("bad_button")
    chat = message.chat
    if not await rt.people.is_admin(chat, query.from_user):
        raise Refused("admin_only")
    await cycle_setting(rt.db, chat.id, press.cb.arg)
    text, markup = await settings_view(rt.db, rt.settings, rt.keyboards, chat.id, chat.title or "")
    rt.outbox.edit(chat.id, message.message_id, text, markup)
    return t(press.lang, "settings_saved"), False, None


# ---- buttons on the group's lobby and result messages --------------------------------------
async def _join(press: Press) -> Answer:
    joined = t(press.lang, "joined", name=press.who.name)
    try:
        await press.rt.lobby.join(press.on_table, press.who, accepted=press.accepted(joined))
    except Refused as refusal:
        if refusal.key == "need_dm":
            return None, False, press.rt.deep_link(press.on_table)
        raise
    return joined, False, None


async def _leave(press: Press) -> Answer:
    await press.rt.lobby.leave_table(press.on_table, press.who)
    return t(press.lang, "left", name=press.who.name), False, None


async def _add_ai(press: Press) -> Answer:
    await press.rt.lobby.add_ai(press.on_table, press.who, accepted=press.accepted())
    return _NOTHING


async def _start(press: Press) -> Answer:
    await press.rt.lobby.start(press.on_table, press.who, accepted=press.accepted())
    return _NOTHING


async def _show_start(press: Press) -> Answer:
    on = await press.rt.lobby.toggle_show_start(press.on_table, press.who)
    return t(press.lang, "show_start_on" if on else "show_start_off"), False, None


async def _again(press: Press) -> Answer:
    try:
        await press.rt.lobby.again(press.on_table, press.who, accepted=press.accepted())
    except Refused as refusal:
        if refusal.key == "need_dm":  # the private chat first, then Again once more
            return None, False, press.rt.dm_link()
        raise
    return _NOTHING


async def _again_after(press: Press) -> Answer:
    """Again on a result whose Again opened a new lobby: sit down there."""
    rt = press.rt
    person = await rt.people.person(press.query.from_user)
    lobby = rt.registry.successor_of(press.cb.table)
    try:
        await rt.lobby.again_after(press.cb.table, person, accepted=press.accepted())
    except Refused as refusal:
        if refusal.key == "need_dm" and lobby is not None:
            return None, False, rt.deep_link(lobby)
        raise
    return _NOTHING


async def _leave_after(press: Press) -> Answer:
    """Leave on a result whose Again opened a new lobby: no longer invited there."""
    person = await press.rt.people.person(press.query.from_user)
    await press.rt.lobby.decline(press.cb.table, person)
    return t(press.lang, "left", name=person.name), False, None


# ---- buttons of a table, wherever they are -------------------------------------------------
async def _my_cards(press: Press) -> Answer:
    table = press.on_table
    seat = table.seat_of(press.who.id)
    if seat is None or table.game is None:
        raise Refused("not_seated")
    if press.cb.version != table.hand_version:
        raise Refused("stale_button")
    if table.in_hand():
        press.rt.hands.refresh_panel(table, seat, repost=True)  # back at the chat's bottom
    hand = table.game.hand(seat)
    # an alert holds 200 characters: each game writes a whole hand to fit (保皇's by groups)
    shown = GAMES.for_rules(table.rules).typing.hand_text(hand, press.lang)
    return t(press.lang, "my_cards", cards=shown), True, None


async def _escape(press: Press) -> Answer:
    table, cb = press.on_table, press.cb
    seat = table.seat_of(press.who.id)
    if seat is None or cb.arg[1:] != str(seat):
        raise Refused("foreign_button")
    if cb.version != table.hand_version or table.phase != TablePhase.PLAYING:
        raise Refused("stale_button")
    if press.query.message is not None:
        message = press.query.message
        press.rt.outbox.delete(message.chat.id, message.message_id)
    press.answer_now()  # the settlement that follows takes a while
    if cb.arg[:1] == "y":
        await press.rt.hands.escape(table, press.who.id)
    return _NOTHING


# ---- buttons of a player's panel -----------------------------------------------------------
async def _decision(press: Press) -> Answer:
    """Pass, or one of the game's own buttons (叫地主, 加倍, 明牌, 登基, 让位...): the engine
    action the table's game says it makes."""
    table, seat, cb = press.on_table, press.seat, press.cb
    game = table.game
    assert game is not None
    decision = GAMES.for_rules(table.rules).typing.button(cb.action, cb.arg, seat)
    if decision is None:
        raise BadCallback(f"{cb.action}:{cb.arg}", "no such decision")
    waiting = game.waiting_for()
    if press.rt.hands.button_current(table, seat, cb.version) and (
        decision in game.legal_actions(seat)
        if not isinstance(decision, Pass)
        else waiting is not None and seat in waiting and game.to_beat is not None
    ):
        press.answer_now()  # taken: the button stops spinning before the AI moves
    await press.rt.hands.apply_person_decision(
        table, press.who.id, cb.version, lambda g, s: decision
    )
    return _NOTHING


def _playable(press: Press, cards: Cards) -> None:
    """A play the table will take: answered at once (the AI's answers follow)."""
    table, seat = press.on_table, press.seat
    game = table.game
    waiting = None if game is None else game.waiting_for()
    if (
        game is not None
        and press.rt.hands.button_current(table, seat, press.cb.version)
        and waiting is not None
        and seat in waiting
        and game.hand(seat).contains(cards)
        and GAMES.for_rules(table.rules).typing.readings(game, cards)
    ):
        press.answer_now()


async def _rank(press: Press) -> Answer:
    table, seat, cb = press.on_table, press.seat, press.cb
    game = table.game
    assert game is not None
    if len(cb.arg) != 1 or cb.arg not in RANK_CHARS:
        raise BadCallback(cb.arg, "not a rank")
    rank = RANK_CHARS.index(cb.arg)
    held = game.hand(seat).counts()
    if held[rank] == 0:
        raise Refused("stale_button")
    panels = press.rt.presenter.panels
    chosen = list(panels.seat(table.id, seat).selection or [0] * len(held))
    typing = GAMES.for_rules(table.rules).typing
    chosen = typing.select(chosen, held, rank, cb.action == Button.ALL_RANK)
    panels.select(table.id, seat, chosen)
    press.rt.hands.refresh_panel(table, seat)
    return _NOTHING


async def _clear(press: Press) -> Answer:
    press.rt.presenter.panels.clear(press.on_table.id, press.seat)
    press.rt.hands.refresh_panel(press.on_table, press.seat)
    return _NOTHING


async def _hint(press: Press) -> Answer:
    table = press.on_table
    if not press.rt.hands.button_current(table, press.seat, press.cb.version):
        raise Refused("stale_button")
    found = await hint(press.rt, table, press.who.id)
    if found is None:
        return t(press.lang, "no_hint"), False, None
    assert table.game is not None
    shown = GAMES.for_rules(table.rules).typing.hint_text(table.game, found, press.lang)
    return t(press.lang, "panel_hint", cards=shown), False, None


async def _play(press: Press) -> Answer:
    table, seat = press.on_table, press.seat
    selection = press.rt.presenter.panels.seat(table.id, seat).selection
    if not selection or not any(selection):
        raise Refused("nothing_selected")
    cards = Cards.from_counts(selection)
    _playable(press, cards)
    await play_cards(press.rt, table, press.who.id, cards, press.cb.version)
    return _NOTHING


async def _reading(press: Press) -> Answer:
    table, seat, cb = press.on_table, press.seat, press.cb
    pending = press.rt.presenter.panels.seat(table.id, seat).reading
    if pending is None or not cb.arg.isdigit() or int(cb.arg) >= len(pending[1]):
        raise Refused("stale_button")
    cards, combos = pending
    combo = combos[int(cb.arg)]
    _playable(press, cards)
    await play_cards(
        press.rt,
        table,
        press.who.id,
        cards,
        cb.version,
        reading=(combo.kind, combo.rank, combo.length),
    )
    return _NOTHING


async def _take_back(press: Press) -> Answer:
    table, seat = press.on_table, press.seat
    game = table.game
    text = t(press.lang, "auto_off_you")
    if game is not None and game.auto[seat]:
        press.rt.answers.answer(press.query, text)  # taken back: the AI's answers may follow
    await press.rt.hands.take_back(table, press.who.id)
    return text, False, None


_ROUTES: Final[dict[Button, Route]] = {
    Button.LANGUAGE: Route(Place.ANYWHERE, _language),
    Button.SETTING: Route(Place.ANYWHERE, _setting),
    Button.JOIN: Route(Place.GROUP, _join),
    Button.LEAVE: Route(Place.GROUP, _leave, gone=_leave_after),
    Button.ADD_AI: Route(Place.GROUP, _add_ai),
    Button.START: Route(Place.GROUP, _start),
    Button.SHOW_START: Route(Place.GROUP, _show_start),
    Button.AGAIN: Route(Place.GROUP, _again, gone=_again_after),
    Button.MY_CARDS: Route(Place.TABLE, _my_cards),
    Button.ESCAPE: Route(Place.TABLE, _escape),
    Button.PASS: Route(Place.PANEL, _decision),
    Button.RANK: Route(Place.PANEL, _rank),
    Button.CLEAR: Route(Place.PANEL, _clear),
    Button.HINT: Route(Place.PANEL, _hint),
    Button.PLAY: Route(Place.PANEL, _play),
    Button.READING: Route(Place.PANEL, _reading),
    Button.TAKE_BACK: Route(Place.PANEL, _take_back),
    Button.ALL_RANK: Route(Place.PANEL, _rank),
    Button.TOURNAMENT: Route(Place.ANYWHERE, _tournament),
}
#: every button's route, built from the enum: a button without one fails at import
BUTTONS: Final[dict[Button, Route]] = {button: _ROUTES[button] for button in Button}
#: the route of every game's own buttons (``codec.game_action``): the table's game reads them
GAME_BUTTON: Final = Route(Place.PANEL, _decision)
