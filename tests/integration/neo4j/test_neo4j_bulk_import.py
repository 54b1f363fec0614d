"""Neo4j bulk import: what a batch no longer sends, and that nothing is lost by it."""

from __future__ import annotations

from datetime import datetime, timezone

import neo4j
import pytest

from chronomem.graph import WriteBatch, cypher
from chronomem.schema import Claim, Entity, Source, entity_id

pytestmark = pytest.mark.neo4j
T = datetime(2024, 1, 1, tzinfo=timezone.utc)


def ent(group: str, name: str, etype: str = "OTHER", aliases: tuple[str, ...] = ()) -> Entity:
    return Entity(id=entity_id(group, name), group_id=group, name=name, type=etype, aliases=list(aliases))


def lives_in(group: str, who: str, where: str, year: int) -> Claim:
    return Claim(group_id=group, subject_id=entity_id(group, who), predicate="LIVES_IN", object_id=entity_id(group, where),
                 statement=f"{who} lives in {where}", at=datetime(year, 1, 1, tzinfo=timezone.utc), said_at=T,
                 sources=[Source(session_id="import")])


@pytest.fixture
def sent(monkeypatch):
    """The entity names each write's MERGE_NEW_ENTITIES statement sends, one list per statement."""
    names: list[list[str]] = []
    run = neo4j.ManagedTransaction.run

    def recording(tx, query, parameters=None, **kwargs):
        if query == cypher.MERGE_NEW_ENTITIES:
            names.append(sorted(row["props"]["name"] for row in kwargs["rows"]))
        return run(tx, query, parameters, **kwargs)

    monkeypatch.setattr(neo4j.ManagedTransaction, "run", recording)
    return names


def test_a_bulk_import_sends_an_entity_stored_as_given_once(neo4j_store, sent):
    g = neo4j_store.test_group
    ana, oslo, bergen = ent(g, "Ana", "PERSON"), ent(g, "Oslo", "PLACE"), ent(g, "Bergen", "PLACE")
    bo = ent(g, "Bo", aliases=("bo",))
    with neo4j_store.bulk_load():
        first = WriteBatch(g, entities=[ana, oslo, bo], claims=[lives_in(g, "Ana", "Oslo", 2020)])
        neo4j_store.write(first, recorded_at=T)
        ana_b = ana.model_copy(update={"aliases": ["Ana B"]})
        second = WriteBatch(g, entities=[ana_b, oslo, bergen, bo], claims=[lives_in(g, "Ana", "Bergen", 2022)])
        assert neo4j_store.write(second, recorded_at=T).entities_added == 1
        # Oslo was stored as given; a new alias, a new entity and a record that merging with itself
        # changes ("bo" is no alias of "Bo", so the store must compare) are sent
        assert sent == [["Ana", "Bo", "Oslo"], ["Ana", "Bergen", "Bo"]]
        assert neo4j_store.get_entities(g, [ana.id])[ana.id].aliases == ["Ana B"]
        third = WriteBatch(g, entities=[ana_b, oslo, bergen], claims=[lives_in(g, "Ana", "Oslo", 2023)])
        assert neo4j_store.write(third, recorded_at=T).facts_added == 1
        # Ana was merged, not stored as given, by the second batch; found stored as given now
        assert sent[2:] == [["Ana"]]
        assert neo4j_store.write(third, recorded_at=T).facts_added == 0
        assert sent[3:] == []  # all three known: no entity statement at all
        neo4j_store.delete_group(g)  # forgets them: they are created again
        assert neo4j_store.write(third, recorded_at=T).entities_added == 3
    assert [f.object_id for f in neo4j_store.facts_of(g, [ana.id])] == [oslo.id]
    neo4j_store.write(third, recorded_at=T)  # the import is over: sent again
    assert sent[-1] == ["Ana", "Bergen", "Oslo"]


def test_an_entity_erased_during_a_bulk_import_is_sent_again(neo4j_store, sent):
    from chronomem.graph.erasure import Erasure

    g = neo4j_store.test_group
    ana, oslo = ent(g, "Ana", "PERSON"), ent(g, "Oslo", "PLACE")
    batch = WriteBatch(g, entities=[ana, oslo], claims=[lives_in(g, "Ana", "Oslo", 2020)])
    with neo4j_store.bulk_load():
        neo4j_store.write(batch, recorded_at=T)
        neo4j_store.forget_entities(g, [oslo.id], audit=Erasure(kind="entity", target_sha256="0" * 64, erased_at=T,
                                                                 erased_by="test", counts={}))
        assert neo4j_store.write(batch, recorded_at=T).facts_added == 1  # Oslo created again, not assumed
    assert sent[-1] == ["Ana", "Oslo"]


