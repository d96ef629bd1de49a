"""The schema as numbered, append-only migrations, one list for both engines.

Migration *n* takes a database from version ``n - 1`` to ``n`` (SQLite keeps the version in
``PRAGMA user_version``, PostgreSQL in the table ``ddz_schema``). Never edit a migration that
has shipped: append a new one. Each runs in one transaction together with the version bump,
so a crash mid-migration leaves the previous version intact.

Each migration has its SQLite text and its PostgreSQL text (the same text where the two agree).
PostgreSQL came at version 7: its databases begin with the whole schema of version 7 in one
script (``POSTGRESQL_BASELINE``), so the migrations before it have no PostgreSQL text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .migration_8 import SEASONS_AND_TOURNAMENTS, SQLITE_FINISH_INDEX
from .migration_9 import TOURNAMENT_MESSAGE
from .migration_10 import WORKERS_POSTGRESQL, WORKERS_SQLITE
from .migration_11 import DEMAND_POSTGRESQL, DEMAND_SQLITE

__all__ = ["LATEST_VERSION", "MIGRATIONS", "POSTGRESQL_BASELINE", "Migration"]


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the schema: its number and its text for each engine."""

    number: int
    sqlite: str
    #: ``None`` before PostgreSQL was supported (its databases start at the baseline)
    postgresql: str | None = None


_V1_PLAYERS_AND_LEDGER: Final = """
CREATE TABLE players (
    user_id         INTEGER PRIMARY KEY,
    display_name    TEXT    NOT NULL,
    language        TEXT,
    beans           INTEGER NOT NULL CHECK (beans >= 0),
    points          INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
    landlord_wins   INTEGER NOT NULL DEFAULT 0,
    landlord_losses INTEGER NOT NULL DEFAULT 0,
    farmer_wins     INTEGER NOT NULL DEFAULT 0,
    farmer_losses   INTEGER NOT NULL DEFAULT 0,
    streak          INTEGER NOT NULL DEFAULT 0,
    best_streak     INTEGER NOT NULL DEFAULT 0,
    is_ai           INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
    daily_streak    INTEGER NOT NULL DEFAULT 0,
    last_daily_on   TEXT,
    created_at      TEXT    NOT NULL,
    last_seen_at    TEXT    NOT NULL
);

-- Append-only: a player's beans always equal the sum of their rows. ``op_key`` makes every
-- operation idempotent: the hand id for a settlement, the day for a daily bonus.
CREATE TABLE ledger (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES players (user_id),
    delta         INTEGER NOT NULL,
    balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
    reason        TEXT    NOT NULL CHECK (reason IN
                  ('settle', 'fee', 'escape', 'daily', 'relief', 'initial', 'admin')),
    hand_id       TEXT,
    op_key        TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    UNIQUE (user_id, reason, op_key)
);
CREATE INDEX ledger_by_hand ON ledger (hand_id) WHERE hand_id IS NOT NULL;

CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
"""

