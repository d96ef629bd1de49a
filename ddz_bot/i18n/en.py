"""English catalogue."""

from __future__ import annotations

CATALOGUE: dict[str, str] = {
    # command menu
    "cmd_start": "Start: open your private panel",
    "cmd_help": "How to play with this bot",
    "cmd_rules": "The rules and this room's numbers",
    "cmd_newgame": "Open a table in this group",
    "cmd_join": "Sit at the table",
    "cmd_leave": "Leave the table",
    "cmd_stop": "End the table (admins)",
    "cmd_balance": "Your beans and record",
    "cmd_rank": "Leaderboard",
    "cmd_daily": "Daily bonus",
    "cmd_relief": "Relief beans when you run short",
    "cmd_replay": "Replay the last hand",
    "cmd_settings": "Group settings (admins)",
    "cmd_lang": "Language",
    # general
    "welcome": "Welcome! I host card games in groups: Dou Dizhu (斗地主, three or four "
    "players) and Bao Huang (保皇, five). Add me to a group and send /newgame there "
    "(/newgame bh for Bao Huang). Your cards come to this chat, so keep it open.",
    "help": "Games: Dou Dizhu (three or four players) and Bao Huang (five).\n"
    "How to play:\n/newgame opens a table in a group; press Join (three players, or "
    "Start to fill empty seats with AI).\nYour hand comes here in private: tap ranks to "
    "select, then Play; or type cards like 33344, 10jqka, pass, hint.\n"
    "Game modes: /newgame classic | points | wildcard (lz) | four (4p) | baohuang (bh).\n"
    "/balance your beans · /rank leaderboard · /daily bonus · /relief when short · "
    "/rules · /lang language",
    "rules": "Dou Dizhu, {room} room: base x{coefficient} beans, fee {fee}, at least {min_beans} "
    "beans to sit, doubling when everyone holds over {threshold}.\n"
    "Bid for landlord (call, then grab: each grab doubles). The landlord takes the 3 "
    "bottom cards and plays alone against two farmers. Beat the last play with the same "
    "kind of a higher rank, or pass. Bombs and the rocket beat everything and double the "
    "stake. First to empty their hand wins for their side. Spring doubles.\n"
    "Time-outs: bid {bid} s, double {double} s, play {play} s; two time-outs in a row "
    "put you on auto-play. Leaving mid-hand is an escape with a penalty.",
    "group_only": "Use this command in a group.",
    "admin_only": "Only the group's admins can do that.",
    "unknown_text": "I didn't understand “{text}”. Type cards like 33344 or 10jqka, "
    "or pass / hint.",
    "unknown_decision": "I didn't understand “{text}”. You can type now: {options}.",
    "decision_not_now": "You can't “{text}” now. You can type now: {options}.",
    "typed_reading": "{cards} played as {combo}.",
    "bad_button": "This button is not valid.",
    "stale_button": "This button is out of date.",
    "foreign_button": "This panel belongs to another player.",
    "error_generic": "Something went wrong; please try again.",
    # lobby
    "lobby": "🃏 Dou Dizhu table — {room} room, {game}\nSeats:\n{seats}\n"
    "Join to sit. The hand starts when the table is full; Start fills empty seats "
    "with AI.",
    "lobby_seat": "{n}. {name}",
    "seat_empty": "(empty)",
    "ai_name": "AI {n}",
    "btn_join": "Join",
    "btn_leave": "Leave",
    "btn_add_ai": "Add AI",
    "btn_start": "Start",
    "btn_show_start": "Start face up (x5)",
    "btn_again": "Again",
    "btn_my_cards": "My cards",
    "btn_open_dm": "Open my private chat",
    "btn_confirm_leave": "Yes, leave",
    "btn_cancel": "Cancel",
    "btn_take_back": "Take back",
    "joined": "{name} sat down.",
    "left": "{name} left the table.",
    "already_seated": "You already sit at this table.",
    "table_full": "The table is full.",
    "not_seated": "You don't sit at this table.",
    "again_left_out": (
        "{names} couldn't come back to the new table (not enough beans, no "
        "private chat with me, or playing at another table)."
    ),
    "seated_elsewhere_lobby": "You already sit at the table in «{group}»; send /leave there first.",
    "seated_elsewhere_hand": "You are playing a hand in «{group}»; finish it first.",
    "need_dm": "I can't write to you yet: open a private chat with me and press Start.",
    "need_dm_group": "{name}, open a private chat with me to get your cards: {link}",
    "dm_join_done": "You sit at the table in {group}. Your cards will come here.",
    "join_expired": "That table is no longer open.",
    "lobby_closed": "The lobby closed: nobody started it.",
    "table_exists": "A table is already open in this group.",
    "lobby_emptied": "Everyone left: the table closed.",
    "no_table": "No table in this group. Send /newgame.",
    "join_in_hand": "A hand is being played here; join the next one when it ends.",
    "unknown_mode": (
        "There is no game mode “{text}”. Modes: classic, points, wildcard (lz), "
        "four (4p), baohuang (bh); e.g. /newgame four."
    ),
    "settings_next_game": "/newgame opens: {game}",
    "not_enough_beans": "You need at least {min_beans} beans to sit in this room; you hold "
    "{beans}. Try /daily.",
    "started": "The hand has started. Cards are dealt in private chats.",
    "caption_turn": "{phase} · {name} to act · {seconds} s left",
    "caption_last": "Last: {name} {play}",
    "timed_out_played": "{name} timed out: {play} played for them",
    "timed_out_passed": "{name} timed out: passed for them",
    "panel_afk_warning": "You timed out: one more time-out in a row puts you on auto-play (托管).",
    "panel_won": "You won!",
    "panel_lost": "You lost.",
    "panel_beans": "You {delta:+d} beans ({balance} left)",
    "panel_score": "{score} points",
    "panel_score:one": "{score} point",
    "panel_you_escaped": "You escaped",
    "escaped_paid": "{name} escaped (paid {beans} beans)",
    "escaped_short": "{name} escaped",
    "result_cards_left": "Cards left ({name}): {cards}",
    "result_rate": "1 point = {coefficient} beans",
    "result_note_fee": "incl. fee {fee}",
    "said_pass": "passes",
    # DM panel
    "panel_your_turn": "Your turn — {seconds} s left.",
    "panel_to_beat": "To beat: {play} ({name}).",
    "panel_selected": "Selected: {cards}",
    "panel_auto": "You are on auto-play. Press Take back to play yourself.",
    "panel_hint": "Hint: {cards}",
    "panel_tracker": "Unseen: {cards}",
    "panel_table": "Table in {group}",
    "btn_clear": "Clear",
    "btn_hint": "Hint",
    "btn_pass": "Pass",
    "btn_play": "Play",
    "card_small_joker": "SJ",
    "card_big_joker": "BJ",
    # refusals of plays
    "not_your_turn": "It is not your turn.",
    "not_playing": "You are not playing a hand now.",
    "no_table_dm": "You are not at a table: send /newgame in a group to open one, or press "
    "Join on a table there. /help tells how to play.",
    "dont_hold": "You don't hold {cards}.",
    "not_a_combo": "{cards} is not a combo.",
    "doesnt_beat": "{cards} doesn't beat {table}.",
    "must_lead": "You lead: you can't pass.",
    "nothing_selected": "Select cards first.",
    "no_hint": "Nothing beats the table: pass.",
    "illegal": "Not allowed now.",
    "illegal_wrong_phase": "Not at this step of the hand.",
    "illegal_game_over": "This hand is over.",
    "illegal_bad_seat": "You have no seat in this hand.",
    "illegal_already_answered": "You already answered.",
    # absence
    "timed_out": "{name} timed out.",
    "auto_on": "{name} is on auto-play (托管).",
    "auto_off": "{name} plays again.",
    "dm_failed": "I can't reach {name} in private; press “My cards” to see your hand,"
    " or send me /start in private to get your panel back.",
    "my_cards": "Your hand: {cards}",
    "escape_confirm": "Leaving now is an escape: you will pay a penalty of {beans} beans. "
    "Leave anyway?",
    "escaped": "{name} escaped and paid {beans} beans.",
    "stopped": "An admin ended the table; no beans moved.",
    "result_pending": "The hand is over; its result is being settled and will be posted here.",
    "stop_settling": "The hand is over and its result is being settled; try /stop again shortly.",
    "closed_removed": "The bot was removed from «{group}»; the hand is void, no beans moved.",
    # results
    "result_aborted": "Hand cancelled; no beans moved.",
    "result_line": "{name}: {delta:+d} beans ({balance})",
    # profile and ranks
    "balance": "{name} · {title}\nBeans: {beans}\nPoints: {points}\nWins {wins} · losses {losses}",
    "balance_game": "{game}: {record}",
    "balance_score": "{wins}W {losses}L",
    "role_doudizhu_landlord": "landlord",
    "role_doudizhu_farmer": "farmer",
    "role_baohuang_emperor": "emperor",
    "role_baohuang_guard": "guard",
    "role_baohuang_rebel": "rebel",
    "rank_header": "Leaderboard — {scope}, by {by}",
    "rank_line": "{pos}. {name} — {value}",
    "rank_empty": "Nobody has played yet.",
    "scope_group": "this group",
    "scope_global": "everyone",
    "by_beans": "beans",
    "by_points": "points",
    "daily_ok": "+{bonus} beans! You hold {beans}. Days in a row: {streak}.",
    "daily_again": "You already claimed today's bonus. Come back tomorrow.",
    "relief_ok": "Relief: +{amount} beans. You hold {beans}; {left} more today.",
    "relief_not_needed": "Relief is for players below {below} beans. Try /daily.",
    "relief_used_up": "No more relief today. Come back tomorrow (or try /daily).",
    "replay_late": "(time-out)",
    "replay_empty": "No plays were made.",
    "replay_none": "No finished hand yet.",
    # settings and language
    "settings": "Group settings:\nRoom: {room}\n"
    "Time-outs: bid {bid} s · double {double} s · play {play} s\n"
    "Language: {lang}\nCard tracker: {tracker}\nAI level: {ai}",
    "settings_saved": "Saved.",
    "settings_ddz": "Bidding: {bidding}\nWildcard: {wildcard}",
    "room_novice": "Novice",
    "room_beginner": "Beginner",
    "room_intermediate": "Intermediate",
    "room_advanced": "Advanced",
    "bidding_grab": "call and grab",
    "bidding_points": "points 1-3",
    "on": "on",
    "off": "off",
    "btn_room": "Room: {room}",
    "btn_timeouts": "Play time-out: {seconds} s",
    "btn_bid_seconds": "Bid time-out: {seconds} s",
    "btn_double_seconds": "Double time-out: {seconds} s",
    "btn_lang": "Language: {lang}",
    "btn_tracker": "Tracker: {value}",
    "btn_ai_level": "AI level: {level}",
    "ai_level_easy": "easy",
    "ai_level_normal": "normal",
    "ai_level_hard": "hard",
    "lang_choose": "Choose your language:",
    "lang_set": "Language: English.",
    "again_invited": (
        "{name} opened a new table. {names}: press Again on the last result, "
        "or Join on the new table above, to sit down."
    ),
    "show_start_on": "You'll start face up (x5) when the hand is dealt. Press again to undo.",
    "show_start_off": "Face-up start cancelled.",
    "lobby_invited": "Invited: {names}",
    "auto_off_you": "You play yourself again.",
    "lang_set_own": (
        "Your language: English (yours only; group admins set the group's with /settings)."
    ),
    "lang_choose_group": "Choose your own language (group admins set the group's with /settings):",
    "bot_added_settings": (
        "Group admins can use /settings to choose this group's game, room and language."
    ),
    "lang_name": "English",
    "rules_bh": (
        "Bao Huang (/newgame bh): five players, four decks without 3s, 4s and 5s. Whoever "
        "holds the emperor card takes the throne or yields it; the holder of the guard's card "
        "(or the card the emperor calls) is the hidden guard. A play is cards of one rank, "
        "jokers may hang on; the order players go out decides the score (the emperor's and the "
        "guard's places), doubled by showing the guard or a winning revolt. An open solo is "
        "one against four. /settings offers the called guard, roast, six last and grab solo."
    ),
    "btn_game": "Default game: {game}",
    "game_doudizhu": "Dou Dizhu",
    "game_baohuang": "Bao Huang",
    "game_paodekuai": "Pao De Kuai",
    # the live table (Mini App)
    "btn_open_table": "🃏 Open table",
    "btn_live_panel": "🃏 Play at the live table",
    "live_stale": "The table has moved on: look again.",
    "live_bad_play": "Not cards: {text}",
}
