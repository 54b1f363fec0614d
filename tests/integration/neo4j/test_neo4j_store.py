"""Neo4j-specific behaviour: schema, batching, concurrency, injection safety, atomicity, parity with SQLite."""

from __future__ import annotations

import threading
import time
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from chronomem.errors import ConfigError, InputError, StoreError
from chronomem.graph import SqliteGraphStore, WriteBatch
from chronomem.schema import Claim, Entity, Mention, Session, Source, Turn, entity_id

pytestmark = pytest.mark.neo4j

CONSTRAINTS = {
    "chronomem_entity_id": ("UNIQUENESS", ["Entity"], ["id"]),
    "chronomem_entity_name_key": ("UNIQUENESS", ["EntityName"], ["group_id", "norm"]),
    "chronomem_session_key": ("UNIQUENESS", ["Session"], ["group_id", "id"]),
    "chronomem_turn_key": ("UNIQUENESS", ["Turn"], ["group_id", "id"]),
    "chronomem_fact_id": ("RELATIONSHIP_UNIQUENESS", ["FACT"], ["id"]),
    "chronomem_slot_lock_key": ("UNIQUENESS", ["SlotLock"], ["group_id", "key"]),
    "chronomem_group_sequence_key": ("UNIQUENESS", ["GroupSequence"], ["group_id"]),
}
RANGE_ON_FACT = {"group_id", "predicate", "valid_from", "valid_to", "recorded_at", "expired_at"}
FULLTEXT = {"chronomem_entity_names": ["names"], "chronomem_fact_statement": ["statement"], "chronomem_turn_text": ["text"]}
HOSTILE = ['O\'Brien "the" `tick`', "line\nbreak\r\ttab", "x}) DETACH DELETE n //", "a` OR 1=1 MATCH (n) DETACH DELETE n //",
           "$g {id: 'x'}", "\\u0027; CALL db.clearQueryCaches() //", "名前 'ñ' \"q\""]


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


def ent(group, name, etype="OTHER", aliases=()):
    return Entity(id=entity_id(group, name), group_id=group, name=name, type=etype, aliases=list(aliases))


def claim(group, s, p, o, at=None, *, said=None, session="s1", turn=None, **kw):
    return Claim(group_id=group, subject_id=entity_id(group, s), predicate=p, object_id=entity_id(group, o), at=at,
                 said_at=said or at or d(2024), statement=f"{s} {p.lower().replace('_', ' ')} {o}",
                 sources=[Source(session_id=session, turn_id=turn)], **kw)


def schema(driver):
    with driver.session() as s:
        constraints = {r["name"]: r for r in s.run("SHOW CONSTRAINTS YIELD name, type, labelsOrTypes, properties "
                                                   "RETURN name, type, labelsOrTypes, properties")}
        indexes = {r["name"]: r for r in s.run("SHOW INDEXES YIELD name, type, entityType, labelsOrTypes, properties, state "
                                               "RETURN name, type, entityType, labelsOrTypes, properties, state")}
    return constraints, indexes


def group_node_count(driver, group):
    with driver.session() as s:
        nodes = s.run("MATCH (n) WHERE n.group_id = $g RETURN count(n) AS n", g=group).single()["n"]
        rels = s.run("MATCH ()-[r]->() WHERE r.group_id = $g RETURN count(r) AS n", g=group).single()["n"]
    return nodes + rels


def test_constraints_and_indexes_exist_after_open(neo4j_store, neo4j_driver):
    constraints, indexes = schema(neo4j_driver)
    for name, (ctype, labels, props) in CONSTRAINTS.items():
        assert name in constraints, name
        assert (constraints[name]["type"], constraints[name]["labelsOrTypes"], constraints[name]["properties"]) == (ctype, labels, props)
    fact_ranges = {r["properties"][0] for r in indexes.values()
                   if r["type"] == "RANGE" and r["labelsOrTypes"] == ["FACT"] and len(r["properties"]) == 1}
    assert RANGE_ON_FACT <= fact_ranges
    assert "slot" not in fact_ranges  # a slot's node lists its current versions
    for name, props in FULLTEXT.items():
        assert indexes[name]["type"] == "FULLTEXT" and indexes[name]["properties"] == props
    assert indexes["chronomem_fact_statement"]["entityType"] == "RELATIONSHIP"
    assert all(r["state"] == "ONLINE" for name, r in indexes.items() if name.startswith("chronomem_"))
    assert not [name for name in [*constraints, *indexes] if name.startswith("chronomem_claim")]  # claims live on slots


