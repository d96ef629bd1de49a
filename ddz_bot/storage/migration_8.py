"""Migration 8: a group's seasons and its 比赛 (tournaments), the same text on both engines
(``migrations.py`` lists it). PostgreSQL's baseline has the index on the hands' finish
already; SQLite gets it here."""

from __future__ import annotations

from typing import Final

__all__ = ["SEASONS_AND_TOURNAMENTS", "SQLITE_FINISH_INDEX"]

SEASONS_AND_TOURNAMENTS: Final = """
-- A group's seasons, and its 比赛 (tournaments).
-- Seasons: how long one runs and in which time zone it begins ('' = the default of
-- the group's language). The standings are read from the finished hands; a season's final
-- standings are posted once, claimed by the row keyed by the group and the season's start,
-- which also numbers the group's seasons (/season N).
CREATE TABLE season_settings (
    chat_id    BIGINT  PRIMARY KEY,
    period     TEXT    NOT NULL DEFAULT 'monthly' CHECK (period IN ('weekly', 'monthly')),
    time_zone  TEXT    NOT NULL DEFAULT '',
    updated_at TEXT    NOT NULL
);
CREATE TABLE season_finals (
    chat_id   BIGINT  NOT NULL,
    number    INTEGER NOT NULL CHECK (number > 0),
    starts_at TEXT    NOT NULL,
    ends_at   TEXT    NOT NULL,
    period    TEXT    NOT NULL,
    time_zone TEXT    NOT NULL,
    posted_at TEXT    NOT NULL,
    PRIMARY KEY (chat_id, starts_at),
    UNIQUE (chat_id, number)
);

-- 比赛 (tournaments): the record, its entrants in the order they signed up, and one row a
-- seat of each hand it counted (keyed: a hand counts once); the standings are their sums.
CREATE TABLE tournaments (
    tournament_id BIGINT  PRIMARY KEY,
    chat_id       BIGINT  NOT NULL,
    organiser     BIGINT  NOT NULL,
    rules         TEXT    NOT NULL,
    rounds        INTEGER NOT NULL CHECK (rounds > 0),
    hands         INTEGER NOT NULL CHECK (hands > 0),
    fee           INTEGER NOT NULL CHECK (fee >= 0),
    state         TEXT    NOT NULL
                  CHECK (state IN ('signup', 'playing', 'finished', 'cancelled')),
    round         INTEGER NOT NULL DEFAULT 0,
    lang          TEXT    NOT NULL,
    title         TEXT    NOT NULL DEFAULT '',
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX tournaments_by_chat ON tournaments (chat_id, state);
CREATE TABLE tournament_entrants (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (tournament_id),
    user_id       BIGINT  NOT NULL,
    name          TEXT    NOT NULL,
    entry_order   INTEGER NOT NULL,
    joined_at     TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE TABLE tournament_hands (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (tournament_id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    hand_no       INTEGER NOT NULL,
    hand_id       TEXT    NOT NULL,
    finished_at   TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, round, board, hand_no)
);
CREATE TABLE tournament_scores (
    tournament_id BIGINT  NOT NULL,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    hand_no       INTEGER NOT NULL,
    user_id       BIGINT  NOT NULL,
    points        INTEGER NOT NULL,
    won           INTEGER NOT NULL CHECK (won IN (0, 1)),
    PRIMARY KEY (tournament_id, round, board, hand_no, user_id)
);
"""

#: the groups that played lately, for the seasons that end (PostgreSQL's baseline has it)
SQLITE_FINISH_INDEX: Final = """
CREATE INDEX hands_by_finish ON hands (finished_at);
"""
