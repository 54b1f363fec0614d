"""SQL of the embedded store's usage, retention policies and evictions (:mod:`chronomem.graph.sqlite_lifecycle`),
as named constants; ``{}`` stands for a list of ``?`` placeholders (``sqlite_write.marks``)."""

from __future__ import annotations

from typing import Any

from chronomem.graph.codec import to_us
from chronomem.graph.importance import Usage

LIFECYCLE_SCHEMA = """
CREATE TABLE IF NOT EXISTS usage (
  group_id TEXT NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL, importance REAL NOT NULL,
  born_at INTEGER NOT NULL, used_at INTEGER, kept INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (group_id, kind, id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS policies (group_id TEXT PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS evicted_turns (
  group_id TEXT NOT NULL, id TEXT NOT NULL, session_id TEXT NOT NULL, evicted_at INTEGER NOT NULL, merged_into TEXT,
  PRIMARY KEY (group_id, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS evicted_turns_merged ON evicted_turns (group_id, merged_into) WHERE merged_into IS NOT NULL;
CREATE TRIGGER IF NOT EXISTS turns_usage_ad AFTER DELETE ON turns BEGIN
  DELETE FROM usage WHERE group_id = old.group_id AND kind = 'turn' AND id = old.id;
END;
CREATE TRIGGER IF NOT EXISTS facts_usage_ad AFTER DELETE ON facts BEGIN
  DELETE FROM usage WHERE group_id = old.group_id AND kind = 'fact' AND id = old.id;
END;
CREATE TRIGGER IF NOT EXISTS sessions_evicted_ad AFTER DELETE ON sessions BEGIN
  DELETE FROM evicted_turns WHERE group_id = old.group_id AND session_id = old.id;
END;
"""
# What delete_group removes of these tables (usage first: the triggers then find nothing to do).
DELETE_GROUP_LIFECYCLE = (
    "DELETE FROM usage WHERE group_id = ?",
    "DELETE FROM policies WHERE group_id = ?",
    "DELETE FROM evicted_turns WHERE group_id = ?",
)
# A write stores the rows of its stored turns that have none; feedback replaces them (only for stored items).
INSERT_USAGE = ("INSERT OR IGNORE INTO usage (group_id, kind, id, importance, born_at, used_at, kept) "
                "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM turns WHERE group_id = ?1 AND id = ?3)")
EVICTED_OF_SESSION = "SELECT id FROM evicted_turns WHERE group_id = ? AND session_id = ?"
REPLACE_USAGE = ("INSERT OR REPLACE INTO usage (group_id, kind, id, importance, born_at, used_at, kept) "
                 "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM turns WHERE group_id = ?1 AND id = ?3 "
                 "AND ?2 = 'turn') OR EXISTS (SELECT 1 FROM facts WHERE id = ?3 AND group_id = ?1 AND ?2 = 'fact')")
USAGE_OF_IDS = "SELECT id, importance, born_at, used_at, kept FROM usage WHERE group_id = ? AND kind = ? AND id IN ({})"
TURN_STATES = ("SELECT t.id, t.session_id, t.at, u.importance, u.born_at, u.used_at, u.kept FROM turns t "
               "LEFT JOIN usage u ON u.group_id = t.group_id AND u.kind = 'turn' AND u.id = t.id "
               "WHERE t.group_id = ? ORDER BY t.rowid")
POLICY_OF_GROUP = "SELECT body FROM policies WHERE group_id = ?"
SET_POLICY = "INSERT OR REPLACE INTO policies (group_id, body) VALUES (?, ?)"
DELETE_POLICY = "DELETE FROM policies WHERE group_id = ?"
EVICTIONS_OF_IDS = "SELECT id, session_id, evicted_at, merged_into FROM evicted_turns WHERE group_id = ? AND id IN ({})"
MERGED_INTO = ("SELECT id, session_id, evicted_at, merged_into FROM evicted_turns WHERE group_id = ? "
               "AND merged_into IN ({}) ORDER BY evicted_at, id")
# -- the eviction primitives ----------------------------------------------------------------
TURN_SESSIONS = "SELECT id, session_id FROM turns WHERE group_id = ? AND id IN ({})"
INSERT_EVICTION = ("INSERT OR REPLACE INTO evicted_turns (group_id, id, session_id, evicted_at, merged_into) "
                   "VALUES (?, ?, ?, ?, ?)")


def usage_row(group_id: str, u: Usage) -> tuple[Any, ...]:
    """The parameters of :data:`INSERT_USAGE` / :data:`REPLACE_USAGE` for ``u``."""
    return (group_id, u.kind, u.id, u.importance, to_us(u.born_at), to_us(u.used_at), int(u.kept))