def test_erasures_and_vector_changes_of_a_group_are_found_through_indexes(neo4j_driver):
    """Deleting a group, listing its erasures and reading its vector changes seek an index: no label scan."""
    from chronomem.graph import cypher, cypher_vectors

    def operators(statement: str, **params) -> list[str]:
        with neo4j_driver.session() as s:
            plan = s.run("EXPLAIN " + statement, params).consume().plan
        found: list[str] = []

        def walk(p):
            found.append(p["operatorType"].split("@")[0])
            for child in p.get("children", []):
                walk(child)

        walk(plan)
        return found

    erase_group = next(st for st in cypher.DELETE_GROUP if ":Erasure" in st)
    for statement, params in ((erase_group, {"g": "x", "chunk": 10}), (cypher.ERASURES, {"g": "x"}),
                              *((cypher_vectors.CHANGED_VECTORS[k], {"g": "x", "after": 0, "upto": 9, "limit": 5})
                                for k in ("fact", "entity", "turn"))):
        ops = operators(statement, **params)
        assert any("IndexSeek" in op for op in ops) and not any("LabelScan" in op or "AllNodesScan" in op
                                                                  or "RelationshipTypeScan" in op for op in ops), ops


def test_opening_twice_is_idempotent(neo4j_store, neo4j_driver):
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    before = schema(neo4j_driver)
    with Neo4jGraphStore.from_env() as again:
        assert again.stats(neo4j_store.test_group)["entities"] == 0
    after = schema(neo4j_driver)
    assert sorted(before[0]) == sorted(after[0]) and sorted(before[1]) == sorted(after[1])


class _CountingTx:
    def __init__(self, tx, counter):
        self._tx, self._counter = tx, counter

    def run(self, *args, **kwargs):
        self._counter.append(args[0])
        return self._tx.run(*args, **kwargs)


def test_a_large_batch_is_one_transaction_of_a_few_statements(neo4j_store, monkeypatch):
    g = neo4j_store.test_group
    t0 = d(2024, 3, 1)
    n = 2000
    turns = [Turn(speaker="user", text=f"We started using tool number {i}.", at=t0 + timedelta(seconds=i)) for i in range(n)]
    session = Session(session_id="big", group_id=g, started_at=t0, turns=turns)
    entities = [ent(g, "Team", "GROUP")] + [ent(g, f"Tool {i}", "TOOL", aliases=[f"T{i}"]) for i in range(n)]
    claims = [claim(g, "Team", "USES", f"Tool {i}", t0 - timedelta(days=i), session="big", turn=f"big:{i + 1}") for i in range(n)]
    mentions = [Mention(turn_id=f"big:{i + 1}", entity_id=entity_id(g, f"Tool {i}")) for i in range(n)]
    batch = WriteBatch(g, session=session, entities=entities, claims=claims, mentions=mentions)

    transactions, statements = [], []
    real_session = neo4j_store._session

    def counting_session(**kwargs):
        session = real_session(**kwargs)
        execute_write = session.execute_write

        def counted(fn, *args, **kwargs):
            transactions.append(fn)
            return execute_write(lambda tx, *a, **k: fn(_CountingTx(tx, statements), *a, **k), *args, **kwargs)

        session.execute_write = counted
        return session

    monkeypatch.setattr(neo4j_store, "_session", counting_session)
    started = time.perf_counter()
    report = neo4j_store.write(batch, recorded_at=t0)
    elapsed = time.perf_counter() - started
    assert (report.claims_added, report.facts_added, report.entities_added, report.session_added) == (n, n, n + 1, True)
    # one write transaction; the insertion numbers (of the turns, of the versions) in two of their own
    numbering = [fn for fn in transactions if fn.__qualname__.startswith("Neo4jGraphStore.reserve.")]
    assert len(transactions) - len(numbering) == 1 and len(numbering) <= 2, "one write transaction per batch"
    assert len(statements) <= 20, statements
    assert elapsed < 60, f"2,000 claims took {elapsed:.1f}s"
    stats = neo4j_store.stats(g)
    assert (stats["claims"], stats["facts"], stats["turns"], stats["entities"]) == (n, n, n, n + 1)
    assert neo4j_store.turns_mentioning(g, [entity_id(g, "Tool 7")]) == ["big:8"]
    again = neo4j_store.write(batch, recorded_at=t0 + timedelta(days=1))
    assert (again.claims_added, again.facts_added, again.versions_expired, again.session_added) == (0, 0, 0, False)


