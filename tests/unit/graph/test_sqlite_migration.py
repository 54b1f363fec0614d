"""Stores written with the earlier claims layout (WITHOUT ROWID) open, move to the current one and keep working."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest

from chronomem.clock import FixedClock
from chronomem.graph import sqlite_migration
from chronomem.graph import sqlite_schema as sql
from chronomem.graph.sqlite_migration import claims_layout_is_old, migrate_claims
from chronomem.memory import Memory

T0 = datetime(2024, 6, 1, tzinfo=timezone.utc)
# The claims table as the stores before the rowid layout created it.
OLD_CLAIMS_TABLE = """
CREATE TABLE IF NOT EXISTS claims (
  group_id TEXT NOT NULL, slot TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, recorded_at INTEGER NOT NULL,
  PRIMARY KEY (group_id, slot, id)
) WITHOUT ROWID;
"""
RECORDS = [
    {"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"},
    {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"},
    {"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2020-02-01"},
    {"subject": "Bo", "predicate": "MARRIED_TO", "object": "Ana", "valid_from": "2021-07-01"},
]
MORE = [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Braga", "valid_from": "2024-01-01"}]


def old_store(path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, list]:
    """A store written by the current code with the earlier claims table; returns what it holds."""
    assert sql.CLAIMS_TABLE in sql.SCHEMA
    with monkeypatch.context() as m:
        m.setattr(sql, "SCHEMA", sql.SCHEMA.replace(sql.CLAIMS_TABLE, OLD_CLAIMS_TABLE))
        mem = Memory.open(path, clock=FixedClock(T0), group="g")
        mem.import_facts(RECORDS)
        assert claims_layout_is_old(mem.store._db)
        held = contents(mem)
        mem.close()
    return held


def contents(mem: Memory) -> dict[str, list]:
    db = mem.store._db
    return {"claims": sorted(db.execute("SELECT group_id, slot, id, body, recorded_at FROM claims")),
            "facts": sorted(db.execute(f"SELECT {sql.FACT_COLUMNS} FROM facts"))}


def test_a_store_with_the_earlier_claims_table_opens_migrated_and_keeps_working(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite"
    before = old_store(path, monkeypatch)
    mem = Memory.open(path, clock=FixedClock(T0), group="g")
    db = mem.store._db
    assert not claims_layout_is_old(db)
    assert contents(mem) == before  # every claim and fact kept
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE tbl_name = 'claims'")} == {
        "claims", "claims_key"}
    again = mem.import_facts(RECORDS)  # re-importing adds nothing: the migrated claims are found
    assert (again.facts_added, mem.stats()["fact_versions"]) == (0, len(before["facts"]))
    later = Memory(mem.store, clock=FixedClock(T0.replace(month=7)), group="g").import_facts(MORE)
    assert later.facts_added == 1 and later.facts_closed == 1  # Porto closed by Braga: earlier claims read back
    assert [f.object for f in mem.facts("Ana", predicate="LIVES_IN")] == ["Braga"]
    mem.close()


def test_the_migration_runs_once_and_is_all_or_nothing(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite"
    before = old_store(path, monkeypatch)
    db = sqlite3.connect(path, isolation_level=None)
    with monkeypatch.context() as m:  # a failure half way (after the copy) leaves the earlier layout whole
        m.setattr(sqlite_migration, "_MOVE_CLAIMS", (*sqlite_migration._MOVE_CLAIMS[:-1], "DROP TABLE nope"))
        with pytest.raises(sqlite3.OperationalError):
            migrate_claims(db)
    assert claims_layout_is_old(db)
    assert sorted(db.execute("SELECT group_id, slot, id, body, recorded_at FROM claims")) == before["claims"]
    assert migrate_claims(db) is True
    assert migrate_claims(db) is False
    assert sorted(db.execute("SELECT group_id, slot, id, body, recorded_at FROM claims")) == before["claims"]
    db.close()


def test_turns_of_a_store_from_before_turn_times_get_the_column_and_their_times(tmp_path):
    from chronomem.graph import SqliteGraphStore, WriteBatch
    from chronomem.graph.turn_times import times_of
    from chronomem.schema import Session, Turn

    path = tmp_path / "old.sqlite"
    store = SqliteGraphStore(path)
    said = datetime(2023, 5, 25, 13, tzinfo=timezone.utc)
    store.write(WriteBatch("default", session=Session(session_id="s1", started_at=said, turns=[
        Turn(speaker="Tom", text="I ran a race last Saturday.")])), recorded_at=said)
    store.close()
    with sqlite3.connect(path) as db:  # the layout before turns kept their times
        db.execute("ALTER TABLE turns DROP COLUMN times")
    reopened = SqliteGraphStore(path)
    try:
        (old,) = reopened.turns_of("default", "s1")
        assert old.times is None  # nothing stored: found from the text when read
        assert [(m.phrase, m.span.dates()) for m in times_of(old)] == [("last Saturday", "2023-05-20")]
        reopened.write(WriteBatch("default", session=Session(session_id="s2", started_at=said, turns=[
            Turn(speaker="Tom", text="We fly home tomorrow.")])), recorded_at=said)
        (new,) = reopened.turns_of("default", "s2")
        assert new.times is not None and [m.phrase for m in times_of(new)] == ["tomorrow"]
    finally:
        reopened.close()