_V2_GROUPS_HANDS_TABLES: Final = """
CREATE TABLE groups (
    chat_id        INTEGER PRIMARY KEY,
    title          TEXT    NOT NULL DEFAULT '',
    language       TEXT    NOT NULL DEFAULT 'zh-Hans',
    room           TEXT    NOT NULL DEFAULT 'beginner',
    bidding        TEXT    NOT NULL DEFAULT 'grab' CHECK (bidding IN ('grab', 'points')),
    wildcard       INTEGER NOT NULL DEFAULT 0 CHECK (wildcard IN (0, 1)),
    bid_seconds    INTEGER NOT NULL DEFAULT 15 CHECK (bid_seconds > 0),
    double_seconds INTEGER NOT NULL DEFAULT 10 CHECK (double_seconds > 0),
    play_seconds   INTEGER NOT NULL DEFAULT 30 CHECK (play_seconds > 0),
    tracker        INTEGER NOT NULL DEFAULT 1 CHECK (tracker IN (0, 1)),
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);

CREATE TABLE group_players (
    chat_id         INTEGER NOT NULL,
    user_id         INTEGER NOT NULL REFERENCES players (user_id),
    hands           INTEGER NOT NULL DEFAULT 0,
    first_played_at TEXT    NOT NULL,
    last_played_at  TEXT    NOT NULL,
    PRIMARY KEY (chat_id, user_id)
) WITHOUT ROWID;

-- Finished hands; the primary key is what makes a settlement impossible to apply twice.
CREATE TABLE hands (
    hand_id      TEXT PRIMARY KEY,
    table_id     TEXT,
    chat_id      INTEGER,
    room         TEXT NOT NULL,
    rules        TEXT NOT NULL,
    seats        TEXT NOT NULL,
    result       TEXT NOT NULL,
    multipliers  TEXT NOT NULL,
    bean_changes TEXT NOT NULL,
    started_at   TEXT NOT NULL,
    finished_at  TEXT NOT NULL,
    settled_at   TEXT NOT NULL
);
CREATE INDEX hands_by_chat ON hands (chat_id, finished_at DESC);

CREATE TABLE hand_players (
    hand_id      TEXT    NOT NULL REFERENCES hands (hand_id),
    user_id      INTEGER NOT NULL REFERENCES players (user_id),
    role         TEXT    NOT NULL CHECK (role IN ('landlord', 'farmer')),
    won          INTEGER NOT NULL CHECK (won IN (0, 1)),
    beans_delta  INTEGER NOT NULL,
    points_delta INTEGER NOT NULL,
    finished_at  TEXT    NOT NULL,
    PRIMARY KEY (hand_id, user_id)
) WITHOUT ROWID;
CREATE INDEX hand_players_by_user ON hand_players (user_id, finished_at DESC);

-- Tables in play: the game snapshot and the Telegram messages showing it.
CREATE TABLE tables (
    table_id         TEXT PRIMARY KEY,
    chat_id          INTEGER NOT NULL,
    hand_id          TEXT,
    state            TEXT    NOT NULL,
    version          INTEGER NOT NULL DEFAULT 0,
    table_message_id INTEGER,
    panel_messages   TEXT    NOT NULL DEFAULT '{}',
    deadline         TEXT,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
CREATE INDEX tables_by_chat ON tables (chat_id);

-- Every accepted action of every hand, in order (replays, and resuming after a crash).
CREATE TABLE hand_actions (
    hand_id    TEXT    NOT NULL,
    seq        INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (hand_id, seq)
) WITHOUT ROWID;
"""

_V3_LEADERBOARD_INDEXES: Final = """
-- Leaderboards and ranks walk these in order; AI players are never listed.
CREATE INDEX players_by_beans ON players (beans DESC, user_id) WHERE is_ai = 0;
CREATE INDEX players_by_points ON players (points DESC, user_id) WHERE is_ai = 0;
CREATE INDEX group_players_by_user ON group_players (user_id);
"""

_V4_GROUP_GAMES: Final = """
-- The game a plain /newgame opens in the group, and 保皇's table options.
ALTER TABLE groups ADD COLUMN game TEXT NOT NULL DEFAULT 'doudizhu'
    CHECK (game IN ('doudizhu', 'baohuang'));
ALTER TABLE groups ADD COLUMN bh_method TEXT NOT NULL DEFAULT 'fixed'
    CHECK (bh_method IN ('fixed', 'called'));
ALTER TABLE groups ADD COLUMN bh_roast INTEGER NOT NULL DEFAULT 0 CHECK (bh_roast IN (0, 1));
ALTER TABLE groups ADD COLUMN bh_six INTEGER NOT NULL DEFAULT 0 CHECK (bh_six IN (0, 1));
ALTER TABLE groups ADD COLUMN bh_grab INTEGER NOT NULL DEFAULT 0 CHECK (bh_grab IN (0, 1));
"""

