"""retract and forget, on every backend: transaction-time expiry, and erasure that leaves no trace."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from chronomem.errors import InputError
from chronomem.graph.erasure import Erasure, target_digest
from chronomem.graph.retraction import retract
from chronomem.schema import Mention, Session, Turn
from tests.contract.test_store_contract import World, d, names

SECRET = "Zorblaxian"  # an entity name found nowhere else
SECRET_TEXT = "quixotically"  # a word of one turn's text


@pytest.fixture
def world(store):
    return World(store.test_group)


def traces(store, text: str) -> int:
    """How often ``text`` occurs in the stored bytes: the SQLite file and its WAL, or any property
    of any node or relationship of the Neo4j graph."""
    if hasattr(store, "_db"):
        store._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        files = [Path(store.path), Path(store.path + "-wal")]
        return sum(f.read_bytes().count(text.encode()) for f in files if f.exists())
    statement = "MATCH (n) RETURN properties(n) AS p UNION ALL MATCH ()-[r]->() RETURN properties(r) AS p"
    with store._session() as session:  # vectors (bytes) are no text: their repr may spell anything by chance
        return sum(repr({k: v for k, v in r["p"].items() if not isinstance(v, bytes)}).count(text)
                   for r in session.run(statement))


def flush(store) -> None:
    """Move the WAL into the main SQLite file, so the content is in the pages erasure must clean."""
    if hasattr(store, "_db"):
        store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def audit(kind, target, by="tester"):
    return Erasure(kind=kind, target_sha256=target_digest(kind, target), erased_at=d(2025), erased_by=by)


def two_sessions(store, world):
    """s-1 (turns mention SECRET, one says SECRET_TEXT) and s-2 (about Bo); a fact from both."""
    secret, lisbon, bo, acme = world.e(SECRET, "PERSON"), world.e("Lisbon", "PLACE"), world.e("Bo", "PERSON"), world.e("Acme", "ORG")
    s1 = Session(session_id="s-1", group_id=world.group, started_at=d(2024), turns=[
        Turn(id="s-1:1", speaker="user", text=f"My friend {SECRET} moved to Lisbon, {SECRET_TEXT} enough."),
        Turn(id="s-1:2", speaker="user", text="Bo works at Acme.")])
    s2 = Session(session_id="s-2", group_id=world.group, started_at=d(2024, 2), turns=[
        Turn(id="s-2:1", speaker="user", text="Bo still works at Acme.")])
    store.write(world.batch(world.claim(SECRET, "LIVES_IN", "Lisbon", d(2023), session="s-1", turn="s-1:1"),
                            world.claim("Bo", "WORKS_AT", "Acme", d(2020), session="s-1", turn="s-1:2"),
                            session=s1, mentions=[Mention(turn_id="s-1:1", entity_id=secret.id),
                                                  Mention(turn_id="s-1:1", entity_id=lisbon.id),
                                                  Mention(turn_id="s-1:2", entity_id=bo.id)]), recorded_at=d(2024))
    store.write(world.batch(world.claim("Bo", "WORKS_AT", "Acme", d(2020), said=d(2024, 2), session="s-2", turn="s-2:1"),
                            session=s2, mentions=[Mention(turn_id="s-2:1", entity_id=acme.id)]), recorded_at=d(2024, 2))
    flush(store)


def test_retract_expires_in_transaction_time_and_reopens_the_earlier_value(store, world):
    store.write(world.batch(world.claim("Ana", "LIVES_IN", "Lisbon", d(2019))), recorded_at=d(2019))
    report = store.write(world.batch(world.claim("Ana", "LIVES_IN", "Porto", d(2023))), recorded_at=d(2023))
    (porto,) = [f for f in store.get_facts(world.group, report.new_fact_ids) if f.expired_at is None and f.valid_to is None]
    ana = world.e("Ana").id
    done = retract(store, world.group, porto.id, at=d(2024))
    assert porto.id in done.expired_fact_ids and done.retracted_at == d(2024)
    assert names(store, world, store.facts_of(world.group, [ana], as_of=d(2024, 6))) == [("Ana", "LIVES_IN", "Lisbon")]
    # still what we believed before the retraction
    before = store.facts_of(world.group, [ana], as_of=d(2024, 6), known_at=d(2023, 6))
    assert names(store, world, before) == [("Ana", "LIVES_IN", "Porto")]
    with pytest.raises(InputError, match="no longer believed"):
        retract(store, world.group, porto.id, at=d(2024, 2))
    with pytest.raises(InputError, match="no fact"):
        retract(store, world.group, "f_missing", at=d(2024))


def test_retract_before_the_fact_was_recorded_is_refused(store, world):
    report = store.write(world.batch(world.claim("Ana", "USES", "Redis", d(2019))), recorded_at=d(2020))
    with pytest.raises(InputError, match="before it was recorded"):
        retract(store, world.group, report.new_fact_ids[0], at=d(2019, 6))


def test_retract_is_scoped_to_its_group(store, world):
    report = store.write(world.batch(world.claim("Ana", "USES", "Redis", d(2019))), recorded_at=d(2020))
    with pytest.raises(InputError, match="no fact"):
        retract(store, world.group + "-other", report.new_fact_ids[0], at=d(2021))


def test_forget_entity_leaves_no_trace_but_an_audit_record(store, world):
    two_sessions(store, world)
    assert traces(store, SECRET) > 0 and traces(store, SECRET_TEXT) > 0  # the test can fail
    secret, lisbon = world.e(SECRET).id, world.e("Lisbon").id  # Lisbon: named only by what is erased
    report = store.forget_entities(world.group, [secret], audit=audit("entity", SECRET))
    assert report.entity_ids == sorted([secret, lisbon]) and report.turn_ids == ["s-1:1"] and len(report.fact_ids) == 1
    assert report.erasure.counts == {"facts": 1, "turns": 1, "claims": 1, "entities": 2, "sessions": 0}
    assert traces(store, SECRET) == 0 and traces(store, SECRET_TEXT) == 0
    assert store.find_entities(world.group, SECRET) == []
    assert all(store.fulltext(world.group, SECRET, kind=k) == [] for k in ("fact", "entity", "turn"))
    assert store.get_turns(world.group, ["s-1:1", "s-1:2"]).keys() == {"s-1:2"}
    # the rest of the group is untouched
    bo = world.e("Bo").id
    assert names(store, world, store.facts_of(world.group, [bo])) == [("Bo", "WORKS_AT", "Acme")]
    (record,) = store.erasures(world.group)
    assert record.kind == "entity" and record.erased_by == "tester" and record.target_sha256 == target_digest("entity", SECRET)
    assert SECRET not in record.model_dump_json()


def test_forget_session_erases_what_it_alone_sourced(store, world):
    two_sessions(store, world)
    report = store.forget_session(world.group, "s-1", audit=audit("session", "s-1"))
    assert sorted(report.turn_ids) == ["s-1:1", "s-1:2"]
    assert traces(store, SECRET) == 0 and traces(store, SECRET_TEXT) == 0
    assert [s.id for s in store.sessions(world.group)] == ["s-2"]
    # Bo's job was also said in s-2: it stays, citing s-2 only
    (job,) = store.facts_of(world.group, [world.e("Bo").id])
    assert {s.session_id for s in job.sources} == {"s-2"}
    # Lisbon was only in s-1: gone with it; Acme and Bo are still used
    assert store.find_entities(world.group, "Lisbon") == [] and store.find_entities(world.group, "Acme")
    assert report.erasure.counts["sessions"] == 1 and report.erasure.counts["turns"] == 2
    with pytest.raises(InputError, match="no session"):
        store.forget_session(world.group, "s-1", audit=audit("session", "s-1"))
    assert len(store.erasures(world.group)) == 1


def moved_to_porto(store, world) -> str:
    """s-a (2019): Ana lives in Lisbon; s-b (2023): she moved to Porto, which closed Lisbon in 2023."""
    for sid, year, city in (("s-a", 2019, "Lisbon"), ("s-b", 2023, "Porto")):
        session = Session(session_id=sid, group_id=world.group, started_at=d(year),
                          turns=[Turn(id=f"{sid}:1", speaker="user", text=f"Ana lives in {city}.")])
        store.write(world.batch(world.claim("Ana", "LIVES_IN", city, d(year), session=sid, turn=f"{sid}:1"),
                                session=session), recorded_at=d(year))
    ana = world.e("Ana").id
    (lisbon,) = store.facts_of(world.group, [ana], as_of=d(2020))
    assert lisbon.valid_to == d(2023)  # the test can fail: the later statement did close it
    return ana


def only_lisbon_open(store, world, ana: str, *, known_at=None) -> bool:
    facts = store.facts_of(world.group, [ana], as_of=d(2024, 6), known_at=known_at)
    return names(store, world, facts) == [("Ana", "LIVES_IN", "Lisbon")] and facts[0].valid_to is None


@pytest.mark.parametrize("what", ["session", "entity"])
def test_forget_reopens_what_only_the_erased_statement_closed(store, world, what):
    ana = moved_to_porto(store, world)
    closed = store.facts_of(world.group, [ana], as_of=d(2020))[0].id
    if what == "session":
        report = store.forget_session(world.group, "s-b", audit=audit("session", "s-b"))
    else:
        report = store.forget_entities(world.group, [world.e("Porto").id], audit=audit("entity", "Porto"))
    assert closed in report.fact_ids  # the version closed by the erased statement is erased too
    assert store.find_entities(world.group, "Porto") == []
    # now, and at every earlier known_at, as if "moved to Porto" had never been said
    assert only_lisbon_open(store, world, ana)
    for known in (d(2019, 6), d(2023, 6), d(2024, 6)):
        assert only_lisbon_open(store, world, ana, known_at=known), known
    (lisbon,) = store.facts_of(world.group, [ana], as_of=d(2024, 6))
    assert {s.session_id for s in lisbon.sources} == {"s-a"}


def test_forget_never_crosses_groups(store, world):
    two_sessions(store, world)
    other = World(world.group + "-b")
    other.e(SECRET, "PERSON")
    store.write(other.batch(other.claim(SECRET, "LIVES_IN", "Oslo", d(2022))), recorded_at=d(2022))
    try:
        store.forget_entities(world.group, [other.e(SECRET).id], audit=audit("entity", SECRET))
        assert names(store, other, store.facts_of(other.group, [other.e(SECRET).id])) == [(SECRET, "LIVES_IN", "Oslo")]
        assert store.find_entities(world.group, SECRET)  # a different id: this group's entity stays too
    finally:
        store.delete_group(other.group)


def test_sqlite_erasure_rolls_back_whole_on_failure(tmp_path, monkeypatch):
    from chronomem.graph import SqliteGraphStore
    from chronomem.graph.sqlite_erasure import SqliteErase

    store = SqliteGraphStore(tmp_path / "m.sqlite")
    store.test_group = "g"
    world = World("g")
    two_sessions(store, world)

    def boom(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(SqliteErase, "record_erasure", boom)  # the last step: everything before it rolls back
    with pytest.raises(Exception, match="nothing was erased"):
        store.forget_session("g", "s-1", audit=audit("session", "s-1"))
    assert [s.id for s in store.sessions("g")] == ["s-1", "s-2"] and store.erasures("g") == []
    store.close()
