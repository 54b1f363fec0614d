"""A bulk import into a store without facts builds the secondary fact indexes once, at its end."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone

import pytest

from chronomem.clock import FixedClock
from chronomem.errors import InputError
from chronomem.extract.parse.importer import batches_from_records
from chronomem.graph import sqlite_schema as sql
from chronomem.graph.temporal import fact_signature
from chronomem.memory import Memory

T0 = datetime(2024, 6, 1, tzinfo=timezone.utc)
DEFERRED = set(sql.DEFERRED_FACT_INDEXES)


def records(n: int, who: str = "P") -> list[dict]:
    cities = ["Lisbon", "Porto", "Braga", "Faro"]
    return [{"subject": f"{who}{i % 50}", "predicate": "LIVES_IN", "object": cities[i % 4],
             "valid_from": f"{2000 + i // 50}-01-01"} for i in range(n)]


def indexes(db: sqlite3.Connection) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'facts'")}


def test_an_import_into_an_empty_store_defers_the_indexes_and_builds_them_at_the_end(tmp_path):
    mem = Memory.open(tmp_path / "a", clock=FixedClock(T0), group="g")
    db = mem.store._db
    assert DEFERRED <= indexes(db)
    during: list[set[str]] = []
    caches: list[int] = []
    mem.import_facts(records(300), batch_size=100, progress=lambda n: (during.append(indexes(db)), caches.append(
        db.execute("PRAGMA cache_size").fetchone()[0])))
    assert len(during) == 3 and all(not (DEFERRED & seen) for seen in during)
    assert DEFERRED <= indexes(db)
    assert caches == [-262144] * 3 and db.execute("PRAGMA cache_size").fetchone() == (-65536,)  # larger, then back
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    # the same beliefs as writing without the shortcut (another store, one record at a time)
    plain = Memory.open(tmp_path / "b", clock=FixedClock(T0), group="g")
    for rec in records(300):
        (batch,) = batches_from_records([rec], group_id="g", vocabulary=plain.store.vocabulary, said_at=T0)
        plain.store.write(batch, recorded_at=T0)
    assert sorted(map(repr, map(fact_signature, mem.store.iter_facts("g")))) == sorted(
        map(repr, map(fact_signature, plain.store.iter_facts("g"))))
    assert [f.object for f in mem.facts("P1", predicate="LIVES_IN")] == ["Faro"]  # read through the new indexes
    mem.close(), plain.close()


def test_an_import_into_a_store_with_facts_keeps_its_indexes(tmp_path):
    mem = Memory.open(tmp_path / "a", clock=FixedClock(T0), group="g")
    mem.import_facts(records(10))
    db = mem.store._db
    during: list[set[str]] = []
    Memory(mem.store, clock=FixedClock(T0), group="other").import_facts(
        records(200, "Q"), batch_size=100, progress=lambda n: during.append(indexes(db)))
    assert len(during) == 2 and all(DEFERRED <= seen for seen in during)
    mem.close()


def test_a_failed_import_still_builds_the_indexes(tmp_path):
    mem = Memory.open(tmp_path / "a", clock=FixedClock(T0), group="g")
    bad = [*records(150), {"subject": "X", "predicate": "NOT_A_PREDICATE", "object": "Y"}]
    with pytest.raises(InputError):
        mem.import_facts(bad, batch_size=100)
    assert DEFERRED <= indexes(mem.store._db)
    assert mem.stats()["fact_versions"] > 0  # the first transaction was kept
    mem.close()


def test_a_store_left_without_them_gets_them_back_when_opened(tmp_path):
    mem = Memory.open(tmp_path / "a", clock=FixedClock(T0), group="g")
    mem.import_facts(records(20))
    path = mem.store.path
    mem.close()
    db = sqlite3.connect(path)  # as an import killed between its transactions leaves it
    for name in DEFERRED:
        db.execute(sql.DROP_INDEX.format(name))
    db.commit()
    db.close()
    mem = Memory.open(tmp_path / "a", clock=FixedClock(T0), group="g")
    assert DEFERRED <= indexes(mem.store._db)
    assert [f.object for f in mem.facts("P1", predicate="LIVES_IN")] == ["Porto"]
    mem.close()