_V5_GROUP_AI_LEVEL: Final = """
-- How strongly the AI seats and 托管 play at the group's tables (the AI's level names).
ALTER TABLE groups ADD COLUMN ai_level TEXT NOT NULL DEFAULT 'hard'
    CHECK (ai_level IN ('easy', 'normal', 'hard'));
"""

_V6_ANY_GROUP_GAME: Final = """
-- A group's game may be any game the bot hosts (the registry knows them, not the schema),
-- and games keep their options by name in one JSON column: {game: {option: value}}.
-- SQLite cannot drop a column's CHECK, so the table is rebuilt with the same rows.
CREATE TABLE groups_v6 (
    chat_id        INTEGER PRIMARY KEY,
    title          TEXT    NOT NULL DEFAULT '',
    language       TEXT    NOT NULL DEFAULT 'zh-Hans',
    room           TEXT    NOT NULL DEFAULT 'beginner',
    bidding        TEXT    NOT NULL DEFAULT 'grab' CHECK (bidding IN ('grab', 'points')),
    wildcard       INTEGER NOT NULL DEFAULT 0 CHECK (wildcard IN (0, 1)),
    bid_seconds    INTEGER NOT NULL DEFAULT 15 CHECK (bid_seconds > 0),
    double_seconds INTEGER NOT NULL DEFAULT 10 CHECK (double_seconds > 0),
    play_seconds   INTEGER NOT NULL DEFAULT 30 CHECK (play_seconds > 0),
    tracker        INTEGER NOT NULL DEFAULT 1 CHECK (tracker IN (0, 1)),
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL,
    game           TEXT    NOT NULL DEFAULT 'doudizhu' CHECK (game <> ''),
    bh_method      TEXT    NOT NULL DEFAULT 'fixed' CHECK (bh_method IN ('fixed', 'called')),
    bh_roast       INTEGER NOT NULL DEFAULT 0 CHECK (bh_roast IN (0, 1)),
    bh_six         INTEGER NOT NULL DEFAULT 0 CHECK (bh_six IN (0, 1)),
    bh_grab        INTEGER NOT NULL DEFAULT 0 CHECK (bh_grab IN (0, 1)),
    ai_level       TEXT    NOT NULL DEFAULT 'hard' CHECK (ai_level IN ('easy', 'normal', 'hard')),
    game_options   TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(game_options))
);
INSERT INTO groups_v6 (chat_id, title, language, room, bidding, wildcard, bid_seconds,
    double_seconds, play_seconds, tracker, created_at, updated_at, game, bh_method, bh_roast,
    bh_six, bh_grab, ai_level)
SELECT chat_id, title, language, room, bidding, wildcard, bid_seconds, double_seconds,
    play_seconds, tracker, created_at, updated_at, game, bh_method, bh_roast, bh_six, bh_grab,
    ai_level
FROM groups;
DROP TABLE groups;
ALTER TABLE groups_v6 RENAME TO groups;
"""

