"""The Neo4j store answers every read exactly as the embedded store does, on random histories."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronomem.graph import SqliteGraphStore, WriteBatch
from chronomem.schema import Claim, Entity, Mention, Session, Source, Turn

pytestmark = pytest.mark.neo4j

T0 = datetime(2000, 1, 1, tzinfo=timezone.utc)
NAMES = ["u", "v", "a", "b", "c"]
PREDICATES = ["LIVES_IN", "LEADS", "USES", "MARRIED_TO", "FRIEND_OF"]
PROBES = [None, *(T0 + timedelta(days=365 * y + 100) for y in range(-1, 12, 2))]


def year(n):
    return T0 + timedelta(days=365 * n)


@st.composite
def claims(draw):
    pred = draw(st.sampled_from(PREDICATES))
    kind = draw(st.sampled_from(["assert", "assert", "assert", "end", "correct"]))
    subj, obj = draw(st.sampled_from(NAMES[:2])), draw(st.sampled_from(NAMES))
    at = draw(st.one_of(st.none(), st.integers(0, 10).map(year))) if kind != "end" else year(draw(st.integers(0, 10)))
    until = None
    if kind == "assert" and at is not None and draw(st.booleans()):
        until = at + timedelta(days=365 * draw(st.integers(1, 4)))
    said = year(draw(st.integers(0, 11))) + timedelta(hours=draw(st.integers(0, 100)))
    replaces = draw(st.sampled_from([o for o in NAMES[2:] if o != obj])) if kind == "correct" else None
    return Claim(subject_id=subj, predicate=pred, object_id=obj, kind=kind, at=at, until=until, said_at=said,
                 observed=draw(st.booleans()) if kind == "assert" else False, replaces_object_id=replaces,
                 statement=f"{subj} {pred.lower()} {obj}", sources=[Source(session_id=f"s{draw(st.integers(0, 3))}")])


def in_group(group: str, claim: Claim) -> Claim:
    eid = lambda n: n and f"{group}:{n}"  # noqa: E731
    return claim.model_copy(update={"group_id": group, "subject_id": eid(claim.subject_id), "object_id": eid(claim.object_id),
                                    "replaces_object_id": eid(claim.replaces_object_id)})


def dump(facts):
    return [f.model_dump() for f in facts]


def both_answer_alike(sq, n4, group, entity_ids, times):
    assert sq.stats(group) == n4.stats(group)
    for flags in ({}, {"include_expired": True}):
        assert dump(sq.iter_facts(group, **flags)) == dump(n4.iter_facts(group, **flags))
    for known_at in [None, *times]:
        for as_of in PROBES:
            kw = {"as_of": as_of, "known_at": known_at}
            assert dump(sq.iter_facts(group, **kw)) == dump(n4.iter_facts(group, **kw))
            assert dump(sq.facts_of(group, entity_ids, **kw)) == dump(n4.facts_of(group, entity_ids, **kw))
            assert dump(sq.facts_of(group, entity_ids[:1], predicate="LIVES_IN", **kw)) == \
                dump(n4.facts_of(group, entity_ids[:1], predicate="LIVES_IN", **kw))
            for depth in (1, 3):
                assert dump(sq.neighbourhood(group, entity_ids[2:3], depth=depth, **kw)) == \
                    dump(n4.neighbourhood(group, entity_ids[2:3], depth=depth, **kw))
    for since in range(0, 12, 3):
        assert dump(sq.changed_between(group, year(since), year(since + 3))) == dump(n4.changed_between(group, year(since), year(since + 3)))  # noqa: E501
    ids = [f.id for f in sq.iter_facts(group, include_expired=True)][::-1]
    assert dump(sq.get_facts(group, ids + ["nope"])) == dump(n4.get_facts(group, ids + ["nope"]))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(claims(), min_size=1, max_size=4), min_size=1, max_size=5))
def test_random_histories_read_the_same(neo4j_store, batches):
    group = f"par-{uuid.uuid4().hex[:10]}"
    entities = [Entity(id=f"{group}:{n}", group_id=group, name=n) for n in NAMES]
    sq = SqliteGraphStore(":memory:")
    times = []
    try:
        for i, batch in enumerate(batches):
            at = year(20) + timedelta(days=i)
            wb = WriteBatch(group, entities=entities, claims=[in_group(group, c) for c in batch])
            assert sq.write(wb, recorded_at=at) == neo4j_store.write(wb, recorded_at=at)
            times.append(at)
        both_answer_alike(sq, neo4j_store, group, [e.id for e in entities], times)
    finally:
        neo4j_store.delete_group(group)
        sq.close()


def test_sessions_turns_entities_and_text_read_the_same(neo4j_store):
    group = neo4j_store.test_group
    sq = SqliteGraphStore(":memory:")
    ent = lambda n, t="OTHER", al=(): Entity(id=f"{group}:{n.lower()}", group_id=group, name=n, type=t, aliases=list(al))  # noqa: E731
    t0 = datetime(2024, 3, 12, 9, tzinfo=timezone.utc)
    writes = []
    for k in range(3):
        sid = f"s-{k}"
        turns = [Turn(speaker="Tom", text=f"We moved CI from Jenkins to GitHub Actions, part {k}."),
                 Turn(speaker="Ana", text="Postgres was upgraded; café société naïve.", at=t0 + timedelta(days=k, minutes=1))]
        session = Session(session_id=sid, group_id=group, started_at=t0 + timedelta(days=k), turns=turns, metadata={"k": k})
        entities = [ent("Tom", "PERSON"), ent("Team", "GROUP", ["crew"] if k else []), ent("Jenkins", "TOOL"),
                    ent("PostgreSQL", "TOOL" if k else "OTHER", ["Postgres", "postgres", "PG"][: k + 1]), ent("Ana", "PERSON")]
        claims = [Claim(group_id=group, subject_id=f"{group}:team", predicate="USES", object_id=f"{group}:jenkins",
                        at=t0 - timedelta(days=400), said_at=t0, statement="the team uses Jenkins",
                        sources=[Source(session_id=sid, turn_id=f"{sid}:1")]),
                  Claim(group_id=group, subject_id=f"{group}:ana", predicate="USES", object_id=f"{group}:postgresql",
                        at=t0 + timedelta(days=k), said_at=t0 + timedelta(days=k), statement=f"Ana uses Postgres ({k})",
                        sources=[Source(session_id=sid, turn_id=f"{sid}:2")])]
        mentions = [Mention(turn_id=f"{sid}:1", entity_id=f"{group}:jenkins"), Mention(turn_id=f"{sid}:1", entity_id=f"{group}:team"),
                    Mention(turn_id=f"{sid}:2", entity_id=f"{group}:postgresql")]
        writes.append(WriteBatch(group, session=session, entities=entities, claims=claims, mentions=mentions))
    for i, wb in enumerate(writes + writes[:1]):
        at = t0 + timedelta(days=10 + i)
        assert sq.write(wb, recorded_at=at) == neo4j_store.write(wb, recorded_at=at)
    assert sq.sessions(group) == neo4j_store.sessions(group)
    assert sq.turns_of(group, "s-1") == neo4j_store.turns_of(group, "s-1")
    assert list(sq.iter_turns(group)) == list(neo4j_store.iter_turns(group))
    assert sq.get_turns(group, ["s-2:2", "s-0:1", "nope"]) == neo4j_store.get_turns(group, ["s-2:2", "s-0:1", "nope"])
    assert sq.mentions_of(group, "s-0:1") == neo4j_store.mentions_of(group, "s-0:1")
    for ids in ([f"{group}:jenkins"], [f"{group}:jenkins", f"{group}:team"], [f"{group}:postgresql"]):
        assert sq.turns_mentioning(group, ids, limit=4) == neo4j_store.turns_mentioning(group, ids, limit=4)
    assert list(sq.iter_entities(group)) == list(neo4j_store.iter_entities(group))
    assert sq.get_entities(group, [f"{group}:pg", f"{group}:team"]) == neo4j_store.get_entities(group, [f"{group}:pg", f"{group}:team"])
    for name in ("postgres", "PG", " crew ", "Jenkins", "nobody"):
        assert sq.find_entities(group, name) == neo4j_store.find_entities(group, name)
    for kind, text, expected in (("turn", "jenkins actions", 3), ("fact", "postgres", 3), ("entity", "postgres", 1)):
        sq_hits, n4_hits = sq.fulltext(group, text, kind=kind), neo4j_store.fulltext(group, text, kind=kind)
        assert len(sq_hits) == len(n4_hits) == expected
        assert {h for h, _ in sq_hits} == {h for h, _ in n4_hits}
        assert all(score > 0 for _, score in n4_hits) and n4_hits == sorted(n4_hits, key=lambda h: -h[1])
    assert group in neo4j_store.groups() and sq.groups() == [group]
