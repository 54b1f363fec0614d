"""Ids are part of every stored memory: pinned, so a change to how they are derived shows up here.

Claim ids make re-ingesting the same evidence a no-op, fact version ids are never reused, and
entity ids make the same name the same node. If one of these tests fails, stores written before
the change would see old evidence as new (duplicate claims, new versions for the same beliefs):
change the pinned values only together with a migration of stored ids.
"""

from __future__ import annotations

from datetime import datetime, timezone

from chronomem.extract.parse.importer import batches_from_records
from chronomem.graph import SqliteGraphStore
from chronomem.graph.base import WriteBatch
from chronomem.schema import CORE_VOCABULARY, Claim, Entity, Source, entity_id


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


def test_entity_ids_are_pinned():
    assert entity_id("default", "Ana") == "e_cd16e481ec8561492547"
    assert entity_id("default", "  ana ") == entity_id("default", "Ana")  # same normalized name, same id
    assert entity_id("team-a", "Ana") == "e_d11c0556e7cae5331512"


def test_claim_ids_are_pinned():
    claim = Claim(subject_id="e_ana", predicate="LIVES_IN", object_id="e_lisbon", statement="Ana lives in Lisbon",
                  at=d(2021, 5), until=d(2023), said_at=d(2024, 3, 12), confidence=0.9,
                  sources=[Source(session_id="s1", turn_id="s1:2"), Source(session_id="s1", turn_id="s1:1")],
                  qualifiers={"role": "tenant"})
    assert claim.id == "c_9d729d0b39e899daf8f3"
    correction = Claim(kind="correct", subject_id="e_ana", predicate="WORKS_AT", object_id="e_plaid",
                       replaces_object_id="e_stripe", said_at=d(2024, 3, 12), observed=True)
    assert correction.id == "c_d0adba488a53d280b554"


def test_claim_ids_with_one_source_or_none_are_pinned():
    """The id's text of a single source is remembered (most claims have one): the same ids as ever."""
    plain = dict(subject_id="e_a", predicate="LIVES_IN", object_id="e_b", at=d(2020), said_at=d(2021))
    assert Claim(**plain).id == "c_47122a198d6289dd9b5d"
    assert Claim(**plain, sources=[Source(session_id="import")]).id == "c_77d84b288175bc1053f0"
    ended = Claim(group_id="g2", subject_id="e_a", predicate="LIVES_IN", object_id="e_b", kind="end", at=d(2023),
                  said_at=d(2023), sources=[Source(session_id="s1", turn_id="s1:3")])
    assert ended.id == "c_f517f3507bf68f6240f0"
    assert Claim(**plain, sources=[Source(session_id="import")]).id == "c_77d84b288175bc1053f0"  # remembered text


def test_fact_version_ids_are_pinned():
    rows = [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"},
            {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01",
             "sources": ["s1:3"]},
            {"subject": "Ana", "predicate": "MARRIED_TO", "object": "Ben", "valid_from": "2020-06-01"},
            {"subject": "Ana", "predicate": "USES", "object": "Postgres", "valid_from": "2021", "valid_to": "2022"}]
    store = SqliteGraphStore(":memory:")
    (batch,) = batches_from_records(rows, group_id="default", vocabulary=CORE_VOCABULARY, said_at=d(2024, 1, 1))
    store.write(batch, recorded_at=d(2024, 1, 1))
    # a later correction expires a version and adds its replacement: ids depend on what they replace
    ana, lisbon, braga = (entity_id("default", n) for n in ("Ana", "Lisbon", "Braga"))
    fix = Claim(kind="correct", subject_id=ana, predicate="LIVES_IN", object_id=braga, replaces_object_id=lisbon,
                said_at=d(2024, 2, 1), statement="Ana lived in Braga, not Lisbon")
    store.write(WriteBatch("default", entities=[Entity(id=braga, name="Braga", type="PLACE")], claims=[fix]),
                recorded_at=d(2024, 2, 1))
    facts = store.facts_of("default", [ana, entity_id("default", "Ben")], include_expired=True)
    assert sorted((f.statement, f.id) for f in facts) == [
        ("Ana is married to Ben", "f_0ee63ec0977265f8f577"),  # filed in both partners' slots
        ("Ana is married to Ben", "f_2b1faa5e6c5b7ad6fcb6"),
        ("Ana lived in Braga, not Lisbon", "f_25e2286be46195984e05"),
        ("Ana lives in Lisbon", "f_cf8bef74dbb3b945727d"),  # expired by the correction, kept
        ("Ana lives in Porto", "f_dee033ddd5d3eb1d05bb"),
        ("Ana uses Postgres", "f_8009af582c06feb557b5"),
    ]