def test_no_slot_keeps_a_scratch_property(neo4j_store, neo4j_driver):
    g = neo4j_store.test_group
    ana, oslo, bergen = ent(g, "Ana", "PERSON"), ent(g, "Oslo", "PLACE"), ent(g, "Bergen", "PLACE")
    neo4j_store.write(WriteBatch(g, entities=[ana, oslo], claims=[lives_in(g, "Ana", "Oslo", 2020)]), recorded_at=T)
    report = neo4j_store.write(WriteBatch(g, entities=[ana, bergen], claims=[lives_in(g, "Ana", "Bergen", 2022)]),
                               recorded_at=T)
    assert (report.claims_added, report.facts_added, report.versions_expired) == (1, 1, 1)  # the stored slot was found
    with neo4j_driver.session() as s:
        left = s.run("MATCH (l:SlotLock {group_id: $g}) RETURN l._lock AS lock, l._new AS new, size(l.claims) AS n",
                     g=g).data()
    assert left == [{"lock": None, "new": None, "n": 2}]



def test_a_created_slot_lists_its_versions_and_a_found_one_gains_the_next(neo4j_store, neo4j_driver):
    """A slot created by a write holds the ids of the versions its claims derive from its creation (two
    moves in one batch: two versions); the next batch finds it, expires one and appends its own: the
    list is always the slot's unexpired versions, the ones as-of reads go through."""
    g = neo4j_store.test_group
    places = [ent(g, n, "PLACE") for n in ("Oslo", "Bergen", "Tromso")]

    def listed_and_current() -> tuple[list[str], list[str]]:
        with neo4j_driver.session() as s:
            listed = s.run("MATCH (l:SlotLock {group_id: $g}) RETURN l.current AS ids", g=g).single()["ids"]
            current = s.run("MATCH ()-[f:FACT]->() WHERE f.group_id = $g AND f.expired_at IS NULL RETURN f.id AS id",
                            g=g).value()
        return sorted(listed), sorted(current)

    first = WriteBatch(g, entities=[ent(g, "Ana", "PERSON"), *places[:2]],
                       claims=[lives_in(g, "Ana", "Oslo", 2020), lives_in(g, "Ana", "Bergen", 2022)])
    assert neo4j_store.write(first, recorded_at=T).facts_added == 2
    listed, current = listed_and_current()
    assert len(listed) == 2 and listed == current
    later = WriteBatch(g, entities=[ent(g, "Ana", "PERSON"), places[2]], claims=[lives_in(g, "Ana", "Tromso", 2023)])
    neo4j_store.write(later, recorded_at=T)
    listed, current = listed_and_current()
    assert listed == current and len(current) == 3  # Bergen's open version expired, closed in 2023 instead
    assert [f.object_id for f in neo4j_store.facts_about(g, "Ana", as_of=datetime(2023, 6, 1, tzinfo=timezone.utc)).facts
            ] == [entity_id(g, "Tromso")]


def _fact_fulltext_state(driver) -> str | None:
    from chronomem.graph.neo4j_deferred_index import FACT_FULLTEXT, INDEX_STATE

    with driver.session() as s:
        row = s.run(INDEX_STATE, name=FACT_FULLTEXT).single()
    return None if row is None else row["state"]


