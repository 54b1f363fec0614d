"""The bulk-import shortcuts change nothing: cached ids, brand-new slots, batched entity and
full-text rows, the paused garbage collector."""

from __future__ import annotations

import copy
import gc
import random
import sqlite3
import threading
from datetime import datetime, timedelta, timezone

import pytest

from chronomem.clock import FixedClock
from chronomem.errors import InputError
from chronomem.extract.parse.importer import batches_from_records
from chronomem.graph import SqliteGraphStore
from chronomem.graph.temporal import fact_signature
from chronomem.memory import Memory
from chronomem.schema import CORE_VOCABULARY as V
from chronomem.schema.models import Claim, Source, stable_id

T0 = datetime(2024, 6, 1, tzinfo=timezone.utc)


def rows(seed: int, n: int) -> list[dict]:
    """Overlapping, out-of-order records over a few people: one-valued, many-valued and symmetric slots."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        who = f"P{rng.randrange(8)}"
        predicate = rng.choice(["LIVES_IN", "WORKS_AT", "LEADS", "USES", "MARRIED_TO", "FRIEND_OF"])
        obj = f"P{rng.randrange(8)}" if predicate in ("MARRIED_TO", "FRIEND_OF") else rng.choice(["Acme", "Lisbon", "Porto", "Redis"])
        if obj == who:
            continue
        rec = {"subject": who, "predicate": predicate, "object": obj, "object_type": rng.choice(["OTHER", "ORG", "PLACE"])}
        start = 2000 + rng.randrange(20)
        if rng.random() < 0.8:
            rec["valid_from"] = f"{start}-{rng.randrange(1, 13):02d}-01"
        if rng.random() < 0.3:
            rec["valid_to"] = f"{start + 1 + rng.randrange(3)}-01-01"
        if rng.random() < 0.3:
            rec["sources"] = [f"s{rng.randrange(4)}:{rng.randrange(3)}"]
        out.append(rec)
    return out


def current_beliefs(store: SqliteGraphStore, group: str) -> list[tuple]:
    return sorted(map(repr, (fact_signature(f) for f in store.iter_facts(group))))


def test_claim_id_is_cached_and_recomputed_when_the_claim_changes():
    c = Claim(subject_id="a", predicate="LIVES_IN", object_id="b", at=T0, said_at=T0)
    first = c.id
    assert c.__dict__["id"] == first  # cached
    moved = c.model_copy(update={"object_id": "x"})
    assert moved.id == Claim(subject_id="a", predicate="LIVES_IN", object_id="x", at=T0, said_at=T0).id != first
    assert c.model_copy().id == copy.deepcopy(c).id == first
    c.sources = [Source(session_id="s1")]
    assert c.id == Claim(subject_id="a", predicate="LIVES_IN", object_id="b", at=T0, said_at=T0,
                         sources=[Source(session_id="s1")]).id != first
    assert "id" not in c.model_dump()


def test_stable_id_text_of_datetimes_is_str():
    """Remembered UTC texts are exactly ``str``; an equal instant with another offset hashes differently."""
    import hashlib

    plus_two = T0.astimezone(timezone(timedelta(hours=2)))
    for value in (T0, T0 + timedelta(microseconds=5), plus_two, None, ("a", 1.0), True):
        for _ in range(2):
            text = "x\x1f" + ("" if value is None else str(value))
            assert stable_id("x", value) == hashlib.sha256(text.encode()).hexdigest()[:20]
    assert stable_id(T0) != stable_id(plus_two)


def test_batch_mixing_new_and_existing_slots_keeps_the_timeline():
    """Slots first seen in a batch are not read back; ones with stored claims are. Either way the
    current beliefs equal those of one big batch (the timeline depends on the claims only)."""
    records = rows(1, 600)
    one = SqliteGraphStore(":memory:")
    for batch in batches_from_records(records, group_id="g", vocabulary=one.vocabulary, said_at=T0, batch_size=10_000):
        one.write(batch, recorded_at=T0)
    many = SqliteGraphStore(":memory:")
    for n, batch in enumerate(batches_from_records(records, group_id="g", vocabulary=many.vocabulary, said_at=T0, batch_size=37)):
        many.write(batch, recorded_at=T0 + timedelta(seconds=n))
    assert current_beliefs(one, "g") == current_beliefs(many, "g")
    assert many.stats("g")["fact_versions"] > many.stats("g")["facts"]  # later batches did close and replace versions
    expired = [f for f in many.iter_facts("g", include_expired=True) if f.expired_at is not None]
    assert expired and all(f.expired_at > f.recorded_at or f.expired_at == f.recorded_at for f in expired)


def test_full_text_rows_match_fact_rows(tmp_path):
    store = SqliteGraphStore(tmp_path / "m.sqlite")
    for seed in (1, 2, 3):  # new slots, then overlapping ones that expire and insert versions
        for batch in batches_from_records(rows(seed, 300), group_id="g", vocabulary=store.vocabulary, said_at=T0,
                                          batch_size=50):
            store.write(batch, recorded_at=T0)
    db = store._db
    assert db.execute("SELECT count(*) FROM facts_fts").fetchone() == db.execute("SELECT count(*) FROM facts").fetchone()
    db.execute("INSERT INTO facts_fts (facts_fts, rank) VALUES ('integrity-check', 1)")  # raises when out of step
    hits = {i for i, _ in store.fulltext("g", "lives", kind="fact", limit=10_000)}
    assert hits == {f.id for f in store.iter_facts("g", include_expired=True) if "lives" in f.statement}
    store.close()


def test_a_store_made_with_the_old_trigger_indexes_each_fact_once(tmp_path):
    path = tmp_path / "m.sqlite"
    SqliteGraphStore(path).close()
    db = sqlite3.connect(path)
    db.execute("CREATE TRIGGER facts_ai AFTER INSERT ON facts BEGIN "
               "INSERT INTO facts_fts (rowid, statement) VALUES (new.rowid, new.statement); END")
    db.commit()
    db.close()
    store = SqliteGraphStore(path)
    for batch in batches_from_records(rows(4, 50), group_id="g", vocabulary=store.vocabulary, said_at=T0):
        store.write(batch, recorded_at=T0)
    assert store._db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'facts_ai'").fetchone() == (0,)
    store._db.execute("INSERT INTO facts_fts (facts_fts, rank) VALUES ('integrity-check', 1)")
    assert len(store.fulltext("g", "lives", kind="fact", limit=1000)) == sum("lives" in f.statement for f in store.iter_facts("g", include_expired=True))  # noqa: E501
    store.close()


def test_entity_rows_are_written_in_entity_order_around_updates():
    """New entities are inserted in bulk, flushed before an update: full-text rowids are those of
    writing one entity at a time (as the store did before bulk inserts)."""
    store = SqliteGraphStore(":memory:")
    first = [{"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme"}]  # Acme: OTHER
    second = [{"subject": "Bo", "predicate": "WORKS_AT", "object": "Initech", "object_type": "ORG"},
              {"subject": "Cy", "predicate": "WORKS_AT", "object": "acme", "object_type": "ORG"},  # upgrades Acme
              {"subject": "Di", "predicate": "LIVES_IN", "object": "Lisbon"}]
    for records in (first, second):
        for batch in batches_from_records(records, group_id="g", vocabulary=store.vocabulary, said_at=T0):
            store.write(batch, recorded_at=T0)
    # Acme's old row (2) was the last one: deleting it before Bo's insert would have given Bo rowid 2
    rows = store._db.execute("SELECT rowid, names FROM entities_fts ORDER BY rowid").fetchall()
    assert rows == [(1, "Ana"), (3, "Bo"), (4, "Initech"), (5, "Cy"), (6, "Acme"), (7, "Di"), (8, "Lisbon")]
    assert {e.name: e.type for e in store.iter_entities("g")}["Acme"] == "ORG"
    assert [e.id for e in store.find_entities("g", "ACME")] == [e.id for e in store.iter_entities("g") if e.name == "Acme"]
    assert store.stats("g")["entities"] == 7


def test_import_restores_the_garbage_collector():
    mem = Memory.open(":memory:", clock=FixedClock(T0), embedder=None)
    assert gc.isenabled()
    mem.import_facts(rows(5, 20))
    assert gc.isenabled()
    gc.disable()
    try:
        mem.import_facts(rows(6, 20))
        assert not gc.isenabled()
    finally:
        gc.enable()
    try:
        mem.import_facts([{"subject": "Ana", "predicate": "NOT_A_PREDICATE", "object": "x"}])
    except Exception:
        pass
    assert gc.isenabled()


def test_import_frees_each_batch_s_reference_cycles_before_the_next():
    """The Neo4j driver's transaction objects refer to each other and hold a batch's parameters;
    with the collector paused for the whole import they piled up (about 1 GB at 1M records)."""
    import weakref

    class Cycle:
        def __init__(self) -> None:
            self.me = self

    made: list[weakref.ref] = []
    alive_at_write: list[int] = []

    class CyclicStore(SqliteGraphStore):
        def write(self, batch, *, recorded_at):
            alive_at_write.append(sum(r() is not None for r in made))
            cycle = Cycle()
            made.append(weakref.ref(cycle))
            return super().write(batch, recorded_at=recorded_at)

    mem = Memory(CyclicStore(":memory:"), clock=FixedClock(T0))
    assert gc.isenabled()
    mem.import_facts(rows(7, 60), batch_size=10)
    assert len(made) >= 5
    assert max(alive_at_write) == 0


def test_records_built_without_validation_equal_validated_ones():
    """Import claims and entities, fact versions and rows read back are built with ``trusted``:
    validating them again gives equal models with the same JSON (claim bodies are stored as JSON)."""
    from chronomem.schema import CORE_VOCABULARY
    from chronomem.schema.models import Entity, Fact

    (batch,) = batches_from_records(rows(8, 40), group_id="g", vocabulary=CORE_VOCABULARY, said_at=T0)
    for claim in batch.claims:
        again = Claim.model_validate(claim.model_dump())
        assert again == claim and again.model_dump_json() == claim.model_dump_json() and again.id == claim.id
    for entity in batch.entities:
        assert Entity.model_validate(entity.model_dump()).model_dump_json() == entity.model_dump_json()
    store = SqliteGraphStore(":memory:")
    store.write(batch, recorded_at=T0)
    facts = list(store.iter_facts("g", include_expired=True))
    assert facts
    for fact in facts:
        assert Fact.model_validate(fact.model_dump()).model_dump_json() == fact.model_dump_json()


def test_trusted_fills_defaults_in_declared_order_and_refuses_unknown_or_missing_fields():
    import pytest

    from chronomem.schema.models import Entity, trusted

    a, b = trusted(Claim, {"subject_id": "a", "predicate": "P", "object_id": "b", "said_at": T0}), \
        trusted(Claim, {"said_at": T0, "object_id": "b", "predicate": "P", "subject_id": "a"})
    assert list(a.__dict__) == list(b.__dict__) == list(Claim.model_fields)  # declared order, whatever the given one
    assert a == Claim(subject_id="a", predicate="P", object_id="b", said_at=T0) and a.id == b.id
    assert a.sources is not b.sources and a.qualifiers is not b.qualifiers  # a fresh default per instance
    with pytest.raises(TypeError, match=r"Entity has no field \['nme'\]"):
        trusted(Entity, {"id": "e_1", "name": "Ana", "nme": "x"})
    with pytest.raises(TypeError, match="Claim needs subject_id"):
        trusted(Claim, {"predicate": "P", "said_at": T0})


def _moves(people: str, per_person: int) -> list[dict]:
    """``per_person`` moves of each person, one person's records after another's (A A B B ...)."""
    return [{"subject": who, "predicate": "LIVES_IN", "object": f"City {year % 3}", "valid_from": f"{year}-01-01"}
            for who in people for year in range(2000, 2000 + per_person)]


def test_subject_runs_end_a_full_batch_where_its_subject_changes():
    """A batch that is full goes on to its subject's last record (at most twice the batch size), so
    consecutive batches share no slot of that subject; records of one subject interleaved with
    others' still split, and a bad record after a held batch still has that batch written first."""
    def sizes(records: list[dict], batch_size: int, **kwargs) -> list[list[str]]:  # each batch's subject ids
        return [[c.subject_id for c in b.claims] for b in batches_from_records(
            records, group_id="g", vocabulary=V, said_at=T0, batch_size=batch_size, **kwargs)]

    three = _moves("ABC", 3)
    assert list(map(len, sizes(three, 4))) == [4, 4, 1]  # as before: A's and B's slots span batches
    runs = sizes(three, 4, subject_runs=True)
    assert list(map(len, runs)) == [6, 3] and not set(runs[0]) & set(runs[1])
    assert list(map(len, sizes(_moves("A", 9), 2, subject_runs=True))) == [4, 4, 1]  # the hard cap
    interleaved = [r for pair in zip(_moves("A", 4), _moves("B", 4)) for r in pair]
    mixed = sizes(interleaved, 3, subject_runs=True)  # each subject's slot still spans every batch
    assert list(map(len, mixed)) == [3, 3, 2] and all(len(set(b)) == 2 for b in mixed)

    written: list[int] = []
    bad = [*_moves("A", 3), {"subject": "A", "predicate": "NOT_A_PREDICATE", "object": "X"}]
    with pytest.raises(InputError, match="record 4"):
        for batch in batches_from_records(bad, group_id="g", vocabulary=V, said_at=T0, batch_size=2, subject_runs=True):
            written.append(len(batch.claims))
    assert written == [3]


