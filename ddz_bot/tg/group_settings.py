"""A group's settings panel (/settings): the default game, room, time-outs, language, tracker,
the AI's level, the season (monthly or weekly, its time zone), and each game's own options
(its ``GameOptions``: 斗地主's bidding and wildcard, 保皇's guard, 烤牌, 憋6, 抢独).

Each button moves its setting to the next value; the admins' check is the handler's. The
message ends with the game a plain /newgame opens.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from telegram import InlineKeyboardMarkup

from ddz_bot.games import GAMES
from ddz_bot.kernel import ROOMS

from ..config import Settings
from ..i18n import LANGS, t
from ..storage import AILevel, Database, SeasonPeriod
from .codec import BadCallback
from .keyboards import Keyboards
from .lobby import group_defaults, group_game
from .season_calendar import TIME_ZONES, zone_name

__all__ = ["cycle_setting", "settings_view"]

#: the time-outs a button cycles through, seconds
_STEPS = {"bid": [10, 15, 20, 30], "double": [5, 10, 15, 20], "play": [15, 20, 30, 45, 60]}
#: the AI's levels as the button cycles them: from the default (hard) to the gentlest, up again
_AI_LEVELS = (AILevel.HARD, AILevel.EASY, AILevel.NORMAL)


async def settings_view(
    db: Database,
    settings: Settings,
    keyboards: Keyboards,
    chat_id: int,
    title: str,
) -> tuple[str, InlineKeyboardMarkup]:
    """The /settings message of a group: its text and one button a setting."""
    group = await db.get_group(chat_id) or await db.ensure_group(
        chat_id, title, defaults=group_defaults(settings, chat_id)
    )
    lang = group.language

    def onoff(value: bool) -> str:
        return t(lang, "on" if value else "off")

    text = t(
        lang,
        "settings",
        room=t(lang, f"room_{group.room}"),
        bid=group.bid_seconds,
        double=group.double_seconds,
        play=group.play_seconds,
        lang=t(group.language, "lang_name"),
        tracker=onoff(group.tracker),
        ai=t(lang, f"ai_level_{group.ai_level.value}"),
    )
    for name in GAMES:
        text += "".join("\n" + line for line in GAMES[name].options.settings_lines(group, lang))
    rules = group_game(group)
    game = GAMES.for_rules(rules).options.describe(rules, lang)
    season = await db.season_settings(chat_id)
    period = t(lang, f"season_{season.period.value}")
    zone = zone_name(season, lang)
    text += "\n" + t(lang, "season_settings", period=period, zone=zone)
    text += "\n" + t(lang, "settings_next_game", game=game)
    values = {
        "game": t(lang, "btn_game", game=GAMES.chosen(group.game).options.title(lang)),
        "room": t(lang, "btn_room", room=t(lang, f"room_{group.room}")),
        "bid": t(lang, "btn_bid_seconds", seconds=group.bid_seconds),
        "double": t(lang, "btn_double_seconds", seconds=group.double_seconds),
        "play": t(lang, "btn_timeouts", seconds=group.play_seconds),
        "lang": t(lang, "btn_lang", lang=t(group.language, "lang_name")),
        "tracker": t(lang, "btn_tracker", value=onoff(group.tracker)),
        "ai_level": t(lang, "btn_ai_level", level=t(lang, f"ai_level_{group.ai_level.value}")),
    }
    values["season"] = t(lang, "btn_season_period", period=period)
    values["zone"] = t(lang, "btn_season_zone", zone=zone)
    for name in GAMES:  # each game's own options, after the table's
        values.update(GAMES[name].options.settings_buttons(group, lang))
    return text, keyboards.settings(values)


async def cycle_setting(db: Database, chat_id: int, key: str) -> None:
    """Move one setting to its next value (the button's ``key``); a game's own option is
    its ``GameOptions``' to move (all its changes in one write)."""
    group = await db.get_group(chat_id)
    if group is None:
        return
    changes: dict[str, Any] = {}
    if key == "room":
        keys = [r.key for r in ROOMS]
        changes["room"] = keys[(keys.index(group.room) + 1) % len(keys)]
    elif key in _STEPS:
        field = f"{key}_seconds"
        current = getattr(group, field)
        later = [s for s in _STEPS[key] if s > current]
        changes[field] = later[0] if later else _STEPS[key][0]
    elif key == "lang":
        changes["language"] = LANGS[(LANGS.index(group.language) + 1) % len(LANGS)]
    elif key == "tracker":
        changes["tracker"] = not group.tracker
    elif key == "ai_level":
        changes["ai_level"] = _AI_LEVELS[(_AI_LEVELS.index(group.ai_level) + 1) % len(_AI_LEVELS)]
    elif key in ("season", "zone"):
        await _cycle_season(db, chat_id, key, group.language)
        return
    elif key == "game":
        games = list(GAMES)  # every game the bot hosts
        current = games.index(GAMES.chosen(group.game).name)
        changes["game"] = games[(current + 1) % len(games)]
    else:
        for name in GAMES:
            found = GAMES[name].options.cycle(group, key)
            if found is not None:
                changes = found
                break
        else:
            raise BadCallback(key, "unknown setting")
    await db.update_group(chat_id, **changes)


async def _cycle_season(db: Database, chat_id: int, key: str, lang: str) -> None:
    """The season's length (monthly, weekly) or its time zone, to the next value; it counts
    from the season that begins next (the current one keeps the hands it has)."""
    season = await db.season_settings(chat_id)
    if key == "season":
        periods = list(SeasonPeriod)
        period = periods[(periods.index(season.period) + 1) % len(periods)]
        await db.set_season_settings(replace(season, period=period))
        return
    current = zone_name(season, lang)
    zones = list(TIME_ZONES)
    following = zones[(zones.index(current) + 1) % len(zones)] if current in zones else zones[0]
    await db.set_season_settings(replace(season, time_zone=following))
