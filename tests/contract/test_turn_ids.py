"""Turn ids are scoped to their session on every backend: colliding ids lose nothing, and stores
written before the scoping are migrated so every fact keeps citing its own turn."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from chronomem import FixedClock, Memory
from chronomem.errors import InputError
from chronomem.graph import WriteBatch
from chronomem.schema import Claim, Entity, Mention, Session, Source, Turn, entity_id

T0 = datetime(2024, 3, 1, tzinfo=timezone.utc)


def _session(sid: str, text: str, turn_id: str = "t1", day: int = 1, group: str = "default") -> Session:
    return Session(session_id=sid, group_id=group, started_at=T0.replace(day=day),
                   turns=[Turn(id=turn_id, speaker="Ana", text=text)])


def _batch(group: str, session: Session, city: str) -> WriteBatch:
    ana, place = (Entity(id=entity_id(group, n), group_id=group, name=n, type=t)
                  for n, t in (("Ana", "PERSON"), (city, "PLACE")))
    session = session.model_copy(update={"group_id": group})
    turn = session.turns[0].id
    claim = Claim(group_id=group, subject_id=ana.id, predicate="LIVES_IN", object_id=place.id, at=session.started_at,
                  said_at=session.started_at, statement=f"Ana lives in {city}",
                  sources=[Source(session_id=session.session_id, turn_id=turn)])
    return WriteBatch(group, session=session, entities=[ana, place], claims=[claim],
                      mentions=[Mention(turn_id=turn, entity_id=place.id)])


def _cited_texts(store, group: str) -> dict[str, str]:
    """Object name -> text of the turn each current fact cites."""
    facts = list(store.iter_facts(group, include_expired=True))
    turns = store.get_turns(group, [s.turn_id for f in facts for s in f.sources])
    names = store.get_entities(group, [f.object_id for f in facts])
    return {names[f.object_id].name: turns[f.sources[0].turn_id].text for f in facts}


def test_turn_ids_given_per_session_are_scoped():
    s = _session("chat-7", "hi", turn_id="t1")
    assert s.turns[0].id == "chat-7:t1"
    assert Session.model_validate(s.model_dump()).turns[0].id == "chat-7:t1"  # scoping twice changes nothing


def test_colliding_turn_ids_across_sessions_and_groups_lose_nothing(store):
    g, other = store.test_group, store.test_group + "-b"
    try:
        store.write(_batch(g, _session("s1", "I live in Lisbon."), "Lisbon"), recorded_at=T0)
        store.write(_batch(g, _session("s2", "Now I live in Porto.", day=2), "Porto"), recorded_at=T0)
        store.write(_batch(other, _session("s1", "Oslo is home.", day=3), "Oslo"), recorded_at=T0)
        assert store.stats(g)["turns"] == 2 and store.stats(other)["turns"] == 1
        assert _cited_texts(store, g) == {"Lisbon": "I live in Lisbon.", "Porto": "Now I live in Porto."}
        assert _cited_texts(store, other) == {"Oslo": "Oslo is home."}
        assert [t.text for t in store.turns_of(g, "s1")] == ["I live in Lisbon."]
        assert [t.text for t in store.turns_of(g, "s2")] == ["Now I live in Porto."]
        porto = entity_id(g, "Porto")
        assert store.mentions_of(g, "s2:t1") == [porto] and store.turns_mentioning(g, [porto]) == ["s2:t1"]
        hits = store.fulltext(g, "Porto", kind="turn")
        assert [h for h, _ in hits] == ["s2:t1"]
    finally:
        store.delete_group(other)


def test_a_turn_id_another_session_holds_is_refused_and_nothing_written(store):
    g = store.test_group
    store.write(_batch(g, _session("a", "I live in Lisbon.", turn_id="b:c"), "Lisbon"), recorded_at=T0)
    clash = _session("a:b", "I live in Porto.", turn_id="c")  # also scoped to "a:b:c"
    with pytest.raises(InputError, match="already a turn of session 'a'"):
        store.write(_batch(g, clash, "Porto"), recorded_at=T0)
    assert [s.id for s in store.sessions(g)] == ["a"]
    assert store.stats(g)["facts"] == 1 and _cited_texts(store, g) == {"Lisbon": "I live in Lisbon."}


def test_memory_ingest_of_colliding_ids_cites_each_turn(store, rule_extractor):
    mem = Memory(store, group=store.test_group, clock=FixedClock(T0), extractor=rule_extractor, embedder=None)
    sessions = [{"session_id": sid, "started_at": f"2024-03-0{n}T10:00:00Z",
                 "turns": [{"id": "1", "speaker": "Ana", "text": text}]}
                for n, (sid, text) in enumerate((("s1", "I live in Lisbon."), ("s2", "I moved to Porto.")), start=1)]
    summary = mem.ingest(sessions, recorded_at="session")
    assert summary.sessions == 2 and mem.stats()["turns"] == 2
    assert _cited_texts(store, store.test_group) == {"Lisbon": "I live in Lisbon.", "Porto": "I moved to Porto."}
    context = mem.context("Where does Ana live?")
    assert "Porto" in context


def _reopen_unmigrated(store):
    """The same store as a version before turn-id scoping left it: the migration mark removed."""
    if hasattr(store, "_db"):
        from chronomem.graph import SqliteGraphStore

        store._db.execute("DELETE FROM meta WHERE key = 'turn_ids'")
        return SqliteGraphStore(store.path)
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    with store._session() as session:
        session.run("MATCH (m:ChronomemMeta {key: 'turn_ids'}) DELETE m").consume()
    return Neo4jGraphStore.from_env()


def test_a_store_written_before_scoping_is_migrated_once(store):
    g = store.test_group
    old = [_session("s1", "I live in Lisbon.", group=g), _session("s2", "Now I live in Porto.", day=2, group=g)]
    for s, given in zip(old, ("t1", "t2")):
        s.turns[0].id = given  # what the code before scoping stored: the id as given
    store.write(_batch(g, old[0], "Lisbon"), recorded_at=T0)
    store.write(_batch(g, old[1], "Porto"), recorded_at=T0)
    assert sorted(t.id for t in store.iter_turns(g)) == ["t1", "t2"]
    migrated = _reopen_unmigrated(store)
    try:
        assert sorted(t.id for t in migrated.iter_turns(g)) == ["s1:t1", "s2:t2"]
        assert _cited_texts(migrated, g) == {"Lisbon": "I live in Lisbon.", "Porto": "Now I live in Porto."}
        assert migrated.mentions_of(g, "s1:t1") == [entity_id(g, "Lisbon")]
        before = migrated.stats(g)
        # re-ingesting the same sessions (now scoped on input) adds nothing: claims were re-keyed too
        report = migrated.write(_batch(g, _session("s1", "I live in Lisbon.", group=g), "Lisbon"), recorded_at=T0)
        assert (report.claims_added, report.facts_added, report.session_added) == (0, 0, False)
        assert migrated.stats(g) == before
    finally:
        migrated.close()