def test_concurrent_sessions_on_one_slot_keep_a_consistent_timeline(neo4j_store):
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    g = neo4j_store.test_group
    cities = [f"City {i}" for i in range(12)]
    entities = [ent(g, "Ana", "PERSON")] + [ent(g, c, "PLACE") for c in cities]
    batches = []
    for i, city in enumerate(cities):
        sid = f"s{i}"
        session = Session(session_id=sid, group_id=g, started_at=d(2030, 1, 1 + i),
                          turns=[Turn(speaker="Ana", text=f"I moved to {city}.")])
        c = claim(g, "Ana", "LIVES_IN", city, d(2000 + (i * 7) % 12), said=d(2030, 1, 1 + i), session=sid, turn=f"{sid}:1")
        batches.append(WriteBatch(g, session=session, entities=entities, claims=[c]))
    barrier, errors = threading.Barrier(2), []

    def writer(store, part):
        try:
            for b in part:
                barrier.wait(timeout=30)
                store.write(b, recorded_at=datetime.now(timezone.utc))
        except Exception as e:  # surfaced below
            errors.append(e)

    with Neo4jGraphStore.from_env() as second:
        threads = [threading.Thread(target=writer, args=(s, batches[i::2])) for i, s in enumerate((neo4j_store, second))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors, errors
    assert neo4j_store.stats(g)["claims"] == len(cities) and len(neo4j_store.sessions(g)) == len(cities)
    facts = neo4j_store.facts_of(g, [entity_id(g, "Ana")], predicate="LIVES_IN")
    for a, b in zip(facts, facts[1:]):
        assert a.valid_to == b.valid_from, "adjacent stints must touch, never overlap"
    assert facts[-1].valid_to is None
    for year in range(2000, 2013):
        assert len(neo4j_store.facts_of(g, [entity_id(g, "Ana")], as_of=d(year, 6))) == 1
    reference = SqliteGraphStore(":memory:")
    for b in batches:
        reference.write(b, recorded_at=d(2031))
    expected = [(f.object_id, f.valid_from, f.valid_to) for f in reference.iter_facts(g)]
    assert sorted((f.object_id, f.valid_from, f.valid_to) for f in facts) == sorted(expected)


def test_hostile_names_are_stored_verbatim_and_found(neo4j_store, neo4j_driver):
    g = neo4j_store.test_group
    entities = [ent(g, name, aliases=[name + " alias"]) for name in HOSTILE] + [ent(g, "Lisbon", "PLACE")]
    claims = [claim(g, name, "LIVES_IN", "Lisbon", d(2020)) for name in HOSTILE]
    neo4j_store.write(WriteBatch(g, entities=entities, claims=claims), recorded_at=d(2021))
    for name in HOSTILE:
        (found,) = neo4j_store.find_entities(g, name)
        assert found.name == name and found.aliases == [name + " alias"]
        assert [e.name for e in neo4j_store.find_entities(g, name + " alias")] == [name]
        assert neo4j_store.fulltext(g, name, kind="entity", limit=len(HOSTILE) + 1)
    assert neo4j_store.stats(g)["facts"] == len(HOSTILE)
    assert group_node_count(neo4j_driver, g) > 2 * len(HOSTILE)
    other = f"g'\"}}) DETACH DELETE n // {uuid.uuid4().hex[:6]}"
    try:
        neo4j_store.write(WriteBatch(other, entities=[ent(other, "Ana"), ent(other, "Oslo")],
                                     claims=[claim(other, "Ana", "LIVES_IN", "Oslo", d(2020))]), recorded_at=d(2021))
        assert other in neo4j_store.groups() and neo4j_store.stats(other)["facts"] == 1
    finally:
        neo4j_store.delete_group(other)
    assert neo4j_store.stats(g)["facts"] == len(HOSTILE)


def test_a_failing_batch_writes_nothing(neo4j_store, neo4j_driver):
    g = neo4j_store.test_group
    session = Session(session_id="s1", group_id=g, started_at=d(2024), turns=[Turn(speaker="Ana", text="I live in Lisbon.")])
    good = claim(g, "Ana", "LIVES_IN", "Lisbon", d(2020), turn="s1:1")
    dangling = claim(g, "Ana", "WORKS_AT", "Nowhere Inc", d(2020), turn="s1:1")
    batch = WriteBatch(g, session=session, entities=[ent(g, "Ana"), ent(g, "Lisbon")], claims=[good, dangling],
                       mentions=[Mention(turn_id="s1:1", entity_id=entity_id(g, "Ana"))])
    with pytest.raises(InputError, match="unknown entities"):
        neo4j_store.write(batch, recorded_at=d(2024))
    bad_mention = WriteBatch(g, session=session, entities=[ent(g, "Ana")],
                             mentions=[Mention(turn_id="s1:1", entity_id=entity_id(g, "Ghost"))])
    with pytest.raises(InputError):
        neo4j_store.write(bad_mention, recorded_at=d(2024))
    assert neo4j_store.stats(g) == {k: 0 for k in neo4j_store.stats(g)}
    assert neo4j_store.sessions(g) == [] and g not in neo4j_store.groups()
    assert group_node_count(neo4j_driver, g) == 0  # no slot locks, sequences or name nodes left either


def test_an_entity_id_of_another_group_is_refused(neo4j_store, neo4j_driver):
    g, other = neo4j_store.test_group, neo4j_store.test_group + "-b"
    try:
        neo4j_store.write(WriteBatch(other, entities=[Entity(id="shared", group_id=other, name="Ana")]), recorded_at=d(2024))
        with pytest.raises(InputError, match="already belongs"):
            neo4j_store.write(WriteBatch(g, entities=[ent(g, "Lisbon"), Entity(id="shared", group_id=g, name="Ana")]),
                              recorded_at=d(2024))
        assert group_node_count(neo4j_driver, g) == 0
    finally:
        neo4j_store.delete_group(other)


@pytest.mark.parametrize("query", ['title:"x" AND (y* OR ~z)', '"', "\\", "*", "?", "AND OR NOT", "field:[a TO b]", "/re.*x/",
                                   '+-&&||!(){}[]^"~*?:\\/', "x}) DETACH DELETE n //", "migration~0.8^4", ""])
def test_fulltext_treats_lucene_syntax_as_text(neo4j_store, query):
    g = neo4j_store.test_group
    session = Session(session_id="s1", group_id=g, started_at=d(2024), turns=[Turn(speaker="user", text="How did the migration go?")])
    neo4j_store.write(WriteBatch(g, session=session, entities=[ent(g, "Team"), ent(g, "Redis")],
                                 claims=[claim(g, "Team", "USES", "Redis", d(2020))]), recorded_at=d(2024))
    for kind in ("entity", "fact", "turn"):
        hits = neo4j_store.fulltext(g, query, kind=kind)
        assert isinstance(hits, list)
    if "migration" in query:
        assert [h for h, _ in neo4j_store.fulltext(g, query, kind="turn")] == ["s1:1"]


def test_delete_group_removes_everything_of_that_group_only(neo4j_store, neo4j_driver):
    g, other = neo4j_store.test_group, neo4j_store.test_group + "-keep"
    for group in (g, other):
        session = Session(session_id="s1", group_id=group, started_at=d(2024), turns=[Turn(speaker="Ana", text="Lisbon!")])
        neo4j_store.write(WriteBatch(group, session=session, entities=[ent(group, "Ana", aliases=["Annie"]), ent(group, "Lisbon")],
                                     claims=[claim(group, "Ana", "LIVES_IN", "Lisbon", d(2020))],
                                     mentions=[Mention(turn_id="s1:1", entity_id=entity_id(group, "Ana"))]), recorded_at=d(2024))
    try:
        neo4j_store.delete_group(g)
        assert group_node_count(neo4j_driver, g) == 0 and g not in neo4j_store.groups()
        assert neo4j_store.fulltext(g, "Lisbon", kind="entity") == []
        assert neo4j_store.stats(other) == {"entities": 2, "sessions": 1, "turns": 1, "claims": 1, "facts": 1, "fact_versions": 1}
        neo4j_store.delete_group("no-such-group")
    finally:
        neo4j_store.delete_group(other)


def test_connection_failure_says_how_to_start_neo4j():
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    with pytest.raises(StoreError, match="NEO4J_URI"):
        Neo4jGraphStore("bolt://127.0.0.1:9", user="neo4j", password="x")


@pytest.mark.parametrize("password", ["wrong-password", None])
def test_bad_credentials_say_so_instead_of_start_neo4j(neo4j_store, monkeypatch, password):
    from chronomem.memory import Memory

    if password is None:
        monkeypatch.delenv("NEO4J_PASSWORD", raising=False)
    else:
        monkeypatch.setenv("NEO4J_PASSWORD", password)
    with pytest.raises(StoreError) as caught:
        Memory.open(neo4j_uri=neo4j_store.uri)
    message = str(caught.value)
    assert "refused the credentials" in message and "NEO4J_PASSWORD" in message
    assert "start Neo4j" not in message
    assert ("no password" in message) == (password is None)


def test_from_env_without_uri_is_a_config_error(monkeypatch):
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    monkeypatch.delenv("NEO4J_URI", raising=False)
    with pytest.raises(ConfigError, match="NEO4J_URI"):
        Neo4jGraphStore.from_env()


# What the store before claims moved onto their slots' nodes wrote: one node per claim.
_OLD_CLAIM_SCHEMA = ("CREATE CONSTRAINT chronomem_claim_key IF NOT EXISTS FOR (c:Claim)"
                     " REQUIRE (c.group_id, c.slot, c.id) IS UNIQUE",
                     "CREATE INDEX chronomem_claim_slot IF NOT EXISTS FOR (c:Claim) ON (c.slot)")
_TO_OLD_LAYOUT = """
MATCH (l:SlotLock {group_id: $g})
UNWIND range(0, size(l.claim_ids) - 1) AS i
CREATE (:Claim {group_id: $g, slot: l.key, id: l.claim_ids[i], body: l.claims[i], recorded_at: 0})
WITH DISTINCT l REMOVE l.claim_ids, l.claims
"""


def test_a_store_with_one_node_per_claim_is_migrated_onto_the_slots(neo4j_store, neo4j_driver):
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    g = neo4j_store.test_group
    entities = [ent(g, "Ana", "PERSON"), ent(g, "Lisbon", "PLACE"), ent(g, "Porto", "PLACE")]
    batch = WriteBatch(g, entities=entities, claims=[claim(g, "Ana", "LIVES_IN", "Lisbon", d(2020)),
                                                     claim(g, "Ana", "LIVES_IN", "Porto", d(2022))])
    neo4j_store.write(batch, recorded_at=d(2024))
    before = neo4j_store.stats(g)
    with neo4j_driver.session() as s:
        for statement in _OLD_CLAIM_SCHEMA:
            s.run(statement).consume()
        s.run(_TO_OLD_LAYOUT, g=g).consume()
        assert s.run("MATCH (c:Claim {group_id: $g}) RETURN count(c) AS n", g=g).single()["n"] == 2
    reopened = Neo4jGraphStore.from_env()
    try:
        with neo4j_driver.session() as s:
            assert s.run("MATCH (c:Claim) RETURN count(c) AS n").single()["n"] == 0
        constraints, indexes = schema(neo4j_driver)
        assert not [name for name in [*constraints, *indexes] if name.startswith("chronomem_claim")]
        assert reopened.stats(g) == before and before["claims"] == 2
        again = reopened.write(batch, recorded_at=d(2025))  # the moved claims are known: nothing new
        assert (again.claims_added, again.facts_added, again.versions_expired) == (0, 0, 0)
        back = WriteBatch(g, entities=entities[:2], claims=[claim(g, "Ana", "LIVES_IN", "Lisbon", d(2023))])
        later = reopened.write(back, recorded_at=d(2025))
        assert (later.claims_added, later.facts_added) == (1, 1)  # the slot's old claims take part in the rules
        moves = [f.object_id for f in reopened.facts_of(g, [entity_id(g, "Ana")])]
        assert moves == [entity_id(g, n) for n in ("Lisbon", "Porto", "Lisbon")]
    finally:
        reopened.close()


# What the store before slot nodes listed their current versions had: a range index on FACT.slot.
_OLD_SLOT_INDEX = "CREATE INDEX chronomem_fact_slot IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.slot)"


def test_a_store_that_found_current_versions_by_a_slot_index_is_migrated(neo4j_store, neo4j_driver):
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    g = neo4j_store.test_group
    entities = [ent(g, "Bo", "PERSON"), ent(g, "Oslo", "PLACE"), ent(g, "Bergen", "PLACE"), ent(g, "Tromso", "PLACE")]
    neo4j_store.write(WriteBatch(g, entities=entities, claims=[claim(g, "Bo", "LIVES_IN", "Oslo", d(2015)),
                                                               claim(g, "Bo", "LIVES_IN", "Bergen", d(2019))]),
                      recorded_at=d(2024))
    with neo4j_driver.session() as s:
        s.run(_OLD_SLOT_INDEX).consume()
        s.run("CALL db.awaitIndexes(60)").consume()
        s.run("MATCH (l:SlotLock {group_id: $g}) REMOVE l.current", g=g).consume()
        # its relationships held their slot (codec.NEO4J_DERIVED): the migration finds them by it
        s.run("MATCH (b)-[f:FACT]->() WHERE f.group_id = $g SET f.slot = 'LIVES_IN|s:' + b.id", g=g).consume()
    reopened = Neo4jGraphStore.from_env()
    try:
        _, indexes = schema(neo4j_driver)
        assert "chronomem_fact_slot" not in indexes
        with neo4j_driver.session() as s:
            listed = s.run("MATCH (l:SlotLock {group_id: $g}) RETURN l.current AS ids", g=g).single()["ids"]
        current = [f.id for f in reopened.iter_facts(g)]
        assert sorted(listed) == sorted(current) and len(current) == 2
        # a later move closes the Bergen stint: found through the migrated list, it is expired
        report = reopened.write(WriteBatch(g, entities=entities, claims=[claim(g, "Bo", "LIVES_IN", "Tromso", d(2022))]),
                                recorded_at=d(2025))
        assert report.versions_expired == 1
        now = reopened.facts_of(g, [entity_id(g, "Bo")])
        assert [(f.object_id, f.valid_to) for f in now] == [(entity_id(g, "Oslo"), d(2019)),
                                                            (entity_id(g, "Bergen"), d(2022)),
                                                            (entity_id(g, "Tromso"), None)]
        # the old versions read their stored slot, the new one derives the same
        assert {f.slot for f in reopened.iter_facts(g, include_expired=True)} == {f"LIVES_IN|s:{entity_id(g, 'Bo')}"}
    finally:
        reopened.close()


_OLD_GROUP_INDEXES = ("CREATE INDEX chronomem_entity_name_group IF NOT EXISTS FOR (n:EntityName) ON (n.group_id)",
                      "CREATE INDEX chronomem_slot_lock_group IF NOT EXISTS FOR (l:SlotLock) ON (l.group_id)")


def test_slot_and_name_nodes_are_found_by_group_through_their_key_constraints(neo4j_store, neo4j_driver):
    from chronomem.graph import cypher
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    with neo4j_driver.session() as s:
        for statement in _OLD_GROUP_INDEXES:  # what a store opened before had
            s.run(statement).consume()
    reopened = Neo4jGraphStore.from_env()
    reopened.close()
    _, indexes = schema(neo4j_driver)
    assert not {"chronomem_entity_name_group", "chronomem_slot_lock_group"} & set(indexes)
    g = neo4j_store.test_group
    neo4j_store.write(WriteBatch(g, entities=[ent(g, "Dee", "PERSON"), ent(g, "Kyiv", "PLACE")],
                                 claims=[claim(g, "Dee", "LIVES_IN", "Kyiv", d(2018))]), recorded_at=d(2024))
    assert neo4j_store.stats(g)["claims"] == 1
    with neo4j_driver.session() as s:
        plans = [s.run("EXPLAIN " + q, g=g, chunk=1).consume().plan
                 for q in (cypher.STATS, *cypher.DELETE_GROUP) if ":Erasure" not in q]  # erasures are few and unindexed
    text = str(plans)
    assert "SlotLock(group_id, key) WHERE group_id = $g AND key IS NOT NULL" in text
    assert "EntityName(group_id, norm) WHERE group_id = $g AND norm IS NOT NULL" in text
    assert "NodeByLabelScan" not in text
    neo4j_store.delete_group(g)
    assert group_node_count(neo4j_driver, g) == 0


def test_a_slot_node_lists_exactly_its_unexpired_versions(neo4j_store, neo4j_driver):
    g = neo4j_store.test_group
    entities = [ent(g, "Cy", "PERSON"), ent(g, "Nice", "PLACE"), ent(g, "Lyon", "PLACE")]
    for year, city in ((2010, "Nice"), (2016, "Lyon"), (2012, "Lyon")):  # the last one arrives late
        neo4j_store.write(WriteBatch(g, entities=entities, claims=[claim(g, "Cy", "LIVES_IN", city, d(year))]),
                          recorded_at=d(2020 + year % 10))
    with neo4j_driver.session() as s:
        listed = s.run("MATCH (l:SlotLock {group_id: $g}) RETURN l.current AS ids", g=g).single()["ids"]
    assert sorted(listed) == sorted(f.id for f in neo4j_store.iter_facts(g))


def _import_records(n_people: int) -> list[dict]:
    """Moves of a few people, each person's records far apart so that their slots span batches."""
    records = []
    for year in range(2010, 2016):
        for p in range(n_people):
            records.append({"subject": f"Person {p}", "subject_type": "PERSON", "predicate": "LIVES_IN",
                            "object": f"City {(p + year) % 7}", "object_type": "PLACE",
                            "valid_from": f"{year}-0{1 + p % 9}-01"})
            records.append({"subject": f"Person {p}", "subject_type": "PERSON", "predicate": "USES",
                            "object": f"Tool {(p * year) % 5}", "object_type": "TOOL", "valid_from": f"{year}-02-01"})
    return records


def test_an_import_with_batches_in_flight_gives_the_embedded_stores_facts(neo4j_store):
    from chronomem.clock import FixedClock
    from chronomem.graph import SqliteGraphStore
    from chronomem.memory import Memory

    assert neo4j_store.import_writers == 2
    records, g = _import_records(12), neo4j_store.test_group
    on_neo4j = Memory(neo4j_store, group=g, clock=FixedClock(d(2024)), embedder=None)
    embedded = Memory(SqliteGraphStore(":memory:"), group=g, clock=FixedClock(d(2024)), embedder=None)
    # 144 records, each person's far apart: 18 batches (each ends at a subject change), every slot spans several
    first = on_neo4j.import_facts(records, batch_size=7)
    assert first.records == len(records) and embedded.import_facts(records).records == len(records)

    def view(mem: Memory) -> list[tuple]:  # the current facts: batches in another order expire other versions
        return sorted((f.subject_id, f.predicate, f.object_id, str(f.valid_from), str(f.valid_to))
                      for f in mem.store.iter_facts(g))

    assert view(on_neo4j) == view(embedded) and len(view(embedded)) > len(records) / 2
    versions = neo4j_store.stats(g)["fact_versions"]
    again = on_neo4j.import_facts(records, batch_size=7)
    assert (again.facts_added, neo4j_store.stats(g)["fact_versions"]) == (0, versions)


def test_an_import_batch_is_three_statements_and_its_rewrite_two(neo4j_store, monkeypatch):
    g = neo4j_store.test_group
    entities = [ent(g, "Ana", "PERSON")] + [ent(g, f"City {i}", "PLACE") for i in range(50)]
    claims = [claim(g, "Ana", "USES", f"City {i}", d(2000 + i)) for i in range(50)]
    batch = WriteBatch(g, entities=entities, claims=claims)
    statements: list[str] = []
    real_session = neo4j_store._session

    def counting_session(**kwargs):
        session = real_session(**kwargs)
        execute_write = session.execute_write

        def counted(fn, *args, **kwargs):
            if fn.__qualname__.startswith("Neo4jGraphStore.reserve."):  # numbering, in a transaction of its own
                numbering.append(fn)
                return execute_write(fn, *args, **kwargs)
            return execute_write(lambda tx, *a, **k: fn(_CountingTx(tx, statements), *a, **k), *args, **kwargs)

        session.execute_write = counted
        return session

    numbering: list = []
    monkeypatch.setattr(neo4j_store, "_session", counting_session)
    assert neo4j_store.write(batch, recorded_at=d(2024)).facts_added == 50
    assert len(statements) == 3, statements  # entities with their names; slots with their claims; facts
    assert len(numbering) == 1  # the versions' insertion numbers
    statements.clear()
    assert neo4j_store.write(batch, recorded_at=d(2025)).claims_added == 0
    assert len(statements) == 2, statements


def test_an_open_write_does_not_hold_the_groups_counter(neo4j_store):
    """Two writers in flight: the second takes its insertion numbers while the first has not committed
    (before, the first held the group's counter until its commit, and every writer waited for it)."""
    from concurrent.futures import ThreadPoolExecutor

    from chronomem.graph.neo4j_write import Neo4jWrite
    from chronomem.graph.writer import write_batch

    g = neo4j_store.test_group
    batch = WriteBatch(g, entities=[ent(g, "Ana", "PERSON"), ent(g, "Oslo", "PLACE")],
                       claims=[claim(g, "Ana", "LIVES_IN", "Oslo", d(2020))])
    with neo4j_store._session() as session:
        tx = session.begin_transaction()
        report = write_batch(Neo4jWrite(tx, g, reserve=neo4j_store.reserve), neo4j_store.vocabulary, batch, d(2024))
        with ThreadPoolExecutor(1) as pool:  # while the write is open
            first = pool.submit(neo4j_store.reserve, g, 5).result(timeout=20)
        tx.commit()
    assert report.facts_added == 1
    assert [f.predicate for f in neo4j_store.iter_facts(g)] == ["LIVES_IN"]
    assert neo4j_store.reserve(g, 1) == first + 5


def test_the_insertion_counter_continues_after_the_per_group_counters_of_0x(neo4j_store, neo4j_driver):
    """A store written before the counter was store-wide holds one ``GroupSequence`` per group; on
    open the store-wide counter starts after the highest of them, so no number is given twice."""
    from chronomem.graph import cypher
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    g = neo4j_store.test_group
    top = neo4j_store.reserve(g, 1)
    with neo4j_driver.session() as s:  # as 0.x left it: no store-wide counter, a group's counter ahead
        s.run("MATCH (m:ChronomemMeta {key: $key}) DELETE m", key=cypher.SEQUENCE_KEY).consume()
        s.run("CREATE (:GroupSequence {group_id: $g, next: $next})", g=g, next=top + 1000).consume()
    with Neo4jGraphStore.from_env() as reopened:
        assert reopened.reserve(g, 1) == top + 1000


def test_stored_entities_that_a_merge_would_not_change_do_not_come_back(neo4j_store):
    from chronomem.graph.neo4j_write import Neo4jWrite

    g = neo4j_store.test_group
    ana, acme, odd = ent(g, "Ana", "PERSON"), ent(g, "Acme", "ORG", aliases=["ACME Inc"]), ent(g, "Bo", aliases=["bo"])

    def create(entities):
        with neo4j_store._session() as session:
            return session.execute_write(lambda tx: Neo4jWrite(tx, g).create_new_entities(entities))

    assert create([ana, acme, odd]) == (3, {})
    # the same records (a given OTHER type too): nothing to merge; a new alias or type, or a record that
    # merging with itself would change ("bo" is no alias of "Bo"), comes back with what is stored
    created, stored = create([ana.model_copy(update={"type": "OTHER"}), acme, ana.model_copy(update={"id": "x"})])
    assert (created, stored) == (1, {})
    created, stored = create([ana.model_copy(update={"aliases": ["Ana B"]}), acme.model_copy(update={"type": "OTHER"}),
                              odd])
    assert created == 0 and set(stored) == {ana.id, odd.id}
    assert stored[ana.id].aliases == [] and stored[odd.id].aliases == ["bo"]


def test_fulltext_of_many_tied_matches_is_answered_by_lucenes_best_alone(neo4j_store, monkeypatch):
    """A common word that many turns match with the same score: the group's best scores come from
    Lucene's heap of best matches, without ranking every match (which at a million turns took ~100 ms)."""
    from chronomem.graph import cypher

    g = neo4j_store.test_group
    session = Session(session_id="s1", group_id=g, started_at=d(2024),
                      turns=[Turn(speaker="user", text=f"Lisbon trams, take {n}") for n in range(260)])
    neo4j_store.write(WriteBatch(g, session=session), recorded_at=d(2024))
    ran: list[str] = []
    read = neo4j_store._read
    monkeypatch.setattr(neo4j_store, "_read", lambda statement, **kw: ran.append(statement) or read(statement, **kw))
    top = neo4j_store.fulltext(g, "Lisbon trams", kind="turn", limit=5)
    every = read(cypher.FULLTEXT["turn"], g=g, query='"lisbon" OR "trams"', limit=260)
    assert len(top) == 5 and {s for _, s in top} == {every[0]["score"]}  # the best score, as ranking every match gives
    assert ran == [cypher.FULLTEXT_TOP["turn"]]


def test_fulltext_of_a_small_group_beside_a_large_one_is_every_match_ranked(neo4j_store):
    """Lucene is first asked for its best matches only; a group whose matches are not among them
    (another group's outrank them all) still gets its own, exactly as when every match is ranked."""
    from chronomem.graph import cypher

    big, small = neo4j_store.test_group + "-big", neo4j_store.test_group
    lines = [("user", f"Lisbon trams, take {n}") for n in range(260)]
    long = [("user", "Lisbon came up once, among very many other words about nothing in particular at all, " * k)
            for k in (1, 2, 3)]
    try:
        for group, turns in ((big, lines), (small, long)):
            session = Session(session_id="s1", group_id=group, started_at=d(2024),
                              turns=[Turn(speaker=a, text=b) for a, b in turns])
            neo4j_store.write(WriteBatch(group, session=session), recorded_at=d(2024))
        every = [r["id"] for r in neo4j_store._read(cypher.FULLTEXT["turn"], g=small, query='"lisbon"', limit=20)]
        assert len(every) == 3
        assert [i for i, _ in neo4j_store.fulltext(small, "Lisbon", kind="turn", limit=20)] == every
        assert [i for i, _ in neo4j_store.fulltext(small, "Lisbon", kind="turn", limit=2)] == every[:2]
        top = neo4j_store.fulltext(big, "Lisbon trams", kind="turn", limit=5)
        assert len(top) == 5 and all(i.startswith("s1:") for i, _ in top)
        assert neo4j_store.fulltext(small, "Lisbon", kind="turn", limit=-1) and neo4j_store.fulltext(small, "x", kind="fact") == []
    finally:
        neo4j_store.delete_group(big)


def test_property_keys_the_server_has_not_seen_log_no_warning(neo4j_store, caplog):
    """Optional properties ("erased_at" before the first erasure) are expected; the driver must not log
    the server's note about each unseen key as a warning on every query (a server's log filled with them,
    and a pipe nobody read, blocked it)."""
    key = f"never_written_{uuid.uuid4().hex[:8]}"
    with caplog.at_level("WARNING", logger="neo4j"):
        neo4j_store._read(f"MATCH (n:Entity {{group_id: $g}}) RETURN n.{key} AS v LIMIT 1", g="no-such-group")
    assert not [r for r in caplog.records if key in r.getMessage()], [r.getMessage()[:200] for r in caplog.records]