_V7_GAMES_OWN_WORDS: Final = """
-- Storage keeps what the games tell it without knowing any: a hand's game and each seat's
-- role in the game's own words (``landlord``, ``emperor``, ``rebel``; '' for a game without
-- sides), a player's record by game and role, and a group's options only in ``game_options``.
-- Until now every game's seats were stored as 斗地主's two sides: 保皇's emperor as the
-- landlord, its guard and rebels as farmers; 跑得快's first out as the landlord.
-- (DROP COLUMN needs SQLite 3.35 or newer.)

-- 1. Each hand names its game (the rules of 保皇 and 跑得快 hands said it; 斗地主's did not).
ALTER TABLE hands ADD COLUMN game TEXT NOT NULL DEFAULT '';
UPDATE hands SET game = COALESCE(json_extract(rules, '$.game'), 'doudizhu');

-- 2. A player's wins and losses by game and role, written with each settlement. The counts
-- a player's row holds beyond the hands stored for it are 斗地主's (the only game before the
-- hands named theirs): on the stored sides, landlord and farmer.
CREATE TABLE player_records (
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    game    TEXT    NOT NULL CHECK (game <> ''),
    role    TEXT    NOT NULL,
    wins    INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses  INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    PRIMARY KEY (user_id, game, role)
) WITHOUT ROWID;
WITH stored AS (
    SELECT p.user_id, p.landlord_wins, p.landlord_losses, p.farmer_wins, p.farmer_losses,
        COALESCE(SUM(hp.role = 'landlord' AND hp.won = 1), 0) AS lw,
        COALESCE(SUM(hp.role = 'landlord' AND hp.won = 0), 0) AS ll,
        COALESCE(SUM(hp.role = 'farmer' AND hp.won = 1), 0) AS fw,
        COALESCE(SUM(hp.role = 'farmer' AND hp.won = 0), 0) AS fl
    FROM players p LEFT JOIN hand_players hp ON hp.user_id = p.user_id
    GROUP BY p.user_id
),
beyond (user_id, role, wins, losses) AS (
    SELECT user_id, 'landlord', MAX(landlord_wins - lw, 0), MAX(landlord_losses - ll, 0)
    FROM stored
    UNION ALL
    SELECT user_id, 'farmer', MAX(farmer_wins - fw, 0), MAX(farmer_losses - fl, 0) FROM stored
)
INSERT INTO player_records (user_id, game, role, wins, losses)
SELECT user_id, 'doudizhu', role, wins, losses FROM beyond WHERE wins > 0 OR losses > 0;
ALTER TABLE players DROP COLUMN landlord_wins;
ALTER TABLE players DROP COLUMN landlord_losses;
ALTER TABLE players DROP COLUMN farmer_wins;
ALTER TABLE players DROP COLUMN farmer_losses;

-- 3. The seats' roles in their game's words, with no list of allowed roles, and the
-- records of the hands played.
CREATE TABLE hand_players_v7 (
    hand_id      TEXT    NOT NULL REFERENCES hands (hand_id),
    user_id      INTEGER NOT NULL REFERENCES players (user_id),
    role         TEXT    NOT NULL,
    won          INTEGER NOT NULL CHECK (won IN (0, 1)),
    beans_delta  INTEGER NOT NULL,
    points_delta INTEGER NOT NULL,
    finished_at  TEXT    NOT NULL,
    PRIMARY KEY (hand_id, user_id)
) WITHOUT ROWID;
INSERT INTO hand_players_v7 (hand_id, user_id, role, won, beans_delta, points_delta,
    finished_at)
SELECT hp.hand_id, hp.user_id,
    CASE
        WHEN h.game = 'baohuang' AND hp.role = 'landlord' THEN 'emperor'
        WHEN h.game = 'baohuang' AND hp.user_id = json_extract(h.seats,
            '$[' || json_extract(h.result, '$.guard') || ']') THEN 'guard'
        WHEN h.game = 'baohuang' THEN 'rebel'
        WHEN h.game = 'paodekuai' THEN ''
        ELSE hp.role
    END,
    hp.won, hp.beans_delta, hp.points_delta, hp.finished_at
FROM hand_players hp JOIN hands h ON h.hand_id = hp.hand_id;
DROP TABLE hand_players;
ALTER TABLE hand_players_v7 RENAME TO hand_players;
CREATE INDEX hand_players_by_user ON hand_players (user_id, finished_at DESC);
INSERT INTO player_records (user_id, game, role, wins, losses)
SELECT hp.user_id, h.game, hp.role, SUM(hp.won), SUM(1 - hp.won)
FROM hand_players hp JOIN hands h ON h.hand_id = hp.hand_id
GROUP BY hp.user_id, h.game, hp.role
ON CONFLICT (user_id, game, role) DO UPDATE SET
    wins = wins + excluded.wins, losses = losses + excluded.losses;

-- 4. 斗地主's and 保皇's options join the others' in game_options, by the names their games
-- read them under (a table's rules: bidding and wildcard; method, roast, six, grab_solo).
UPDATE groups SET game_options = json_set(game_options,
    '$.doudizhu', json_object('bidding', bidding,
        'wildcard', json(iif(wildcard, 'true', 'false'))),
    '$.baohuang', json_object('method', bh_method,
        'roast', json(iif(bh_roast, 'true', 'false')),
        'six', json(iif(bh_six, 'true', 'false')),
        'grab_solo', json(iif(bh_grab, 'true', 'false'))));
ALTER TABLE groups DROP COLUMN bidding;
ALTER TABLE groups DROP COLUMN wildcard;
ALTER TABLE groups DROP COLUMN bh_method;
ALTER TABLE groups DROP COLUMN bh_roast;
ALTER TABLE groups DROP COLUMN bh_six;
ALTER TABLE groups DROP COLUMN bh_grab;
"""