class _TwoWriterStore(SqliteGraphStore):
    """The embedded store saying it takes two import writers (as Neo4j does), writing one at a time."""

    import_writers = 2

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.lock, self.sizes = threading.Lock(), []

    def write(self, batch, *, recorded_at):
        with self.lock:
            self.sizes.append(len(batch.claims))
            return super().write(batch, recorded_at=recorded_at)


def test_an_import_with_writers_in_flight_ends_its_batches_at_subject_changes():
    """Where batches are written at once, a batch ends where its subject's records do (the next
    batch has nothing of that subject's to wait for); progress counts what each wrote. The embedded
    store, one writer, keeps its batches of exactly ``batch_size``."""
    store, seen = _TwoWriterStore(), []
    summary = Memory(store, clock=FixedClock(T0), group="g").import_facts(_moves("ABC", 3), batch_size=4,
                                                                           progress=seen.append)
    assert (store.sizes, seen, summary.records) == ([6, 3], [6, 3], 9)
    plain = Memory(SqliteGraphStore(":memory:"), clock=FixedClock(T0), group="g")
    seen.clear()
    plain.import_facts(_moves("ABC", 3), batch_size=4, progress=seen.append)
    assert seen == [4, 4, 1]
    assert sorted(map(repr, map(fact_signature, store.iter_facts("g")))) == sorted(
        map(repr, map(fact_signature, plain.store.iter_facts("g"))))