def test_an_import_into_a_store_with_no_facts_builds_the_fact_fulltext_index_after_the_load(neo4j_store, neo4j_driver):
    from chronomem.graph.neo4j_deferred_index import ANY_FACT
    from chronomem.memory import Memory

    with neo4j_driver.session() as s:
        if s.run(ANY_FACT).single()["any"]:
            pytest.skip("the test database holds facts of another test")
    g = neo4j_store.test_group
    seen: list[tuple[str | None, list]] = []  # the index during the load, and a search then
    built: list[tuple[int, int]] = []

    def loaded(n: int) -> None:
        seen.append((_fact_fulltext_state(neo4j_driver), neo4j_store.fulltext(g, "Porto", kind="fact")))

    mem = Memory(neo4j_store, group=g, embedder=None)
    records = [{"subject": "Rui", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2021-03-01"},
               {"subject": "Rui", "predicate": "LIVES_IN", "object": "Faro", "valid_from": "2023-05-01"},
               {"subject": "Eva", "predicate": "LIVES_IN", "object": "Braga", "valid_from": "2022-01-01"}]
    # batches of one record, going on to the end of a subject's records: Rui's two, then Eva's
    summary = mem.import_facts(records, batch_size=1, progress=loaded, index_progress=lambda d, t: built.append((d, t)))
    assert summary.facts_added == 3
    assert seen == [(None, []), (None, [])]  # deferred: no index, and a search finds nothing rather than failing
    assert built[-1] == (100, 100) and _fact_fulltext_state(neo4j_driver) == "ONLINE"
    porto = {f.id for f in neo4j_store.iter_facts(g, include_expired=True) if "Porto" in f.statement}
    assert porto and {i for i, _ in neo4j_store.fulltext(g, "Porto", kind="fact")} == porto  # both versions


def test_an_import_into_a_store_with_facts_keeps_the_fact_fulltext_index(neo4j_store, neo4j_driver):
    g = neo4j_store.test_group
    other = WriteBatch(g, entities=[ent(g, "Ana", "PERSON"), ent(g, "Oslo", "PLACE")], claims=[lives_in(g, "Ana", "Oslo", 2020)])
    neo4j_store.write(other, recorded_at=T)
    with neo4j_store.bulk_load(index_progress=lambda d, t: pytest.fail("nothing to build")):
        assert _fact_fulltext_state(neo4j_driver) == "ONLINE"  # other facts stored: rebuilding would cost more
        neo4j_store.write(WriteBatch(g, entities=[ent(g, "Ana", "PERSON"), ent(g, "Bergen", "PLACE")],
                                     claims=[lives_in(g, "Ana", "Bergen", 2022)]), recorded_at=T)
    assert len(neo4j_store.fulltext(g, "Bergen", kind="fact")) == 1


def test_a_bulk_import_batch_does_not_wait_for_a_batch_in_flight_that_names_the_same_new_entity(neo4j_store, monkeypatch):
    """Two batches in flight both name Oslo, new to the store: the second is written while the first
    is still open (its entities were committed in a transaction of their own before its facts), where
    creating Oslo in the first batch's transaction made the second wait at Oslo for its commit."""
    import threading

    from chronomem.graph.neo4j_write import Neo4jWrite

    g = neo4j_store.test_group
    oslo = ent(g, "Oslo", "PLACE")
    first = WriteBatch(g, entities=[ent(g, "Ana", "PERSON"), oslo], claims=[lives_in(g, "Ana", "Oslo", 2020)])
    second = WriteBatch(g, entities=[ent(g, "Bo", "PERSON"), oslo], claims=[lives_in(g, "Bo", "Oslo", 2021)])
    paused, release, reports = threading.Event(), threading.Event(), {}
    lock_or_create = Neo4jWrite.lock_or_create_slots

    def pausing(self, rows):
        if threading.current_thread().name == "first":  # the first batch stops before its facts
            paused.set()
            release.wait(30)
        return lock_or_create(self, rows)

    monkeypatch.setattr(Neo4jWrite, "lock_or_create_slots", pausing)

    def write(name: str, batch: WriteBatch) -> None:
        reports[name] = neo4j_store.write(batch, recorded_at=T)

    with neo4j_store.bulk_load():
        threads = {name: threading.Thread(target=write, args=(name, batch), name=name)
                   for name, batch in (("first", first), ("second", second))}
        threads["first"].start()
        assert paused.wait(30)
        threads["second"].start()
        threads["second"].join(15)
        second_done_while_first_open = not threads["second"].is_alive()
        release.set()
        for t in threads.values():
            t.join(30)
    assert second_done_while_first_open
    assert (reports["first"].entities_added, reports["second"].entities_added) == (2, 1)
    assert reports["first"].facts_added == reports["second"].facts_added == 1
    assert sorted(f.subject_id for f in neo4j_store.facts_of(g, [oslo.id])) == sorted(
        [entity_id(g, "Ana"), entity_id(g, "Bo")])