_PG_V7_BASELINE: Final = """
-- The whole schema of version 7, as PostgreSQL writes it: ids, beans and points as BIGINT
-- (Telegram's ids pass 2^31), timestamps and JSON as text as on SQLite (rows copy unchanged).
CREATE TABLE players (
    user_id       BIGINT  PRIMARY KEY,
    display_name  TEXT    NOT NULL,
    language      TEXT,
    beans         BIGINT  NOT NULL CHECK (beans >= 0),
    points        BIGINT  NOT NULL DEFAULT 0 CHECK (points >= 0),
    streak        INTEGER NOT NULL DEFAULT 0,
    best_streak   INTEGER NOT NULL DEFAULT 0,
    is_ai         INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
    daily_streak  INTEGER NOT NULL DEFAULT 0,
    last_daily_on TEXT,
    created_at    TEXT    NOT NULL,
    last_seen_at  TEXT    NOT NULL
);

CREATE TABLE ledger (
    id            BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    user_id       BIGINT  NOT NULL REFERENCES players (user_id),
    delta         BIGINT  NOT NULL,
    balance_after BIGINT  NOT NULL CHECK (balance_after >= 0),
    reason        TEXT    NOT NULL CHECK (reason IN
                  ('settle', 'fee', 'escape', 'daily', 'relief', 'initial', 'admin')),
    hand_id       TEXT,
    op_key        TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    UNIQUE (user_id, reason, op_key)
);
CREATE INDEX ledger_by_hand ON ledger (hand_id) WHERE hand_id IS NOT NULL;
CREATE INDEX ledger_by_user ON ledger (user_id, id);

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'the ledger is append-only'; END; $$;
CREATE TRIGGER ledger_no_update BEFORE UPDATE OR DELETE ON ledger
FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ledger
FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

CREATE TABLE groups (
    chat_id        BIGINT  PRIMARY KEY,
    title          TEXT    NOT NULL DEFAULT '',
    language       TEXT    NOT NULL DEFAULT 'zh-Hans',
    room           TEXT    NOT NULL DEFAULT 'beginner',
    bid_seconds    INTEGER NOT NULL DEFAULT 15 CHECK (bid_seconds > 0),
    double_seconds INTEGER NOT NULL DEFAULT 10 CHECK (double_seconds > 0),
    play_seconds   INTEGER NOT NULL DEFAULT 30 CHECK (play_seconds > 0),
    tracker        INTEGER NOT NULL DEFAULT 1 CHECK (tracker IN (0, 1)),
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL,
    game           TEXT    NOT NULL DEFAULT 'doudizhu' CHECK (game <> ''),
    ai_level       TEXT    NOT NULL DEFAULT 'hard' CHECK (ai_level IN ('easy', 'normal', 'hard')),
    game_options   TEXT    NOT NULL DEFAULT '{}' CHECK (game_options::json IS NOT NULL)
);

CREATE TABLE group_players (
    chat_id         BIGINT  NOT NULL,
    user_id         BIGINT  NOT NULL REFERENCES players (user_id),
    hands           INTEGER NOT NULL DEFAULT 0,
    first_played_at TEXT    NOT NULL,
    last_played_at  TEXT    NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);

CREATE TABLE hands (
    hand_id      TEXT PRIMARY KEY,
    table_id     TEXT,
    chat_id      BIGINT,
    room         TEXT NOT NULL,
    rules        TEXT NOT NULL,
    seats        TEXT NOT NULL,
    result       TEXT NOT NULL,
    multipliers  TEXT NOT NULL,
    bean_changes TEXT NOT NULL,
    started_at   TEXT NOT NULL,
    finished_at  TEXT NOT NULL,
    settled_at   TEXT NOT NULL,
    game         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX hands_by_chat ON hands (chat_id, finished_at DESC);
CREATE INDEX hands_by_finish ON hands (finished_at DESC);

CREATE TABLE hand_players (
    hand_id      TEXT    NOT NULL REFERENCES hands (hand_id),
    user_id      BIGINT  NOT NULL REFERENCES players (user_id),
    role         TEXT    NOT NULL,
    won          INTEGER NOT NULL CHECK (won IN (0, 1)),
    beans_delta  BIGINT  NOT NULL,
    points_delta BIGINT  NOT NULL,
    finished_at  TEXT    NOT NULL,
    PRIMARY KEY (hand_id, user_id)
);
CREATE INDEX hand_players_by_user ON hand_players (user_id, finished_at DESC);

CREATE TABLE tables (
    table_id         TEXT PRIMARY KEY,
    chat_id          BIGINT  NOT NULL,
    hand_id          TEXT,
    state            TEXT    NOT NULL,
    version          INTEGER NOT NULL DEFAULT 0,
    table_message_id BIGINT,
    panel_messages   TEXT    NOT NULL DEFAULT '{}',
    deadline         TEXT,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
CREATE INDEX tables_by_chat ON tables (chat_id);
CREATE INDEX tables_in_order ON tables (created_at, table_id);

CREATE TABLE hand_actions (
    hand_id    TEXT    NOT NULL,
    seq        INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (hand_id, seq)
);

CREATE INDEX players_by_beans ON players (beans DESC, user_id) WHERE is_ai = 0;
CREATE INDEX players_by_points ON players (points DESC, user_id) WHERE is_ai = 0;
CREATE INDEX group_players_by_user ON group_players (user_id);

CREATE TABLE player_records (
    user_id BIGINT  NOT NULL REFERENCES players (user_id),
    game    TEXT    NOT NULL CHECK (game <> ''),
    role    TEXT    NOT NULL,
    wins    INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses  INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    PRIMARY KEY (user_id, game, role)
);
"""

#: where a new PostgreSQL database begins: the whole schema of this version in one script
POSTGRESQL_BASELINE: Final = 7

#: ``MIGRATIONS[i]`` takes the schema from version ``i`` to ``i + 1``.
MIGRATIONS: Final[tuple[Migration, ...]] = (
    Migration(1, _V1_PLAYERS_AND_LEDGER),
    Migration(2, _V2_GROUPS_HANDS_TABLES),
    Migration(3, _V3_LEADERBOARD_INDEXES),
    Migration(4, _V4_GROUP_GAMES),
    Migration(5, _V5_GROUP_AI_LEVEL),
    Migration(6, _V6_ANY_GROUP_GAME),
    Migration(7, _V7_GAMES_OWN_WORDS, _PG_V7_BASELINE),
    Migration(8, SEASONS_AND_TOURNAMENTS + SQLITE_FINISH_INDEX, SEASONS_AND_TOURNAMENTS),
    Migration(9, TOURNAMENT_MESSAGE, TOURNAMENT_MESSAGE),
    Migration(10, WORKERS_SQLITE, WORKERS_POSTGRESQL),
    Migration(11, DEMAND_SQLITE, DEMAND_POSTGRESQL),
)
LATEST_VERSION: Final = len(MIGRATIONS)
