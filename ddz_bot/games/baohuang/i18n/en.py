"""保皇's words in English."""

from __future__ import annotations

CATALOGUE: dict[str, str] = {
    "illegal_wrong_method": "This table finds the guard another way.",
    "illegal_cannot_call": "You can't call that card: name one you hold three of, not a 2.",
    "illegal_must_take": "You must take the throne: you can call a guard.",
    "illegal_cannot_declare": "You can't declare that.",
    "illegal_six_last": "A play with a 6 must be your last (憋6).",
    "illegal_auto_locked": "Auto-play is locked for this seat until the hand ends.",
    "bh_role_emperor": "the emperor",
    "bh_role_guard": "the guard",
    "bh_role_rebel": "a rebel",
    "bh_say_nothing": "Say nothing",
    "bh_say_open_solo": "Open solo",
    "bh_say_open_guard": "Show guard",
    "bh_say_revolt": "Revolt",
    "bh_say_grab_solo": "Grab solo",
    "bh_method_fixed": "fixed guard",
    "bh_method_called": "called guard",
    "bh_opt_roast": "roast",
    "bh_opt_six": "six last",
    "bh_opt_grab": "grab solo",
    "bh_offered": "The emperor card passes to {name} (offer {n})",
    "bh_yielded": "{name} yields the throne",
    "bh_yielded_attached": "{name} yields, attaching {cards}",
    "bh_taken": "{name} takes the throne!",
    "bh_taken_attached": "{name} takes the throne and the attached {cards}!",
    "bh_called": "{name} takes the throne and calls {face} as the guard's card",
    "bh_declared_nothing": "{name} says nothing",
    "bh_declared_open_solo": "{name} plays an open solo: one against four!",
    "bh_declared_open_guard": "{name} shows: I am the guard!",
    "bh_declared_revolt": "{name} revolts!",
    "bh_declared_grab_solo": "{name} grabs the solo!",
    "bh_guard_revealed_guard_card": "The guard's card is played: {name} is the guard!",
    "bh_guard_revealed_open_guard": "{name} is the guard",
    "bh_guard_revealed_revolt": "The revolt unmasks the guard: {name}!",
    "bh_solo_revealed": "{name} was playing a hidden solo!",
    "bh_solo_grabbed": "{name} grabs the solo: one against four!",
    "bh_went_out": "{name} is out: {place}",
    "bh_place_1": "first",
    "bh_place_2": "second",
    "bh_place_3": "third",
    "bh_place_4": "fourth",
    "bh_place_5": "last",
    "bh_redealt": "Nobody took the throne: a new deal.",
    "bh_lobby": (
        "👑 Bao Huang · {room} · {options}\nSeats:\n{seats}\nPress Join to sit down. The "
        "hand starts when all five seats are taken; Start fills empty seats with AI."
    ),
    "bh_phase_dealing": "Dealing",
    "bh_phase_throne": "Throne",
    "bh_phase_declaring": "Declarations",
    "bh_phase_playing": "Play",
    "bh_phase_finished": "Finished",
    "bh_phase_aborted": "Cancelled",
    "bh_cap_game": "Bao Huang · {options}",
    "bh_cap_emperor": "Emperor: {name}",
    "bh_cap_guard": "Guard: {name}",
    "bh_cap_open_solo": "open solo",
    "bh_cap_hidden_solo": "hidden solo",
    "bh_cap_called": "guard's card: {face}",
    "bh_cap_hoes": "revolt: {names}",
    "bh_cap_attached": "attached: {cards}",
    "bh_panel_even": "A draw",
    "bh_you_are": "You are {role} (only you know).",
    "bh_you_hidden_solo": (
        "You are the emperor and hold the guard's card too: a hidden solo (only you know)."
    ),
    "bh_you_open_solo": "You are the emperor: an open solo, one against four.",
    "bh_ask_take": "The emperor card is yours: take the throne and the attached {cards}, or yield.",
    "bh_ask_take_plain": (
        "The emperor card is yours: take the throne, or yield it to the player before you?"
    ),
    "bh_ask_yield_attach": "Yielding attaches your {cards}.",
    "bh_ask_call_none": "You hold no three copies of a card to call: you can only yield.",
    "bh_ask_call": (
        "To take the throne, call a card you hold three copies of as the guard's card (four: a "
        "hidden solo): {faces}"
    ),
    "bh_ask_must_take": "The card went round once: if you can call, you must take the throne.",
    "bh_ask_declare": "Declare? You may: {words}, or say nothing.",
    "bh_panel_lead": "You lead: cards of one rank; you may add jokers.",
    "bh_six_note": "Six last: a play with a 6 must be your last cards.",
    "bh_btn_take": "Take throne",
    "bh_btn_yield": "Yield",
    "bh_btn_call": "Call {face}",
    "bh_btn_all": "All {rank}",
    "bh_result_emperor": "The emperor's side wins! Emperor: {name}.",
    "bh_result_rebels": "The rebels win! Emperor {name}'s side loses.",
    "bh_result_solo_emperor": "The solo wins! {name} beats all four.",
    "bh_result_solo_rebels": "The solo loses! {name} falls to the four.",
    "bh_result_draw": "A draw: emperor {name}'s side neither wins nor loses.",
    "bh_result_places": "Places: {places}",
    "bh_result_mult": "× {multiplier} ({reasons})",
    "bh_factor_open_guard": "guard shown",
    "bh_factor_revolt": "revolt won",
    "bh_replay_head": "Last hand replay · Bao Huang · {winner}",
    "bh_replay_emperor": "the emperor's side won",
    "bh_replay_rebels": "the rebels won",
    "bh_replay_draw": "a draw",
    "settings_bh": "Bao Huang: {options}",
    "btn_bh_method": "Bao Huang guard: {method}",
    "btn_bh_roast": "Bao Huang roast: {value}",
    "btn_bh_six": "Bao Huang six last: {value}",
    "btn_bh_grab": "Bao Huang grab solo: {value}",
    "bh_you_emperor": "You are the emperor.",
    "bh_panel_waiting": "Others are deciding: your panel updates when it is your turn.",
    "bh_unknown_text": (
        "I didn't understand “{text}”. Type cards like 8888, bj 77 or sj bj 77, or pass / hint."
    ),
    "bh_rules": (
        "Bao Huang (/newgame bh): five players, four decks without 3s, 4s and 5s. Whoever "
        "holds the emperor card takes the throne or yields it; the holder of the guard's card "
        "(or the card the emperor calls) is the hidden guard. A play is cards of one rank, and "
        "you may add jokers; the order players go out decides the score (the emperor's and the "
        "guard's places), doubled by showing the guard (Show guard) or a winning revolt. An "
        "open solo is one against four. /settings offers the called guard, roast, six last and "
        "grab solo."
    ),
    "bh_pitch": "Bao Huang (保皇): five players, an emperor and a hidden guard against three "
    "rebels. /newgame bh",
}
